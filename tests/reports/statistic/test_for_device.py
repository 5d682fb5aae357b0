"""/yun/report/statistic?device=: a history report drawn for another device of its template instead of its own (a
dashboard card following the device tree, issue 31 point 4): the series and their names follow the device, its
filters still apply; a device of another template answers 115401, one the viewer does not read 110506 on device
(another tenant's as a missing one); the other kinds answer the same with or without it. SQLite and PostgreSQL
(docs/api-reports.md "Statistic")."""

from typing import Any

from fastapi import FastAPI

from iotyun.devices.models import DeviceGrant
from tests.conftest import Api, code
from tests.devices.factories import SECRET, ok, register
from tests.reports.statistic.test_history import HOUR, MIN, SHANGHAI, STAT, T0, put, report
from tests.team.factories import Team
from tests.telemetry.factories import Plant, make_plant, unique_sn

ONLINE = {
    "title": "在线设备数", "chart_type": 1, "table_kind": 8,
    "dimension_field_id": [{"id": 64, "field_name": "在线状态"}],
    "aggregate_filed_id": {"id": 66, "field_name": "设备数"}, "aggregation": "count",
}  # fmt: skip


async def twin_of(api: Api, plant: Plant, alias: str = "2号空压机") -> int:
    """Another device bound to the plant's template (so publishing the report's data sources)."""
    twin = await register(api, unique_sn(), SECRET, alias=alias)
    ok(await api.post("/yun/module/bind", {"template_id": plant.template_id, "device_ids": [twin["id"]]}))
    ok(await api.post("/yun/module/publish", {"id": plant.template_id}))
    return int(twin["id"])


async def stat_for(api: Api, report_id: int, device: int | None, **params: Any) -> dict[str, Any]:
    query = {"id": report_id, "start": T0, "end": T0 + 2 * HOUR - 1, "tz": SHANGHAI, **params}
    if device is not None:
        query["device"] = device
    return await api.get(STAT, params=query)


def named(answer: dict[str, Any]) -> list[tuple[str, list[float | None]]]:
    return [(s["name"], s["values"]) for s in ok(answer)["series"]]


async def test_the_series_follow_the_device(app: FastAPI, team: Team, plant: Plant) -> None:
    twin = await twin_of(team.admin, plant)
    p, t = plant.sources["出水压力"], plant.sources["温度"]
    await put(app, plant.device_id, p, [(T0 + MIN, 1.0)])
    await put(app, twin, p, [(T0 + HOUR + MIN, 2.0)])
    await put(app, twin, t, [(T0 + MIN, 30.0)])
    # Comparing devices, one data source: the series is named by the device drawn.
    by_device = await report(team.admin, [plant.device_id], [p], fill="null")
    assert named(await stat_for(team.admin, by_device, None)) == [("1号空压机", [1.0, None])]
    assert named(await stat_for(team.admin, by_device, twin)) == [("2号空压机", [None, 2.0])]
    assert named(await stat_for(team.admin, by_device, plant.device_id)) == [("1号空压机", [1.0, None])]
    # Two devices of the report drawn for one: one series, named as a report of one device is.
    both = await report(team.admin, [plant.device_id, twin], [p, t], compare_filed_id=[], fill="null", title="b")
    assert [n for n, _ in named(await stat_for(team.admin, both, None))] == [
        "1号空压机 · 出水压力",
        "1号空压机 · 温度",
        "2号空压机 · 出水压力",
        "2号空压机 · 温度",
    ]
    assert named(await stat_for(team.admin, both, twin)) == [("出水压力", [None, 2.0]), ("温度", [30.0, None])]
    # The device dimension: the device drawn is the one category.
    dim = await report(
        team.admin, [plant.device_id], [p], dimension_field_id=[{"id": 39}], compare_filed_id=[{"id": 40}],
        aggregation="sum", title="dim",
    )  # fmt: skip
    data = ok(await stat_for(team.admin, dim, twin))
    assert data["categories"] == ["2号空压机"]
    assert [(s["name"], s["values"]) for s in data["series"]] == [("出水压力", [2.0])]
    # The table view keeps the report's own devices.
    table = ok(
        await team.admin.get(
            "/yun/report/table/data", params={"id": by_device, "start": T0, "end": T0 + 2 * HOUR - 1, "device": twin}
        )
    )
    assert [c["title"] for c in table["columns"]][1] == "1号空压机"


