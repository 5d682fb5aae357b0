"""Thumbnail groups over HTTP: each user's own groups of device thumbnails (SPEC §5: 50 groups, 30 each)."""

from typing import Any

from sqlalchemy import insert

from iotyun.devices.models import ThumbnailGroup
from tests.conftest import Api, code
from tests.devices.factories import Site, ok

PATH = "/yun/dev/dashboard"


async def make(api: Api, name: str = "hall", notes: str = "") -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.post(PATH, {"name": name, "notes": notes}))
    return data


class TestAccess:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get(PATH)) == 100009
        assert code(await api.post(PATH, {"name": "x"})) == 100009

    async def test_without_P130000(self, site: Site) -> None:
        bob = await site.user("bob", ["P30000"])
        assert code(await bob.get(PATH)) == 100015
        assert code(await bob.post(PATH, {"name": "x"})) == 100015
        assert code(await bob.put(PATH, {"id": 1})) == 100015
        assert code(await bob.call("DELETE", PATH, params={"id": 1})) == 100015

    async def test_other_tenant_sees_nothing(self, site: Site, other_tenant: Api) -> None:
        group = await make(site.admin)
        assert ok(await other_tenant.get(PATH)) == []
        assert code(await other_tenant.put(PATH, {"id": group["id"], "name": "x"})) == 117005
        assert code(await other_tenant.call("DELETE", PATH, params={"id": group["id"]})) == 117005
        assert len(ok(await site.admin.get(PATH))) == 1

    async def test_groups_are_per_user(self, site: Site) -> None:
        bob = await site.user("bob", ["P130000"])
        group = await make(site.admin)
        assert ok(await bob.get(PATH)) == []
        assert code(await bob.put(PATH, {"id": group["id"], "name": "x"})) == 117005
        await make(bob, "hall")


class TestCreate:
    async def test_creates_in_order(self, site: Site) -> None:
        a = await make(site.admin, "a", "first")
        b = await make(site.admin, "b")
        assert (a["position"], b["position"], a["notes"], a["items"]) == (0, 1, "first", [])
        assert [g["name"] for g in ok(await site.admin.get(PATH))] == ["a", "b"]

    async def test_rules(self, site: Site) -> None:
        await make(site.admin, "hall")
        body = await site.admin.post(PATH, {"name": "hall"})
        assert (code(body), body["meta"]["field"]) == (117003, "name")
        assert code(await site.admin.post(PATH, {"name": ""})) == 100004
        assert code(await site.admin.post(PATH, {"name": "x" * 33})) == 100004
        assert code(await site.admin.post(PATH, {"name": "n", "notes": "x" * 121})) == 100004
        assert len(ok(await site.admin.get(PATH))) == 1

    async def test_at_most_50_groups(self, site: Site) -> None:
        async with site.app.state.db.sessionmaker() as s:
            rows = [
                {"tenant_id": site.admin.tenant_id, "owner_id": site.admin.user_id, "name": f"g{i}", "position": i}
                for i in range(49)
            ]
            await s.execute(insert(ThumbnailGroup), rows)
            await s.commit()
        await make(site.admin, "g49")
        assert code(await site.admin.post(PATH, {"name": "g50"})) == 117001
        assert len(ok(await site.admin.get(PATH))) == 50


