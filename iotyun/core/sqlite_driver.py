"""SQLite through aiosqlite with one thread hop per statement instead of four.

aiosqlite runs each sqlite3 call on its connection's own thread, and SQLAlchemy's adapter makes four such calls per
statement (open a cursor, execute, fetch all, close), each a hand-over to that thread and back. For the short reads
that make most requests that hand-over costs more than the query (docs/decisions.md "The request path").
This cursor does the four in one function on aiosqlite's thread and keeps what SQLAlchemy reads afterwards
(description, rowcount, lastrowid, the rows). A COMMIT or ROLLBACK with no transaction open makes no hop at all.
Everything else is SQLAlchemy's aiosqlite dialect as it is.

It reaches into aiosqlite's `Connection._execute` and `_conn` (aiosqlite 0.22, pinned in uv.lock); a test runs every
statement of the suite through it on SQLite. `make_engine` uses it for `sqlite+aiosqlite` URLs.
"""

import collections
import sqlite3
from typing import Any

from sqlalchemy.dialects import registry
from sqlalchemy.dialects.sqlite.aiosqlite import (
    AsyncAdapt_aiosqlite_connection,
    AsyncAdapt_aiosqlite_cursor,
    AsyncAdapt_aiosqlite_dbapi,
    SQLiteDialect_aiosqlite,
)
from sqlalchemy.util import EMPTY_DICT

DRIVER = "iotyun_aiosqlite"

Outcome = tuple[Any, list[Any], int, int | None]


def _run(conn: sqlite3.Connection, operation: str, parameters: Any, many: bool) -> Outcome:
    """On aiosqlite's thread: the statement, its rows and what a cursor tells after it."""
    cursor = conn.cursor()
    try:
        if many:
            cursor.executemany(operation, parameters)
        elif parameters is None:
            cursor.execute(operation)
        else:
            cursor.execute(operation, parameters)
        rows = cursor.fetchall() if cursor.description else []
        return cursor.description, rows, cursor.rowcount, cursor.lastrowid
    finally:
        cursor.close()


class OneHopCursor(AsyncAdapt_aiosqlite_cursor):
    __slots__ = ("_description", "_lastrowid", "_rowcount")

    def __init__(self, adapt_connection: Any) -> None:
        # No aiosqlite cursor: nothing to open or close on the other thread.
        self._adapt_connection = adapt_connection
        self._connection = adapt_connection._connection
        self._cursor = None  # type: ignore[assignment]
        self._soft_closed_memoized = EMPTY_DICT
        self._rows = collections.deque()
        self._description: Any = None
        self._rowcount = -1
        self._lastrowid: int | None = None

    @property
    def description(self) -> Any:
        return self._description

    @property
    def rowcount(self) -> int:
        return self._rowcount

    @property
    def lastrowid(self) -> Any:
        return self._lastrowid

    @property
    def arraysize(self) -> int:
        return 1

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        return

    async def _async_soft_close(self) -> None:
        return

    def close(self) -> None:
        self._rows.clear()

    async def _hop(self, operation: Any, parameters: Any, many: bool) -> None:
        async with self._adapt_connection._execute_mutex:
            conn = self._connection
            outcome: Outcome = await conn._execute(_run, conn._conn, operation, parameters, many)
        self._description, rows, self._rowcount, self._lastrowid = outcome
        self._rows = collections.deque(rows)

    async def _execute_async(self, operation: Any, parameters: Any) -> None:
        await self._hop(operation, parameters, False)

    async def _executemany_async(self, operation: Any, seq_of_parameters: Any) -> None:
        await self._hop(operation, seq_of_parameters, True)


class OneHopConnection(AsyncAdapt_aiosqlite_connection):
    __slots__ = ()
    _cursor_cls = OneHopCursor

    def _idle(self) -> bool:
        """No transaction open on the sqlite3 connection: a COMMIT or ROLLBACK would do nothing there (sqlite3 skips
        both outside a transaction), so the hand-over to aiosqlite's thread is skipped too. `in_transaction` only
        reads sqlite3_get_autocommit, and no statement of this connection is running while SQLAlchemy ends one."""
        conn: sqlite3.Connection | None = self._connection._connection
        return conn is not None and not conn.in_transaction

    def rollback(self) -> None:
        # Every request's session ends with one (a read's, and the pool's reset of its connection): two hops saved.
        if not self._idle():
            super().rollback()

    def commit(self) -> None:
        if not self._idle():
            super().commit()


class OneHopDbapi(AsyncAdapt_aiosqlite_dbapi):
    def connect(self, *arg: Any, **kw: Any) -> AsyncAdapt_aiosqlite_connection:
        adapted = super().connect(*arg, **kw)
        return OneHopConnection(self, adapted._connection)


class OneHopDialect(SQLiteDialect_aiosqlite):
    driver = DRIVER
    supports_statement_cache = True

    @classmethod
    def import_dbapi(cls) -> AsyncAdapt_aiosqlite_dbapi:
        return OneHopDbapi(__import__("aiosqlite"), __import__("sqlite3"))


registry.register(f"sqlite.{DRIVER}", __name__, "OneHopDialect")
