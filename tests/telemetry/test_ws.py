"""The live channel /api/v2/ws/web/rtd over a real server socket: the token comes in the first frame (never the URL),
snapshot then pushes of values, state and alarms for readable devices only; a client that stops reading is dropped
without slowing the others; and a socket loses a device the moment the right that let it read the device ends."""

import asyncio
import contextlib
import itertools
import socket
from collections.abc import AsyncIterator, Callable
from typing import Any

import orjson
import pytest
import uvicorn
from fastapi import FastAPI
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from iotyun.core import limits
from iotyun.telemetry import ws as ws_module
from tests.conftest import Api
from tests.team.factories import PASSWORD, Team
from tests.telemetry.factories import FakeGateway, Plant, eventually, now_ms

Message = dict[str, Any]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
async def server(app: FastAPI) -> AsyncIterator[str]:
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off", log_config=None, ws="websockets-sansio")
    srv = uvicorn.Server(config)
    task = asyncio.create_task(srv.serve())
    while not srv.started:  # noqa: ASYNC110 - uvicorn offers no start event
        await asyncio.sleep(0.02)
    yield f"ws://127.0.0.1:{port}/api/v2/ws/web/rtd"
    srv.should_exit = True
    await task


def dumps(message: Message) -> str:
    return orjson.dumps(message).decode()


async def receive(ws: ClientConnection, kind: str, within: float = 10) -> Message:
    async with asyncio.timeout(within):
        while True:
            message: Message = orjson.loads(await ws.recv())
            if message["type"] == kind:
                return message


@contextlib.asynccontextmanager
async def live(server: str, token: str | None) -> AsyncIterator[ClientConnection]:
    """A socket authenticated by its first frame (the documented form)."""
    async with connect(server) as ws:
        await ws.send(dumps({"op": "auth", "token": token}))
        await receive(ws, "ready")
        yield ws


async def closed_with(ws: ClientConnection, within: float = 10) -> int | None:
    with contextlib.suppress(ConnectionClosed):
        async with asyncio.timeout(within):
            while True:
                await ws.recv()
    return ws.close_code


class TestLive:
    async def test_snapshot_values_state_and_alarms(self, app: FastAPI, server: str, team: Team, plant: Plant) -> None:
        p = plant.sources["出水压力"]
        async with FakeGateway(app, plant.sn) as gw, live(server, team.admin.token) as ws:
            await gw.send([{"id": p, "v": 0.5, "ts": now_ms()}])
            await eventually(lambda: app.state.telemetry.cache.get(plant.device_id).get(p))
            await ws.send(dumps({"op": "sub", "devices": [plant.device_id]}))
            snap = await receive(ws, "snapshot")
            assert snap["device_id"] == plant.device_id and snap["values"][0]["v"] == 0.5
            await ws.send(dumps({"op": "sub", "alarms": True}))
            await gw.send([{"id": p, "v": 1.4, "ts": now_ms()}])
            values = await receive(ws, "values")
            assert values["values"] == [{"id": p, "v": 1.4, "ts": values["values"][0]["ts"], "q": 0}]
            alarm = await receive(ws, "alarm")
            assert alarm["alarm"]["alarm_type"] == 1 and alarm["alarm"]["device_id"] == plant.device_id
            await ws.send('{"op": "ping"}')
            assert (await receive(ws, "pong"))["ts"] > 0
            await ws.send("not json")
            assert (await receive(ws, "error"))["code"] == 100002
            await gw.state("offline")
            state = await receive(ws, "state")
            assert state["dev_state"] == 2

    async def test_only_readable_devices(self, server: str, plant: Plant, other_tenant: Api) -> None:
        async with live(server, other_tenant.token) as ws:
            await ws.send(dumps({"op": "sub", "devices": [plant.device_id]}))
            error = await receive(ws, "error")
            assert error == {"type": "error", "code": 110506, "device_id": plant.device_id}

    async def test_a_slow_client_is_dropped_and_others_keep_up(
        self, app: FastAPI, server: str, team: Team, plant: Plant
    ) -> None:
        hub = app.state.telemetry.hub
        async with live(server, team.admin.token) as slow, live(server, team.admin.token) as fast:
            # the slow client narrows to one source, which tells its subscription apart below
            await slow.send(dumps({"op": "sub", "devices": [plant.device_id], "sources": [1]}))
            await receive(slow, "snapshot")
            await fast.send(dumps({"op": "sub", "devices": [plant.device_id]}))
            await receive(fast, "snapshot")
            subs = list(hub.by_device[plant.device_id])
            assert len(subs) == 2
            # The slow one's queue is full (its reader stopped); the next event drops it.
            slow_sub = next(s for s in subs if s.devices[plant.device_id] is not None)
            for _ in range(1000):
                slow_sub.queue.put_nowait((None, False, "{}"))
            await hub.publish(
                {"type": "values", "device_id": plant.device_id, "values": [{"id": 1, "v": 1, "ts": 1, "q": 0}]}
            )
            got = await receive(fast, "values")
            assert got["values"][0]["v"] == 1
            assert await closed_with(slow, within=5) == 4408


