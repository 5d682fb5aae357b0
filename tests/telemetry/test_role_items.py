"""A role's device and template permission items are enforced (issue 35 point 4; docs/api-team.md "Device and
template permissions"): a custom role lacking an item is refused (100015; a value write keeps its 110513) at every
operation the item names, and changes nothing; one holding it is not. GET /dev/privileges answers each item as the
server decides it."""

from collections.abc import Awaitable, Callable
from typing import Any

import httpx
from fastapi import FastAPI

from iotyun.core.permissions import DEVICE_ROLE_PERMISSIONS, TEMPLATE_ROLE_PERMISSIONS
from tests.conftest import Api, code
from tests.team.factories import Team
from tests.telemetry.factories import Plant, make_plant
from tests.templates.factories import ok

# Every page the operations below are reached through: the device pages, alarms, templates and the library.
CODES = ["P10000", "P30000", "P31000", "P73000", "P41000", "P41600", "P42000", "P44000"]
T0 = 1_767_225_600_000  # 2026-01-01
Call = Callable[[], Awaitable[int]]


def answer(resp: httpx.Response) -> int:
    """The envelope's code of a JSON answer; 0 for a file (a sheet: the operation passed)."""
    if resp.headers.get("content-type", "").startswith("application/json"):
        return code(resp.json())
    return 0


async def raw_get(api: Api, path: str, params: dict[str, Any]) -> int:
    return answer(await api.client.get("/api" + path, params=params, headers=api._headers()))


async def lesser(team: Team) -> tuple[Api, int, dict[str, Any]]:
    """A user of a custom role holding every page code above and every item, a second user to share with."""
    role_id = await team.role(
        "lesser",
        CODES,
        device_permissions=list(DEVICE_ROLE_PERMISSIONS),
        template_permissions=list(TEMPLATE_ROLE_PERMISSIONS),
    )
    await team.user("opera", "lesser", phone="13700000021")
    other = await team.user("peer", phone="13700000022")
    return await team.login("opera"), role_id, other


async def items(team: Team, role_id: int, **lists: list[str]) -> None:
    body = {"name": "lesser", "permissions": CODES, **lists}
    ok(await team.admin.put(f"/yun/user/role/{role_id}", body))


def device_calls(op: Api, plant: Plant, peer: dict[str, Any]) -> dict[str, list[Call]]:
    src = plant.sources["出水压力"]
    d = plant.device_id
    history = {"device_id": d, "ids": str(src), "start": T0, "end": T0 + 60_000}

    async def post(path: str, body: dict[str, Any]) -> int:
        return code(await op.post(path, body))

    async def put(path: str, body: dict[str, Any]) -> int:
        return code(await op.put(path, body))

    async def delete(path: str, body: dict[str, Any]) -> int:
        return code(await op.call("DELETE", path, json=body))

    export_job = {"kind": "history", "device_id": d, "data_source_ids": [src], "start": T0, "end": T0 + 60_000}
    return {
        "history": [lambda: raw_get(op, "/hDev", history)],
        "export": [
            lambda: raw_get(op, "/yun/his/export", history),
            lambda: post("/yun/exportFile", {"tz": "Asia/Shanghai", **export_job}),
        ],
        "write": [lambda: post("/yun/rDev", {"device_id": d, "data_source_id": src, "value": 1})],
        "alarm_confirm": [
            lambda: post("/rAlarmDev/confirmation", {"ids": [987654]}),
            lambda: post("/rAlarmDev/shelve", {"ids": [987654], "minutes": 30, "reason": "maintenance"}),
            lambda: delete("/rAlarmDev/shelve", {"ids": [987654]}),
        ],
        "edit": [
            lambda: put("/dev/update", {"id": d, "remark": "edited"}),
            lambda: put("/dev/controls", {"device_id": d, "password": "abcdef"}),
        ],
        "share": [
            lambda: post("/dev/share", {"device_ids": [d], "accounts": ["peer"]}),
            lambda: post("/dev/distribution", {"device_ids": [d], "user_ids": [peer["id"]], "can_write": False}),
            lambda: post("/dev/transfer", {"device_ids": [d], "account": "nobody_at_all"}),
        ],
        "vpn": [lambda: post("/dev/vpn", {"device_id": d, "open": True})],
    }


def template_calls(op: Api, plant: Plant) -> dict[str, list[Call]]:
    t = plant.template_id

    async def post(path: str, body: dict[str, Any]) -> int:
        return code(await op.post(path, body))

    async def delete(path: str, params: dict[str, Any]) -> int:
        return code(await op.call("DELETE", path, params=params))

    return {
        "copy": [lambda: post("/yun/module/copy", {"id": t})],
        "bind": [lambda: post("/yun/module/bind", {"template_id": t, "device_ids": [plant.device_id]})],
        "design": [lambda: post("/yun/module/view", {"template_id": t, "kind": "web", "name": "画面二"})],
        "data_source": [lambda: post("/yun/module/dataSource/group", {"template_id": t, "name": "分组二"})],
        "publish": [lambda: post("/yun/module/publish", {"id": t})],
        "export": [lambda: raw_get(op, "/yun/module/dataSource/export", {"template_id": t})],
        "share": [
            lambda: post("/yun/module/share", {"template_ids": [t], "accounts": ["peer"], "permissions": ["view"]}),
            lambda: post("/yun/module/transfer", {"template_id": t, "account": "peer"}),
        ],
        "delete": [lambda: delete("/yun/module", {"id": t})],
    }


