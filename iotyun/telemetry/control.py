"""Live values of a device and control writes: a write reaches the gateway only when every SPEC §6 rule holds (user
write right, device write right, online, range, control password), and every attempt is in the device log."""

import math
import uuid
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import security
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor, keep_on_error
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import CONTROL_PASSWORD_MAX, CONTROL_PASSWORD_MIN
from iotyun.core.permissions import DEVICE_EDIT, DEVICE_WRITE
from iotyun.devices import hooks as device_hooks
from iotyun.devices import scope
from iotyun.devices import service as device_service
from iotyun.devices.devlog import write_log
from iotyun.devices.models import DEV_ONLINE, Device
from iotyun.telemetry import configs
from iotyun.telemetry import repository as repo
from iotyun.telemetry.configs import Source
from iotyun.telemetry.models import ControlSetting
from iotyun.telemetry.schemas import (
    ControlsIn,
    ControlsOut,
    DeviceScreensOut,
    LiveItem,
    LiveOut,
    WriteConfigOut,
    WriteIn,
    WriteOut,
)
from iotyun.templates import service as template_service
from iotyun.templates.screens import service as screen_service

if TYPE_CHECKING:
    from iotyun.telemetry.runtime import Telemetry


async def readable_device(session: AsyncSession, actor: Actor, device_id: int) -> Device:
    """A registered device the caller reads (110506 otherwise)."""
    device = await scope.readable_device(session, actor, device_id)
    if device is None or not device.registered:
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_id")
    return device


def user_can_write(actor: Actor) -> bool:
    """SPEC §6 "user write permission": administrators always; others through their role's device permissions."""
    return actor.may_device(DEVICE_WRITE)


async def _password_hash(session: AsyncSession, device: Device) -> str:
    """The password that guards this device's controls: its own, else its tenant's default ("" = none)."""
    if device.control_password_hash:
        return device.control_password_hash
    setting = await repo.control_setting(session, device.tenant_id)
    return setting.password_hash if setting else ""


async def screens(session: AsyncSession, actor: Actor, device_id: int) -> DeviceScreensOut:
    """The screens the device shows, as its template's latest publication froze them (issue 16): what a device screen,
    the configuration monitor and the carousel draw. Another tenant's device, or one the caller does not read,
    answers 110506 as a missing one."""
    device = await readable_device(session, actor, device_id)
    published = await template_service.published_screens(session, device.sn)
    if published is None:
        return DeviceScreensOut(device_id=device.id, template_id=None, release=None, screens=[])
    template, publication = published
    return DeviceScreensOut(
        device_id=device.id,
        template_id=template.id,
        release=publication.release,
        screens=screen_service.runtime_screens(template, publication.snapshot),
    )


async def live(session: AsyncSession, actor: Actor, telemetry: "Telemetry", device_id: int) -> LiveOut:
    """The device's published data sources with their latest values."""
    device = await readable_device(session, actor, device_id)
    out = await device_service.get_device(session, actor, device_id)
    config = await configs.load(session, device.sn)
    latest = telemetry.cache.get(device.id)
    published = await template_service.published_screens(session, device.sn)
    words = {} if published is None else screen_service.state_texts(published[1].snapshot)
    items = []
    if config is not None:
        for source in config.sources.values():
            value = latest.get(source.id)
            items.append(
                LiveItem(
                    id=source.id,
                    name=source.name,
                    group_id=source.group_id,
                    group_name=config.groups.get(source.group_id or 0, ""),
                    data_type=source.data_type,
                    rw=source.rw,
                    unit=source.unit,
                    decimals=source.decimals,
                    min_value=source.min_value,
                    max_value=source.max_value,
                    string_length=source.string_length,
                    value=None if value is None else value[0],
                    ts=None if value is None else value[1],
                    quality=None if value is None else value[2],
                    state_texts=words.get(source.id, []),
                )
            )
    return LiveOut(
        device_id=device.id,
        sn_code=device.sn,
        dev_alias=device.alias,
        dev_state=out.dev_state or 2,
        report_time=out.report_time,
        template_id=None if config is None else config.template_id,
        template_version=None if config is None else config.version,
        can_write=out.can_write and user_can_write(actor),
        password_required=bool(await _password_hash(session, device)),
        device_password_set=bool(device.control_password_hash),
        offline_timeout_ms=round(telemetry.settings.offline_after_seconds * 1000),
        items=items,
    )


