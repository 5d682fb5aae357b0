"""The demo templates (iotyun/templates/demo.py) as the console and a demo gateway then see them."""

from collections.abc import Callable

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.auth.models import User
from iotyun.devices import demo as device_demo
from iotyun.templates import demo as template_demo
from tests.conftest import Api
from tests.team.conftest import Team
from tests.templates.conftest import ok


async def test_demo_template_is_published_to_two_gateways(app: FastAPI, team: Team, new_api: Callable[[], Api]) -> None:
    async with app.state.db.sessionmaker() as s:
        admin = (await s.execute(select(User).where(User.id == team.admin.user_id))).scalar_one()
        users = {"admin": admin}
        await device_demo.seed(s, team.admin.tenant_id or 0, users)
        await template_demo.seed(s, team.admin.tenant_id or 0, users)
        await s.commit()
    listed = {t["name"]: t for t in ok(await team.admin.get("/yun/module"))["items"]}
    assert set(listed) == {"空压机监控", "配电监控"}
    compressor = listed["空压机监控"]
    assert (compressor["published"], compressor["bound_count"], compressor["data_source_count"]) == (True, 2, 7)
    assert listed["配电监控"]["published"] is False
    gateway = new_api()
    got = ok(
        await gateway.get(
            "/dev/config", params={"sn_code": "IOT0000001"}, headers={"X-Device-Secret": device_demo.DEMO_SECRET}
        )
    )
    assert len(got["data_sources"]) == 7 and {g["name"] for g in got["groups"]} >= {"运行", "电气", "状态"}
    mid = ok(await team.admin.get("/yun/module/middleware", params={"id": compressor["id"]}))
    assert [h["action"] for h in mid["history"]] == ["publish", "create"]
