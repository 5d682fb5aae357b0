"""What an operator does to one device, named by its SN across tenants (SPEC §6: VPN, flow card):

- its facts (810103 unknown SN);
- the gateway's VPN queried (`status`) or reset (`reset`: down, and up again if it was up) through the same command
  channel the owner's switch uses (docs/device-protocol.md "VPN"): an offline gateway, no answer in time, a gateway
  without VPN support or one too old to know the command answer 810109 (query) / 810110 (reset), the reason worded in
  the answer's detail (in the caller's language) and kept as its key in the audit and the device log;
- its flow card queried from the provider (810111 when the provider cannot answer; 110547 when the device has no
  card) or activated (110544 / 110545 as the owner's activation).
Each action is audited with the state before and after, and written in the tenant's device log as the platform's."""

import uuid
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Tenant
from iotyun.core.config import Settings
from iotyun.core.context import lang_var
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import keep_on_error
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import FLOW_CARD_TEST_MB, VPN_WAIT_S
from iotyun.devices import cards, flowcards
from iotyun.devices.devlog import write_log
from iotyun.devices.models import DEV_ONLINE, Device, FlowCard, Gateway
from iotyun.operations.devices import repository as repo
from iotyun.operations.devices.schemas import OperatedDevice, TestFlow
from iotyun.operations.schemas import OperatorActor
from iotyun.operations.service import audit
from iotyun.telemetry.public import Telemetry, vpn_report

# What the tenant's device log says acted: the platform, not one of its users.
PLATFORM = {"by": "platform"}

# Why the gateway's VPN could not be queried or reset, in the operator's words (810109 / 810110's `{reason}`): the
# server's own reasons and the agent's `error`s (docs/device-protocol.md "VPN"); another error of the agent as it
# said it.
VPN_REASONS: dict[str, tuple[str, str]] = {
    "offline": ("网关不在线", "the gateway is offline"),
    "timeout": ("网关未在 {seconds} 秒内应答", "the gateway did not answer within {seconds} s"),
    "unsupported": ("网关不支持 VPN", "the gateway has no VPN"),
    "unknown": ("网关版本过旧，不认识该命令", "the gateway is too old to know the command"),
}


def vpn_reason(reason: str) -> str:
    """`reason` worded in the request's language."""
    words = VPN_REASONS.get(reason)
    if words is None:
        return reason
    en = (lang_var.get() or "").lower().startswith("en")
    return words[1 if en else 0].format(seconds=int(VPN_WAIT_S))


async def _found(session: AsyncSession, sn: str) -> tuple[Device, Gateway, Tenant]:
    found = await repo.device_by_sn(session, sn.strip())
    if found is None:
        raise AppError(ErrorCode.MONITOR_DEVICE_NOT_FOUND, field="sn")
    return found


def _test_flow(card: FlowCard | None) -> TestFlow | None:
    if card is None or card.operator_state != "test":
        return None
    used = min(card.used_mb, float(FLOW_CARD_TEST_MB))
    return TestFlow(
        total_mb=FLOW_CARD_TEST_MB,
        used_mb=used,
        left_mb=FLOW_CARD_TEST_MB - used,
        exhausted=card.used_mb >= FLOW_CARD_TEST_MB,
    )


def _out(settings: Settings, device: Device, gateway: Gateway, tenant: Tenant, card: FlowCard | None) -> OperatedDevice:
    return OperatedDevice(
        sn=device.sn,
        tenant_id=tenant.id,
        tenant_name=tenant.name,
        dev_model=gateway.model,
        firmware_version=gateway.firmware_version,
        back_end_version=gateway.back_end_version,
        dev_state=gateway.dev_state,
        report_time=epoch_ms(gateway.report_time),
        vpn_state=gateway.vpn_state,
        vpn_ip=gateway.vpn_ip,
        card=None if card is None else flowcards.card_out(card, flowcards.provider_for(settings).name),
        test_flow=_test_flow(card),
    )


async def device(session: AsyncSession, settings: Settings, sn: str) -> OperatedDevice:
    found_device, gateway, tenant = await _found(session, sn)
    return _out(settings, found_device, gateway, tenant, await repo.card_of(session, found_device.id))


