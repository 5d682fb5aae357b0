"""Report SELECTs. A report is its owner's; the tenant's administrator sees every report of the tenant."""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import BigInteger, Select, case, cast, func, literal, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms import repository as alarms_repo
from iotyun.alarms.models import Alarm
from iotyun.auth.models import Role, User
from iotyun.core.deps import Actor
from iotyun.core.pagination import LIKE_ESCAPE, PageParams, like_pattern, paginate
from iotyun.devices import scope
from iotyun.devices.models import Device, DeviceGroup, Gateway
from iotyun.reports.fields import ALARM, DEVICE_INFO, USER_INFO
from iotyun.reports.models import Report, ReportGroup
from iotyun.team.models import UserGroup


def _mine(actor: Actor) -> Select[Report]:
    stmt = select(Report).where(Report.tenant_id == actor.tenant_id)
    if not actor.is_admin:
        stmt = stmt.where(Report.owner_id == actor.user_id)
    return stmt


async def page(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    title: str | None,
    chart_type: int | None,
    group_id: int | None = None,
) -> tuple[list[Report], int]:
    """A page of the caller's reports, newest first; `group_id` 0 lists the reports in no group."""
    stmt = _mine(actor)
    if title:
        stmt = stmt.where(Report.title.ilike(like_pattern(title), escape=LIKE_ESCAPE))
    if chart_type is not None:
        stmt = stmt.where(Report.chart_type == chart_type)
    if group_id is not None:
        stmt = stmt.where(Report.group_id.is_(None) if group_id == 0 else Report.group_id == group_id)
    return await paginate(session, stmt.order_by(Report.id.desc()), params)


async def report(session: AsyncSession, actor: Actor, report_id: int) -> Report | None:
    return (await session.execute(_mine(actor).where(Report.id == report_id))).scalar_one_or_none()


