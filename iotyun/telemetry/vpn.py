"""A gateway's VPN, opened and closed from the console through the command-and-acknowledge channel writes use
(issue 34 point 5, docs/device-protocol.md "VPN"): the command on the gateway's `vpn` topic, its answer on `ack`,
the state and client IP from what the gateway reports (its acknowledgement and its state messages).

Who may: the device's owner and the tenant's administrator (a VPN reaches the PLC network behind the gateway). What
refuses: an offline gateway (110515), a gateway without VPN support (110549), closing a VPN that is not open
(110550), opening one that is (110551), a switch already under way for the gateway (110552), a gateway that could
not connect (110553), closing a VPN someone else opened (110554, their administrator may), no answer in time
(110524). Every attempt is in the device log."""

import uuid
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor, keep_on_error
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import VPN_WAIT_S
from iotyun.core.permissions import DEVICE_VPN
from iotyun.devices import repository as device_repo
from iotyun.devices import scope
from iotyun.devices.devlog import write_log
from iotyun.devices.models import DEV_ONLINE, Device
from iotyun.telemetry.ingest import vpn_report
from iotyun.telemetry.schemas import VpnIn, VpnOut

if TYPE_CHECKING:
    from iotyun.telemetry.runtime import Telemetry

# Gateways with a switch under way in this process (a second request is 110552).
_switching: set[str] = set()


async def _device(session: AsyncSession, actor: Actor, device_id: int) -> Device:
    device = await scope.readable_device(session, actor, device_id)
    if device is None or not device.registered or device.tenant_id != actor.tenant_id:
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_id")
    if device.owner_id != actor.user_id and not scope.reads_whole_tenant(actor, device.tenant_id):
        raise AppError(ErrorCode.NO_CANCEL_RIGHT, field="device_id")
    return device


async def switch(session: AsyncSession, actor: Actor, telemetry: "Telemetry", body: VpnIn) -> VpnOut:
    """Open or close the device's gateway VPN and answer its state as the gateway acknowledged it."""
    actor.need_device(DEVICE_VPN)
    device = await _device(session, actor, body.device_id)
    gateway = await device_repo.gateway(session, device.gateway_id)
    assert gateway is not None
    action = "vpn_open" if body.open else "vpn_close"

    async def refuse(code: ErrorCode, result: str, error: str = "") -> AppError:
        keep_on_error(session)
        detail: dict[str, Any] = {"result": result, **({"error": error} if error else {})}
        await write_log(session, device.tenant_id, device, action, actor, detail)
        return AppError(code, field="open")

    if gateway.dev_state != DEV_ONLINE:
        raise await refuse(ErrorCode.DEVICE_OFFLINE, "offline")
    if body.open and gateway.vpn_state:
        raise await refuse(ErrorCode.VPN_ALREADY_ENABLED, "already_open")
    if not body.open and not gateway.vpn_state:
        raise await refuse(ErrorCode.VPN_NOT_ENABLED, "not_open")
    opener = gateway.vpn_opened_by
    if not body.open and opener not in (None, actor.user_id) and not scope.reads_whole_tenant(actor, device.tenant_id):
        raise await refuse(ErrorCode.VPN_IN_USE, "in_use")
    if gateway.sn in _switching:
        raise await refuse(ErrorCode.VPN_CONNECTING, "connecting")
    _switching.add(gateway.sn)
    try:
        message = {"req_id": uuid.uuid4().hex, "op": "open" if body.open else "close", "ts": epoch_ms(utcnow())}
        ack = await telemetry.request(gateway.sn, "vpn", message, VPN_WAIT_S)
    except (TimeoutError, ConnectionError):
        raise await refuse(ErrorCode.DEVICE_TIMEOUT, "timeout") from None
    finally:
        _switching.discard(gateway.sn)
    if not ack.get("ok"):
        error = str(ack.get("error") or "")[:100]
        code = ErrorCode.VPN_NOT_SUPPORTED if error == "unsupported" else ErrorCode.VPN_CONNECT_FAILED
        raise await refuse(code, "failed", error)
    reported = vpn_report(ack.get("vpn"))
    state, ip = reported if reported is not None else ("open" if body.open else "closed", "")
    gateway.vpn_state, gateway.vpn_ip = state == "open", ip
    gateway.vpn_opened_by = actor.user_id if gateway.vpn_state else None
    await session.flush()
    await write_log(session, device.tenant_id, device, action, actor, {"result": "ok", "ip": ip})
    return VpnOut(device_id=device.id, vpn_state=gateway.vpn_state, vpn_ip=gateway.vpn_ip)
