"""The demo gallery's 3D models (iotyun/demo/models.py): the pump skid, the tank and the fan in the administrator's
"3D 模型" classification, stored through the upload's own service (so counted in the gallery usage) and served
beside their .gltf, seeded once however often the seed runs."""

import json
from pathlib import Path

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.auth.models import User
from iotyun.demo import models as model_demo
from tests.devices.factories import ok
from tests.team.factories import Team


async def test_demo_models_seeded_once(app: FastAPI, team: Team) -> None:
    tenant_id = team.admin.tenant_id or 0
    data_dir: Path = app.state.settings.data_dir  # where the server reads the files the seed writes
    async with app.state.db.sessionmaker() as s:
        admin = (await s.scalars(select(User).where(User.id == team.admin.user_id))).one()
        for _ in range(2):  # the second run adds nothing
            await model_demo.seed(s, tenant_id, {"admin": admin}, data_dir)
            await s.commit()
    classes = [c for c in ok(await team.admin.get("/yun/resourcesClassify")) if c["name"] == model_demo.CLASSIFICATION]
    assert [c["model_count"] for c in classes] == [3]
    models = ok(await team.admin.get("/yun/resourcesInfo/model", params={"classify_id": classes[0]["id"]}))["items"]
    assert sorted(m["name"] for m in models) == sorted(["泵组", "储罐", "风机"])
    usage = ok(await team.admin.get("/yun/resourcesInfo/usage"))
    assert usage["used_bytes"] == sum(m["size_bytes"] for m in models) > 0
    tank = next(m for m in models if m["name"] == "储罐")
    headers = team.admin._headers()
    gltf = await team.admin.client.get(tank["url"], headers=headers)
    assert gltf.status_code == 200, tank["url"]
    doc = json.loads(gltf.content)
    assert [n["name"] for n in doc["nodes"][1:]] == ["shell", "level", "roof", "ladder"]
    bin_url = next(f["url"] for f in tank["files"] if f["name"].endswith(".bin"))
    data = await team.admin.client.get(bin_url, headers=headers)
    assert len(data.content) == doc["buffers"][0]["byteLength"]


async def test_the_boilers_3d_view_shows_the_demo_models_bound_to_its_values(app: FastAPI, team: Team) -> None:
    """Seeded as the demo seeds (the models before the templates): the boiler's published screens hold its 3D view,
    the tank's level driven by 液位, the pump skid coloured by 燃烧器 and the fan turning with it; a model it shows
    is then in use (114508)."""
    from iotyun.demo import devices as device_demo
    from iotyun.demo import templates as template_demo
    from iotyun.demo.screens import MODEL_SCREEN_NAME

    tenant_id = team.admin.tenant_id or 0
    async with app.state.db.sessionmaker() as s:
        admin = (await s.scalars(select(User).where(User.id == team.admin.user_id))).one()
        users = {"admin": admin}
        await device_demo.seed(s, tenant_id, users)
        await model_demo.seed(s, tenant_id, users, app.state.settings.data_dir)
        await template_demo.seed(s, tenant_id, users)
        await s.commit()
    models = {m["name"]: m for m in ok(await team.admin.get("/yun/resourcesInfo/model"))["items"]}
    boiler = next(t for t in ok(await team.admin.get("/yun/module"))["items"] if t["name"] == "锅炉监控")
    sources = ok(await team.admin.get("/yun/module/dataSource", params={"template_id": boiler["id"]}))["items"]
    names = {ds["id"]: ds["name"] for ds in sources}
    device = next(d for d in ok(await team.admin.get("/dev", params={"q": "IOT0000009"}))["items"])
    shown = ok(await team.admin.get("/yun/v2/rDev/screens", params={"device_id": device["id"]}))
    view = next(sc for sc in shown["screens"] if sc["name"] == MODEL_SCREEN_NAME)
    elements = [e for e in view["document"]["elements"] if e["type"] == "model3d"]
    by_model = {e["settings"]["model_id"]: e for e in elements}
    tank, pump, fan = (by_model[models[n]["id"]] for n in ("储罐", "泵组", "风机"))
    assert (
        tank["settings"]["drives"][0]["node"] == "level"
        and names[tank["bindings"]["drive_1"]["data_source_id"]] == "液位"
    )
    assert (
        pump["settings"]["meshes"] == ["motor", "pump"]
        and names[pump["bindings"]["value"]["data_source_id"]] == "燃烧器"
    )
    assert pump["states"]["items"][1]["backgroundColor"]
    assert (
        fan["settings"]["spins"][0]["node"] == "blades"
        and names[fan["bindings"]["spin_1"]["data_source_id"]] == "燃烧器"
    )
    refused = await team.admin.call("DELETE", "/yun/resourcesInfo/model", params={"id": models["风机"]["id"]})
    assert refused["meta"]["message"] == "114508"
