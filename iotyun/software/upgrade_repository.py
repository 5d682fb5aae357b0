"""Every SELECT and UPDATE of upgrades (the session's tenant criteria apply to tenant sessions; the runner's and the
gateway reports' system sessions name what they touch by id)."""

from typing import Any, cast

from sqlalchemy import Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.devices.models import Device, DeviceGroup, Gateway
from iotyun.software.models import (
    DEVICE_ACTIVE,
    DEVICE_DOWNLOADING,
    DEVICE_UPDATABLE,
    UPGRADE_CANCELLED,
    UPGRADE_PAUSED,
    UPGRADE_RUNNING,
    SoftwareUpgrade,
    SoftwareUpgradeDevice,
    SoftwareVersion,
)


def candidate_rows(
    devices: Select[Any], *, group_id: int | None, model: str, current: str, keyword: str
) -> Select[Any]:
    """Over `devices` (a SELECT of the readable devices of the caller's tenant): each registered device with its
    gateway's model, version and state and its group's name, filtered."""
    stmt = (
        devices.with_only_columns(
            Device.id,
            Device.sn,
            Device.alias,
            Device.group_id,
            DeviceGroup.name.label("group_name"),
            Gateway.id.label("gateway_id"),
            Gateway.model,
            Gateway.firmware_version,
            Gateway.dev_state,
            Gateway.can_upgrade,
        )
        .join(Gateway, Gateway.id == Device.gateway_id)
        .outerjoin(DeviceGroup, DeviceGroup.id == Device.group_id)
        .where(Device.registered.is_(True))
        .order_by(Device.sn)
    )
    if group_id is not None:
        stmt = stmt.where(Device.group_id == group_id)
    if model:
        stmt = stmt.where(Gateway.model == model)
    if current:
        stmt = stmt.where(Gateway.firmware_version == current)
    if keyword:
        pattern = like_pattern(keyword)
        stmt = stmt.where(
            or_(Device.sn.ilike(pattern, escape=LIKE_ESCAPE), Device.alias.ilike(pattern, escape=LIKE_ESCAPE))
        )
    return cast(Select[Any], stmt)


async def upgrading_gateways(session: AsyncSession, gateway_ids: list[int] | None = None) -> set[int]:
    """Gateways with a device upgrade under way (waiting, downloading or installing) in a rollout that runs or is
    paused."""
    stmt = (
        select(SoftwareUpgradeDevice.gateway_id)
        .join(SoftwareUpgrade, SoftwareUpgrade.id == SoftwareUpgradeDevice.upgrade_id)
        .where(
            SoftwareUpgradeDevice.state.in_(DEVICE_ACTIVE),
            SoftwareUpgrade.state.in_((UPGRADE_RUNNING, UPGRADE_PAUSED)),
        )
    )
    if gateway_ids is not None:
        stmt = stmt.where(SoftwareUpgradeDevice.gateway_id.in_(gateway_ids))
    return {int(g) for g in (await session.execute(stmt)).scalars()}


async def version_in_use(session: AsyncSession, version_id: int) -> bool:
    stmt = select(SoftwareUpgrade.id).where(
        SoftwareUpgrade.version_id == version_id, SoftwareUpgrade.state.in_((UPGRADE_RUNNING, UPGRADE_PAUSED))
    )
    return (await session.execute(stmt.limit(1))).first() is not None


async def firmware_versions(session: AsyncSession, devices: Select[Any]) -> list[str]:
    stmt = (
        devices.with_only_columns(Gateway.firmware_version)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(Device.registered.is_(True), Gateway.firmware_version != "")
        .distinct()
        .order_by(Gateway.firmware_version)
    )
    return [str(v) for v in (await session.execute(stmt)).scalars()]


def upgrades(tenant_id: int, state: int | None, keyword: str) -> Select[Any]:
    stmt = (
        select(SoftwareUpgrade)
        .where(SoftwareUpgrade.tenant_id == tenant_id)
        .order_by(SoftwareUpgrade.created_at.desc(), SoftwareUpgrade.id.desc())
    )
    if state is not None:
        stmt = stmt.where(SoftwareUpgrade.state == state)
    if keyword:
        stmt = stmt.where(SoftwareUpgrade.to_version.ilike(like_pattern(keyword), escape=LIKE_ESCAPE))
    return stmt


