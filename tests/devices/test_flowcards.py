"""Flow cards: binding rules, the local provider's book, refresh and activation, and the webhook provider."""

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from iotyun.devices import flowcards
from tests.conftest import Api, code
from tests.devices.factories import logs, register
from tests.team.factories import Team

ICCID = "89860012345678901234"


async def bind(api: Api, device_id: int, iccid: str = ICCID) -> dict[str, Any]:
    return await api.post("/dev/card/binding", {"device_id": device_id, "iccid": iccid})


class TestBinding:
    async def test_anonymous_and_without(self, api: Api, team: Team) -> None:
        nobody = await team.without()
        assert code(await bind(nobody, 1)) == 100015
        nobody.forget()
        assert code(await bind(nobody, 1)) == 100009

    async def test_binds_with_test_flow(self, app: FastAPI, team: Team) -> None:
        dev = await register(team.admin, "IOT1")
        card = (await bind(team.admin, dev["id"]))["data"]
        assert (card["iccid"], card["operator_state"], card["total_mb"], card["provider"]) == (
            ICCID,
            "test",
            6,
            "local",
        )
        assert (await team.admin.get(f"/dev/basic/{dev['id']}"))["data"]["flow_card"] == ICCID
        assert [e.action for e in await logs(app, "card_bind")] == ["card_bind"]

    async def test_iccid_rules(self, team: Team) -> None:
        dev = await register(team.admin, "IOT1")
        for bad in ("1234567890", "8986001234567890123-", "ABCDEFGHIJKLMNOPQRS1", "8986 0012 3456 7890 12"):
            assert code(await bind(team.admin, dev["id"], bad)) == 110541, bad
        assert (await bind(team.admin, dev["id"], "898600123456789012AB"))["meta"]["success"] == 1

    async def test_card_serves_one_device(self, team: Team, other_tenant: Api) -> None:
        a = await register(team.admin, "IOT1")
        b = await register(team.admin, "IOT2")
        c = await register(other_tenant, "IOT3")
        await bind(team.admin, a["id"])
        assert code(await bind(team.admin, b["id"])) == 110543
        assert code(await bind(other_tenant, c["id"])) == 110543
        assert (await bind(team.admin, a["id"]))["meta"]["success"] == 1  # rebinding the same card is a no-op

    async def test_owner_only(self, team: Team, bob: Api, other_tenant: Api) -> None:
        dev = await register(bob, "IOT1")
        assert code(await bind(team.admin, dev["id"])) == 110510
        assert code(await bind(other_tenant, dev["id"])) == 110506
        await bind(bob, dev["id"])
        assert (await team.admin.get("/dev/card/info", params={"device_id": dev["id"]}))["data"]["iccid"] == ICCID
        assert code(await other_tenant.get("/dev/card/info", params={"device_id": dev["id"]})) == 110506
        assert code(await team.admin.call("DELETE", "/dev/card/binding", params={"device_id": dev["id"]})) == 110510

    async def test_unbind(self, app: FastAPI, team: Team) -> None:
        dev = await register(team.admin, "IOT1")
        assert code(await team.admin.call("DELETE", "/dev/card/binding", params={"device_id": dev["id"]})) == 110542
        await bind(team.admin, dev["id"])
        resp = await team.admin.call("DELETE", "/dev/card/binding", params={"device_id": dev["id"]})
        assert resp["meta"]["success"] == 1
        assert code(await team.admin.get("/dev/card/info", params={"device_id": dev["id"]})) == 110542
        assert [e.action for e in await logs(app, "card_unbind")] == ["card_unbind"]


