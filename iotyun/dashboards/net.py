"""The network monitor widget's counts, as the viewer (or a dashboard link's creator) reads them: the devices by
state, in one device group or all, and their unconfirmed alarms, in two grouped queries."""

from collections.abc import Collection

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms.models import CONFIRMED, Alarm
from iotyun.core.deps import Actor
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.dashboards.schemas import NetOut
from iotyun.devices import scope
from iotyun.devices.models import DEV_ONLINE, Device, Gateway
from iotyun.devices.repository import in_group


async def net(session: AsyncSession, actor: Actor, group_id: int | None, only: Collection[int] | None = None) -> NetOut:
    """`only`: the devices a dashboard link shows (None: every device the actor reads)."""
    devices = await scope.readable(session, actor, Device.id)
    if group_id is not None:
        devices = devices.where(in_group(actor, group_id))
    if only is not None:
        devices = devices.where(Device.id.in_(sorted(only)))
    ids = devices.scalar_subquery()
    by_state = (
        select(Device.registered, Gateway.dev_state, func.count())
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(Device.id.in_(ids))
        .group_by(Device.registered, Gateway.dev_state)
        .execution_options(**{ALL_TENANTS: True})
    )
    online = offline = unregistered = 0
    for registered, dev_state, n in (await session.execute(by_state)).all():
        if not registered:
            unregistered += n
        elif dev_state == DEV_ONLINE:
            online += n
        else:
            offline += n
    alarms = (
        select(func.count())
        .select_from(Alarm)
        .where(Alarm.device_id.in_(ids), Alarm.alarm_type != CONFIRMED)
        .execution_options(**{ALL_TENANTS: True})
    )
    count = int((await session.execute(alarms)).scalar_one())
    return NetOut(
        total=online + offline + unregistered, online=online, offline=offline, unregistered=unregistered, alarms=count
    )
