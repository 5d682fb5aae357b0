"""The live channel /v2/ws/web/rtd: a console tab subscribes to devices (and alarms) and receives their values,
state changes and alarms as they are ingested (docs/api-telemetry.md "WebSocket").

The token comes in the first frame, never in the URL (URLs end up in access logs). A socket follows the rights
that let it read: an access change committed anywhere (core.access, forwarded by the hub) pauses the matching
sockets at once; each re-reads its session and its readable devices, drops what it may no longer read and closes
when the session itself ended. Every socket also re-checks on its own every few seconds, for changes made behind
the services' back.

Whose rights a socket follows is its `Principal`: a console session here; a share link's (its creator narrowed to
the link, sharing/ws.py) on /sharedComponentsWs, which runs the same `serve`."""

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from iotyun.auth import service as auth_service
from iotyun.core import limits, security
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.permissions import Perm
from iotyun.core.ratelimit import Limiters
from iotyun.core.runtime import client_ip
from iotyun.core.tenancy import bind_tenant
from iotyun.devices import service as device_service
from iotyun.devices.scope import VISIBILITY_TABLES
from iotyun.telemetry import repository as repo
from iotyun.telemetry.realtime import Subscriber
from iotyun.telemetry.runtime import Telemetry
from iotyun.telemetry.ws_schemas import (
    AuthRequest,
    ErrorMessage,
    LiveValue,
    PingRequest,
    PongMessage,
    ReadyMessage,
    SnapshotMessage,
    SubRequest,
    UnsubRequest,
    encode,
)

log = logging.getLogger("iotyun.telemetry.ws")

# Not in api.ROUTERS (those are HTTP routes, each with a permission marker): the socket authenticates itself.
ws_router = APIRouter()

# Close codes (docs/api-telemetry.md): reconnecting does not help after 4401 or 4403.
CLOSE_UNAUTHORIZED = 4401  # no valid token in the first frame in time, a token in the URL, or the session ended
CLOSE_FORBIDDEN = 4403  # the user no longer holds a permission the live channel needs
CLOSE_TOO_SLOW = 4408
# Over a cap of sockets per address (or per share link): after an error frame 100008. Retry later.
CLOSE_TOO_MANY = 4429
MAX_DEVICES = 500
# The first frame must authenticate within this time.
AUTH_DEADLINE_S = limits.WS_AUTH_DEADLINE_S
# Each socket re-reads its session and its subscribed devices at least this often, whatever it was told; the whole
# readable set behind its alarm pushes (possibly thousands of ids) at least every READABLE_REFRESH_S, and at once on
# an access notice.
RECHECK_S = 5.0
READABLE_REFRESH_S = 30.0
# After a failed re-check (database unreachable) the socket stays paused and tries again after this.
RECHECK_RETRY_S = 1.0
# What a token lookup reads: the periodic re-checks of sockets sharing a token (a user's tabs) share one lookup
# through the process's read cache (IOTYUN_READ_CACHE_SECONDS); a re-check on an access notice reads afresh.
_PRINCIPAL_TABLES = ("user_token", "user_account", "role")

# Device values are read through a device's detail page (P10000, as GET /rDev); alarm pushes also through the
# real-time fault page (P73000, as the alarm list).
VALUES_PERMS = (Perm.HOME,)
ALARM_PERMS = (Perm.HOME, Perm.REAL_TIME_FAULT)
# Inbox changes (the bell's messages) through the inbox's right, on a console session only.
MESSAGE_PERMS = (Perm.INBOX,)


def _may_connect(actor: Actor) -> bool:
    return actor.can(*ALARM_PERMS) or actor.can(*VALUES_PERMS) or actor.can(*MESSAGE_PERMS)


