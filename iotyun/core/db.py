"""Async engine and the per-request session: SQLite (WAL) by default, PostgreSQL through IOTYUN_DATABASE_URL."""

import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Integer, MetaData, event
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, SessionTransaction, mapped_column
from sqlalchemy.pool import ConnectionPoolEntry
from sqlalchemy.types import TypeDecorator

from iotyun.core import sqlite_driver
from iotyun.core.access import BUS_KEY, AccessBus
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import EPOCH_MS_MAX, EPOCH_MS_MIN, QUOTA_DEFAULTS
from iotyun.core.readcache import CACHES_KEY, ReadCaches

# How long a SQLite writer waits for the write lock before "database is locked" when the app sets nothing (tools,
# tests, migrations). Writers hold it for one request or one history flush (milliseconds); the wait only grows under
# heavy bursts, which it must absorb, not refuse. The app's sessions set their own (Timeouts).
SQLITE_BUSY_TIMEOUT_MS = 30_000
# session.info key: the platform's user quotas (Settings.quota_ceilings), read by team.quotas.quota_limit.
QUOTAS_KEY = "quota_ceilings"

# session.info key of background work (exports, scheduled reports, ingest, retention: every system_session()): its
# statements get Timeouts.background_s instead of a request's statement_s.
BACKGROUND_KEY = "background"
_TIMEOUTS_KEY = "db_timeouts"


@dataclass(frozen=True)
class Timeouts:
    """How long the app waits on its database (IOTYUN_DB_*_SECONDS, docs/operations.md "Database timeouts").

    - statement_s: a request's statement, waits for locks included (PostgreSQL statement_timeout; SQLite's busy
      timeout, the wait for the write lock);
    - background_s: the same for background work (exports, scheduled reports, ingest), which may run long;
    - connect_s: opening a connection (a database that accepts and never answers);
    - pool_s: waiting for a free connection of the pool.
    Past any of them the request answers 100026 (HTTP 503), see `unavailable`."""

    statement_s: float = 10.0
    background_s: float = 600.0
    connect_s: float = 5.0
    pool_s: float = 10.0


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


_BUSY_MS = "busy_timeout_ms"


def _sqlite_pragmas(busy_timeout_ms: int) -> Any:
    def pragmas(dbapi_conn: Any, record: ConnectionPoolEntry) -> None:
        record.info[_BUSY_MS] = busy_timeout_ms
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.close()

    return pragmas


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


def _ms(seconds: float) -> int:
    return max(1, int(seconds * 1000))


def make_engine(url: str, timeouts: Timeouts | None = None) -> AsyncEngine:
    """The engine of `url`; with `timeouts` (the app's) its statements, connects and pool waits are bounded, else
    (tools, migrations) only SQLite's default busy wait applies."""
    pool: dict[str, Any] = {} if timeouts is None else {"pool_timeout": timeouts.pool_s}
    if url.startswith("sqlite"):
        busy_ms = SQLITE_BUSY_TIMEOUT_MS if timeouts is None else _ms(timeouts.statement_s)
        # aiosqlite with one thread hop per statement (core/sqlite_driver.py).
        target = make_url(url)
        if target.drivername == "sqlite+aiosqlite":
            target = target.set(drivername=f"sqlite+{sqlite_driver.DRIVER}")
        engine = create_async_engine(target, connect_args={"timeout": busy_ms / 1000}, **pool)
        sync: Engine = engine.sync_engine
        event.listen(sync, "connect", _sqlite_pragmas(busy_ms))
        event.listen(sync, "before_cursor_execute", _sqlite_write_lock)
        return engine
    connect: dict[str, Any] = {}
    if timeouts is not None:
        connect = {
            "timeout": timeouts.connect_s,
            # The server cancels a request's statement (waits for locks included) past statement_s; background
            # sessions raise it for their transaction (_session_timeouts). The client gives up on a server that
            # stopped answering altogether a little after the longest of them.
            "server_settings": {"statement_timeout": str(_ms(timeouts.statement_s))},
            "command_timeout": max(timeouts.statement_s, timeouts.background_s) + 5,
        }
    engine = create_async_engine(url, pool_size=10, max_overflow=20, connect_args=connect, **pool)
    _ping_idle(engine.sync_engine)
    return engine


