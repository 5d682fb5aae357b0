"""core.hooks.Hook: handlers answer in the order they were connected, each once."""

from iotyun.core.hooks import Hook


async def test_handlers_answer_in_order_once_each() -> None:
    hook: Hook[[int], int | None] = Hook("test")
    assert not hook.connected and await hook.call(1) == []

    async def double(n: int) -> int:
        return n * 2

    async def nothing(n: int) -> None:
        return None

    hook.connect(double)
    hook.connect(nothing)
    hook.connect(double)
    assert hook.connected
    assert await hook.call(4) == [8, None]