async def title_taken(session: AsyncSession, owner_id: int, title: str, exclude: int | None = None) -> bool:
    stmt = select(Report.id).where(Report.owner_id == owner_id, Report.title == title)
    if exclude is not None:
        stmt = stmt.where(Report.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def owner_titles(session: AsyncSession, owner_id: int) -> set[str]:
    stmt = select(Report.title).where(Report.owner_id == owner_id)
    return set((await session.execute(stmt)).scalars())


# --- report groups ---------------------------------------------------------------------------------------------


def _my_groups(actor: Actor) -> Select[ReportGroup]:
    stmt = select(ReportGroup).where(ReportGroup.tenant_id == actor.tenant_id)
    if not actor.is_admin:
        stmt = stmt.where(ReportGroup.owner_id == actor.user_id)
    return stmt


async def groups(session: AsyncSession, actor: Actor) -> list[tuple[ReportGroup, int]]:
    """The caller's report groups (the administrator: the tenant's) in name order, each with its reports' count."""
    counts = (
        select(Report.group_id, func.count(Report.id).label("n"))
        .where(Report.group_id.is_not(None))
        .group_by(Report.group_id)
        .subquery()
    )
    stmt = (
        _my_groups(actor)
        .add_columns(func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.group_id == ReportGroup.id)
        .order_by(ReportGroup.name, ReportGroup.id)
    )
    return [(g, int(n)) for g, n in (await session.execute(stmt)).all()]


async def group(session: AsyncSession, actor: Actor, group_id: int) -> ReportGroup | None:
    return (await session.execute(_my_groups(actor).where(ReportGroup.id == group_id))).scalar_one_or_none()


async def group_count(session: AsyncSession, group_id: int) -> int:
    stmt = select(func.count(Report.id)).where(Report.group_id == group_id)
    return int((await session.execute(stmt)).scalar_one())


async def group_name_taken(session: AsyncSession, owner_id: int, name: str, exclude: int | None = None) -> bool:
    stmt = select(ReportGroup.id).where(ReportGroup.owner_id == owner_id, ReportGroup.name == name)
    if exclude is not None:
        stmt = stmt.where(ReportGroup.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def owner_has_group(session: AsyncSession, owner_id: int, group_id: int) -> bool:
    stmt = select(ReportGroup.id).where(ReportGroup.id == group_id, ReportGroup.owner_id == owner_id)
    return (await session.execute(stmt)).first() is not None


async def ungroup(session: AsyncSession, group_id: int) -> None:
    """The group's reports file back to no group (the foreign key's ON DELETE SET NULL does the same in the
    database; done here too so the session's loaded reports agree)."""
    await session.execute(update(Report).where(Report.group_id == group_id).values(group_id=None))


async def readable_device_ids(session: AsyncSession, actor: Actor, device_ids: list[int]) -> set[int]:
    stmt = (await scope.readable(session, actor, Device.id)).where(Device.id.in_(device_ids))
    return {int(i) for i in (await session.execute(stmt)).scalars()}


@dataclass(frozen=True, slots=True)
class DeviceSeen:
    """A device as a report's statistic sees it: its name (alias, else SN), its SN, whether the caller reads it and
    whether it is registered."""

    name: str
    sn: str
    readable: bool
    registered: bool


async def device_names(session: AsyncSession, device_ids: list[int]) -> dict[int, str]:
    """Id → alias (else SN) of the devices among `device_ids` that still exist, whoever reads them: a report's
    deleted device is told apart from one the caller may not read."""
    stmt = (
        select(Device.id, Device.alias, Device.sn).where(Device.id.in_(device_ids)).execution_options(all_tenants=True)
    )
    return {int(i): str(alias or sn) for i, alias, sn in (await session.execute(stmt)).all()}


async def devices_seen(session: AsyncSession, actor: Actor, device_ids: list[int]) -> dict[int, DeviceSeen]:
    """device_names and, in the same statement, what readable_device_ids and telemetry's readable_device_sns would
    tell of each (whether `actor` reads it; whether it is registered): a history report's statistic asks all three of
    the same devices."""
    readable = await scope.visible_condition(session, actor)
    stmt = (
        select(Device.id, Device.alias, Device.sn, Device.registered, case((readable, True), else_=False))
        .where(Device.id.in_(device_ids))
        .execution_options(all_tenants=True)
    )
    return {
        int(i): DeviceSeen(str(alias or sn), str(sn), bool(reads), bool(registered))
        for i, alias, sn, registered, reads in (await session.execute(stmt)).all()
    }


# --- counts of the info kinds: one GROUP BY each, over the caller's scope ------------------------------------------

Counted = list[tuple[Any, Any, int]]  # (dimension value, comparison value or None, count)


def _grouped(stmt: Select[Any], dim: Any, cmp: Any | None, measure: Any) -> Select[Any]:
    cmp_col = cmp if cmp is not None else literal(None)
    return stmt.with_only_columns(dim, cmp_col, measure).group_by(dim, *([cmp] if cmp is not None else []))


async def scoped(session: AsyncSession, actor: Actor, kind: int, user_ids: set[int] | None) -> tuple[Select[Any], Any]:
    """The rows a report of `kind` counts, in the caller's scope, and the column that counts them: alarms of the
    devices `actor` reads (7); registered devices he reads, joined to their gateway and group (8); users of the
    tenant, only `user_ids` unless None, joined to their role and group (9)."""
    if kind == ALARM:
        return await alarms_repo.visible(session, actor), Alarm.id
    if kind == DEVICE_INFO:
        stmt = (await scope.readable(session, actor, Device.id)).where(Device.registered.is_(True))
        stmt = stmt.join(Gateway, Gateway.id == Device.gateway_id)
        return stmt.outerjoin(DeviceGroup, DeviceGroup.id == Device.group_id), Device.id
    users = (
        select(User.id)
        .join(Role, Role.id == User.role_id)
        .outerjoin(UserGroup, UserGroup.id == User.group_id)
        .where(User.tenant_id == actor.tenant_id)
    )
    if user_ids is not None:
        users = users.where(User.id.in_(list(user_ids)))
    return users, User.id


async def counted(
    session: AsyncSession,
    stmt: Select[Any],
    row_id: Any,
    dim: Any,
    cmp: Any | None,
    distinct: Any | None,
    where: list[Any],
) -> Counted:
    """`stmt`'s rows meeting `where`, counted (or their distinct `distinct` values) by `dim` and `cmp`: one GROUP BY."""
    measure = func.count(distinct.distinct()) if distinct is not None else func.count(row_id)
    grouped = _grouped(stmt.where(*where), dim, cmp, measure)
    return [(d, c, int(n)) for d, c, n in (await session.execute(grouped)).all()]


def time_key(session: AsyncSession, column: Any, size_ms: int, shift_ms: int) -> Any:
    """The integer bucket (column + shift_ms) // size_ms of a UTC datetime column, on SQLite and PostgreSQL."""
    if session.get_bind().dialect.name == "sqlite":
        seconds = cast(func.strftime("%s", column), BigInteger)
    else:
        seconds = cast(func.floor(func.extract("epoch", column)), BigInteger)
    return (seconds * 1000 + shift_ms) / size_ms


async def row_names(session: AsyncSession, stmt: Select[Any], kind: int, ids: list[int]) -> list[tuple[int, str]]:
    """The names of the devices (kind 8: alias, else SN) or users (kind 9: nickname, else account) `ids` among the
    rows `stmt` (a `scoped` statement) reaches."""
    if kind == USER_INFO:
        cols: tuple[Any, ...] = (User.id, User.nick_name, User.user_name)
    else:
        cols = (Device.id, Device.alias, Device.sn)
    rows = (await session.execute(stmt.with_only_columns(*cols).where(cols[0].in_(ids)))).all()
    return [(int(i), a or b) for i, a, b in rows]