class TestLocalBook:
    async def test_book_refresh_and_activate(self, app: FastAPI, team: Team) -> None:
        dev = await register(team.admin, "IOT1")
        await bind(team.admin, dev["id"])
        today = date.today()
        body = {
            "device_id": dev["id"],
            "package_name": "1G 年包",
            "effective_date": str(today - timedelta(days=10)),
            "expiry_date": str(today + timedelta(days=355)),
            "total_mb": 1024,
            "warning_mb": 100,
        }
        card = (await team.admin.put("/dev/card/info", body))["data"]
        assert (card["package_name"], card["remaining_mb"], card["warning"], card["status"]) == (
            "1G 年包",
            1024,
            False,
            "normal",
        )
        expired = {
            **body,
            "effective_date": str(today - timedelta(days=40)),
            "expiry_date": str(today - timedelta(days=1)),
        }
        assert (await team.admin.put("/dev/card/info", expired))["data"]["status"] == "shutdown"
        assert (
            code(await team.admin.put("/dev/card/info", {**body, "expiry_date": str(today - timedelta(days=20))}))
            == 100004
        )
        info = (await team.admin.get("/dev/card/info", params={"device_id": dev["id"], "refresh": "true"}))["data"]
        assert info["refreshed_at"] and info["status"] == "shutdown"
        activated = (await team.admin.post("/dev/card/activate", {"device_id": dev["id"]}))["data"]
        assert activated["operator_state"] == "activated"
        assert [e.action for e in await logs(app, "card_activate")] == ["card_activate"]

    async def test_activation_sets_the_effective_date(self, team: Team) -> None:
        dev = await register(team.admin, "IOTCARD77")
        body = {"device_id": dev["id"], "iccid": "898600000000000077"}
        assert code(await team.admin.post("/dev/card/binding", body)) == 100001
        activated = (await team.admin.post("/dev/card/activate", {"device_id": dev["id"]}))["data"]
        assert activated["effective_date"] == str(datetime.now(UTC).date())

    async def test_activate_without_card(self, team: Team) -> None:
        dev = await register(team.admin, "IOT1")
        assert code(await team.admin.post("/dev/card/activate", {"device_id": dev["id"]})) == 110542


@pytest.fixture
def webhook(app: FastAPI) -> Iterator[list[dict[str, Any]]]:
    """Switch the app to the webhook provider, answering through a mock transport."""
    calls: list[dict[str, Any]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        import json

        body = json.loads(request.content)
        calls.append(body)
        if body["iccid"].endswith("9"):
            return httpx.Response(502)
        return httpx.Response(
            200, json={"package_name": "运营商套餐", "total_mb": 500, "used_mb": 120, "operator_state": "activated"}
        )

    settings = app.state.settings
    saved = (settings.flowcard_provider, settings.flowcard_url)
    settings.flowcard_provider, settings.flowcard_url = "webhook", "http://operator.test/cards"
    flowcards.webhook_transport = httpx.MockTransport(handler)
    yield calls
    flowcards.webhook_transport = None
    settings.flowcard_provider, settings.flowcard_url = saved


class TestWebhookProvider:
    async def test_query_and_activate(self, team: Team, webhook: list[dict[str, Any]]) -> None:
        dev = await register(team.admin, "IOT1")
        await bind(team.admin, dev["id"])
        info = (await team.admin.get("/dev/card/info", params={"device_id": dev["id"], "refresh": "true"}))["data"]
        assert (info["provider"], info["package_name"], info["remaining_mb"]) == ("webhook", "运营商套餐", 380)
        assert (await team.admin.post("/dev/card/activate", {"device_id": dev["id"]}))["meta"]["success"] == 1
        assert [c["action"] for c in webhook] == ["query", "activate"]

    async def test_provider_failures(self, app: FastAPI, team: Team, webhook: list[dict[str, Any]]) -> None:
        dev = await register(team.admin, "IOT1")
        await bind(team.admin, dev["id"], "89860012345678901239")
        assert (
            code(await team.admin.get("/dev/card/info", params={"device_id": dev["id"], "refresh": "true"})) == 110546
        )
        assert code(await team.admin.post("/dev/card/activate", {"device_id": dev["id"]})) == 110544
        app.state.settings.flowcard_url = ""
        assert code(await team.admin.post("/dev/card/activate", {"device_id": dev["id"]})) == 110545
