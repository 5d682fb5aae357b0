"""The device an operator acts on: facts, VPN query and reset, flow card query and activation (scope devices)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.runtime import SettingsDep
from iotyun.operations.dependencies import DevicesOperator
from iotyun.operations.devices import service
from iotyun.operations.devices.schemas import DeviceSnIn, OperatedDevice
from iotyun.telemetry.public import TelemetryDep

router = APIRouter(tags=["operations"])


@router.get("/administrator/device")
async def device(
    sn: Annotated[str, Query(min_length=1, max_length=19)],
    _: DevicesOperator,
    session: SessionDep,
    settings: SettingsDep,
) -> Envelope[OperatedDevice]:
    return ok(await service.device(session, settings, sn))


@router.post("/administrator/device/vpn/query")
async def vpn_query(
    body: DeviceSnIn, actor: DevicesOperator, session: SessionDep, settings: SettingsDep, telemetry: TelemetryDep
) -> Envelope[OperatedDevice]:
    return ok(await service.vpn(session, settings, actor, telemetry, body.sn, "status"))


@router.post("/administrator/device/vpn/reset")
async def vpn_reset(
    body: DeviceSnIn, actor: DevicesOperator, session: SessionDep, settings: SettingsDep, telemetry: TelemetryDep
) -> Envelope[OperatedDevice]:
    return ok(await service.vpn(session, settings, actor, telemetry, body.sn, "reset"))


@router.post("/administrator/device/flowcard/query")
async def flow_card_query(
    body: DeviceSnIn, actor: DevicesOperator, session: SessionDep, settings: SettingsDep
) -> Envelope[OperatedDevice]:
    return ok(await service.flow_card(session, settings, actor, body.sn, activate=False))


@router.post("/administrator/device/flowcard/activate")
async def flow_card_activate(
    body: DeviceSnIn, actor: DevicesOperator, session: SessionDep, settings: SettingsDep
) -> Envelope[OperatedDevice]:
    return ok(await service.flow_card(session, settings, actor, body.sn, activate=True))
