"""The one device an operator acts on, by SN across tenants: its facts, the gateway's VPN queried and reset through
the command channel (810109 / 810110 with the reason), its flow card queried (810111) and activated; each action
audited with before and after and in the tenant's device log as the platform's (issue 35 point 2)."""

from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select

from iotyun.devices import flowcards
from iotyun.devices.models import DEV_ONLINE, FlowCard
from iotyun.operations.models import OperatorAudit
from tests.conftest import Api, code
from tests.devices.factories import Site, logs, ok
from tests.telemetry.test_vpn import Wire

EN = {"Accept-Language": "en"}


@pytest.fixture
def wire(app: FastAPI) -> Wire:
    fake = Wire()
    app.state.telemetry.request = fake.request
    return fake


async def audits(app: FastAPI, action: str) -> list[OperatorAudit]:
    async with app.state.db.sessionmaker() as s:
        return list((await s.scalars(select(OperatorAudit).where(OperatorAudit.action == action))).all())


async def with_card(site: Site, device: int, **values: Any) -> None:
    async with site.app.state.db.sessionmaker() as s:
        s.add(
            FlowCard(
                tenant_id=site.admin.tenant_id, device_id=device, iccid="898600000000000000001", total_mb=6, **values
            )
        )
        await s.commit()


class TestFacts:
    async def test_any_tenants_device_by_sn(self, site: Site, other_tenant: Api, operator: Api) -> None:
        device = await site.device(sn="OPSN0001")
        await with_card(site, device, used_mb=2.5)
        facts = ok(await operator.get("/administrator/device", params={"sn": "OPSN0001"}))
        assert facts["tenant_id"] == site.admin.tenant_id and facts["card"]["iccid"].startswith("8986")
        assert facts["test_flow"] == {"total_mb": 6, "used_mb": 2.5, "left_mb": 3.5, "exhausted": False}
        assert code(await operator.get("/administrator/device", params={"sn": "NOSUCH"})) == 810103


class TestVpn:
    async def test_query_and_reset(self, app: FastAPI, site: Site, operator: Api, wire: Wire) -> None:
        device = await site.device(sn="OPSN0002")
        await site.set_gateway(device, dev_state=DEV_ONLINE, vpn_state=True, vpn_ip="10.8.0.9")
        wire.answer = {"ok": True, "vpn": {"state": "closed", "ip": ""}}
        out = ok(await operator.post("/administrator/device/vpn/query", {"sn": "OPSN0002"}))
        assert (out["vpn_state"], out["vpn_ip"]) == (False, "")
        assert wire.asked[-1][1] == "vpn" and wire.asked[-1][2]["op"] == "status"
        wire.answer = {"ok": True, "vpn": {"state": "open", "ip": "10.8.0.7"}}
        out = ok(await operator.post("/administrator/device/vpn/reset", {"sn": "OPSN0002"}))
        assert (out["vpn_state"], out["vpn_ip"]) == (True, "10.8.0.7") and wire.asked[-1][2]["op"] == "reset"
        (reset,) = await audits(app, "vpn_reset")
        assert reset.before == {"vpn_state": False, "vpn_ip": ""} and reset.after == {
            "vpn_state": True,
            "vpn_ip": "10.8.0.7",
        }
        logged = [(row.action, row.user_id, (row.detail or {}).get("by")) for row in await logs(app)]
        assert ("vpn_reset", None, "platform") in logged and ("vpn_query", None, "platform") in logged

    async def test_failures_say_why(self, app: FastAPI, site: Site, operator: Api, wire: Wire) -> None:
        device = await site.device(sn="OPSN0003")
        body = await operator.post("/administrator/device/vpn/query", {"sn": "OPSN0003"})
        assert code(body) == 810109  # offline
        # The reason is said in the answer, in the caller's words.
        assert body["meta"]["detail"] == "查询 VPN 状态失败：网关不在线"
        english = await operator.post("/administrator/device/vpn/query", {"sn": "OPSN0003"}, headers=EN)
        assert english["meta"]["detail"] == "Could not query the VPN state: the gateway is offline"
        await site.online(device)
        wire.answer = {"ok": False, "error": "unsupported"}
        body = await operator.post("/administrator/device/vpn/reset", {"sn": "OPSN0003"})
        assert code(body) == 810110 and body["meta"]["detail"] == "重置 VPN 失败：网关不支持 VPN"
        wire.answer = {"ok": False, "error": "openvpn exited"}
        body = await operator.post("/administrator/device/vpn/reset", {"sn": "OPSN0003"}, headers=EN)
        assert body["meta"]["detail"] == "Could not reset the VPN: openvpn exited"
        wire.answer = None
        body = await operator.post("/administrator/device/vpn/query", {"sn": "OPSN0003"})
        assert code(body) == 810109 and body["meta"]["detail"] == "查询 VPN 状态失败：网关未在 30 秒内应答"
        results = [(a.after or {}).get("error") for a in await audits(app, "vpn_query")]
        assert results == ["offline", "offline", "timeout"]
        assert code(await operator.post("/administrator/device/vpn/query", {"sn": "NOSUCH"})) == 810103


class TestFlowCard:
    async def test_query_and_activate(self, app: FastAPI, site: Site, operator: Api) -> None:
        device = await site.device(sn="OPSN0004")
        assert code(await operator.post("/administrator/device/flowcard/query", {"sn": "OPSN0004"})) == 110547
        await with_card(site, device, used_mb=7)
        out = ok(await operator.post("/administrator/device/flowcard/query", {"sn": "OPSN0004"}))
        assert out["test_flow"]["exhausted"] is True and out["card"]["status"] == "shutdown"
        (query,) = await audits(app, "card_query")
        assert query.target_name == "OPSN0004" and query.result == "ok"

    async def test_a_provider_that_cannot_answer(
        self, app: FastAPI, site: Site, operator: Api, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        device = await site.device(sn="OPSN0005")
        await with_card(site, device)

        class Down:
            name = "down"

            async def query(self, iccid: str) -> None:
                raise flowcards.ProviderUnavailable("no network")

            async def activate(self, iccid: str) -> None:
                raise flowcards.ProviderUnavailable("no network")

        monkeypatch.setattr(flowcards, "provider_for", lambda settings: Down())
        assert code(await operator.post("/administrator/device/flowcard/query", {"sn": "OPSN0005"})) == 810111
        assert code(await operator.post("/administrator/device/flowcard/activate", {"sn": "OPSN0005"})) == 110544
        assert [a.result for a in await audits(app, "card_query")] == ["failed"]
