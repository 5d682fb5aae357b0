"""Device registry SELECTs. Visibility comes from devices.scope alone; this module adds the joins, filters and
orderings the registry screens need, so the device list stays one SELECT plus one COUNT at any size."""

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Row, Select, and_, bindparam, case, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core import readcache
from iotyun.core.deps import Actor
from iotyun.core.limits import PAGE_SIZE_MAX
from iotyun.core.pagination import LIKE_ESCAPE, PageParams, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices import scope
from iotyun.devices.models import (
    DEV_ONLINE,
    GRANT_DISTRIBUTION,
    GRANT_SHARE,
    Device,
    DeviceGrant,
    DeviceGroup,
    DeviceLog,
    FlowCard,
    Gateway,
    VirtualDevice,
)

_ALL = {ALL_TENANTS: True}


@dataclass(frozen=True, slots=True)
class DeviceFilter:
    q: str | None = None
    group_id: int | None = None
    dev_state: int | None = None
    registered: bool | None = None
    model: str | None = None
    vpn_state: bool | None = None
    # True: only the devices shown as "shared with me" (shared from another tenant, not filed in a group of the
    # caller's); False: all but those.
    shared: bool | None = None


# One row of everything DeviceOut shows: the labelled columns of _DETAIL_COLUMNS (plain values, no ORM entities).
DeviceRow = Row[Any]


# The gateway's live facts belong to a registration: an unregistered row joins no gateway, so they read as null.
_GATEWAY_ON = and_(Gateway.id == Device.gateway_id, Device.registered.is_(True))


# A receiver files a device shared with them in one of their own groups (device_grant.group_id, private to them): to
# them it shows in that group and in no other. A share from another tenant they have not filed shows in none.
def filed(actor: Actor, *where: ColumnElement[bool]) -> Select[Any]:
    """The ids of the devices the caller filed in a group of theirs (narrowed by `where`)."""
    return select(DeviceGrant.device_id).where(
        DeviceGrant.user_id == actor.user_id,
        DeviceGrant.kind == GRANT_SHARE,
        DeviceGrant.group_id.is_not(None),
        *where,
    )


def in_group(actor: Actor, group_id: int) -> ColumnElement[bool]:
    """The devices the caller sees in their tenant's group `group_id`: the tenant's devices in it that the caller did
    not file elsewhere, and the shares the caller filed in it."""
    return or_(
        and_(Device.tenant_id == actor.tenant_id, Device.group_id == group_id, Device.id.not_in(filed(actor))),
        Device.id.in_(filed(actor, DeviceGrant.group_id == group_id)),
    )


def unfiled_shares(actor: Actor) -> ColumnElement[bool]:
    """The devices shown as "shared with me": shared from another tenant and not filed by the caller."""
    unfiled = select(DeviceGrant.device_id).where(
        DeviceGrant.user_id == actor.user_id, DeviceGrant.kind == GRANT_SHARE, DeviceGrant.group_id.is_(None)
    )
    return and_(Device.tenant_id != actor.tenant_id, Device.id.in_(unfiled))


def _shown_group_id(actor: Actor) -> ColumnElement[Any]:
    """The group a device shows in to the caller (what DeviceOut's group_id says), for sorting by its name and for
    the counts by group."""
    filing = (
        select(DeviceGrant.group_id)
        .where(
            DeviceGrant.device_id == Device.id, DeviceGrant.user_id == actor.user_id, DeviceGrant.kind == GRANT_SHARE
        )
        .scalar_subquery()
    )
    return func.coalesce(filing, case((Device.tenant_id == actor.tenant_id, Device.group_id)))


def _where(f: DeviceFilter, actor: Actor) -> tuple[list[ColumnElement[bool]], bool]:
    """The filter conditions, and whether they need the gateway joined."""
    where: list[ColumnElement[bool]] = []
    needs_gateway = False
    if f.q:
        like = like_pattern(f.q.lower())
        where.append(
            or_(
                func.lower(Device.sn).like(like, escape=LIKE_ESCAPE),
                func.lower(Device.alias).like(like, escape=LIKE_ESCAPE),
                func.lower(Device.address).like(like, escape=LIKE_ESCAPE),
            )
        )
    if f.group_id is not None:
        where.append(in_group(actor, f.group_id))
    if f.shared is not None:
        where.append(unfiled_shares(actor) if f.shared else ~unfiled_shares(actor))
    if f.registered is not None:
        where.append(Device.registered.is_(f.registered))
    if f.dev_state is not None:
        where.append(Gateway.dev_state == f.dev_state)
        needs_gateway = True
    if f.model:
        where.append(Gateway.model == f.model)
        needs_gateway = True
    if f.vpn_state is not None:
        where.append(Gateway.vpn_state.is_(f.vpn_state))
        needs_gateway = True
    return where, needs_gateway


