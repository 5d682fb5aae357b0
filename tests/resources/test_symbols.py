"""The tenant symbol library (docs/api-resources.md "Symbols"): import sanitised with what was stripped, parts
marked among the server's ids, names unique, tenant isolation, the quota, and no deletion while a screen shows it."""

from typing import Any

from tests.conftest import Api, code
from tests.resources.test_in_use import main_screen
from tests.team.factories import Team
from tests.templates.factories import ok
from tests.templates.screens.helpers import save as save_design

PATH = "/yun/resourcesInfo/symbol"
TANK = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 60" onload="alert(1)">'
    b'<script>alert(document.cookie)</script><rect id="shell" width="40" height="60" fill="#ccc"/>'
    b'<rect id="level" y="30" width="40" height="30" fill="#39f"/></svg>'
)


async def send(api: Api, data: bytes = TANK, name: str = "储罐", category: str = "tank") -> dict[str, Any]:
    form = {"name": name, "category": category}
    return await api.call("POST", PATH, data=form, files={"file": ("t.svg", data, "image/svg+xml")})


async def imported(api: Api, **kw: Any) -> dict[str, Any]:
    symbol: dict[str, Any] = ok(await send(api, **kw))["symbol"]
    return symbol


async def test_import_keeps_the_drawing_strips_the_script_and_says_so(team: Team, api: Api) -> None:
    answer = ok(await send(team.admin))
    kinds = {(s["kind"], s["name"]) for s in answer["stripped"]}
    assert kinds == {("attribute", "onload"), ("element", "script")}
    symbol = answer["symbol"]
    assert symbol["elements"] == [["n1", "rect"], ["n2", "rect"]] and symbol["parts"] == []
    served = await api.client.get(symbol["url"])
    assert served.status_code == 200 and served.headers["content-type"].startswith("image/svg+xml")
    assert "sandbox" in served.headers["content-security-policy"]
    assert "script" not in served.text and "onload" not in served.text
    again = await api.client.get(symbol["url"], headers={"If-None-Match": served.headers["etag"]})
    assert again.status_code == 304


async def test_preview_keeps_nothing(team: Team) -> None:
    preview = ok(await team.admin.call("POST", f"{PATH}/preview", files={"file": ("t.svg", TANK, "image/svg+xml")}))
    assert preview["symbol"] is None and "<script" not in preview["svg"]
    assert ok(await team.admin.get(PATH))["total"] == 0


async def test_refusals_change_nothing(team: Team) -> None:
    assert code(await send(team.admin, b"<!DOCTYPE svg [<!ENTITY a 'x'>]><svg/>")) == 114021
    assert code(await send(team.admin, b"GIF89a")) == 114020
    assert code(await send(team.admin, name=" ")) == 114026
    assert code(await send(team.admin, name="x" * 21)) == 114026
    await imported(team.admin)
    assert code(await send(team.admin)) == 114027
    assert ok(await team.admin.get(PATH))["total"] == 1


async def test_parts_are_marked_among_the_servers_ids_and_served_in_order(team: Team, api: Api) -> None:
    symbol = await imported(team.admin)
    parts = [{"id": "n2", "zh": "液位", "en": "Level"}, {"id": "n1", "zh": "罐体"}]
    updated = ok(await team.admin.put(PATH, {"id": symbol["id"], "parts": parts, "name": "罐", "category": "other"}))
    assert updated["parts"] == [{"id": "n2", "zh": "液位", "en": "Level"}, {"id": "n1", "zh": "罐体", "en": ""}]
    assert updated["name"] == "罐" and updated["category"] == "other"
    assert 'data-iot-parts="n2 n1"' in (await api.client.get(symbol["url"])).text
    for bad in (
        [{"id": "n9", "zh": "x"}],
        [{"id": "n1", "zh": "x"}, {"id": "n1", "en": "y"}],
        [{"id": "n1"}],
        [{"id": "n1", "zh": "x" * 21}],
        [{"id": 'n1" onload="x', "zh": "x"}],
    ):
        assert code(await team.admin.put(PATH, {"id": symbol["id"], "parts": bad})) == 114028
    assert ok(await team.admin.get(f"{PATH}/detail", params={"id": symbol["id"]}))["parts"] == updated["parts"]


async def test_another_tenant_cannot_see_mark_or_delete_it(team: Team, other_tenant: Api) -> None:
    symbol = await imported(team.admin)
    assert ok(await other_tenant.get(PATH))["total"] == 0
    assert code(await other_tenant.get(f"{PATH}/detail", params={"id": symbol["id"]})) == 114025
    assert code(await other_tenant.put(PATH, {"id": symbol["id"], "name": "mine"})) == 114025
    assert code(await other_tenant.call("DELETE", PATH, params={"id": symbol["id"]})) == 114025
    # The same name is free in another tenant.
    await imported(other_tenant)
    assert ok(await team.admin.get(f"{PATH}/detail", params={"id": symbol["id"]}))["name"] == "储罐"


async def test_in_use_until_the_screen_lets_it_go(team: Team, api: Api) -> None:
    symbol = await imported(team.admin)
    screen = await main_screen(team.admin)
    element = {
        "id": "e1",
        "type": "symbol",
        "settings": {"symbol": f"tenant:{symbol['id']}", "symbolUrl": symbol["url"], "parts": []},
    }
    ok(await save_design(team.admin, screen, {"schema_version": 1, "elements": [element]}))
    assert code(await team.admin.call("DELETE", PATH, params={"id": symbol["id"]})) == 114511
    ok(await save_design(team.admin, screen, {"schema_version": 1}))
    ok(await team.admin.call("DELETE", PATH, params={"id": symbol["id"]}))
    assert (await api.client.get(symbol["url"])).json()["meta"]["message"] == "114025"


async def test_symbols_count_in_the_gallery_quota(team: Team) -> None:
    ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"gallery_mb": 1}))
    filler = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="' + b"M0 0" * 100_000 + b'"/></svg>'
    for i in range(2):
        ok(await send(team.admin, filler, name=f"f{i}"))
    assert code(await send(team.admin, filler, name="f2")) == 114012
    usage = ok(await team.admin.get("/yun/resourcesInfo/usage"))
    assert usage["used_bytes"] <= usage["quota_bytes"]
