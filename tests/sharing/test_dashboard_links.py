"""Share links of type dashboard (issue 31 point 5; docs/api-sharing.md "Dashboard links"): made for a dashboard the
creator sees, read-only, with where its trees start; opened without login as the creator sees the dashboard now;
the link's rules (disabled, expired, access limit, the creator no longer seeing it) as for configuration links."""

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import FastAPI
from sqlalchemy import update

from iotyun.sharing.models import ShareLink
from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.sharing.conftest import DEVICE, MANAGE, stored
from tests.team.factories import Team

OPEN_DB = "/yun/shared/dashboard"


async def dashboard(api: Api, name: str = "wall", **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.post("/yun/dashboard", {"name": name, **body}))
    return data


async def dashboard_link(api: Api, dashboard_id: int, **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = ok(
        await api.post(MANAGE, {"link_type": 2, "permission": 1, "dashboard_id": dashboard_id, **body})
    )
    return data


async def set_link(app: FastAPI, link_id: int, **values: Any) -> None:
    async with app.state.db.sessionmaker() as s:
        await s.execute(update(ShareLink).where(ShareLink.id == link_id).values(**values))
        await s.commit()


class TestManage:
    async def test_made_for_a_dashboard_with_its_start(self, site: Site) -> None:
        device = await site.device()
        group = ok(await site.admin.post("/yun/dev/group", {"name": "g1"}))["id"]
        d = await dashboard(site.admin)
        link = await dashboard_link(site.admin, d["id"], device_id=device, group_id=group, note="大屏")
        assert link["link_type"] == 2 and link["devices"] == [] and link["token"]
        assert link["dashboard"] == {"id": d["id"], "name": "wall", "available": True}
        assert (link["device_id"], link["group_id"]) == (device, group)
        listed = ok(await site.admin.get(MANAGE))["items"]
        assert listed[0]["dashboard"]["name"] == "wall" and listed[0]["token"] is None
        out = ok(await site.admin.put(MANAGE, {"id": link["id"], "device_id": None}))
        assert (out["device_id"], out["group_id"]) == (None, group)

    async def test_rules(self, app: FastAPI, site: Site, other_tenant: Api) -> None:
        d = await dashboard(site.admin)
        theirs = await dashboard(other_tenant, "theirs")
        their_device = await site.device(other_tenant)
        before = await stored(app)
        body = {"link_type": 2, "permission": 1, "dashboard_id": d["id"]}
        cases = [
            ({**body, "dashboard_id": theirs["id"]}, 118001, "dashboard_id"),
            ({**body, "dashboard_id": None}, 118001, "dashboard_id"),
            ({**body, "permission": 2}, 100004, "permission"),
            ({**body, "device_ids": [await site.device()]}, 100004, "device_ids"),
            ({**body, "device_id": their_device}, 110506, "device_id"),
            ({**body, "group_id": 999999}, 100005, "group_id"),
            ({"link_type": 1, "permission": 1, "device_ids": [await site.device()], "dashboard_id": d["id"]}, 100004, "dashboard_id"),
            ({"link_type": 1, "permission": 1, "device_ids": []}, 100004, "device_ids"),
            ({**body, "link_type": 4}, 100004, "link_type"),
        ]  # fmt: skip
        for sent, expected, field in cases:
            resp = await site.admin.post(MANAGE, sent)
            assert (code(resp), resp["meta"]["field"]) == (expected, field), sent
        assert await stored(app) == before

    async def test_a_dashboard_hidden_from_the_creator_is_refused(self, site: Site, team: Team) -> None:
        await team.role("sharer", ["P20000", "P82000"])
        await team.user("sam", "sharer")
        sam = await team.login("sam")
        hidden = await dashboard(site.admin, visibility="partial", audience={"role_ids": [team.roles["administrator"]]})
        resp = await sam.post(MANAGE, {"link_type": 2, "permission": 1, "dashboard_id": hidden["id"]})
        assert code(resp) == 118001


class TestOpen:
    async def test_opens_without_login_and_counts(self, site: Site, new_api: Any) -> None:
        d = await dashboard(site.admin, theme="starryBlue")
        ok(
            await site.admin.post(
                "/yun/dashboard/save",
                {"id": d["id"], "version": 1, "document": {"cards": [{"id": "t", "type": "text"}],
                 "layouts": {"desktop": [{"i": "t", "x": 0, "y": 0, "w": 8, "h": 4}]}}},
            )
        )  # fmt: skip
        link = await dashboard_link(site.admin, d["id"], access_limit=2)
        anonymous = new_api()
        opened = ok(await anonymous.get(OPEN_DB, params={"token": link["token"]}))
        assert opened["dashboard"]["name"] == "wall" and opened["dashboard"]["theme"] == "starryBlue"
        assert opened["dashboard"]["can_edit"] is False and opened["dashboard"]["document"]["cards"][0]["id"] == "t"
        assert opened["link"]["link_type"] == 2 and opened["device_id"] is None
        ok(await anonymous.get(OPEN_DB, params={"token": link["token"]}))
        assert code(await anonymous.get(OPEN_DB, params={"token": link["token"]})) == 118303

    async def test_the_links_rules(self, app: FastAPI, site: Site, new_api: Any) -> None:
        d = await dashboard(site.admin)
        link = await dashboard_link(site.admin, d["id"])
        anonymous = new_api()
        token = {"token": link["token"]}
        await set_link(app, link["id"], use_state=0)
        assert code(await anonymous.get(OPEN_DB, params=token)) == 118305
        await set_link(app, link["id"], use_state=1, expire_at=datetime.now(UTC) - timedelta(minutes=1))
        assert code(await anonymous.get(OPEN_DB, params=token)) == 118304
        await set_link(app, link["id"], expire_at=None)
        ok(await anonymous.get(OPEN_DB, params=token))
        # A configuration link's token does not open a dashboard, nor the reverse.
        assert code(await anonymous.get("/yun/shared/module", params=token)) == 118301
        assert code(await anonymous.get(OPEN_DB, params={"token": "x" * 32})) == 118301
        # Deleting the dashboard deletes its links.
        ok(await site.admin.call("DELETE", "/yun/dashboard", params={"id": d["id"]}))
        assert code(await anonymous.get(OPEN_DB, params=token)) == 118301

    async def test_the_creator_no_longer_seeing_it(self, site: Site, team: Team, new_api: Any) -> None:
        await team.role("sharer", ["P20000", "P82000"])
        await team.user("sam", "sharer")
        sam = await team.login("sam")
        d = await dashboard(site.admin)
        link = await dashboard_link(sam, d["id"])
        ok(await site.admin.put("/yun/dashboard", {"id": d["id"], "visibility": "partial",
                                                    "audience": {"role_ids": [team.roles["administrator"]]}}))  # fmt: skip
        assert code(await new_api().get(OPEN_DB, params={"token": link["token"]})) == 118302


def _doc(*cards: dict[str, Any]) -> dict[str, Any]:
    layout = [{"i": c["id"], "x": 0, "y": 4 * n, "w": 8, "h": 4} for n, c in enumerate(cards)]
    return {"cards": list(cards), "layouts": {"desktop": layout}}


class TestShownDevices:
    async def test_only_the_devices_the_dashboard_shows(self, site: Site, new_api: Any) -> None:
        shown, chosen, other = await site.device(), await site.device(), await site.device()
        group = ok(await site.admin.post("/yun/dev/group", {"name": "g1"}))["id"]
        in_group = await site.device()
        await site.set_device(in_group, group_id=group)
        d = await dashboard(site.admin)
        cards = (
            {"id": "s", "type": "configuration", "settings": {"device_id": shown}},
            {"id": "t", "type": "deviceTree", "settings": {"group_id": group}},
        )
        ok(await site.admin.post("/yun/dashboard/save", {"id": d["id"], "version": 1, "document": _doc(*cards)}))
        link = await dashboard_link(site.admin, d["id"], device_id=chosen)
        anonymous = new_api()
        for device in (shown, chosen, in_group):
            got = ok(await anonymous.get(DEVICE, params={"token": link["token"], "device_id": device}))
            assert got["live"]["can_write"] is False
        resp = await anonymous.get(DEVICE, params={"token": link["token"], "device_id": other})
        assert (code(resp), resp["meta"]["field"]) == (118302, "device_id")

    async def test_a_tree_of_every_device_shows_every_device(self, site: Site, new_api: Any) -> None:
        any_device = await site.device()
        d = await dashboard(site.admin)
        tree = {"id": "t", "type": "deviceTree", "settings": {}}
        ok(await site.admin.post("/yun/dashboard/save", {"id": d["id"], "version": 1, "document": _doc(tree)}))
        link = await dashboard_link(site.admin, d["id"])
        ok(await new_api().get(DEVICE, params={"token": link["token"], "device_id": any_device}))


class TestSectorLinks:
    async def test_a_sectors_dashboards_open_without_login(self, app: FastAPI, site: Site, new_api: Any) -> None:
        a = await dashboard(site.admin, "a")
        b = await dashboard(site.admin, "b")
        outside = await dashboard(site.admin, "outside")
        sector = ok(await site.admin.post("/yun/sector", {"name": "北区", "dashboard_ids": [a["id"], b["id"]]}))
        link = ok(
            await site.admin.post(
                MANAGE, {"link_type": 3, "permission": 1, "sector_id": sector["id"], "access_limit": 1}
            )
        )
        assert link["sector"] == {"id": sector["id"], "name": "北区", "available": True} and link["dashboard"] is None
        anonymous = new_api()
        token = link["token"]
        opened = ok(await anonymous.get("/yun/shared/sector", params={"token": token}))
        assert [d["name"] for d in opened["sector"]["dashboards"]] == ["a", "b"]
        # Each of its dashboards opens by id without counting; another dashboard, or none named, does not.
        for d in (a, b, a):
            assert (
                ok(await anonymous.get(OPEN_DB, params={"token": token, "id": d["id"]}))["dashboard"]["id"] == d["id"]
            )
        resp = await anonymous.get(OPEN_DB, params={"token": token, "id": outside["id"]})
        assert (code(resp), resp["meta"]["field"]) == (118302, "id")
        assert code(await anonymous.get(OPEN_DB, params={"token": token})) == 118302
        assert (
            code(
                await anonymous.get("/yun/shared/dashboard/groups", params={"token": token, "dashboard": outside["id"]})
            )
            == 118302
        )
        # The sector's open counted its one use.
        assert code(await anonymous.get("/yun/shared/sector", params={"token": token})) == 118303
        # A dashboard link's token opens no sector; deleting the sector deletes its links.
        dash_link = await dashboard_link(site.admin, a["id"])
        assert code(await anonymous.get("/yun/shared/sector", params={"token": dash_link["token"]})) == 118301
        ok(await site.admin.call("DELETE", "/yun/sector", params={"id": sector["id"]}))
        assert code(await anonymous.get(OPEN_DB, params={"token": token, "id": a["id"]})) == 118301

    async def test_rules(self, site: Site, other_tenant: Api) -> None:
        d = await dashboard(site.admin)
        theirs = ok(await other_tenant.post("/yun/sector", {"name": "他们"}))
        body = {"link_type": 3, "permission": 1}
        cases = [
            ({**body, "sector_id": theirs["id"]}, 100005, "sector_id"),
            (body, 100005, "sector_id"),
            ({**body, "sector_id": theirs["id"], "dashboard_id": d["id"]}, 100004, "dashboard_id"),
            (
                {"link_type": 2, "permission": 1, "dashboard_id": d["id"], "sector_id": theirs["id"]},
                100004,
                "sector_id",
            ),
        ]
        for sent, expected, field in cases:
            resp = await site.admin.post(MANAGE, sent)
            assert (code(resp), resp["meta"]["field"]) == (expected, field), sent
