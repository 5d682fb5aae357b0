"""Dashboard and sector SELECTs, and the network monitor's counts. Every read of dashboards and sectors is bound to
the caller's tenant; which dashboards a user sees is one SQL condition (`visible`): all of them for the administrator
and for their owner, else those shown to everyone and those whose audience names the user, their role, or their user
group or a group above it. The network monitor counts the devices the caller reads (devices/scope.py decides which,
shared ones of another tenant included) and their alarms."""

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, ScalarSelect, Text, and_, cast, delete, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms.models import CONFIRMED, Alarm
from iotyun.auth.models import Role, User
from iotyun.core.deps import Actor
from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.dashboards.models import (
    AUDIENCE_ROLE,
    AUDIENCE_USER,
    AUDIENCE_USER_GROUP,
    VISIBLE_ALL,
    Dashboard,
    DashboardAudience,
    DashboardGroup,
    Sector,
    SectorDashboard,
)
from iotyun.devices import scope
from iotyun.devices.models import Device, Gateway
from iotyun.devices.repository import in_group
from iotyun.team.models import UserGroup


@dataclass(frozen=True)
class Viewer:
    """What decides which dashboards a user sees and whether they may present them full screen."""

    actor: Actor
    role_id: int | None
    group_ids: frozenset[int]
    fullscreen: bool


async def viewer(session: AsyncSession, actor: Actor) -> Viewer:
    row = (
        await session.execute(
            select(User.role_id, User.group_id, Role.dashboard_fullscreen)
            .join(Role, Role.id == User.role_id)
            .where(User.id == actor.user_id, User.tenant_id == actor.tenant_id)
        )
    ).first()
    if row is None:
        return Viewer(actor, None, frozenset(), actor.is_admin)
    role_id, group_id, fullscreen = row
    groups: set[int] = set()
    if group_id is not None:
        stmt = select(UserGroup.id, UserGroup.parent_id).where(UserGroup.tenant_id == actor.tenant_id)
        parents = {k: p for k, p in (await session.execute(stmt)).all()}
        current: int | None = group_id
        while current is not None and current not in groups:
            groups.add(current)
            current = parents.get(current)
    return Viewer(actor, role_id, frozenset(groups), actor.is_admin or bool(fullscreen))


def visible(v: Viewer) -> ColumnElement[bool]:
    """The dashboards of the caller's tenant that `v` sees."""
    in_tenant = Dashboard.tenant_id == v.actor.tenant_id
    if v.actor.is_admin:
        return in_tenant
    named = [and_(DashboardAudience.kind == AUDIENCE_USER, DashboardAudience.target_id == v.actor.user_id)]
    if v.role_id is not None:
        named.append(and_(DashboardAudience.kind == AUDIENCE_ROLE, DashboardAudience.target_id == v.role_id))
    if v.group_ids:
        named.append(and_(DashboardAudience.kind == AUDIENCE_USER_GROUP, DashboardAudience.target_id.in_(v.group_ids)))
    audience = exists().where(DashboardAudience.dashboard_id == Dashboard.id, or_(*named))
    return and_(in_tenant, or_(Dashboard.visibility == VISIBLE_ALL, Dashboard.owner_id == v.actor.user_id, audience))


async def dashboards(
    session: AsyncSession, v: Viewer, group_id: int | None, keyword: str, mobile: bool | None
) -> list[Dashboard]:
    stmt = select(Dashboard).where(visible(v))
    if group_id is not None:
        stmt = stmt.where(Dashboard.group_id.is_(None) if group_id == 0 else Dashboard.group_id == group_id)
    if keyword:
        stmt = stmt.where(Dashboard.name.ilike(like_pattern(keyword), escape=LIKE_ESCAPE))
    if mobile is not None:
        stmt = stmt.where(Dashboard.mobile == mobile)
    stmt = stmt.order_by(Dashboard.position, Dashboard.id)
    return list((await session.execute(stmt)).scalars())


