"""Every frame the live channel sends is one of the typed messages of telemetry/ws_schemas.py, byte for byte: a real
session's frames validate against the union and encode back to themselves, and the models keep the wire format."""

import asyncio
import contextlib

import orjson
from fastapi import FastAPI
from websockets.asyncio.client import ClientConnection, connect

from iotyun.core.errors import ErrorCode
from iotyun.telemetry.ws_schemas import (
    ErrorMessage,
    LiveValue,
    RtdMessage,
    SnapshotMessage,
    StateMessage,
    components,
    encode,
    hub_event,
)
from tests.team.factories import Team
from tests.telemetry.factories import FakeGateway, Plant, eventually, now_ms

WS_PATH = "/api/v2/ws/web/rtd"
ALL_KINDS = {"ready", "snapshot", "values", "state", "alarm", "message", "brand", "error", "pong"}


async def frames_until(ws: ClientConnection, kinds: set[str], seen: list[str]) -> None:
    """Read raw frames into `seen` until one of each of `kinds` arrived."""
    async with asyncio.timeout(10):
        while not kinds <= {orjson.loads(raw)["type"] for raw in seen}:
            raw = await ws.recv()
            assert isinstance(raw, str)
            seen.append(raw)


def assert_typed(raw: str) -> None:
    message = RtdMessage.model_validate_json(raw).root
    assert encode(message) == raw


class TestEveryFrameIsTyped:
    async def test_a_session_sends_only_typed_frames(self, app: FastAPI, http: str, team: Team, plant: Plant) -> None:
        p = plant.sources["出水压力"]
        seen: list[str] = []
        async with FakeGateway(app, plant.sn) as gw, connect(f"ws://{http}{WS_PATH}") as ws:
            await ws.send(orjson.dumps({"op": "auth", "token": team.admin.token}).decode())
            await frames_until(ws, {"ready"}, seen)
            await gw.send([{"id": p, "v": 0.5, "ts": now_ms()}])
            await eventually(lambda: app.state.telemetry.cache.get(plant.device_id).get(p))
            await ws.send(
                orjson.dumps(
                    {"op": "sub", "devices": [plant.device_id, 999_999], "alarms": True, "messages": True}
                ).decode()
            )
            await frames_until(ws, {"snapshot", "error"}, seen)
            await team.admin.post("/yun/message/receive/read", json={"all": True})
            await team.admin.put("/yun/individuation", {"platform_name": "Acme"})
            await gw.send([{"id": p, "v": 1.4, "ts": now_ms()}])
            await frames_until(ws, {"values", "alarm"}, seen)
            await ws.send('{"op": "ping"}')
            await ws.send("not json")
            await gw.state("offline")
            await frames_until(ws, ALL_KINDS, seen)
            with contextlib.suppress(Exception):
                await ws.close()
        for raw in seen:
            assert_typed(raw)

    async def test_a_narrowed_subscription_gets_typed_values(
        self, app: FastAPI, http: str, team: Team, plant: Plant
    ) -> None:
        p = plant.sources["出水压力"]
        seen: list[str] = []
        async with FakeGateway(app, plant.sn) as gw, connect(f"ws://{http}{WS_PATH}") as ws:
            await ws.send(orjson.dumps({"op": "auth", "token": team.admin.token}).decode())
            await frames_until(ws, {"ready"}, seen)
            await ws.send(orjson.dumps({"op": "sub", "devices": [plant.device_id], "sources": [p]}).decode())
            await frames_until(ws, {"snapshot"}, seen)
            await gw.send([{"id": p, "v": 7, "ts": now_ms()}])
            await frames_until(ws, {"values"}, seen)
        for raw in seen:
            assert_typed(raw)


class TestWireFormat:
    def test_errors_leave_out_what_does_not_apply(self) -> None:
        assert encode(ErrorMessage(code=ErrorCode.PARAM_INVALID)) == '{"type":"error","code":100004}'
        assert encode(ErrorMessage(code=110506, device_id=3)) == '{"type":"error","code":110506,"device_id":3}'
        assert encode(ErrorMessage(code=100015, alarms=True)) == '{"type":"error","code":100015,"alarms":true}'
        assert encode(ErrorMessage(code=100015, messages=True)) == '{"type":"error","code":100015,"messages":true}'

    def test_values_keep_their_json_type(self) -> None:
        values = [
            LiveValue(id=1, v=True, ts=1, q=0),
            LiveValue(id=2, v=1, ts=1, q=0),
            LiveValue(id=3, v=1.0, ts=1, q=0),
        ]
        raw = encode(SnapshotMessage(device_id=5, dev_state=1, values=values))
        assert orjson.loads(raw)["values"] == [
            {"id": 1, "v": True, "ts": 1, "q": 0},
            {"id": 2, "v": 1, "ts": 1, "q": 0},
            {"id": 3, "v": 1.0, "ts": 1, "q": 0},
        ]
        assert '"v":1.0' in raw and '"v":true' in raw

    def test_hub_events_are_the_frames_as_dicts(self) -> None:
        state = StateMessage(device_id=4, dev_state=2, ts=9)
        assert hub_event(state) == {"type": "state", "device_id": 4, "dev_state": 2, "ts": 9}


class TestOpenApi:
    def test_the_unions_and_their_members_are_components(self, app: FastAPI) -> None:
        schemas = app.openapi()["components"]["schemas"]
        assert set(schemas["RtdMessage"]["discriminator"]["mapping"]) == ALL_KINDS
        assert set(schemas["RtdRequest"]["discriminator"]["mapping"]) == {"auth", "sub", "unsub", "ping"}
        assert all(schemas[name] == definition for name, definition in components().items())