class Principal:
    """Whose rights a socket follows, and how it re-reads them: by default a console session's token. Another kind
    of socket (a share link's, sharing/ws.py) subclasses it and reuses the rest of this module unchanged."""

    # The share link the socket was opened through (Subscriber.link_id); 0 for a console session.
    link_id = 0

    def __init__(self, token: str) -> None:
        self.token = token
        # Why the last resolve refused (sent as an error frame before the close), when the principal says.
        self.refused: int | None = None

    async def resolve(self, websocket: WebSocket, *, fresh: bool) -> Actor | None:
        """The actor now (None: the socket must close with 4401). Without `fresh` it may come from the read cache."""
        return await (_authenticate(websocket, self.token) if fresh else _cached_actor(websocket, self.token))

    def may_connect(self, actor: Actor) -> bool:
        return _may_connect(actor)

    async def readable(self, websocket: WebSocket, actor: Actor, ids: list[int] | None, *, fresh: bool) -> set[int]:
        """The devices among `ids` (every one the actor reads, when None) the socket may follow."""
        if fresh or ids is None:
            return await _readable_ids(websocket, actor, ids)
        return await _cached_readable_ids(websocket, actor, ids)

    def deadline(self) -> float | None:
        """An epoch time (s) at which the rights end by themselves (the guard re-checks then); None if none."""
        return None

    def admit(self, limiters: Limiters, address: str) -> Callable[[], None] | None:
        """Hold what an authenticated socket of this principal counts against (a share link's caps): the function
        that gives it back, or None when a cap is reached (the socket closes with 4429). A console session's
        sockets are bounded by its rights, not here."""
        return _nothing


class _Socket:
    """One live client: its principal, its current actor, its hub subscriber and its sender and guard tasks."""

    def __init__(self, websocket: WebSocket, telemetry: Telemetry, principal: Principal, actor: Actor) -> None:
        self.websocket = websocket
        self.telemetry = telemetry
        self.principal = principal
        self.actor = actor
        self.sub = Subscriber(
            user_id=actor.user_id, tenant_id=actor.tenant_id, token_id=actor.token_id, link_id=principal.link_id
        )
        self.sub.on_drop = lambda: _background(self.close(CLOSE_TOO_SLOW))
        self.sub.direct = self._send_now
        self.closed = False
        self.tasks: list[asyncio.Task[None]] = []
        self.readable_at = time.monotonic()

    def start(self) -> None:
        self.telemetry.hub.add(self.sub)
        self.tasks = [asyncio.create_task(self._send()), asyncio.create_task(self._guard())]

    async def stop(self) -> None:
        self.telemetry.hub.remove(self.sub)
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def refuse(self, code: int) -> None:
        """Close, first telling the client why when the principal says (a share link's 1183xx)."""
        reason = self.principal.refused
        if reason is not None and not self.closed:
            with contextlib.suppress(Exception):
                await self.websocket.send_text(encode(ErrorMessage(code=reason)))
        await self.close(code)

    async def close(self, code: int) -> None:
        """Close once: nothing queued goes out after this."""
        if self.closed:
            return
        self.closed = True
        self.sub.dropped = True
        self.telemetry.hub.remove(self.sub)
        if code == CLOSE_TOO_SLOW:
            log.info("dropping a live client of user %s: %d messages behind", self.sub.user_id, self.sub.queue.qsize())
        with contextlib.suppress(Exception):
            await self.websocket.close(code=code)

    # --- sending --------------------------------------------------------------------------------------------------

    async def _send(self) -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await self.sub.pump(self.websocket.send_text)
        self.sub.direct = None

    async def _send_now(self, message: str) -> None:
        """The subscriber's direct send (Subscriber.offer): on a closed socket it stops sending at once, as the
        sender task does."""
        try:
            await self.websocket.send_text(message)
        except (WebSocketDisconnect, RuntimeError):
            self.sub.direct = None
            self.sub.dropped = True

    # --- following the rights -------------------------------------------------------------------------------------

    async def _guard(self) -> None:
        sub = self.sub
        while not self.closed:
            told = False
            # Jittered, so the sockets opened together do not all query in the same instant; and no later than the
            # moment the principal's rights end by themselves.
            wait = RECHECK_S * random.uniform(0.75, 1.25)
            deadline = self.principal.deadline()
            if deadline is not None:
                wait = max(0.0, min(wait, deadline - time.time() + 0.05))
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    told = await sub.recheck.wait()
            sub.recheck.clear()
            try:
                every = told or time.monotonic() - self.readable_at > READABLE_REFRESH_S
                await self.recheck(every=every, fresh=told)
            except asyncio.CancelledError:
                raise
            except Exception:
                # Fail closed: the socket stays paused until a re-check succeeds.
                log.warning("live socket re-check failed for user %s", sub.user_id, exc_info=True)
                sub.resumed.clear()
                await asyncio.sleep(RECHECK_RETRY_S)
                sub.recheck.set()

    async def recheck(self, *, every: bool = True, fresh: bool = True) -> None:
        """Re-read the session and the readable devices (with `every`, the whole set behind alarm pushes too); drop
        what is no longer allowed, or close. Without `fresh` (a periodic check) the reads may come from the read
        cache, which this process's own writes invalidate at once."""
        sub = self.sub
        epoch = sub.epoch
        actor = await self.principal.resolve(self.websocket, fresh=fresh)
        if actor is None:
            await self.refuse(CLOSE_UNAUTHORIZED)
            return
        if not self.principal.may_connect(actor):
            await self.close(CLOSE_FORBIDDEN)
            return
        self.actor = actor
        hub = self.telemetry.hub
        values_allowed = actor.can(*VALUES_PERMS)
        alarms_allowed = actor.can(*ALARM_PERMS)
        wanted = list(sub.devices) if values_allowed else []
        every = every and sub.alarms and alarms_allowed
        readable: set[int] = set()
        if every:
            readable = await self.principal.readable(self.websocket, actor, None, fresh=True)
            self.readable_at = time.monotonic()
        elif wanted:
            readable = await self.principal.readable(self.websocket, actor, wanted, fresh=fresh)
        if sub.epoch != epoch:
            return  # another change arrived meanwhile: the guard runs again at once and resumes after it
        # Only the devices checked here: one subscribed meanwhile was checked by its own subscription.
        checked = set(wanted)
        for device_id in list(sub.devices):
            if not values_allowed or ((every or device_id in checked) and device_id not in readable):
                hub.unsubscribe(sub, device_id)
                code = ErrorCode.DEVICE_NOT_FOUND if values_allowed else ErrorCode.NO_PRIVILEGE
                sub.offer(encode(ErrorMessage(code=code, device_id=device_id)))
        if sub.alarms:
            if every:
                sub.readable = frozenset(readable)
            elif not alarms_allowed:
                hub.unwatch_alarms(sub)
                sub.offer(encode(ErrorMessage(code=ErrorCode.NO_PRIVILEGE, alarms=True)))
        if sub.messages and not actor.can(*MESSAGE_PERMS):
            hub.unwatch_messages(sub)
            sub.offer(encode(ErrorMessage(code=ErrorCode.NO_PRIVILEGE, messages=True)))
        sub.resume()