async def dashboard(session: AsyncSession, v: Viewer, dashboard_id: int) -> Dashboard | None:
    stmt = select(Dashboard).where(visible(v), Dashboard.id == dashboard_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def visible_ids(session: AsyncSession, v: Viewer, ids: Collection[int]) -> dict[int, Dashboard]:
    if not ids:
        return {}
    stmt = select(Dashboard).where(visible(v), Dashboard.id.in_(ids))
    return {d.id: d for d in (await session.execute(stmt)).scalars()}


async def tenant_dashboard_ids(session: AsyncSession, tenant_id: int, ids: Collection[int]) -> set[int]:
    if not ids:
        return set()
    stmt = select(Dashboard.id).where(Dashboard.tenant_id == tenant_id, Dashboard.id.in_(ids))
    return set((await session.execute(stmt)).scalars())


async def documents_with_models(session: AsyncSession, tenant_id: int) -> list[dict[str, Any]]:
    """The tenant's dashboard documents whose text holds "model3d" (a prefilter for those with 3D model cards; the
    caller reads the documents)."""
    stmt = select(Dashboard.document).where(
        Dashboard.tenant_id == tenant_id, cast(Dashboard.document, Text).contains("model3d", autoescape=True)
    )
    return list((await session.execute(stmt)).scalars())


async def in_sectors(session: AsyncSession, tenant_id: int, ids: Collection[int]) -> set[int]:
    """Which of `ids` some business sector of the tenant holds (P101200 edits those)."""
    if not ids:
        return set()
    stmt = select(SectorDashboard.dashboard_id).where(
        SectorDashboard.tenant_id == tenant_id, SectorDashboard.dashboard_id.in_(ids)
    )
    return set((await session.execute(stmt)).scalars())


async def owner_names(session: AsyncSession, tenant_id: int, ids: Collection[int | None]) -> dict[int, str]:
    wanted = {i for i in ids if i is not None}
    if not wanted:
        return {}
    stmt = select(User.id, User.user_name).where(User.tenant_id == tenant_id, User.id.in_(wanted))
    return {k: v for k, v in (await session.execute(stmt)).all()}


async def audience(session: AsyncSession, dashboard_id: int) -> list[tuple[int, int]]:
    stmt = (
        select(DashboardAudience.kind, DashboardAudience.target_id)
        .where(DashboardAudience.dashboard_id == dashboard_id)
        .order_by(DashboardAudience.id)
    )
    return list((await session.execute(stmt)).all())


async def replace_audience(session: AsyncSession, dashboard: Dashboard, entries: Sequence[tuple[int, int]]) -> None:
    await session.execute(delete(DashboardAudience).where(DashboardAudience.dashboard_id == dashboard.id))
    session.add_all(
        DashboardAudience(tenant_id=dashboard.tenant_id, dashboard_id=dashboard.id, kind=kind, target_id=target)
        for kind, target in entries
    )
    await session.flush()


async def known_targets(session: AsyncSession, tenant_id: int, kind: int, ids: Collection[int]) -> set[int]:
    """Which of `ids` are users, roles or user groups of the tenant."""
    if not ids:
        return set()
    if kind == AUDIENCE_USER:
        stmt = select(User.id).where(User.tenant_id == tenant_id, User.id.in_(ids))
    elif kind == AUDIENCE_ROLE:
        stmt = select(Role.id).where(Role.tenant_id == tenant_id, Role.id.in_(ids))
    else:
        stmt = select(UserGroup.id).where(UserGroup.tenant_id == tenant_id, UserGroup.id.in_(ids))
    return set((await session.execute(stmt)).scalars())


async def name_taken(session: AsyncSession, tenant_id: int, name: str, exclude: int | None = None) -> bool:
    stmt = select(Dashboard.id).where(Dashboard.tenant_id == tenant_id, Dashboard.name == name)
    if exclude is not None:
        stmt = stmt.where(Dashboard.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def names_like(session: AsyncSession, tenant_id: int, prefix: str) -> set[str]:
    stmt = select(Dashboard.name).where(
        Dashboard.tenant_id == tenant_id, Dashboard.name.like(prefix.replace("%", "") + "%")
    )
    return set((await session.execute(stmt)).scalars())


async def count(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.count()).select_from(Dashboard).where(Dashboard.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one())


async def last_position(session: AsyncSession, tenant_id: int, group_id: int | None) -> int:
    where = Dashboard.group_id.is_(None) if group_id is None else Dashboard.group_id == group_id
    stmt = select(func.max(Dashboard.position)).where(Dashboard.tenant_id == tenant_id, where)
    return int((await session.execute(stmt)).scalar_one() or 0)


# --- groups ---------------------------------------------------------------------------------------------------------


async def groups(session: AsyncSession, tenant_id: int) -> list[DashboardGroup]:
    stmt = (
        select(DashboardGroup)
        .where(DashboardGroup.tenant_id == tenant_id)
        .order_by(DashboardGroup.position, DashboardGroup.id)
    )
    return list((await session.execute(stmt)).scalars())


async def group(session: AsyncSession, tenant_id: int, group_id: int) -> DashboardGroup | None:
    stmt = select(DashboardGroup).where(DashboardGroup.tenant_id == tenant_id, DashboardGroup.id == group_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def group_name_taken(session: AsyncSession, tenant_id: int, name: str, exclude: int | None = None) -> bool:
    stmt = select(DashboardGroup.id).where(DashboardGroup.tenant_id == tenant_id, DashboardGroup.name == name)
    if exclude is not None:
        stmt = stmt.where(DashboardGroup.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def group_counts(session: AsyncSession, v: Viewer) -> dict[int, int]:
    stmt = (
        select(Dashboard.group_id, func.count())
        .where(visible(v), Dashboard.group_id.is_not(None))
        .group_by(Dashboard.group_id)
    )
    return {g: n for g, n in (await session.execute(stmt)).all() if g is not None}


async def group_holds_any(session: AsyncSession, tenant_id: int, group_id: int) -> bool:
    """Whether any dashboard, seen by the caller or not, is in the group (202301)."""
    stmt = select(Dashboard.id).where(Dashboard.tenant_id == tenant_id, Dashboard.group_id == group_id).limit(1)
    return (await session.execute(stmt)).first() is not None


async def group_count(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.count()).select_from(DashboardGroup).where(DashboardGroup.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one())


# --- sectors --------------------------------------------------------------------------------------------------------


async def sectors(session: AsyncSession, tenant_id: int) -> list[Sector]:
    stmt = select(Sector).where(Sector.tenant_id == tenant_id).order_by(Sector.position, Sector.id)
    return list((await session.execute(stmt)).scalars())


async def sector(session: AsyncSession, tenant_id: int, sector_id: int) -> Sector | None:
    stmt = select(Sector).where(Sector.tenant_id == tenant_id, Sector.id == sector_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def sector_name_taken(session: AsyncSession, tenant_id: int, name: str, exclude: int | None = None) -> bool:
    stmt = select(Sector.id).where(Sector.tenant_id == tenant_id, Sector.name == name)
    if exclude is not None:
        stmt = stmt.where(Sector.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def sector_count(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.count()).select_from(Sector).where(Sector.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one())


async def sector_dashboard_ids(session: AsyncSession, sector_ids: Collection[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {i: [] for i in sector_ids}
    if not sector_ids:
        return out
    stmt = (
        select(SectorDashboard.sector_id, SectorDashboard.dashboard_id)
        .where(SectorDashboard.sector_id.in_(sector_ids))
        .order_by(SectorDashboard.sector_id, SectorDashboard.position, SectorDashboard.id)
    )
    for sector_id, dashboard_id in (await session.execute(stmt)).all():
        out[sector_id].append(dashboard_id)
    return out


async def replace_sector_dashboards(session: AsyncSession, sector: Sector, ids: Sequence[int]) -> None:
    await session.execute(delete(SectorDashboard).where(SectorDashboard.sector_id == sector.id))
    session.add_all(
        SectorDashboard(tenant_id=sector.tenant_id, sector_id=sector.id, dashboard_id=d, position=n)
        for n, d in enumerate(ids)
    )
    await session.flush()


async def audience_options(
    session: AsyncSession, tenant_id: int, kind: int, keyword: str, limit: int, ids: Collection[int] = ()
) -> list[tuple[int, str]]:
    """The tenant's users (login name and nickname), roles or user groups by name: those with `ids` when given
    (a user so named even when disabled, as an audience may name one), else those matching `keyword`."""
    pattern = like_pattern(keyword) if keyword and not ids else None
    stmt: Any
    if kind == AUDIENCE_USER:
        stmt = select(User.id, User.user_name, User.nick_name).where(User.tenant_id == tenant_id)
        stmt = stmt.where(User.id.in_(ids)) if ids else stmt.where(User.is_active)
        if pattern:
            stmt = stmt.where(
                or_(
                    User.user_name.ilike(pattern, escape=LIKE_ESCAPE), User.nick_name.ilike(pattern, escape=LIKE_ESCAPE)
                )
            )
        stmt = stmt.order_by(User.user_name).limit(limit)
        return [(i, f"{name} ({nick})" if nick else name) for i, name, nick in (await session.execute(stmt)).all()]
    table: Any = Role if kind == AUDIENCE_ROLE else UserGroup
    stmt = select(table.id, table.name).where(table.tenant_id == tenant_id)
    if ids:
        stmt = stmt.where(table.id.in_(ids))
    if pattern:
        stmt = stmt.where(table.name.ilike(pattern, escape=LIKE_ESCAPE))
    stmt = stmt.order_by(table.name).limit(limit)
    return [(i, n) for i, n in (await session.execute(stmt)).all()]


# --- the network monitor --------------------------------------------------------------------------------------------


async def net_devices(
    session: AsyncSession, actor: Actor, group_id: int | None, only: Collection[int] | None
) -> ScalarSelect[Any]:
    """The ids of the devices a network monitor counts: those `actor` reads, in group `group_id` when named, among
    `only` when given (a subquery for the counts below; devices shared from another tenant included)."""
    devices = await scope.readable(session, actor, Device.id)
    if group_id is not None:
        devices = devices.where(in_group(actor, group_id))
    if only is not None:
        devices = devices.where(Device.id.in_(sorted(only)))
    return devices.scalar_subquery()


async def device_states(session: AsyncSession, devices: ScalarSelect[Any]) -> list[tuple[bool, int, int]]:
    """How many of `devices` there are by (registered, their gateway's state)."""
    stmt = (
        select(Device.registered, Gateway.dev_state, func.count())
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(Device.id.in_(devices))
        .group_by(Device.registered, Gateway.dev_state)
        .execution_options(**{ALL_TENANTS: True})
    )
    return [(registered, dev_state, n) for registered, dev_state, n in (await session.execute(stmt)).all()]


async def unconfirmed_alarms(session: AsyncSession, devices: ScalarSelect[Any]) -> int:
    """How many alarms of `devices` are not confirmed (active or recovered)."""
    stmt = (
        select(func.count())
        .select_from(Alarm)
        .where(Alarm.device_id.in_(devices), Alarm.alarm_type != CONFIRMED)
        .execution_options(**{ALL_TENANTS: True})
    )
    return int((await session.execute(stmt)).scalar_one())
