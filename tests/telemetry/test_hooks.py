"""The broker hooks (/yun/validateReq/dev, /yun/validateReq/user) and the device access facts (/dev/access)."""

import httpx
from fastapi import FastAPI

from tests.conftest import Api
from tests.team.factories import Team
from tests.telemetry.factories import SECRET, Plant, make_plant
from tests.templates.factories import ok


async def hook(api: Api, path: str, body: dict[str, str] | None = None, *, form: bool = False) -> dict[str, object]:
    body = body or {}
    client: httpx.AsyncClient = api.client
    resp = await (client.post(f"/api{path}", data=body) if form else client.post(f"/api{path}", json=body))
    assert resp.status_code == 200
    data: dict[str, object] = resp.json()
    return data


class TestDeviceHook:
    async def test_authentication(self, api: Api, plant: Plant) -> None:
        assert (await hook(api, "/yun/validateReq/dev", dict(username=plant.sn, password=SECRET)))["result"] == "allow"
        assert (await hook(api, "/yun/validateReq/dev", dict(username=plant.sn, password=SECRET), form=True))[
            "ok"
        ] is True
        assert (await hook(api, "/yun/validateReq/dev", dict(username=plant.sn, password="wrong")))["result"] == "deny"
        assert (await hook(api, "/yun/validateReq/dev", dict(username="NOSUCH", password=SECRET)))["result"] == "deny"
        assert (await hook(api, "/yun/validateReq/dev"))["result"] == "deny"

    async def test_the_client_id_must_be_the_sn(self, api: Api, plant: Plant) -> None:
        own = dict(username=plant.sn, password=SECRET, clientid=plant.sn)
        assert (await hook(api, "/yun/validateReq/dev", own))["result"] == "allow"
        taken = {**own, "clientid": "IOT0000001"}  # someone else's session
        assert (await hook(api, "/yun/validateReq/dev", taken))["result"] == "deny"

    async def test_acl(self, api: Api, plant: Plant) -> None:
        sn = plant.sn
        allow = {"username": sn, "topic": f"iotyun/dev/{sn}/values", "action": "publish"}
        assert (await hook(api, "/yun/validateReq/dev", allow))["result"] == "allow"
        other = {**allow, "topic": "iotyun/dev/SOMEONE/values"}
        assert (await hook(api, "/yun/validateReq/dev", other))["result"] == "deny"
        sub_write = {**allow, "topic": f"iotyun/dev/{sn}/write", "action": "subscribe"}
        assert (await hook(api, "/yun/validateReq/dev", sub_write))["result"] == "allow"
        pub_write = {**sub_write, "action": "publish"}
        assert (await hook(api, "/yun/validateReq/dev", pub_write))["result"] == "deny"
        wild = {**allow, "topic": "iotyun/dev/#", "action": "subscribe"}
        assert (await hook(api, "/yun/validateReq/dev", wild))["result"] == "deny"


class TestServiceHook:
    async def test_only_the_servers_own_account(self, app: FastAPI, api: Api) -> None:
        answer = await hook(api, "/yun/validateReq/user", dict(username="iotyun", password="x"))
        assert answer["result"] == "deny"  # no such account configured (or not this one)


class TestAccess:
    async def test_where_gateways_connect(self, app: FastAPI, team: Team) -> None:
        data = ok(await team.admin.get("/dev/access"))
        host, port, embedded = app.state.telemetry.mqtt_public
        assert data == {
            "mqtt_host": host,
            "mqtt_port": port,
            "embedded": embedded,
            "config_path": "/api/dev/config",
            "topic_prefix": "iotyun/dev/",
        }

    async def test_a_gateway_asks_with_its_sn_and_secret(self, api: Api, plant: Plant) -> None:
        found = ok(await api.get("/dev/access", params={"sn_code": plant.sn}, headers={"X-Device-Secret": SECRET}))
        assert found["topic_prefix"] == "iotyun/dev/"
        wrong = await api.get("/dev/access", params={"sn_code": plant.sn}, headers={"X-Device-Secret": "nope"})
        assert wrong["meta"]["message"] == "110506"
        api.forget()
        assert (await api.get("/dev/access"))["meta"]["message"] == "100009"


def from_address(app: FastAPI, address: str) -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=app, client=(address, 40000))
    return httpx.AsyncClient(transport=transport, base_url="http://test")


