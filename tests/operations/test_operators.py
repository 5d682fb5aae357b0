"""Operators: made on the server only, signed in apart from tenants, neither kind of token opening the other's
endpoints, every action audited (issue 35 points 2 and 5)."""

import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select

from iotyun.operations import service
from iotyun.operations.models import OperatorAudit
from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.operations.conftest import make_operator, operator_login


async def audits(app: FastAPI, action: str | None = None) -> list[OperatorAudit]:
    async with app.state.db.sessionmaker() as s:
        stmt = select(OperatorAudit).order_by(OperatorAudit.id)
        if action:
            stmt = stmt.where(OperatorAudit.action == action)
        return list((await s.scalars(stmt)).all())


class TestAccounts:
    async def test_create_refuses_bad_names_scopes_and_duplicates(self, app: FastAPI) -> None:
        await make_operator(app, "opsone")
        async with app.state.db.sessionmaker() as s:
            for name, password, scopes, said in (
                ("ab", "long-enough", ["users"], "3 to 32"),
                ("bad name!", "long-enough", ["users"], "3 to 32"),
                ("opstwo", "short", ["users"], "at least 8"),
                ("opstwo", "long-enough", ["everything"], "unknown scopes"),
                ("OPSONE", "long-enough", ["users"], "exists"),
            ):
                with pytest.raises(ValueError, match=said):
                    await service.create_operator(s, name, password, scopes)

    async def test_sign_in_me_and_out(self, app: FastAPI, new_api: Callable[[], Api]) -> None:
        await make_operator(app, "opsone", ("statistics",))
        api = new_api()
        body = ok(await operator_login(api, "opsone"))
        assert body["operator"]["scopes"] == ["statistics"]
        me = ok(await api.get("/administrator/me"))
        assert me["user_name"] == "opsone" and me["last_login_at"]
        ok(await api.post("/administrator/logout"))
        assert code(await api.get("/administrator/me")) == 100009
        assert [a.action for a in await audits(app)] == ["login", "logout"]

    async def test_wrong_password_and_unknown_name_alike(self, app: FastAPI, new_api: Callable[[], Api]) -> None:
        await make_operator(app, "opsone")
        api = new_api()
        assert code(await operator_login(api, "opsone", "wrong-password")) == 110003
        assert code(await operator_login(api, "nobody", "wrong-password")) == 110003

    async def test_disabled_operator_is_out_at_once(
        self, app: FastAPI, operator: Api, new_api: Callable[[], Api]
    ) -> None:
        async with app.state.db.sessionmaker() as s:
            await service.set_active(s, "opsroot", False)
            await s.commit()
        assert code(await operator.get("/administrator/me")) == 100009
        assert code(await operator_login(new_api(), "opsroot")) == 100017


class TestSeparation:
    async def test_a_tenant_user_reaches_no_operator_endpoint(self, site: Site, operator: Api) -> None:
        # Even the tenant's administrator: 810101.
        assert code(await site.admin.get("/administrator/me")) == 810101
        assert code(await site.admin.get("/administrator/devices/statistics")) == 810101
        assert code(await site.admin.put("/administrator/user/privilege", {})) in (810101, 100004)

    async def test_an_operator_token_opens_no_tenant_endpoint(self, site: Site, operator: Api) -> None:
        for path in ("/yun/user/config", "/yun/dev/group", "/yun/monitor/tables"):
            assert code(await operator.get(path)) == 100009, path

    async def test_no_token_is_100009(self, new_api: Callable[[], Api]) -> None:
        api = new_api()
        api.token = "not-a-token"
        assert code(await api.get("/administrator/me")) == 100009

    async def test_a_missing_scope_is_100015(self, login_operator: Callable[..., Any]) -> None:
        stats = await login_operator("opsstats", ("statistics",))
        assert code(await stats.get("/administrator/tenants")) == 100015
        assert code(await stats.get("/administrator/user/privilege", params={"user_id": 1})) == 100015
        ok(await stats.get("/administrator/devices/statistics"))


class TestOperatorScopes:
    async def test_nobody_widens_their_own_rights(self, app: FastAPI, operator: Api) -> None:
        me = ok(await operator.get("/administrator/me"))
        body = await operator.put(f"/administrator/operators/{me['id']}/scopes", {"scopes": ["users"]})
        assert code(body) == 810114
        assert [a.result for a in await audits(app, "operator_scopes")] == ["refused"]

    async def test_an_operator_gives_only_what_they_hold(
        self, app: FastAPI, operator: Api, login_operator: Callable[..., Any]
    ) -> None:
        other_id = await make_operator(app, "opsother", ("statistics",))
        limited = await login_operator("opslimited", ("operators", "statistics"))
        body = await limited.put(f"/administrator/operators/{other_id}/scopes", {"scopes": ["users"]})
        assert code(body) == 810113
        assert code(await limited.put(f"/administrator/operators/{other_id}/scopes", {"scopes": ["x"]})) == 810113
        done = ok(await operator.put(f"/administrator/operators/{other_id}/scopes", {"scopes": ["users", "devices"]}))
        assert done["scopes"] == ["devices", "users"]
        (record,) = [a for a in await audits(app, "operator_scopes") if a.result == "ok"]
        assert record.before == {"scopes": ["statistics"]} and record.after == {"scopes": ["devices", "users"]}
        assert code(await operator.put("/administrator/operators/999999/scopes", {"scopes": []})) == 810102


class TestAudit:
    async def test_the_audit_pages_and_filters(self, operator: Api) -> None:
        page = ok(await operator.get("/administrator/audit", params={"action": "login"}))
        assert page["total"] == 1 and page["items"][0]["operator_name"] == "opsroot"
        assert ok(await operator.get("/administrator/audit", params={"action": "nothing"}))["total"] == 0

    async def test_a_time_range_narrows_the_audit_and_is_checked(self, operator: Api) -> None:
        now = int(time.time() * 1000)
        hour = 3_600_000

        def total(**params: Any) -> Any:
            return operator.get("/administrator/audit", params={"action": "login", **params})

        assert ok(await total(start=now - hour, end=now + hour))["total"] == 1
        assert ok(await total(start=now + hour, end=now + 2 * hour))["total"] == 0
        assert ok(await total(start=now - 2 * hour, end=now - hour))["total"] == 0
        # Both ends or neither, in order, at most STATISTICS_RANGE_DAYS_MAX days.
        assert code(await total(start=now)) == 810107
        assert code(await total(start=now, end=now)) == 810107
        assert code(await total(start=-1, end=now)) == 810107
        assert code(await total(start=now - 400 * 24 * hour, end=now)) == 810108