class TimedSession(Session):
    """The app's sessions: each transaction gets its statement timeout (a request's, or background work's)."""


@event.listens_for(TimedSession, "after_begin")
def _session_timeouts(session: Session, _transaction: SessionTransaction, connection: Connection) -> None:
    timeouts: Timeouts | None = session.info.get(_TIMEOUTS_KEY)
    if timeouts is None:
        return
    background = bool(session.info.get(BACKGROUND_KEY))
    if connection.dialect.name == "sqlite":
        # Per connection, so a pooled connection must not keep background work's value for a request: set when the
        # transaction wants another than the connection has (a thread hop saved on every other transaction).
        wanted = _ms(timeouts.background_s if background else timeouts.statement_s)
        if connection.info.get(_BUSY_MS) != wanted:
            connection.exec_driver_sql(f"PRAGMA busy_timeout={wanted}")
            connection.info[_BUSY_MS] = wanted
    elif background:
        # Only for this transaction: the connection's own (a request's) comes back at its end.
        connection.exec_driver_sql(f"SET LOCAL statement_timeout = {_ms(timeouts.background_s)}")


# PostgreSQL's query_canceled (statement_timeout) and lock_not_available (lock_timeout).
_TIMEOUT_SQLSTATES = frozenset({"57014", "55P03"})
_DRIVERS = ("asyncpg", "aiosqlite", "sqlite3", "sqlalchemy")


def _raised_by_driver(error: BaseException) -> bool:
    tb = error.__traceback__
    while tb is not None:
        if str(tb.tb_frame.f_globals.get("__name__", "")).startswith(_DRIVERS):
            return True
        tb = tb.tb_next
    return False


def unavailable(error: BaseException) -> bool:
    """Whether `error` (or what caused it) is the database not answering in time: a statement past its timeout, a
    lock waited for too long (SQLite "database is locked"), no connection within the connect or pool timeout, or a
    connection the driver could not open. The app answers these 100026 (HTTP 503) instead of a 500."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, sa_exc.TimeoutError):  # the pool's wait
            return True
        if isinstance(current, sa_exc.DBAPIError):
            orig = current.orig
            if getattr(orig, "sqlstate", None) in _TIMEOUT_SQLSTATES or "database is locked" in str(orig):
                return True
        if isinstance(current, OSError) and _raised_by_driver(current):  # connect timeout, refused, reset
            return True
        current = current.__cause__ or current.__context__
    return False


class Database:
    """The engine and session factory of one running app, its read caches (core.readcache) and the bus its
    committed access changes go out on (core.access)."""

    def __init__(
        self,
        url: str,
        read_cache_seconds: float = 0.0,
        timeouts: Timeouts | None = None,
        quotas: dict[str, int] | None = None,
    ) -> None:
        self.url = url
        self.engine = make_engine(url, timeouts)
        # What a read-only request's session is bound to (core.deps.read_only): on PostgreSQL the same pool in
        # AUTOCOMMIT, so its statements run without BEGIN/COMMIT, and a request answered from the read caches checks
        # out no connection at all (setting AUTOCOMMIT on the session's connection up front did, on every request).
        self.reading_engine = (
            self.engine.execution_options(isolation_level="AUTOCOMMIT")
            if self.engine.dialect.name == "postgresql"
            else self.engine
        )
        self.reads = ReadCaches(read_cache_seconds)
        self.access = AccessBus()
        self.sessionmaker = async_sessionmaker(
            self.engine,
            expire_on_commit=False,
            autoflush=False,
            sync_session_class=TimedSession,
            info={
                CACHES_KEY: self.reads,
                BUS_KEY: self.access,
                _TIMEOUTS_KEY: timeouts,
                QUOTAS_KEY: dict(quotas or QUOTA_DEFAULTS),
            },
        )

    async def session(self) -> AsyncIterator[AsyncSession]:
        async with self.sessionmaker() as session:
            yield session

    async def dispose(self) -> None:
        await self.engine.dispose()
