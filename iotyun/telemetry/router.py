"""HTTP routes of telemetry (docs/api-telemetry.md): live values, control writes and passwords, history and its
export, device access facts, and the broker's authentication hooks (docs/device-protocol.md)."""

from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import Response

from iotyun.auth import service as auth_service
from iotyun.auth.dependencies import Anonymous, LoggedIn, require
from iotyun.core.deps import Actor, SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import EPOCH_MS_MAX, EPOCH_MS_MIN, HISTORY_WIDTH_DEFAULT, HISTORY_WIDTH_MAX, HISTORY_WIDTH_MIN
from iotyun.core.permissions import Perm
from iotyun.core.runtime import ClientIp, LimitersDep
from iotyun.core.spreadsheets import XLSX_RESPONSES, wants_english, xlsx_response
from iotyun.core.timezones import offset_minutes, zone_or_default
from iotyun.devices import service as device_service
from iotyun.telemetry import control, hooks, privileges, service, vpn
from iotyun.telemetry import history as hist
from iotyun.telemetry.broker import TOPIC_PREFIX
from iotyun.telemetry.dependencies import TelemetryDep
from iotyun.telemetry.schemas import (
    AccessOut,
    ControlsIn,
    ControlsOut,
    DevicePrivilegesOut,
    DeviceScreensOut,
    HookIn,
    LiveOut,
    VpnIn,
    VpnOut,
    WriteConfigOut,
    WriteIn,
    WriteOut,
)

router = APIRouter(tags=["telemetry"])

# deviceDetail/{id} is a P10000 page (SPEC §2): live values, history and writes are read through it.
DeviceViewer = Annotated[Actor, Depends(require(Perm.HOME))]


@router.get("/rDev")
@read_only
async def live_values(
    actor: DeviceViewer, session: SessionDep, telemetry: TelemetryDep, device_id: int
) -> Envelope[LiveOut]:
    return ok(await control.live(session, actor, telemetry, device_id))


@router.get("/yun/v2/rDev/config")
@read_only
async def write_config(actor: DeviceViewer, session: SessionDep, device_id: int) -> Envelope[WriteConfigOut]:
    return ok(await control.write_config(session, actor, device_id))


@router.get("/yun/v2/rDev/screens")
@read_only
async def device_screens(actor: DeviceViewer, session: SessionDep, device_id: int) -> Envelope[DeviceScreensOut]:
    return ok(await control.screens(session, actor, device_id))


@router.post("/yun/rDev")
async def write_value(
    actor: DeviceViewer, session: SessionDep, telemetry: TelemetryDep, body: WriteIn
) -> Envelope[WriteOut]:
    return ok(await control.write(session, actor, telemetry, body))


@router.get("/dev/privileges")
@read_only
async def device_privileges(actor: LoggedIn, session: SessionDep, device_id: int) -> Envelope[DevicePrivilegesOut]:
    # Any signed-in user, about a device they read (110506 otherwise): each item as the server would decide it.
    return ok(await privileges.device_privileges(session, actor, device_id))


@router.post("/dev/vpn")
async def switch_vpn(
    actor: DeviceViewer, session: SessionDep, telemetry: TelemetryDep, body: VpnIn
) -> Envelope[VpnOut]:
    # The device's owner or the tenant's administrator (telemetry/vpn.py).
    return ok(await vpn.switch(session, actor, telemetry, body))


@router.get("/dev/controls")
@read_only
async def get_controls(actor: DeviceViewer, session: SessionDep, device_id: int | None = None) -> Envelope[ControlsOut]:
    return ok(await control.controls(session, actor, device_id))


@router.put("/dev/controls")
async def put_controls(actor: DeviceViewer, session: SessionDep, body: ControlsIn) -> Envelope[ControlsOut]:
    return ok(await control.set_controls(session, actor, body))