_SORTS: dict[str, Any] = {
    "sn_code": Device.sn,
    "alias": Device.alias,
    "dev_state": Gateway.dev_state,
    "report_time": Gateway.report_time,
    "created_at": Device.created_at,
    "group_name": DeviceGroup.name,
}


_NULLABLE_SORTS = frozenset({"dev_state", "report_time", "group_name"})


# The page's other facts are scalar subqueries, not joins: on PostgreSQL a seven-table join spends ~1.5 ms planning
# every execution (prepared statements replan while custom plans win), scalar subqueries ~0.3 ms (docs/decisions.md
# "Device list performance"). Each finds at most one row: one group, one owner, one card, one grant of each kind.
def _grant_write(kind: str) -> Any:
    return (
        select(DeviceGrant.can_write)
        .where(DeviceGrant.device_id == Device.id, DeviceGrant.user_id == bindparam("uid"), DeviceGrant.kind == kind)
        .scalar_subquery()
    )


# The caller's own share grant on the device: where they filed it (group id and name; null when not filed).
_CALLERS_SHARE = (
    DeviceGrant.device_id == Device.id,
    DeviceGrant.user_id == bindparam("uid"),
    DeviceGrant.kind == GRANT_SHARE,
)
_SHARE_GROUP_ID = select(DeviceGrant.group_id).where(*_CALLERS_SHARE).scalar_subquery()
_SHARE_GROUP_NAME = (
    select(DeviceGroup.name).join(DeviceGrant, DeviceGrant.group_id == DeviceGroup.id).where(*_CALLERS_SHARE)
).scalar_subquery()


_g = Gateway.__table__.c
# Plain columns (rows, not entities: hydrating 40 ORM objects cost a fifth of a page), made once so that their
# statements are made once too.
# The gateway's facts a device shows (every device column is shown or needed; none of these names is a device's).
_GATEWAY_FACTS = ("model", "firmware_version", "back_end_version", "shipment_no", "dev_state", "ip", "report_time")
_DETAIL_COLUMNS = (
    *Device.__table__.c,
    *(_g[name] for name in (*_GATEWAY_FACTS, "vpn_state", "vpn_ip")),
    select(DeviceGroup.name).where(DeviceGroup.id == Device.group_id).scalar_subquery().label("group_name"),
    select(User.user_name).where(User.id == Device.owner_id).scalar_subquery().label("owner_name"),
    select(User.group_id).where(User.id == Device.owner_id).scalar_subquery().label("owner_group_id"),
    select(FlowCard.iccid).where(FlowCard.device_id == Device.id).scalar_subquery().label("iccid"),
    _grant_write(GRANT_DISTRIBUTION).label("distribution_write"),
    _grant_write(GRANT_SHARE).label("share_write"),
    _SHARE_GROUP_ID.label("share_group_id"),
    _SHARE_GROUP_NAME.label("share_group_name"),
)
# The details of given ids (read through scope.readable before), in no particular order. One statement object for
# every page: SQLAlchemy keys its compiled form once instead of on every request.
_BY_IDS: Select[Any] = (
    select(*_DETAIL_COLUMNS)
    .select_from(Device)
    .outerjoin(Gateway, _GATEWAY_ON)
    .where(Device.id.in_(bindparam("ids", expanding=True)))
    .execution_options(**_ALL)
)
_IDS_CHUNK = 1000


async def _rows_by_ids(session: AsyncSession, actor: Actor, ids: list[int]) -> list[DeviceRow]:
    """The detail rows of `ids`, in that order."""
    found: dict[int, DeviceRow] = {}
    for start in range(0, len(ids), _IDS_CHUNK):
        chunk = ids[start : start + _IDS_CHUNK]
        for r in await session.execute(_BY_IDS, {"ids": chunk, "uid": actor.user_id}):
            found[r.id] = r
    return [found[i] for i in ids if i in found]


