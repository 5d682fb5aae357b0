"""The embedded broker: a supervised Mosquitto (restarted when it dies, its port kept in the data dir, a leftover of
a killed server replaced) whose dynamic-security clients follow the device registry (register, re-key, transfer,
unregister, gateways registered before it kept accounts, reconciling at start-up)."""

import asyncio
import json
import os
import signal
import sys
from collections.abc import Awaitable
from pathlib import Path

import aiomqtt
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select, update

from iotyun.app import create_app
from iotyun.core import security
from iotyun.devices import accounts as gateway_accounts
from iotyun.devices.models import Gateway
from iotyun.telemetry.broker import EmbeddedBroker, gateway_acls
from iotyun.telemetry.dynsec import role_name
from iotyun.telemetry.models import history_value
from iotyun.telemetry.runtime import Telemetry
from tests.conftest import Api, make_settings
from tests.team.factories import Team
from tests.telemetry.factories import SECRET, FakeGateway, Plant, broker_of, eventually, make_plant, now_ms
from tests.templates.factories import ok

NOT_AUTHORIZED = (5, 135)  # CONNACK "not authorised" in MQTT 3.1.1 and 5


def embedded(app: FastAPI) -> EmbeddedBroker:
    broker: EmbeddedBroker | None = app.state.telemetry.broker
    if broker is None:
        pytest.skip("the machine's Mosquitto (PostgreSQL pairing) keeps no gateway accounts")
    return broker


async def login(app: FastAPI, sn: str, secret: str, client_id: str | None = None) -> bool:
    """Whether the broker lets (sn, secret) in under this client id; False only for "not authorised"."""
    host, port = broker_of(app)
    try:
        async with aiomqtt.Client(host, port, username=sn, password=secret, identifier=client_id or sn, timeout=10):
            return True
    except aiomqtt.MqttCodeError as exc:
        if exc.rc in NOT_AUTHORIZED:
            return False
        raise


async def prove_secret(api: Api, sn: str, secret: str) -> int:
    """What a gateway does before connecting: ask where the broker is with its SN and secret."""
    resp = await api.client.get("/api/dev/access", params={"sn_code": sn}, headers={"X-Device-Secret": secret})
    meta = resp.json()["meta"]
    return 0 if meta["success"] == 1 else int(meta["message"])


async def live_value(admin: Api, plant: Plant, name: str) -> object:
    items = ok(await admin.get("/rDev", params={"device_id": plant.device_id}))["items"]
    return next((i["value"] for i in items if i["id"] == plant.sources[name]), None)


class TestSupervision:
    async def test_a_killed_broker_is_restarted_and_values_flow_again(
        self, app: FastAPI, team: Team, plant: Plant
    ) -> None:
        broker = embedded(app)
        telemetry: Telemetry = app.state.telemetry
        first_pid, port = broker.pid, broker.port
        assert first_pid is not None
        os.kill(first_pid, signal.SIGKILL)
        await eventually(lambda: broker.restarts >= 1 and broker.pid != first_pid, within=20)
        assert broker.port == port
        await eventually(lambda: telemetry.link is not None and telemetry.link.connected.is_set(), within=20)
        async with FakeGateway(app, plant.sn) as gw:
            await gw.send([{"id": plant.sources["温度"], "v": 41, "ts": now_ms()}])
            await eventually(lambda: _equals(live_value(team.admin, plant, "温度"), 41))

    async def test_queued_messages_survive_a_broker_restart(self, app: FastAPI, plant: Plant) -> None:
        broker = embedded(app)
        telemetry: Telemetry = app.state.telemetry
        assert telemetry.link is not None
        n = 1500  # more than Mosquitto's default queue limit of 1000
        await telemetry.link.stop()  # the server is away; its persistent session keeps what comes in
        source, t0 = plant.sources["出水压力"], now_ms() - n * 1000
        async with FakeGateway(app, plant.sn) as gw:
            for i in range(n):
                await gw.send([{"id": source, "v": i / 1000, "ts": t0 + i * 1000}])
        await broker.restart()
        telemetry.link.start()
        await eventually(lambda: _stored_is(app, plant.device_id, n), within=60)

    async def test_stopped_with_the_server(self, app: FastAPI) -> None:
        broker = embedded(app)
        pid = broker.pid
        assert pid is not None
        await app.state.telemetry.stop()
        assert gone(pid)
        assert not broker.files.pid.exists()
        await app.state.telemetry.start()  # the fixture stops it again, while its broker links still connect


async def _equals(value: Awaitable[object], expected: object) -> bool:
    return await value == expected


