"""Store-and-forward of value batches on disk: every batch is written here before it is published, and removed
only once the broker acknowledged it, so nothing is lost across restarts and broker outages."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson

log = logging.getLogger("iotyun.gateway.buffer")

DEFAULT_CAP = 1_000_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS batch (seq INTEGER PRIMARY KEY, payload BLOB NOT NULL);
"""


class BatchBuffer:
    """The gateway's value buffer: `boot` is fixed when the file is created, `seq` increases by one per batch and
    is kept on disk (docs/device-protocol.md "Values batch")."""

    def __init__(self, conn: sqlite3.Connection, path: Path, boot: int, last_seq: int, count: int, cap: int) -> None:
        self._conn = conn
        self._lock = threading.Lock()
        self._count = count
        self.path = path
        self.boot = boot
        self.last_seq = last_seq
        self.cap = cap

    @classmethod
    async def open(cls, path: Path, cap: int = DEFAULT_CAP) -> BatchBuffer:
        return await asyncio.to_thread(cls._open, path, cap)

    @classmethod
    def _open(cls, path: Path, cap: int) -> BatchBuffer:
        path.parent.mkdir(parents=True, exist_ok=True)
        # One connection used from to_thread's worker threads, one call at a time (the lock).
        conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        # NORMAL under WAL survives a crash of the process; only a power cut can lose the last commits.
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.executescript(_SCHEMA)
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT OR IGNORE INTO meta VALUES ('boot', ?)", (int(time.time() * 1000),))
        conn.execute("INSERT OR IGNORE INTO meta VALUES ('seq', 0)")
        conn.execute("COMMIT")
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        (count,) = conn.execute("SELECT COUNT(*) FROM batch").fetchone()
        return cls(conn, path, int(meta["boot"]), int(meta["seq"]), int(count), cap)

    def _append(self, values: Sequence[dict[str, Any]]) -> int:
        with self._lock:
            conn = self._conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                seq = self.last_seq + 1
                payload = orjson.dumps({"boot": self.boot, "seq": seq, "values": values})
                conn.execute("INSERT INTO batch (seq, payload) VALUES (?, ?)", (seq, payload))
                conn.execute("UPDATE meta SET value = ? WHERE key = 'seq'", (seq,))
                dropped = 0
                if 0 < self.cap <= self._count:
                    dropped = conn.execute(
                        "DELETE FROM batch WHERE seq IN (SELECT seq FROM batch ORDER BY seq LIMIT ?)",
                        (self._count + 1 - self.cap,),
                    ).rowcount
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            self.last_seq = seq
            self._count += 1 - dropped
        if dropped:
            log.warning("%s: buffer full (%d batches), dropped the %d oldest", self.path.name, self.cap, dropped)
        return seq

    async def append(self, values: Sequence[dict[str, Any]]) -> int:
        """Store a batch of values; its seq."""
        return await asyncio.to_thread(self._append, values)

    def _peek(self, limit: int) -> list[tuple[int, bytes]]:
        with self._lock:
            rows = self._conn.execute("SELECT seq, payload FROM batch ORDER BY seq LIMIT ?", (limit,)).fetchall()
        return [(int(seq), bytes(payload)) for seq, payload in rows]

    async def peek(self, limit: int = 100) -> list[tuple[int, bytes]]:
        """The oldest unsent batches as (seq, payload JSON), oldest first."""
        return await asyncio.to_thread(self._peek, limit)

    def _mark_sent(self, seqs: Sequence[int]) -> None:
        with self._lock:
            for i in range(0, len(seqs), 500):
                chunk = seqs[i : i + 500]
                marks = ",".join("?" * len(chunk))
                self._count -= self._conn.execute(f"DELETE FROM batch WHERE seq IN ({marks})", chunk).rowcount  # noqa: S608

    async def mark_sent(self, seqs: Sequence[int]) -> None:
        """Forget batches the broker acknowledged."""
        if seqs:
            await asyncio.to_thread(self._mark_sent, seqs)

    @property
    def pending(self) -> int:
        """How many batches wait to be sent."""
        return self._count

    async def close(self) -> None:
        await asyncio.to_thread(self._close)

    def _close(self) -> None:
        with self._lock:
            self._conn.close()
