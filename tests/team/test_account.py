"""One's own rights and binding a phone or email to one's own account (SPEC §7 /user/privileges, /user/account/bind)."""

from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select

from iotyun.auth import repository as auth_repo
from iotyun.auth.models import User
from iotyun.core.permissions import ALL_CODES, DEVICE_ROLE_PERMISSIONS, TEMPLATE_ROLE_PERMISSIONS, normalize
from iotyun.team.models import UserLog
from tests.conftest import Api, code
from tests.team.factories import Team


class TestMyPrivileges:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/user/privileges")) == 100009

    async def test_administrator_gets_every_code(self, team: Team) -> None:
        data = (await team.admin.get("/user/privileges"))["data"]
        assert data["roles"] == ["administrator"]
        assert data["permissions"] == sorted(ALL_CODES) == data["role_permissions"]
        assert data["direct_permissions"] == []
        config = (await team.admin.get("/yun/user/config"))["data"]
        assert data["menu_permission"] == config["menuPermissions"]
        assert data["default_page"] == config["defaultPage"]

    async def test_custom_role_gets_role_and_direct_with_ancestors(self, team: Team) -> None:
        await team.role("ops", ["P31000", "P21200"], home_page="P31000")
        bob = await team.user("bob", "ops")
        resp = await team.admin.put(f"/yun/userInfo/privilege/{bob['id']}", {"direct_permissions": ["P72000"]})
        assert resp["meta"]["success"] == 1, resp
        data = (await (await team.login("bob")).get("/user/privileges"))["data"]
        expected = normalize(["P31000", "P21200", "P72000"])
        assert data["permissions"] == sorted(expected)
        assert {"P00000", "P20000", "P30000", "P70000"} <= set(data["permissions"])
        assert set(data["role_permissions"]) == normalize(["P31000", "P21200"])
        assert set(data["direct_permissions"]) == normalize(["P72000"])
        assert data["roles"] == [team_role_code(team, "ops")]
        assert data["menu_permission"] == "P31000" and data["default_page"] == "/device/devgroup"

    async def test_role_items_in_force(self, team: Team) -> None:
        """The role's device and template items, as the session payload carries them; every item for the
        administrator whatever the administrator role's lists say."""
        admin = (await team.admin.get("/user/privileges"))["data"]
        assert admin["device_permissions"] == list(DEVICE_ROLE_PERMISSIONS)
        assert admin["template_permissions"] == list(TEMPLATE_ROLE_PERMISSIONS)
        await team.role("ops", ["P31000"], device_permissions=["write", "history"], template_permissions=["bind"])
        await team.user("bob", "ops")
        bob = await team.login("bob")
        data = (await bob.get("/user/privileges"))["data"]
        config = (await bob.get("/yun/user/config"))["data"]
        assert data["device_permissions"] == ["history", "write"] == config["device_permissions"]
        assert data["template_permissions"] == ["view", "bind"] == config["template_permissions"]


def team_role_code(team: Team, name: str) -> str:
    return next(c for c, i in team.roles.items() if i == team.roles[name] and c != name)


async def bind_code(api: Api, account: str) -> str:
    resp = await api.post("/user/account/bind/code", {"account": account})
    assert resp["meta"]["success"] == 1, resp
    assert resp["data"]["resend_after"] == 60
    return api.code_log.codes[(account.lower(), "bind")]


async def stored(app: FastAPI, user_id: int) -> User:
    async with app.state.db.sessionmaker() as s:
        user: User | None = await s.get(User, user_id)
        assert user is not None
        return user


async def bind_logs(app: FastAPI) -> list[Any]:
    async with app.state.db.sessionmaker() as s:
        return list((await s.execute(select(UserLog).where(UserLog.action == "account_bind"))).scalars())


