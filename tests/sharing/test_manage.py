"""Managing share links over HTTP (/yun/components/share, P82000; docs/api-sharing.md): the creator's links of 1-20
devices they read, read-only or with control, listed with their state; only the creator or the tenant's
administrator sees and changes a link, another tenant's id answers 118301 and changes nothing."""

from datetime import UTC, datetime, timedelta

from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.core.limits import SHARE_LINK_DEVICES_MAX
from iotyun.core.security import digest
from iotyun.sharing.models import ShareLink
from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.sharing.conftest import MANAGE, OPEN, RESET, make_link, stored


def ms(delta: timedelta) -> int:
    return int((datetime.now(UTC) + delta).timestamp() * 1000)


async def listed(api: Api, **params: object) -> list[dict[str, object]]:
    items: list[dict[str, object]] = ok(await api.get(MANAGE, params=params))["items"]
    return items


class TestCreate:
    async def test_create_and_list(self, site: Site) -> None:
        a = await site.device(alias="1号泵")
        b = await site.device(alias="")
        link = await make_link(
            site.admin, [a, b, a], note="  给客户看  ", access_limit=3, expire_at=ms(timedelta(days=1))
        )
        assert link["devices"] == [
            {"id": a, "name": "1号泵", "sn": link["devices"][0]["sn"], "available": True},
            {"id": b, "name": link["devices"][1]["sn"], "sn": link["devices"][1]["sn"], "available": True},
        ]
        assert link["note"] == "给客户看" and link["use_state"] == 1 and link["state"] == "active"
        assert link["use_count"] == 0 and link["access_limit"] == 3 and link["permission"] == 1
        assert len(link["token"]) == 32
        page = ok(await site.admin.get(MANAGE))
        assert page["total"] == 1 and page["items"][0]["id"] == link["id"]

    async def test_validation(self, site: Site) -> None:
        a = await site.device()
        body = {"link_type": 1, "device_ids": [a], "permission": 1}
        assert code(await site.admin.post(MANAGE, {**body, "link_type": 2})) == 100004
        assert code(await site.admin.post(MANAGE, {**body, "permission": 3})) == 100004
        assert code(await site.admin.post(MANAGE, {**body, "device_ids": []})) == 100004
        many = list(range(1, SHARE_LINK_DEVICES_MAX + 2))
        assert code(await site.admin.post(MANAGE, {**body, "device_ids": many})) == 100019
        assert code(await site.admin.post(MANAGE, {**body, "note": "x" * 101})) == 100004
        assert code(await site.admin.post(MANAGE, {**body, "access_limit": 0})) == 100004
        assert code(await site.admin.post(MANAGE, {**body, "expire_at": ms(-timedelta(minutes=1))})) == 100004
        assert code(await site.admin.post(MANAGE, {**body, "device_ids": [a, 999999]})) == 110506
        assert await stored(site.app) == []

    async def test_devices_must_be_readable(self, site: Site, other_tenant: Api) -> None:
        foreign = await site.device(owner=other_tenant)
        assert code(await make_link_raw(site.admin, [foreign])) == 110506

    async def test_control_needs_the_creators_write_right(self, site: Site) -> None:
        await site.team.role("reader", ["P10000", "P82000"], device_permissions=[])
        await site.team.user("rita", "reader")
        rita = await site.team.login("rita")
        mine = await site.device(owner=rita)
        assert code(await make_link_raw(rita, [mine], permission=2)) == 100015
        assert (await make_link(rita, [mine], permission=1))["permission"] == 1

    async def test_without_p82000(self, site: Site) -> None:
        a = await site.device()
        nobody = await site.team.without()
        assert code(await make_link_raw(nobody, [a])) == 100015
        assert code(await nobody.get(MANAGE)) == 100015


async def make_link_raw(api: Api, device_ids: list[int], permission: int = 1) -> dict[str, object]:
    return await api.post(MANAGE, {"link_type": 1, "device_ids": device_ids, "permission": permission})


