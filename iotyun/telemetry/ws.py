"""The live channel /v2/ws/web/rtd: a console tab subscribes to devices (and alarms) and receives their values,
state changes and alarms as they are ingested (docs/api-telemetry.md "WebSocket")."""

import asyncio
import contextlib
import logging
import time
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from iotyun.auth import service as auth_service
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.tenancy import bind_tenant
from iotyun.devices import service as device_service
from iotyun.telemetry import repository as repo
from iotyun.telemetry.realtime import Subscriber, encode
from iotyun.telemetry.runtime import Telemetry

log = logging.getLogger("iotyun.telemetry.ws")

# Not in api.ROUTERS (those are HTTP routes, each with a permission marker): the socket authenticates itself.
ws_router = APIRouter()

CLOSE_UNAUTHORIZED = 4401
CLOSE_TOO_SLOW = 4408
MAX_DEVICES = 500
READABLE_REFRESH_S = 30.0


async def _readable_ids(websocket: WebSocket, actor: Actor, ids: list[int] | None = None) -> set[int]:
    async with websocket.app.state.db.sessionmaker() as session:
        bind_tenant(session, actor.tenant_id)
        return await repo.readable_device_ids(session, actor, ids)


async def _authenticate(websocket: WebSocket) -> Actor | None:
    token = websocket.query_params.get("token", "")
    try:
        async with websocket.app.state.db.sessionmaker() as session:
            return await auth_service.actor_for_token(session, token)
    except AppError:
        return None


@ws_router.websocket("/v2/ws/web/rtd")
async def realtime(websocket: WebSocket) -> None:
    actor = await _authenticate(websocket)
    if actor is None:
        await websocket.close(code=CLOSE_UNAUTHORIZED)
        return
    await websocket.accept()
    telemetry: Telemetry = websocket.app.state.telemetry
    hub = telemetry.hub
    sub = Subscriber(user_id=actor.user_id)
    sub.on_drop = lambda: _background(_close_slow(websocket, sub))
    sender = asyncio.create_task(_send(websocket, sub))
    try:
        last_refresh = 0.0
        while True:
            raw = await websocket.receive_text()
            try:
                message = orjson.loads(raw)
                if not isinstance(message, dict):
                    raise ValueError
            except ValueError:
                sub.offer(encode({"type": "error", "code": int(ErrorCode.OPERATION_FAILED)}))
                continue
            op = message.get("op")
            if op == "ping":
                sub.offer(encode({"type": "pong", "ts": int(time.time() * 1000)}))
            elif op == "sub":
                if message.get("alarms") is True:
                    if time.monotonic() - last_refresh > READABLE_REFRESH_S:
                        sub.readable = frozenset(await _readable_ids(websocket, actor))
                        last_refresh = time.monotonic()
                    hub.watch_alarms(sub)
                await _subscribe(websocket, telemetry, actor, sub, message)
            elif op == "unsub":
                for device_id in _int_list(message.get("devices")):
                    hub.unsubscribe(sub, device_id)
            else:
                sub.offer(encode({"type": "error", "code": int(ErrorCode.PARAM_INVALID)}))
            if sub.alarms and time.monotonic() - last_refresh > READABLE_REFRESH_S:
                sub.readable = frozenset(await _readable_ids(websocket, actor))
                last_refresh = time.monotonic()
    except WebSocketDisconnect:
        pass
    except RuntimeError:
        # receive after the sender closed a too-slow client
        pass
    finally:
        hub.remove(sub)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


_BACKGROUND: set[asyncio.Task[None]] = set()


def _background(coro: Any) -> None:
    task = asyncio.get_running_loop().create_task(coro)
    _BACKGROUND.add(task)
    task.add_done_callback(_BACKGROUND.discard)


def _int_list(value: Any) -> list[int]:
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, int) and not isinstance(v, bool)][:MAX_DEVICES]


async def _subscribe(
    websocket: WebSocket, telemetry: Telemetry, actor: Actor, sub: Subscriber, message: dict[str, Any]
) -> None:
    wanted = _int_list(message.get("devices"))
    if not wanted:
        return
    sources = frozenset(_int_list(message.get("sources"))) or None
    readable = await _readable_ids(websocket, actor, wanted)
    states = await _states(websocket, readable)
    for device_id in wanted:
        if device_id not in readable:
            sub.offer(encode({"type": "error", "code": int(ErrorCode.DEVICE_NOT_FOUND), "device_id": device_id}))
            continue
        telemetry.hub.subscribe(sub, device_id, sources)
        latest = telemetry.cache.get(device_id)
        values = [
            {"id": sid, "v": v[0], "ts": v[1], "q": v[2]}
            for sid, v in latest.items()
            if sources is None or sid in sources
        ]
        state = telemetry.cache.states.get(device_id, (states.get(device_id, 2), 0))[0]
        sub.offer(encode({"type": "snapshot", "device_id": device_id, "dev_state": state, "values": values}))


async def _states(websocket: WebSocket, ids: set[int]) -> dict[int, int]:
    async with websocket.app.state.db.sessionmaker() as session:
        return await device_service.gateway_states(session, ids)


async def _send(websocket: WebSocket, sub: Subscriber) -> None:
    try:
        while True:
            message = await sub.queue.get()
            if sub.dropped:
                return
            await websocket.send_text(message)
    except (WebSocketDisconnect, RuntimeError):
        return


async def _close_slow(websocket: WebSocket, sub: Subscriber) -> None:
    log.info("dropping a live client of user %s: %d messages behind", sub.user_id, sub.queue.qsize())
    with contextlib.suppress(Exception):
        await websocket.close(code=CLOSE_TOO_SLOW)
