"""Data-source factories: payloads, HTTP helpers, and shares written as rows (the share endpoint belongs to the
library sub-package)."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.templates.models import DataSource, DataSourceGroup, Template, TemplateShare
from tests.conftest import Api
from tests.team.factories import Team
from tests.templates.factories import ok

PATH = "/yun/module/dataSource"
GROUPS = "/yun/module/dataSource/group"


def body(template_id: int, name: str = "温度", **fields: Any) -> dict[str, Any]:
    """A valid DataSourceIn: an int16 holding register read only."""
    return {"template_id": template_id, "name": name, "data_type": "int16", "area": "holding", "address": 0, **fields}


async def add(api: Api, template_id: int, name: str = "温度", **fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.post(PATH, body(template_id, name, **fields)))
    return data


async def listed(api: Api, template_id: int, **params: Any) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.get(PATH, params={"template_id": template_id, **params}))
    return data


async def add_group(api: Api, template_id: int, name: str) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.post(GROUPS, {"template_id": template_id, "name": name}))
    return data


async def groups(api: Api, template_id: int) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = ok(await api.get(GROUPS, params={"template_id": template_id}))
    return data


async def share_row(app: FastAPI, template_id: int, user_id: int, items: list[str]) -> None:
    """Share a template with a user by writing the row (POST /yun/module/share is another sub-package's)."""
    async with app.state.db.sessionmaker() as s:
        s.add(TemplateShare(template_id=template_id, user_id=user_id, permissions=items, shared_by=0))
        await s.commit()


async def template_user(team: Team, name: str, phone: str) -> Api:
    """A user of the team whose role holds the template pages (P41000) only."""
    if "templaters" not in team.roles:
        await team.role("templaters", ["P10000", "P41000"])
    await team.user(name, "templaters", phone=phone)
    return await team.login(name)


async def counts(app: FastAPI) -> tuple[int, int]:
    """(data sources, data source groups) stored in any tenant."""
    async with app.state.db.sessionmaker() as s:
        sources = int((await s.execute(select(func.count(DataSource.id)))).scalar_one())
        grouped = int((await s.execute(select(func.count(DataSourceGroup.id)))).scalar_one())
        return sources, grouped


async def version(app: FastAPI, template_id: int) -> int:
    async with app.state.db.sessionmaker() as s:
        return int((await s.execute(select(Template.version).where(Template.id == template_id))).scalar_one())
