"""Async engine and the per-request session: SQLite (WAL) by default, PostgreSQL through IOTYUN_DATABASE_URL."""

import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Integer, MetaData, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.pool import ConnectionPoolEntry
from sqlalchemy.types import TypeDecorator

from iotyun.core.access import BUS_KEY, AccessBus
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import EPOCH_MS_MAX, EPOCH_MS_MIN, QUOTA_DEFAULTS
from iotyun.core.readcache import CACHES_KEY, ReadCaches

# How long a SQLite writer waits for the write lock before "database is locked". Writers hold it for one request
# or one history flush (milliseconds); the wait only grows under heavy bursts, which it must absorb, not refuse.
SQLITE_BUSY_TIMEOUT_MS = 30_000
# session.info key: the platform's user quotas (Settings.quota_ceilings), read by team.service.quota_limit.
QUOTAS_KEY = "quota_ceilings"

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# SQLite only auto-increments INTEGER PRIMARY KEY; PostgreSQL gets BIGINT.
BigId = BigInteger().with_variant(Integer(), "sqlite")


class UTCDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC datetimes on both engines (SQLite hands back naive values)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        return None if value is None else as_utc(value).astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        return None if value is None else as_utc(value)


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(value: datetime) -> datetime:
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def epoch_ms(value: datetime | None) -> int | None:
    return None if value is None else int(as_utc(value).timestamp() * 1000)


def from_epoch_ms(value: int | None, field: str | None = None) -> datetime | None:
    """The UTC datetime of an epoch-milliseconds value from a request (API times are epoch ms); 100004 outside
    the years 1970-9999."""
    if value is None:
        return None
    if not EPOCH_MS_MIN <= value <= EPOCH_MS_MAX:
        raise AppError(ErrorCode.PARAM_INVALID, field=field)
    return datetime.fromtimestamp(value / 1000, UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class IdMixin:
    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)


class TimestampMixin:
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


def _sqlite_pragmas(dbapi_conn: Any, _record: ConnectionPoolEntry) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


# Statements that need SQLite's write lock. The driver (pysqlite's legacy transaction mode) runs SELECTs outside any
# transaction and opens a deferred one only before INSERT/UPDATE/DELETE, and not at all before SAVEPOINT.
_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "SAVEPOINT")


def _sqlite_write_lock(conn: Any, cursor: Any, statement: str, _params: Any, _context: Any, _executemany: bool) -> None:
    """Open the transaction with BEGIN IMMEDIATE before a connection's first write.

    Two defects of the driver's own handling, both seen under ingest load: a SAVEPOINT outside a transaction opens
    one itself and its RELEASE commits it, so a request that failed after a savepoint (a device import's rows) kept
    what the savepoint wrote; and a deferred transaction that read before writing (inside a savepoint) fails at once
    with "database is locked" when another connection committed in between, because SQLite cannot upgrade a stale
    snapshot and does not wait for it. BEGIN IMMEDIATE takes the write lock up front, waiting up to busy_timeout,
    and nests savepoints inside it. Reads before the first write stay outside the transaction, as before."""
    head = statement.lstrip()[:9].upper()
    if head.startswith(_WRITES) and not conn.connection.driver_connection.in_transaction:
        cursor.execute("BEGIN IMMEDIATE")


# A pooled connection idle longer than this is pinged before use; a busy pool's connections are not. SQLAlchemy's
# pool_pre_ping pings on every checkout, which cost ~200 µs of CPU per request (docs/decisions.md "Device list
# performance"). A connection that breaks while busy fails its request and the pool is invalidated (SQLAlchemy's
# disconnect handling), so a database restart costs the requests in flight at that moment and nothing more.
PING_AFTER_IDLE_SECONDS = 10.0
_CHECKED_IN = "checked_in_at"


def _ping_idle(engine: Engine) -> None:
    @event.listens_for(engine, "checkin")
    def _checkin(_dbapi_conn: Any, record: ConnectionPoolEntry) -> None:
        record.info[_CHECKED_IN] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checkout(dbapi_conn: Any, record: ConnectionPoolEntry, _proxy: Any) -> None:
        last = record.info.get(_CHECKED_IN)
        if last is None or time.monotonic() - last < PING_AFTER_IDLE_SECONDS:
            return
        try:
            engine.dialect.do_ping(dbapi_conn)
        except Exception as exc:
            # The pool discards this connection and checks out another (a fresh one if need be).
            raise DisconnectionError("idle connection failed its ping") from exc


def make_engine(url: str) -> AsyncEngine:
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30})
        sync: Engine = engine.sync_engine
        event.listen(sync, "connect", _sqlite_pragmas)
        event.listen(sync, "before_cursor_execute", _sqlite_write_lock)
        return engine
    engine = create_async_engine(url, pool_size=10, max_overflow=20)
    _ping_idle(engine.sync_engine)
    return engine


class Database:
    """The engine and session factory of one running app, its read caches (core.readcache) and the bus its
    committed access changes go out on (core.access)."""

    def __init__(self, url: str, read_cache_seconds: float = 0.0, quotas: dict[str, int] | None = None) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.reads = ReadCaches(read_cache_seconds)
        self.access = AccessBus()
        self.sessionmaker = async_sessionmaker(
            self.engine,
            expire_on_commit=False,
            autoflush=False,
            info={CACHES_KEY: self.reads, BUS_KEY: self.access, QUOTAS_KEY: dict(quotas or QUOTA_DEFAULTS)},
        )

    async def session(self) -> AsyncIterator[AsyncSession]:
        async with self.sessionmaker() as session:
            yield session

    async def dispose(self) -> None:
        await self.engine.dispose()
