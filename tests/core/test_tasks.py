"""Background workers (core.tasks): a stop ends the task, cancelling it again when a cancellation was swallowed, and
returns within its bound even for a task that never ends, naming it in a warning."""

import asyncio
import contextlib
import logging

import pytest

from iotyun.core.tasks import Worker, checkpoint, run_eagerly


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


class TestRunEagerly:
    """run_eagerly runs a coroutine in the caller up to its first wait, and a task finishes what waits."""

    async def test_a_coroutine_that_never_waits_runs_now_without_a_task(self) -> None:
        done: list[int] = []

        async def write() -> None:
            done.append(1)

        before = len(asyncio.all_tasks())
        assert run_eagerly(write()) is None
        assert done == [1] and len(asyncio.all_tasks()) == before

    async def test_a_coroutine_that_waits_is_finished_by_a_task_with_the_awaited_result(self) -> None:
        steps: list[object] = []
        ready: asyncio.Future[str] = asyncio.get_running_loop().create_future()

        async def write() -> None:
            steps.append("before")
            steps.append(await ready)
            await asyncio.sleep(0)  # a bare yield on the way
            steps.append("after")

        task = run_eagerly(write())
        assert task is not None and steps == ["before"]
        ready.set_result("answer")
        await task
        assert steps == ["before", "answer", "after"]

    async def test_a_failure_after_the_wait_reaches_the_coroutine_and_then_the_task(self) -> None:
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        seen: list[str] = []

        async def write() -> None:
            try:
                await ready
            except OSError as exc:
                seen.append(str(exc))
                raise RuntimeError("closed") from exc

        task = run_eagerly(write())
        assert task is not None
        ready.set_exception(OSError("reset"))
        with pytest.raises(RuntimeError, match="closed"):
            await task
        assert seen == ["reset"]

    async def test_a_failure_before_any_wait_is_raised_to_the_caller(self) -> None:
        async def write() -> None:
            raise RuntimeError("not connected")

        with pytest.raises(RuntimeError, match="not connected"):
            run_eagerly(write())

    async def test_cancelling_the_task_cancels_the_coroutine_where_it_waits(self) -> None:
        cleaned: list[bool] = []

        async def write() -> None:
            try:
                await asyncio.Event().wait()
            finally:
                cleaned.append(True)

        task = run_eagerly(write())
        assert task is not None
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert cleaned == [True]
