"""MQTT ingest end to end (docs/device-protocol.md): a gateway's values become live values and history, bad input
is counted and never stored, duplicates are dropped, state follows the gateway, faults raise and recover alarms."""

import asyncio
from collections.abc import Awaitable
from typing import Any

import aiomqtt
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.devices.models import DEV_OFFLINE, DEV_ONLINE, DeviceLog
from iotyun.telemetry import configs
from iotyun.telemetry.models import history_value
from tests.devices.factories import SECRET, register
from tests.team.factories import Team
from tests.telemetry.factories import (
    FakeGateway,
    Plant,
    TcpProxy,
    broker_of,
    eventually,
    make_plant,
    now_ms,
    unique_sn,
)
from tests.templates.factories import ok


async def stored(
    app: FastAPI, device_id: int, source_id: int | None = None
) -> list[tuple[int, int, float | None, str | None]]:
    await app.state.telemetry.idle()
    hv = history_value.c
    stmt = select(hv.data_source_id, hv.ts, hv.value, hv.text).where(hv.device_id == device_id)
    if source_id is not None:
        stmt = stmt.where(hv.data_source_id == source_id)
    async with app.state.db.sessionmaker() as s:
        rows = (await s.execute(stmt.order_by(hv.ts, hv.data_source_id))).all()
        return [(int(r[0]), int(r[1]), r[2], r[3]) for r in rows]


async def live(api: object, device_id: int) -> dict[int, dict[str, object]]:
    data = ok(await api.get("/rDev", params={"device_id": device_id}))  # type: ignore[attr-defined]
    return {item["id"]: item for item in data["items"]}


