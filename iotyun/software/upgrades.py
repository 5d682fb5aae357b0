"""Upgrades of gateways to a device-end version of the library (issue 34 points 2 and 3, docs/api-software.md
"Upgrades").

A rollout names a published device-end version and the devices to take it, each of them one the caller reads in
their own tenant (another tenant's, or a device shared from another tenant, is not found: 110506). Each device must
be updatable when the rollout starts: online (116007), not already upgrading (116008), of a model the version fits
(116009), and not already on that version or a newer one (116012); none chosen is 116013. Every refusal names the
device and changes nothing.

The rollout runs in waves: the first `first_wave` devices, then `step_percent` of all of them per wave; the runner
(software/runner.py) sends each device of the current wave its command, follows the gateways' reports
(software/device_reports.py), times out the silent, and moves to the next wave once every device of this one has
ended, unless the wave's failed share passed `failure_percent`: then the rollout pauses until someone resumes or
cancels it. Cancelling ends the devices that have not begun installing; an install under way is left to finish.
"""

import contextlib
import hashlib
import math
import secrets
import uuid
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.config import API_PREFIX
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import UPGRADE_LINK_S, UPGRADE_REASON_MAX
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.devices import hooks as device_hooks
from iotyun.devices import scope
from iotyun.devices.models import DEV_ONLINE, Device
from iotyun.software import repository as version_repo
from iotyun.software import semver_text, storage
from iotyun.software import upgrade_repository as repo
from iotyun.software.models import (
    DEVICE_ACTIVE,
    DEVICE_CANCELLED,
    DEVICE_DOWNLOAD_FAILED,
    DEVICE_DOWNLOADING,
    DEVICE_FINISHED,
    DEVICE_UPDATABLE,
    DEVICE_UPDATE_FAILED,
    DEVICE_UPDATED,
    DEVICE_UPDATING,
    MODE_FORCED,
    STATE_PUBLISHED,
    TYPE_DEVICE,
    UPGRADE_CANCELLED,
    UPGRADE_PAUSED,
    UPGRADE_RUNNING,
    SoftwareUpgrade,
    SoftwareUpgradeDevice,
    SoftwareVersion,
)
from iotyun.software.schemas import (
    UpgradeCandidateOut,
    UpgradeCandidatesOut,
    UpgradeCounts,
    UpgradeDeviceOut,
    UpgradeLinkOut,
    UpgradeOut,
    UpgradeStartIn,
)

_COUNT_NAMES = {
    DEVICE_UPDATABLE: "updatable",
    DEVICE_DOWNLOADING: "downloading",
    DEVICE_DOWNLOAD_FAILED: "download_failed",
    DEVICE_UPDATING: "updating",
    DEVICE_UPDATED: "updated",
    DEVICE_UPDATE_FAILED: "update_failed",
    DEVICE_CANCELLED: "cancelled",
}


class CommandSender(Protocol):
    """What publishes a command to a gateway: the telemetry runtime (`Telemetry.send_command`), handed over by the app
    so that the library does not import the data path (pyproject.toml's import contracts)."""

    async def send_command(self, sn: str, leaf: str, body: dict[str, Any]) -> None: ...


# The command topic of a gateway (docs/device-protocol.md "Upgrades").
COMMAND_LEAF = "upgrade"
FILE_PATH = f"{API_PREFIX}/software/upgrade/file"


# --- choosing devices ------------------------------------------------------------------------------------------------


async def _device_version(session: AsyncSession, actor: Actor, version_id: int) -> SoftwareVersion:
    """A published device-end version of the caller's library (116003 otherwise)."""
    row = await version_repo.version(session, actor.tenant_id, version_id)
    if row is None or row.type != TYPE_DEVICE or row.state != STATE_PUBLISHED:
        raise AppError(ErrorCode.SOFTWARE_VERSION_NOT_FOUND, field="version_id")
    return row


