"""Data-source and data-source-group SELECTs. A template is read through a share from any tenant, so every
statement here opts out of the session's tenant criteria: callers reach a template only through
templates.access, which decides who reads it."""

from collections.abc import Collection
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.pagination import LIKE_ESCAPE, PageParams, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices import scope
from iotyun.devices.models import Device
from iotyun.templates.models import DataSource, DataSourceGroup

_ALL = {ALL_TENANTS: True}


def _listed(template_id: int) -> Select[DataSource, str]:
    """Data sources of a template with their group names, by group (default first, then sort) then sort."""
    return (
        select(DataSource, DataSourceGroup.name)
        .join(DataSourceGroup, DataSourceGroup.id == DataSource.group_id)
        .where(DataSource.template_id == template_id)
        .order_by(
            DataSourceGroup.is_default.desc(),
            DataSourceGroup.sort,
            DataSourceGroup.id,
            DataSource.sort,
            DataSource.id,
        )
        .execution_options(**_ALL)
    )


async def data_sources_page(
    session: AsyncSession,
    template_id: int,
    params: PageParams,
    *,
    q: str | None,
    group_id: int | None,
    data_type: str | None,
) -> tuple[list[tuple[DataSource, str]], int]:
    stmt = _listed(template_id)
    if q:
        stmt = stmt.where(func.lower(DataSource.name).like(like_pattern(q.lower()), escape=LIKE_ESCAPE))
    if group_id is not None:
        stmt = stmt.where(DataSource.group_id == group_id)
    if data_type:
        stmt = stmt.where(DataSource.data_type == data_type)
    count = stmt.with_only_columns(func.count(DataSource.id)).order_by(None)
    total = int((await session.execute(count)).scalar_one())
    page = stmt.limit(params.page_size).offset((params.page - 1) * params.page_size)
    return [(ds, str(name)) for ds, name in (await session.execute(page)).all()], total


async def all_data_sources(session: AsyncSession, template_id: int) -> list[tuple[DataSource, str]]:
    return [(ds, str(name)) for ds, name in (await session.execute(_listed(template_id))).all()]


async def data_source(session: AsyncSession, data_source_id: int) -> DataSource | None:
    stmt = select(DataSource).where(DataSource.id == data_source_id).execution_options(**_ALL)
    return (await session.execute(stmt)).scalar_one_or_none()


async def data_sources_of(session: AsyncSession, template_id: int, ids: Collection[int]) -> list[DataSource]:
    stmt = (
        select(DataSource)
        .where(DataSource.template_id == template_id, DataSource.id.in_(list(ids)))
        .execution_options(**_ALL)
    )
    return list((await session.execute(stmt)).scalars().all())


async def data_source_named(session: AsyncSession, template_id: int, name: str) -> DataSource | None:
    stmt = (
        select(DataSource)
        .where(DataSource.template_id == template_id, DataSource.name == name)
        .execution_options(**_ALL)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def next_sort(session: AsyncSession, column: Any, template_column: Any, template_id: int) -> int:
    stmt = select(func.max(column)).where(template_column == template_id).execution_options(**_ALL)
    found = (await session.execute(stmt)).scalar_one_or_none()
    return 0 if found is None else int(found) + 1


async def next_data_source_sort(session: AsyncSession, template_id: int) -> int:
    return await next_sort(session, DataSource.sort, DataSource.template_id, template_id)


async def next_group_sort(session: AsyncSession, template_id: int) -> int:
    return await next_sort(session, DataSourceGroup.sort, DataSourceGroup.template_id, template_id)


async def groups_with_counts(session: AsyncSession, template_id: int) -> list[tuple[DataSourceGroup, int]]:
    counts = (
        select(DataSource.group_id, func.count(DataSource.id).label("n"))
        .where(DataSource.template_id == template_id)
        .group_by(DataSource.group_id)
        .subquery()
    )
    stmt = (
        select(DataSourceGroup, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.group_id == DataSourceGroup.id)
        .where(DataSourceGroup.template_id == template_id)
        .order_by(DataSourceGroup.is_default.desc(), DataSourceGroup.sort, DataSourceGroup.id)
        .execution_options(**_ALL)
    )
    return [(g, int(n)) for g, n in (await session.execute(stmt)).all()]


async def group(session: AsyncSession, group_id: int) -> DataSourceGroup | None:
    stmt = select(DataSourceGroup).where(DataSourceGroup.id == group_id).execution_options(**_ALL)
    return (await session.execute(stmt)).scalar_one_or_none()


async def group_named(session: AsyncSession, template_id: int, name: str) -> DataSourceGroup | None:
    stmt = (
        select(DataSourceGroup)
        .where(DataSourceGroup.template_id == template_id, DataSourceGroup.name == name)
        .execution_options(**_ALL)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def default_group(session: AsyncSession, template_id: int) -> DataSourceGroup | None:
    stmt = (
        select(DataSourceGroup)
        .where(DataSourceGroup.template_id == template_id, DataSourceGroup.is_default.is_(True))
        .order_by(DataSourceGroup.id)
        .limit(1)
        .execution_options(**_ALL)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def group_count(session: AsyncSession, group_id: int) -> int:
    stmt = select(func.count(DataSource.id)).where(DataSource.group_id == group_id).execution_options(**_ALL)
    return int((await session.execute(stmt)).scalar_one())


async def device_sns(session: AsyncSession, ids: Collection[int]) -> dict[int, str]:
    """SNs of the devices data sources name (whoever reads the template sees which device a variable reads)."""
    if not ids:
        return {}
    stmt = select(Device.id, Device.sn).where(Device.id.in_(list(ids))).execution_options(**_ALL)
    return {int(i): str(sn) for i, sn in (await session.execute(stmt)).all()}


async def readable_device_of_sn(session: AsyncSession, actor: Actor, sn: str) -> Device | None:
    """The registered device of an SN, when the caller reads it."""
    stmt = (await scope.readable(session, actor)).where(Device.sn == sn, Device.registered.is_(True))
    found: Device | None = (await session.execute(stmt.limit(1))).scalar_one_or_none()
    return found