def cache_key(actor: Actor, *rest: Any) -> tuple[Any, ...]:
    """What a cached count, page of ids or page answer depends on besides the tables: the caller and how they see devices."""
    return (actor.user_id, actor.role_code, actor.is_group_admin, actor.group_id, *rest)


def _tables(needs_gateway: bool) -> tuple[str, ...]:
    # Gateway facts change with every report; answers that do not filter or sort on them do not follow them.
    return (*scope.VISIBILITY_TABLES, "gateway") if needs_gateway else scope.VISIBILITY_TABLES


async def count_devices(session: AsyncSession, actor: Actor, f: DeviceFilter) -> int:
    """How many readable devices match the filter (the COUNT beside the list's SELECT).

    Counting a tenant's devices walks all of them (~2 ms for 10,000 on PostgreSQL), so the answer is kept in the
    process's read cache until a device, grant, user or group (and, when filtered on, a gateway) is written, or the
    cache's seconds pass (core.readcache)."""
    where, needs_gateway = _where(f, actor)
    cache = readcache.caches(session).cache(f"device_count:{needs_gateway}", _tables(needs_gateway))
    key = cache_key(actor, f)
    found: int | None = cache.get(key)
    if found is not None:
        return found
    generation = cache.generation()
    # COUNT(*), not COUNT(device.id): the same number (an id is never null) without reading a column from each of
    # the index's entries (half the time on SQLite: 1.5 -> 0.7 ms over 10,000 devices).
    count = (await scope.readable(session, actor, func.count())).select_from(Device)
    if needs_gateway:
        count = count.outerjoin(Gateway, _GATEWAY_ON)
    total = int((await session.execute(count.where(*where))).scalar_one())
    cache.put(key, total, generation)
    return total


async def _page_ids(
    session: AsyncSession, actor: Actor, f: DeviceFilter, sort: str, order: str, offset: int, limit: int | None
) -> list[int]:
    """The ids of one page in order, from the narrowest query that can filter and order them (the visibility
    rule's OR keeps the planner from walking an index in order, so it sorts; sorting ids alone is cheap). Kept in
    the read cache like the count: which devices a page holds changes only when the tables it reads are written."""
    where, needs_gateway = _where(f, actor)
    gateway_sort = sort in ("dev_state", "report_time")
    tables = _tables(needs_gateway or gateway_sort)
    if sort == "group_name":
        tables = (*tables, "device_group")
    cache = readcache.caches(session).cache(f"device_page_ids:{','.join(tables)}", tables)
    key = cache_key(actor, f, sort, order, offset, limit)
    # Pages only: an export's thousands of ids are read once and not kept.
    cacheable = limit is not None and limit <= PAGE_SIZE_MAX
    found: list[int] | None = cache.get(key) if cacheable else None
    if found is not None:
        return found
    generation = cache.generation()
    column = _SORTS[sort]
    ordering = column.asc() if order == "asc" else column.desc()
    if sort in _NULLABLE_SORTS:
        # NULLS LAST on both engines (they disagree by default): unregistered rows have no state or report time.
        ordering = ordering.nulls_last()
    stmt = (await scope.readable(session, actor, Device.id)).select_from(Device)
    if needs_gateway or gateway_sort:
        stmt = stmt.outerjoin(Gateway, _GATEWAY_ON)
    if sort == "group_name":
        stmt = stmt.outerjoin(DeviceGroup, DeviceGroup.id == _shown_group_id(actor))
    stmt = stmt.where(*where).order_by(ordering, Device.id.desc()).offset(offset).limit(limit)
    ids = list((await session.scalars(stmt)).all())
    if cacheable:
        cache.put(key, ids, generation)
    return ids


async def devices_page(
    session: AsyncSession,
    actor: Actor,
    f: DeviceFilter,
    params: PageParams | None,
    *,
    sort: str = "created_at",
    order: str = "desc",
    limit: int | None = None,
) -> tuple[list[DeviceRow], int]:
    """One page (or the first `limit` rows) of the readable devices with everything DeviceOut shows, and the total:
    the page's ids (cached), then their details, always read fresh, by one statement made once."""
    total = await count_devices(session, actor, f)
    if total == 0:
        return [], total
    if params is not None:
        offset, limit = (params.page - 1) * params.page_size, params.page_size
    else:
        offset = 0
    ids = await _page_ids(session, actor, f, sort, order, offset, limit)
    return await _rows_by_ids(session, actor, ids), total