def _nothing() -> None:
    return None


_BACKGROUND: set[asyncio.Task[None]] = set()


def _background(coro: Any) -> None:
    task = asyncio.get_running_loop().create_task(coro)
    _BACKGROUND.add(task)
    task.add_done_callback(_BACKGROUND.discard)


async def _readable_ids(websocket: WebSocket, actor: Actor, ids: list[int] | None = None) -> set[int]:
    async with websocket.app.state.db.sessionmaker() as session:
        bind_tenant(session, actor.tenant_id)
        return await repo.readable_device_ids(session, actor, ids)


async def _cached_readable_ids(websocket: WebSocket, actor: Actor, ids: list[int]) -> set[int]:
    cache = websocket.app.state.db.reads.cache("ws_readable", VISIBILITY_TABLES)
    key = (actor.user_id, actor.token_id, frozenset(ids))
    hit: set[int] | None = cache.get(key)
    if hit is None:
        generation = cache.generation()
        hit = await _readable_ids(websocket, actor, ids)
        cache.put(key, hit, generation)
    return hit


async def _cached_actor(websocket: WebSocket, token: str) -> Actor | None:
    cache = websocket.app.state.db.reads.cache("ws_principal", _PRINCIPAL_TABLES)
    key = security.digest(token)
    hit: tuple[Actor | None] | None = cache.get(key)
    if hit is None:
        generation = cache.generation()
        hit = (await _authenticate(websocket, token),)
        cache.put(key, hit, generation)
    return hit[0]


