"""Account cancellation asks each domain that keeps a tenant's rows (team.hooks): devices, virtual devices and
templates each hold the account open with their own code until they are gone, and nothing is deleted meanwhile."""

from typing import Any

from tests.conftest import Api, code
from tests.team.factories import Team
from tests.templates.factories import make_template, ok

VIRTUAL = "/yun/dev/fictitious"


async def cancel(api: Api) -> dict[str, Any]:
    return await api.post("/user/cancel", {"password": "secret123"})


async def test_virtual_devices_and_templates_hold_the_account(team: Team) -> None:
    admin = team.admin
    for user in ("bob", "carl"):
        found = ok(await admin.get("/yun/userInfo", params={"q": user}))["items"]
        for row in found:
            await admin.call("DELETE", "/yun/userInfo", params={"id": row["id"]})
    vd = ok(await admin.post(VIRTUAL, {"name": "pump"}))
    template = await make_template(admin)
    # Both hold it: the lower code (virtual devices) answers first, as the catalogue orders them.
    assert code(await cancel(admin)) == 110321
    await admin.call("DELETE", VIRTUAL, params={"id": vd["id"]})
    assert code(await cancel(admin)) == 110322
    assert ok(await admin.get("/yun/module/middleware", params={"id": template["id"]}))
    await admin.call("DELETE", "/yun/module", params={"id": template["id"]})
    assert (await cancel(admin))["meta"]["success"] == 1