class TestPort:
    async def test_the_port_is_kept_across_restarts(self, app: FastAPI, tmp_path: Path) -> None:
        broker = embedded(app)
        port = broker.port
        assert json.loads((tmp_path / "mosquitto" / "broker.json").read_text()) == {"port": port}
        telemetry: Telemetry = app.state.telemetry
        await telemetry.stop()
        await telemetry.start()
        await telemetry.wait_connected(60)
        assert telemetry.broker is not None and telemetry.broker.port == port
        assert telemetry.mqtt_public[1] == port

    async def test_a_broker_left_by_a_killed_server_is_replaced(self, app: FastAPI, plant: Plant) -> None:
        broker = embedded(app)
        telemetry: Telemetry = app.state.telemetry
        left_pid, port = broker.pid, broker.port
        assert left_pid is not None
        # The server dies without stopping its broker: nothing watches the process any more, it keeps the port.
        await broker._watch.stop()
        broker._proc = None
        await telemetry.stop()
        broker.files.pid.write_text(f"{left_pid}\n")  # a killed server leaves its pid file
        assert not gone(left_pid)
        await telemetry.start()
        await telemetry.wait_connected(60)
        assert telemetry.broker is not None
        assert (telemetry.broker.port, telemetry.broker.pid != left_pid) == (port, True)
        await eventually(lambda: gone(left_pid))
        assert await login(app, plant.sn, SECRET)

    async def test_a_server_killed_by_sigkill_takes_its_broker_along(self, tmp_path: Path) -> None:
        script = (
            "import asyncio, sys\n"
            "from pathlib import Path\n"
            "from iotyun.telemetry.broker import EmbeddedBroker\n"
            "async def main():\n"
            "    b = EmbeddedBroker(Path(sys.argv[1]), '127.0.0.1', 0)\n"
            "    await b.start()\n"
            "    print(b.pid, b.port, flush=True)\n"
            "    await asyncio.sleep(600)\n"
            "asyncio.run(main())\n"
        )
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-c", script, str(tmp_path), stdout=asyncio.subprocess.PIPE
        )
        assert server.stdout is not None
        pid, port = map(int, (await asyncio.wait_for(server.stdout.readline(), 30)).split())
        server.kill()
        await server.wait()
        await eventually(lambda: gone(pid), within=15)
        again = EmbeddedBroker(tmp_path, "127.0.0.1", 0)
        await again.start()
        try:
            assert again.port == port
        finally:
            await again.stop()

    async def test_credentials_are_private(self, app: FastAPI, tmp_path: Path, plant: Plant) -> None:
        embedded(app)  # the plant's registration made Mosquitto rewrite its dynamic-security file
        assert (tmp_path / "mosquitto").stat().st_mode & 0o077 == 0
        for name in ("server.json", "dynamic-security.json", "mosquitto.conf"):
            assert (tmp_path / "mosquitto" / name).stat().st_mode & 0o077 == 0, name