async def device_row(session: AsyncSession, actor: Actor, device_id: int) -> DeviceRow | None:
    """One readable device with everything DeviceOut shows."""
    stmt = (await scope.readable(session, actor, *_DETAIL_COLUMNS)).select_from(Device).outerjoin(Gateway, _GATEWAY_ON)
    row: DeviceRow | None = (await session.execute(stmt.where(Device.id == device_id), {"uid": actor.user_id})).first()
    return row


async def gateway_by_sn(session: AsyncSession, sn: str) -> Gateway | None:
    return (await session.scalars(select(Gateway).where(Gateway.sn == sn))).one_or_none()


async def existing_sns(session: AsyncSession, sns: Iterable[str]) -> list[str]:
    """Which of `sns` have a gateway row, in SN order."""
    stmt = select(Gateway.sn).where(Gateway.sn.in_(list(sns))).order_by(Gateway.sn)
    return [str(sn) for sn in (await session.scalars(stmt)).all()]


async def registered_by_sn(session: AsyncSession, sn: str) -> Device | None:
    """The one registered device row of an SN, in whichever tenant holds it (answers "taken", never shown)."""
    stmt = select(Device).where(Device.sn == sn, Device.registered.is_(True)).execution_options(**_ALL)
    return (await session.scalars(stmt)).first()


async def registered_sns(session: AsyncSession) -> set[str]:
    """Every tenant's registered SNs (the telemetry runtime asks in a system session)."""
    stmt = select(Device.sn).where(Device.registered.is_(True))
    return {str(sn) for sn in (await session.scalars(stmt)).all()}


async def unregistered_here(session: AsyncSession, tenant_id: int, sn: str) -> Device | None:
    """The tenant's most recent unregistered row of an SN, which a re-registration revives."""
    stmt = (
        select(Device)
        .where(Device.tenant_id == tenant_id, Device.sn == sn, Device.registered.is_(False))
        .order_by(Device.id.desc())
    )
    return (await session.scalars(stmt)).first()


async def gateway(session: AsyncSession, gateway_id: int) -> Gateway | None:
    return await session.get(Gateway, gateway_id)


async def count_registered(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.count()).select_from(Device).where(Device.tenant_id == tenant_id, Device.registered.is_(True))
    return int((await session.execute(stmt.execution_options(**_ALL))).scalar_one())


async def delete_tenant_devices(session: AsyncSession, tenant_id: int) -> None:
    stmt = delete(Device).where(Device.tenant_id == tenant_id).execution_options(synchronize_session=False)
    await session.execute(stmt)


async def registered_on_gateway(session: AsyncSession, gateway_id: int) -> list[Device]:
    """The registered devices on a gateway, in whichever tenant (the telemetry runtime asks in a system session)."""
    stmt = select(Device).where(Device.gateway_id == gateway_id, Device.registered.is_(True))
    return list((await session.scalars(stmt)).all())


async def touch_report_times(session: AsyncSession, gateway_ids: list[int], when: datetime) -> None:
    await session.execute(update(Gateway).where(Gateway.id.in_(gateway_ids)).values(report_time=when))


async def online_gateway_ids(session: AsyncSession) -> list[int]:
    stmt = select(Gateway.id).where(Gateway.dev_state == DEV_ONLINE)
    return [int(i) for i in (await session.scalars(stmt)).all()]


async def gateway_states(session: AsyncSession, device_ids: Collection[int]) -> dict[int, int]:
    """dev_state of the gateway behind each device (any tenant: the caller has checked visibility)."""
    stmt = (
        select(Device.id, Gateway.dev_state)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(Device.id.in_(list(device_ids)))
        .execution_options(**_ALL)
    )
    return {int(d): int(s) for d, s in (await session.execute(stmt)).all()}


async def managed(session: AsyncSession, actor: Actor, device_ids: Collection[int]) -> list[Device]:
    """The devices among `device_ids` that the caller manages (owns)."""
    stmt = scope.manageable(actor).where(Device.id.in_(list(device_ids)))
    return list((await session.scalars(stmt)).all())


async def tenant_devices(session: AsyncSession, tenant_id: int, device_ids: Collection[int]) -> list[Device]:
    stmt = select(Device).where(Device.tenant_id == tenant_id, Device.id.in_(list(device_ids)))
    return list((await session.scalars(stmt)).all())


