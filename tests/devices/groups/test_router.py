"""Device groups over HTTP: list with the default group, create, edit, delete and moving devices (SPEC §3, §5)."""

from sqlalchemy import select

from iotyun.devices.models import DeviceLog
from tests.conftest import Api, code
from tests.devices.factories import Site, ok


async def create(api: Api, name: str, notes: str = "") -> int:
    return int(ok(await api.post("/yun/dev/group", {"name": name, "notes": notes}))["id"])


class TestListGroups:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/yun/dev/group")) == 100009

    async def test_without_P31000_or_P30000(self, site: Site) -> None:
        bob = await site.team.without()
        assert code(await bob.get("/yun/dev/group")) == 100015

    async def test_device_users_read_it(self, site: Site) -> None:
        bob = await site.user("bob", ["P30000"])
        assert [g["is_default"] for g in ok(await bob.get("/yun/dev/group"))] == [True]
        assert code(await bob.post("/yun/dev/group", {"name": "x"})) == 100015

    async def test_default_group_made_on_first_read_and_listed_first(self, site: Site) -> None:
        line = await create(site.admin, "line", "north")
        await site.device(group_id=line)
        await site.device(group_id=line, registered=False)
        groups = ok(await site.admin.get("/yun/dev/group"))
        assert [(g["name"], g["is_default"], g["device_count"]) for g in groups] == [
            ("默认分组", True, 0),
            ("line", False, 1),
        ]
        assert groups[1]["notes"] == "north" and isinstance(groups[1]["created_at"], int)
        assert len(ok(await site.admin.get("/yun/dev/group"))) == 2

    async def test_default_group_named_in_the_callers_language_whoever_made_it(self, site: Site) -> None:
        site.admin.lang = "en"
        groups = ok(await site.admin.get("/yun/dev/group"))
        assert [(g["name"], g["is_default"]) for g in groups] == [("Default", True)]
        site.admin.lang = "zh"
        assert [g["name"] for g in ok(await site.admin.get("/yun/dev/group"))] == ["默认分组"]
        default = groups[0]["id"]
        await site.device(group_id=default)
        site.admin.lang = "en"
        devices = ok(await site.admin.get("/dev"))["items"]
        assert [d["group_name"] for d in devices] == ["Default"]

    async def test_a_renamed_default_group_keeps_its_name_in_every_language(self, site: Site) -> None:
        default = ok(await site.admin.get("/yun/dev/group"))[0]["id"]
        ok(await site.admin.put("/yun/dev/group", {"id": default, "name": "Hall 1"}))
        site.admin.lang = "en"
        assert [g["name"] for g in ok(await site.admin.get("/yun/dev/group"))] == ["Hall 1"]
        site.admin.lang = "zh"
        assert [g["name"] for g in ok(await site.admin.get("/yun/dev/group"))] == ["Hall 1"]

    async def test_counts_only_the_devices_the_caller_reads(self, site: Site) -> None:
        line = await create(site.admin, "line")
        await site.device(group_id=line)
        await site.device(group_id=line)
        bob = await site.user("bob", ["P30000"])
        assert {g["name"]: g["device_count"] for g in ok(await bob.get("/yun/dev/group"))}["line"] == 0
        assert {g["name"]: g["device_count"] for g in ok(await site.admin.get("/yun/dev/group"))}["line"] == 2

    async def test_other_tenant_sees_nothing(self, site: Site, other_tenant: Api) -> None:
        await create(site.admin, "line")
        assert [g["name"] for g in ok(await other_tenant.get("/yun/dev/group"))] == ["默认分组"]


class TestCreateGroup:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post("/yun/dev/group", {"name": "x"})) == 100009

    async def test_without_P31000(self, site: Site) -> None:
        bob = await site.team.without()
        assert code(await bob.post("/yun/dev/group", {"name": "x"})) == 100015

    async def test_rules(self, site: Site, other_tenant: Api) -> None:
        await create(site.admin, "line")
        body = await site.admin.post("/yun/dev/group", {"name": "line"})
        assert code(body) == 112002 and body["meta"]["field"] == "name"
        body = await site.admin.post("/yun/dev/group", {"name": "x" * 11})
        assert code(body) == 112003 and body["meta"]["field"] == "name"
        body = await site.admin.post("/yun/dev/group", {"name": "  "})
        assert code(body) == 112003 and body["meta"]["field"] == "name"
        assert code(await site.admin.post("/yun/dev/group", {"name": "ok", "notes": "n" * 121})) == 112004
        assert code(await site.admin.post("/yun/dev/group", {"name": "默认分组"})) == 112002
        # The default group's name in the other language would read the same as it to a user of that language.
        assert code(await site.admin.post("/yun/dev/group", {"name": "Default"})) == 112002
        names = [g["name"] for g in ok(await site.admin.get("/yun/dev/group"))]
        assert names == ["默认分组", "line"]
        # Names are unique per tenant only.
        assert (await other_tenant.post("/yun/dev/group", {"name": "line"}))["meta"]["success"] == 1

    async def test_creates_at_the_limits(self, site: Site) -> None:
        data = ok(await site.admin.post("/yun/dev/group", {"name": " 十个字的分组名称呀 ", "notes": "n" * 120}))
        assert data["name"] == "十个字的分组名称呀" and data["device_count"] == 0 and data["is_default"] is False


