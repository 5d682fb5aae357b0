"""history partitions

On PostgreSQL, history_value becomes a table partitioned by RANGE on ts (issue 33 point 5, docs/decisions.md "History
partitions on PostgreSQL"): one partition per UTC calendar month (history_value_pYYYYMM, [month start, next month
start) in epoch milliseconds) for every month holding values and for the current and the next three months, plus a
DEFAULT partition (history_value_default) for any other time. The rows are copied over, and the index
ix_history_value_device_source_ts is built once on the filled partitioned table (one per partition). history_value
keeps no primary key (models.py: a repeated value must not fail a COPY), so no unique constraint needs the partition
key. Later months are made by the server (telemetry/partitions.py PartitionKeeper).

Downgrade: back to one plain table with the same rows and index. SQLite: nothing (one table, as before).

The copy reads and writes every stored value once, inside the migration's transaction: on a large history plan for it
(roughly the time of a full table copy and one index build; twice the table's size on disk until the end).

Revision ID: 4e8a2c6f0b13
Revises: 4b8d2f6a1c3e
Create Date: 2026-11-30 04:30:00.000000
"""

from collections.abc import Sequence
from datetime import UTC, datetime

from alembic import op
from sqlalchemy import text

revision: str = "4e8a2c6f0b13"
down_revision: str | None = "4b8d2f6a1c3e"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MONTHS_AHEAD = 3
# Months outside these years stay in the DEFAULT partition (a gateway clock gone wild must not make many tables).
FIRST_YEAR, LAST_YEAR = 2000, 2200

_COLUMNS = (
    "device_id BIGINT NOT NULL, data_source_id BIGINT NOT NULL, ts BIGINT NOT NULL, value DOUBLE PRECISION,"
    " text VARCHAR(255)"
)
_INDEX = "CREATE INDEX ix_history_value_device_source_ts ON history_value (device_id, data_source_id, ts)"


def _start(year: int, month: int) -> int:
    return int(datetime(year, month, 1, tzinfo=UTC).timestamp()) * 1000


def _next(year: int, month: int) -> tuple[int, int]:
    return (year + 1, 1) if month == 12 else (year, month + 1)


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return
    op.execute("ALTER TABLE history_value RENAME TO history_value_plain")
    op.execute("ALTER INDEX ix_history_value_device_source_ts RENAME TO ix_history_value_plain_device_source_ts")
    op.execute(f"CREATE TABLE history_value ({_COLUMNS}) PARTITION BY RANGE (ts)")
    present = bind.execute(
        text(
            "SELECT DISTINCT date_part('year', t)::int, date_part('month', t)::int"
            " FROM (SELECT to_timestamp(ts / 1000.0) AT TIME ZONE 'UTC' AS t FROM history_value_plain) AS x"
        )
    ).all()
    wanted = {(int(y), int(m)) for y, m in present if FIRST_YEAR <= y <= LAST_YEAR}
    now = datetime.now(UTC)
    y, m = now.year, now.month
    for _ in range(MONTHS_AHEAD + 1):
        wanted.add((y, m))
        y, m = _next(y, m)
    for y, m in sorted(wanted):
        op.execute(
            f"CREATE TABLE history_value_p{y:04d}{m:02d} PARTITION OF history_value"
            f" FOR VALUES FROM ({_start(y, m)}) TO ({_start(*_next(y, m))})"
        )
    op.execute("CREATE TABLE history_value_default PARTITION OF history_value DEFAULT")
    op.execute(
        "INSERT INTO history_value (device_id, data_source_id, ts, value, text)"
        " SELECT device_id, data_source_id, ts, value, text FROM history_value_plain"
    )
    op.execute("DROP TABLE history_value_plain")
    op.execute(_INDEX)
    op.execute("ANALYZE history_value")


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return
    kind = bind.execute(text("SELECT relkind::text FROM pg_class WHERE oid = to_regclass('history_value')")).scalar()
    if kind != "p":
        return
    op.execute(f"CREATE TABLE history_value_plain ({_COLUMNS})")
    op.execute(
        "INSERT INTO history_value_plain (device_id, data_source_id, ts, value, text)"
        " SELECT device_id, data_source_id, ts, value, text FROM history_value"
    )
    op.execute("DROP TABLE history_value")  # and its partitions
    op.execute("ALTER TABLE history_value_plain RENAME TO history_value")
    op.execute(_INDEX)
