"""`serve --demo`: the demo's gateways run simulated in the server process, with a week of history and past alarms
backfilled once, so a newcomer sees live values, a chart and alarms at once."""

import itertools
import time
from datetime import timedelta

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.alarms.models import Alarm
from iotyun.auth.models import User
from iotyun.demo import devices as device_demo
from iotyun.demo import live as demo
from iotyun.demo import monitoring as device_monitoring_demo
from iotyun.demo import templates as template_demo
from iotyun.devices.models import Device, Gateway, GpsPoint
from iotyun.telemetry.models import history_value
from iotyun.templates.models import DataSource
from tests.team.factories import Team
from tests.telemetry.conftest import app, http
from tests.telemetry.factories import eventually
from tests.templates.factories import ok

# The app with its telemetry running, as `serve --demo` runs it.
__all__ = ["app", "http"]


async def seed_demo(app: FastAPI, team: Team) -> int:
    async with app.state.db.sessionmaker() as s:
        admin = (await s.execute(select(User).where(User.id == team.admin.user_id))).scalar_one()
        await device_demo.seed(s, team.admin.tenant_id or 0, {"admin": admin})
        await template_demo.seed(s, team.admin.tenant_id or 0, {"admin": admin})
        await s.commit()
    app.state.telemetry.configs.invalidate()  # as registering through the API does
    async with app.state.db.sessionmaker() as s:
        return int((await s.execute(select(Device.id).where(Device.sn == "IOT0000001"))).scalar_one())


async def test_backfill_once(app: FastAPI, team: Team) -> None:
    await seed_demo(app, team)
    added = await demo.backfill(app)
    assert added > 7 * 24 * 12  # a week every 5 minutes, several variables
    assert await demo.backfill(app) == 0
    async with app.state.db.sessionmaker() as s:
        stored = (await s.execute(select(func.count()).select_from(history_value))).scalar_one()
        kinds = sorted((await s.execute(select(Alarm.alarm_type))).scalars())
    assert stored == added
    assert kinds and kinds.count(3) * 3 == len(kinds)  # each condition: confirmed, recovered, recovered
    assert ok(await team.admin.get("/rAlarmDev/count"))["unconfirmed"] == len(kinds) * 2 // 3

    # The compressor's week is its plant's (iotyun/demo/plant.py): no current while it stood still.
    async with app.state.db.sessionmaker() as s:
        device_id = (await s.execute(select(Device.id).where(Device.sn == "IOT0000001"))).scalar_one()
        names = {
            name: ds_id
            for ds_id, name in (
                await s.execute(
                    select(DataSource.id, DataSource.name).where(DataSource.name.in_(["运行状态", "电机电流"]))
                )
            ).all()
        }
        rows = (
            await s.execute(
                select(history_value.c.data_source_id, history_value.c.ts, history_value.c.value).where(
                    history_value.c.device_id == device_id
                )
            )
        ).all()
    series: dict[int, dict[int, float]] = {}
    for ds_id, ts, value in rows:
        series.setdefault(ds_id, {})[ts] = value
    running = next(v for k, v in series.items() if k in {i for n, i in names.items() if n == "运行状态"} and v)
    current = next(v for k, v in series.items() if k in {i for n, i in names.items() if n == "电机电流"} and v)
    stopped = [ts for ts, on in running.items() if not on]
    assert stopped and all(current[ts] == 0 for ts in stopped if ts in current)
    assert any(current[ts] > 0 for ts, on in running.items() if on and ts in current)


async def test_simulated_gateways_bring_live_values(app: FastAPI, team: Team, http: str) -> None:
    device_id = await seed_demo(app, team)
    demo.attach(app, int(http.rsplit(":", 1)[1]))
    for hook in app.state.on_start:
        await hook(app)
    try:

        async def live() -> bool:
            items = ok(await team.admin.get("/rDev", params={"device_id": device_id}))["items"]
            return len(items) == 7 and all(i["value"] is not None for i in items)

        try:
            await eventually(live, within=30)
            # Each reports the firmware the seed recorded: virtual devices bound to it stay normal (SPEC §4).
            await eventually(lambda: _firmware(app, "IOT0000001", "2.1.0"), within=30)
        except AssertionError:
            items = ok(await team.admin.get("/rDev", params={"device_id": device_id}))["items"]
            got = [(i["name"], i["value"]) for i in items]
            raise AssertionError(f"ingest {dict(app.state.telemetry.ingest.stats)} items {got}") from None
    finally:
        for hook in app.state.on_stop:
            await hook(app)


async def _firmware(app: FastAPI, sn: str, expected: str) -> bool:
    async with app.state.db.sessionmaker() as s:
        got = (await s.execute(select(Gateway.firmware_version).where(Gateway.sn == sn))).scalar_one()
    return bool(got == expected)


async def test_gps_tracks_go_on_up_to_now(app: FastAPI, team: Team) -> None:
    """The demo's GPS gateways (GW300) have a track, and a server started days later extends it to now, so the map's
    default playback (the last 24 hours) is never empty; the extension continues where the track stopped."""
    async with app.state.db.sessionmaker() as s:
        admin = (await s.execute(select(User).where(User.id == team.admin.user_id))).scalar_one()
        await device_demo.seed(s, team.admin.tenant_id or 0, {"admin": admin})
        await device_monitoring_demo.seed(s, team.admin.tenant_id or 0, {"admin": admin})
        await s.commit()
        tracked = (
            await s.execute(
                select(Device.id, Device.sn).join(Gateway, Gateway.id == Device.gateway_id).where(Gateway.has_gps)
            )
        ).all()
    assert sorted(sn for _, sn in tracked) == ["IOT0000006", "IOT0000008"]
    now = int(time.time() * 1000)
    day = {"start": now - 86_400_000, "end": now + 60_000}
    for device_id, _ in tracked:
        points = ok(await team.admin.get("/dev/gps/history", params={"device_id": device_id, **day}))["points"]
        assert len(points) >= 190
    assert await demo.extend_tracks(app) == 0  # nothing to add yet
    # Two days pass with the server down.
    async with app.state.db.sessionmaker() as s:
        for point in (await s.scalars(select(GpsPoint))).all():
            point.time -= timedelta(days=2)
        for device in (await s.scalars(select(Device).where(Device.located_at.is_not(None)))).all():
            device.located_at -= timedelta(days=2)
        await s.commit()
    for device_id, _ in tracked:
        points = ok(await team.admin.get("/dev/gps/history", params={"device_id": device_id, **day}))["points"]
        assert points == []
    assert await demo.extend_tracks(app) > 2 * 190
    for device_id, _ in tracked:
        params = {"device_id": device_id, "start": now - 3 * 86_400_000, "end": int(time.time() * 1000) + 60_000}
        points = ok(await team.admin.get("/dev/gps/history", params=params))["points"]
        assert len(points) >= 190 * 3
        # One loop a day around the site: no jump where the extension begins (a step is ~7 minutes of driving).
        steps = [
            abs(a["latitude"] - b["latitude"]) + abs(a["longitude"] - b["longitude"])
            for a, b in itertools.pairwise(points)
        ]
        assert max(steps) < 0.01