def refusal(
    version: SoftwareVersion, model: str, firmware: str, dev_state: int, upgrading: bool, can_upgrade: bool | None
) -> int | None:
    """Why this gateway cannot take `version` now (the code), or None. A gateway that said it cannot install an
    upgrade of itself (an agent run without its supervisor) is refused before anything is sent (110579); one that
    never said is tried."""
    if can_upgrade is False:
        return ErrorCode.COMMAND_NOT_SUPPORTED
    if model not in version.models:
        return ErrorCode.UPGRADE_MODEL_MISMATCH
    have, wanted = semver_text.reported(firmware), semver_text.reported(version.version)
    if have is not None and wanted is not None and have.compare(wanted) >= 0:
        return ErrorCode.UPGRADE_ALREADY_LATEST
    if upgrading:
        return ErrorCode.UPGRADE_IN_PROGRESS
    if dev_state != DEV_ONLINE:
        return ErrorCode.UPGRADE_DEVICE_OFFLINE
    return None


async def _own_readable(session: AsyncSession, actor: Actor) -> Any:
    """The devices the caller reads in their own tenant: a device shared from another tenant is not theirs to
    upgrade."""
    return (await scope.readable(session, actor)).where(Device.tenant_id == actor.tenant_id)


async def candidates(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    *,
    version_id: int,
    group_id: int | None,
    model: str,
    current: str,
    keyword: str,
    updatable_only: bool,
) -> UpgradeCandidatesOut:
    """The devices the caller may upgrade to the version, filtered, each with whether it is updatable now."""
    version = await _device_version(session, actor, version_id)
    readable = await _own_readable(session, actor)
    stmt = repo.candidate_rows(readable, group_id=group_id, model=model, current=current, keyword=keyword)
    rows = list(await session.execute(stmt))
    upgrading = await repo.upgrading_gateways(session, [int(r.gateway_id) for r in rows]) if rows else set()
    items: list[UpgradeCandidateOut] = []
    for r in rows:
        code = refusal(version, r.model, r.firmware_version, r.dev_state, int(r.gateway_id) in upgrading, r.can_upgrade)
        if updatable_only and code is not None:
            continue
        items.append(
            UpgradeCandidateOut(
                device_id=r.id,
                sn_code=r.sn,
                dev_alias=r.alias,
                group_id=r.group_id,
                group_name=r.group_name or "",
                dev_model=r.model,
                firmware_version=r.firmware_version,
                dev_state=r.dev_state,
                updatable=code is None,
                refusal=None if code is None else int(code),
            )
        )
    start = (params.page - 1) * params.page_size
    return UpgradeCandidatesOut(
        items=items[start : start + params.page_size],
        total=len(items),
        page=params.page,
        page_size=params.page_size,
        updatable_ids=[i.device_id for i in items if i.updatable],
        versions=await repo.firmware_versions(session, readable),
    )


# --- rollouts --------------------------------------------------------------------------------------------------------


def wave_sizes(total: int, first_wave: int, step_percent: int) -> list[int]:
    """How many devices each wave takes: `first_wave` (0: all), then `step_percent` of the total (at least one)."""
    if total <= 0:
        return []
    if first_wave <= 0 or first_wave >= total:
        return [total]
    sizes = [first_wave]
    step = max(1, math.ceil(total * step_percent / 100))
    left = total - first_wave
    while left > 0:
        sizes.append(min(step, left))
        left -= sizes[-1]
    return sizes


