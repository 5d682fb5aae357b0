"""Control writes (docs/api-telemetry.md "Control writes"): each rule refuses with its code and sends nothing; a
write that passes reaches the gateway, which acknowledges it; every attempt is in the device log."""

from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.auth.models import Role
from iotyun.devices.models import DeviceLog
from tests.conftest import Api, code
from tests.team.factories import Team
from tests.telemetry.factories import FakeGateway, Plant, eventually, now_ms
from tests.templates.factories import ok


async def online(app: FastAPI, team: Team, plant: Plant) -> None:
    async def state() -> bool:
        return bool(ok(await team.admin.get(f"/dev/basic/{plant.device_id}"))["dev_state"] == 1)

    await eventually(state)


def write(plant: Plant, value: object, source: str = "出水压力", **extra: object) -> dict[str, object]:
    return {"device_id": plant.device_id, "data_source_id": plant.sources[source], "value": value, **extra}


async def write_logs(app: FastAPI, device_id: int) -> list[dict[str, object]]:
    async with app.state.db.sessionmaker() as s:
        stmt = select(DeviceLog.detail).where(DeviceLog.device_id == device_id, DeviceLog.action == "write")
        return [d or {} for d in (await s.scalars(stmt.order_by(DeviceLog.id))).all()]


class TestWrite:
    async def test_write_reaches_the_gateway_and_is_acknowledged(self, app: FastAPI, team: Team, plant: Plant) -> None:
        async with FakeGateway(app, plant.sn) as gw:
            await gw.send([{"id": plant.sources["出水压力"], "v": 0.8, "ts": now_ms()}])
            await online(app, team, plant)
            await eventually(lambda: app.state.telemetry.cache.get(plant.device_id))
            # GET /rDev tells the screens the offline timeout past which a value greys out.
            live = ok(await team.admin.get("/rDev", params={"device_id": plant.device_id}))
            assert live["offline_timeout_ms"] == round(app.state.settings.offline_after_seconds * 1000)
            result = ok(await team.admin.post("/yun/rDev", write(plant, 1.25)))
            assert result["value"] == 1.25 and result["old_value"] == 0.8
            assert gw.writes[-1]["id"] == plant.sources["出水压力"] and gw.writes[-1]["value"] == 1.25
            assert ok(await team.admin.post("/yun/rDev", write(plant, "1", "运行")))["value"] is True
        logs = await write_logs(app, plant.device_id)
        assert logs[0]["result"] == "ok" and logs[0]["old_value"] == 0.8 and logs[0]["value"] == 1.25

    async def test_refusals_send_nothing(self, app: FastAPI, team: Team, plant: Plant) -> None:
        async with FakeGateway(app, plant.sn) as gw:
            await online(app, team, plant)
            assert code(await team.admin.post("/yun/rDev", write(plant, 1.7))) == 110516  # above max 1.6
            assert code(await team.admin.post("/yun/rDev", write(plant, -0.1))) == 110516
            assert code(await team.admin.post("/yun/rDev", write(plant, "abc"))) == 110516
            assert code(await team.admin.post("/yun/rDev", write(plant, 5, "运行"))) == 110516
            assert code(await team.admin.post("/yun/rDev", write(plant, 1, "温度"))) == 110522  # read only
            assert code(await team.admin.post("/yun/rDev", {**write(plant, 1), "data_source_id": 999999})) == 110522
            assert code(await team.admin.post("/yun/rDev", {**write(plant, 1), "device_id": 999999})) == 110506
            assert gw.writes == []
        results = [d["result"] for d in await write_logs(app, plant.device_id)]
        assert results == ["range", "range", "range", "range"]

    async def test_offline_device_cannot_be_written(self, app: FastAPI, team: Team, plant: Plant) -> None:
        assert code(await team.admin.post("/yun/rDev", write(plant, 1.0))) == 110515
        assert [d["result"] for d in await write_logs(app, plant.device_id)] == ["offline"]

    async def test_timeout_and_negative_ack(self, app: FastAPI, team: Team, plant: Plant) -> None:
        async with FakeGateway(app, plant.sn) as gw:
            await online(app, team, plant)
            gw.ack = lambda body: None  # never answers
            app.state.telemetry.settings.write_timeout_seconds = 2
            assert code(await team.admin.post("/yun/rDev", write(plant, 1.0))) == 110524
            gw.ack = lambda body: {"ok": False, "error": "modbus: illegal address"}
            assert code(await team.admin.post("/yun/rDev", write(plant, 1.0))) == 110523
        logs = await write_logs(app, plant.device_id)
        assert [d["result"] for d in logs] == ["timeout", "failed"] and logs[1]["error"] == "modbus: illegal address"

    async def test_user_and_device_write_rights(self, app: FastAPI, team: Team, plant: Plant) -> None:
        await team.user("op1", phone="13700000011")
        op = await team.login("op1")
        ok(
            await team.admin.post(
                "/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [op.user_id], "can_write": False}
            )
        )
        async with FakeGateway(app, plant.sn):
            await online(app, team, plant)
            # distributed without write: the device's right is missing
            assert code(await op.post("/yun/rDev", write(plant, 1.0))) == 110514
            ok(
                await team.admin.post(
                    "/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [op.user_id], "can_write": True}
                )
            )
            ok(await op.post("/yun/rDev", write(plant, 1.0)))
            # the role loses the write right
            async with app.state.db.sessionmaker() as s:
                await s.execute(update(Role).where(Role.code == "user").values(device_permissions=[]))
                await s.commit()
            assert code(await op.post("/yun/rDev", write(plant, 1.0))) == 110513
            cfg = ok(await op.get("/yun/v2/rDev/config", params={"device_id": plant.device_id}))
            assert cfg == {
                "user_can_write": False,
                "device_can_write": True,
                "online": True,
                "password_required": False,
                "device_password_set": False,
            }
            # the owner forbids writes on the device itself
            ok(await team.admin.put("/dev/update", {"id": plant.device_id, "allow_write": False}))
            assert code(await team.admin.post("/yun/rDev", write(plant, 1.0))) == 110514

    async def test_control_password_global_and_device(self, app: FastAPI, team: Team, plant: Plant) -> None:
        ok(await team.admin.put("/dev/controls", {"password": "global1"}))
        assert ok(await team.admin.get("/dev/controls", params={"device_id": plant.device_id})) == {
            "global_password_set": True,
            "device_password_set": False,
        }
        async with FakeGateway(app, plant.sn) as gw:
            await online(app, team, plant)
            assert code(await team.admin.post("/yun/rDev", write(plant, 1.0))) == 110519
            assert code(await team.admin.post("/yun/rDev", write(plant, 1.0, password="nope12"))) == 110520
            ok(await team.admin.post("/yun/rDev", write(plant, 1.0, password="global1")))
            ok(await team.admin.put("/dev/controls", {"device_id": plant.device_id, "password": "device1"}))
            assert code(await team.admin.post("/yun/rDev", write(plant, 1.0, password="global1"))) == 110520
            ok(await team.admin.post("/yun/rDev", write(plant, 1.0, password="device1")))
            assert len(gw.writes) == 2
        assert code(await team.admin.put("/dev/controls", {"password": "12345"})) == 100004

    async def test_only_admin_sets_global_and_owner_sets_device(self, team: Team, plant: Plant) -> None:
        await team.user("op2", phone="13700000012")
        op = await team.login("op2")
        ok(
            await team.admin.post(
                "/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [op.user_id], "can_write": True}
            )
        )
        assert code(await op.put("/dev/controls", {"password": "global1"})) == 100015
        assert code(await op.put("/dev/controls", {"device_id": plant.device_id, "password": "abcdef"})) == 110510

    async def test_other_tenant_sees_nothing(self, other_tenant: Api, plant: Plant) -> None:
        for path in ("/rDev", "/yun/v2/rDev/config", "/dev/controls"):
            assert code(await other_tenant.get(path, params={"device_id": plant.device_id})) == 110506
        assert code(await other_tenant.post("/yun/rDev", write(plant, 1.0))) == 110506


