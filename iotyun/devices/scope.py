"""Who sees and who manages a device: the one place device visibility is decided (DESIGN §5.4).

- The tenant's administrator reads every device of the tenant.
- A secondary administrator reads the devices owned by users of their group subtree, and their own.
- Everyone reads the devices they own, the devices distributed to them (same tenant) and the devices shared with
  them (any tenant: the share is the owner's deliberate choice, so this is the one device query that opts out of
  the session's tenant criteria, and it adds the tenant condition itself).
- Only the registering owner manages (edits, shares, hands over, unregisters) a device (SPEC §6).

The rules live here; the SELECTs they are made of live in devices/scope_repository.py.
"""

from collections.abc import Collection
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, or_
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import readcache
from iotyun.core.deps import Actor
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices import scope_repository as repo
from iotyun.devices.models import GRANT_DISTRIBUTION, GRANT_SHARE, Device
from iotyun.team import repository as team_repo
from iotyun.team import service as team_service


async def visible_condition(session: AsyncSession, actor: Actor) -> ColumnElement[bool]:
    """The WHERE clause that selects the devices `actor` may read (worked out once per request and session)."""
    key = ("device_visible", actor.user_id)
    cached: ColumnElement[bool] | None = session.info.get(key)
    if cached is None:
        cached = session.info[key] = await _visible_condition(session, actor)
    return cached


async def _visible_condition(session: AsyncSession, actor: Actor) -> ColumnElement[bool]:
    own_tenant = Device.tenant_id == actor.tenant_id
    shared = Device.id.in_(repo.granted_ids(actor.user_id, GRANT_SHARE))
    shared_registered = and_(shared, Device.registered.is_(True))
    if actor.is_admin:
        # Most administrators hold no shares: without the OR the planner walks the tenant's indexes in order.
        return or_(own_tenant, shared_registered) if await _holds_shares(session, actor) else own_tenant
    distributed = Device.id.in_(repo.granted_ids(actor.user_id, GRANT_DISTRIBUTION))
    mine: list[ColumnElement[bool]] = [Device.owner_id == actor.user_id, distributed]
    groups = await team_service.group_scope(session, actor)
    if groups:
        mine.append(Device.owner_id.in_(team_repo.user_ids_in(actor.tenant_id, groups)))
    return or_(and_(own_tenant, or_(*mine)), shared_registered)


# The tables a device's visibility is made of: answers computed from them (who holds shares, list counts) are kept
# in the process's read caches and dropped when any of them is written (core.readcache).
VISIBILITY_TABLES = ("device", "device_grant", "user_account", "user_group", "role")


async def _holds_shares(session: AsyncSession, actor: Actor) -> bool:
    cache = readcache.caches(session).cache("device_holds_shares", ("device_grant",))
    found: bool | None = cache.get(actor.user_id)
    if found is None:
        generation = cache.generation()
        found = await repo.holds_grant(session, actor.user_id, GRANT_SHARE)
        cache.put(actor.user_id, found, generation)
    return found


async def readable(session: AsyncSession, actor: Actor, *columns: Any) -> Select[Any]:
    """SELECT of the devices `actor` may read (or of `columns` over them). Add filters, joins and order as needed."""
    condition = await visible_condition(session, actor)
    return repo.devices(*columns).where(condition).execution_options(**{ALL_TENANTS: True})


def reads_whole_tenant(actor: Actor, tenant_id: int) -> bool:
    """Whether the actor reads every device of `tenant_id` whatever it is: the tenant's administrator does."""
    return actor.is_admin and actor.tenant_id == tenant_id


async def readable_among(session: AsyncSession, actor: Actor, device_ids: Collection[int]) -> set[int]:
    """Which of `device_ids` the actor reads now."""
    if not device_ids:
        return set()
    stmt = (await readable(session, actor, Device.id)).where(Device.id.in_(list(device_ids)))
    return {int(i) for i in (await session.execute(stmt)).scalars()}


def manageable_condition(actor: Actor) -> ColumnElement[bool]:
    return and_(Device.tenant_id == actor.tenant_id, Device.owner_id == actor.user_id)


def manageable(actor: Actor) -> Select[Any]:
    """SELECT of the devices `actor` manages: those they registered (own tenant; the session criteria apply)."""
    return repo.devices().where(manageable_condition(actor))


async def readable_device(session: AsyncSession, actor: Actor, device_id: int) -> Device | None:
    return await repo.one_device(session, await readable(session, actor), device_id)


async def manageable_device(session: AsyncSession, actor: Actor, device_id: int) -> Device | None:
    return await repo.one_device(session, manageable(actor), device_id)
