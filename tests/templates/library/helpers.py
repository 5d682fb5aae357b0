"""Row helpers of the library tests: template users of a team and what the database holds."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.templates.models import DataSource, DataSourceGroup, TemplateShare
from tests.conftest import Api
from tests.team.factories import Team

# A role with every template page (and devices, to bind).
TEMPLATE_PERMS = ["P10000", "P30000", "P31000", "P41000", "P42000", "P43000", "P44000"]


async def template_user(team: Team, name: str, phone: str, **body: Any) -> Api:
    """A user of the team whose role holds every template page."""
    if "templaters" not in team.roles:
        await team.role("templaters", TEMPLATE_PERMS)
    await team.user(name, "templaters", phone=phone, **body)
    return await team.login(name)


async def shares(app: FastAPI) -> list[tuple[int, int, list[str]]]:
    async with app.state.db.sessionmaker() as s:
        rows = (await s.scalars(select(TemplateShare).order_by(TemplateShare.id))).all()
        return [(r.template_id, r.user_id, list(r.permissions)) for r in rows]


async def add_data_source(app: FastAPI, template_id: int, name: str, device_id: int | None = None) -> None:
    """A data source row in the template's default group (the data source endpoints are another package's)."""
    async with app.state.db.sessionmaker() as s:
        group = (
            await s.scalars(
                select(DataSourceGroup).where(
                    DataSourceGroup.template_id == template_id, DataSourceGroup.is_default.is_(True)
                )
            )
        ).one()
        s.add(
            DataSource(
                tenant_id=group.tenant_id,
                template_id=template_id,
                group_id=group.id,
                name=name,
                data_type="int16",
                area="holding",
                address=0,
                device_id=device_id,
            )
        )
        await s.commit()