class TestToken:
    """The token travels in the first frame; a token in the URL is refused (URLs are written to access logs)."""

    async def test_first_frame_authenticates(self, server: str, team: Team) -> None:
        async with live(server, team.admin.token) as ws:
            await ws.send('{"op": "ping"}')
            assert (await receive(ws, "pong"))["ts"] > 0

    async def test_token_in_the_url_is_refused(self, app: FastAPI, server: str, team: Team) -> None:
        async with connect(f"{server}?token={team.admin.token}") as ws:
            # Even with the right first frame: the URL form is not silently accepted.
            with contextlib.suppress(ConnectionClosed):
                await ws.send(dumps({"op": "auth", "token": team.admin.token}))
            assert await closed_with(ws) == 4401
        assert not app.state.telemetry.hub.clients

    @pytest.mark.parametrize(
        "first",
        [
            dumps({"op": "auth", "token": "nope"}),
            dumps({"op": "auth", "token": ""}),
            dumps({"op": "auth"}),
            dumps({"op": "sub", "devices": [1]}),
            "not json",
        ],
    )
    async def test_a_bad_first_frame_closes_4401(self, server: str, first: str) -> None:
        async with connect(server) as ws:
            await ws.send(first)
            assert await closed_with(ws) == 4401

    async def test_no_first_frame_in_time_closes_4401(self, server: str, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(ws_module, "AUTH_DEADLINE_S", 0.3)
        async with connect(server) as ws:
            assert await closed_with(ws) == 4401

    async def test_without_p10000_or_p73000_closes_4403(self, server: str, team: Team) -> None:
        await team.role("lister", ["P30000"])
        await team.user("carol", "lister")
        as_carol = await team.login("carol")
        async with connect(server) as ws:
            await ws.send(dumps({"op": "auth", "token": as_carol.token}))
            assert await closed_with(ws) == 4403

    async def test_a_binary_frame_is_malformed(self, server: str, team: Team) -> None:
        async with live(server, team.admin.token) as ws:
            await ws.send(b"\x00\x01")
            assert (await receive(ws, "error"))["code"] == 100002

    async def test_a_revoked_token_closes_4401(self, server: str, team: Team) -> None:
        bob = await team.user("bob")
        session = await team.login("bob")
        token = session.token
        assert (await session.post("/yun/user/logout"))["meta"]["success"] == 1
        async with connect(server) as ws:
            await ws.send(dumps({"op": "auth", "token": token}))
            assert await closed_with(ws) == 4401
        assert bob["id"]


# --- live sockets follow the rights ------------------------------------------------------------------------------

_markers = itertools.count(1000)


async def push(app: FastAPI, device_id: int) -> int:
    """Publish a value (and an alarm) of the device as ingest would; the value is a marker unique to the call."""
    marker = next(_markers)
    hub = app.state.telemetry.hub
    await hub.publish({"type": "values", "device_id": device_id, "values": [{"id": 1, "v": marker, "ts": 1, "q": 0}]})
    alarm = {"id": marker, "device_id": device_id, "alarm_type": 1, "alarm_name": "x", "value": marker}
    await hub.publish({"type": "alarm", "alarm": alarm})
    return marker


def about(message: Message, device_id: int, *, alarms: bool = True) -> bool:
    """A message carrying data of the device (values, snapshot, state, or alarm unless `alarms` is False)."""
    if message["type"] == "alarm":
        return alarms and bool(message["alarm"]["device_id"] == device_id)
    return message["type"] in ("values", "snapshot", "state") and message.get("device_id") == device_id


async def watch(ws: ClientConnection, device_id: int) -> None:
    await ws.send(dumps({"op": "sub", "devices": [device_id]}))
    await ws.send(dumps({"op": "sub", "alarms": True}))
    snapshot = await receive(ws, "snapshot")
    assert snapshot["device_id"] == device_id


async def streams(app: FastAPI, ws: ClientConnection, device_id: int) -> None:
    """The socket receives the device's next value and alarm."""
    marker = await push(app, device_id)
    got_value = got_alarm = False
    async with asyncio.timeout(10):
        while not (got_value and got_alarm):
            message: Message = orjson.loads(await ws.recv())
            got_value |= message["type"] == "values" and message["values"][0]["v"] == marker
            got_alarm |= message["type"] == "alarm" and message["alarm"]["id"] == marker


async def collect(ws: ClientConnection, done: Callable[[list[Message]], bool], within: float = 10) -> list[Message]:
    """Everything the socket receives until `done` holds or it closes (bounded)."""
    seen: list[Message] = []
    with contextlib.suppress(ConnectionClosed):
        async with asyncio.timeout(within):
            while not done(seen):
                seen.append(orjson.loads(await ws.recv()))
    return seen


async def assert_loses_device(app: FastAPI, ws: ClientConnection, device_id: int, code: int = 110506) -> None:
    """Called right after the change's answer: nothing of the device arrives any more, and the socket is told.
    After 100015 (values no longer permitted, the device still readable) its alarms still come (P73000)."""
    alarms = code != 100015
    await push(app, device_id)
    await ws.send('{"op": "ping"}')
    told = {"type": "error", "code": code, "device_id": device_id}
    seen = await collect(ws, lambda s: told in s and any(m["type"] == "pong" for m in s))
    assert told in seen and any(m["type"] == "pong" for m in seen), seen
    assert not [m for m in seen if about(m, device_id, alarms=alarms)], seen
    # And later pushes do not arrive either.
    await push(app, device_id)
    await ws.send('{"op": "ping"}')
    later = await collect(ws, lambda s: any(m["type"] == "pong" for m in s))
    assert not [m for m in later if about(m, device_id, alarms=alarms)], later


async def assert_session_closed(app: FastAPI, ws: ClientConnection, device_id: int, code: int = 4401) -> None:
    """Called right after the change's answer: nothing of the device arrives any more and the socket closes (4401:
    the session ended; 4403: the user holds no permission of the live channel any more)."""
    await push(app, device_id)
    seen = await collect(ws, lambda _: False)
    assert ws.close_code == code, seen
    assert not [m for m in seen if about(m, device_id)], seen


def ok(body: dict[str, Any]) -> Any:
    assert body["meta"]["success"] == 1, body
    return body.get("data")


class TestFollowsRights:
    async def test_share_withdrawn(
        self, app: FastAPI, server: str, team: Team, plant: Plant, other_tenant: Api
    ) -> None:
        ok(await team.admin.post("/dev/share", {"device_ids": [plant.device_id], "accounts": ["mallory"]}))
        async with live(server, other_tenant.token) as guest, live(server, team.admin.token) as owner:
            await watch(guest, plant.device_id)
            await watch(owner, plant.device_id)
            await streams(app, guest, plant.device_id)
            params = {"device_id": plant.device_id, "user_id": other_tenant.user_id}
            ok(await team.admin.call("DELETE", "/dev/share", params=params))
            await assert_loses_device(app, guest, plant.device_id)
            await streams(app, owner, plant.device_id)

    async def test_share_dropped_by_its_receiver(
        self, app: FastAPI, server: str, team: Team, plant: Plant, other_tenant: Api
    ) -> None:
        ok(await team.admin.post("/dev/share", {"device_ids": [plant.device_id], "accounts": ["mallory"]}))
        async with live(server, other_tenant.token) as guest:
            await watch(guest, plant.device_id)
            await streams(app, guest, plant.device_id)
            ok(await other_tenant.call("DELETE", "/dev/share/received", params={"device_id": plant.device_id}))
            await assert_loses_device(app, guest, plant.device_id)

    async def test_distribution_removed(self, app: FastAPI, server: str, team: Team, plant: Plant) -> None:
        bob = await team.user("bob")
        as_bob = await team.login("bob")
        body = {"device_ids": [plant.device_id], "user_ids": [bob["id"]]}
        ok(await team.admin.post("/dev/distribution", body))
        async with live(server, as_bob.token) as ws, live(server, team.admin.token) as owner:
            await watch(ws, plant.device_id)
            await watch(owner, plant.device_id)
            await streams(app, ws, plant.device_id)
            ok(await team.admin.post("/dev/distribution/cancel", body))
            await assert_loses_device(app, ws, plant.device_id)
            await streams(app, owner, plant.device_id)

    async def test_device_transferred(
        self, app: FastAPI, server: str, team: Team, plant: Plant, other_tenant: Api
    ) -> None:
        async with live(server, team.admin.token) as old_owner:
            await watch(old_owner, plant.device_id)
            await streams(app, old_owner, plant.device_id)
            ok(await team.admin.post("/dev/transfer", {"device_ids": [plant.device_id], "account": "mallory"}))
            await assert_loses_device(app, old_owner, plant.device_id)
            async with live(server, other_tenant.token) as new_owner:
                await watch(new_owner, plant.device_id)
                await streams(app, new_owner, plant.device_id)

    async def test_role_permission_removed(self, app: FastAPI, server: str, team: Team, plant: Plant) -> None:
        role_id = await team.role("viewer", ["P10000", "P73000"])
        carol = await team.user("carol", "viewer")
        as_carol = await team.login("carol")
        ok(await team.admin.post("/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [carol["id"]]}))
        async with live(server, as_carol.token) as ws, live(server, team.admin.token) as owner:
            await watch(ws, plant.device_id)
            await watch(owner, plant.device_id)
            await streams(app, ws, plant.device_id)
            # Device values need P10000; the real-time fault page (P73000) keeps the socket open for alarms.
            ok(await team.admin.put(f"/yun/user/role/{role_id}", {"name": "viewer", "permissions": ["P73000"]}))
            await assert_loses_device(app, ws, plant.device_id, code=100015)
            await streams(app, owner, plant.device_id)

    async def test_role_changed(self, app: FastAPI, server: str, team: Team, plant: Plant) -> None:
        await team.role("lister", ["P30000"])
        carol = await team.user("carol")
        as_carol = await team.login("carol")
        ok(await team.admin.post("/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [carol["id"]]}))
        async with live(server, as_carol.token) as ws, live(server, team.admin.token) as owner:
            await watch(ws, plant.device_id)
            await watch(owner, plant.device_id)
            await streams(app, ws, plant.device_id)
            # Neither device values (P10000) nor alarms (P73000) any more: the socket closes.
            ok(await team.admin.put(f"/yun/userInfo/{carol['id']}", {"role_id": team.roles["lister"]}))
            await assert_session_closed(app, ws, plant.device_id, code=4403)
            await streams(app, owner, plant.device_id)

    async def test_secondary_administrator_loses_a_moved_user_s_device(
        self, app: FastAPI, server: str, team: Team, plant: Plant
    ) -> None:
        group = await team.group("east")
        await team.user("dave", "administrator2", group_id=group)
        bob = await team.user("bob", "user", group_id=group)
        ok(await team.admin.post("/dev/transfer", {"device_ids": [plant.device_id], "account": "bob"}))
        as_dave, as_bob = await team.login("dave"), await team.login("bob")
        async with live(server, as_dave.token) as ws, live(server, as_bob.token) as owner:
            await watch(ws, plant.device_id)
            await watch(owner, plant.device_id)
            await streams(app, ws, plant.device_id)
            # bob leaves dave's group: dave no longer reads bob's device
            ok(await team.admin.put(f"/yun/userInfo/{bob['id']}", {"group_id": None}))
            await assert_loses_device(app, ws, plant.device_id)
            await streams(app, owner, plant.device_id)

    async def test_unregistered(self, app: FastAPI, server: str, team: Team, plant: Plant) -> None:
        bob = await team.user("bob")
        as_bob = await team.login("bob")
        ok(await team.admin.post("/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [bob["id"]]}))
        async with live(server, as_bob.token) as ws:
            await watch(ws, plant.device_id)
            await streams(app, ws, plant.device_id)
            ok(await team.admin.call("DELETE", "/dev/register", params={"id": plant.device_id}))
            await assert_loses_device(app, ws, plant.device_id)

    async def test_user_deleted(self, app: FastAPI, server: str, team: Team, plant: Plant) -> None:
        bob = await team.user("bob")
        as_bob = await team.login("bob")
        ok(await team.admin.post("/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [bob["id"]]}))
        async with live(server, as_bob.token) as ws, live(server, team.admin.token) as owner:
            await watch(ws, plant.device_id)
            await watch(owner, plant.device_id)
            await streams(app, ws, plant.device_id)
            ok(await team.admin.call("DELETE", f"/yun/userInfo/{bob['id']}"))
            await assert_session_closed(app, ws, plant.device_id)
            await streams(app, owner, plant.device_id)

    async def test_logout(self, app: FastAPI, server: str, team: Team, plant: Plant) -> None:
        first = await team.login("alice")
        async with live(server, first.token) as ws, live(server, team.admin.token) as other:
            await watch(ws, plant.device_id)
            await watch(other, plant.device_id)
            await streams(app, ws, plant.device_id)
            ok(await first.post("/yun/user/logout"))
            await assert_session_closed(app, ws, plant.device_id)
            await streams(app, other, plant.device_id)

    async def test_account_locked(self, app: FastAPI, server: str, team: Team, plant: Plant) -> None:
        bob = await team.user("bob")
        as_bob = await team.login("bob")
        ok(await team.admin.post("/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [bob["id"]]}))
        async with live(server, as_bob.token) as ws, live(server, team.admin.token) as owner:
            await watch(ws, plant.device_id)
            await watch(owner, plant.device_id)
            await streams(app, ws, plant.device_id)
            ok(await team.admin.put(f"/yun/userInfo/{bob['id']}/active", {"is_active": 0}))
            await assert_session_closed(app, ws, plant.device_id)
            await streams(app, owner, plant.device_id)

    async def test_password_changed_ends_the_other_sessions(
        self, app: FastAPI, server: str, team: Team, plant: Plant
    ) -> None:
        bob = await team.user("bob")
        one, two = await team.login("bob"), await team.login("bob")
        ok(await team.admin.post("/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [bob["id"]]}))
        async with live(server, one.token) as kept, live(server, two.token) as ended:
            await watch(kept, plant.device_id)
            await watch(ended, plant.device_id)
            await streams(app, ended, plant.device_id)
            body = {"old_password": PASSWORD, "password": "newpass456", "password2": "newpass456"}
            ok(await one.put("/yun/user/edit/pwd", body))
            await assert_session_closed(app, ended, plant.device_id)
            await streams(app, kept, plant.device_id)

    async def test_simulated_login_ended(self, app: FastAPI, server: str, team: Team, plant: Plant) -> None:
        bob = await team.user("bob")
        ok(await team.admin.post("/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [bob["id"]]}))
        as_bob = team.new_api()
        as_bob.adopt(ok(await team.admin.post("/yun/v2/user/login/simulate", {"user_id": bob["id"]})))
        async with live(server, as_bob.token) as ws, live(server, team.admin.token) as admin:
            await watch(ws, plant.device_id)
            await watch(admin, plant.device_id)
            await streams(app, ws, plant.device_id)
            ok(await as_bob.call("DELETE", "/yun/v2/user/login/simulate"))
            await assert_session_closed(app, ws, plant.device_id)
            await streams(app, admin, plant.device_id)

    async def test_a_change_behind_the_services_back_is_caught_within_seconds(
        self, app: FastAPI, server: str, team: Team, plant: Plant, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A right taken away without a notice (a manual SQL edit) still ends the stream: the periodic re-check."""
        from sqlalchemy import update

        from iotyun.auth.models import UserToken
        from iotyun.core.db import utcnow

        monkeypatch.setattr(ws_module, "RECHECK_S", 0.2)
        bob = await team.user("bob")
        as_bob = await team.login("bob")
        ok(await team.admin.post("/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [bob["id"]]}))
        async with live(server, as_bob.token) as ws:
            await watch(ws, plant.device_id)
            await streams(app, ws, plant.device_id)
            async with app.state.db.engine.begin() as conn:
                await conn.execute(update(UserToken).where(UserToken.user_id == bob["id"]).values(revoked_at=utcnow()))
            assert await closed_with(ws) == 4401


class TestSocketCaps:
    """Sockets that have not authenticated are capped per client address (100 such sockets from one address were all
    held open before): one over the cap gets an error frame 100008 and closes with 4429; authenticating or closing
    frees a place (docs/api-telemetry.md "Limits")."""

    async def test_unauthenticated_sockets_per_address(
        self, app: FastAPI, server: str, team: Team, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        # The deadline to authenticate is not what is tested here: a busy machine must not free a place by it.
        monkeypatch.setattr(ws_module, "AUTH_DEADLINE_S", 300.0)
        cap = limits.WS_UNAUTHENTICATED_PER_ADDRESS
        pending = app.state.limiters.sockets_unauthenticated
        async with contextlib.AsyncExitStack() as stack:
            waiting = [await stack.enter_async_context(connect(server)) for _ in range(cap)]
            assert pending.held("127.0.0.1") == cap
            async with connect(server) as over:
                assert orjson.loads(await over.recv()) == {"type": "error", "code": 100008}
                assert await closed_with(over) == 4429
            # A waiting socket still authenticates, and that frees its place.
            await waiting[0].send(dumps({"op": "auth", "token": team.admin.token}))
            await receive(waiting[0], "ready")
            assert pending.held("127.0.0.1") == cap - 1
            async with live(server, team.admin.token) as ws:
                await ws.send(dumps({"op": "ping"}))
                await receive(ws, "pong")
            # Closing a waiting socket frees its place too.
            await waiting[1].close()
            await eventually(lambda: pending.held("127.0.0.1") == cap - 2)
            extra = await stack.enter_async_context(connect(server))
            await extra.send(dumps({"op": "auth", "token": team.admin.token}))
            await receive(extra, "ready")
        await eventually(lambda: pending.held("127.0.0.1") == 0)

    async def test_the_deadline_to_authenticate(
        self, app: FastAPI, server: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(ws_module, "AUTH_DEADLINE_S", 0.2)
        async with connect(server) as ws:
            assert await closed_with(ws) == 4401
        await eventually(lambda: app.state.limiters.sockets_unauthenticated.held("127.0.0.1") == 0)
