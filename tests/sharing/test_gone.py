"""No read after a share ends (docs/api-sharing.md "A device that is gone"): a link keeps a device its creator no
longer reads (a share withdrawn, a distribution cancelled or taken back, a transfer) as a gone entry — no name, no
SN — in the creator's list, its keyword search no longer finds it by its alias or SN, and opening the link shows
only the devices still read."""

from typing import Any

from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.sharing.conftest import DEVICE, MANAGE, OPEN, make_link

GONE = {"name": "", "sn": "", "available": False}


async def listed(api: Api, **params: object) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = ok(await api.get(MANAGE, params=params))["items"]
    return items


def entries(link: dict[str, Any]) -> list[dict[str, Any]]:
    return list(link["devices"])


async def share_with_mallory(site: Site, device: int) -> None:
    ok(await site.admin.post("/dev/share", {"device_ids": [device], "accounts": ["mallory"]}))


class TestGoneInTheList:
    async def test_share_withdrawn(self, site: Site, other_tenant: Api) -> None:
        theirs = await site.device(alias="一号泵", sn="SNGONE00001")
        await share_with_mallory(site, theirs)
        own = await site.device(owner=other_tenant, alias="自己的")
        link = await make_link(other_tenant, [theirs, own])
        assert entries(link)[0] == {"id": theirs, "name": "一号泵", "sn": "SNGONE00001", "available": True}
        ok(await site.admin.call("DELETE", "/dev/share", params={"device_id": theirs, "user_id": other_tenant.user_id}))
        (item,) = await listed(other_tenant)
        assert entries(item) == [
            {"id": theirs, **GONE},
            {"id": own, "name": "自己的", "sn": item["devices"][1]["sn"], "available": True},
        ]
        # Renaming it afterwards shows nothing either, and the search no longer finds the link by it.
        await site.set_device(theirs, alias="改名了")
        assert "改名了" not in str(await listed(other_tenant))
        assert await listed(other_tenant, keyword="SNGONE") == []
        assert await listed(other_tenant, keyword="一号泵") == []
        assert [x["id"] for x in await listed(other_tenant, keyword="自己")] == [link["id"]]
        # Editing the link answers it the same way.
        edited = ok(await other_tenant.put(MANAGE, {"id": link["id"], "note": "n"}))
        assert entries(edited)[0] == {"id": theirs, **GONE}
        # Shared again, it is back in its place.
        await share_with_mallory(site, theirs)
        assert entries((await listed(other_tenant))[0])[0]["name"] == "改名了"

    async def test_the_receiver_drops_the_share(self, site: Site, other_tenant: Api) -> None:
        theirs = await site.device(alias="一号泵")
        await share_with_mallory(site, theirs)
        await make_link(other_tenant, [theirs])
        ok(await other_tenant.call("DELETE", "/dev/share/received", params={"device_id": theirs}))
        assert entries((await listed(other_tenant))[0]) == [{"id": theirs, **GONE}]

    async def test_distribution_cancelled(self, site: Site) -> None:
        sam = await site.user("sam", ["P10000", "P82000"])
        dev = await site.device(alias="分配的")
        ok(await site.admin.post("/dev/distribution", {"device_ids": [dev], "user_ids": [sam.user_id]}))
        await make_link(sam, [dev])
        ok(await site.admin.post("/dev/distribution/cancel", {"device_ids": [dev], "user_ids": [sam.user_id]}))
        assert entries((await listed(sam))[0]) == [{"id": dev, **GONE}]
        assert await listed(sam, keyword="分配") == []

    async def test_taken_back(self, site: Site) -> None:
        sam = await site.user("sam", ["P10000", "P82000"])
        dev = await site.device(owner=sam, alias="收回的")
        await make_link(sam, [dev])
        ok(await site.admin.post("/dev/takeback", {"device_ids": [dev]}))
        assert entries((await listed(sam))[0]) == [{"id": dev, **GONE}]

    async def test_transferred(self, site: Site, other_tenant: Api) -> None:
        dev = await site.device(alias="转走的", sn="SNGONE00002")
        link = await make_link(site.admin, [dev])
        ok(await site.admin.post("/dev/transfer", {"device_ids": [dev], "account": "mallory"}))
        assert entries((await listed(site.admin))[0]) == [{"id": dev, **GONE}]
        assert await listed(site.admin, keyword="SNGONE") == []
        # The new owner renames it: the old tenant still sees nothing of it.
        await site.set_device(dev, alias="新名字")
        assert "新名字" not in str(await listed(site.admin)) and "SNGONE" not in str(await listed(site.admin))
        anon = site.team.new_api()
        assert code(await anon.get(OPEN, params={"token": link["token"]})) == 118302

    async def test_a_share_receivers_link_after_a_transfer(self, site: Site, other_tenant: Api) -> None:
        dev = await site.device(alias="转走的")
        await share_with_mallory(site, dev)
        await make_link(other_tenant, [dev])
        await site.team.user("carol", phone="13700000002")
        ok(await site.admin.post("/dev/transfer", {"device_ids": [dev], "account": "carol"}))
        assert entries((await listed(other_tenant))[0]) == [{"id": dev, **GONE}]

    async def test_a_gone_device_may_stay_in_an_edit(self, site: Site, other_tenant: Api) -> None:
        theirs = await site.device(alias="一号泵")
        await share_with_mallory(site, theirs)
        own = await site.device(owner=other_tenant)
        link = await make_link(other_tenant, [theirs, own])
        ok(await site.admin.call("DELETE", "/dev/share", params={"device_id": theirs, "user_id": other_tenant.user_id}))
        # The console sends the list back as it shows it: the gone device keeps its place, a new one must be read.
        kept = ok(await other_tenant.put(MANAGE, {"id": link["id"], "device_ids": [theirs, own]}))
        assert [d["id"] for d in kept["devices"]] == [theirs, own] and kept["devices"][0]["available"] is False
        another = await site.device()
        body = {"id": link["id"], "device_ids": [theirs, own, another]}
        assert code(await other_tenant.put(MANAGE, body)) == 110506
        # A new link cannot be made of a gone device.
        assert (
            code(await other_tenant.post(MANAGE, {"link_type": 1, "device_ids": [theirs], "permission": 1})) == 110506
        )
        removed = ok(await other_tenant.put(MANAGE, {"id": link["id"], "device_ids": [own]}))
        assert [d["id"] for d in removed["devices"]] == [own]


class TestGoneWhenOpened:
    async def test_opening_shows_only_what_the_creator_reads(self, site: Site, other_tenant: Api) -> None:
        theirs = await site.device(alias="一号泵", sn="SNGONE00003")
        await share_with_mallory(site, theirs)
        own = await site.device(owner=other_tenant, alias="自己的")
        link = await make_link(other_tenant, [theirs, own])
        anon = site.team.new_api()
        assert [d["id"] for d in ok(await anon.get(OPEN, params={"token": link["token"]}))["devices"]] == [theirs, own]
        ok(await site.admin.call("DELETE", "/dev/share", params={"device_id": theirs, "user_id": other_tenant.user_id}))
        opened = await anon.get(OPEN, params={"token": link["token"]})
        assert [d["id"] for d in ok(opened)["devices"]] == [own]
        assert "SNGONE00003" not in str(opened) and "一号泵" not in str(opened)
        screen = await anon.get(DEVICE, params={"token": link["token"], "device_id": theirs})
        assert code(screen) == 118302 and "SNGONE00003" not in str(screen)
