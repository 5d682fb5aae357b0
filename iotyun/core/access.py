"""Access-change notices: a service that takes a right away (a share, a role, a session) says whose access changed,
and every live consumer (the WebSocket hub) hears it the moment the change is committed.

A service calls `changed(session, users=..., tenants=..., devices=..., tokens=..., links=...)` inside its unit of work; the
notice waits in the session and goes out to the database's `AccessBus` listeners from the session's commit hook, so
nothing is announced for a write that rolls back, and nothing is announced before it is visible to a fresh read.
Domains import only this module (DESIGN §5.1): the telemetry hub subscribes to the bus and forwards notices to the
other server processes itself (docs/api-telemetry.md "WebSocket", docs/decisions.md "Live sockets follow rights").

The same commit hook carries inbox notices: `inbox_changed(session, users)` (messages.service.deliver, mark read,
delete) reaches the bus's inbox listeners once the session commits, and the hub tells those users' sockets (the bell,
docs/api-messages.md); and live events a request makes (`push_after_commit`: an alarm confirmed or shelved) reach the
hub the same way.
"""

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session

log = logging.getLogger("iotyun.access")

# session.info keys: the AccessBus of the session's database (set by Database's sessionmaker) and the notices
# waiting for the session's commit.
BUS_KEY = "access_bus"
_PENDING_KEY = "access_pending"
_INBOX_KEY = "inbox_pending"
_EVENTS_KEY = "events_pending"


@dataclass(frozen=True, slots=True)
class AccessChange:
    """Whose access may have narrowed: any live reader matching one of these re-checks its rights."""

    users: frozenset[int] = field(default_factory=frozenset)
    tenants: frozenset[int] = field(default_factory=frozenset)
    devices: frozenset[int] = field(default_factory=frozenset)
    tokens: frozenset[int] = field(default_factory=frozenset)
    # Share links (sharing/) disabled, edited or deleted: the anonymous sockets opened through them re-check.
    links: frozenset[int] = field(default_factory=frozenset)

    def to_json(self) -> dict[str, list[int]]:
        return {
            "users": sorted(self.users),
            "tenants": sorted(self.tenants),
            "devices": sorted(self.devices),
            "tokens": sorted(self.tokens),
            "links": sorted(self.links),
        }

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> "AccessChange":
        def ids(key: str) -> frozenset[int]:
            value = body.get(key)
            return frozenset(int(v) for v in value) if isinstance(value, list) else frozenset()

        return cls(ids("users"), ids("tenants"), ids("devices"), ids("tokens"), ids("links"))

    def merge(self, other: "AccessChange") -> "AccessChange":
        return AccessChange(
            self.users | other.users,
            self.tenants | other.tenants,
            self.devices | other.devices,
            self.tokens | other.tokens,
            self.links | other.links,
        )

    def __bool__(self) -> bool:
        return bool(self.users or self.tenants or self.devices or self.tokens or self.links)


Listener = Callable[[AccessChange], None]
InboxListener = Callable[[frozenset[int]], None]
EventListener = Callable[[dict[str, Any]], None]


class AccessBus:
    """The listeners of one database's committed notices (in this process): access changes, and inboxes that
    changed (`inbox_changed`: a message arrived, was read or deleted). Listeners run synchronously inside the commit
    hook, on the event loop's thread: they must not block or await (schedule work instead)."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._inbox_listeners: list[InboxListener] = []
        self._event_listeners: list[EventListener] = []

    def listen(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def listen_inbox(self, listener: InboxListener) -> Callable[[], None]:
        self._inbox_listeners.append(listener)
        return lambda: self._inbox_listeners.remove(listener) if listener in self._inbox_listeners else None

    def listen_events(self, listener: EventListener) -> Callable[[], None]:
        self._event_listeners.append(listener)
        return lambda: self._event_listeners.remove(listener) if listener in self._event_listeners else None

    def emit_event(self, event: dict[str, Any]) -> None:
        for listener in list(self._event_listeners):
            try:
                listener(event)
            except Exception:
                log.exception("live event listener failed")

    def emit(self, change: AccessChange) -> None:
        for listener in list(self._listeners):
            try:
                listener(change)
            except Exception:  # a listener's failure must not fail the committed request
                log.exception("access change listener failed")

    def emit_inbox(self, users: frozenset[int]) -> None:
        for listener in list(self._inbox_listeners):
            try:
                listener(users)
            except Exception:
                log.exception("inbox listener failed")


def changed(
    session: "Session | Any",
    *,
    users: Iterable[int] = (),
    tenants: Iterable[int] = (),
    devices: Iterable[int] = (),
    tokens: Iterable[int] = (),
    links: Iterable[int] = (),
) -> None:
    """Announce, when `session` commits, that these users', tenants', devices', tokens' or share links' access may
    have narrowed."""
    change = AccessChange(frozenset(users), frozenset(tenants), frozenset(devices), frozenset(tokens), frozenset(links))
    if not change:
        return
    pending: AccessChange | None = session.info.get(_PENDING_KEY)
    session.info[_PENDING_KEY] = change if pending is None else pending.merge(change)


def inbox_changed(session: "Session | Any", users: Iterable[int]) -> None:
    """Announce, when `session` commits, that these users' inboxes changed (their live sockets tell the console)."""
    pending: set[int] = session.info.setdefault(_INBOX_KEY, set())
    pending.update(users)


def push_after_commit(session: "Session | Any", live_event: dict[str, Any]) -> None:
    """Hand `live_event` (a live frame as the hub carries it: an alarm confirmed, shelved) to the live consumers once
    `session` commits; nothing for a write that rolls back."""
    session.info.setdefault(_EVENTS_KEY, []).append(live_event)


@event.listens_for(Session, "after_commit")
def _emit_on_commit(session: Session) -> None:
    change: AccessChange | None = session.info.pop(_PENDING_KEY, None)
    inboxes: set[int] | None = session.info.pop(_INBOX_KEY, None)
    events: list[dict[str, Any]] | None = session.info.pop(_EVENTS_KEY, None)
    bus: AccessBus | None = session.info.get(BUS_KEY)
    if bus is None:
        return
    if change is not None:
        bus.emit(change)
    if inboxes:
        bus.emit_inbox(frozenset(inboxes))
    for live_event in events or ():
        bus.emit_event(live_event)


@event.listens_for(Session, "after_rollback")
def _forget_on_rollback(session: Session) -> None:
    session.info.pop(_PENDING_KEY, None)
    session.info.pop(_INBOX_KEY, None)
    session.info.pop(_EVENTS_KEY, None)
