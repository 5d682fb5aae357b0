"""Library SELECTs and the hand-over's bulk updates: shares with their receivers (any tenant), the shared-out and
received template pages, tile groups of one user, and moving a template's rows to another tenant."""

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Tenant, User
from iotyun.core.deps import Actor
from iotyun.core.pagination import LIKE_ESCAPE, PageParams, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.templates import repository as templates_repo
from iotyun.templates.models import (
    DataSource,
    DataSourceGroup,
    MonitorTable,
    ScreenDraft,
    ScreenVersion,
    Template,
    TemplateGroup,
    TemplatePublication,
    TemplateScreen,
    TemplateShare,
)

_ALL = {ALL_TENANTS: True}


async def user_by_account(session: AsyncSession, account: str) -> User | None:
    """A user of any tenant by user name, phone or email (a share or hand-over names its receiver so)."""
    stmt = (
        select(User)
        .where(or_(User.user_name == account, User.phone == account, User.email == account.lower()))
        .execution_options(**_ALL)
    )
    return (await session.scalars(stmt)).first()


# --- shares ----------------------------------------------------------------------------------------------------


async def shares(session: AsyncSession, template_ids: Collection[int]) -> list[TemplateShare]:
    stmt = select(TemplateShare).where(TemplateShare.template_id.in_(list(template_ids)))
    return list((await session.scalars(stmt)).all())


async def share(session: AsyncSession, template_id: int, user_id: int) -> TemplateShare | None:
    stmt = select(TemplateShare).where(TemplateShare.template_id == template_id, TemplateShare.user_id == user_id)
    return (await session.scalars(stmt)).one_or_none()


async def shares_with_users(session: AsyncSession, template_id: int) -> list[tuple[TemplateShare, User, str]]:
    """A template's shares with each receiver and the name of the receiver's tenant, oldest first."""
    stmt = (
        select(TemplateShare, User, Tenant.name)
        .join(User, User.id == TemplateShare.user_id)
        .join(Tenant, Tenant.id == User.tenant_id)
        .where(TemplateShare.template_id == template_id)
        .order_by(TemplateShare.created_at, TemplateShare.id)
        .execution_options(**_ALL)
    )
    return [(s, u, str(n)) for s, u, n in (await session.execute(stmt)).all()]


async def delete_shares(session: AsyncSession, template_id: int) -> None:
    await session.execute(delete(TemplateShare).where(TemplateShare.template_id == template_id))


# --- the library -----------------------------------------------------------------------------------------------


def _like(q: str) -> Any:
    like = like_pattern(q.lower())
    return or_(
        func.lower(Template.name).like(like, escape=LIKE_ESCAPE),
        func.lower(Template.description).like(like, escape=LIKE_ESCAPE),
    )


async def shared_page(
    session: AsyncSession, actor: Actor, params: PageParams, q: str | None
) -> tuple[list[tuple[Template, int, datetime]], int]:
    """The caller's templates shared with someone, with their receiver count and latest share, latest first."""
    counts = (
        select(
            TemplateShare.template_id,
            func.count(TemplateShare.id).label("n"),
            func.max(TemplateShare.created_at).label("at"),
        )
        .group_by(TemplateShare.template_id)
        .subquery()
    )
    stmt = (
        templates_repo.readable(Template, counts.c.n, counts.c.at)
        .join(counts, counts.c.template_id == Template.id)
        .where(Template.owner_id == actor.user_id)
    )
    if q:
        stmt = stmt.where(_like(q))
    total = int((await session.execute(stmt.with_only_columns(func.count(Template.id)))).scalar_one())
    page = (
        stmt.order_by(counts.c.at.desc(), Template.id.desc())
        .limit(params.page_size)
        .offset((params.page - 1) * params.page_size)
    )
    return [(t, int(n), at) for t, n, at in (await session.execute(page)).all()], total


async def received_page(
    session: AsyncSession, actor: Actor, params: PageParams, q: str | None
) -> tuple[list[tuple[Template, datetime]], int]:
    """Templates shared with the caller (any tenant), latest share first."""
    stmt = (
        templates_repo.readable(Template, TemplateShare.created_at)
        .join(TemplateShare, TemplateShare.template_id == Template.id)
        .where(TemplateShare.user_id == actor.user_id, Template.owner_id != actor.user_id)
    )
    if q:
        stmt = stmt.where(_like(q))
    total = int((await session.execute(stmt.with_only_columns(func.count(Template.id)))).scalar_one())
    page = (
        stmt.order_by(TemplateShare.created_at.desc(), Template.id.desc())
        .limit(params.page_size)
        .offset((params.page - 1) * params.page_size)
    )
    return [(t, at) for t, at in (await session.execute(page)).all()], total


# --- tile groups -----------------------------------------------------------------------------------------------


async def tile_groups(session: AsyncSession, owner_id: int) -> list[tuple[TemplateGroup, int]]:
    """One user's tile groups with how many of their templates each holds, in order."""
    counts = (
        select(Template.group_id, func.count(Template.id).label("n"))
        .where(Template.owner_id == owner_id, Template.group_id.is_not(None))
        .group_by(Template.group_id)
        .subquery()
    )
    stmt = (
        select(TemplateGroup, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.group_id == TemplateGroup.id)
        .where(TemplateGroup.owner_id == owner_id)
        .order_by(TemplateGroup.sort, TemplateGroup.id)
    )
    return [(g, int(n)) for g, n in (await session.execute(stmt)).all()]


async def tile_group_named(session: AsyncSession, owner_id: int, name: str) -> TemplateGroup | None:
    stmt = select(TemplateGroup).where(TemplateGroup.owner_id == owner_id, TemplateGroup.name == name)
    return (await session.scalars(stmt)).one_or_none()


async def tile_group_count(session: AsyncSession, group_id: int) -> int:
    """Templates in a tile group (of whoever owns them)."""
    stmt = select(func.count(Template.id)).where(Template.group_id == group_id).execution_options(**_ALL)
    return int((await session.execute(stmt)).scalar_one())


async def next_tile_sort(session: AsyncSession, owner_id: int) -> int:
    stmt = select(func.max(TemplateGroup.sort)).where(TemplateGroup.owner_id == owner_id)
    top = (await session.execute(stmt)).scalar_one_or_none()
    return 0 if top is None else int(top) + 1


# --- hand-over -------------------------------------------------------------------------------------------------


async def move_rows(session: AsyncSession, template_id: int, tenant_id: int, *, drop_devices: bool) -> None:
    """Move a template's screens (their versions and drafts), data source groups, data sources, monitoring tables and
    publications to `tenant_id`;
    `drop_devices` clears the data sources' own devices (2.0), which belong to the old tenant."""
    for model in (TemplateScreen, DataSourceGroup, TemplatePublication, MonitorTable):
        await session.execute(
            update(model)
            .where(model.template_id == template_id)
            .values(tenant_id=tenant_id)
            .execution_options(synchronize_session=False, **_ALL)
        )
    screen_ids = select(TemplateScreen.id).where(TemplateScreen.template_id == template_id)
    for row in (ScreenVersion, ScreenDraft):
        await session.execute(
            update(row)
            .where(row.screen_id.in_(screen_ids))
            .values(tenant_id=tenant_id)
            .execution_options(synchronize_session=False, **_ALL)
        )
    values: dict[str, Any] = {"tenant_id": tenant_id}
    if drop_devices:
        values["device_id"] = None
    await session.execute(
        update(DataSource)
        .where(DataSource.template_id == template_id)
        .values(**values)
        .execution_options(synchronize_session=False, **_ALL)
    )