async def write_config(session: AsyncSession, actor: Actor, device_id: int) -> WriteConfigOut:
    device = await readable_device(session, actor, device_id)
    out = await device_service.get_device(session, actor, device_id)
    return WriteConfigOut(
        user_can_write=user_can_write(actor),
        device_can_write=out.can_write,
        online=out.dev_state == DEV_ONLINE,
        password_required=bool(await _password_hash(session, device)),
        device_password_set=bool(device.control_password_hash),
    )


def checked_value(source: Source, raw: Any) -> Any:
    """The value as the gateway gets it, or 110516 when it is not a value of the source's type and range."""
    if source.kind == "bool":
        if isinstance(raw, bool):
            return raw
        if raw in (0, 1, "0", "1", "true", "false"):
            return raw in (1, "1", "true")
        raise AppError(ErrorCode.VALUE_OUT_OF_RANGE, field="value")
    if source.kind == "str":
        if not isinstance(raw, str) or len(raw) > 2 * (source.string_length or 127):
            raise AppError(ErrorCode.VALUE_OUT_OF_RANGE, field="value")
        return raw
    try:
        if isinstance(raw, bool):
            raise ValueError
        number = float(raw)
    except (TypeError, ValueError):
        raise AppError(ErrorCode.VALUE_OUT_OF_RANGE, field="value") from None
    if not math.isfinite(number):
        raise AppError(ErrorCode.VALUE_OUT_OF_RANGE, field="value")
    if (source.min_value is not None and number < source.min_value) or (
        source.max_value is not None and number > source.max_value
    ):
        raise AppError(
            ErrorCode.VALUE_OUT_OF_RANGE,
            field="value",
        )
    return int(number) if number.is_integer() and source.data_type in configs.INTEGER_TYPES else number


