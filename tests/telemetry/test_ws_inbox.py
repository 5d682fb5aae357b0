"""Inbox pushes on the live channel (issue 32 point 3, docs/api-messages.md "The bell"): a socket that subscribed with
`messages` hears a `message` frame the moment a message for its user is committed, or its user reads or deletes
messages elsewhere; never another user's, never for a write that rolled back; a role without the inbox's right is
refused, and loses the pushes when the right is taken away."""

import asyncio

import orjson
from fastapi import FastAPI
from websockets.asyncio.client import ClientConnection

from iotyun.core.errors import ErrorCode
from iotyun.core.tenancy import system_session
from iotyun.messages import service
from tests.devices.factories import ok
from tests.team.factories import Team
from tests.telemetry.factories import FakeGateway, Plant, eventually, now_ms
from tests.telemetry.test_ws import dumps, live, receive, server

__all__ = ["server"]

SUB = {"op": "sub", "messages": True}


async def quiet(ws: ClientConnection) -> list[str]:
    """The frame types that arrive before the answer to a ping: what was queued for this socket until now."""
    await ws.send(dumps({"op": "ping"}))
    seen: list[str] = []
    async with asyncio.timeout(10):
        while (kind := orjson.loads(await ws.recv())["type"]) != "pong":
            seen.append(kind)
    return seen


async def subscribed(ws: ClientConnection) -> None:
    await ws.send(dumps(SUB))
    assert await quiet(ws) == []


async def test_a_message_reaches_its_recipients_sockets_only(app: FastAPI, server: str, team: Team) -> None:
    ann = await team.user("ann")
    await team.user("ben")
    ann_api, ben_api = await team.login("ann"), await team.login("ben")
    async with (
        live(server, ann_api.token) as ann_ws,
        live(server, ann_api.token) as ann_tab2,
        live(server, ben_api.token) as ben_ws,
    ):
        for ws in (ann_ws, ann_tab2, ben_ws):
            await subscribed(ws)
        ok(await team.admin.post("/yun/message/send", json={"title": "t", "body": "b", "user_ids": [ann["id"]]}))
        assert await receive(ann_ws, "message") == {"type": "message"}
        assert await receive(ann_tab2, "message") == {"type": "message"}
        assert await quiet(ben_ws) == []
        # Read in one tab: every tab of hers hears it, and nobody else.
        ok(await ann_api.post("/yun/message/receive/read", json={"all": True}))
        assert await receive(ann_ws, "message") == {"type": "message"}
        assert await receive(ann_tab2, "message") == {"type": "message"}
        assert await quiet(ben_ws) == []


async def test_a_delivery_that_rolls_back_tells_nobody(app: FastAPI, server: str, team: Team) -> None:
    ann = await team.user("ann")
    ann_api = await team.login("ann")
    assert ann_api.tenant_id is not None
    async with live(server, ann_api.token) as ws:
        await subscribed(ws)
        async with system_session(app.state.db.sessionmaker) as s:
            await service.deliver(s, ann_api.tenant_id, [ann["id"]], "export", text_key="k")
            await s.rollback()
        assert await quiet(ws) == []
        async with system_session(app.state.db.sessionmaker) as s:
            await service.deliver(s, ann_api.tenant_id, [ann["id"]], "export", text_key="k")
            await s.commit()
        assert await receive(ws, "message") == {"type": "message"}


async def test_the_inbox_right_is_needed_and_followed(app: FastAPI, server: str, team: Team) -> None:
    role_id = await team.role("viewer", ["P00000", "P10000"])
    ann = await team.user("ann", "viewer")
    ann_api = await team.login("ann")
    async with live(server, ann_api.token) as ws:
        await ws.send(dumps(SUB))
        refused = await receive(ws, "error")
        assert refused == {"type": "error", "code": ErrorCode.NO_PRIVILEGE, "messages": True}
    ok(await team.admin.put(f"/yun/user/role/{role_id}", {"name": "viewer", "permissions": ["P00000", "P71000"]}))
    ann_api = await team.login("ann")
    async with live(server, ann_api.token) as ws:
        await subscribed(ws)
        # The right taken away: the socket is told, and hears nothing more of the inbox.
        ok(await team.admin.put(f"/yun/user/role/{role_id}", {"name": "viewer", "permissions": ["P00000", "P10000"]}))
        assert await receive(ws, "error") == {"type": "error", "code": ErrorCode.NO_PRIVILEGE, "messages": True}
        assert ann_api.tenant_id is not None
        async with system_session(app.state.db.sessionmaker) as s:
            await service.deliver(s, ann_api.tenant_id, [ann["id"]], "export", text_key="k")
            await s.commit()
        assert await quiet(ws) == []


async def test_an_alarm_confirmed_or_shelved_by_a_request_is_pushed_after_the_commit(
    app: FastAPI, server: str, team: Team, plant: Plant
) -> None:
    """Another console (another user reading the device) hears a confirmation or a shelving at once, so its bell,
    banner and list drop the alarm; a request that is refused pushes nothing."""
    p = plant.sources["出水压力"]
    async with FakeGateway(app, plant.sn) as gw:
        await gw.send([{"id": p, "v": 1.4, "ts": now_ms()}])
        await eventually(lambda: app.state.telemetry.alarms.produced)
    await app.state.telemetry.alarms.drain()
    (alarm,) = ok(await team.admin.get("/rAlarmDev"))["items"]
    async with live(server, team.admin.token) as ws:
        await ws.send(dumps({"op": "sub", "alarms": True}))
        assert await quiet(ws) == []
        ok(await team.admin.post("/rAlarmDev/shelve", {"ids": [alarm["id"]], "minutes": 30, "reason": "检修"}))
        shelved = (await receive(ws, "alarm"))["alarm"]
        assert (shelved["id"], shelved["shelve_reason"]) == (alarm["id"], "检修")
        ok(await team.admin.call("DELETE", "/rAlarmDev/shelve", json={"ids": [alarm["id"]]}))
        assert (await receive(ws, "alarm"))["alarm"]["shelved_until"] is None
        ok(await team.admin.post("/rAlarmDev/confirmation", {"ids": [alarm["id"]], "note": "已处理"}))
        confirmed = (await receive(ws, "alarm"))["alarm"]
        assert (confirmed["alarm_type"], confirmed["alarm_note"]) == (3, "已处理")
        # Refused (already confirmed): nothing pushed.
        assert (await team.admin.post("/rAlarmDev/confirmation", {"ids": [alarm["id"]]}))["meta"]["success"] == 0
        assert await quiet(ws) == []