async def _authenticate(websocket: WebSocket, token: str) -> Actor | None:
    """The live session behind `token`, read afresh (None when missing, expired, revoked or its user locked)."""
    try:
        async with websocket.app.state.db.sessionmaker() as session:
            return await auth_service.actor_for_token(session, token)
    except AppError:
        return None


async def _first_frame_token(websocket: WebSocket) -> str:
    """The token of the first frame, `{"op": "auth", "token": "..."}`, if it comes within the deadline."""
    try:
        async with asyncio.timeout(AUTH_DEADLINE_S):
            frame = await websocket.receive()
    except TimeoutError:
        return ""
    raw = frame.get("text")
    if not isinstance(raw, str):
        return ""
    try:
        return AuthRequest.model_validate_json(raw).token
    except ValidationError:
        return ""


@ws_router.websocket("/v2/ws/web/rtd")
async def realtime(websocket: WebSocket) -> None:
    await serve(websocket, Principal)


async def serve(websocket: WebSocket, principal_of: Callable[[str], Principal]) -> None:
    """Run one live socket: the token of the first frame names its principal (`principal_of`), then sub, unsub and
    ping frames until it closes. A token in the URL (the old form) is refused, not used: it has been written to
    access logs on its way. Sockets that have not authenticated yet are capped per address (and each has
    AUTH_DEADLINE_S to do it), and the principal may cap its own (a share link's per address and per link): a
    socket over a cap gets an error frame 100008 and closes with 4429."""
    limiters: Limiters = websocket.app.state.limiters
    address = await client_ip(websocket)
    pending = limiters.sockets_unauthenticated
    if not pending.take(address):
        await websocket.accept()
        await _refuse(websocket, ErrorCode.TOO_MANY_REQUESTS, CLOSE_TOO_MANY)
        return
    try:
        await websocket.accept()
        actor = None
        principal = None
        if "token" not in websocket.query_params:
            token = await _first_frame_token(websocket)
            if token:
                principal = principal_of(token)
                actor = await principal.resolve(websocket, fresh=True)
    finally:
        pending.give(address)
    if actor is None or principal is None or not principal.may_connect(actor):
        refused = principal.refused if principal is not None else None
        await _refuse(websocket, refused, CLOSE_UNAUTHORIZED if actor is None else CLOSE_FORBIDDEN)
        return
    release = principal.admit(limiters, address)
    if release is None:
        await _refuse(websocket, ErrorCode.TOO_MANY_REQUESTS, CLOSE_TOO_MANY)
        return
    try:
        await _run(websocket, principal, actor)
    finally:
        release()


async def _refuse(websocket: WebSocket, code: int | None, close: int) -> None:
    """Close a socket that is not served, first telling why when there is a code to tell."""
    with contextlib.suppress(Exception):
        if code is not None:
            await websocket.send_text(encode(ErrorMessage(code=code)))
        await websocket.close(code=close)


async def _run(websocket: WebSocket, principal: Principal, actor: Actor) -> None:
    telemetry: Telemetry = websocket.app.state.telemetry
    client = _Socket(websocket, telemetry, principal, actor)
    client.start()
    client.sub.offer(encode(ReadyMessage(user_id=actor.user_id)))
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            # A binary frame is as malformed as bad JSON.
            await _handle(client, frame.get("text") or "")
    except WebSocketDisconnect:
        pass
    except RuntimeError:
        # receive after the socket was closed here (too slow, or its rights ended)
        pass
    finally:
        await client.stop()


async def _handle(client: _Socket, raw: str) -> None:
    sub, hub = client.sub, client.telemetry.hub
    try:
        message = orjson.loads(raw)
        if not isinstance(message, dict):
            raise ValueError
    except ValueError:
        sub.offer(encode(ErrorMessage(code=ErrorCode.OPERATION_FAILED)))
        return
    request = _request(message)
    if isinstance(request, PingRequest):
        sub.offer(encode(PongMessage(ts=int(time.time() * 1000))))
    elif isinstance(request, SubRequest):
        if request.messages:
            _watch_messages(client)
        if request.alarms:
            await _watch_alarms(client)
        await _subscribe(client, request)
    elif isinstance(request, UnsubRequest):
        for device_id in request.devices:
            hub.unsubscribe(sub, device_id)
    else:
        sub.offer(encode(ErrorMessage(code=ErrorCode.PARAM_INVALID)))


