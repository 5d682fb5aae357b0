"""Shares, hand-over, distribution and take-back (docs/api-devices.md Registry; SPEC §5 sharing rules, §6)."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.devices.models import Device, DeviceGrant, ThumbnailGroup, ThumbnailItem, VirtualDevice
from tests.conftest import Api, code
from tests.devices.factories import logs, register
from tests.team.factories import Team


async def share(api: Api, device_ids: list[int], accounts: list[str], can_write: bool = False) -> dict[str, object]:
    return await api.post("/dev/share", {"device_ids": device_ids, "accounts": accounts, "can_write": can_write})


async def grants(app: FastAPI) -> list[tuple[int, int, str]]:
    async with app.state.db.sessionmaker() as s:
        rows = (await s.scalars(select(DeviceGrant).order_by(DeviceGrant.id))).all()
        return [(g.device_id, g.user_id, g.kind) for g in rows]


class TestShare:
    async def test_anonymous_and_without(self, api: Api, team: Team) -> None:
        nobody = await team.without()
        assert code(await share(nobody, [1], ["x"])) == 100015
        nobody.forget()
        assert code(await share(nobody, [1], ["x"])) == 100009

    async def test_shares_across_tenants_and_lists(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        dev = await register(team.admin, "IOT1")
        resp = await share(team.admin, [dev["id"]], ["mallory"], can_write=True)
        assert resp["meta"]["success"] == 1, resp  # type: ignore[index]
        listed = (await team.admin.get("/dev/share", params={"device_id": dev["id"]}))["data"]
        assert listed["remaining"] == 9
        assert [(i["user_name"], i["can_write"]) for i in listed["items"]] == [("mallory", True)]
        received = (await other_tenant.get("/dev"))["data"]
        assert received["total"] == 1
        # The receiver sees the device as shared with them, not in the owner's group (whose name is the owner's).
        (item,) = received["items"]
        assert (item["relation"], item["group_id"], item["group_name"]) == ("share", None, None)
        basic = (await other_tenant.get(f"/dev/basic/{dev['id']}"))["data"]
        assert (basic["group_id"], basic["group_name"]) == (None, None)
        assert [e.action for e in await logs(app, "share")] == ["share"]
        detail = (await team.admin.get(f"/dev/basic/{dev['id']}"))["data"]
        assert (detail["share_count"], detail["share_remaining"]) == (1, 9)
        # The receiver's inbox (their own tenant's) hears of it once; sharing again tells nothing new.
        assert (await share(team.admin, [dev["id"]], ["mallory"]))["meta"]["success"] == 1  # type: ignore[index]
        (note,) = (await other_tenant.get("/yun/messageCenter/receive"))["data"]["items"]
        assert (note["kind"], note["text_key"], note["link_type"], note["link_id"]) == (
            "share",
            "messages.share.device",
            "device",
            dev["id"],
        )
        assert note["params"] == {"user": "alice", "count": 1, "name": "IOT1"}
        assert (await team.admin.get("/yun/messageCenter/receive"))["data"]["total"] == 0

    async def test_rules(self, team: Team, bob: Api, other_tenant: Api) -> None:
        mine = await register(team.admin, "IOT1")
        bobs = await register(bob, "IOT2")
        assert code(await share(team.admin, [mine["id"]], ["alice"])) == 110534
        assert code(await share(team.admin, [mine["id"]], ["13800000001"])) == 110534
        assert code(await share(team.admin, [mine["id"]], ["mallory", "mallory"])) == 110535
        assert code(await share(team.admin, [mine["id"]], ["mallory", "13900000009"])) == 110535
        assert code(await share(team.admin, [mine["id"]], ["ghost"])) == 110537
        # The administrator reads bob's device but does not own it; another tenant does not even see it.
        assert code(await share(team.admin, [mine["id"], bobs["id"]], ["mallory"])) == 110536
        assert code(await share(other_tenant, [mine["id"]], ["alice"])) == 110536
        assert code(await team.admin.get("/dev/share", params={"device_id": bobs["id"]})) == 110536

    async def test_unregistered_not_shareable(self, team: Team, other_tenant: Api) -> None:
        dev = await register(team.admin, "IOT1")
        await team.admin.call("DELETE", "/dev/register", params={"id": dev["id"]})
        assert code(await share(team.admin, [dev["id"]], ["mallory"])) == 110536

    async def test_at_most_ten_per_device_all_or_nothing(self, app: FastAPI, team: Team) -> None:
        a = await register(team.admin, "IOT1")
        b = await register(team.admin, "IOT2")
        names = [f"user{i:02d}" for i in range(11)]
        for name in names:
            await team.user(name)
        assert (await share(team.admin, [a["id"]], names[:9]))["meta"]["success"] == 1  # type: ignore[index]
        assert code(await share(team.admin, [b["id"], a["id"]], names[9:11])) == 110533
        assert len(await grants(app)) == 9
        # Sharing again with someone already shared with adds nothing and only updates can_write.
        assert (await share(team.admin, [a["id"]], names[:1] + names[9:10], True))["meta"]["success"] == 1  # type: ignore[index]
        listed = (await team.admin.get("/dev/share", params={"device_id": a["id"]}))["data"]
        assert listed["remaining"] == 0 and listed["items"][0]["can_write"] is True

    async def test_owner_quota(self, app: FastAPI, team: Team, bob: Api) -> None:
        await team.user("carl")
        await team.user("dave")
        bob_id = bob.user_id
        resp = await team.admin.put(f"/yun/userInfo/{bob_id}/quota", {"device_share": 2})
        assert resp["meta"]["success"] == 1, resp
        a = await register(bob, "IOT1")
        b = await register(bob, "IOT2")
        assert (await share(bob, [a["id"]], ["carl"]))["meta"]["success"] == 1  # type: ignore[index]
        assert code(await share(bob, [b["id"]], ["carl", "dave"])) == 100019
        assert len(await grants(app)) == 1
        assert (await share(bob, [b["id"]], ["dave"]))["meta"]["success"] == 1  # type: ignore[index]

    async def test_owner_cancels(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        dev = await register(team.admin, "IOT1")
        await share(team.admin, [dev["id"]], ["mallory"])
        params = {"device_id": dev["id"], "user_id": other_tenant.user_id}
        assert (await team.admin.call("DELETE", "/dev/share", params=params))["meta"]["success"] == 1
        assert code(await team.admin.call("DELETE", "/dev/share", params=params)) == 110538
        assert (await other_tenant.get("/dev"))["data"]["total"] == 0
        assert [e.action for e in await logs(app, "share_cancel")] == ["share_cancel"]

    async def test_receiver_cancels(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        dev = await register(team.admin, "IOT1")
        await share(team.admin, [dev["id"]], ["mallory"])
        params = {"device_id": dev["id"]}
        assert code(await team.admin.call("DELETE", "/dev/share/received", params=params)) == 110538
        assert (await other_tenant.call("DELETE", "/dev/share/received", params=params))["meta"]["success"] == 1
        assert code(await other_tenant.call("DELETE", "/dev/share/received", params=params)) == 110538
        assert await grants(app) == []
        (entry,) = await logs(app, "share_cancel")
        assert entry.tenant_id == team.admin.tenant_id and entry.user_name == "mallory"


async def file_share(api: Api, device_id: int, group_id: int | None) -> dict[str, Any]:
    return await api.put("/dev/share/received", {"device_id": device_id, "group_id": group_id})


async def new_group(api: Api, name: str) -> int:
    resp = await api.post("/yun/dev/group", {"name": name, "notes": ""})
    assert resp["meta"]["success"] == 1, resp
    return int(resp["data"]["id"])


async def filed_in(app: FastAPI) -> list[int | None]:
    async with app.state.db.sessionmaker() as s:
        return [g.group_id for g in (await s.scalars(select(DeviceGrant).order_by(DeviceGrant.id))).all()]


async def counts(api: Api) -> dict[int, int]:
    return {g["id"]: g["device_count"] for g in (await api.get("/yun/dev/group"))["data"]}


async def listed(api: Api, **params: Any) -> list[tuple[int, int | None, str | None]]:
    items = (await api.get("/dev", params=params))["data"]["items"]
    return [(i["id"], i["group_id"], i["group_name"]) for i in items]


class TestReceivedShareGroup:
    """The receiver of a share files it in one of their own groups (PUT /dev/share/received), privately."""

    async def test_files_into_own_group_and_back(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        dev = await register(team.admin, "IOT1")
        await share(team.admin, [dev["id"]], ["mallory"])
        line = await new_group(other_tenant, "产线")
        owner_view = (await team.admin.get(f"/dev/basic/{dev['id']}"))["data"]
        before = [(e.action, e.detail) for e in await logs(app)]
        assert await listed(other_tenant, shared="true") == [(dev["id"], None, None)]
        assert (await file_share(other_tenant, dev["id"], line))["meta"]["success"] == 1
        assert await listed(other_tenant) == [(dev["id"], line, "产线")]
        assert await listed(other_tenant, group_id=line) == [(dev["id"], line, "产线")]
        assert await listed(other_tenant, shared="true") == []
        assert await listed(other_tenant, shared="false") == [(dev["id"], line, "产线")]
        assert await listed(other_tenant, sort="group_name", order="asc") == [(dev["id"], line, "产线")]
        basic = (await other_tenant.get(f"/dev/basic/{dev['id']}"))["data"]
        assert (basic["relation"], basic["group_id"], basic["group_name"]) == ("share", line, "产线")
        assert (await counts(other_tenant))[line] == 1
        # The owner's device, their view of it and the log are untouched: the filing is the receiver's own.
        assert (await team.admin.get(f"/dev/basic/{dev['id']}"))["data"] == owner_view
        assert await listed(team.admin, group_id=owner_view["group_id"]) == [
            (dev["id"], owner_view["group_id"], "默认分组")
        ]
        assert [(e.action, e.detail) for e in await logs(app)] == before
        # Null files it back to "shared with me".
        assert (await file_share(other_tenant, dev["id"], None))["meta"]["success"] == 1
        assert await listed(other_tenant) == [(dev["id"], None, None)]
        assert await listed(other_tenant, group_id=line) == []
        assert await listed(other_tenant, shared="true") == [(dev["id"], None, None)]
        assert (await counts(other_tenant))[line] == 0
        assert await filed_in(app) == [None]

    async def test_state_counts_follow_the_filing(self, team: Team, other_tenant: Api) -> None:
        """Home's "online by group" shows a share from another tenant in the receiver's grouping: never under the
        owner's group (its id and name are the other tenant's), under the receiver's group once filed there."""
        dev = await register(team.admin, "IOT1")
        await share(team.admin, [dev["id"]], ["mallory"])

        async def by_group() -> list[tuple[int | None, str | None]]:
            state = (await other_tenant.get("/dev/stateInfo"))["data"]
            return [(g["group_id"], g["group_name"]) for g in state["by_group"]]

        assert await by_group() == [(None, None)]
        line = await new_group(other_tenant, "产线")
        await file_share(other_tenant, dev["id"], line)
        assert await by_group() == [(line, "产线")]
        # The owner's own counts keep the device in its group.
        owner = (await team.admin.get("/dev/stateInfo"))["data"]["by_group"]
        assert [(g["group_id"], g["group_name"]) for g in owner] == [(dev["group_id"], "默认分组")]

    async def test_refusals_change_nothing(self, app: FastAPI, team: Team, bob: Api, other_tenant: Api) -> None:
        dev = await register(team.admin, "IOT1")
        await share(team.admin, [dev["id"]], ["mallory"])
        owners_group = dev["group_id"]
        # A group of another tenant is refused like a missing one.
        for group_id in (owners_group, 999_999):
            resp = await file_share(other_tenant, dev["id"], group_id)
            assert code(resp) == 112005 and resp["meta"]["field"] == "group_id", resp
        assert await filed_in(app) == [None]
        assert await listed(other_tenant) == [(dev["id"], None, None)]
        # Only a receiver of a share files it: not its owner, not a user of the owner's tenant without a share.
        for api in (team.admin, bob):
            assert code(await file_share(api, dev["id"], owners_group)) == 110538
        assert code(await file_share(other_tenant, 999_999, None)) == 110538

    async def test_same_tenant_share_filed_privately(self, team: Team, bob: Api) -> None:
        dev = await register(team.admin, "IOT1")
        await share(team.admin, [dev["id"]], ["bob"])
        default = dev["group_id"]
        line = await new_group(team.admin, "产线")
        # Unfiled, a share within the tenant shows in the owner's group, as before.
        assert await listed(bob) == [(dev["id"], default, "默认分组")]
        assert await listed(bob, shared="true") == []
        assert (await file_share(bob, dev["id"], line))["meta"]["success"] == 1
        assert await listed(bob, group_id=line) == [(dev["id"], line, "产线")]
        assert await listed(bob, group_id=default) == []
        assert (await counts(bob))[default] == 0 and (await counts(bob))[line] == 1
        # The owner still sees it in its own group.
        assert await listed(team.admin, group_id=default) == [(dev["id"], default, "默认分组")]
        assert (await counts(team.admin))[default] == 1 and (await counts(team.admin))[line] == 0

    async def test_map_follows_the_filing(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        dev = await register(team.admin, "IOT1")
        async with app.state.db.sessionmaker() as s:
            await s.execute(update(Device).where(Device.id == dev["id"]).values(latitude=31.2, longitude=121.5))
            await s.commit()
        await share(team.admin, [dev["id"]], ["mallory"])
        line = await new_group(other_tenant, "产线")
        on_map = {"group_id": line}
        assert (await other_tenant.get("/dev/map", params=on_map))["data"]["items"] == []
        await file_share(other_tenant, dev["id"], line)
        assert [i["id"] for i in (await other_tenant.get("/dev/map", params=on_map))["data"]["items"]] == [dev["id"]]

    async def test_deleting_the_group_files_it_back(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        dev = await register(team.admin, "IOT1")
        await share(team.admin, [dev["id"]], ["mallory"])
        line = await new_group(other_tenant, "产线")
        await file_share(other_tenant, dev["id"], line)
        assert await listed(other_tenant, shared="true") == []
        # A share filed in a group does not keep the group "in use".
        resp = await other_tenant.call("DELETE", "/yun/dev/group", params={"id": line})
        assert resp["meta"]["success"] == 1, resp
        assert await filed_in(app) == [None]
        assert await listed(other_tenant) == [(dev["id"], None, None)]
        assert await listed(other_tenant, shared="true") == [(dev["id"], None, None)]


class TestTransfer:
    async def test_rules(self, team: Team, bob: Api) -> None:
        bobs = await register(bob, "IOT2")
        mine = await register(team.admin, "IOT1")
        body = {"device_ids": [bobs["id"]], "account": "mallory"}
        assert code(await team.admin.post("/dev/transfer", body)) == 110511
        assert code(await team.admin.post("/dev/transfer", {"device_ids": [mine["id"]], "account": "alice"})) == 110539
        assert code(await team.admin.post("/dev/transfer", {"device_ids": [mine["id"]], "account": "ghost"})) == 110540

    async def test_moves_across_tenants(self, app: FastAPI, team: Team, bob: Api, other_tenant: Api) -> None:
        dev = await register(team.admin, "IOT1", alias="1号机")
        await share(team.admin, [dev["id"]], ["bob"])
        tid = team.admin.tenant_id or 0
        async with app.state.db.sessionmaker() as s:
            s.add(VirtualDevice(tenant_id=tid, name="v1", owner_id=team.admin.user_id, device_id=dev["id"]))
            thumbs = ThumbnailGroup(tenant_id=tid, owner_id=team.admin.user_id, name="t")
            s.add(thumbs)
            await s.flush()
            s.add(ThumbnailItem(tenant_id=tid, group_id=thumbs.id, device_id=dev["id"]))
            await s.commit()
        resp = await team.admin.post("/dev/transfer", {"device_ids": [dev["id"]], "account": "13900000009"})
        assert resp["meta"]["success"] == 1, resp
        assert (await team.admin.get("/dev"))["data"]["total"] == 0
        assert (await bob.get("/dev"))["data"]["total"] == 0
        (moved,) = (await other_tenant.get("/dev"))["data"]["items"]
        assert (moved["relation"], moved["alias"], moved["group_name"]) == ("owner", "1号机", "默认分组")
        assert await grants(app) == []
        async with app.state.db.sessionmaker() as s:
            assert (await s.scalars(select(VirtualDevice))).one().device_id is None
            assert (await s.scalars(select(ThumbnailItem))).all() == []
        entries = {(e.action, e.tenant_id) for e in await logs(app)}
        assert {("transfer_out", tid), ("transfer_in", other_tenant.tenant_id)} <= entries
        # The receiver now manages it, and their inbox says so.
        assert (await other_tenant.put("/dev/update", {"id": dev["id"], "alias": "新"}))["meta"]["success"] == 1
        (note,) = (await other_tenant.get("/yun/messageCenter/receive"))["data"]["items"]
        assert (note["kind"], note["text_key"], note["link_id"], note["params"]["name"]) == (
            "handover",
            "messages.handover.device",
            dev["id"],
            "1号机",
        )


class TestDistribution:
    async def test_distributes_and_cancels(self, app: FastAPI, team: Team, bob: Api) -> None:
        carl = await team.user("carl")
        dev = await register(team.admin, "IOT1")
        body = {"device_ids": [dev["id"]], "user_ids": [bob.user_id, carl["id"]], "can_write": False}
        assert (await team.admin.post("/dev/distribution", body))["meta"]["success"] == 1
        seen = (await bob.get("/dev"))["data"]["items"]
        assert [(d["relation"], d["can_write"]) for d in seen] == [("distribution", False)]
        body["can_write"] = True
        await team.admin.post("/dev/distribution", body)
        listed = (await team.admin.get("/dev/distribution", params={"device_id": dev["id"]}))["data"]
        assert sorted(u["user_name"] for u in listed) == ["bob", "carl"] and all(u["can_write"] for u in listed)
        cancel = {"device_ids": [dev["id"]], "user_ids": [bob.user_id]}
        assert (await team.admin.post("/dev/distribution/cancel", cancel))["meta"]["success"] == 1
        assert code(await team.admin.post("/dev/distribution/cancel", cancel)) == 110564
        assert (await bob.get("/dev"))["data"]["total"] == 0
        assert [e.action for e in await logs(app) if e.action.startswith("distribut")] == [
            "distribute",
            "distribute",
            "distribution_cancel",
        ]

    async def test_rules(self, team: Team, bob: Api, other_tenant: Api) -> None:
        bobs = await register(bob, "IOT2")
        mine = await register(team.admin, "IOT1")
        own = {"device_ids": [mine["id"]], "can_write": False}
        assert (
            code(
                await team.admin.post(
                    "/dev/distribution", {**own, "device_ids": [bobs["id"]], "user_ids": [bob.user_id]}
                )
            )
            == 110566
        )
        assert code(await team.admin.post("/dev/distribution", {**own, "user_ids": [team.admin.user_id]})) == 110562
        assert code(await team.admin.post("/dev/distribution", {**own, "user_ids": [other_tenant.user_id]})) == 110562
        assert code(await team.admin.get("/dev/distribution", params={"device_id": bobs["id"]})) == 110566
        cancel = {"device_ids": [bobs["id"]], "user_ids": [team.admin.user_id]}
        assert code(await team.admin.post("/dev/distribution/cancel", cancel)) == 110566


class TestTakeback:
    async def test_administrator(self, app: FastAPI, team: Team, bob: Api, other_tenant: Api) -> None:
        carl = await team.user("carl")
        dev = await register(bob, "IOT1")
        await bob.post("/dev/distribution", {"device_ids": [dev["id"]], "user_ids": [carl["id"]]})
        await share(bob, [dev["id"]], ["mallory"])
        assert code(await other_tenant.post("/dev/takeback", {"device_ids": [dev["id"]]})) == 110565
        assert code(await bob.post("/dev/takeback", {"device_ids": [dev["id"]]})) == 110565
        assert (await team.admin.post("/dev/takeback", {"device_ids": [dev["id"]]}))["meta"]["success"] == 1
        assert code(await team.admin.post("/dev/takeback", {"device_ids": [dev["id"]]})) == 110565
        assert (await bob.get("/dev"))["data"]["total"] == 0
        assert (await team.admin.get("/dev"))["data"]["items"][0]["relation"] == "owner"
        assert [k for _, _, k in await grants(app)] == ["share"]
        assert [e.action for e in await logs(app, "takeback")] == ["takeback"]

    async def test_group_administrator(self, team: Team) -> None:
        line = await team.group("line")
        other = await team.group("other")
        await team.user("boss", "administrator2", group_id=line)
        await team.user("worker", group_id=line)
        await team.user("stranger", group_id=other)
        boss, worker, stranger = [await team.login(n) for n in ("boss", "worker", "stranger")]
        near = await register(worker, "IOT1")
        far = await register(stranger, "IOT2")
        assert code(await boss.post("/dev/takeback", {"device_ids": [far["id"]]})) == 110565
        assert code(await boss.post("/dev/takeback", {"device_ids": [near["id"], far["id"]]})) == 110565
        assert (await boss.post("/dev/takeback", {"device_ids": [near["id"]]}))["meta"]["success"] == 1
        assert (await worker.get("/dev"))["data"]["total"] == 0
