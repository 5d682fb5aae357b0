"""A template's monitoring tables over HTTP (SPEC's "middlewares", issue 35; docs/api-templates.md "Monitoring
tables"): list, read, create, edit with revisions, copy, order and delete; every rule with its code; who may read and
who may change; another tenant's ids say nothing; a template's copy and hand-over take its tables along."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.core.limits import MIDDLEWARE_COLUMNS_MAX, MIDDLEWARES_PER_TEMPLATE_MAX
from iotyun.templates.models import MonitorTable
from tests.conftest import Api, code
from tests.team.factories import Team
from tests.templates.datasources.factories import add, share_row, template_user
from tests.templates.factories import make_template, ok, template_logs

TABLE = "/yun/module/middleware/table"
TABLES = "/yun/module/middleware/tables"


async def plant(api: Api) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    template = await make_template(api, "锅炉房")
    sources = [await add(api, template["id"], name, address=i) for i, name in enumerate(("温度", "压力", "流量"))]
    return template, sources


async def make_table(api: Api, template_id: int, name: str = "总览", **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.post(TABLE, {"template_id": template_id, "name": name, **body}))
    return data


def column(source_id: int, **fields: Any) -> dict[str, Any]:
    return {"source_id": source_id, **fields}


async def stored(app: FastAPI) -> int:
    async with app.state.db.sessionmaker() as s:
        return int((await s.execute(select(func.count(MonitorTable.id)))).scalar_one())


async def test_a_new_table_takes_every_data_source_in_order_and_is_listed(admin: Api, app: FastAPI) -> None:
    template, sources = await plant(admin)
    table = await make_table(admin, template["id"], description=" 每台锅炉一行 ")
    assert [c["source_id"] for c in table["design"]["columns"]] == [s["id"] for s in sources]
    assert table["description"] == "每台锅炉一行" and table["revision"] == 1 and table["missing_sources"] == []
    assert [(x["id"], x["name"], x["unit"]) for x in table["sources"]] == [(s["id"], s["name"], "") for s in sources]
    design = table["design"]
    assert design["schema_version"] == 1 and design["row_height"] == 36 and design["device"]["frozen"] is True
    listed = ok(await admin.get(TABLES, params={"template_id": template["id"]}))
    assert [(t["id"], t["name"], t["columns"]) for t in listed] == [(table["id"], "总览", 3)]
    assert ok(await admin.get(TABLE, params={"id": table["id"]}))["design"] == design
    # Logged in the template's history, without making the template "changed since publish".
    assert "monitor_table_create" in await template_logs(app, template["id"])
    overview = ok(await admin.get("/yun/module/middleware", params={"id": template["id"]}))
    assert overview["template"]["version"] == template["version"] + 3  # the three data sources, not the table


async def test_a_design_is_stored_as_given_and_read_back(admin: Api) -> None:
    template, sources = await plant(admin)
    design = {
        "columns": [
            column(
                sources[1]["id"],
                title="出口压力",
                group="压力",
                width=140,
                decimals=3,
                unit="MPa",
                thousands=True,
                align="center",
                frozen=True,
                bands=[{"max": 0.2, "color": "#ff0000"}, {"min": 0.2, "max": 1.6, "background": "#00ff0033"}],
            ),
            column(sources[0]["id"]),
        ],
        "device": {"title": "锅炉", "width": 200, "show_sn": False, "show_state": True, "frozen": True},
        "row_height": 48,
        "stale_after_s": 60,
    }
    table = await make_table(admin, template["id"], design=design)
    got = table["design"]
    assert got["columns"][0]["bands"][1] == {"min": 0.2, "max": 1.6, "color": None, "background": "#00ff0033"}
    assert got["columns"][0]["unit"] == "MPa" and got["columns"][1]["unit"] is None
    assert got["device"]["title"] == "锅炉" and got["row_height"] == 48 and got["stale_after_s"] == 60


async def test_bad_designs_are_refused_with_the_place_named_and_nothing_stored(admin: Api, app: FastAPI) -> None:
    template, sources = await plant(admin)
    first = sources[0]["id"]
    other, other_sources = await plant_other(admin)
    cases: list[tuple[Any, str]] = [
        ({"columns": [column(first), column(first)]}, "design.columns.1.source_id"),
        ({"columns": [column(other_sources[0]["id"])]}, "design.columns.0.source_id"),
        ({"columns": [column(999999)]}, "design.columns.0.source_id"),
        ({"columns": [column(first, width=10)]}, "design.columns.0.width"),
        ({"columns": [column(first, decimals=7)]}, "design.columns.0.decimals"),
        ({"columns": [column(first, bands=[{"min": 5, "max": 1, "color": "#ffffff"}])]}, "design.columns.0.bands.0"),
        ({"columns": [column(first, bands=[{"min": 1}])]}, "design.columns.0.bands.0"),
        ({"columns": [column(first, bands=[{"color": "red"}])]}, "design.columns.0.bands.0.color"),
        ({"columns": [column(first, bands=[{"color": "#fff"}] * 9)]}, "design.columns.0.bands"),
        ({"columns": [column(first, colour="#ffffff")]}, "design.columns.0.colour"),
        ({"columns": [column(first, frozen="yes")]}, "design.columns.0.frozen"),
        ({"device": {"show_sn": 1}}, "design.device.show_sn"),
        ({"columns": [column(i) for i in range(MIDDLEWARE_COLUMNS_MAX + 1)]}, "design.columns"),
        ({"row_height": 500}, "design.row_height"),
        ({"stale_after_s": 0}, "design.stale_after_s"),
        ({"schema_version": 2}, "design.schema_version"),
        ({"columns": "all"}, "design.columns"),
        ("everything", "design"),
    ]
    before = await stored(app)
    for design, field in cases:
        resp = await admin.post(TABLE, {"template_id": template["id"], "name": "坏表", "design": design})
        assert (code(resp), resp["meta"].get("field")) == (115506, field), (design, resp)
    assert await stored(app) == before
    del other


async def plant_other(api: Api) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    template = await make_template(api, "另一个站")
    return template, [await add(api, template["id"], "液位")]


async def test_names_are_required_short_and_unique_in_the_template(admin: Api) -> None:
    template, _ = await plant(admin)
    other, _ = await plant_other(admin)
    await make_table(admin, template["id"], "总览")
    for name, expected in (("", 115502), ("   ", 115502), ("x" * 33, 115503), ("总览", 115504)):
        resp = await admin.post(TABLE, {"template_id": template["id"], "name": name})
        assert (code(resp), resp["meta"].get("field")) == (expected, "name"), name
    # The same name in another template is fine.
    await make_table(admin, other["id"], "总览")


async def test_a_template_holds_at_most_the_limit(admin: Api) -> None:
    template, _ = await plant(admin)
    for i in range(MIDDLEWARES_PER_TEMPLATE_MAX):
        await make_table(admin, template["id"], f"表{i}", design={"columns": []})
    resp = await admin.post(TABLE, {"template_id": template["id"], "name": "多一个"})
    assert code(resp) == 115505
    first = ok(await admin.get(TABLES, params={"template_id": template["id"]}))[0]
    assert code(await admin.post(f"{TABLE}/copy", {"id": first["id"], "name": "复制"})) == 115505


async def test_edits_are_revisions_and_a_stale_save_is_refused(admin: Api) -> None:
    template, sources = await plant(admin)
    table = await make_table(admin, template["id"])
    saved = ok(
        await admin.put(
            TABLE,
            {"id": table["id"], "revision": 1, "name": "一号炉", "design": {"columns": [column(sources[2]["id"])]}},
        )
    )
    assert saved["revision"] == 2 and saved["name"] == "一号炉"
    assert [c["source_id"] for c in saved["design"]["columns"]] == [sources[2]["id"]]
    assert saved["description"] == ""  # left out: stays
    # A second editor still at revision 1 is refused and changes nothing; overwriting knowingly wins.
    stale = await admin.put(TABLE, {"id": table["id"], "revision": 1, "name": "二号炉"})
    assert (code(stale), stale["meta"].get("field")) == (100023, "revision")
    assert ok(await admin.get(TABLE, params={"id": table["id"]}))["name"] == "一号炉"
    forced = ok(await admin.put(TABLE, {"id": table["id"], "revision": 1, "overwrite": True, "name": "二号炉"}))
    assert (forced["revision"], forced["name"]) == (3, "二号炉")
    # Renaming onto another table's name is refused.
    await make_table(admin, template["id"], "备用")
    clash = await admin.put(TABLE, {"id": table["id"], "revision": 3, "name": "备用"})
    assert code(clash) == 115504


async def test_copy_order_and_delete(admin: Api, app: FastAPI) -> None:
    template, _ = await plant(admin)
    one = await make_table(admin, template["id"], "一")
    two = ok(await admin.post(f"{TABLE}/copy", {"id": one["id"], "name": "二"}))
    assert two["design"] == one["design"] and two["revision"] == 1 and two["sort"] == one["sort"] + 1
    assert code(await admin.post(f"{TABLE}/copy", {"id": one["id"], "name": "一"})) == 115504
    order = ok(await admin.put(f"{TABLE}/order", {"template_id": template["id"], "ids": [two["id"], one["id"]]}))
    assert [t["name"] for t in order] == ["二", "一"]
    listed = ok(await admin.get(TABLES, params={"template_id": template["id"]}))
    assert [t["name"] for t in listed] == ["二", "一"]
    for ids in ([one["id"]], [one["id"], one["id"]], [one["id"], two["id"], 999999]):
        resp = await admin.put(f"{TABLE}/order", {"template_id": template["id"], "ids": ids})
        assert (code(resp), resp["meta"].get("field")) == (100004, "ids"), ids
    assert ok(await admin.call("DELETE", TABLE, params={"id": one["id"]})) is None
    assert code(await admin.get(TABLE, params={"id": one["id"]})) == 115501
    assert code(await admin.call("DELETE", TABLE, params={"id": one["id"]})) == 115501
    logs = await template_logs(app, template["id"])
    assert {"monitor_table_copy", "monitor_table_order", "monitor_table_delete"} <= set(logs)


async def test_a_deleted_data_source_shows_as_missing_until_the_next_save(admin: Api) -> None:
    template, sources = await plant(admin)
    table = await make_table(admin, template["id"])
    ok(
        await admin.call(
            "DELETE", "/yun/module/dataSource", json={"template_id": template["id"], "ids": [sources[1]["id"]]}
        )
    )
    got = ok(await admin.get(TABLE, params={"id": table["id"]}))
    assert got["missing_sources"] == [sources[1]["id"]]
    kept = [c for c in got["design"]["columns"] if c["source_id"] not in got["missing_sources"]]
    saved = ok(await admin.put(TABLE, {"id": table["id"], "revision": 1, "design": {**got["design"], "columns": kept}}))
    assert saved["missing_sources"] == [] and len(saved["design"]["columns"]) == 2


async def test_who_reads_and_who_changes(team: Team, admin: Api, app: FastAPI) -> None:
    template, _ = await plant(admin)
    table = await make_table(admin, template["id"])
    viewer = await template_user(team, "viewer", "13900000101")
    designer = await template_user(team, "designer", "13900000102")
    stranger = await template_user(team, "stranger", "13900000103")
    await share_row(app, template["id"], viewer.user_id or 0, ["view"])
    await share_row(app, template["id"], designer.user_id or 0, ["view", "design"])
    # A share reads; only the design item changes.
    assert ok(await viewer.get(TABLE, params={"id": table["id"]}))["name"] == "总览"
    assert len(ok(await viewer.get(TABLES, params={"template_id": template["id"]}))) == 1
    writes = [
        viewer.post(TABLE, {"template_id": template["id"], "name": "新"}),
        viewer.put(TABLE, {"id": table["id"], "revision": 1, "name": "改"}),
        viewer.post(f"{TABLE}/copy", {"id": table["id"], "name": "抄"}),
        viewer.put(f"{TABLE}/order", {"template_id": template["id"], "ids": [table["id"]]}),
        viewer.call("DELETE", TABLE, params={"id": table["id"]}),
    ]
    for call in writes:
        assert code(await call) == 115019
    assert ok(await designer.put(TABLE, {"id": table["id"], "revision": 1, "name": "改"}))["revision"] == 2
    # Someone the template is not shared with: not found, for the table and for the template alike.
    assert code(await stranger.get(TABLE, params={"id": table["id"]})) == 115501
    assert code(await stranger.get(TABLES, params={"template_id": template["id"]})) == 115001
    assert code(await stranger.call("DELETE", TABLE, params={"id": table["id"]})) == 115501


async def test_another_tenant_learns_nothing(admin: Api, other_tenant: Api, app: FastAPI) -> None:
    template, _ = await plant(admin)
    table = await make_table(admin, template["id"])
    theirs = await make_template(other_tenant, "别家")
    before = await stored(app)
    assert code(await other_tenant.get(TABLE, params={"id": table["id"]})) == 115501
    assert code(await other_tenant.get(TABLES, params={"template_id": template["id"]})) == 115001
    assert code(await other_tenant.put(TABLE, {"id": table["id"], "revision": 1, "name": "夺"})) == 115501
    assert code(await other_tenant.post(f"{TABLE}/copy", {"id": table["id"], "name": "抄"})) == 115501
    assert code(await other_tenant.call("DELETE", TABLE, params={"id": table["id"]})) == 115501
    resp = await other_tenant.post(TABLE, {"template_id": template["id"], "name": "侵"})
    assert code(resp) == 115001
    # Their own template cannot take our data sources as columns either.
    ours = ok(await admin.get(TABLE, params={"id": table["id"]}))["design"]["columns"][0]["source_id"]
    resp = await other_tenant.post(
        TABLE, {"template_id": theirs["id"], "name": "表", "design": {"columns": [column(ours)]}}
    )
    assert code(resp) == 115506
    assert await stored(app) == before
    assert ok(await admin.get(TABLE, params={"id": table["id"]}))["name"] == "总览"


async def test_a_template_copy_takes_its_tables_with_columns_on_the_copy_s_sources(admin: Api) -> None:
    template, sources = await plant(admin)
    await make_table(
        admin, template["id"], design={"columns": [column(sources[2]["id"], title="流"), column(sources[0]["id"])]}
    )
    copied = ok(await admin.post("/yun/module/copy", {"id": template["id"], "name": "锅炉房二"}))
    tables = ok(await admin.get(TABLES, params={"template_id": copied["id"]}))
    assert [t["name"] for t in tables] == ["总览"]
    got = ok(await admin.get(TABLE, params={"id": tables[0]["id"]}))
    copy_sources = {
        s["name"]: s["id"]
        for s in ok(await admin.get("/yun/module/dataSource", params={"template_id": copied["id"]}))["items"]
    }
    assert [(c["source_id"], c["title"]) for c in got["design"]["columns"]] == [
        (copy_sources["流量"], "流"),
        (copy_sources["温度"], ""),
    ]
    assert got["missing_sources"] == []
