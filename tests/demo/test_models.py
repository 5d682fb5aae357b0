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
