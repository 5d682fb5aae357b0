"""core.hooks.Hook: handlers answer in the order they were connected, each once; a question for one domain fails
closed when nobody or several answer."""

import pytest

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


async def test_ask_wants_exactly_one_handler() -> None:
    hook: Hook[[int], bool] = Hook("readable")
    with pytest.raises(RuntimeError, match="0 handlers"):
        await hook.ask(1)

    async def yes(n: int) -> bool:
        return True

    async def no(n: int) -> bool:
        return False

    hook.connect(yes)
    assert await hook.ask(1) is True
    hook.connect(no)
    with pytest.raises(RuntimeError, match="2 handlers"):
        await hook.ask(1)