class TestUpdate:
    async def test_replaces_items_in_order(self, site: Site) -> None:
        group = await make(site.admin)
        a = await site.device(alias="a", address="Road 1")
        b = await site.device(alias="b")
        await site.online(b)
        data = ok(await site.admin.put(PATH, {"id": group["id"], "device_ids": [b, a, b]}))
        assert [i["device_id"] for i in data["items"]] == [b, a]
        first = data["items"][0]
        assert (first["alias"], first["dev_state"], first["registered"], first["dev_model"]) == ("b", 1, True, "GW100")
        assert data["items"][1]["address"] == "Road 1"
        data = ok(await site.admin.put(PATH, {"id": group["id"], "device_ids": [a]}))
        assert [i["device_id"] for i in data["items"]] == [a]
        data = ok(await site.admin.put(PATH, {"id": group["id"], "name": "renamed", "notes": "n"}))
        assert (data["name"], data["notes"], [i["device_id"] for i in data["items"]]) == ("renamed", "n", [a])
        assert ok(await site.admin.get(PATH)) == [data]

    async def test_rules(self, site: Site, other_tenant: Api) -> None:
        group = await make(site.admin, "hall")
        await make(site.admin, "yard")
        mine = await site.device()
        assert code(await site.admin.put(PATH, {"id": group["id"], "name": "yard"})) == 117003
        assert code(await site.admin.put(PATH, {"id": 999999, "name": "x"})) == 117005
        many = [await site.device() for _ in range(31)]
        body = await site.admin.put(PATH, {"id": group["id"], "device_ids": many})
        assert (code(body), body["meta"]["field"]) == (117002, "device_ids")
        ok(await site.admin.put(PATH, {"id": group["id"], "device_ids": many[:30]}))
        foreign = await site.device(owner=other_tenant)
        body = await site.admin.put(PATH, {"id": group["id"], "device_ids": [mine, foreign]})
        assert (code(body), body["meta"]["field"]) == (110506, "device_ids")
        assert len(ok(await site.admin.get(PATH))[0]["items"]) == 30

    async def test_only_readable_devices(self, site: Site) -> None:
        bob = await site.user("bob", ["P130000"])
        shared, hidden = await site.device(), await site.device()
        await site.grant(shared, bob)
        group = await make(bob)
        assert code(await bob.put(PATH, {"id": group["id"], "device_ids": [hidden]})) == 110506
        data = ok(await bob.put(PATH, {"id": group["id"], "device_ids": [shared]}))
        assert [i["device_id"] for i in data["items"]] == [shared]

    async def test_device_no_longer_readable_is_gone_and_unregistered_shows_no_state(self, site: Site) -> None:
        from sqlalchemy import delete

        from iotyun.devices.models import DeviceGrant

        bob = await site.user("bob", ["P130000"])
        shared = await site.device()
        await site.grant(shared, bob)
        own = await site.device(owner=bob)
        await site.online(own)
        group = await make(bob)
        ok(await bob.put(PATH, {"id": group["id"], "device_ids": [shared, own]}))
        async with site.app.state.db.sessionmaker() as s:
            await s.execute(delete(DeviceGrant))
            await s.commit()
        await site.set_device(own, registered=False)
        items = ok(await bob.get(PATH))[0]["items"]
        assert [(i["device_id"], i["registered"], i["dev_state"], i["available"]) for i in items] == [
            (shared, False, None, False),
            (own, False, None, True),
        ]
        assert items[0] == {
            "device_id": shared,
            "sn_code": "",
            "alias": "",
            "dev_state": None,
            "registered": False,
            "report_time": None,
            "dev_model": "",
            "address": "",
            "available": False,
        }
        # The console saves the group as it shows it: the gone device may stay, one never read may not come in.
        kept = ok(await bob.put(PATH, {"id": group["id"], "device_ids": [shared, own]}))
        assert [i["device_id"] for i in kept["items"]] == [shared, own]
        hidden = await site.device()
        assert code(await bob.put(PATH, {"id": group["id"], "device_ids": [shared, own, hidden]})) == 110506


class TestGone:
    """No read after a share ends (docs/decisions.md "A device that is gone"): what another tenant's user kept of a
    device shows it as gone, never its live alias, SN or state."""

    async def test_share_withdrawn_by_another_tenant(self, site: Site, other_tenant: Api) -> None:
        dev = await site.device(alias="一号泵", sn="SNGONETHU01")
        await site.online(dev)
        ok(await site.admin.post("/dev/share", {"device_ids": [dev], "accounts": ["mallory"]}))
        group = await make(other_tenant)
        shown = ok(await other_tenant.put(PATH, {"id": group["id"], "device_ids": [dev]}))
        assert shown["items"][0]["alias"] == "一号泵"
        ok(await site.admin.call("DELETE", "/dev/share", params={"device_id": dev, "user_id": other_tenant.user_id}))
        items = ok(await other_tenant.get(PATH))[0]["items"]
        assert [(i["device_id"], i["available"], i["alias"], i["sn_code"], i["dev_state"]) for i in items] == [
            (dev, False, "", "", None)
        ]

    async def test_transfer_leaves_the_receivers_group_gone(self, site: Site, other_tenant: Api) -> None:
        dev = await site.device(alias="转走的", sn="SNGONETHU02")
        ok(await site.admin.post("/dev/share", {"device_ids": [dev], "accounts": ["mallory"]}))
        group = await make(other_tenant)
        ok(await other_tenant.put(PATH, {"id": group["id"], "device_ids": [dev]}))
        await site.team.user("carol", phone="13700000002")
        ok(await site.admin.post("/dev/transfer", {"device_ids": [dev], "account": "carol"}))
        items = ok(await other_tenant.get(PATH))[0]["items"]
        assert [(i["device_id"], i["available"]) for i in items] == [(dev, False)]
        assert "SNGONETHU02" not in str(items) and "转走的" not in str(items)

    async def test_distribution_cancelled(self, site: Site) -> None:
        bob = await site.user("bob", ["P130000"])
        dev = await site.device(alias="分配的")
        ok(await site.admin.post("/dev/distribution", {"device_ids": [dev], "user_ids": [bob.user_id]}))
        group = await make(bob)
        ok(await bob.put(PATH, {"id": group["id"], "device_ids": [dev]}))
        ok(await site.admin.post("/dev/distribution/cancel", {"device_ids": [dev], "user_ids": [bob.user_id]}))
        items = ok(await bob.get(PATH))[0]["items"]
        assert [(i["device_id"], i["available"], i["alias"]) for i in items] == [(dev, False, "")]


class TestDelete:
    async def test_deletes(self, site: Site) -> None:
        group = await make(site.admin)
        ok(await site.admin.put(PATH, {"id": group["id"], "device_ids": [await site.device()]}))
        ok(await site.admin.call("DELETE", PATH, params={"id": group["id"]}))
        assert ok(await site.admin.get(PATH)) == []
        assert code(await site.admin.call("DELETE", PATH, params={"id": group["id"]})) == 117005
