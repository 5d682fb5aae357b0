"""A gallery 3D model a screen shows is not deleted (114508): a `model3d` element naming it in a screen as designed
or as published holds it; another model's element, or the screen letting it go, does not."""

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.resources import hooks
from tests.conftest import code
from tests.devices.factories import register
from tests.resources.factories import classify
from tests.resources.test_in_use import main_screen
from tests.resources.test_models import PATH, upload
from tests.team.factories import Team
from tests.templates.factories import make_template, ok
from tests.templates.screens.helpers import save as save_design
from tests.templates.test_publish import bind_rows


def showing(model: dict[str, Any]) -> dict[str, Any]:
    element = {
        "id": "m1",
        "type": "model3d",
        "settings": {"model_id": model["id"], "model_url": model["url"], "meshes": ["motor"]},
    }
    return {"schema_version": 1, "elements": [element]}


async def test_a_screen_showing_the_model_holds_it(team: Team, tmp_path: Path) -> None:
    model = await upload(team.admin, await classify(team.admin))
    screen = await main_screen(team.admin)
    ok(await save_design(team.admin, screen, showing(model)))
    refused = await team.admin.call("DELETE", PATH, params={"id": model["id"]})
    assert code(refused) == 114508 and refused["meta"]["field"] == "id"
    assert list((tmp_path / "gallery" / "models").rglob("*.gltf"))  # nothing removed
    ok(await save_design(team.admin, screen, {"schema_version": 1}))
    assert code(await team.admin.call("DELETE", PATH, params={"id": model["id"]})) == 100001
    assert not list((tmp_path / "gallery" / "models").rglob("*.gltf"))


async def test_another_models_element_does_not_hold_it(team: Team) -> None:
    cid = await classify(team.admin)
    model = await upload(team.admin, cid, name="a")
    kept = await upload(team.admin, cid, name="b")
    screen = await main_screen(team.admin)
    ok(await save_design(team.admin, screen, showing(kept)))
    assert code(await team.admin.call("DELETE", PATH, params={"id": model["id"]})) == 100001
    assert code(await team.admin.call("DELETE", PATH, params={"id": kept["id"]})) == 114508


async def test_the_current_publication_holds_it(app: FastAPI, team: Team) -> None:
    model = await upload(team.admin, await classify(team.admin))
    template = await make_template(team.admin)
    screens = ok(await team.admin.get("/yun/module/view", params={"template_id": template["id"], "kind": "web"}))
    ok(await save_design(team.admin, screens[0]["id"], showing(model)))
    device = await register(team.admin, "IOTM3D01")
    await bind_rows(app, team, template["id"], device["id"])
    ok(await team.admin.post("/yun/module/publish", {"id": template["id"]}))
    ok(await save_design(team.admin, screens[0]["id"], {"schema_version": 1}))
    # The running devices still show the published screen.
    assert code(await team.admin.call("DELETE", PATH, params={"id": model["id"]})) == 114508
    ok(await team.admin.post("/yun/module/publish", {"id": template["id"]}))
    assert code(await team.admin.call("DELETE", PATH, params={"id": model["id"]})) == 100001


async def test_a_dashboard_answering_in_use_holds_it(team: Team) -> None:
    """The parts above the gallery answer through resources/hooks.py `model_in_use` (asked with the model's tenant
    and id); one answering yes holds the model."""
    model = await upload(team.admin, await classify(team.admin))
    asked: list[tuple[int, int]] = []

    async def shows(_session: AsyncSession, tenant_id: int, model_id: int) -> bool:
        asked.append((tenant_id, model_id))
        return True

    hooks.model_in_use.connect(shows)
    try:
        assert code(await team.admin.call("DELETE", PATH, params={"id": model["id"]})) == 114508
    finally:
        hooks.model_in_use.disconnect(shows)
    assert asked == [(team.admin.tenant_id, model["id"])]
    assert code(await team.admin.call("DELETE", PATH, params={"id": model["id"]})) == 100001