async def write(
    session: AsyncSession, actor: Actor, telemetry: "Telemetry", body: WriteIn, *, via: dict[str, Any] | None = None
) -> WriteOut:
    """Check every rule, send the write and wait for the gateway's acknowledgement (docs/api-telemetry.md). `via`
    goes into the log entry's detail (a write through a share link: {"via": "share_link", "link_id": …})."""
    device = await readable_device(session, actor, body.device_id)
    config = await configs.load(session, device.sn)
    source = None if config is None else config.sources.get(body.data_source_id)
    if source is None or source.rw != "rw":
        raise AppError(ErrorCode.DATA_ITEM_UNBOUND, field="data_source_id")
    if not user_can_write(actor):
        raise AppError(ErrorCode.NO_WRITE_PERMISSION)
    out = await device_service.get_device(session, actor, device.id)
    if not out.can_write:
        raise AppError(ErrorCode.DEVICE_WRITE_FORBIDDEN)
    latest = telemetry.cache.get(device.id).get(source.id)
    old_value = None if latest is None else latest[0]
    detail: dict[str, Any] = {"data_source_id": source.id, "name": source.name, "old_value": old_value, **(via or {})}

    async def refuse(code: ErrorCode, result: str, field: str | None = None) -> AppError:
        keep_on_error(session)
        await write_log(
            session, device.tenant_id, device, "write", actor, {**detail, "value": body.value, "result": result}
        )
        return AppError(code, field=field)

    if out.dev_state != DEV_ONLINE:
        raise await refuse(ErrorCode.DEVICE_OFFLINE, "offline")
    try:
        value = checked_value(source, body.value)
    except AppError:
        raise await refuse(ErrorCode.VALUE_OUT_OF_RANGE, "range", "value") from None
    detail["value"] = value
    password_hash = await _password_hash(session, device)
    # The control's own rule (docs/decisions.md "A control's password"): the password it names must exist, else
    # nothing is written, whatever text comes with the write. The one checked is the device's guard below.
    if body.password_mode == "device" and not device.control_password_hash:  # noqa: S105 - a mode
        raise await refuse(ErrorCode.CONTROL_DEVICE_PASSWORD_NOT_SET, "password_not_set", "password")
    if body.password_mode == "global" and not password_hash:  # noqa: S105 - a mode
        raise await refuse(ErrorCode.CONTROL_PASSWORD_NOT_SET, "password_not_set", "password")
    if password_hash:
        if not body.password:
            raise await refuse(ErrorCode.CONTROL_PASSWORD_REQUIRED, "password_required", "password")
        if not await security.verify_password(password_hash, body.password):
            raise await refuse(ErrorCode.CONTROL_PASSWORD_WRONG, "password_wrong", "password")
    req_id = uuid.uuid4().hex
    message = {"req_id": req_id, "id": source.id, "value": value, "ts": epoch_ms(utcnow())}
    try:
        ack = await telemetry.send_write(device.sn, message)
    except (TimeoutError, ConnectionError):
        raise await refuse(ErrorCode.DEVICE_TIMEOUT, "timeout") from None
    if not ack.get("ok"):
        reason = str(ack.get("error") or "")[:100]
        detail["error"] = reason
        raise await refuse(ErrorCode.WRITE_FAILED, "failed")
    acked = ack.get("value", value)
    await write_log(session, device.tenant_id, device, "write", actor, {**detail, "value": acked, "result": "ok"})
    # The outgoing webhooks hear it with the log entry, in the request's transaction (devices/hooks.py).
    written = {
        "data_source_id": source.id,
        "name": source.name,
        "value": acked,
        "old_value": old_value,
        "user_name": actor.user_name,
        **(via or actor.via or {}),
    }
    event = device_hooks.DeviceEvent(
        device.tenant_id, device.id, device.sn, device.alias, device_hooks.VALUE_WRITTEN, written
    )
    await device_hooks.device_event.call(session, [event])
    return WriteOut(
        req_id=req_id, value=acked, old_value=old_value, ack_time=int(ack.get("ts") or epoch_ms(utcnow()) or 0)
    )


# --- control passwords -----------------------------------------------------------------------------------------------


async def controls(session: AsyncSession, actor: Actor, device_id: int | None) -> ControlsOut:
    setting = await repo.control_setting(session, actor.tenant_id)
    device_set = False
    if device_id is not None:
        device_set = bool((await readable_device(session, actor, device_id)).control_password_hash)
    return ControlsOut(global_password_set=bool(setting and setting.password_hash), device_password_set=device_set)


async def set_controls(session: AsyncSession, actor: Actor, body: ControlsIn) -> ControlsOut:
    """Set or clear the tenant's default control password (administrator) or a device's own (its owner)."""
    password = body.password
    if password is not None and not CONTROL_PASSWORD_MIN <= len(password) <= CONTROL_PASSWORD_MAX:
        raise AppError(ErrorCode.PARAM_INVALID, field="password")
    hashed = await security.hash_password(password) if password else ""
    if body.device_id is None:
        if not actor.is_admin:
            raise AppError(ErrorCode.NO_PRIVILEGE)
        setting = await repo.control_setting(session, actor.tenant_id)
        if setting is None:
            setting = ControlSetting(tenant_id=actor.tenant_id)
            session.add(setting)
        setting.password_hash = hashed
        setting.updated_by = actor.user_id
        await session.flush()
    else:
        actor.need_device(DEVICE_EDIT)
        device = await device_service.owned_device(session, actor, body.device_id, ErrorCode.NO_CANCEL_RIGHT)
        device.control_password_hash = hashed
        await write_log(session, device.tenant_id, device, "control_password", actor, {"set": bool(hashed)})
    return await controls(session, actor, body.device_id)
