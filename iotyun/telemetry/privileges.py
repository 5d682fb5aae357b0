"""GET /dev/privileges: what the caller may do on one device they read (SPEC §7; docs/api-team.md "Device and
template permissions"). Each item is answered as the server would decide the operation now: the caller's role item
(Actor.may_device), the page code the operation's endpoint requires, and what the device's relation allows (the
owner manages, a share or distribution writes only with its write flag, the device its own write switch). Whether a
write would pass at this moment (online, range, control password) is the write's own answer."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.permissions import (
    DEVICE_ALARM_CONFIRM,
    DEVICE_EDIT,
    DEVICE_EXPORT,
    DEVICE_HISTORY,
    DEVICE_ROLE_PERMISSIONS,
    DEVICE_SHARE,
    DEVICE_VPN,
    DEVICE_WRITE,
    Perm,
)
from iotyun.devices import service as device_service
from iotyun.telemetry.control import readable_device
from iotyun.telemetry.schemas import DevicePrivilegesOut
from iotyun.templates import service as template_service


async def device_privileges(session: AsyncSession, actor: Actor, device_id: int) -> DevicePrivilegesOut:
    """The caller's items on a registered device they read; 110506 for any other (another tenant's, unknown)."""
    device = await readable_device(session, actor, device_id)
    out = await device_service.get_device(session, actor, device.id)
    viewer = actor.can(Perm.HOME)  # the device detail's endpoints: history, export, writes, VPN
    manager = out.can_manage and actor.can(Perm.DEVICE)  # the registry's: edit, share, hand over
    # The VPN reaches the PLC network behind the gateway: its owner's or the tenant administrator's (telemetry/vpn).
    vpn_holder = device.tenant_id == actor.tenant_id and (out.relation == "owner" or actor.is_admin)
    allowed = {
        DEVICE_HISTORY: viewer,
        DEVICE_EXPORT: viewer,
        DEVICE_WRITE: viewer and out.can_write,
        DEVICE_ALARM_CONFIRM: actor.can(Perm.REAL_TIME_FAULT, Perm.HOME),
        DEVICE_EDIT: manager,
        DEVICE_SHARE: manager,
        DEVICE_VPN: viewer and vpn_holder,
    }
    items = [i for i in DEVICE_ROLE_PERMISSIONS if allowed[i] and actor.may_device(i)]
    template_id, template_items = await template_service.bound_template_items(session, actor, device.sn)
    return DevicePrivilegesOut(
        device_id=device.id,
        relation=out.relation,
        read=True,
        device_permissions=items,
        template_id=template_id,
        template_permissions=template_items,
    )