def _request(message: dict[str, Any]) -> PingRequest | SubRequest | UnsubRequest | None:
    """The frame as a request, read leniently: ids that are not integers are skipped, at most MAX_DEVICES kept; an
    `auth` after the first frame, or an unknown op, is None."""
    op = message.get("op")
    if op == "ping":
        return PingRequest(op="ping")
    if op == "sub":
        devices, sources = _int_list(message.get("devices")), _int_list(message.get("sources"))
        return SubRequest(
            op="sub",
            devices=devices,
            sources=sources,
            alarms=message.get("alarms") is True,
            messages=message.get("messages") is True,
        )
    if op == "unsub":
        return UnsubRequest(op="unsub", devices=_int_list(message.get("devices")))
    return None


def _int_list(value: Any) -> list[int]:
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, int) and not isinstance(v, bool)][:MAX_DEVICES]


async def _current_readable(client: _Socket, ids: list[int] | None) -> set[int]:
    """The readable devices among `ids` (all when None), read after any access change seen meanwhile."""
    readable, _ = await _current(client, ids, with_states=False)
    return readable


async def _current(client: _Socket, ids: list[int] | None, *, with_states: bool) -> tuple[set[int], dict[int, int]]:
    """Readable devices (and their gateways' states), read with no access change pending or arriving meanwhile,
    so the caller may act on them before its next await."""
    sub = client.sub
    while True:
        if not sub.resumed.is_set():
            await sub.resumed.wait()
        epoch = sub.epoch
        readable = await client.principal.readable(client.websocket, client.actor, ids, fresh=True)
        states = await _states(client.websocket, readable) if with_states else {}
        if sub.epoch == epoch and sub.resumed.is_set():
            return readable, states


def _watch_messages(client: _Socket) -> None:
    """The user's inbox changes: a console session's, with the inbox's right (a share link has no inbox)."""
    if client.principal.link_id or not client.actor.can(*MESSAGE_PERMS):
        client.sub.offer(encode(ErrorMessage(code=ErrorCode.NO_PRIVILEGE, messages=True)))
        return
    client.telemetry.hub.watch_messages(client.sub)


async def _watch_alarms(client: _Socket) -> None:
    sub = client.sub
    if not client.actor.can(*ALARM_PERMS):
        sub.offer(encode(ErrorMessage(code=ErrorCode.NO_PRIVILEGE, alarms=True)))
        return
    sub.readable = frozenset(await _current_readable(client, None))
    client.readable_at = time.monotonic()
    client.telemetry.hub.watch_alarms(sub)


async def _subscribe(client: _Socket, request: SubRequest) -> None:
    wanted = request.devices
    if not wanted:
        return
    sub, telemetry = client.sub, client.telemetry
    if not client.actor.can(*VALUES_PERMS):
        for device_id in wanted:
            sub.offer(encode(ErrorMessage(code=ErrorCode.NO_PRIVILEGE, device_id=device_id)))
        return
    sources = frozenset(request.sources) or None
    readable, states = await _current(client, wanted, with_states=True)
    for device_id in wanted:
        if device_id not in readable:
            sub.offer(encode(ErrorMessage(code=ErrorCode.DEVICE_NOT_FOUND, device_id=device_id)))
            continue
        telemetry.hub.subscribe(sub, device_id, sources)
        latest = telemetry.cache.get(device_id)
        values = [
            LiveValue(id=sid, v=v[0], ts=v[1], q=v[2]) for sid, v in latest.items() if sources is None or sid in sources
        ]
        state = telemetry.cache.states.get(device_id, (states.get(device_id, 2), 0))[0]
        sub.offer(encode(SnapshotMessage(device_id=device_id, dev_state=state, values=values)), device_id)


async def _states(websocket: WebSocket, ids: set[int]) -> dict[int, int]:
    async with websocket.app.state.db.sessionmaker() as session:
        return await device_service.gateway_states(session, ids)
