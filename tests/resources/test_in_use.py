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


def _spellings(url: str) -> dict[str, str]:
    """The same file's URL as a document may spell it (`url` is the one the gallery gave: /api/yun/...)."""
    path = url.removeprefix("/api")
    key_file = url.rsplit("/", 1)[1]
    encoded = "".join(f"%{b:02X}" for b in key_file.encode())
    return {
        "as_given": url,
        "dot_segment": url.replace("/file/", "/./file/"),
        "parent_segment": url.replace("/file/", "/x/../file/"),
        "relative_parents": "../../api" + path,
        "percent_encoded_name": url.rsplit("/", 1)[0] + "/" + encoded,
        "percent_encoded_route": url.replace("resourcesInfo", "resources%49nfo").replace("/file/", "/%66ile/"),
        "double_percent_encoded": url.rsplit("/", 1)[0] + "/" + encoded.replace("%", "%25"),
        "query_and_fragment": url + "?v=2&t=1#top",
        "doubled_slashes": url.replace("/yun/", "//yun//").replace("/file/", "/file//"),
        "host_case": "HTTPS://IoT.Example.COM" + url,
        "backslashes": url.replace("/", "\\"),
        "css_url": f'url("{url}") no-repeat',
    }


SPELLINGS = list(_spellings("/api/yun/resourcesInfo/file/K.png"))


@pytest.mark.parametrize("spelling", SPELLINGS)
async def test_in_use_however_the_url_is_spelled(team: Team, spelling: str) -> None:
    image = await upload(team.admin, await classify(team.admin))
    url = _spellings(image["url"])[spelling]
    screen = await main_screen(team.admin)
    element = {"id": "e1", "type": "image", "settings": {"source": {"src": url}}}
    ok(await save_design(team.admin, screen, {"schema_version": 1, "elements": [element]}))
    assert code(await team.admin.call("DELETE", PATH, params={"id": image["id"]})) == 114013


async def test_spellings_that_reach_another_file_do_not_hold_it(team: Team) -> None:
    cid = await classify(team.admin)
    image = await upload(team.admin, cid, name="a")
    url = image["url"]
    key = url.rsplit("/", 1)[1].split(".")[0]
    others = [
        url + "/..",  # the route's folder, not the file
        url.replace(key, key[:-1] + ("A" if key[-1] != "A" else "B")),  # another key (keys are case-sensitive)
        url.replace("/file/", "/model/file/"),  # another route
        key + ".png",  # a bare name, relative to the page
    ]
    screen = await main_screen(team.admin)
    elements = [{"id": f"e{i}", "type": "image", "settings": {"source": {"src": u}}} for i, u in enumerate(others)]
    ok(await save_design(team.admin, screen, {"schema_version": 1, "elements": elements}))
    assert code(await team.admin.call("DELETE", PATH, params={"id": image["id"]})) == 100001


def test_stored_name_of_each_spelling() -> None:
    from iotyun.resources.storage import names_file, stored_name

    key = "a" * 31 + "Z"
    url = f"/api/yun/resourcesInfo/file/{key}.png"
    for spelling, text in _spellings(url).items():
        assert names_file(text, key, "png"), spelling
    assert stored_name(url) == (key, "png")
    assert stored_name(url.replace(key, key.lower())) == (key.lower(), "png") != (key, "png")
    assert stored_name("javascript:alert(1)") is None and stored_name("http://[::1") is None