class TestManage:
    async def test_update_and_states(self, site: Site) -> None:
        a, b = await site.device(), await site.device(alias="二号")
        link = await make_link(site.admin, [a], access_limit=2, expire_at=ms(timedelta(days=1)))
        changed = ok(await site.admin.put(MANAGE, {"id": link["id"], "note": "n", "device_ids": [b], "permission": 2}))
        assert changed["note"] == "n" and [d["id"] for d in changed["devices"]] == [b] and changed["permission"] == 2
        assert changed["access_limit"] == 2 and changed["expire_at"] is not None  # left out: kept
        past = {"id": link["id"], "expire_at": ms(-timedelta(seconds=1))}
        assert code(await site.admin.put(MANAGE, past)) == 100004
        cleared = ok(await site.admin.put(MANAGE, {"id": link["id"], "access_limit": None, "expire_at": None}))
        assert cleared["access_limit"] is None and cleared["expire_at"] is None
        assert ok(await site.admin.put(MANAGE, {"id": link["id"], "use_state": 0}))["state"] == "disabled"
        ok(await site.admin.put(MANAGE, {"id": link["id"], "use_state": 1, "access_limit": 1}))
        await set_link(site.app, link["id"], use_count=1)
        assert (await listed(site.admin))[0]["state"] == "exhausted"
        await set_link(site.app, link["id"], expire_at=datetime.now(UTC) - timedelta(seconds=1))
        assert (await listed(site.admin))[0]["state"] == "expired"

    async def test_search_and_filter(self, site: Site) -> None:
        a, b = await site.device(alias="冷却塔"), await site.device(alias="锅炉")
        one = await make_link(site.admin, [a], note="first")
        two = await make_link(site.admin, [b], note="second_100%")
        ok(await site.admin.put(MANAGE, {"id": one["id"], "use_state": 0}))
        assert [x["id"] for x in await listed(site.admin)] == [two["id"], one["id"]]
        assert [x["id"] for x in await listed(site.admin, keyword="冷却")] == [one["id"]]
        assert [x["id"] for x in await listed(site.admin, keyword="100%")] == [two["id"]]
        assert [x["id"] for x in await listed(site.admin, use_state=0)] == [one["id"]]
        assert code(await site.admin.get(MANAGE, params={"use_state": 5})) == 100004

    async def test_delete(self, site: Site) -> None:
        link = await make_link(site.admin, [await site.device()])
        ok(await site.admin.call("DELETE", MANAGE, params={"id": link["id"]}))
        assert await stored(site.app) == []
        assert code(await site.admin.call("DELETE", MANAGE, params={"id": link["id"]})) == 118301

    async def test_only_the_creator_or_the_administrator(self, site: Site) -> None:
        await site.team.role("sharer", ["P10000", "P82000"])
        await site.team.user("sam", "sharer")
        await site.team.user("sue", "sharer")
        sam, sue = await site.team.login("sam"), await site.team.login("sue")
        link = await make_link(sam, [await site.device(owner=sam)])
        before = await stored(site.app)
        assert await listed(sue) == []
        assert code(await sue.put(MANAGE, {"id": link["id"], "note": "x"})) == 118301
        assert code(await sue.call("DELETE", MANAGE, params={"id": link["id"]})) == 118301
        assert await stored(site.app) == before
        assert [x["id"] for x in await listed(site.admin)] == [link["id"]]
        assert ok(await site.admin.put(MANAGE, {"id": link["id"], "note": "admin"}))["note"] == "admin"

    async def test_another_tenants_link_is_missing(self, site: Site, other_tenant: Api) -> None:
        link = await make_link(site.admin, [await site.device()])
        before = await stored(site.app)
        assert await listed(other_tenant) == []
        assert code(await other_tenant.put(MANAGE, {"id": link["id"], "use_state": 0})) == 118301
        assert code(await other_tenant.call("DELETE", MANAGE, params={"id": link["id"]})) == 118301
        assert await stored(site.app) == before


async def set_link(app: FastAPI, link_id: int, **values: object) -> None:
    async with app.state.db.sessionmaker() as s:
        await s.execute(update(ShareLink).where(ShareLink.id == link_id).values(**values))
        await s.commit()


class TestToken:
    """A link's token is stored only as its SHA-256, like a session token: shown once when made, never listed."""

    async def test_stored_hashed_and_shown_once(self, site: Site) -> None:
        link = await make_link(site.admin, [await site.device()])
        token = link["token"]
        assert isinstance(token, str) and len(token) == 32
        async with site.app.state.db.sessionmaker() as s:
            (stored,) = (await s.execute(select(ShareLink.token_hash))).scalars().all()
        assert stored == digest(token) and token not in stored
        (listed_link,) = await listed(site.admin)
        assert listed_link["token"] is None
        assert ok(await site.admin.put(MANAGE, {"id": link["id"], "note": "x"}))["token"] is None
        anon = site.team.new_api()
        assert ok(await anon.get(OPEN, params={"token": token}))["link"]["note"] == "x"
        # The hash itself opens nothing.
        assert code(await anon.get(OPEN, params={"token": stored})) == 118301

    async def test_reset(self, site: Site, other_tenant: Api) -> None:
        link = await make_link(site.admin, [await site.device()])
        anon = site.team.new_api()
        ok(await anon.get(OPEN, params={"token": link["token"]}))
        fresh = ok(await site.admin.post(RESET, {"id": link["id"]}))
        assert fresh["id"] == link["id"] and fresh["token"] not in (None, link["token"])
        assert code(await anon.get(OPEN, params={"token": link["token"]})) == 118301
        ok(await anon.get(OPEN, params={"token": fresh["token"]}))
        assert (await listed(site.admin))[0]["use_count"] == 2
        # Another tenant's, or a missing, link answers 118301 and keeps its token.
        assert code(await other_tenant.post(RESET, {"id": link["id"]})) == 118301
        assert code(await site.admin.post(RESET, {"id": link["id"] + 1000})) == 118301
        ok(await anon.get(OPEN, params={"token": fresh["token"]}))

    async def test_reset_needs_p82000(self, site: Site) -> None:
        link = await make_link(site.admin, [await site.device()])
        nobody = await site.team.without()
        assert code(await nobody.post(RESET, {"id": link["id"]})) == 100015
