"""Tenant isolation across every GET endpoint, generated from ROUTERS: another tenant's administrator, handed the
first tenant's ids in every path parameter, never sees a row, id or name of the first tenant (SPEC §6, DESIGN §3)."""

import re
from typing import Any

from fastapi import FastAPI

from iotyun.core.deps import PermissionRequirement
from tests.conftest import Api
from tests.core.test_permissions import api_routes, declared
from tests.team.conftest import PASSWORD

SECRET_NAMES = ("firstboss", "firstbob", "firstcarl", "firstrole", "firstgroup", "firstline")


async def seed_first_tenant(api: Api) -> dict[str, list[int]]:
    await api.register("firstboss", "13800000001")
    roles = {r["code"]: r["id"] for r in (await api.get("/yun/user/role"))["data"]["items"]}
    role = (await api.post("/yun/user/role", {"name": "firstrole", "permissions": ["P31000"]}))["data"]["id"]
    group = (await api.post("/yun/user/group", {"name": "firstgroup"}))["data"]["id"]
    line = (await api.post("/yun/user/group", {"name": "firstline", "parent_id": group}))["data"]["id"]
    users = [api.user_id or 0]
    for name, role_id in (("firstbob", role), ("firstcarl", roles["user"])):
        body = {"user_name": name, "password": PASSWORD, "password2": PASSWORD, "role_id": role_id, "group_id": line}
        resp = await api.post("/yun/userInfo", body)
        assert resp["meta"]["success"] == 1, resp
        users.append(resp["data"]["id"])
    await api.put(f"/yun/userInfo/{users[1]}/quota", {"device_share": 3})
    return {"user": users, "role": [role, *roles.values()], "group": [group, line]}


def user_ids_in(value: Any) -> set[int]:
    """Ids that denote users: `user_id`/`simulated_by` values and the `id` of an object that has a `user_name`."""
    found: set[int] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("user_id", "simulated_by", "actor_id") and isinstance(item, int):
                found.add(item)
            found |= user_ids_in(item)
        if "user_name" in value and isinstance(value.get("id"), int):
            found.add(value["id"])
    elif isinstance(value, list):
        for item in value:
            found |= user_ids_in(item)
    return found


def is_empty(data: Any) -> bool:
    return data in (None, [], {}) or (isinstance(data, dict) and data.get("items") == [] and data.get("total") == 0)


class TestOtherTenantSeesNothing:
    async def test_every_get_endpoint(self, app: FastAPI, api: Api, new_api: Any) -> None:
        first = await seed_first_tenant(api)
        other: Api = new_api()
        await other.register("secondboss", "13900000009")
        # Ids are per table, so one number can be a first-tenant role and a second-tenant user: leave out numbers the
        # second tenant owns in any table, or a path would rightly answer with the caller's own row.
        own_roles = {r["id"] for r in (await other.get("/yun/user/role"))["data"]["items"]}
        own = {other.user_id or 0} | own_roles
        all_ids = sorted({i for ids in first.values() for i in ids} - own)
        checked = 0
        for route in api_routes(app):
            (marker,) = declared(route)
            if "GET" not in (route.methods or set()) or not isinstance(marker, PermissionRequirement):
                continue
            params = re.findall(r"{(\w+)}", route.path)
            paths = [route.path]
            if params:
                paths = [re.sub(r"{\w+}", str(i), route.path) for i in all_ids]
            for path in paths:
                raw = await other.client.get("/api" + path, headers=other._headers())
                if not raw.headers.get("content-type", "").startswith("application/json"):
                    # A raw file answer (the device import template): nothing of the first tenant may be in it.
                    assert raw.status_code == 200, (path, raw.status_code)
                    for name in SECRET_NAMES:
                        assert name.encode() not in raw.content, path
                    checked += 1
                    continue
                body = raw.json()
                text = str(body)
                for name in SECRET_NAMES:
                    assert name not in text, (path, body)
                assert not (user_ids_in(body.get("data")) & set(first["user"])), (path, body)
                if params:
                    assert body["meta"]["success"] == 0 or is_empty(body["data"]), (path, body)
                checked += 1
        assert checked > 10