class TestControlPasswordRule:
    """Issue 30 defect 2: a control asks for a password only when one applies. The write names the password its
    control asks for (`password_mode`); a control set to the device's password on a device without one, or to a
    password on a device none guards, is refused with its own code and sends nothing (docs/decisions.md)."""

    async def test_no_password_applies_the_write_goes_without_one(self, app: FastAPI, team: Team, plant: Plant) -> None:
        async with FakeGateway(app, plant.sn) as gw:
            await online(app, team, plant)
            cfg = ok(await team.admin.get("/yun/v2/rDev/config", params={"device_id": plant.device_id}))
            assert cfg["password_required"] is False and cfg["device_password_set"] is False
            live = ok(await team.admin.get("/rDev", params={"device_id": plant.device_id}))
            assert live["password_required"] is False and live["device_password_set"] is False
            ok(await team.admin.post("/yun/rDev", write(plant, 1.0, password_mode="none")))
            assert len(gw.writes) == 1

    async def test_a_named_password_that_is_not_set_refuses(self, app: FastAPI, team: Team, plant: Plant) -> None:
        async with FakeGateway(app, plant.sn) as gw:
            await online(app, team, plant)
            # Neither the device nor the tenant has a password: whatever text is typed, nothing is written.
            for mode, expected in (("device", 110583), ("global", 110584)):
                for password in (None, "anything1"):
                    body = write(plant, 1.0, password_mode=mode, password=password)
                    assert code(await team.admin.post("/yun/rDev", body)) == expected
            # The tenant's default guards the device: a "global" control asks it, a "device" control still refuses.
            ok(await team.admin.put("/dev/controls", {"password": "global1"}))
            body = write(plant, 1.0, password_mode="global", password="global1")
            ok(await team.admin.post("/yun/rDev", body))
            assert code(await team.admin.post("/yun/rDev", {**body, "password_mode": "device"})) == 110583
            # The device's own: both modes ask for it (the device's own overrides the default, SPEC §5).
            ok(await team.admin.put("/dev/controls", {"device_id": plant.device_id, "password": "device1"}))
            cfg = ok(await team.admin.get("/yun/v2/rDev/config", params={"device_id": plant.device_id}))
            assert cfg["password_required"] is True and cfg["device_password_set"] is True
            for mode in ("device", "global"):
                assert code(await team.admin.post("/yun/rDev", write(plant, 1.0, password_mode=mode))) == 110519
                ok(await team.admin.post("/yun/rDev", write(plant, 1.0, password_mode=mode, password="device1")))
            assert len(gw.writes) == 3
        results = [d["result"] for d in await write_logs(app, plant.device_id)]
        assert results[:4] == ["password_not_set"] * 4

    async def test_an_unknown_mode_is_bad_input(self, app: FastAPI, team: Team, plant: Plant) -> None:
        assert code(await team.admin.post("/yun/rDev", write(plant, 1.0, password_mode="tenant"))) == 100004
