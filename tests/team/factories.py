"""Team factories: a tenant's administrator adding users, roles and groups over HTTP."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.conftest import Api

PASSWORD = "secret123"


@dataclass
class Team:
    admin: Api
    new_api: Callable[[], Api]
    roles: dict[str, int]

    async def user(self, name: str, role: str = "user", **body: Any) -> dict[str, Any]:
        payload = {
            "user_name": name,
            "password": PASSWORD,
            "password2": PASSWORD,
            "role_id": self.roles[role],
            "must_change_password": False,
            **body,
        }
        resp = await self.admin.post("/yun/userInfo", payload)
        assert resp["meta"]["success"] == 1, resp
        data: dict[str, Any] = resp["data"]
        return data

    async def role(self, name: str, permissions: list[str], **body: Any) -> int:
        resp = await self.admin.post("/yun/user/role", {"name": name, "permissions": permissions, **body})
        assert resp["meta"]["success"] == 1, resp
        self.roles[resp["data"]["code"]] = resp["data"]["id"]
        self.roles[name] = resp["data"]["id"]
        return int(resp["data"]["id"])

    async def group(self, name: str, parent_id: int | None = None) -> int:
        resp = await self.admin.post("/yun/user/group", {"name": name, "parent_id": parent_id})
        assert resp["meta"]["success"] == 1, resp
        return int(resp["data"]["id"])

    async def login(self, name: str, password: str = PASSWORD) -> Api:
        other = self.new_api()
        resp = await other.login(name, password)
        assert resp["meta"]["success"] == 1, resp
        return other

    async def without(self, name: str = "nobody") -> Api:
        """A logged-in user whose role grants only the home page."""
        if "plain" not in self.roles:
            await self.role("plain", ["P10000"])
        await self.user(name, "plain")
        return await self.login(name)