class TestUpdateGroup:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.put("/yun/dev/group", {"id": 1, "name": "x"})) == 100009

    async def test_without_P31000(self, site: Site) -> None:
        bob = await site.user("bob", ["P30000"])
        assert code(await bob.put("/yun/dev/group", {"id": 1, "name": "x"})) == 100015

    async def test_rules(self, site: Site, other_tenant: Api) -> None:
        line = await create(site.admin, "line", "keep")
        await create(site.admin, "press")
        assert code(await site.admin.put("/yun/dev/group", {"id": line, "name": "press"})) == 112002
        assert code(await site.admin.put("/yun/dev/group", {"id": line, "name": "x" * 11})) == 112003
        assert code(await site.admin.put("/yun/dev/group", {"id": line, "name": "l", "notes": "n" * 121})) == 112004
        assert code(await site.admin.put("/yun/dev/group", {"id": 999999, "name": "x"})) == 112005
        assert code(await other_tenant.put("/yun/dev/group", {"id": line, "name": "x"})) == 112005
        data = ok(await site.admin.put("/yun/dev/group", {"id": line, "name": "line"}))
        assert (data["name"], data["notes"]) == ("line", "keep")
        data = ok(await site.admin.put("/yun/dev/group", {"id": line, "name": "line2", "notes": ""}))
        assert (data["name"], data["notes"]) == ("line2", "")

    async def test_default_group_may_be_renamed(self, site: Site) -> None:
        default = ok(await site.admin.get("/yun/dev/group"))[0]
        data = ok(await site.admin.put("/yun/dev/group", {"id": default["id"], "name": "总厂"}))
        assert data["is_default"] is True and data["name"] == "总厂"
        assert [g["name"] for g in ok(await site.admin.get("/yun/dev/group"))] == ["总厂"]


class TestDeleteGroup:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.call("DELETE", "/yun/dev/group", params={"id": 1})) == 100009

    async def test_without_P31000(self, site: Site) -> None:
        bob = await site.team.without()
        assert code(await bob.call("DELETE", "/yun/dev/group", params={"id": 1})) == 100015

    async def test_rules(self, site: Site, other_tenant: Api) -> None:
        default = ok(await site.admin.get("/yun/dev/group"))[0]["id"]
        line = await create(site.admin, "line")
        press = await create(site.admin, "press")
        device = await site.device(group_id=line)
        ok(await site.admin.post("/yun/dev/fictitious", {"name": "v", "group_id": press}))
        assert code(await site.admin.call("DELETE", "/yun/dev/group", params={"id": default})) == 112000
        assert code(await site.admin.call("DELETE", "/yun/dev/group", params={"id": line})) == 112001
        assert code(await site.admin.call("DELETE", "/yun/dev/group", params={"id": press})) == 112001
        assert code(await site.admin.call("DELETE", "/yun/dev/group", params={"id": 999999})) == 112005
        assert code(await other_tenant.call("DELETE", "/yun/dev/group", params={"id": line})) == 112005
        assert len(ok(await site.admin.get("/yun/dev/group"))) == 3
        # An unregistered row left in the group falls back to the default group.
        await site.set_device(device, registered=False)
        ok(await site.admin.call("DELETE", "/yun/dev/group", params={"id": line}))
        assert [g["id"] for g in ok(await site.admin.get("/yun/dev/group"))] == [default, press]


