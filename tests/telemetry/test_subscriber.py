"""A live socket's subscriber (telemetry.realtime.Subscriber): a message goes out at once when nothing is queued or
being sent before it, otherwise it queues behind; either way the socket sees its messages in order, nothing after a
pause until it resumes, and nothing about a device it no longer follows."""

import asyncio

from iotyun.telemetry.realtime import Subscriber


class FakeSocket:
    """A socket whose writes can be held, as a transport paused by a slow reader holds uvicorn's send."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.writable = asyncio.Event()
        self.writable.set()
        self.fail = False

    async def send(self, message: str) -> None:
        await self.writable.wait()
        if self.fail:
            raise RuntimeError("closed")
        self.sent.append(message)


def wired() -> tuple[Subscriber, FakeSocket, "asyncio.Task[None]"]:
    sub, socket = Subscriber(user_id=1), FakeSocket()
    sub.devices[5] = None
    sub.direct = socket.send
    return sub, socket, asyncio.get_running_loop().create_task(sub.pump(socket.send))


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_writable_socket_gets_the_message_before_offer_returns() -> None:
    sub, socket, pump = wired()
    sub.offer("a", 5)
    sub.offer("b", 5)
    assert socket.sent == ["a", "b"] and sub.queue.empty() and sub.inflight is None
    pump.cancel()


async def test_a_held_write_keeps_the_order_of_everything_after_it() -> None:
    sub, socket, pump = wired()
    socket.writable.clear()
    sub.offer("a", 5)  # starts at once and waits for the socket
    assert sub.inflight is not None
    for m in "bcd":
        sub.offer(m, 5)
    assert sub.queue.qsize() == 3
    await settle()
    assert socket.sent == []
    socket.writable.set()
    await settle()
    assert socket.sent == ["a", "b", "c", "d"]
    sub.offer("e", 5)  # all caught up: at once again
    assert socket.sent[-1] == "e"
    pump.cancel()


async def test_while_the_sender_task_holds_a_message_new_ones_queue_behind_it() -> None:
    sub, socket, pump = wired()
    sub.resumed.clear()  # paused: everything queues
    sub.offer("a", 5)
    await settle()
    assert sub.sending and socket.sent == []
    socket.writable.clear()
    sub.resume()
    await settle()
    sub.offer("b", 5)  # the task is still sending "a"
    assert sub.queue.qsize() == 1 and socket.sent == []
    socket.writable.set()
    await settle()
    assert socket.sent == ["a", "b"] and not sub.sending
    pump.cancel()


async def test_nothing_goes_out_about_a_device_no_longer_followed_or_after_a_drop() -> None:
    sub, socket, pump = wired()
    sub.offer("other", 6)
    sub.offer("answer")  # an answer to the client itself
    assert socket.sent == ["answer"]
    sub.dropped = True
    sub.offer("late", 5)
    await settle()
    assert socket.sent == ["answer"]
    pump.cancel()


async def test_a_failed_write_stops_the_direct_path() -> None:
    sub, socket, pump = wired()
    socket.fail = True

    async def send_now(message: str) -> None:  # what the socket handler's direct send does on a closed socket
        try:
            await socket.send(message)
        except RuntimeError:
            sub.direct = None
            sub.dropped = True

    sub.direct = send_now
    sub.offer("a", 5)
    assert sub.dropped and sub.direct is None
    pump.cancel()
