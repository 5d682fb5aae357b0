"""A gateway's VPN from the console (issue 34 point 5, docs/device-protocol.md "VPN"): POST /dev/vpn sends the
command on the gateway's `vpn` topic and answers what the gateway acknowledged; each refusal has its code, changes
nothing and is in the device log; the state and client IP also follow the gateway's state messages."""

import asyncio
from typing import Any

import orjson
import pytest
from fastapi import FastAPI
from sqlalchemy import select

from iotyun.devices.models import DEV_OFFLINE, DEV_ONLINE, Gateway
from iotyun.telemetry.ingest import vpn_report
from tests.conftest import Api, code
from tests.devices.factories import Site, logs
from tests.team.factories import Team
from tests.templates.factories import ok

PATH = "/dev/vpn"


class Wire:
    """The gateway's side of the channel: what it was asked, and what it answers."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str, dict[str, Any]]] = []
        self.answer: dict[str, Any] | None = {"ok": True, "vpn": {"state": "open", "ip": "10.8.0.6"}}
        self.gate: asyncio.Event | None = None

    async def request(self, sn: str, leaf: str, body: dict[str, Any], wait_s: float) -> dict[str, Any]:
        self.asked.append((sn, leaf, body))
        if self.gate is not None:
            await self.gate.wait()
        if self.answer is None:
            raise TimeoutError
        return {"req_id": body["req_id"], **self.answer}


@pytest.fixture
async def site(app: FastAPI, team: Team) -> Site:
    return Site(app, team)


@pytest.fixture
def wire(app: FastAPI) -> Wire:
    fake = Wire()
    app.state.telemetry.request = fake.request
    return fake


async def gateway(app: FastAPI, sn: str) -> Gateway:
    async with app.state.db.sessionmaker() as s:
        row: Gateway = (await s.scalars(select(Gateway).where(Gateway.sn == sn))).one()
        return row


class TestSwitch:
    async def test_open_then_close(self, app: FastAPI, site: Site, team: Team, wire: Wire) -> None:
        device = await site.device(sn="GWVPN01", dev_state=DEV_ONLINE)
        opened = ok(await team.admin.post(PATH, {"device_id": device, "open": True}))
        assert opened == {"device_id": device, "vpn_state": True, "vpn_ip": "10.8.0.6"}
        assert [(sn, leaf, body["op"]) for sn, leaf, body in wire.asked] == [("GWVPN01", "vpn", "open")]
        listed = ok(await team.admin.get("/dev", params={"sn_code": "GWVPN01"}))["items"][0]
        assert (listed["vpn_state"], listed["vpn_ip"]) == (True, "10.8.0.6")
        assert code(await team.admin.post(PATH, {"device_id": device, "open": True})) == 110551
        wire.answer = {"ok": True, "vpn": {"state": "closed", "ip": ""}}
        closed = ok(await team.admin.post(PATH, {"device_id": device, "open": False}))
        assert (closed["vpn_state"], closed["vpn_ip"]) == (False, "")
        assert code(await team.admin.post(PATH, {"device_id": device, "open": False})) == 110550
        actions = [(entry.action, (entry.detail or {}).get("result")) for entry in await logs(app)]
        assert actions[-4:] == [
            ("vpn_open", "ok"),
            ("vpn_open", "already_open"),
            ("vpn_close", "ok"),
            ("vpn_close", "not_open"),
        ]

    @pytest.mark.parametrize(
        ("answer", "expected"),
        [
            ({"ok": False, "error": "unsupported", "vpn": {"state": "closed"}}, 110549),
            ({"ok": False, "error": "`wg-quick up wg0` exited 1: no such device"}, 110553),
            (None, 110524),
        ],
    )
    async def test_what_the_gateway_answers(
        self, app: FastAPI, site: Site, team: Team, wire: Wire, answer: dict[str, Any] | None, expected: int
    ) -> None:
        device = await site.device(sn="GWVPN02", dev_state=DEV_ONLINE)
        wire.answer = answer
        assert code(await team.admin.post(PATH, {"device_id": device, "open": True})) == expected
        assert (await gateway(app, "GWVPN02")).vpn_state is False
        assert (await logs(app, "vpn_open"))[-1].detail is not None

    async def test_offline_and_a_switch_under_way(self, app: FastAPI, site: Site, team: Team, wire: Wire) -> None:
        offline = await site.device(sn="GWVPN03", dev_state=DEV_OFFLINE)
        assert code(await team.admin.post(PATH, {"device_id": offline, "open": True})) == 110515
        device = await site.device(sn="GWVPN04", dev_state=DEV_ONLINE)
        wire.gate = asyncio.Event()
        first = asyncio.create_task(team.admin.post(PATH, {"device_id": device, "open": True}))
        while not wire.asked:  # noqa: ASYNC110 - the recorded command is what is waited for
            await asyncio.sleep(0.01)
        assert code(await team.admin.post(PATH, {"device_id": device, "open": True})) == 110552
        wire.gate.set()
        assert ok(await first)["vpn_state"] is True
        assert wire.asked == wire.asked[:1]

    async def test_who_may(self, app: FastAPI, site: Site, team: Team, wire: Wire, other_tenant: Api) -> None:
        owner = await site.user("olga", ["P10000"])
        theirs = await site.device(owner=owner, sn="GWVPN05", dev_state=DEV_ONLINE)
        mine = await site.device(sn="GWVPN06", dev_state=DEV_ONLINE)
        await site.grant(mine, owner)  # shared with her: she reads it, it is not hers
        assert code(await owner.post(PATH, {"device_id": mine, "open": True})) == 110510
        assert ok(await owner.post(PATH, {"device_id": theirs, "open": True}))["vpn_state"] is True
        # She opened it; another user may not close it, the tenant's administrator may.
        second = await site.user("otto", ["P10000"])
        await site.grant(theirs, second)
        assert code(await second.post(PATH, {"device_id": theirs, "open": False})) == 110510
        assert code(await other_tenant.post(PATH, {"device_id": theirs, "open": False})) == 110506
        wire.answer = {"ok": True, "vpn": {"state": "closed"}}
        assert ok(await team.admin.post(PATH, {"device_id": theirs, "open": False}))["vpn_state"] is False
        assert (await gateway(app, "GWVPN05")).vpn_opened_by is None
        # The administrator opened it: the owner may not close what someone else is using.
        wire.answer = {"ok": True, "vpn": {"state": "open", "ip": "10.8.0.9"}}
        ok(await team.admin.post(PATH, {"device_id": theirs, "open": True}))
        assert code(await owner.post(PATH, {"device_id": theirs, "open": False})) == 110554


class TestReports:
    def test_the_state_message_field(self) -> None:
        assert vpn_report({"state": "open", "ip": "10.8.0.6"}) == ("open", "10.8.0.6")
        assert vpn_report({"state": "closed", "ip": "10.8.0.6"}) == ("closed", "")
        assert vpn_report({"state": "open", "ip": "not an ip"}) == ("open", "")
        bad: Any
        for bad in ("open", {"state": "up"}, [], {"ip": "1.2.3.4"}):
            assert vpn_report(bad) is None
        assert orjson.dumps(vpn_report({"state": "open", "ip": "::1"})) == b'["open","::1"]'
