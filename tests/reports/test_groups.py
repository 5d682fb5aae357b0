"""Report groups (issue 17 contract A): /yun/report/group create, rename, list with counts, delete filing the reports
back to no group; the list filter group_id; a report's group must be its owner's (100004 on group_id); another
user's or tenant's group answers 110415 and changes nothing (docs/api-reports.md "Report groups")."""

from typing import Any

from sqlalchemy import select

from iotyun.reports.models import Report, ReportGroup
from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.reports.test_definitions import PATH, body

GROUP = "/yun/report/group"


def refused(answer: dict[str, Any]) -> tuple[int, str | None]:
    return code(answer), answer["meta"].get("field")


async def groups(site: Site) -> list[tuple[Any, ...]]:
    async with site.app.state.db.sessionmaker() as s:
        got = await s.execute(select(ReportGroup.id, ReportGroup.owner_id, ReportGroup.name).order_by(ReportGroup.id))
        return [tuple(r) for r in got.all()]


async def report_groups(site: Site) -> list[tuple[Any, ...]]:
    async with site.app.state.db.sessionmaker() as s:
        return [tuple(r) for r in (await s.execute(select(Report.id, Report.group_id).order_by(Report.id))).all()]


async def test_create_rename_list_delete(site: Site) -> None:
    a = site.admin
    g1 = ok(await a.post(GROUP, {"name": "运行报表"}))
    assert (g1["name"], g1["count"]) == ("运行报表", 0)
    g2 = ok(await a.post(GROUP, {"name": " alpha "}))
    assert g2["name"] == "alpha"
    r1 = ok(await a.post(PATH, body(title="r1", group_id=g1["id"])))
    ok(await a.post(PATH, body(title="r2", group_id=g1["id"])))
    ok(await a.post(PATH, body(title="r3")))
    assert r1["group_id"] == g1["id"]
    listed = ok(await a.get(GROUP))
    assert [(g["name"], g["count"]) for g in listed] == [("alpha", 0), ("运行报表", 2)]
    assert ok(await a.get(PATH, params={"group_id": g1["id"]}))["total"] == 2
    assert [i["title"] for i in ok(await a.get(PATH, params={"group_id": 0}))["items"]] == ["r3"]
    assert ok(await a.get(PATH, params={"group_id": g2["id"]}))["total"] == 0
    renamed = ok(await a.put(GROUP, {"id": g1["id"], "name": "日报"}))
    assert (renamed["name"], renamed["count"]) == ("日报", 2)
    # Deleting a group files its reports back to no group.
    ok(await a.call("DELETE", GROUP, params={"id": g1["id"]}))
    assert [g["name"] for g in ok(await a.get(GROUP))] == ["alpha"]
    assert ok(await a.get(PATH, params={"group_id": 0}))["total"] == 3
    assert ok(await a.get("/yun/report/info", params={"id": r1["id"]}))["group_id"] is None
    # Moving a report into a group is a PUT of the report.
    info = ok(await a.get("/yun/report/info", params={"id": r1["id"]}))
    for key in ("owner_id", "time_field_id", "created_at", "updated_at"):
        info.pop(key)
    assert ok(await a.put(PATH, {**info, "group_id": g2["id"]}))["group_id"] == g2["id"]


async def test_names(site: Site) -> None:
    a = site.admin
    g = ok(await a.post(GROUP, {"name": "a"}))
    before = await groups(site)
    assert refused(await a.post(GROUP, {"name": "a"})) == (110412, "name")
    assert refused(await a.post(GROUP, {"name": "  "}))[0] == 110413
    assert refused(await a.post(GROUP, {"name": "x" * 11}))[0] == 110414
    assert refused(await a.post(GROUP, {"name": "a/b"}))[0] == 110413
    other = ok(await a.post(GROUP, {"name": "b"}))
    assert refused(await a.put(GROUP, {"id": other["id"], "name": "a"})) == (110412, "name")
    ok(await a.put(GROUP, {"id": g["id"], "name": "a"}))  # its own name again
    assert ok(await a.post(GROUP, {"name": "x" * 10}))["name"] == "x" * 10
    assert (await groups(site))[: len(before)] == before


async def test_a_report_names_a_group_of_its_owner(site: Site, other_tenant: Api) -> None:
    carl = await site.user("carl", ["P61000", "P61100"])
    mine = ok(await carl.post(GROUP, {"name": "carl"}))
    boss = ok(await site.admin.post(GROUP, {"name": "boss"}))
    theirs = ok(await other_tenant.post(GROUP, {"name": "theirs"}))
    for group_id in (boss["id"], theirs["id"], mine["id"] + 1000):
        assert refused(await carl.post(PATH, body(group_id=group_id))) == (100004, "group_id")
    r = ok(await carl.post(PATH, body(group_id=mine["id"])))
    # The administrator edits carl's report: its group is still one of carl's.
    edit = {**body(group_id=boss["id"]), "id": r["id"]}
    assert refused(await site.admin.put(PATH, edit)) == (100004, "group_id")
    ok(await site.admin.put(PATH, {**edit, "group_id": mine["id"]}))
    # The administrator's copy of carl's report is his, in no group.
    copy = ok(await site.admin.post(PATH + "/copy", {"id": r["id"]}))
    assert copy["group_id"] is None


async def test_rights(site: Site, other_tenant: Api) -> None:
    carl = await site.user("carl", ["P61000"])
    dora = await site.user("dora", ["P61000"])
    nobody = await site.user("nobody", ["P10000"])
    mine = ok(await carl.post(GROUP, {"name": "carl"}))
    ok(await carl.post(GROUP, {"name": "carl2"}))
    ok(await dora.post(GROUP, {"name": "dora"}))
    theirs = ok(await other_tenant.post(GROUP, {"name": "theirs"}))
    before = await groups(site)
    for who in (dora, other_tenant):
        assert refused(await who.put(GROUP, {"id": mine["id"], "name": "x"})) == (110415, "id")
        assert refused(await who.call("DELETE", GROUP, params={"id": mine["id"]})) == (110415, "id")
    assert refused(await site.admin.put(GROUP, {"id": theirs["id"], "name": "x"})) == (110415, "id")
    assert refused(await site.admin.call("DELETE", GROUP, params={"id": theirs["id"]})) == (110415, "id")
    assert code(await nobody.get(GROUP)) == 100015
    assert code(await nobody.post(GROUP, {"name": "n"})) == 100015
    assert await groups(site) == before
    # Each lists his own; the administrator the tenant's.
    assert [g["name"] for g in ok(await carl.get(GROUP))] == ["carl", "carl2"]
    assert [g["name"] for g in ok(await dora.get(GROUP))] == ["dora"]
    assert [g["name"] for g in ok(await site.admin.get(GROUP))] == ["carl", "carl2", "dora"]
    assert [g["name"] for g in ok(await other_tenant.get(GROUP))] == ["theirs"]
    # The administrator renames and deletes the tenant's groups.
    ok(await site.admin.put(GROUP, {"id": mine["id"], "name": "renamed"}))
    ok(await site.admin.call("DELETE", GROUP, params={"id": mine["id"]}))
    assert [g["name"] for g in ok(await carl.get(GROUP))] == ["carl2"]
