"""The alarm endpoints (docs/api-telemetry.md "Alarms"): a fault condition produces an alarm (type 1) and recovers it
(type 2); confirmation (type 3) takes a note; lists are scoped to readable devices; storage is capped per owner
(SPEC §9)."""

from datetime import timedelta

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.alarms import service as alarm_service
from iotyun.alarms.models import Alarm
from iotyun.core.db import utcnow
from tests.conftest import Api, code
from tests.team.factories import Team
from tests.telemetry.factories import FakeGateway, Plant, eventually, now_ms
from tests.templates.factories import ok


async def raise_and_recover(app: FastAPI, plant: Plant, recover: bool = True) -> None:
    p = plant.sources["出水压力"]
    t = now_ms()
    async with FakeGateway(app, plant.sn) as gw:
        await gw.send([{"id": p, "v": 0.8, "ts": t}])
        await gw.send([{"id": p, "v": 1.31, "ts": t + 1000}])
        await gw.send([{"id": p, "v": 1.35, "ts": t + 2000}])  # still above: no second alarm
        if recover:
            await gw.send([{"id": p, "v": 1.0, "ts": t + 3000}])
        # "values" counts only values accepted for this app's devices (other tests' gateways share Mosquitto).
        await eventually(lambda: app.state.telemetry.ingest.stats["values"] >= (4 if recover else 3))
    await app.state.telemetry.idle()


class TestEngine:
    async def test_produced_then_recovered(self, app: FastAPI, team: Team, plant: Plant) -> None:
        await raise_and_recover(app, plant, recover=False)
        items = ok(await team.admin.get("/rAlarmDev"))["items"]
        assert len(items) == 1
        a = items[0]
        assert a["alarm_type"] == 1 and a["alarm_level"] == 2 and a["alarm_name"] == "压力过高"
        assert a["sn_code"] == plant.sn and a["dev_alias"] == "1号空压机" and a["value"] == 1.31
        assert a["alarm_info"] == "检查出水阀" and a["recover_time"] is None and a["confirm_userName"] is None
        async with FakeGateway(app, plant.sn) as gw:
            await gw.send([{"id": plant.sources["出水压力"], "v": 0.9, "ts": now_ms()}])
            await eventually(lambda: app.state.telemetry.ingest.stats["values"] >= 4)
        await app.state.telemetry.idle()
        again = ok(await team.admin.get("/rAlarmDev"))["items"]
        assert again[0]["alarm_type"] == 2 and again[0]["recover_time"] is not None
        assert ok(await team.admin.get("/rAlarmDev/count")) == {"unconfirmed": 1, "today": 1}

    async def test_confirmation(self, app: FastAPI, team: Team, plant: Plant, other_tenant: Api) -> None:
        await raise_and_recover(app, plant)
        alarm_id = ok(await team.admin.get("/rAlarmDev"))["items"][0]["id"]
        assert code(await other_tenant.post("/rAlarmDev/confirmation", {"ids": [alarm_id], "note": "x"})) == 110576
        assert code(await team.admin.post("/rAlarmDev/confirmation", {"ids": [alarm_id], "note": "x" * 201})) == 100004
        done = ok(await team.admin.post("/rAlarmDev/confirmation", {"ids": [alarm_id], "note": "已处理"}))
        assert done[0]["alarm_type"] == 3 and done[0]["alarm_note"] == "已处理"
        assert done[0]["confirm_userName"] == "alice" and done[0]["confirm_time"]
        assert code(await team.admin.post("/rAlarmDev/confirmation", {"ids": [alarm_id]})) == 110577
        assert ok(await team.admin.get("/rAlarmDev"))["total"] == 0
        assert ok(await team.admin.get("/rAlarmDev/count"))["unconfirmed"] == 0
        history = ok(
            await team.admin.get("/hAlarmDev", params={"start": now_ms() - 3_600_000, "end": now_ms() + 60_000})
        )
        assert history["total"] == 1 and history["items"][0]["alarm_type"] == 3

    async def test_lists_filter_and_scope(self, app: FastAPI, team: Team, plant: Plant, other_tenant: Api) -> None:
        await raise_and_recover(app, plant)
        assert ok(await other_tenant.get("/rAlarmDev"))["total"] == 0
        assert ok(await other_tenant.get("/hAlarmDev"))["total"] == 0
        assert ok(await other_tenant.get("/rAlarmDev/count")) == {"unconfirmed": 0, "today": 0}
        admin = team.admin
        assert ok(await admin.get("/rAlarmDev", params={"level": 3}))["total"] == 0
        assert ok(await admin.get("/rAlarmDev", params={"keyword": "压力"}))["total"] == 1
        assert ok(await admin.get("/hAlarmDev", params={"alarm_type": 2, "device_id": plant.device_id}))["total"] == 1
        assert code(await admin.get("/hAlarmDev", params={"start": 10, "end": 5})) == 100004
        assert code(await admin.get("/rAlarmDev", params={"level": 6})) == 100004
        await team.user("viewer", phone="13700000021")
        viewer = await team.login("viewer")
        assert ok(await viewer.get("/rAlarmDev"))["total"] == 0  # not distributed to them