async def vpn(
    session: AsyncSession, settings: Settings, actor: OperatorActor, telemetry: Telemetry, sn: str, op: str
) -> OperatedDevice:
    """`op` "status" (query) or "reset", through the gateway."""
    found_device, gateway, tenant = await _found(session, sn)
    action = "vpn_query" if op == "status" else "vpn_reset"
    code = ErrorCode.MONITOR_VPN_QUERY_FAILED if op == "status" else ErrorCode.MONITOR_VPN_RESET_FAILED
    before = {"vpn_state": gateway.vpn_state, "vpn_ip": gateway.vpn_ip}

    async def refuse(reason: str) -> AppError:
        detail: dict[str, Any] = {**PLATFORM, "result": reason}
        await write_log(session, found_device.tenant_id, found_device, action, None, detail)
        await audit(
            session, actor, action, tenant_id=tenant.id, target_kind="device", target_id=found_device.id,
            target_name=found_device.sn, before=before, after={"error": reason}, result="failed",
        )  # fmt: skip
        keep_on_error(session)
        return AppError(code, field="sn", reason=vpn_reason(reason))

    if gateway.dev_state != DEV_ONLINE:
        raise await refuse("offline")
    message = {"req_id": uuid.uuid4().hex, "op": op, "ts": epoch_ms(utcnow())}
    try:
        ack = await telemetry.request(gateway.sn, "vpn", message, VPN_WAIT_S)
    except (TimeoutError, ConnectionError):
        raise await refuse("timeout") from None
    if not ack.get("ok"):
        raise await refuse(str(ack.get("error") or "failed")[:100])
    reported = vpn_report(ack.get("vpn"))
    if reported is not None:
        state, ip = reported
        gateway.vpn_state, gateway.vpn_ip = state == "open", ip
        if not gateway.vpn_state:
            gateway.vpn_opened_by = None
    after = {"vpn_state": gateway.vpn_state, "vpn_ip": gateway.vpn_ip}
    await session.flush()
    await write_log(session, found_device.tenant_id, found_device, action, None, {**PLATFORM, "result": "ok", **after})
    await audit(
        session, actor, action, tenant_id=tenant.id, target_kind="device", target_id=found_device.id,
        target_name=found_device.sn, before=before, after=after,
    )  # fmt: skip
    return _out(settings, found_device, gateway, tenant, await repo.card_of(session, found_device.id))


async def flow_card(
    session: AsyncSession, settings: Settings, actor: OperatorActor, sn: str, *, activate: bool
) -> OperatedDevice:
    """Query the device's card from the provider, or activate it."""
    found_device, gateway, tenant = await _found(session, sn)
    card = await repo.card_of(session, found_device.id)
    if card is None:
        raise AppError(ErrorCode.FLOW_CARD_NOT_FOUND, field="sn")
    action = "card_activate" if activate else "card_query"
    before = {"operator_state": card.operator_state, "used_mb": card.used_mb, "status": card.status}
    try:
        if activate:
            await cards.activate_card(session, settings, card)
        else:
            await cards.refresh_card(session, settings, card)
    except AppError as exc:
        await audit(
            session, actor, action, tenant_id=tenant.id, target_kind="device", target_id=found_device.id,
            target_name=found_device.sn, before=before, after={"error": int(exc.code)}, result="failed",
        )  # fmt: skip
        if exc.code == ErrorCode.FLOW_CARD_QUERY_FAILED:
            raise AppError(ErrorCode.MONITOR_FLOW_CARD_QUERY_FAILED, field="sn") from exc
        raise
    after = {"operator_state": card.operator_state, "used_mb": card.used_mb, "status": card.status}
    if activate:
        await write_log(session, found_device.tenant_id, found_device, action, None, {**PLATFORM, "iccid": card.iccid})
    await audit(
        session, actor, action, tenant_id=tenant.id, target_kind="device", target_id=found_device.id,
        target_name=found_device.sn, before=before, after=after,
    )  # fmt: skip
    return _out(settings, found_device, gateway, tenant, card)