@router.get("/dev/access")
@read_only
async def device_access(
    _: Anonymous,
    request: Request,
    session: SessionDep,
    telemetry: TelemetryDep,
    limiters: LimitersDep,
    ip: ClientIp,
    sn_code: str | None = None,
    x_device_secret: Annotated[str, Header()] = "",
) -> Envelope[AccessOut]:
    # Asked by the console (token, P10000) and by a gateway discovering its broker (SN + secret, like /dev/config).
    if sn_code is not None or x_device_secret:
        gateway = await device_service.authenticate_gateway_guarded(
            session, limiters.gateway_secret, sn_code or "", x_device_secret, ip
        )
        if gateway is None:
            raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="sn_code")
    else:
        actor = await auth_service.authenticate(session, request)
        if not actor.can(Perm.HOME):
            raise AppError(ErrorCode.NO_PRIVILEGE)
    host, port, embedded = telemetry.mqtt_public
    return ok(
        AccessOut(
            mqtt_host=host, mqtt_port=port, embedded=embedded, config_path="/api/dev/config", topic_prefix=TOPIC_PREFIX
        )
    )


# --- history ---------------------------------------------------------------------------------------------------------


def _json(data: dict[str, Any]) -> Response:
    # History series can hold 20,000 points: serialized once with orjson, not through a response model (DESIGN §5.13).
    body = ok(None).model_dump()
    body["data"] = data
    return Response(orjson.dumps(body), media_type="application/json")


Start = Annotated[int, Query(ge=EPOCH_MS_MIN, le=EPOCH_MS_MAX)]
Width = Annotated[int, Query(ge=HISTORY_WIDTH_MIN, le=HISTORY_WIDTH_MAX)]
Tz = Annotated[int, Query(ge=-840, le=840)]


def _tz(actor: Actor, tz: int | None, start: int) -> int:
    """The asked offset (minutes east of UTC), else the caller's effective zone's at the range's start: the history
    of a day is that day in the user's zone (docs/api-system.md "Time zones")."""
    return tz if tz is not None else offset_minutes(zone_or_default(actor.time_zone), start)


@router.get("/hDev")
@read_only
async def history_values(
    actor: DeviceViewer,
    session: SessionDep,
    telemetry: TelemetryDep,
    device_id: int,
    ids: str,
    start: Start,
    end: Start,
    bucket: str = "raw",
    agg: str = "avg",
    fill: str = "none",
    width: Width = HISTORY_WIDTH_DEFAULT,
    tz: Tz | None = None,
) -> Response:
    return _json(
        await service.device_history(
            session,
            actor,
            telemetry.configs,
            device_id,
            ids,
            hist.Query(start=start, end=end, bucket=bucket, agg=agg, fill=fill, width=width, tz=_tz(actor, tz, start)),
        )
    )


@router.get("/yun/his/export", responses=XLSX_RESPONSES)
@read_only
async def export_history(
    actor: DeviceViewer,
    session: SessionDep,
    telemetry: TelemetryDep,
    device_id: int,
    ids: str,
    start: Start,
    end: Start,
    bucket: str = "raw",
    agg: str = "avg",
    fill: str = "none",
    tz: Tz | None = None,
    confirm: int = 0,
) -> Response:
    return xlsx_response(
        await service.export_history(
            session,
            actor,
            telemetry.configs,
            device_id,
            ids,
            hist.Query(
                start=start,
                end=end,
                bucket=bucket,
                agg=agg,
                fill=fill,
                width=HISTORY_WIDTH_MAX,
                tz=_tz(actor, tz, start),
            ),
            accept_cap=bool(confirm),
            english=wants_english(),
        ),
        f"history-{device_id}.xlsx",
    )


# --- broker hooks ------------------------------------------------------------------------------------------------------


async def _hook_body(request: Request) -> HookIn:
    if request.headers.get("content-type", "").startswith("application/json"):
        try:
            raw = orjson.loads(await request.body())
        except orjson.JSONDecodeError:
            raw = {}
    else:
        raw = dict(await request.form())
    if not isinstance(raw, dict):
        raw = {}
    return HookIn.model_validate({k: str(v) for k, v in raw.items() if k in HookIn.model_fields and v is not None})


@router.post("/yun/validateReq/dev")
async def validate_device(_: Anonymous, request: Request, session: SessionDep, limiters: LimitersDep) -> dict[str, Any]:
    # Called by the broker, not the console: it reads the EMQX / mosquitto-go-auth answer shape, not the envelope.
    return await hooks.validate_device(session, limiters.gateway_secret, await _hook_body(request))


@router.post("/yun/validateReq/user")
async def validate_user(_: Anonymous, request: Request, telemetry: TelemetryDep) -> dict[str, Any]:
    return hooks.validate_service(telemetry, await _hook_body(request))