async def start(session: AsyncSession, actor: Actor, body: UpgradeStartIn) -> UpgradeOut:
    """Start a rollout (the rules: the module's docstring)."""
    device_ids = list(dict.fromkeys(body.device_ids))
    if not device_ids:
        raise AppError(ErrorCode.UPGRADE_NO_DEVICES, field="device_ids")
    version = await _device_version(session, actor, body.version_id)
    # Two rollouts started at once must not both take one device: they queue on the tenant's row.
    await version_repo.lock_library(session, actor.tenant_id)
    readable = (await _own_readable(session, actor)).where(Device.id.in_(device_ids))
    stmt = repo.candidate_rows(readable, group_id=None, model="", current="", keyword="")
    rows = {int(r.id): r for r in await session.execute(stmt)}
    missing = [d for d in device_ids if d not in rows]
    if missing:
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_ids")
    upgrading = await repo.upgrading_gateways(session, [int(r.gateway_id) for r in rows.values()])
    for device_id in device_ids:
        r = rows[device_id]
        code = refusal(version, r.model, r.firmware_version, r.dev_state, int(r.gateway_id) in upgrading, r.can_upgrade)
        if code is not None:
            raise AppError(code, field="device_ids", device=r.alias or r.sn)
    sizes = wave_sizes(len(device_ids), body.first_wave, body.step_percent)
    upgrade = SoftwareUpgrade(
        tenant_id=actor.tenant_id,
        version_id=version.id,
        to_version=version.version,
        mode=version.mode,
        state=UPGRADE_RUNNING,
        wave=0,
        waves=len(sizes),
        first_wave=body.first_wave if len(sizes) > 1 else 0,
        step_percent=body.step_percent if len(sizes) > 1 else 100,
        failure_percent=body.failure_percent,
        total=len(device_ids),
        created_by=actor.user_id,
    )
    session.add(upgrade)
    await session.flush()
    waves = [w for w, size in enumerate(sizes) for _ in range(size)]
    for device_id, wave in zip(device_ids, waves, strict=True):
        r = rows[device_id]
        session.add(
            SoftwareUpgradeDevice(
                tenant_id=actor.tenant_id,
                upgrade_id=upgrade.id,
                device_id=device_id,
                gateway_id=r.gateway_id,
                sn=r.sn,
                device_name=r.alias,
                model=r.model,
                from_version=r.firmware_version,
                to_version=version.version,
                wave=wave,
                state=DEVICE_UPDATABLE,
                req_id=uuid.uuid4().hex,
            )
        )
    await session.flush()
    return (await _outs(session, [upgrade]))[0]


async def _outs(session: AsyncSession, rows: list[SoftwareUpgrade]) -> list[UpgradeOut]:
    counted = await repo.counts(session, [r.id for r in rows])
    names = await version_repo.uploader_names(session, {r.created_by for r in rows if r.created_by is not None})
    return [
        UpgradeOut(
            id=r.id,
            version_id=r.version_id,
            to_version=r.to_version,
            mode=1 if r.mode == MODE_FORCED else 0,
            state=r.state,
            reason=r.reason,
            wave=r.wave,
            waves=r.waves,
            first_wave=r.first_wave,
            step_percent=r.step_percent,
            failure_percent=r.failure_percent,
            total=r.total,
            counts=UpgradeCounts(**{_COUNT_NAMES[s]: n for s, n in counted.get(r.id, {}).items() if s in _COUNT_NAMES}),
            created_by_name=names.get(r.created_by or 0, ""),
            created_at=epoch_ms(r.created_at) or 0,
            finished_at=epoch_ms(r.finished_at),
        )
        for r in rows
    ]


async def list_upgrades(
    session: AsyncSession, actor: Actor, params: PageParams, *, state: int | None, keyword: str
) -> Page[UpgradeOut]:
    rows, total = await paginate(session, repo.upgrades(actor.tenant_id, state, keyword), params)
    return Page(items=await _outs(session, rows), total=total, page=params.page, page_size=params.page_size)


async def _upgrade(session: AsyncSession, actor: Actor, upgrade_id: int) -> SoftwareUpgrade:
    row = await repo.upgrade(session, actor.tenant_id, upgrade_id)
    if row is None:
        raise AppError(ErrorCode.NOT_FOUND, field="id")
    return row


async def upgrade_info(session: AsyncSession, actor: Actor, upgrade_id: int) -> UpgradeOut:
    return (await _outs(session, [await _upgrade(session, actor, upgrade_id)]))[0]