def gone(pid: int) -> bool:
    """The process no longer runs (absent, or a zombie its parent has yet to reap)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "zombie" in status.lower()


class TestGatewayAccounts:
    async def test_registration_lets_the_gateway_in_with_its_secret_only(self, app: FastAPI, plant: Plant) -> None:
        embedded(app)
        assert await login(app, plant.sn, SECRET)
        assert not await login(app, plant.sn, "wrong-secret")
        assert not await login(app, plant.sn, SECRET, client_id="someone-else")
        assert not await login(app, "NOSUCH0001", SECRET)

    async def test_an_account_already_current_is_left_alone(self, app: FastAPI, team: Team, plant: Plant) -> None:
        embedded(app)
        dynsec = app.state.telemetry.dynsec
        # A server that restarted remembers nothing, yet must not rewrite (and so disconnect) a current account.
        dynsec._known.clear()
        assert await dynsec.ensure_gateway(plant.sn, SECRET) is False
        assert await dynsec.ensure_gateway(plant.sn, "new-secret1") is True
        assert await login(app, plant.sn, "new-secret1")

    async def test_a_role_made_before_the_upgrade_topics_gets_them(self, app: FastAPI, plant: Plant) -> None:
        embedded(app)
        dynsec = app.state.telemetry.dynsec
        role = role_name(plant.sn)
        newer = [acl for acl in gateway_acls(plant.sn) if "upgrade" in acl["topic"]]
        # The account as a server before issue 34 made it: without the upgrade topics, with the older fingerprint.
        await dynsec.command(
            [
                {"command": "removeRoleACL", "rolename": role, "acltype": a["acltype"], "topic": a["topic"]}
                for a in newer
            ]
            + [{"command": "modifyClient", "username": plant.sn, "textname": "iotyun gateway 00:00"}]
        )
        (answer,) = await dynsec.command([{"command": "getRole", "rolename": role}])
        assert not any("upgrade" in acl["topic"] for acl in answer["data"]["role"]["acls"])
        dynsec._known.clear()
        assert await dynsec.ensure_gateway(plant.sn, SECRET) is True
        (answer,) = await dynsec.command([{"command": "getRole", "rolename": role}])
        topics = {acl["topic"] for acl in answer["data"]["role"]["acls"]}
        assert {f"iotyun/dev/{plant.sn}/upgrade", f"iotyun/dev/{plant.sn}/upgrade_state"} <= topics
        assert await dynsec.ensure_gateway(plant.sn, SECRET) is False  # current now
        assert await login(app, plant.sn, SECRET)

    async def test_re_keyed_gateway(self, app: FastAPI, team: Team, plant: Plant) -> None:
        embedded(app)
        async with app.state.db.sessionmaker() as s:
            await s.execute(
                update(Gateway)
                .where(Gateway.sn == plant.sn)
                .values(secret_hash=security.hash_password_sync("new-secret1", device=True))
            )
            await s.commit()
        assert await prove_secret(team.admin, plant.sn, "new-secret1") == 0
        assert await login(app, plant.sn, "new-secret1")
        assert not await login(app, plant.sn, SECRET)

    async def test_transferred_gateway_keeps_its_account(
        self, app: FastAPI, team: Team, other_tenant: Api, plant: Plant
    ) -> None:
        embedded(app)
        ok(await team.admin.post("/dev/transfer", {"device_ids": [plant.device_id], "account": "mallory"}))
        assert await login(app, plant.sn, SECRET)
        async with FakeGateway(app, plant.sn) as gw:
            await gw.send([{"id": plant.sources["温度"], "v": 7, "ts": now_ms()}])
            await eventually(lambda: _equals(live_value(other_tenant, plant, "温度"), 7))

    async def test_unregistered_gateway_is_refused_and_dropped(self, app: FastAPI, team: Team, plant: Plant) -> None:
        embedded(app)
        async with FakeGateway(app, plant.sn):
            ok(await team.admin.call("DELETE", "/dev/register", params={"id": plant.device_id}))
        assert not await login(app, plant.sn, SECRET)
        # Proving the secret over HTTP does not bring back the account of an SN nobody holds.
        await prove_secret(team.admin, plant.sn, SECRET)
        assert not await login(app, plant.sn, SECRET)

    async def test_a_gateway_registered_before_accounts_gets_one_when_it_proves_its_secret(
        self, app: FastAPI, team: Team, plant: Plant
    ) -> None:
        embedded(app)
        dynsec = app.state.telemetry.dynsec
        await dynsec.remove_gateway(plant.sn)  # as on a data dir from before the broker kept accounts
        assert not await login(app, plant.sn, SECRET)
        assert await prove_secret(team.admin, plant.sn, "wrong-secret") != 0
        assert not await login(app, plant.sn, SECRET)
        assert await prove_secret(team.admin, plant.sn, SECRET) == 0
        assert await login(app, plant.sn, SECRET)

    async def test_start_up_drops_accounts_of_gateways_released_meanwhile(
        self, app: FastAPI, team: Team, plant: Plant
    ) -> None:
        embedded(app)
        kept = await make_plant(team.admin)
        telemetry: Telemetry = app.state.telemetry
        await telemetry.stop()
        ok(await team.admin.call("DELETE", "/dev/register", params={"id": plant.device_id}))
        await telemetry.start()
        await telemetry.wait_connected(60)
        assert not await login(app, plant.sn, SECRET)
        assert await login(app, kept.sn, SECRET)
        assert telemetry.dynsec is not None
        clients, roles = await telemetry.dynsec.gateway_clients()
        assert plant.sn not in clients | roles and kept.sn in clients & roles

    async def test_commands_reach_the_broker_even_while_it_restarts(self, app: FastAPI, team: Team) -> None:
        broker = embedded(app)
        await broker.restart()
        plant = await make_plant(team.admin)
        await eventually(lambda: login(app, plant.sn, SECRET), within=15)


async def _stored_is(app: FastAPI, device_id: int, n: int) -> bool:
    await app.state.telemetry.writer.flush()
    async with app.state.db.sessionmaker() as s:
        stmt = select(func.count()).select_from(history_value).where(history_value.c.device_id == device_id)
        return int((await s.execute(stmt)).scalar_one()) == n


class TestExternalMosquitto:
    async def test_its_gateway_accounts_are_managed_the_same_way(self, database_url: str, tmp_path: Path) -> None:
        # Another Mosquitto with dynamic security, whose admin account the server is given in IOTYUN_MQTT_URL.
        external = EmbeddedBroker(tmp_path / "external", "127.0.0.1", 0)
        await external.start()
        url = f"mqtt://{external.service_user}:{external.service_password}@127.0.0.1:{external.port}"
        app = create_app(make_settings(database_url, tmp_path / "server", mqtt_url=url, mqtt_dynsec="on"))
        telemetry: Telemetry = app.state.telemetry
        try:
            await telemetry.start()
            await telemetry.wait_connected(60)
            assert telemetry.broker is None and telemetry.dynsec is not None
            async with app.state.db.sessionmaker() as s:
                await gateway_accounts.keyed(s, "EXT0000001", SECRET)  # what registering tells the broker
            assert await login(app, "EXT0000001", SECRET)
            assert not await login(app, "EXT0000001", SECRET, client_id="EXT0000002")
            async with app.state.db.sessionmaker() as s:
                await gateway_accounts.released(s, "EXT0000001")
            assert not await login(app, "EXT0000001", SECRET)
        finally:
            await telemetry.stop()
            await app.state.db.dispose()
            await external.stop()
