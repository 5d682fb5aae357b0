"""The network monitor widget's counts, as the viewer (or a dashboard link's creator) reads them: the devices by
state, in one device group or all, and their unconfirmed alarms, in two grouped queries (dashboards/repository.py)."""

from collections.abc import Collection

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.dashboards import repository as repo
from iotyun.dashboards.schemas import NetOut
from iotyun.devices.models import DEV_ONLINE


async def net(session: AsyncSession, actor: Actor, group_id: int | None, only: Collection[int] | None = None) -> NetOut:
    """`only`: the devices a dashboard link shows (None: every device the actor reads)."""
    devices = await repo.net_devices(session, actor, group_id, only)
    online = offline = unregistered = 0
    for registered, dev_state, n in await repo.device_states(session, devices):
        if not registered:
            unregistered += n
        elif dev_state == DEV_ONLINE:
            online += n
        else:
            offline += n
    alarms = await repo.unconfirmed_alarms(session, devices)
    return NetOut(
        total=online + offline + unregistered, online=online, offline=offline, unregistered=unregistered, alarms=alarms
    )