async def device_any_tenant(session: AsyncSession, device_id: int) -> Device | None:
    """A device by id regardless of tenant: only for a grant the caller holds (a share from another tenant)."""
    stmt = select(Device).where(Device.id == device_id).execution_options(**_ALL)
    return (await session.scalars(stmt)).one_or_none()


async def grants(session: AsyncSession, device_ids: Collection[int], kind: str) -> list[DeviceGrant]:
    stmt = select(DeviceGrant).where(DeviceGrant.device_id.in_(list(device_ids)), DeviceGrant.kind == kind)
    return list((await session.scalars(stmt)).all())


async def delete_grants(session: AsyncSession, device_ids: Collection[int], kind: str | None = None) -> None:
    """Drop the grants (of `kind`, or all) on the devices."""
    stmt = delete(DeviceGrant).where(DeviceGrant.device_id.in_(list(device_ids)))
    if kind is not None:
        stmt = stmt.where(DeviceGrant.kind == kind)
    await session.execute(stmt)


async def grant(session: AsyncSession, device_id: int, user_id: int, kind: str) -> DeviceGrant | None:
    stmt = select(DeviceGrant).where(
        DeviceGrant.device_id == device_id, DeviceGrant.user_id == user_id, DeviceGrant.kind == kind
    )
    return (await session.scalars(stmt)).one_or_none()


async def grants_with_users(session: AsyncSession, device_id: int, kind: str) -> list[tuple[DeviceGrant, User]]:
    stmt = (
        select(DeviceGrant, User)
        .join(User, User.id == DeviceGrant.user_id)
        .where(DeviceGrant.device_id == device_id, DeviceGrant.kind == kind)
        .order_by(DeviceGrant.created_at, DeviceGrant.id)
        .execution_options(**_ALL)
    )
    return [(g, u) for g, u in (await session.execute(stmt)).all()]


async def share_count(session: AsyncSession, device_id: int) -> int:
    stmt = select(func.count(DeviceGrant.id)).where(DeviceGrant.device_id == device_id, DeviceGrant.kind == GRANT_SHARE)
    return int((await session.execute(stmt)).scalar_one())


async def shares_given(session: AsyncSession, owner_id: int) -> int:
    """Share grants on the devices `owner_id` owns: what the device_share quota counts."""
    stmt = (
        select(func.count(DeviceGrant.id))
        .join(Device, Device.id == DeviceGrant.device_id)
        .where(Device.owner_id == owner_id, DeviceGrant.kind == GRANT_SHARE)
        .execution_options(**_ALL)
    )
    return int((await session.execute(stmt)).scalar_one())


async def user_by_account(session: AsyncSession, account: str) -> User | None:
    """A user of any tenant by user name, phone or email (a share or hand-over names its receiver so)."""
    stmt = (
        select(User)
        .where(or_(User.user_name == account, User.phone == account, User.email == account.lower()))
        .execution_options(**_ALL)
    )
    return (await session.scalars(stmt)).first()


async def tenant_users(session: AsyncSession, tenant_id: int, user_ids: Collection[int]) -> list[User]:
    stmt = select(User).where(User.tenant_id == tenant_id, User.id.in_(list(user_ids)))
    return list((await session.scalars(stmt)).all())


async def flow_card(session: AsyncSession, device_id: int) -> FlowCard | None:
    stmt = select(FlowCard).where(FlowCard.device_id == device_id).execution_options(**_ALL)
    return (await session.scalars(stmt)).one_or_none()


async def flow_card_by_iccid(session: AsyncSession, iccid: str) -> FlowCard | None:
    # A card is one physical SIM: bound to one device across all tenants.
    stmt = select(FlowCard).where(FlowCard.iccid == iccid).execution_options(**_ALL)
    return (await session.scalars(stmt)).first()


