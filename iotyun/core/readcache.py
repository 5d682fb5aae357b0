"""Short-lived read caches that this process drops the moment it commits a write they depend on.

The hottest reads (who is behind a token, how many devices a list has) are answered from memory for a few seconds
(`IOTYUN_READ_CACHE_SECONDS`, default 2; 0 turns every cache off). Each cache names the tables its answers are
made of; a session that writes one of those tables bumps their generation when it commits (session events below),
and an entry stored under an older generation is never served again. So within one server process a read never
trails a committed write; across several processes an answer may trail another process's write by at most the
TTL (docs/decisions.md "Read caches").

Writes that do not go through an ORM Session (a raw connection, a bulk COPY) must say so with `caches(session).touched()` (or
`Database.reads.touched()`).
An entry records the generation read *before* its query ran: a write committed while the query was in flight makes
the entry stale at once instead of storing an old answer under the new generation.
"""

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Iterable
from typing import Any, Generic, TypeVar

from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState, Session, UOWTransaction

V = TypeVar("V")

# session.info keys: the ReadCaches of the session's database (set by Database's sessionmaker) and the tables the
# session wrote since its last commit.
CACHES_KEY = "read_caches"
_WRITTEN_KEY = "read_written_tables"
ANY_TABLE = "*"


class _Abandoned(Exception):
    """The computation a request waited for was cancelled: the request computes its own."""


class Generations:
    """Per-table write counters of one database, as seen by this process."""

    def __init__(self) -> None:
        self._counts: dict[str, int] = {}

    def of(self, tables: Iterable[str]) -> int:
        # Counters only grow, so their sum changes whenever any one of them does. A statement whose table is not
        # known (textual SQL that is not a SELECT) counts against every table.
        return sum(self._counts.get(t, 0) for t in tables) + self._counts.get(ANY_TABLE, 0)

    def bump(self, tables: Iterable[str]) -> None:
        for t in tables:
            self._counts[t] = self._counts.get(t, 0) + 1


class ReadCache(Generic[V]):
    """A bounded map whose entries expire after `ttl` seconds or when one of `tables` is written."""

    def __init__(self, generations: Generations, tables: Iterable[str], ttl: float, maxsize: int = 4096) -> None:
        self.generations = generations
        self.tables = tuple(sorted(set(tables)))
        self.ttl = ttl
        self.maxsize = maxsize
        self._data: OrderedDict[Hashable, tuple[int, float, V]] = OrderedDict()
        # Computations in flight (fetch): the generation each started under and the future its waiters await.
        self._flights: dict[Hashable, tuple[int, asyncio.Future[V]]] = {}

    @property
    def enabled(self) -> bool:
        return self.ttl > 0

    def generation(self) -> int:
        """Read this before running the query whose answer will be stored with `put`."""
        return self.generations.of(self.tables)

    def get(self, key: Hashable) -> V | None:
        entry = self._data.get(key)
        if entry is None:
            return None
        gen, expires, value = entry
        if gen != self.generation() or expires <= time.monotonic():
            self._data.pop(key, None)
            return None
        return value

    def put(self, key: Hashable, value: V, generation: int) -> None:
        if not self.enabled or generation != self.generation():
            return
        self._data[key] = (generation, time.monotonic() + self.ttl, value)
        self._data.move_to_end(key)
        while len(self._data) > self.maxsize:
            self._data.popitem(last=False)

    def clear(self) -> None:
        self._data.clear()

    async def fetch(self, key: Hashable, compute: Callable[[], Awaitable[V]]) -> V:
        """The cached answer of `key`, or `compute()`'s, stored. Requests that miss the same key while its answer is
        being computed under the same generation wait for that one computation instead of each running their own:
        when an entry expires under load, the requests in flight would all miss together and queue their queries
        behind each other (on SQLite, one connection thread: sixteen 5 ms recomputations, an 80 ms stall in the
        API's p99). A request that read a newer generation (a write committed meanwhile) computes its own, so no
        answer trails a write, as with `get`. If the computation fails by being cancelled, the waiters compute
        their own; any other error is theirs too (it is an answer for the same key)."""
        found = self.get(key)
        if found is not None:
            return found
        generation = self.generation()
        flight = self._flights.get(key) if self.enabled else None
        if flight is not None and flight[0] == generation:
            try:
                return await asyncio.shield(flight[1])
            except _Abandoned:
                pass
        done: asyncio.Future[V] = asyncio.get_running_loop().create_future()
        if self.enabled:
            self._flights[key] = (generation, done)
        try:
            value = await compute()
        except asyncio.CancelledError:
            done.set_exception(_Abandoned())
            raise
        except BaseException as error:
            done.set_exception(error)
            raise
        else:
            done.set_result(value)
            self.put(key, value, generation)
            return value
        finally:
            if self._flights.get(key, (None, None))[1] is done:
                del self._flights[key]
            if not done.done():
                done.set_exception(_Abandoned())
            done.exception()  # read by no one when nobody waited: retrieved, so asyncio does not log it


class ReadCaches:
    """The generations and the named caches of one database."""

    def __init__(self, ttl: float) -> None:
        self.ttl = ttl
        self.generations = Generations()
        self._caches: dict[str, ReadCache[Any]] = {}

    def cache(self, name: str, tables: Iterable[str], maxsize: int = 4096) -> ReadCache[Any]:
        """The cache called `name` (made on first use) of answers read from `tables`."""
        found = self._caches.get(name)
        if found is None:
            found = self._caches[name] = ReadCache(self.generations, tables, self.ttl, maxsize)
        return found

    def touched(self, *tables: str) -> None:
        """A committed write made outside an ORM session (raw connection, COPY) to these tables."""
        self.generations.bump(tables)


def caches(session: "Session | Any") -> ReadCaches:
    """The read caches of the database behind `session` (an ORM Session or an AsyncSession)."""
    found: ReadCaches | None = session.info.get(CACHES_KEY)
    if found is None:
        # A session made outside Database (scripts, some tests): a private, disabled set.
        found = session.info[CACHES_KEY] = ReadCaches(0.0)
    return found


def _written(session: Session) -> set[str]:
    written: set[str] | None = session.info.get(_WRITTEN_KEY)
    if written is None:
        written = session.info[_WRITTEN_KEY] = set()
    return written


@event.listens_for(Session, "after_flush")
def _note_flush(session: Session, _flush: UOWTransaction) -> None:
    if CACHES_KEY not in session.info:
        return
    written = _written(session)
    for obj in (*session.new, *session.dirty, *session.deleted):
        table = getattr(type(obj), "__table__", None)
        if table is not None:
            written.add(table.name)


@event.listens_for(Session, "do_orm_execute")
def _note_dml(state: ORMExecuteState) -> None:
    if CACHES_KEY not in state.session.info or state.is_select:
        return
    table: Any = getattr(state.statement, "table", None)
    _written(state.session).add(getattr(table, "name", None) or ANY_TABLE)


def wrote(session: "Session | Any") -> bool:
    """Whether the session holds or has sent a write since its last commit (a read-only request that did not
    need not commit)."""
    return bool(session.new or session.dirty or session.deleted or session.info.get(_WRITTEN_KEY))


# Nothing clears the note on rollback: a session that rolls back and commits later bumps a table it may not have
# changed, which costs one cache miss and nothing else.
@event.listens_for(Session, "after_commit")
def _bump_on_commit(session: Session) -> None:
    written: set[str] | None = session.info.pop(_WRITTEN_KEY, None)
    found: ReadCaches | None = session.info.get(CACHES_KEY)
    if written and found is not None:
        found.generations.bump(written)