async def pause(session: AsyncSession, actor: Actor, upgrade_id: int) -> UpgradeOut:
    """Hold the rollout: no more commands go out; what was sent runs on."""
    row = await _upgrade(session, actor, upgrade_id)
    if row.state != UPGRADE_RUNNING:
        raise AppError(ErrorCode.PARAM_INVALID, field="id")
    row.state, row.reason = UPGRADE_PAUSED, "by_user"
    await session.flush()
    return await upgrade_info(session, actor, upgrade_id)


async def resume(session: AsyncSession, actor: Actor, upgrade_id: int) -> UpgradeOut:
    """Run a paused rollout again; paused by its failure threshold, it goes on to its next wave."""
    row = await _upgrade(session, actor, upgrade_id)
    if row.state != UPGRADE_PAUSED:
        raise AppError(ErrorCode.PARAM_INVALID, field="id")
    if row.reason == "failure_threshold" and row.wave + 1 < row.waves:
        row.wave += 1
    row.state, row.reason = UPGRADE_RUNNING, ""
    await session.flush()
    return await upgrade_info(session, actor, upgrade_id)


async def cancel(
    session: AsyncSession, actor: Actor, upgrade_id: int, telemetry: CommandSender | None = None
) -> UpgradeOut:
    """End the rollout: its devices that have not begun installing are cancelled (a gateway downloading is told to
    stop); an install under way finishes and is recorded."""
    row = await _upgrade(session, actor, upgrade_id)
    if row.state not in (UPGRADE_RUNNING, UPGRADE_PAUSED):
        raise AppError(ErrorCode.PARAM_INVALID, field="id")
    now = utcnow()
    told: list[tuple[str, str]] = []
    for device in await repo.cancellable(session, row.id):
        if device.sent_at is not None:
            told.append((device.sn, device.req_id))
        end(device, DEVICE_CANCELLED, "cancelled", now)
    row.state, row.reason = UPGRADE_CANCELLED, "cancelled"
    if not await _any_installing(session, row.id):
        row.finished_at = now
    await session.flush()
    if telemetry is not None:
        for sn, req_id in told:
            # A gateway that does not hear it stops at its next report, which is refused.
            with contextlib.suppress(ConnectionError, TimeoutError):
                await telemetry.send_command(sn, COMMAND_LEAF, {"req_id": req_id, "op": "cancel", "ts": epoch_ms(now)})
    return await upgrade_info(session, actor, upgrade_id)


async def _any_installing(session: AsyncSession, upgrade_id: int) -> bool:
    return any(r.state == DEVICE_UPDATING for r, _, _ in await repo.in_flight(session, upgrade_id))


def end(device: SoftwareUpgradeDevice, state: int, reason: str, now: datetime) -> None:
    device.state = state
    device.reason = reason[:UPGRADE_REASON_MAX]
    device.finished_at = now
    device.link_digest = ""
    device.link_expires_at = None


async def tell_finished(session: AsyncSession, devices: list[SoftwareUpgradeDevice]) -> None:
    """The outgoing webhooks hear of each device upgrade that finished, on its version or failing to (not one
    cancelled: that is the person's act), in the transaction that records it (devices/hooks.py)."""
    events = [
        device_hooks.DeviceEvent(
            d.tenant_id,
            d.device_id,
            d.sn,
            d.device_name,
            device_hooks.UPGRADE_FINISHED,
            {
                "upgrade_id": d.upgrade_id,
                "result": _COUNT_NAMES[d.state],
                "from_version": d.from_version,
                "to_version": d.to_version,
                "reason": d.reason,
            },
        )
        for d in devices
        if d.device_id is not None and d.state in DEVICE_FINISHED
    ]
    if events:
        await device_hooks.device_event.call(session, events)


# --- history ---------------------------------------------------------------------------------------------------------