async def upgrade(session: AsyncSession, tenant_id: int, upgrade_id: int) -> SoftwareUpgrade | None:
    stmt = select(SoftwareUpgrade).where(SoftwareUpgrade.tenant_id == tenant_id, SoftwareUpgrade.id == upgrade_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def starters(session: AsyncSession, upgrade_ids: set[int]) -> dict[int, int | None]:
    """Who started each rollout."""
    if not upgrade_ids:
        return {}
    stmt = select(SoftwareUpgrade.id, SoftwareUpgrade.created_by).where(SoftwareUpgrade.id.in_(upgrade_ids))
    return {int(i): c for i, c in await session.execute(stmt)}


async def counts(session: AsyncSession, upgrade_ids: list[int]) -> dict[int, dict[int, int]]:
    """Per rollout, how many of its devices are in each state."""
    if not upgrade_ids:
        return {}
    stmt = (
        select(SoftwareUpgradeDevice.upgrade_id, SoftwareUpgradeDevice.state, func.count())
        .where(SoftwareUpgradeDevice.upgrade_id.in_(upgrade_ids))
        .group_by(SoftwareUpgradeDevice.upgrade_id, SoftwareUpgradeDevice.state)
    )
    out: dict[int, dict[int, int]] = {}
    for upgrade_id, state, n in await session.execute(stmt):
        out.setdefault(int(upgrade_id), {})[int(state)] = int(n)
    return out


def history(
    tenant_id: int,
    readable: Select[Any] | None,
    *,
    upgrade_id: int | None,
    device_id: int | None,
    state: int | None,
    keyword: str,
) -> Select[SoftwareUpgradeDevice]:
    """Device upgrades, newest first, of the devices in `readable` (None: every device of the tenant)."""
    stmt = (
        select(SoftwareUpgradeDevice)
        .where(SoftwareUpgradeDevice.tenant_id == tenant_id)
        .order_by(SoftwareUpgradeDevice.created_at.desc(), SoftwareUpgradeDevice.id.desc())
    )
    if readable is not None:
        stmt = stmt.where(SoftwareUpgradeDevice.device_id.in_(readable.with_only_columns(Device.id)))
    if upgrade_id is not None:
        stmt = stmt.where(SoftwareUpgradeDevice.upgrade_id == upgrade_id)
    if device_id is not None:
        stmt = stmt.where(SoftwareUpgradeDevice.device_id == device_id)
    if state is not None:
        stmt = stmt.where(SoftwareUpgradeDevice.state == state)
    if keyword:
        pattern = like_pattern(keyword)
        stmt = stmt.where(
            or_(
                SoftwareUpgradeDevice.sn.ilike(pattern, escape=LIKE_ESCAPE),
                SoftwareUpgradeDevice.device_name.ilike(pattern, escape=LIKE_ESCAPE),
            )
        )
    return stmt


# --- the runner and the gateways' reports (system sessions) -----------------------------------------------------


async def open_upgrade_ids(session: AsyncSession) -> list[int]:
    """Rollouts the runner follows: running or paused, and cancelled ones whose last install has not ended."""
    stmt = select(SoftwareUpgrade.id).where(
        SoftwareUpgrade.state.in_((UPGRADE_RUNNING, UPGRADE_PAUSED))
        | ((SoftwareUpgrade.state == UPGRADE_CANCELLED) & SoftwareUpgrade.finished_at.is_(None))
    )
    return [int(i) for i in (await session.execute(stmt.order_by(SoftwareUpgrade.id))).scalars()]


async def with_version(session: AsyncSession, upgrade_id: int) -> tuple[SoftwareUpgrade | None, SoftwareVersion | None]:
    """A rollout and the version it installs (None once deleted)."""
    upgrade = await session.get(SoftwareUpgrade, upgrade_id)
    if upgrade is None or upgrade.version_id is None:
        return upgrade, None
    return upgrade, await session.get(SoftwareVersion, upgrade.version_id)


async def by_req_ids(session: AsyncSession, req_ids: list[str]) -> list[SoftwareUpgradeDevice]:
    stmt = select(SoftwareUpgradeDevice).where(SoftwareUpgradeDevice.req_id.in_(req_ids))
    return list((await session.execute(stmt)).scalars())


async def under_way(session: AsyncSession, keys: set[tuple[str, str]]) -> dict[tuple[str, str], SoftwareUpgradeDevice]:
    """The device upgrades under way named by (SN, req_id): one query for a batch of gateway reports."""
    if not keys:
        return {}
    stmt = select(SoftwareUpgradeDevice).where(
        SoftwareUpgradeDevice.req_id.in_([req_id for _, req_id in keys]),
        SoftwareUpgradeDevice.state.in_(DEVICE_ACTIVE),
    )
    rows = (await session.execute(stmt)).scalars()
    return {(r.sn, r.req_id): r for r in rows if (r.sn, r.req_id) in keys}


async def to_send(
    session: AsyncSession, upgrade: SoftwareUpgrade, limit: int
) -> list[tuple[SoftwareUpgradeDevice, int]]:
    """Device upgrades of the rollout's waves so far whose command has not gone out, with their gateway's state."""
    stmt = (
        select(SoftwareUpgradeDevice, Gateway.dev_state)
        .join(Gateway, Gateway.id == SoftwareUpgradeDevice.gateway_id)
        .where(
            SoftwareUpgradeDevice.upgrade_id == upgrade.id,
            SoftwareUpgradeDevice.wave <= upgrade.wave,
            SoftwareUpgradeDevice.state == DEVICE_UPDATABLE,
            SoftwareUpgradeDevice.sent_at.is_(None),
        )
        .order_by(SoftwareUpgradeDevice.id)
        .limit(limit)
    )
    return [(row, int(state)) for row, state in await session.execute(stmt)]


async def in_flight(session: AsyncSession, upgrade_id: int) -> list[tuple[SoftwareUpgradeDevice, str, int]]:
    """The rollout's device upgrades whose command went out and that have not ended, with their gateway's reported
    version and state."""
    stmt = (
        select(SoftwareUpgradeDevice, Gateway.firmware_version, Gateway.dev_state)
        .join(Gateway, Gateway.id == SoftwareUpgradeDevice.gateway_id)
        .where(
            SoftwareUpgradeDevice.upgrade_id == upgrade_id,
            SoftwareUpgradeDevice.state.in_(DEVICE_ACTIVE),
            SoftwareUpgradeDevice.sent_at.is_not(None),
        )
    )
    return [(row, str(version), int(state)) for row, version, state in await session.execute(stmt)]


async def wave_states(session: AsyncSession, upgrade_id: int, wave: int) -> dict[int, int]:
    """How many device upgrades of one wave are in each state."""
    stmt = (
        select(SoftwareUpgradeDevice.state, func.count())
        .where(SoftwareUpgradeDevice.upgrade_id == upgrade_id, SoftwareUpgradeDevice.wave == wave)
        .group_by(SoftwareUpgradeDevice.state)
    )
    return {int(s): int(n) for s, n in await session.execute(stmt)}


async def by_link(session: AsyncSession, digest: str) -> tuple[SoftwareUpgradeDevice, SoftwareVersion | None] | None:
    """The device upgrade a download link names and the version its rollout installs (None once deleted): one query,
    since each gateway asks it again for every range it resumes with."""
    stmt = (
        select(SoftwareUpgradeDevice, SoftwareVersion)
        .join(SoftwareUpgrade, SoftwareUpgrade.id == SoftwareUpgradeDevice.upgrade_id)
        .outerjoin(SoftwareVersion, SoftwareVersion.id == SoftwareUpgrade.version_id)
        .where(SoftwareUpgradeDevice.link_digest == digest)
    )
    row = (await session.execute(stmt)).one_or_none()
    return None if row is None else (row[0], row[1])


async def current_of_gateway(session: AsyncSession, sn: str, req_id: str) -> SoftwareUpgradeDevice | None:
    """The gateway's device upgrade `req_id`, if it is under way."""
    stmt = select(SoftwareUpgradeDevice).where(
        SoftwareUpgradeDevice.sn == sn,
        SoftwareUpgradeDevice.req_id == req_id,
        SoftwareUpgradeDevice.state.in_(DEVICE_ACTIVE),
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def cancellable(session: AsyncSession, upgrade_id: int) -> list[SoftwareUpgradeDevice]:
    """The rollout's device upgrades that have not begun installing: waiting or downloading."""
    stmt = select(SoftwareUpgradeDevice).where(
        SoftwareUpgradeDevice.upgrade_id == upgrade_id,
        SoftwareUpgradeDevice.state.in_((DEVICE_UPDATABLE, DEVICE_DOWNLOADING)),
    )
    return list((await session.execute(stmt)).scalars())
