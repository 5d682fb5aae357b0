"""Background workers with a bounded stop.

A worker is one named task. Stopping it cancels the task and waits for it, but never forever: a task still running
after `grace` seconds is cancelled again (library code can swallow a cancellation: on Python 3.11 `asyncio.wait_for`
returns the result of a future that completed in the same event-loop turn as the cancel, CPython gh-86296, and
aiomqtt waits for every broker answer that way), and one still running after `within` seconds is left behind with a
warning naming it, so the caller's own stop always returns (docs/decisions.md "Bounded stops")."""

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

log = logging.getLogger("iotyun.tasks")

STOP_WITHIN_S = 10.0
RECANCEL_AFTER_S = 1.0


class Worker:
    def __init__(
        self,
        name: str,
        run: Callable[[], Coroutine[Any, Any, None]],
        *,
        within: float = STOP_WITHIN_S,
        grace: float = RECANCEL_AFTER_S,
    ) -> None:
        self.name = name
        self.within = within
        self.grace = grace
        self._run = run
        self._task: asyncio.Task[None] | None = None
        # Set by stop(): a worker's loop that retries on errors ends instead (a swallowed cancellation may surface as
        # the error of the operation it interrupted).
        self.stopping = False

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        if self.running:
            return
        self.stopping = False
        self._task = asyncio.create_task(self._run(), name=self.name)

    async def stop(self) -> bool:
        """Cancel the task and wait for its end, at most `within` seconds; whether it ended."""
        task, self._task = self._task, None
        if task is None:
            return True
        self.stopping = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.within
        while not task.done():
            left = deadline - loop.time()
            if left <= 0:
                log.warning("background task %s did not stop within %.0fs; left running", self.name, self.within)
                return False
            task.cancel()
            await asyncio.wait({task}, timeout=min(self.grace, left))
        if not task.cancelled() and task.exception() is not None:
            log.warning("background task %s had failed", self.name, exc_info=task.exception())
        return True


class QueueWorker:
    """One task that sleeps until `wake()` and then empties its owner's queue (`work()`, which returns once it is
    empty), and says when nothing waits any more (`drain`, for tests and stops): the gateways' state changes
    (telemetry/ingest.py) and their upgrade reports (software/device_reports.py) are written this way, off the MQTT
    message loop."""

    def __init__(self, name: str) -> None:
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self._worker = Worker(name, self._run)

    def wake(self) -> None:
        """Something was queued: work again (and not idle until it is done)."""
        self._idle.clear()
        self._wake.set()

    def start(self) -> None:
        self._worker.start()

    async def stop(self) -> None:
        await self._worker.stop()

    async def drain(self) -> None:
        """Until everything queued so far is handled."""
        if self._worker.running:
            await self._idle.wait()

    async def work(self) -> None:
        raise NotImplementedError

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self.work()
            self._idle.set()


def checkpoint() -> None:
    """Raise CancelledError in a task that was cancelled but runs on because code it awaited swallowed the
    cancellation (see above): for the places where a worker would otherwise go on, after such waits and before a
    retry. (A cancellation stays requested until someone calls Task.uncancel(), which only asyncio.timeout and
    TaskGroup do, for their own.)"""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


def run_eagerly(coro: Coroutine[Any, Any, None]) -> "asyncio.Task[None] | None":
    """Run `coro` now, in the caller, up to its end or its first real wait: None when it ended there, else the task
    that finishes it (Python 3.12's eager tasks, for 3.11). A coroutine that never waits (a socket send while its
    transport is writable) then costs no task, no loop turn and no wake-up. An exception it raises before waiting is
    raised here; one after, by the task."""
    try:
        waited = coro.send(None)
    except StopIteration:
        return None
    return asyncio.get_running_loop().create_task(_resume(coro, waited))


async def _resume(coro: Coroutine[Any, Any, None], waited: Any) -> None:
    """Go on with `coro`, which yielded `waited` (the future it waits for, or None for a bare yield), as its task
    would have: wait for that, hand the outcome back, until it ends."""
    while True:
        try:
            if waited is None:
                await asyncio.sleep(0)
            else:
                waited._asyncio_future_blocking = False
                await waited
        except BaseException as exc:  # its cancellation or failure is the coroutine's to handle
            try:
                waited = coro.throw(exc)
            except StopIteration:
                return
            continue
        try:
            waited = coro.send(None)
        except StopIteration:
            return
