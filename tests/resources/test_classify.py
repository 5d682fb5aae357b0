"""Gallery classifications over HTTP: the system ones everyone reads, a user's own made, renamed and deleted (SPEC §5
"classification name max 10", §8 114002-114006, 114510)."""

from tests.conftest import Api, code
from tests.resources.factories import classify, upload
from tests.team.factories import Team
from tests.templates.factories import ok

PATH = "/yun/resourcesClassify"


async def system_id(api: Api) -> int:
    return int(next(c["id"] for c in ok(await api.get(PATH)) if c["is_system"]))


class TestListClassifications:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get(PATH)) == 100009

    async def test_without_a_screen_code(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await nobody.get(PATH)) == 100015

    async def test_system_ones_first_in_the_readers_language_then_the_callers_own(self, team: Team) -> None:
        await classify(team.admin, "泵")
        listed = ok(await team.admin.get(PATH))
        assert [(c["name"], c["is_system"]) for c in listed] == [
            ("图标", True),
            ("按钮", True),
            ("设备", True),
            ("背景", True),
            ("泵", False),
        ]
        team.admin.lang = "en"
        assert [c["name"] for c in ok(await team.admin.get(PATH))][:4] == [
            "Icons",
            "Buttons",
            "Equipment",
            "Background",
        ]

    async def test_a_monitor_viewer_reads_but_does_not_write(self, team: Team) -> None:
        await team.role("viewer", ["P24000"])
        await team.user("vera", "viewer")
        vera = await team.login("vera")
        assert len(ok(await vera.get(PATH))) == 4
        assert code(await vera.post(PATH, {"name": "x"})) == 100015

    async def test_another_users_classifications_are_not_listed(self, team: Team) -> None:
        await classify(team.admin, "mine")
        await team.role("designer", ["P41600"])
        await team.user("dora", "designer")
        dora = await team.login("dora")
        assert [c["name"] for c in ok(await dora.get(PATH)) if not c["is_system"]] == []

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        await classify(team.admin, "mine")
        assert [c["is_system"] for c in ok(await other_tenant.get(PATH))] == [True] * 4


class TestWriteClassifications:
    async def test_names(self, team: Team) -> None:
        assert code(await team.admin.post(PATH, {"name": "  "})) == 114002
        assert code(await team.admin.post(PATH, {"name": "x" * 11})) == 114003
        first = await classify(team.admin, "x" * 10)
        assert code(await team.admin.post(PATH, {"name": "x" * 10})) == 114004
        second = await classify(team.admin, "阀门")
        assert code(await team.admin.put(PATH, {"id": second, "name": "x" * 10})) == 114004
        renamed = ok(await team.admin.put(PATH, {"id": first, "name": "泵房"}))
        assert (renamed["name"], renamed["image_count"]) == ("泵房", 0)

    async def test_delete_refused_while_it_holds_images(self, team: Team) -> None:
        cid = await classify(team.admin)
        image = await upload(team.admin, cid)
        assert code(await team.admin.call("DELETE", PATH, params={"id": cid})) == 114006
        assert ok(await team.admin.get(PATH))[-1]["image_count"] == 1
        ok(await team.admin.call("DELETE", "/yun/resourcesInfo", params={"id": image["id"]}))
        assert code(await team.admin.call("DELETE", PATH, params={"id": cid})) == 100001
        assert [c["is_system"] for c in ok(await team.admin.get(PATH))] == [True] * 4

    async def test_system_classifications_are_read_only(self, team: Team) -> None:
        sid = await system_id(team.admin)
        assert code(await team.admin.put(PATH, {"id": sid, "name": "mine"})) == 114510
        assert code(await team.admin.call("DELETE", PATH, params={"id": sid})) == 114510

    async def test_unknown_another_users_or_another_tenants_ids(self, team: Team, other_tenant: Api) -> None:
        cid = await classify(team.admin)
        assert code(await team.admin.put(PATH, {"id": 999_999, "name": "x"})) == 114005
        assert code(await other_tenant.put(PATH, {"id": cid, "name": "x"})) == 114005
        assert code(await other_tenant.call("DELETE", PATH, params={"id": cid})) == 114005
        await team.role("designer", ["P41600"])
        await team.user("dora", "designer")
        dora = await team.login("dora")
        assert code(await dora.call("DELETE", PATH, params={"id": cid})) == 114005
        assert [c["id"] for c in ok(await team.admin.get(PATH))][-1] == cid
