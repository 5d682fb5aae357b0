"""Abuse of the embedded broker by a gateway of another tenant (any tenant gets a gateway credential by registering
one): taking over a victim's session with its client id, reading every tenant's retained state with `#`, publishing
values or control writes into another gateway's topics. Each must fail while the victim keeps working."""

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass

import aiomqtt
import orjson
import pytest
from fastapi import FastAPI

from iotyun.telemetry.runtime import Telemetry
from tests.conftest import Api
from tests.team.factories import Team
from tests.telemetry.factories import SECRET, FakeGateway, Plant, broker_of, eventually, make_plant, now_ms
from tests.telemetry.test_broker import NOT_AUTHORIZED, embedded, live_value


@dataclass
class Tenants:
    victim: Plant
    attacker: Plant
    victim_admin: Api
    attacker_admin: Api


@pytest.fixture
async def tenants(app: FastAPI, team: Team, other_tenant: Api) -> Tenants:
    embedded(app)
    return Tenants(await make_plant(team.admin), await make_plant(other_tenant), team.admin, other_tenant)


@contextlib.asynccontextmanager
async def attacker_client(app: FastAPI, t: Tenants, **kw: object) -> AsyncIterator[aiomqtt.Client]:
    host, port = broker_of(app)
    options: dict[str, object] = {"identifier": t.attacker.sn, **kw}
    async with aiomqtt.Client(host, port, username=t.attacker.sn, password=SECRET, **options) as client:  # type: ignore[arg-type]
        yield client


async def forge(app: FastAPI, t: Tenants, topic: str, payload: bytes, *, retain: bool = False) -> None:
    """The attacker publishes into a foreign topic (QoS 1). Mosquitto refuses it (PUBACK 0x87) and the client library
    then drops the link, so each attempt gets its own connection."""
    with contextlib.suppress(aiomqtt.MqttError):
        async with attacker_client(app, t) as spy:
            await spy.publish(topic, payload, qos=1, retain=retain)


async def write_reaches(app: FastAPI, sn: str, source_id: int, value: float) -> dict[str, object]:
    telemetry: Telemetry = app.state.telemetry
    return await telemetry.send_write(sn, {"req_id": f"w{now_ms()}", "id": source_id, "value": value, "ts": now_ms()})


class TestSessionTakeover:
    async def test_another_tenants_gateway_cannot_use_the_victims_client_id(
        self, app: FastAPI, tenants: Tenants
    ) -> None:
        t = tenants
        host, port = broker_of(app)
        async with FakeGateway(app, t.victim.sn) as victim:
            for username, password in ((t.attacker.sn, SECRET), (t.victim.sn, "guessed-secret"), ("", "")):
                with pytest.raises(aiomqtt.MqttCodeError) as refused:
                    async with aiomqtt.Client(
                        host, port, username=username or None, password=password or None, identifier=t.victim.sn
                    ):
                        pass
                assert refused.value.rc in NOT_AUTHORIZED
            # The victim's session was never taken over: its control writes still reach it and are acknowledged.
            ack = await write_reaches(app, t.victim.sn, t.victim.sources["出水压力"], 0.7)
            assert ack["ok"] is True
            assert [w["value"] for w in victim.writes] == [0.7]


class TestWildcards:
    async def test_hash_subscription_gives_nothing_of_other_gateways(self, app: FastAPI, tenants: Tenants) -> None:
        t = tenants
        async with FakeGateway(app, t.victim.sn) as victim:
            await victim.state("online", ip="10.1.2.3", firmware_version="2.1.0")  # retained
            async with attacker_client(app, t) as spy:
                for pattern in ("#", "iotyun/#", "iotyun/dev/+/state", f"iotyun/dev/{t.victim.sn}/state", "$SYS/#"):
                    granted = await spy.subscribe(pattern, qos=1)
                    assert all(code.is_failure for code in granted), pattern  # type: ignore[union-attr]
                assert not any(c.is_failure for c in await spy.subscribe(f"iotyun/dev/{t.attacker.sn}/write", qos=1))  # type: ignore[union-attr]
                # A message to its own topic comes after anything the refused subscriptions could have delivered.
                send = asyncio.create_task(write_reaches(app, t.attacker.sn, t.attacker.sources["出水压力"], 0.5))
                first = await anext(aiter(spy.messages))
                assert str(first.topic) == f"iotyun/dev/{t.attacker.sn}/write"
                send.cancel()
                with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                    await send

    async def test_the_server_alone_reads_retained_gateway_state(self, app: FastAPI, tenants: Tenants) -> None:
        t = tenants
        broker = embedded(app)
        host, port = broker_of(app)
        async with FakeGateway(app, t.victim.sn) as victim:
            await victim.state("online", ip="10.1.2.3")
            async with aiomqtt.Client(
                host, port, username=broker.service_user, password=broker.service_password, identifier="audit"
            ) as server:
                await server.subscribe(f"iotyun/dev/{t.victim.sn}/state", qos=1)
                message = await anext(aiter(server.messages))
                assert message.retain and orjson.loads(bytes(message.payload))["ip"] == "10.1.2.3"  # type: ignore[arg-type,unused-ignore]


class TestForeignTopics:
    async def test_values_published_into_another_gateways_topic_are_dropped(
        self, app: FastAPI, tenants: Tenants
    ) -> None:
        t = tenants
        forged = orjson.dumps(
            {"boot": 1, "seq": 1, "values": [{"id": t.victim.sources["温度"], "v": 666, "ts": now_ms()}]}
        )
        await forge(app, t, f"iotyun/dev/{t.victim.sn}/values", forged)
        await forge(app, t, f"iotyun/dev/{t.victim.sn}/state", b'{"state": "offline"}', retain=True)
        async with attacker_client(app, t) as spy:
            own = orjson.dumps(
                {"boot": 1, "seq": 1, "values": [{"id": t.attacker.sources["温度"], "v": 5, "ts": now_ms()}]}
            )
            await spy.publish(f"iotyun/dev/{t.attacker.sn}/values", own, qos=1)
        # The broker hands the server one client's messages in order: once the attacker's own value is live, the
        # forged ones would have been handled before it.
        await eventually(lambda: _equals(live_value(t.attacker_admin, t.attacker, "温度"), 5))
        assert await live_value(t.victim_admin, t.victim, "温度") is None

    async def test_control_writes_into_another_gateways_topic_are_dropped(self, app: FastAPI, tenants: Tenants) -> None:
        t = tenants
        async with FakeGateway(app, t.victim.sn) as victim:
            fake = {"req_id": "evil", "id": t.victim.sources["运行"], "value": False, "ts": now_ms()}
            await forge(app, t, f"iotyun/dev/{t.victim.sn}/write", orjson.dumps(fake))
            await forge(app, t, f"iotyun/dev/{t.victim.sn}/config", b'{"version": 99}')
            # Published after the forged ones: had they been delivered, the victim would have seen them first.
            await write_reaches(app, t.victim.sn, t.victim.sources["出水压力"], 0.6)
            assert [w["value"] for w in victim.writes] == [0.6]


async def _equals(value: Awaitable[object], expected: object) -> bool:
    return await value == expected
