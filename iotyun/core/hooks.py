"""Typed hooks between domains: a lower domain declares what it tells or asks (a `Hook`), a higher one connects a
handler when its service module is imported, so neither imports the other against the layering (docs/architecture.md).
A hook's type names the handler's parameters and answer; mypy checks both sides."""

from collections.abc import Awaitable, Callable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Hook(Generic[P, R]):
    """Handlers awaited in the order they were connected. `call` awaits each and returns their answers."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._handlers: list[Callable[P, Awaitable[R]]] = []

    def connect(self, handler: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
        """Add a handler (once: connecting the same one again changes nothing). Usable as a decorator."""
        if handler not in self._handlers:
            self._handlers.append(handler)
        return handler

    def disconnect(self, handler: Callable[P, Awaitable[R]]) -> None:
        """Remove a handler connected for a while (a running part that stops); unknown ones are ignored."""
        if handler in self._handlers:
            self._handlers.remove(handler)

    @property
    def connected(self) -> bool:
        return bool(self._handlers)

    async def call(self, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        return [await handler(*args, **kwargs) for handler in self._handlers]

    async def ask(self, *args: P.args, **kwargs: P.kwargs) -> R:
        """The one answer of a hook that exactly one domain serves. Fails (RuntimeError) when none or several are
        connected: a question about rights must never pass for want of someone to answer it."""
        if len(self._handlers) != 1:
            raise RuntimeError(f"hook {self.name}: {len(self._handlers)} handlers, one expected")
        return await self._handlers[0](*args, **kwargs)