async def test_the_reports_filters_apply_to_the_device(app: FastAPI, team: Team, plant: Plant) -> None:
    twin = await twin_of(team.admin, plant)
    p, t = plant.sources["出水压力"], plant.sources["温度"]
    await put(app, twin, p, [(T0 + MIN, 1.0), (T0 + HOUR + MIN, 3.0)])
    device_named = [{"field_id": 39, "operator": "contain", "value": "1号"}]
    only_first = await report(team.admin, [plant.device_id], [p], filters=device_named)
    data = ok(await stat_for(team.admin, only_first, twin))
    assert (data["series"], data["categories"]) == ([], [])
    above = [{"field_id": 41, "operator": "gt", "value": 2}, {"field_id": 40, "operator": "eq", "value": "出水压力"}]
    high = await report(team.admin, [plant.device_id], [p, t], filters=above, compare_filed_id=[], title="high")
    assert named(await stat_for(team.admin, high, twin)) == [("出水压力", [3.0])]


async def test_a_device_of_another_template_or_unread(
    app: FastAPI, team: Team, plant: Plant, other_tenant: Api
) -> None:
    p = plant.sources["出水压力"]
    rid = await report(team.admin, [plant.device_id], [p])
    # Another template's 出水压力 has another id: the device does not publish the report's data source.
    other = await make_plant(team.admin)
    answer = await stat_for(team.admin, rid, other.device_id)
    assert (code(answer), answer["meta"]["field"]) == (115401, "data_source_ids")
    # A device bound to no template publishes nothing.
    bare = await register(team.admin, unique_sn(), SECRET, alias="备用")
    answer = await stat_for(team.admin, rid, bare["id"])
    assert (code(answer), answer["meta"]["field"]) == (115401, "data_source_ids")
    # Another tenant's device, one never made: a missing one.
    theirs = await register(other_tenant, unique_sn(), SECRET)
    for device in (theirs["id"], other.device_id + 10_000):
        answer = await stat_for(team.admin, rid, device)
        assert (code(answer), answer["meta"]["field"]) == (110506, "device"), device
    for bad in (0, -1, "x"):
        answer = await team.admin.get(STAT, params={"id": rid, "device": bad})
        assert (code(answer), answer["meta"]["field"]) == (100004, "device"), bad
    # A designer reading the plant but not its twin: 110506 for the twin, the plant drawn.
    twin = await twin_of(team.admin, plant)
    await team.role("designer", ["P61100"])
    await team.user("carl", "designer")
    carl = await team.login("carl")
    async with app.state.db.sessionmaker() as s:
        s.add(DeviceGrant(device_id=plant.device_id, user_id=carl.user_id, kind="share", can_write=False, granted_by=0))
        await s.commit()
    mine = await report(carl, [plant.device_id], [p], title="carl's")
    answer = await stat_for(carl, mine, twin)
    assert (code(answer), answer["meta"]["field"]) == (110506, "device")
    ok(await stat_for(carl, mine, plant.device_id))
    # Another tenant reading the report with its own device: the report is not theirs.
    assert code(await stat_for(other_tenant, rid, theirs["id"])) == 118212


async def test_other_kinds_answer_the_same(app: FastAPI, team: Team, plant: Plant, other_tenant: Api) -> None:
    twin = await twin_of(team.admin, plant)
    rid = ok(await team.admin.post("/yun/report/basic", ONLINE))["id"]
    plain = ok(await team.admin.get(STAT, params={"id": rid}))
    assert ok(await team.admin.get(STAT, params={"id": rid, "device": twin})) == plain
    theirs = await register(other_tenant, unique_sn(), SECRET)
    answer = await team.admin.get(STAT, params={"id": rid, "device": theirs["id"]})
    assert (code(answer), answer["meta"]["field"]) == (110506, "device")
