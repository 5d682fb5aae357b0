"""Writes through an app key (issue 36 point 4; docs/api-system.md "Open API"): a `values:write` key writes a value
through every rule of a console write, the gateway acknowledges it, and the device log and the `value.written`
webhook event record it as the key's; a key without the scope, or whose owner's role lost the write right, writes
nothing (the owner's rights are read at each call: tests/system/test_app_keys.py)."""

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.notifications.models import NotifyEvent
from tests.conftest import code
from tests.system.appkeys import make_key
from tests.team.factories import Team
from tests.telemetry.factories import FakeGateway, Plant, eventually, now_ms
from tests.telemetry.test_control import online, write, write_logs
from tests.templates.factories import ok


class TestKeyWrites:
    async def test_a_write_through_a_key_obeys_the_rules_and_is_logged_as_the_keys(
        self, app: FastAPI, team: Team, plant: Plant
    ) -> None:
        _, key = await make_key(team.admin, name="scada", scopes=("values:write",))
        _, reader = await make_key(team.admin, name="reader", scopes=("devices:read",))
        async with FakeGateway(app, plant.sn) as gw:
            await gw.send([{"id": plant.sources["出水压力"], "v": 0.8, "ts": now_ms()}])
            await online(app, team, plant)
            await eventually(lambda: app.state.telemetry.cache.get(plant.device_id))
            config = await key.call("GET", "/yun/v2/rDev/config", {"device_id": plant.device_id})
            assert config["data"]["user_can_write"] is True, config
            done = await key.call("POST", "/yun/rDev", json_body=write(plant, 1.25))
            assert done["meta"]["success"] == 1, done
            assert gw.writes[-1]["value"] == 1.25
            # Every rule of a console write: out of range is refused and logged.
            assert (await key.call("POST", "/yun/rDev", json_body=write(plant, 1.7)))["meta"]["message"] == "110516"
            # A key without the scope writes nothing.
            assert (await reader.call("POST", "/yun/rDev", json_body=write(plant, 1.0)))["meta"]["message"] == "117846"
            assert len(gw.writes) == 1
        logs = await write_logs(app, plant.device_id)
        assert [d["result"] for d in logs] == ["ok", "range"]
        assert all(d["via"] == "app_key" and d["app_key"] == key.key_id and d["app_key_name"] == "scada" for d in logs)
        async with app.state.db.sessionmaker() as s:
            events = (await s.execute(select(NotifyEvent))).scalars().all()
        written = [(e.data or {})["data"] for e in events if e.event == "value.written"]
        assert len(written) == 1 and written[0]["value"] == 1.25
        assert written[0]["via"] == "app_key" and written[0]["app_key"] == key.key_id

    async def test_a_key_of_a_user_without_the_write_right_writes_nothing(
        self, app: FastAPI, team: Team, plant: Plant
    ) -> None:
        await team.role("noWrite", ["P80000", "P10000", "P30000"], device_permissions=[])
        await team.user("olga", "noWrite", phone="13700000041")
        olga = await team.login("olga")
        ok(
            await team.admin.post(
                "/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [olga.user_id], "can_write": True}
            )
        )
        _, key = await make_key(olga, scopes=("values:write",))
        async with FakeGateway(app, plant.sn) as gw:
            await online(app, team, plant)
            answer = await key.call("POST", "/yun/rDev", json_body=write(plant, 1.0))
            assert code(answer) == 110513
            assert gw.writes == []