class TestSecretThrottle:
    """Guessing a device secret is refused after GATEWAY_SECRET_FAILURES_PER_ADDRESS wrong tries from one address
    (the right secret from there too), while the gateway itself, elsewhere, keeps working (docs/security.md)."""

    async def test_config_and_access_per_sn_and_address(self, app: FastAPI, plant: Plant) -> None:
        from iotyun.core.limits import GATEWAY_SECRET_FAILURES_PER_SN_ADDRESS

        async with from_address(app, "203.0.113.9") as guesser, from_address(app, "198.51.100.7") as gateway:
            for i in range(GATEWAY_SECRET_FAILURES_PER_SN_ADDRESS):
                path = "/api/dev/config" if i % 2 else "/api/dev/access"
                resp = await guesser.get(path, params={"sn_code": plant.sn}, headers={"X-Device-Secret": f"x{i}"})
                assert resp.json()["meta"]["message"] == "110506", i
            for path in ("/api/dev/config", "/api/dev/access"):
                resp = await guesser.get(path, params={"sn_code": plant.sn}, headers={"X-Device-Secret": SECRET})
                assert resp.json()["meta"]["message"] == "100008", path
            resp = await gateway.get(
                "/api/dev/access", params={"sn_code": plant.sn}, headers={"X-Device-Secret": SECRET}
            )
            assert resp.json()["meta"]["success"] == 1

    async def test_one_bad_gateway_does_not_lock_out_its_nat(self, app: FastAPI, team: Team, plant: Plant) -> None:
        """Gateway X with a wrong secret behind address N uses up its budget; gateway Y behind N, with the right
        secret, still gets its configuration (it never checked in from N before)."""
        from iotyun.core.limits import GATEWAY_SECRET_FAILURES_PER_SN_ADDRESS

        other = await make_plant(team.admin)
        async with from_address(app, "203.0.113.50") as nat:
            for i in range(GATEWAY_SECRET_FAILURES_PER_SN_ADDRESS):
                resp = await nat.get("/api/dev/config", params={"sn_code": other.sn}, headers={"X-Device-Secret": "x"})
                assert resp.json()["meta"]["message"] == "110506", i
            resp = await nat.get("/api/dev/config", params={"sn_code": other.sn}, headers={"X-Device-Secret": "x"})
            assert resp.json()["meta"]["message"] == "100008"
            resp = await nat.get("/api/dev/config", params={"sn_code": plant.sn}, headers={"X-Device-Secret": SECRET})
            assert resp.json()["meta"]["success"] == 1, resp.json()
            assert resp.json()["data"]["sn_code"] == plant.sn

    async def test_spraying_sns_from_one_address(self, app: FastAPI, plant: Plant) -> None:
        """One address guessing many SNs reaches its ceiling: a gateway that never checked in from it waits, the one
        in service there keeps its configuration."""
        from iotyun.core.limits import GATEWAY_SECRET_FAILURES_PER_ADDRESS

        right = {"X-Device-Secret": SECRET}
        async with from_address(app, "203.0.113.60") as nat:
            resp = await nat.get("/api/dev/config", params={"sn_code": plant.sn}, headers=right)
            assert resp.json()["meta"]["success"] == 1
            for n in range(GATEWAY_SECRET_FAILURES_PER_ADDRESS):
                resp = await nat.get(
                    "/api/dev/access", params={"sn_code": f"SPRAY{n}"}, headers={"X-Device-Secret": "x"}
                )
                assert resp.json()["meta"]["message"] == "110506", n
            resp = await nat.get("/api/dev/access", params={"sn_code": "SPRAYNEW"}, headers={"X-Device-Secret": "x"})
            assert resp.json()["meta"]["message"] == "100008"
            resp = await nat.get("/api/dev/config", params={"sn_code": plant.sn}, headers=right)
            assert resp.json()["meta"]["success"] == 1

    async def test_per_sn_spares_the_gateway_in_service(self, app: FastAPI, plant: Plant) -> None:
        from iotyun.core.limits import GATEWAY_SECRET_FAILURES_PER_SN

        params, right = {"sn_code": plant.sn}, {"X-Device-Secret": SECRET}
        async with from_address(app, "198.51.100.7") as gateway:
            assert (await gateway.get("/api/dev/access", params=params, headers=right)).json()["meta"]["success"] == 1
        # Many addresses, a few guesses each: the SN's own count fills up.
        for n in range(GATEWAY_SECRET_FAILURES_PER_SN):
            async with from_address(app, f"203.0.113.{n}") as guesser:
                resp = await guesser.get("/api/dev/access", params=params, headers={"X-Device-Secret": "nope"})
                assert resp.json()["meta"]["message"] == "110506", n
        async with from_address(app, "192.0.2.1") as fresh, from_address(app, "198.51.100.7") as gateway:
            assert (await fresh.get("/api/dev/access", params=params, headers=right)).json()["meta"]["message"] == (
                "100008"
            )
            assert (await gateway.get("/api/dev/access", params=params, headers=right)).json()["meta"]["success"] == 1

    async def test_broker_hook_counts_the_sn_and_the_sent_address(self, app: FastAPI, api: Api, plant: Plant) -> None:
        from iotyun.core.limits import GATEWAY_SECRET_FAILURES_PER_SN_ADDRESS

        wrong = {"username": plant.sn, "password": "nope", "peerhost": "203.0.113.9"}
        for _ in range(GATEWAY_SECRET_FAILURES_PER_SN_ADDRESS):
            assert (await hook(api, "/yun/validateReq/dev", wrong))["result"] == "deny"
        right = {**wrong, "password": SECRET}
        assert (await hook(api, "/yun/validateReq/dev", right))["result"] == "deny"
        assert (await hook(api, "/yun/validateReq/dev", {**right, "peerhost": "198.51.100.7"}))["result"] == "allow"
        # Without an address the SN's count applies, which ten guesses do not reach.
        assert (await hook(api, "/yun/validateReq/dev", {"username": plant.sn, "password": SECRET}))["result"] == (
            "allow"
        )