async def history(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    *,
    upgrade_id: int | None,
    device_id: int | None,
    state: int | None,
    keyword: str,
) -> Page[UpgradeDeviceOut]:
    """Device upgrades, newest first, of the devices the caller reads (the tenant's administrator: all of them,
    the gone included)."""
    readable = None if scope.reads_whole_tenant(actor, actor.tenant_id) else await _own_readable(session, actor)
    stmt = repo.history(
        actor.tenant_id, readable, upgrade_id=upgrade_id, device_id=device_id, state=state, keyword=keyword
    )
    rows, total = await paginate(session, stmt, params)
    starters = await repo.starters(session, {r.upgrade_id for r in rows})
    names = await version_repo.uploader_names(session, {c for c in starters.values() if c is not None})
    items = [
        UpgradeDeviceOut(
            id=r.id,
            upgrade_id=r.upgrade_id,
            device_id=r.device_id,
            sn_code=r.sn,
            dev_alias=r.device_name,
            dev_model=r.model,
            from_version=r.from_version,
            to_version=r.to_version,
            wave=r.wave,
            state=r.state,
            progress=r.progress,
            reason=r.reason,
            created_by_name=names.get(starters.get(r.upgrade_id) or 0, ""),
            created_at=epoch_ms(r.created_at) or 0,
            updated_at=epoch_ms(r.updated_at) or 0,
            finished_at=epoch_ms(r.finished_at),
        )
        for r in rows
    ]
    return Page(items=items, total=total, page=params.page, page_size=params.page_size)


# --- the gateway's side ----------------------------------------------------------------------------------------------


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_link(device: SoftwareUpgradeDevice, now: datetime) -> tuple[str, datetime]:
    """A new download link for the device's upgrade (the one before it stops working): its path with the token,
    and when it expires. Only the token's digest is stored."""
    token = secrets.token_urlsafe(24)
    expires = now + timedelta(seconds=UPGRADE_LINK_S)
    device.link_digest = digest(token)
    device.link_expires_at = expires
    return f"{FILE_PATH}?token={token}", expires


def command(
    device: SoftwareUpgradeDevice, version: SoftwareVersion, mode: int, url: str, now: datetime
) -> dict[str, Any]:
    """The `upgrade` command (docs/device-protocol.md "Upgrades")."""
    return {
        "req_id": device.req_id,
        "op": "upgrade",
        "version": version.version,
        "url": url,
        "sha256": version.sha256,
        "size": version.size,
        "mode": "forced" if mode == MODE_FORCED else "default",
        "ts": epoch_ms(now),
    }


def _gone() -> AppError:
    # A link that is unknown, expired, or of an upgrade that has ended: the gateway asks for a new one (link()), which
    # answers the same when the upgrade has ended.
    return AppError(ErrorCode.SOFTWARE_VERSION_NOT_FOUND, field="token", http_status=404)


async def _package(session: AsyncSession, device: SoftwareUpgradeDevice) -> SoftwareVersion:
    _, version = await repo.with_version(session, device.upgrade_id)
    if version is None:
        raise _gone()
    return version


async def package_for_link(session: AsyncSession, root: Path, token: str) -> storage.Package:
    """The package a gateway's download link names, while the link lives and its upgrade is under way."""
    if not 16 <= len(token) <= 64:
        raise _gone()
    found = await repo.by_link(session, digest(token))
    if found is None:
        raise _gone()
    device, version = found
    if device.state not in DEVICE_ACTIVE or device.link_expires_at is None or device.link_expires_at < utcnow():
        raise _gone()
    if version is None:
        raise _gone()
    package = await storage.package(root, version.file_key, version.file_name, version.sha256)
    if package is None:
        raise _gone()
    return package


async def new_link(session: AsyncSession, sn: str, req_id: str) -> UpgradeLinkOut:
    """A fresh download link for the gateway's upgrade `req_id` (its SN proven by the caller), while it is under way
    (116003 otherwise: the gateway gives the upgrade up)."""
    device = await repo.current_of_gateway(session, sn, req_id[:32])
    if device is None or device.sent_at is None:
        raise AppError(ErrorCode.SOFTWARE_VERSION_NOT_FOUND, field="req_id")
    version = await _package(session, device)
    url, expires = issue_link(device, utcnow())
    await session.flush()
    return UpgradeLinkOut(
        req_id=device.req_id, url=url, sha256=version.sha256, size=version.size, expires_at=epoch_ms(expires) or 0
    )