async def _refused_without_each(
    team: Team,
    role_id: int,
    calls: dict[str, list[Call]],
    catalogue: tuple[str, ...],
    field: str,
    refusal: Callable[[str], int],
) -> None:
    """For each item: withheld, every call of it is refused; held again, none is refused for want of it."""
    others = {field: list(catalogue)}
    for item, item_calls in calls.items():
        await items(team, role_id, **{field: [i for i in catalogue if i != item]})
        for n, call in enumerate(item_calls):
            assert await call() == refusal(item), (item, n)
        await items(team, role_id, **others)
        for n, call in enumerate(item_calls):
            assert await call() not in (100015, 110513, 115019), (item, n)


async def test_device_items_are_enforced(app: FastAPI, team: Team) -> None:
    op, role_id, peer = await lesser(team)
    plant = await make_plant(op)
    calls = device_calls(op, plant, peer)
    assert set(calls) == set(DEVICE_ROLE_PERMISSIONS)
    # A write keeps the code of SPEC §6's "user write permission"; every other item answers 100015.
    await _refused_without_each(
        team,
        role_id,
        calls,
        DEVICE_ROLE_PERMISSIONS,
        "device_permissions",
        lambda item: 110513 if item == "write" else 100015,
    )


async def test_a_refusal_changes_nothing(app: FastAPI, team: Team) -> None:
    op, role_id, _ = await lesser(team)
    plant = await make_plant(op)
    await items(team, role_id, device_permissions=["history"])
    assert code(await op.put("/dev/update", {"id": plant.device_id, "remark": "edited"})) == 100015
    assert code(await op.post("/dev/share", {"device_ids": [plant.device_id], "accounts": ["peer"]})) == 100015
    detail = ok(await op.get(f"/dev/basic/{plant.device_id}"))
    assert detail["remark"] == "" and detail["share_count"] == 0
    await items(team, role_id, template_permissions=["view"])
    assert code(await op.post("/yun/module/copy", {"id": plant.template_id})) == 100015
    assert ok(await op.get("/yun/module"))["total"] == 1


async def test_template_items_are_enforced(app: FastAPI, team: Team) -> None:
    op, role_id, _ = await lesser(team)
    plant = await make_plant(op)
    calls = template_calls(op, plant)
    assert set(calls) == set(TEMPLATE_ROLE_PERMISSIONS) - {"view"}
    await _refused_without_each(
        team, role_id, calls, TEMPLATE_ROLE_PERMISSIONS, "template_permissions", lambda item: 100015
    )


async def test_a_template_shows_what_the_role_allows(app: FastAPI, team: Team) -> None:
    op, role_id, _ = await lesser(team)
    plant = await make_plant(op)
    await items(team, role_id, template_permissions=["bind", "publish"])
    shown = ok(await op.get(f"/yun/module/{plant.template_id}"))
    assert shown["permissions"] == ["view", "bind", "publish"]


class TestDevicePrivileges:
    async def test_administrator_holds_every_item(self, app: FastAPI, team: Team) -> None:
        plant = await make_plant(team.admin)
        got = ok(await team.admin.get("/dev/privileges", params={"device_id": plant.device_id}))
        assert got == {
            "device_id": plant.device_id,
            "relation": "owner",
            "read": True,
            "device_permissions": list(DEVICE_ROLE_PERMISSIONS),
            "template_id": plant.template_id,
            "template_permissions": list(TEMPLATE_ROLE_PERMISSIONS),
        }

    async def test_a_user_given_a_device_without_write(self, app: FastAPI, team: Team) -> None:
        plant = await make_plant(team.admin)
        user = await team.user("bob", phone="13700000031")
        body = {"device_ids": [plant.device_id], "user_ids": [user["id"]], "can_write": False}
        ok(await team.admin.post("/dev/distribution", body))
        bob = await team.login("bob")
        got = ok(await bob.get("/dev/privileges", params={"device_id": plant.device_id}))
        # The built-in user role holds every item; the device is not his (no edit, share, VPN), the distribution
        # does not write, and the template is the administrator's alone.
        assert got["relation"] == "distribution" and got["read"] is True
        assert got["device_permissions"] == ["history", "export", "alarm_confirm"]
        assert got["template_id"] == plant.template_id and got["template_permissions"] == []

    async def test_a_lesser_role_on_his_own_device(self, app: FastAPI, team: Team) -> None:
        op, role_id, _ = await lesser(team)
        plant = await make_plant(op)
        full = ok(await op.get("/dev/privileges", params={"device_id": plant.device_id}))
        assert full["device_permissions"] == list(DEVICE_ROLE_PERMISSIONS)
        await items(team, role_id, device_permissions=["history", "edit"], template_permissions=["design"])
        got = ok(await op.get("/dev/privileges", params={"device_id": plant.device_id}))
        assert got["device_permissions"] == ["history", "edit"]
        assert got["template_permissions"] == ["view", "design"]

    async def test_another_tenants_device_is_not_found(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        plant = await make_plant(team.admin)
        assert code(await other_tenant.get("/dev/privileges", params={"device_id": plant.device_id})) == 110506
        assert code(await team.admin.get("/dev/privileges", params={"device_id": 987654321})) == 110506

    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/dev/privileges", params={"device_id": 1})) == 100009
