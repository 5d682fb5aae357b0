"""Configuration carousel groups over HTTP: each user's own groups of devices whose main web screens the console
shows in turn (SPEC §3, §4, §7; docs/api-carousel.md)."""

from typing import Any

from sqlalchemy import delete, func, insert, select, update

from iotyun.core import security
from iotyun.core.limits import (
    CAROUSEL_DEVICES_PER_GROUP_MAX,
    CAROUSEL_GROUP_NAME_MAX,
    CAROUSEL_GROUPS_MAX,
    CAROUSEL_INTERVAL_DEFAULT_S,
    CAROUSEL_INTERVAL_MAX_S,
    CAROUSEL_INTERVAL_MIN_S,
)
from iotyun.devices.models import CarouselGroup, CarouselItem, Device, DeviceGrant, Gateway
from iotyun.templates.models import TemplateBinding, TemplateScreen
from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.templates.factories import make_template

PATH = "/carousel"
DEV = "/carousel/dev"


async def make(api: Api, name: str = "hall", **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.post(PATH, {"name": name, **body}))
    return data


async def devices_of(api: Api, group_id: int) -> list[int]:
    return [d["device_id"] for d in ok(await api.get(DEV, params={"id": group_id}))]


async def set_devices(api: Api, group_id: int, device_ids: list[int]) -> dict[str, Any]:
    return await api.put(DEV, {"id": group_id, "device_ids": device_ids})