class TestStorage:
    async def test_beyond_the_quota_the_oldest_200_go(self, app: FastAPI, team: Team, plant: Plant) -> None:
        start = utcnow() - timedelta(days=1)
        async with app.state.db.sessionmaker() as s:
            for i in range(205):
                s.add(
                    Alarm(
                        tenant_id=team.admin.tenant_id,
                        device_id=plant.device_id,
                        owner_id=team.admin.user_id,
                        sn=plant.sn,
                        data_source_id=1,
                        fault_key="1:0",
                        alarm_name=f"a{i}",
                        alarm_level=1,
                        alarm_time=start + timedelta(seconds=i),
                    )
                )
            await s.commit()
            ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"alarm_storage": 200}))
            assert await alarm_service.trim_storage(s, team.admin.user_id or 0) == 200
            await s.commit()
            names = (await s.scalars(select(Alarm.alarm_name).order_by(Alarm.alarm_time))).all()
            assert names == ["a200", "a201", "a202", "a203", "a204"]
            assert (await s.execute(select(func.count()).select_from(Alarm))).scalar_one() == 5


class TestShelving:
    async def test_a_shelved_alarm_leaves_the_list_and_the_bell_and_comes_back(
        self, app: FastAPI, team: Team, plant: Plant, other_tenant: Api
    ) -> None:
        await raise_and_recover(app, plant, recover=False)
        alarm_id = ok(await team.admin.get("/rAlarmDev"))["items"][0]["id"]
        body = {"ids": [alarm_id], "minutes": 30, "reason": "泵检修，压力表拆下"}
        for bad, field in (
            ({**body, "minutes": 4}, "minutes"),
            ({**body, "minutes": 7 * 24 * 60 + 1}, "minutes"),
            ({**body, "reason": ""}, "reason"),
            ({**body, "reason": "x" * 201}, "reason"),
        ):
            resp = await team.admin.post("/rAlarmDev/shelve", bad)
            assert (code(resp), resp["meta"]["field"]) == (100004, field), bad
        assert code(await team.admin.post("/rAlarmDev/shelve", {**body, "reason": "   "})) == 100004
        assert code(await other_tenant.post("/rAlarmDev/shelve", body)) == 110576
        (shelved,) = ok(await team.admin.post("/rAlarmDev/shelve", body))
        assert (shelved["shelved_by"], shelved["shelve_reason"]) == ("alice", "泵检修，压力表拆下")
        assert shelved["shelved_until"] > now_ms() + 29 * 60_000
        # Out of the real-time list and the bell's count; listed with shelved=true; audited.
        assert ok(await team.admin.get("/rAlarmDev"))["total"] == 0
        assert ok(await team.admin.get("/rAlarmDev/count"))["unconfirmed"] == 0
        assert [a["id"] for a in ok(await team.admin.get("/rAlarmDev", params={"shelved": "true"}))["items"]] == [
            alarm_id
        ]
        log = ok(await team.admin.get("/yun/userLog"))["items"]
        assert any(e["action"] == "alarm_shelve" and "泵检修" in str(e.get("detail")) for e in log), log[:3]
        # It comes back when the period ends (here: moved into the past).
        async with app.state.db.sessionmaker() as s:
            row = (await s.execute(select(Alarm).where(Alarm.id == alarm_id))).scalar_one()
            row.shelved_until = utcnow() - timedelta(seconds=1)
            await s.commit()
        (back,) = ok(await team.admin.get("/rAlarmDev"))["items"]
        assert (back["id"], back["shelved_until"]) == (alarm_id, None)
        assert ok(await team.admin.get("/rAlarmDev/count"))["unconfirmed"] == 1
        # Unshelving early, and a confirmed alarm cannot be shelved.
        ok(await team.admin.post("/rAlarmDev/shelve", body))
        ok(await team.admin.call("DELETE", "/rAlarmDev/shelve", json={"ids": [alarm_id]}))
        assert ok(await team.admin.get("/rAlarmDev"))["total"] == 1
        ok(await team.admin.post("/rAlarmDev/confirmation", {"ids": [alarm_id], "note": ""}))
        assert code(await team.admin.post("/rAlarmDev/shelve", body)) == 110577