class TestBindAccount:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post("/user/account/bind/code", {"account": "13700000002"})) == 100009
        assert code(await api.post("/user/account/bind", {"account": "13700000002", "sms_code": "1"})) == 100009

    async def test_binds_phone(self, app: FastAPI, team: Team) -> None:
        bob = await team.login((await team.user("bob"))["user_name"])
        sms = await bind_code(bob, "13700000002")
        resp = await bob.post("/user/account/bind", {"account": "13700000002", "sms_code": sms})
        assert resp["meta"]["success"] == 1, resp
        assert resp["data"]["user_name"] == "bob" and resp["data"]["x_Token"] is None
        assert set(resp["data"]) == set((await bob.get("/yun/user/config"))["data"])
        assert (await stored(app, bob.user_id or 0)).phone == "13700000002"
        # The code is spent, and the phone logs in.
        again = await bob.post("/user/account/bind", {"account": "13700000002", "sms_code": sms})
        assert code(again) == 110310
        assert (await team.new_api().login("13700000002", "secret123"))["meta"]["success"] == 1
        (entry,) = await bind_logs(app)
        assert entry.user_id == bob.user_id and entry.target == "13700000002"
        assert entry.detail == {"kind": "phone", "previous": None}

    async def test_binds_email_replacing_the_old(self, app: FastAPI, team: Team) -> None:
        bob = await team.login((await team.user("bob", email="bob@example.com"))["user_name"])
        sms = await bind_code(bob, "Bobby@Example.com")
        resp = await bob.post("/user/account/bind", {"account": "bobby@example.com", "sms_code": sms})
        assert resp["meta"]["success"] == 1, resp
        user = await stored(app, bob.user_id or 0)
        assert user.email == "bobby@example.com" and user.phone is None
        (entry,) = await bind_logs(app)
        assert entry.detail == {"kind": "email", "previous": "bob@example.com"}
        listed = await team.admin.get("/yun/userLog", params={"action": "account_bind"})
        assert listed["data"]["total"] == 1

    async def test_duplicates_refused(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        await team.user("carl", email="carl@example.com")
        bob = await team.login((await team.user("bob"))["user_name"])
        # Another user of the tenant, a user of another tenant, and oneself: the code goes out as for any account
        # (asking reveals nothing); proving it is answered with the account being taken.
        for account, expected in (("carl@example.com", 110309), ("13900000009", 110308), ("13800000001", 110308)):
            sms = await bind_code(bob, account)
            resp = await bob.post("/user/account/bind", {"account": account, "sms_code": sms})
            assert code(resp) == expected and resp["meta"]["field"] == "account", resp
        # Taken between the code and the bind: still refused, nothing changed.
        sms = await bind_code(bob, "dora@example.com")
        await team.user("dora", email="dora@example.com")
        resp = await bob.post("/user/account/bind", {"account": "dora@example.com", "sms_code": sms})
        assert code(resp) == 110309
        user = await stored(app, bob.user_id or 0)
        assert user.phone is None and user.email is None
        assert await bind_logs(app) == []

    async def test_race_on_the_unique_constraint(
        self, app: FastAPI, team: Team, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        bob = await team.login((await team.user("bob"))["user_name"])
        sms = await bind_code(bob, "13700000002")
        await team.user("carl", phone="13700000002")

        async def nobody(session: Any, account: str) -> None:
            return None

        # The check passes as if the other request had not committed yet; the constraint answers.
        monkeypatch.setattr(auth_repo, "user_by_account", nobody)
        resp = await bob.post("/user/account/bind", {"account": "13700000002", "sms_code": sms})
        assert code(resp) == 110308 and resp["meta"]["field"] == "account"
        assert (await stored(app, bob.user_id or 0)).phone is None
        assert await bind_logs(app) == []

    async def test_wrong_code(self, app: FastAPI, team: Team) -> None:
        bob = await team.login((await team.user("bob"))["user_name"])
        assert code(await bob.post("/user/account/bind", {"account": "13700000002", "sms_code": "000000"})) == 110310
        sms = await bind_code(bob, "13700000002")
        wrong = "000000" if sms != "000000" else "111111"
        resp = await bob.post("/user/account/bind", {"account": "13700000002", "sms_code": wrong})
        assert code(resp) == 110310 and resp["meta"]["field"] == "sms_code"
        # A code of another scene does not bind.
        other_scene = await bob.send_code("13700000003")
        resp = await bob.post("/user/account/bind", {"account": "13700000003", "sms_code": other_scene})
        assert code(resp) == 110310
        assert (await stored(app, bob.user_id or 0)).phone is None
        assert await bind_logs(app) == []
        assert (await bob.post("/user/account/bind", {"account": "13700000002", "sms_code": sms}))["meta"][
            "success"
        ] == 1

    async def test_resend_throttled(self, team: Team) -> None:
        bob = await team.login((await team.user("bob"))["user_name"])
        await bind_code(bob, "13700000002")
        resp = await bob.post("/user/account/bind/code", {"account": "13700000002"})
        assert code(resp) == 100018 and resp["meta"]["field"] == "account"
        # Throttled per account, not per caller.
        carl = await team.login((await team.user("carl"))["user_name"])
        assert code(await carl.post("/user/account/bind/code", {"account": "13700000002"})) == 100018

    async def test_not_during_forced_password_change(self, team: Team) -> None:
        await team.user("bob", must_change_password=True)
        bob = await team.login("bob")
        assert code(await bob.post("/user/account/bind/code", {"account": "13700000002"})) == 100013

    async def test_invalid_account(self, team: Team) -> None:
        resp = await team.admin.post("/user/account/bind/code", {"account": "nope"})
        assert code(resp) == 110318 and resp["meta"]["field"] == "account"
