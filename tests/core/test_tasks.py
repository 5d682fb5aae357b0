"""Background workers (core.tasks): a stop ends the task, cancelling it again when a cancellation was swallowed, and
returns within its bound even for a task that never ends, naming it in a warning."""

import asyncio
import contextlib
import logging

import pytest

from iotyun.core.tasks import Worker, checkpoint


async def _forever() -> None:
    await asyncio.Event().wait()


async def _swallows_one_cancellation() -> None:
    # What a library wait does on Python 3.11 when its future completes in the cancel's own turn (gh-86296).
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.Event().wait()
    await asyncio.Event().wait()


async def _ignores_cancellation(until: asyncio.Event) -> None:
    while not until.is_set():
        try:
            await until.wait()
        except asyncio.CancelledError:
            continue


async def _fails() -> None:
    raise RuntimeError("broken")


class TestWorker:
    async def test_a_stop_ends_the_task(self) -> None:
        worker = Worker("t-forever", _forever)
        worker.start()
        await asyncio.sleep(0)
        assert worker.running
        assert await worker.stop()
        assert not worker.running and worker.stopping

    async def test_a_swallowed_cancellation_is_repeated(self) -> None:
        worker = Worker("t-swallows", _swallows_one_cancellation, grace=0.05)
        worker.start()
        await asyncio.sleep(0)
        assert await asyncio.wait_for(worker.stop(), 5)

    async def test_a_task_that_never_ends_is_left_with_a_warning(self, caplog: pytest.LogCaptureFixture) -> None:
        until = asyncio.Event()
        worker = Worker("t-never-ends", lambda: _ignores_cancellation(until), within=0.3, grace=0.05)
        worker.start()
        await asyncio.sleep(0)
        with caplog.at_level(logging.WARNING, "iotyun.tasks"):
            assert not await asyncio.wait_for(worker.stop(), 5)
        assert "t-never-ends did not stop within" in caplog.text
        task = next(t for t in asyncio.all_tasks() if t.get_name() == "t-never-ends")
        until.set()
        await asyncio.wait({task}, timeout=5)
        assert task.done()

    async def test_a_failed_task_is_logged_when_stopped(self, caplog: pytest.LogCaptureFixture) -> None:
        worker = Worker("t-fails", _fails)
        worker.start()
        await asyncio.sleep(0)
        with caplog.at_level(logging.WARNING, "iotyun.tasks"):
            assert await worker.stop()
        assert "t-fails had failed" in caplog.text

    async def test_stopped_twice_and_started_again(self) -> None:
        worker = Worker("t-again", _forever)
        assert await worker.stop()  # never started
        worker.start()
        worker.start()  # already running: the same task
        assert len([t for t in asyncio.all_tasks() if t.get_name() == "t-again"]) == 1
        assert await worker.stop()
        assert await worker.stop()
        worker.start()
        assert worker.running and not worker.stopping
        assert await worker.stop()


class TestCheckpoint:
    async def test_raises_in_a_task_whose_cancellation_was_swallowed(self) -> None:
        reached: list[str] = []

        async def run() -> None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.Event().wait()
            reached.append("after the swallowed cancellation")
            checkpoint()
            reached.append("past the checkpoint")

        task = asyncio.create_task(run())
        await asyncio.sleep(0)
        task.cancel()
        await asyncio.wait({task}, timeout=5)
        assert task.cancelled()
        assert reached == ["after the swallowed cancellation"]

    async def test_passes_in_a_task_never_cancelled(self) -> None:
        checkpoint()
