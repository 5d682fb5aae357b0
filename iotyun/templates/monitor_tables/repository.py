"""Monitoring-table SELECTs. A template is reached through a share from any tenant, so every statement here opts out
of the session's tenant criteria: callers reach a table only through its template (templates.access), which
decides who reads it."""

from collections.abc import Collection

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.tenancy import ALL_TENANTS
from iotyun.templates.models import DataSource, DataSourceGroup, MonitorTable

_ALL = {ALL_TENANTS: True}


async def tables_of(session: AsyncSession, template_id: int) -> list[MonitorTable]:
    stmt = (
        select(MonitorTable)
        .where(MonitorTable.template_id == template_id)
        .order_by(MonitorTable.sort, MonitorTable.id)
        .execution_options(**_ALL)
    )
    return list((await session.execute(stmt)).scalars())


async def table(session: AsyncSession, table_id: int) -> MonitorTable | None:
    stmt = select(MonitorTable).where(MonitorTable.id == table_id).execution_options(**_ALL)
    return (await session.execute(stmt)).scalar_one_or_none()


async def count_and_last_sort(session: AsyncSession, template_id: int) -> tuple[int, int]:
    stmt = (
        select(func.count(), func.max(MonitorTable.sort))
        .where(MonitorTable.template_id == template_id)
        .execution_options(**_ALL)
    )
    count, last = (await session.execute(stmt)).one()
    return int(count), int(last) if last is not None else -1


async def name_taken(session: AsyncSession, template_id: int, name: str, exclude: int | None = None) -> bool:
    stmt = select(MonitorTable.id).where(MonitorTable.template_id == template_id, MonitorTable.name == name)
    if exclude is not None:
        stmt = stmt.where(MonitorTable.id != exclude)
    return (await session.execute(stmt.limit(1).execution_options(**_ALL))).first() is not None


async def source_ids(session: AsyncSession, template_id: int) -> list[int]:
    """The template's data sources in their order (by group, then sort), as the default columns take them."""
    return [ds.id for ds, _ in await source_choices(session, template_id)]


async def sources_among(session: AsyncSession, template_id: int, ids: Collection[int]) -> set[int]:
    """Which of `ids` are data sources of the template."""
    if not ids:
        return set()
    stmt = (
        select(DataSource.id)
        .where(DataSource.template_id == template_id, DataSource.id.in_(list(ids)))
        .execution_options(**_ALL)
    )
    return set((await session.execute(stmt)).scalars())


async def next_revision(session: AsyncSession, table_id: int, based_on: int | None) -> int | None:
    """Bump the table's revision, unless `based_on` is given and was replaced meanwhile (None then): the check and
    the bump are one UPDATE, so of two saves based on the same revision one wins."""
    stmt = update(MonitorTable).where(MonitorTable.id == table_id)
    if based_on is not None:
        stmt = stmt.where(MonitorTable.revision == based_on)
    stmt = stmt.values(revision=MonitorTable.revision + 1).returning(MonitorTable.revision)
    found = (await session.execute(stmt.execution_options(synchronize_session=False, **_ALL))).scalar_one_or_none()
    return None if found is None else int(found)


async def source_choices(session: AsyncSession, template_id: int) -> list[tuple[DataSource, str]]:
    """The template's data sources with their group names, in the order the default columns take them."""
    stmt = (
        select(DataSource, DataSourceGroup.name)
        .join(DataSourceGroup, DataSourceGroup.id == DataSource.group_id)
        .where(DataSource.template_id == template_id)
        .order_by(
            DataSourceGroup.is_default.desc(), DataSourceGroup.sort, DataSourceGroup.id, DataSource.sort, DataSource.id
        )
        .execution_options(**_ALL)
    )
    return [(ds, str(name)) for ds, name in (await session.execute(stmt)).all()]
