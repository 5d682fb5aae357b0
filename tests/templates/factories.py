"""Template factories: templates made, bound and shared over HTTP, and what the template log holds."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.templates.models import TemplateLog
from tests.conftest import Api


async def make_template(api: Api, name: str = "水泵站", **body: Any) -> dict[str, Any]:
    """A template made over HTTP (POST /yun/module); fails the test when refused."""
    resp = await api.post("/yun/module", {"name": name, **body})
    assert resp["meta"]["success"] == 1, resp
    data: dict[str, Any] = resp["data"]
    return data


async def bind(api: Api, template_id: int, *device_ids: int) -> dict[str, Any]:
    """Bind devices to a template (POST /yun/module/bind, the binding sub-package)."""
    return await api.post("/yun/module/bind", {"template_id": template_id, "device_ids": list(device_ids)})


async def share_template(api: Api, template_id: int, account: str, permissions: list[str]) -> dict[str, Any]:
    """Share a template (POST /yun/module/share, the library sub-package)."""
    return await api.post(
        "/yun/module/share", {"template_ids": [template_id], "accounts": [account], "permissions": permissions}
    )


async def template_logs(app: FastAPI, template_id: int) -> list[str]:
    async with app.state.db.sessionmaker() as s:
        stmt = select(TemplateLog.action).where(TemplateLog.template_id == template_id).order_by(TemplateLog.id)
        return list((await s.scalars(stmt)).all())


def ok(resp: dict[str, Any]) -> Any:
    assert resp["meta"]["success"] == 1, resp
    return resp["data"]