class TestValues:
    async def test_values_become_live_and_history(self, app: FastAPI, team: Team, plant: Plant) -> None:
        s = plant.sources
        t = now_ms()
        async with FakeGateway(app, plant.sn) as gw:
            await gw.send(
                [
                    {"id": s["出水压力"], "v": 0.82, "ts": t},
                    {"id": s["运行"], "v": True, "ts": t},
                    {"id": s["状态字"], "v": "RUN", "ts": t},
                    {"id": s["温度"], "v": 40, "ts": t},
                    {"id": s["电流"], "v": 12.5, "ts": t, "q": 0},
                ]
            )
            await eventually(lambda: app.state.telemetry.ingest.stats["values"] >= 5)
        items = await live(team.admin, plant.device_id)
        assert items[s["出水压力"]]["value"] == 0.82 and items[s["出水压力"]]["ts"] == t
        assert items[s["运行"]]["value"] is True and items[s["状态字"]]["value"] == "RUN"
        assert items[s["电流"]]["value"] == 12.5 and items[s["电流"]]["quality"] == 0
        rows = await stored(app, plant.device_id)
        # history "off" (电流) is live only
        assert sorted(r[0] for r in rows) == sorted([s["出水压力"], s["运行"], s["状态字"], s["温度"]])
        assert (s["状态字"], t, None, "RUN") in rows and (s["运行"], t, 1.0, None) in rows

    async def test_change_and_interval_modes(self, app: FastAPI, plant: Plant) -> None:
        s = plant.sources
        t = now_ms() - 600_000
        async with FakeGateway(app, plant.sn) as gw:
            for i, (p, temp) in enumerate([(0.5, 40), (0.5, 41), (0.6, 42)]):
                ts = t + i * 30_000  # 30 s apart; 温度 records every 60 s
                await gw.send([{"id": s["出水压力"], "v": p, "ts": ts}, {"id": s["温度"], "v": temp, "ts": ts}])
            await eventually(lambda: app.state.telemetry.ingest.stats["values"] >= 6)
        pressure = [r[2] for r in await stored(app, plant.device_id, s["出水压力"])]
        temps = [r[2] for r in await stored(app, plant.device_id, s["温度"])]
        assert pressure == [0.5, 0.6]  # the unchanged second value is not stored
        assert temps == [40.0, 42.0]  # 0 s and 60 s, not 30 s

    async def test_bad_input_is_counted_and_good_values_kept(self, app: FastAPI, plant: Plant) -> None:
        s = plant.sources
        t = now_ms()
        stats = app.state.telemetry.ingest.stats
        async with FakeGateway(app, plant.sn) as gw:
            await gw.send([], raw=b"{not json")
            await gw.send([], raw=b'{"values": 3}')
            bad: list[Any] = [
                {"id": 999999, "v": 1, "ts": t},
                {"id": s["出水压力"], "v": "high", "ts": t},
                {"id": s["出水压力"], "v": 1.0, "ts": "yesterday"},
                {"id": s["运行"], "v": 7, "ts": t},
                {"id": s["状态字"], "v": 5, "ts": t},
                {"id": s["出水压力"], "v": None, "ts": t, "q": 0},
                "nonsense",
                {"id": s["出水压力"], "v": 0.9, "ts": t},
            ]
            await gw.send(bad)
            await eventually(lambda: stats["values"] >= 1 and stats["rejected_bad_value"] >= 4)
        assert stats["rejected_malformed"] >= 3
        assert stats["rejected_unknown_source"] == 1 and stats["rejected_bad_time"] == 1
        assert stats["rejected_bad_value"] == 4
        assert [r[2] for r in await stored(app, plant.device_id)] == [0.9]

    async def test_duplicate_batches_are_dropped(self, app: FastAPI, plant: Plant) -> None:
        s = plant.sources
        t = now_ms()
        async with FakeGateway(app, plant.sn) as gw:
            await gw.send([{"id": s["出水压力"], "v": 0.1, "ts": t}], seq=1)
            await gw.send([{"id": s["出水压力"], "v": 0.2, "ts": t + 1}], seq=2)
            await gw.send([{"id": s["出水压力"], "v": 0.1, "ts": t}], seq=1)  # a QoS 1 redelivery
            gw.boot += 1  # a new buffer: sequence starts again
            await gw.send([{"id": s["出水压力"], "v": 0.3, "ts": t + 2}], seq=1)
            await eventually(
                lambda: app.state.telemetry.ingest.stats["values"] + app.state.telemetry.ingest.stats["duplicates"] >= 4
            )
        assert [r[2] for r in await stored(app, plant.device_id)] == [0.1, 0.2, 0.3]
        assert app.state.telemetry.ingest.stats["duplicates"] == 1

    async def test_unknown_device_values_are_refused(
        self, app: FastAPI, plant: Plant, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        # The counters are the process's: on PostgreSQL the broker is shared with the other test workers, whose
        # messages may be counted meanwhile. So this message's own refusal is watched, and what it stored.
        ingest = app.state.telemetry.ingest
        refused: list[tuple[str, str]] = []
        real_reject = ingest._reject
        added: list[Any] = []
        real_add = app.state.telemetry.writer.add

        def reject(reason: str, sn: str, detail: str) -> None:
            refused.append((reason, sn))
            real_reject(reason, sn, detail)

        def add(rows: Any, *args: Any, **kwargs: Any) -> None:
            added.extend(rows)
            real_add(rows, *args, **kwargs)

        monkeypatch.setattr(ingest, "_reject", reject)
        monkeypatch.setattr(app.state.telemetry.writer, "add", add)
        await ingest.on_values("NOSUCHSN", b'{"values": [{"id": 1, "v": 1, "ts": 1795000000000}]}')
        assert [r for r in refused if r[1] == "NOSUCHSN"] == [("unknown_device", "NOSUCHSN")]
        assert [r for r in added if r[2] == 1795000000000] == []


class TestConfigs:
    """What the ingest knows of a gateway is read again every few seconds: a publication is parsed once, shared by
    the devices that run it, and a new one (or a new alias) is seen at the next reload."""

    async def test_a_publication_is_parsed_once_and_a_new_one_is_seen(
        self, app: FastAPI, team: Team, plant: Plant
    ) -> None:
        parsed: dict[tuple[int, int], configs.Parsed] = {}

        async def load(sn: str) -> configs.DeviceConfig:
            async with app.state.db.sessionmaker() as session:
                config = await configs.load(session, sn, parsed)
            assert config is not None
            return config

        first = await load(plant.sn)
        again = await load(plant.sn)
        assert again == first and again.sources is first.sources  # nothing changed: nothing parsed again
        assert (first.template_id, first.device_id) == (plant.template_id, plant.device_id)
        assert set(first.sources) == set(plant.sources.values())

        # A second device on the same template, published again: both run the new version, from one parse.
        sn2 = unique_sn()
        device2 = await register(team.admin, sn2, SECRET, alias="2号空压机")
        ok(await team.admin.post("/yun/module/bind", {"template_id": plant.template_id, "device_ids": [device2["id"]]}))
        extra = {"template_id": plant.template_id, "name": "流量", "data_type": "float32", "area": "holding"}
        new_id = ok(await team.admin.post("/yun/module/dataSource", {**extra, "address": 40, "history": "change"}))[
            "id"
        ]
        ok(await team.admin.post("/yun/module/publish", {"id": plant.template_id}))
        second = await load(sn2)
        assert second.version is not None and first.version is not None and second.version > first.version
        assert second.alias == "2号空压机" and second.device_id == device2["id"]
        assert new_id in second.sources
        third = await load(plant.sn)
        assert third.version == second.version and third.sources is second.sources
        assert third.device_id == plant.device_id and third.alias == first.alias

        # An SN no gateway has.
        async with app.state.db.sessionmaker() as session:
            assert await configs.load(session, "NOSUCHSN", parsed) is None

    async def test_stale_gateways_are_read_again_together_while_values_go_on(self, app: FastAPI, team: Team) -> None:
        plants = [await make_plant(team.admin) for _ in range(3)]
        cache = configs.ConfigCache(app.state.db.sessionmaker, ttl=0.3)
        first = [await cache.get(p.sn) for p in plants]
        assert [c.alias if c else None for c in first] == ["1号空压机"] * 3
        ok(await team.admin.put("/dev/update", {"id": plants[0].device_id, "alias": "改名的空压机"}))
        await asyncio.sleep(0.35)
        # Stale: answered at once from what is known, and read again in the background, all three in one reload.
        assert [await cache.get(p.sn) for p in plants] == first
        await eventually(lambda: cache.reloads >= 1 and not cache._stale and cache._reload and cache._reload.done())
        assert cache.reloads == 1
        renamed = await cache.get(plants[0].sn)
        assert renamed is not None and renamed.alias == "改名的空压机" and renamed.sources is first[0].sources  # type: ignore[union-attr]
        cache.close()


class TestState:
    async def test_online_offline_and_last_will(self, app: FastAPI, team: Team, plant: Plant) -> None:
        async def state() -> int:
            return int(ok(await team.admin.get(f"/dev/basic/{plant.device_id}"))["dev_state"])

        proxy = await TcpProxy(broker_of(app)).start()
        gw = FakeGateway(app, plant.sn, via=proxy)
        await gw.__aenter__()
        try:
            await eventually(lambda: _is(state(), DEV_ONLINE))
            # The connection drops without a goodbye: the broker publishes the will.
            proxy.cut()
            await eventually(lambda: _is(state(), DEV_OFFLINE), within=60)
        finally:
            if gw._task:
                gw._task.cancel()
            await proxy.stop()
        async with app.state.db.sessionmaker() as s:
            actions = (await s.scalars(select(DeviceLog.action).where(DeviceLog.device_id == plant.device_id))).all()
        assert "online" in actions and "offline" in actions

    async def test_watchdog_marks_a_silent_gateway_offline(self, app: FastAPI, team: Team, plant: Plant) -> None:
        app.state.telemetry.settings.offline_after_seconds = 3
        async with FakeGateway(app, plant.sn) as gw:
            await gw.send([{"id": plant.sources["出水压力"], "v": 0.5, "ts": now_ms()}])

            async def state() -> int:
                return int(ok(await team.admin.get(f"/dev/basic/{plant.device_id}"))["dev_state"])

            await eventually(lambda: _is(state(), DEV_ONLINE))
            # still connected, but silent for longer than IOTYUN_OFFLINE_AFTER_SECONDS (3 s here)
            await eventually(lambda: _is(state(), DEV_OFFLINE), within=15)


async def _is(value: Awaitable[int], expected: int) -> bool:
    return await value == expected


class TestBrokerAuth:
    async def test_wrong_secret_and_unknown_sn_are_refused(self, app: FastAPI, plant: Plant) -> None:
        if app.state.telemetry.broker is None:
            pytest.skip("an external broker authenticates through /yun/validateReq/dev (tested in test_hooks)")
        host, port = broker_of(app)
        for user, password in ((plant.sn, "wrong"), ("NOSUCH01", "whatever")):
            with pytest.raises(aiomqtt.MqttError):
                async with aiomqtt.Client(host, port, username=user, password=password):
                    pass

    async def test_a_gateway_reaches_only_its_own_topics(self, app: FastAPI, plant: Plant) -> None:
        if app.state.telemetry.broker is None:
            pytest.skip("an external broker enforces topics through /yun/validateReq/dev")
        from iotyun.telemetry.broker import gateway_topic_allowed

        assert gateway_topic_allowed(plant.sn, f"iotyun/dev/{plant.sn}/values", "publish")
        assert not gateway_topic_allowed(plant.sn, "iotyun/dev/OTHER/values", "publish")
        assert not gateway_topic_allowed(plant.sn, f"iotyun/dev/{plant.sn}/write", "publish")
        assert gateway_topic_allowed(plant.sn, f"iotyun/dev/{plant.sn}/write", "subscribe")


async def count_rows(app: FastAPI) -> int:
    async with app.state.db.sessionmaker() as s:
        return int((await s.execute(select(func.count()).select_from(history_value))).scalar_one())