class TestMoveDevices:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post("/yun/dev/group/move", {"group_id": 1, "device_ids": [1]})) == 100009

    async def test_without_P31000(self, site: Site) -> None:
        bob = await site.user("bob", ["P30000"])
        assert code(await bob.post("/yun/dev/group/move", {"group_id": 1, "device_ids": [1]})) == 100015

    async def test_moves_and_logs(self, site: Site) -> None:
        line = await create(site.admin, "line")
        a, b = await site.device(), await site.device()
        ok(await site.admin.post("/yun/dev/group/move", {"group_id": line, "device_ids": [a, b, a]}))
        groups = {g["name"]: g["device_count"] for g in ok(await site.admin.get("/yun/dev/group"))}
        assert groups == {"默认分组": 0, "line": 2}
        async with site.app.state.db.sessionmaker() as s:
            logs = list((await s.execute(select(DeviceLog).where(DeviceLog.action == "group_move"))).scalars())
        assert sorted(log.device_id or 0 for log in logs) == [a, b]
        assert all(log.detail and log.detail["to_group_id"] == line for log in logs)

    async def test_rules(self, site: Site, other_tenant: Api) -> None:
        line = await create(site.admin, "line")
        mine = await site.device()
        body = await site.admin.post("/yun/dev/group/move", {"group_id": 999999, "device_ids": [mine]})
        assert code(body) == 112006 and body["meta"]["field"] == "group_id"
        foreign = await site.device(owner=other_tenant)
        body = await site.admin.post("/yun/dev/group/move", {"group_id": line, "device_ids": [mine, foreign]})
        assert code(body) == 110510
        own_group = await create(other_tenant, "og")
        assert (
            code(await other_tenant.post("/yun/dev/group/move", {"group_id": line, "device_ids": [foreign]})) == 112006
        )
        assert (
            code(await other_tenant.post("/yun/dev/group/move", {"group_id": own_group, "device_ids": [mine]}))
            == 110510
        )
        assert {g["name"]: g["device_count"] for g in ok(await site.admin.get("/yun/dev/group"))}["line"] == 0

    async def test_non_owner_cannot_move(self, site: Site) -> None:
        """A user reading a device through a share, or not at all, does not manage it: 110510."""
        bob = await site.user("bob", ["P31000"])
        line = await create(site.admin, "line")
        shared, hidden = await site.device(), await site.device()
        await site.grant(shared, bob)
        for device in (shared, hidden):
            assert code(await bob.post("/yun/dev/group/move", {"group_id": line, "device_ids": [device]})) == 110510
        own = await site.device(owner=bob)
        ok(await bob.post("/yun/dev/group/move", {"group_id": line, "device_ids": [own]}))


class TestWhoEditsWhichGroup:
    """Its maker, their secondary administrator and the tenant's administrator edit a group; nobody else does."""

    async def setup(self, site: Site) -> dict[str, Api]:
        plant = await site.team.group("plant")
        office = await site.team.group("office")
        await site.team.user("boss2", "administrator2", group_id=plant)
        await site.team.user("worker", group_id=plant)
        await site.team.user("clerk", group_id=office)
        return {name: await site.team.login(name) for name in ("boss2", "worker", "clerk")}

    async def test_each_role(self, site: Site) -> None:
        users = await self.setup(site)
        default = ok(await site.admin.get("/yun/dev/group"))[0]["id"]
        admins = await create(site.admin, "admins")
        boss2s = await create(users["boss2"], "boss2s")
        workers = await create(users["worker"], "workers")
        clerks = await create(users["clerk"], "clerks")

        def editable(listed: list[dict[str, object]]) -> set[object]:
            return {g["name"] for g in listed if g["editable"]}

        assert editable(ok(await site.admin.get("/yun/dev/group"))) == {
            "默认分组",
            "admins",
            "boss2s",
            "workers",
            "clerks",
        }
        assert editable(ok(await users["boss2"].get("/yun/dev/group"))) == {"boss2s", "workers"}
        assert editable(ok(await users["worker"].get("/yun/dev/group"))) == {"workers"}
        assert editable(ok(await users["clerk"].get("/yun/dev/group"))) == {"clerks"}

        refused = {
            "worker": (default, admins, boss2s, clerks),
            "clerk": (default, admins, boss2s, workers),
            "boss2": (default, admins, clerks),
        }
        for name, ids in refused.items():
            for gid in ids:
                assert code(await users[name].put("/yun/dev/group", {"id": gid, "name": "taken"})) == 100015
                assert code(await users[name].call("DELETE", "/yun/dev/group", params={"id": gid})) == 100015
        # Nothing changed.
        names = {g["id"]: g["name"] for g in ok(await site.admin.get("/yun/dev/group"))}
        assert names == {default: "默认分组", admins: "admins", boss2s: "boss2s", workers: "workers", clerks: "clerks"}

        assert ok(await users["worker"].put("/yun/dev/group", {"id": workers, "name": "w2"}))["editable"] is True
        ok(await users["boss2"].put("/yun/dev/group", {"id": workers, "name": "w3"}))
        ok(await users["boss2"].call("DELETE", "/yun/dev/group", params={"id": workers}))
        ok(await users["boss2"].put("/yun/dev/group", {"id": boss2s, "name": "b2"}))
        ok(await site.admin.put("/yun/dev/group", {"id": clerks, "name": "c2"}))
        ok(await site.admin.call("DELETE", "/yun/dev/group", params={"id": boss2s}))
        ok(await users["clerk"].call("DELETE", "/yun/dev/group", params={"id": clerks}))
        assert [g["name"] for g in ok(await site.admin.get("/yun/dev/group"))] == ["默认分组", "admins"]

    async def test_a_moved_maker_takes_the_right_along(self, site: Site) -> None:
        """The secondary administrator's right follows the maker's user group, not where the group was made."""
        users = await self.setup(site)
        workers = await create(users["worker"], "workers")
        office = next(g["id"] for g in ok(await site.admin.get("/yun/user/group")) if g["name"] == "office")
        worker_id = users["worker"].user_id
        ok(await site.admin.post(f"/yun/user/group/{office}/members", {"user_ids": [worker_id]}))
        assert code(await users["boss2"].put("/yun/dev/group", {"id": workers, "name": "x"})) == 100015