async def rows(site: Site) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every carousel group and item as stored, to show a refusal changed nothing."""
    async with site.app.state.db.sessionmaker() as s:
        groups = (
            await s.execute(
                select(CarouselGroup.id, CarouselGroup.name, CarouselGroup.interval, CarouselGroup.rotate).order_by(
                    CarouselGroup.id
                )
            )
        ).all()
        items = (
            await s.execute(
                select(CarouselItem.group_id, CarouselItem.device_id, CarouselItem.position).order_by(CarouselItem.id)
            )
        ).all()
    return [tuple(r) for r in groups], [tuple(r) for r in items]


async def bind_row(site: Site, device_id: int, template_id: int) -> None:
    """A device bound to a template, written directly (binding has its own tests and compatibility rules)."""
    async with site.app.state.db.sessionmaker() as s:
        device = await s.get(Device, device_id)
        assert device is not None
        s.add(TemplateBinding(tenant_id=device.tenant_id, device_id=device_id, template_id=template_id, bound_by=0))
        await s.commit()


async def many_devices(site: Site, count: int) -> list[int]:
    """`count` registered devices of the administrator, written in one session."""
    secret_hash = security.hash_password_sync("secret123", device=True)
    ids: list[int] = []
    async with site.app.state.db.sessionmaker() as s:
        for i in range(count):
            gateway = Gateway(sn=f"MANY{i:05d}", secret_hash=secret_hash)
            s.add(gateway)
            await s.flush()
            device = Device(
                tenant_id=site.admin.tenant_id,
                owner_id=site.admin.user_id,
                gateway_id=gateway.id,
                sn=gateway.sn,
            )
            s.add(device)
            await s.flush()
            ids.append(device.id)
        await s.commit()
    return ids


class TestAccess:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get(PATH)) == 100009
        assert code(await api.post(PATH, {"name": "x"})) == 100009
        assert code(await api.get(DEV, params={"id": 1})) == 100009

    async def test_without_P120000(self, site: Site) -> None:
        group = await make(site.admin)
        bob = await site.user("bob", ["P10000", "P30000", "P130000"])
        assert code(await bob.get(PATH)) == 100015
        assert code(await bob.post(PATH, {"name": "x"})) == 100015
        assert code(await bob.put(PATH, {"id": group["id"], "name": "x"})) == 100015
        assert code(await bob.call("DELETE", PATH, params={"id": group["id"]})) == 100015
        assert code(await bob.get(DEV, params={"id": group["id"]})) == 100015
        assert code(await set_devices(bob, group["id"], [])) == 100015
        assert [g["name"] for g in ok(await site.admin.get(PATH))] == ["hall"]

    async def test_other_tenant_group_answers_not_found_and_changes_nothing(
        self, site: Site, other_tenant: Api
    ) -> None:
        group = await make(site.admin)
        mine = await site.device()
        ok(await set_devices(site.admin, group["id"], [mine]))
        before = await rows(site)
        assert ok(await other_tenant.get(PATH)) == []
        gid = group["id"]
        assert code(await other_tenant.put(PATH, {"id": gid, "name": "x"})) == 202001
        assert code(await other_tenant.call("DELETE", PATH, params={"id": gid})) == 202001
        assert code(await other_tenant.get(DEV, params={"id": gid})) == 202001
        theirs = await site.device(owner=other_tenant)
        assert code(await set_devices(other_tenant, gid, [theirs])) == 202001
        assert await rows(site) == before

    async def test_groups_are_per_user(self, site: Site) -> None:
        carl = await site.user("carl", ["P120000"])
        group = await make(site.admin)
        assert ok(await carl.get(PATH)) == []
        assert code(await carl.put(PATH, {"id": group["id"], "name": "x"})) == 202001
        assert code(await carl.get(DEV, params={"id": group["id"]})) == 202001
        assert code(await carl.call("DELETE", PATH, params={"id": group["id"]})) == 202001
        await make(carl, "hall")
        assert len(ok(await site.admin.get(PATH))) == 1


class TestCreate:
    async def test_creates_in_order_with_defaults(self, site: Site) -> None:
        a = await make(site.admin, "a")
        b = await make(site.admin, "  b  ", interval=CAROUSEL_INTERVAL_MIN_S)
        assert a == {
            "id": a["id"],
            "name": "a",
            "interval": CAROUSEL_INTERVAL_DEFAULT_S,
            "rotate": False,
            "position": 0,
            "device_count": 0,
        }
        assert (b["name"], b["interval"], b["position"]) == ("b", CAROUSEL_INTERVAL_MIN_S, 1)
        assert ok(await site.admin.get(PATH)) == [a, b]

    async def test_name_rules(self, site: Site) -> None:
        await make(site.admin, "hall")
        before = await rows(site)
        body = await site.admin.post(PATH, {"name": "hall"})
        assert (code(body), body["meta"]["field"]) == (202003, "name")
        body = await site.admin.post(PATH, {"name": ""})
        assert (code(body), body["meta"]["field"]) == (202002, "name")
        assert code(await site.admin.post(PATH, {"name": "   "})) == 202002
        body = await site.admin.post(PATH, {"name": "x" * (CAROUSEL_GROUP_NAME_MAX + 1)})
        assert (code(body), body["meta"]["field"]) == (202004, "name")
        assert str(CAROUSEL_GROUP_NAME_MAX) in body["meta"]["detail"]
        assert await rows(site) == before
        await make(site.admin, "x" * CAROUSEL_GROUP_NAME_MAX)

    async def test_interval_rules(self, site: Site) -> None:
        for bad in (CAROUSEL_INTERVAL_MIN_S - 1, CAROUSEL_INTERVAL_MAX_S + 1, 0, -5, 30.5, "30", True, None):
            body = await site.admin.post(PATH, {"name": "g", "interval": bad})
            assert (code(body), body["meta"]["field"]) == (202006, "interval"), bad
        assert await rows(site) == ([], [])
        assert (await make(site.admin, "lo", interval=CAROUSEL_INTERVAL_MIN_S))["interval"] == CAROUSEL_INTERVAL_MIN_S
        assert (await make(site.admin, "hi", interval=CAROUSEL_INTERVAL_MAX_S))["interval"] == CAROUSEL_INTERVAL_MAX_S

    async def test_a_new_group_cannot_start_rotating(self, site: Site) -> None:
        body = await site.admin.post(PATH, {"name": "g", "rotate": True})
        assert (code(body), body["meta"]["field"]) == (202005, "rotate")
        assert await rows(site) == ([], [])

    async def test_creates_with_its_devices_and_rotation_in_one_request(self, site: Site) -> None:
        a, b, c = await site.device(alias="a"), await site.device(alias="b"), await site.device(alias="c")
        group = await make(site.admin, "line", interval=10, rotate=True, device_ids=[b, a, b, c])
        assert (group["name"], group["interval"], group["rotate"], group["device_count"]) == ("line", 10, True, 3)
        assert await devices_of(site.admin, group["id"]) == [b, a, c]
        assert ok(await site.admin.get(PATH)) == [group]
        # Devices without rotation, and rotation off when left out.
        still = await make(site.admin, "still", device_ids=[c])
        assert (still["rotate"], still["device_count"]) == (False, 1)

    async def test_made_with_devices_by_their_rules_or_not_at_all(self, site: Site, other_tenant: Api) -> None:
        carl = await site.user("carl", ["P120000"])
        shared, hidden = await site.device(), await site.device()
        own = await site.device(owner=carl)
        foreign = await site.device(owner=other_tenant)
        await site.grant(shared, carl)
        for ids in ([hidden], [own, hidden], [own, foreign], [999999]):
            body = await carl.post(PATH, {"name": "g", "device_ids": ids})
            assert (code(body), body["meta"]["field"]) == (202007, "device_ids"), ids
        body = await carl.post(PATH, {"name": "g", "rotate": True, "device_ids": []})
        assert (code(body), body["meta"]["field"]) == (202005, "rotate")
        many = await many_devices(site, CAROUSEL_DEVICES_PER_GROUP_MAX + 1)
        body = await site.admin.post(PATH, {"name": "g", "device_ids": many})
        assert (code(body), body["meta"]["field"]) == (100019, "device_ids")
        assert await rows(site) == ([], [])
        group = await make(carl, "g", rotate=True, device_ids=[shared, own])
        assert await devices_of(carl, group["id"]) == [shared, own]
        # A device made gone later is gone in the group made with it, as in any group (docs/decisions.md).
        async with site.app.state.db.sessionmaker() as s:
            await s.execute(delete(DeviceGrant))
            await s.commit()
        data = ok(await carl.get(DEV, params={"id": group["id"]}))
        assert [(d["device_id"], d["available"]) for d in data] == [(shared, False), (own, True)]
        assert ok(await carl.get(PATH))[0]["device_count"] == 1
        # A gone device cannot go into a new group: the gone-device rule keeps only what a group already holds.
        assert code(await carl.post(PATH, {"name": "again", "device_ids": [shared]})) == 202007

    async def test_at_most_groups_per_user(self, site: Site) -> None:
        async with site.app.state.db.sessionmaker() as s:
            values = [
                {"tenant_id": site.admin.tenant_id, "owner_id": site.admin.user_id, "name": f"g{i}", "position": i}
                for i in range(CAROUSEL_GROUPS_MAX - 1)
            ]
            await s.execute(insert(CarouselGroup), values)
            await s.commit()
        await make(site.admin, "last")
        before = await rows(site)
        body = await site.admin.post(PATH, {"name": "one more"})
        assert code(body) == 202008
        assert str(CAROUSEL_GROUPS_MAX) in body["meta"]["detail"]
        assert await rows(site) == before
        assert len(ok(await site.admin.get(PATH))) == CAROUSEL_GROUPS_MAX


class TestUpdate:
    async def test_updates_fields_left_out_stay(self, site: Site) -> None:
        group = await make(site.admin, "hall")
        data = ok(await site.admin.put(PATH, {"id": group["id"], "interval": 60}))
        assert (data["name"], data["interval"], data["rotate"]) == ("hall", 60, False)
        data = ok(await site.admin.put(PATH, {"id": group["id"], "name": "yard"}))
        assert (data["name"], data["interval"]) == ("yard", 60)
        ok(await set_devices(site.admin, group["id"], [await site.device()]))
        data = ok(await site.admin.put(PATH, {"id": group["id"], "rotate": True}))
        assert (data["rotate"], data["device_count"]) == (True, 1)
        data = ok(await site.admin.put(PATH, {"id": group["id"], "rotate": False}))
        assert data["rotate"] is False
        assert ok(await site.admin.get(PATH)) == [data]

    async def test_rules_change_nothing(self, site: Site) -> None:
        group = await make(site.admin, "hall")
        await make(site.admin, "yard")
        before = await rows(site)
        gid = group["id"]
        assert code(await site.admin.put(PATH, {"id": gid, "name": "yard"})) == 202003
        assert code(await site.admin.put(PATH, {"id": gid, "name": ""})) == 202002
        assert code(await site.admin.put(PATH, {"id": gid, "name": "x" * (CAROUSEL_GROUP_NAME_MAX + 1)})) == 202004
        assert code(await site.admin.put(PATH, {"id": gid, "interval": CAROUSEL_INTERVAL_MAX_S + 1})) == 202006
        body = await site.admin.put(PATH, {"id": gid, "name": "new", "rotate": True})
        assert (code(body), body["meta"]["field"]) == (202005, "rotate")
        assert code(await site.admin.put(PATH, {"id": 999999, "name": "x"})) == 202001
        assert await rows(site) == before
        # Renaming a group to its own name is no clash.
        ok(await site.admin.put(PATH, {"id": gid, "name": "hall"}))


class TestDevices:
    async def test_sets_devices_in_order(self, site: Site) -> None:
        group = await make(site.admin)
        a = await site.device(alias="a")
        b = await site.device(alias="b")
        c = await site.device(alias="c")
        await site.online(b)
        data = ok(await set_devices(site.admin, group["id"], [b, a, b, c]))
        assert [d["device_id"] for d in data] == [b, a, c]
        first = data[0]
        assert (first["alias"], first["dev_state"], first["registered"]) == ("b", 1, True)
        assert (first["template_id"], first["has_main_screen"]) == (None, False)
        assert await devices_of(site.admin, group["id"]) == [b, a, c]
        ok(await set_devices(site.admin, group["id"], [c, b]))
        assert await devices_of(site.admin, group["id"]) == [c, b]
        assert ok(await site.admin.get(PATH))[0]["device_count"] == 2
        ok(await set_devices(site.admin, group["id"], []))
        assert await devices_of(site.admin, group["id"]) == []

    async def test_template_and_its_main_web_screen(self, site: Site) -> None:
        group = await make(site.admin)
        template = await make_template(site.admin, "pump")
        with_main, without_main, unbound = await site.device(), await site.device(), await site.device()
        other = await make_template(site.admin, "fan")
        await bind_row(site, with_main, template["id"])
        await bind_row(site, without_main, other["id"])
        async with site.app.state.db.sessionmaker() as s:
            await s.execute(
                update(TemplateScreen)
                .where(TemplateScreen.template_id == other["id"], TemplateScreen.kind == "web")
                .values(is_main=False)
            )
            await s.commit()
        data = ok(await set_devices(site.admin, group["id"], [with_main, without_main, unbound]))
        assert [(d["template_id"], d["has_main_screen"]) for d in data] == [
            (template["id"], True),
            (other["id"], False),
            (None, False),
        ]

    async def test_device_rules_change_nothing(self, site: Site, other_tenant: Api) -> None:
        group = await make(site.admin)
        mine = await site.device()
        ok(await set_devices(site.admin, group["id"], [mine]))
        before = await rows(site)
        foreign = await site.device(owner=other_tenant)
        for ids in ([mine, foreign], [999999], [mine, 999999]):
            body = await set_devices(site.admin, group["id"], ids)
            assert (code(body), body["meta"]["field"]) == (202007, "device_ids"), ids
        assert code(await set_devices(site.admin, 999999, [mine])) == 202001
        assert code(await site.admin.get(DEV, params={"id": 999999})) == 202001
        assert await rows(site) == before

    async def test_only_devices_the_caller_reads(self, site: Site) -> None:
        carl = await site.user("carl", ["P120000"])
        shared, hidden = await site.device(), await site.device()
        own = await site.device(owner=carl)
        await site.grant(shared, carl)
        group = await make(carl)
        assert code(await set_devices(carl, group["id"], [hidden])) == 202007
        assert code(await set_devices(carl, group["id"], [own, hidden])) == 202007
        assert await devices_of(carl, group["id"]) == []
        ok(await set_devices(carl, group["id"], [shared, own]))
        assert await devices_of(carl, group["id"]) == [shared, own]

    async def test_a_device_shared_from_another_tenant_shows_its_template(self, site: Site, other_tenant: Api) -> None:
        theirs = await site.device(owner=other_tenant)
        template = await make_template(other_tenant, "remote")
        await bind_row(site, theirs, template["id"])
        await site.grant(theirs, site.admin)
        group = await make(site.admin)
        data = ok(await set_devices(site.admin, group["id"], [theirs]))
        assert [(d["device_id"], d["template_id"], d["has_main_screen"]) for d in data] == [
            (theirs, template["id"], True)
        ]

    async def test_a_device_unshared_later_is_gone(self, site: Site) -> None:
        carl = await site.user("carl", ["P120000"])
        shared = await site.device(alias="共享泵", sn="SNGONECAR01")
        await site.grant(shared, carl)
        own = await site.device(owner=carl)
        group = await make(carl)
        ok(await set_devices(carl, group["id"], [shared, own]))
        ok(await carl.put(PATH, {"id": group["id"], "rotate": True}))
        async with site.app.state.db.sessionmaker() as s:
            await s.execute(delete(DeviceGrant))
            await s.commit()
        # It shows as gone in its place: nothing of the device but its id.
        listed = ok(await carl.get(DEV, params={"id": group["id"]}))
        assert [(d["device_id"], d["available"]) for d in listed] == [(shared, False), (own, True)]
        assert listed[0] == {
            "device_id": shared,
            "sn_code": "",
            "alias": "",
            "dev_state": None,
            "registered": False,
            "template_id": None,
            "has_main_screen": False,
            "available": False,
        }
        assert "SNGONECAR01" not in str(listed) and "共享泵" not in str(listed)
        assert ok(await carl.get(PATH))[0]["device_count"] == 1
        # The console saves the list as it shows it: the gone device may stay; a device never read may not come in.
        assert [d["device_id"] for d in ok(await set_devices(carl, group["id"], [shared, own]))] == [shared, own]
        assert code(await set_devices(carl, group["id"], [shared, own, await site.device()])) == 202007
        async with site.app.state.db.sessionmaker() as s:
            stored = await s.scalar(select(func.count()).select_from(CarouselItem))
        assert stored == 2
        await site.grant(shared, carl)
        assert await devices_of(carl, group["id"]) == [shared, own]

    async def test_a_share_withdrawn_from_another_tenant_is_gone(self, site: Site, other_tenant: Api) -> None:
        dev = await site.device(alias="共享泵", sn="SNGONECAR02")
        ok(await site.admin.post("/dev/share", {"device_ids": [dev], "accounts": ["mallory"]}))
        group = await make(other_tenant)
        ok(await set_devices(other_tenant, group["id"], [dev]))
        params = {"device_id": dev, "user_id": other_tenant.user_id}
        ok(await site.admin.call("DELETE", "/dev/share", params=params))
        listed = ok(await other_tenant.get(DEV, params={"id": group["id"]}))
        assert [(d["device_id"], d["available"], d["alias"], d["sn_code"]) for d in listed] == [(dev, False, "", "")]

    async def test_a_transfer_leaves_the_share_receivers_group_gone(self, site: Site, other_tenant: Api) -> None:
        dev = await site.device(alias="转走的", sn="SNGONECAR03")
        ok(await site.admin.post("/dev/share", {"device_ids": [dev], "accounts": ["mallory"]}))
        group = await make(other_tenant)
        ok(await set_devices(other_tenant, group["id"], [dev]))
        await site.team.user("carol", phone="13700000002")
        ok(await site.admin.post("/dev/transfer", {"device_ids": [dev], "account": "carol"}))
        listed = ok(await other_tenant.get(DEV, params={"id": group["id"]}))
        assert [(d["device_id"], d["available"]) for d in listed] == [(dev, False)]
        assert "SNGONECAR03" not in str(listed)

    async def test_rotation_needs_a_visible_device(self, site: Site) -> None:
        carl = await site.user("carl", ["P120000"])
        shared = await site.device()
        await site.grant(shared, carl)
        group = await make(carl)
        ok(await set_devices(carl, group["id"], [shared]))
        async with site.app.state.db.sessionmaker() as s:
            await s.execute(delete(DeviceGrant))
            await s.commit()
        assert code(await carl.put(PATH, {"id": group["id"], "rotate": True})) == 202005
        assert ok(await carl.get(PATH))[0]["rotate"] is False

    async def test_a_rotating_group_cannot_be_emptied(self, site: Site) -> None:
        group = await make(site.admin)
        ok(await set_devices(site.admin, group["id"], [await site.device()]))
        ok(await site.admin.put(PATH, {"id": group["id"], "rotate": True}))
        before = await rows(site)
        body = await set_devices(site.admin, group["id"], [])
        assert (code(body), body["meta"]["field"]) == (202005, "device_ids")
        assert await rows(site) == before
        ok(await site.admin.put(PATH, {"id": group["id"], "rotate": False}))
        ok(await set_devices(site.admin, group["id"], []))

    async def test_at_most_devices_per_group(self, site: Site) -> None:
        group = await make(site.admin)
        many = await many_devices(site, CAROUSEL_DEVICES_PER_GROUP_MAX + 1)
        ok(await set_devices(site.admin, group["id"], many[:CAROUSEL_DEVICES_PER_GROUP_MAX]))
        before = await rows(site)
        body = await set_devices(site.admin, group["id"], many)
        assert (code(body), body["meta"]["field"]) == (100019, "device_ids")
        assert str(CAROUSEL_DEVICES_PER_GROUP_MAX) in body["meta"]["detail"]
        assert await rows(site) == before
        # Duplicates are dropped before counting.
        ok(await set_devices(site.admin, group["id"], [*many[:CAROUSEL_DEVICES_PER_GROUP_MAX], many[0]]))

    async def test_transfer_removes_the_device_from_the_old_tenants_groups(self, site: Site, other_tenant: Api) -> None:
        group = await make(site.admin)
        device = await site.device()
        ok(await set_devices(site.admin, group["id"], [device]))
        ok(await site.admin.post("/dev/transfer", {"device_ids": [device], "account": "mallory"}))
        assert await devices_of(site.admin, group["id"]) == []
        assert await rows(site) == ([(group["id"], "hall", CAROUSEL_INTERVAL_DEFAULT_S, False)], [])


class TestDelete:
    async def test_deletes_with_its_items(self, site: Site) -> None:
        group = await make(site.admin)
        keep = await make(site.admin, "keep")
        ok(await set_devices(site.admin, group["id"], [await site.device()]))
        ok(await site.admin.call("DELETE", PATH, params={"id": group["id"]}))
        assert [g["id"] for g in ok(await site.admin.get(PATH))] == [keep["id"]]
        assert await rows(site) == ([(keep["id"], "keep", CAROUSEL_INTERVAL_DEFAULT_S, False)], [])
        assert code(await site.admin.call("DELETE", PATH, params={"id": group["id"]})) == 202001
        assert code(await site.admin.get(DEV, params={"id": group["id"]})) == 202001
