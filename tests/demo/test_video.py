"""The demo's video and 3D dashboard (iotyun/demo/video.py, demo/dashboards.py `boiler_3d`; issue 38): with the
local video cloud the demo tenant's account is bound already, the boiler template names two of its cameras as its
slots, and "锅炉房 3D" shows the gallery's demo models bound to the boiler's values beside those two cameras; seeded
once, and a demo seeded before them gets them (the top-up)."""

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.auth.models import User
from iotyun.dashboards.models import Dashboard
from iotyun.demo import dashboards as dashboard_demo
from iotyun.demo import devices as device_demo
from iotyun.demo import models as model_demo
from iotyun.demo import reports as report_demo
from iotyun.demo import templates as template_demo
from iotyun.demo import video as video_demo
from tests.devices.factories import ok
from tests.team.factories import Team


async def test_the_demo_plays_video_and_shows_the_boiler_in_3d(app: FastAPI, team: Team) -> None:
    tenant_id = team.admin.tenant_id or 0
    settings = app.state.settings
    async with app.state.db.sessionmaker() as s:
        admin = (await s.scalars(select(User).where(User.id == team.admin.user_id))).one()
        users = {"admin": admin}
        await device_demo.seed(s, tenant_id, users)
        await model_demo.seed(s, tenant_id, users, settings.data_dir)
        await template_demo.seed(s, tenant_id, users)
        await report_demo.seed(s, tenant_id, users)
        for _ in range(2):  # the second run adds nothing
            await video_demo.seed(s, tenant_id, users, settings)
            await dashboard_demo.seed(s, tenant_id, users)
            await s.commit()
        assert (await s.execute(select(func.count()).select_from(Dashboard))).scalar_one() == 3
    a = team.admin
    # The account is bound, its secret never answered; its cameras and the boiler's slots play the demo stream.
    account = ok(await a.get("/third/party/account"))
    assert (account["provider"], account["app_key"]) == ("local", video_demo.APP_KEY)
    assert video_demo.APP_SECRET not in str(account)
    assert len(ok(await a.get("/third/party/cameras"))) == 3
    boiler = next(t for t in ok(await a.get("/yun/module"))["items"] if t["name"] == video_demo.BOILER_TEMPLATE)
    slots = ok(await a.get("/yun/module/video", params={"template_id": boiler["id"]}))["cameras"]
    assert [c["name"] for c in slots] == ["锅炉房入口", "燃烧器观察口"]
    live = ok(await a.get("/third/party/live", params={"serial": slots[1]["serial"], "channel": slots[1]["channel"]}))
    assert live["url"].startswith("/api/video/demo/live.m3u8")

    # The 3D dashboard: the three models bound to the boiler's 燃烧器 and 液位, and its two camera slots.
    board = next(d for d in ok(await a.get("/yun/dashboard")) if d["name"] == dashboard_demo.BOILER_3D)
    cards = {
        c["id"]: c for c in ok(await a.get("/yun/dashboard/detail", params={"id": board["id"]}))["document"]["cards"]
    }
    sources = ok(await a.get("/yun/module/dataSource", params={"template_id": boiler["id"]}))["items"]
    names = {ds["id"]: ds["name"] for ds in sources}
    device = ok(await a.get("/dev", params={"q": "IOT0000009"}))["items"][0]
    models = {m["id"]: m["name"] for m in ok(await a.get("/yun/resourcesInfo/model"))["items"]}
    shown = {}
    for key in ("fan", "pump", "tank"):
        settings_ = cards[key]["settings"]
        assert settings_["device_id"] == device["id"]
        shown[models[settings_["model"]["model_id"]]] = {
            k: names[b["data_source_id"]] for k, b in settings_["bindings"].items()
        }
    assert shown == {"风机": {"spin_1": "燃烧器"}, "泵组": {"value": "燃烧器"}, "储罐": {"drive_1": "液位"}}
    assert [(cards[k]["settings"]["source"], cards[k]["settings"]["slot"]) for k in ("gate", "burner")] == [
        ("slot", 0),
        ("slot", 1),
    ]
    layout = ok(await a.get("/yun/dashboard/detail", params={"id": board["id"]}))["document"]["layouts"]
    assert all(p["y"] + p["h"] <= 36 for p in layout["desktop"]) and len(layout["mobile"]) == 6
