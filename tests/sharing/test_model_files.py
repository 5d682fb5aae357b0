"""A 3D model on a shared screen loads without login (docs/api-sharing.md "3D models"):
GET /yun/shared/model/{token}/{model_id}/{file} serves the .gltf and the files beside it of a gallery model that a
published screen of the link's devices shows; another model, a file the model lacks, an unknown or disabled token
answer as missing or refused, and nothing is counted as a use."""

from typing import Any

from fastapi import FastAPI

from tests.conftest import Api
from tests.devices.factories import register
from tests.resources.factories import classify
from tests.resources.test_model_in_use import showing
from tests.resources.test_models import standard, upload
from tests.sharing.conftest import MANAGE, make_link
from tests.team.conftest import other_tenant
from tests.team.factories import Team
from tests.templates.factories import make_template, ok
from tests.templates.screens.helpers import save as save_design
from tests.templates.test_publish import bind_rows

MODEL = "/api/yun/shared/model"
__all__ = ["other_tenant"]


async def shared_model(app: FastAPI, team: Team) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(the shown model, another model of the gallery, a configuration link of a device showing the first); the
    link carries the template's id and its web screen's for the test's own changes."""
    cid = await classify(team.admin)
    model = await upload(team.admin, cid, name="泵组")
    other = await upload(team.admin, cid, name="风机")
    template = await make_template(team.admin)
    screens = ok(await team.admin.get("/yun/module/view", params={"template_id": template["id"], "kind": "web"}))
    ok(await save_design(team.admin, screens[0]["id"], showing(model)))
    device = await register(team.admin, "IOTSHM01")
    await bind_rows(app, team, template["id"], device["id"])
    ok(await team.admin.post("/yun/module/publish", {"id": template["id"]}))
    link = await make_link(team.admin, [device["id"]])
    return model, other, {**link, "template_id": template["id"], "screen_id": screens[0]["id"], "device": device["id"]}


async def test_the_shown_models_files_load_without_login(app: FastAPI, team: Team) -> None:
    model, other, link = await shared_model(app, team)
    anon = team.new_api().client
    for name, data in standard():
        got = await anon.get(f"{MODEL}/{link['token']}/{model['id']}/{name}")
        assert got.status_code == 200, name
        # Textures are kept as the gallery encoded them again; the .gltf and its buffer byte for byte.
        assert got.content == data or name.endswith((".png", ".jpg")), name
    assert (
        (await anon.get(f"{MODEL}/{link['token']}/{model['id']}/pump.gltf"))
        .headers["content-type"]
        .startswith("model/gltf+json")
    )
    # Another model of the same gallery through the link, a name the model lacks: not found.
    assert (await anon.get(f"{MODEL}/{link['token']}/{other['id']}/pump.gltf")).json()["meta"]["message"] == "114501"
    assert (await anon.get(f"{MODEL}/{link['token']}/{model['id']}/x.bin")).json()["meta"]["message"] == "114501"
    # Nothing was counted: the link's uses stay as they were.
    links = ok(await team.admin.get(MANAGE))["items"]
    assert next(row for row in links if row["id"] == link["id"])["use_count"] == 0


async def test_a_token_that_does_not_open_refuses(app: FastAPI, team: Team) -> None:
    model, _, link = await shared_model(app, team)
    anon = team.new_api().client
    assert (await anon.get(f"{MODEL}/nope/{model['id']}/pump.gltf")).json()["meta"]["message"] == "118301"
    ok(await team.admin.put(MANAGE, {"id": link["id"], "use_state": 0}))
    assert (await anon.get(f"{MODEL}/{link['token']}/{model['id']}/pump.gltf")).json()["meta"]["message"] == "118305"


async def test_a_screen_no_longer_published_with_the_model_lets_it_go(app: FastAPI, team: Team) -> None:
    model, _, link = await shared_model(app, team)
    ok(await save_design(team.admin, link["screen_id"], {"schema_version": 1}))
    anon = team.new_api().client
    assert (await anon.get(f"{MODEL}/{link['token']}/{model['id']}/pump.gltf")).status_code == 200
    ok(await team.admin.post("/yun/module/publish", {"id": link["template_id"]}))
    assert (await anon.get(f"{MODEL}/{link['token']}/{model['id']}/pump.gltf")).json()["meta"]["message"] == "114501"


async def test_a_dashboard_link_serves_the_models_of_the_screens_its_cards_show(app: FastAPI, team: Team) -> None:
    model, _, link = await shared_model(app, team)
    anon = team.new_api().client

    async def dashboard_link(cards: list[dict[str, Any]]) -> str:
        board = ok(await team.admin.post("/yun/dashboard", {"name": f"wall{len(cards)}"}))
        layout = [{"i": c["id"], "x": 0, "y": 4 * n, "w": 8, "h": 4} for n, c in enumerate(cards)]
        document = {"cards": cards, "layouts": {"desktop": layout}}
        ok(await team.admin.post("/yun/dashboard/save", {"id": board["id"], "version": 1, "document": document}))
        made = ok(await team.admin.post(MANAGE, {"link_type": 2, "permission": 1, "dashboard_id": board["id"]}))
        return str(made["token"])

    showing = await dashboard_link([{"id": "c", "type": "configuration", "settings": {"device_id": link["device"]}}])
    assert (await anon.get(f"{MODEL}/{showing}/{model['id']}/pump.bin")).status_code == 200
    # A dashboard showing no device with the model: not found.
    other = await dashboard_link([{"id": "t", "type": "text", "settings": {}}, {"id": "u", "type": "time"}])
    assert (await anon.get(f"{MODEL}/{other}/{model['id']}/pump.gltf")).json()["meta"]["message"] == "114501"


async def test_a_device_transferred_away_takes_its_models_with_it(app: FastAPI, team: Team, other_tenant: Api) -> None:
    """A dashboard link whose configuration card shows a device with the model: once the device is transferred to
    another tenant, the link's creator no longer reads it, and its screens' models are no longer served."""
    model, _, link = await shared_model(app, team)
    board = ok(await team.admin.post("/yun/dashboard", {"name": "wall"}))
    card = {"id": "c", "type": "configuration", "settings": {"device_id": link["device"]}}
    document = {"cards": [card], "layouts": {"desktop": [{"i": "c", "x": 0, "y": 0, "w": 8, "h": 4}]}}
    ok(await team.admin.post("/yun/dashboard/save", {"id": board["id"], "version": 1, "document": document}))
    token = ok(await team.admin.post(MANAGE, {"link_type": 2, "permission": 1, "dashboard_id": board["id"]}))["token"]
    anon = team.new_api().client
    assert (await anon.get(f"{MODEL}/{token}/{model['id']}/pump.gltf")).status_code == 200
    ok(await team.admin.post("/dev/transfer", {"device_ids": [link["device"]], "account": "mallory"}))
    assert (await anon.get(f"{MODEL}/{token}/{model['id']}/pump.gltf")).json()["meta"]["message"] == "114501"
    assert (await anon.get(f"{MODEL}/{link['token']}/{model['id']}/pump.gltf")).json()["meta"]["message"] != "100001"