async def state_info(session: AsyncSession, actor: Actor) -> tuple[list[Any], list[Any], list[Any]]:
    """Counts over the readable devices: by state, by model (registered), by group and state."""
    by_state = await scope.readable(session, actor, Device.registered, Gateway.dev_state, func.count())
    by_state = (
        by_state.select_from(Device).outerjoin(Gateway, _GATEWAY_ON).group_by(Device.registered, Gateway.dev_state)
    )
    by_model = await scope.readable(session, actor, Gateway.model, func.count(Device.id))
    by_model = by_model.select_from(Device).join(Gateway, _GATEWAY_ON).group_by(Gateway.model).order_by(Gateway.model)
    # By the group each device shows in to the caller: a share from another tenant never under the owner's group
    # (its id and name are the other tenant's), under the receiver's own group once filed there.
    shown = _shown_group_id(actor).label("shown_group_id")
    by_group = await scope.readable(session, actor, shown, Gateway.dev_state, func.count().label("n"))
    counts = by_group.select_from(Device).join(Gateway, _GATEWAY_ON).group_by(shown, Gateway.dev_state).subquery()
    by_group = (
        select(counts.c.shown_group_id, DeviceGroup.name, counts.c.dev_state, counts.c.n)
        .outerjoin(DeviceGroup, DeviceGroup.id == counts.c.shown_group_id)
        .order_by(DeviceGroup.name)
        # The visibility rule inside reaches other tenants' shared devices; the shown group is the caller's.
        .execution_options(**_ALL)
    )
    return (
        list((await session.execute(by_state)).all()),
        list((await session.execute(by_model)).all()),
        list((await session.execute(by_group)).all()),
    )


async def virtual_count(session: AsyncSession, actor: Actor) -> int:
    stmt = select(func.count(VirtualDevice.id)).where(VirtualDevice.tenant_id == actor.tenant_id)
    if not actor.is_admin:
        stmt = stmt.where(VirtualDevice.owner_id == actor.user_id)
    return int((await session.execute(stmt)).scalar_one())


async def logs_page(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    *,
    device_id: int | None,
    sn: str | None,
    action: str | None,
    start: datetime | None,
    end: datetime | None,
) -> tuple[list[DeviceLog], int]:
    """The tenant's device log: all of it for the administrator, else the entries of devices the caller reads."""
    where: list[ColumnElement[bool]] = [DeviceLog.tenant_id == actor.tenant_id]
    if not actor.is_admin:
        where.append(DeviceLog.device_id.in_(await scope.readable(session, actor, Device.id)))
    if device_id is not None:
        where.append(DeviceLog.device_id == device_id)
    if sn:
        where.append(DeviceLog.sn == sn)
    if action:
        where.append(DeviceLog.action == action)
    if start is not None:
        where.append(DeviceLog.time >= start)
    if end is not None:
        where.append(DeviceLog.time < end)
    total = int((await session.execute(select(func.count(DeviceLog.id)).where(*where))).scalar_one())
    stmt = (
        select(DeviceLog)
        .where(*where)
        .order_by(DeviceLog.time.desc(), DeviceLog.id.desc())
        .limit(params.page_size)
        .offset((params.page - 1) * params.page_size)
    )
    return list((await session.scalars(stmt)).all()), total


async def user_names_in(session: AsyncSession, tenant_id: int, user_ids: set[int]) -> dict[int, str]:
    """User names by id, of the tenant's users among `user_ids`."""
    if not user_ids:
        return {}
    stmt = select(User.id, User.user_name).where(User.tenant_id == tenant_id, User.id.in_(user_ids))
    return {int(i): str(n) for i, n in (await session.execute(stmt)).all()}


async def device_owners(session: AsyncSession) -> dict[int, int]:
    """Every device's owner, in every tenant (the storage limits' sweep runs in a system session)."""
    return {int(d): int(o) for d, o in (await session.execute(select(Device.id, Device.owner_id))).all()}


async def gateways_with_devices(
    session: AsyncSession, sns: Sequence[str]
) -> Sequence[Row[int, str, int | None, int | None, int | None, str | None]]:
    """(gateway id, SN, registered device id, tenant, owner, alias) of each SN's gateway, the device columns None
    when no tenant registered it, in any tenant: what the telemetry knows of a gateway (its configuration cache runs
    in a system session; a live read asks for a shared device whose owner is in another tenant)."""
    stmt = (
        select(Gateway.id, Gateway.sn, Device.id, Device.tenant_id, Device.owner_id, Device.alias)
        .outerjoin(Device, (Device.gateway_id == Gateway.id) & Device.registered.is_(True))
        .where(Gateway.sn.in_(list(sns)))
        .order_by(Gateway.id, Device.id)
        .execution_options(**_ALL)
    )
    return (await session.execute(stmt)).all()
