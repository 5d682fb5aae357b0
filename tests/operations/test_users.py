"""A tenant user's permissions and quotas as an operator edits them (SPEC §3 `operator_type`, `req_data`): a quota
below what is used is refused (810106), bad values 810105, unknown codes or the tenant's administrator 810113, an
unknown user 810102; every edit audited with before and after; the tenant's user meets the new quota at once."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.operations.models import OperatorAudit
from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.team.factories import Team

PATH = "/administrator/user/privilege"


def quotas(user_id: int, **values: Any) -> dict[str, Any]:
    return {"operator_type": "quotas", "req_data": {"user_id": user_id, **values}}


async def make_template(api: Api, name: str) -> dict[str, Any]:
    return await api.post("/yun/module", {"name": name})


class TestTenantsAndUsers:
    async def test_tenants_in_aggregate_users_of_one(self, site: Site, other_tenant: Api, operator: Api) -> None:
        await site.device()
        tenants = ok(await operator.get("/administrator/tenants"))
        assert tenants["total"] == 2
        mine = next(t for t in tenants["items"] if t["id"] == site.admin.tenant_id)
        assert (mine["users"], mine["devices"], mine["online"]) == (1, 1, 0)
        assert ok(await operator.get("/administrator/tenants", params={"search": "%"}))["total"] == 0
        users = ok(await operator.get("/administrator/users", params={"tenant_id": site.admin.tenant_id}))
        assert [u["user_name"] for u in users["items"]] == ["alice"]
        assert code(await operator.get("/administrator/users", params={"tenant_id": 999999})) == 810104
        assert code(await operator.get(PATH, params={"user_id": 999999})) == 810102


class TestPermissions:
    async def test_direct_codes_set_and_audited(self, app: FastAPI, team: Team, operator: Api) -> None:
        bob = await team.user("bob", phone="13700000001")
        body = ok(
            await operator.put(
                PATH, {"operator_type": "permissions", "req_data": {"user_id": bob["id"], "permissions": ["P63000"]}}
            )
        )
        # The page's ancestors come with it, as a tenant administrator's grant does.
        assert {"P63000", "P60000"} <= set(body["direct_permissions"])
        bob_api = await team.login("bob")
        config = ok(await bob_api.get("/yun/user/config"))
        assert "P63000" in str(config)
        async with app.state.db.sessionmaker() as s:
            (record,) = (await s.scalars(select(OperatorAudit).where(OperatorAudit.action == "user_permissions"))).all()
        assert record.before == {"direct_permissions": []} and "P63000" in (record.after or {})["direct_permissions"]
        assert record.tenant_id == team.admin.tenant_id and record.target_name == "bob"

    async def test_refusals(self, team: Team, operator: Api) -> None:
        bob = await team.user("bob", phone="13700000001")
        unknown = {"operator_type": "permissions", "req_data": {"user_id": bob["id"], "permissions": ["P99999"]}}
        assert code(await operator.put(PATH, unknown)) == 810113
        admin = {"operator_type": "permissions", "req_data": {"user_id": team.admin.user_id, "permissions": []}}
        assert code(await operator.put(PATH, admin)) == 810113
        assert (await operator.put(PATH, {"operator_type": "roles", "req_data": {}}))["meta"]["success"] == 0


class TestQuotas:
    async def test_a_ceiling_the_user_meets(self, team: Team, operator: Api) -> None:
        alice = team.admin
        ok(await make_template(alice, "first"))
        ok(await make_template(alice, "second"))
        view = ok(await operator.get(PATH, params={"user_id": alice.user_id}))
        assert view["used"]["template_create"] == 2 and view["granted"]["template_create"] is None
        # Below what is used: refused, the quota named, nothing changed.
        body = await operator.put(PATH, quotas(alice.user_id or 0, template_create=1))
        assert code(body) == 810106 and body["meta"]["field"] == "template_create"
        assert ok(await operator.get(PATH, params={"user_id": alice.user_id}))["granted"]["template_create"] is None
        # At what is used: the user meets it at once.
        done = ok(await operator.put(PATH, quotas(alice.user_id or 0, template_create=2)))
        assert done["granted"]["template_create"] == 2 and done["quotas"]["effective"]["template_create"] == 2
        assert code(await make_template(alice, "third")) == 100019
        # The tenant's administrator cannot set more than the operator's ceiling.
        own = await alice.put(f"/yun/userInfo/{alice.user_id}/quota", {"template_create": 3})
        assert code(own) == 100019
        # Raised above the platform's value: the administrator may use it.
        ok(await operator.put(PATH, quotas(alice.user_id or 0, template_create=60)))
        ok(await make_template(alice, "third"))

    async def test_bad_values(self, team: Team, operator: Api) -> None:
        for value in (-1, 2**31):
            body = await operator.put(PATH, quotas(team.admin.user_id or 0, screens=value))
            assert code(body) == 810105 and body["meta"]["field"] == "screens"
        assert code(await operator.put(PATH, quotas(999999, screens=1))) == 810102
