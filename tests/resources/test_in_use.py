"""An image a screen still shows is not deleted (114013): the canvas background, a state's imgUrl or an element's
setting, in a screen as designed or as published."""

from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from tests.conftest import Api, code
from tests.devices.factories import register
from tests.resources.factories import classify, upload
from tests.team.factories import Team
from tests.templates.factories import make_template, ok
from tests.templates.screens.helpers import save as save_design
from tests.templates.test_publish import bind_rows

PATH = "/yun/resourcesInfo"


def document(url: str, where: str) -> dict[str, Any]:
    element: dict[str, Any] = {"id": "e1", "type": "image"}
    canvas: dict[str, Any] = {}
    if where == "background":
        canvas = {"background": {"image": url}}
    elif where == "state":
        element = {
            "id": "e1",
            "type": "indicator",
            "states": {"items": [{"min": 0, "max": 0}, {"min": 1, "max": 1, "imgUrl": url}]},
        }
    else:
        element["settings"] = {"source": {"src": "https://cdn.example.com" + url}}
    return {"schema_version": 1, "canvas": canvas, "elements": [element]}


async def main_screen(api: Api) -> int:
    template = await make_template(api)
    screens = ok(await api.get("/yun/module/view", params={"template_id": template["id"], "kind": "web"}))
    return int(screens[0]["id"])


@pytest.mark.parametrize("where", ["background", "state", "settings"])
async def test_in_use_until_the_screen_lets_it_go(team: Team, api: Api, tmp_path: Path, where: str) -> None:
    image = await upload(team.admin, await classify(team.admin))
    # The app's data dir is the test's tmp_path (tests/conftest.py make_settings).
    stored = list((tmp_path / "gallery").rglob("*.png"))
    assert len(stored) == 1
    screen = await main_screen(team.admin)
    ok(await save_design(team.admin, screen, document(image["url"], where)))
    assert code(await team.admin.call("DELETE", PATH, params={"id": image["id"]})) == 114013
    ok(await save_design(team.admin, screen, {"schema_version": 1}))
    assert stored[0].exists()
    assert code(await team.admin.call("DELETE", PATH, params={"id": image["id"]})) == 100001
    assert not stored[0].exists()
    assert (await api.client.get(image["url"])).json()["meta"]["message"] == "114001"


async def test_a_text_mentioning_another_key_does_not_hold_it(team: Team) -> None:
    cid = await classify(team.admin)
    image = await upload(team.admin, cid, name="a")
    kept = await upload(team.admin, cid, name="b")
    screen = await main_screen(team.admin)
    ok(await save_design(team.admin, screen, document(kept["url"], "state")))
    assert code(await team.admin.call("DELETE", PATH, params={"id": image["id"]})) == 100001


async def test_the_current_publication_holds_it_after_the_draft_lets_it_go(app: FastAPI, team: Team) -> None:
    image = await upload(team.admin, await classify(team.admin))
    template = await make_template(team.admin)
    screens = ok(await team.admin.get("/yun/module/view", params={"template_id": template["id"], "kind": "web"}))
    ok(await save_design(team.admin, screens[0]["id"], document(image["url"], "background")))
    device = await register(team.admin, "IOTGAL01")
    await bind_rows(app, team, template["id"], device["id"])
    ok(await team.admin.post("/yun/module/publish", {"id": template["id"]}))
    ok(await save_design(team.admin, screens[0]["id"], {"schema_version": 1}))
    # The running devices still show the published screen.
    assert code(await team.admin.call("DELETE", PATH, params={"id": image["id"]})) == 114013
    ok(await team.admin.post("/yun/module/publish", {"id": template["id"]}))
    assert code(await team.admin.call("DELETE", PATH, params={"id": image["id"]})) == 100001
