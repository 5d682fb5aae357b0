"""Virtual-device rules (SPEC §3, §4): a 1.0 virtual device binds one readable device and records its firmware
version, a 2.0 one reads several member devices; a binding turns abnormal when the bound device's SN is gone
(unregistered, handed over, no longer shared) or its firmware changed, and a 1.0 binding is repaired by taking the
current firmware."""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import or_
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import VIRTUAL_NAME_MAX
from iotyun.core.pagination import LIKE_ESCAPE, Page, PageParams, like_pattern
from iotyun.devices import scope
from iotyun.devices.districts import service as districts
from iotyun.devices.groups import repository as group_repo
from iotyun.devices.groups import service as group_service
from iotyun.devices.models import Device, Gateway, VirtualDevice, VirtualDeviceMember
from iotyun.devices.virtual import hooks
from iotyun.devices.virtual import repository as repo
from iotyun.devices.virtual.schemas import (
    DEFAULT_PERMISSIONS,
    AbnormalReason,
    BatchCreateIn,
    BatchDeleteIn,
    BindingState,
    MemberOut,
    VirtualIn,
    VirtualOut,
    VirtualUpdateIn,
)
from iotyun.team import hooks as team_hooks

V1, V2 = "1.0", "2.0"
# Update fields where an explicit null means something (unbind, default group); for the others null means "unchanged".
NULLABLE = frozenset({"group_id", "device_id", "gps_device_id", "template_id"})


@dataclass(slots=True)
class Context:
    """What the answer needs beyond the virtual-device rows, loaded in a few queries for a whole page."""

    devices: dict[int, tuple[Device, Gateway]]
    shares: set[tuple[int, int]]
    members: dict[int, list[int]]
    groups: dict[int, str]
    templates: dict[tuple[int, int], str]


async def _context(session: AsyncSession, tenant_id: int, rows: list[VirtualDevice]) -> Context:
    members = await repo.members(session, [v.id for v in rows])
    ids = {i for v in rows for i in (v.device_id, v.gps_device_id) if i is not None}
    ids |= {i for m in members.values() for i in m}
    groups = {v.group_id for v in rows if v.group_id is not None}
    return Context(
        devices=await repo.bound_devices(session, ids),
        shares=await repo.shares(session, ids),
        members=members,
        groups=await group_repo.names(session, tenant_id, groups),
        templates=await hooks.template_names.ask(
            session, {(v.template_id, v.owner_id) for v in rows if v.template_id is not None}
        ),
    )


def _visible(ctx: Context, vd: VirtualDevice, device_id: int | None) -> tuple[Device, Gateway] | None:
    """The bound device when it still counts for `vd` (the same rule as repository.normal_condition)."""
    found = ctx.devices.get(device_id) if device_id is not None else None
    if found is None:
        return None
    device, _ = found
    if device.registered and (device.tenant_id == vd.tenant_id or (device.id, vd.owner_id) in ctx.shares):
        return found
    return None


def _alias(ctx: Context, vd: VirtualDevice, device_id: int | None) -> str:
    found = ctx.devices.get(device_id) if device_id is not None else None
    if found is None:
        return ""
    device, _ = found
    return device.alias if device.tenant_id == vd.tenant_id or _visible(ctx, vd, device_id) else ""


def binding(ctx: Context, vd: VirtualDevice) -> tuple[BindingState, AbnormalReason | None]:
    """("normal", None) or ("abnormal", reason) for one virtual device."""
    if vd.version == V2:
        ids = ctx.members.get(vd.id, [])
        if not ids or any(_visible(ctx, vd, i) is None for i in ids):
            return "abnormal", "sn_empty"
        return "normal", None
    bound = _visible(ctx, vd, vd.device_id)
    if bound is None:
        return "abnormal", "sn_empty"
    if bound[1].firmware_version != vd.firmware_version:
        return "abnormal", "version_differs"
    return "normal", None


def _out(ctx: Context, vd: VirtualDevice) -> VirtualOut:
    bound = _visible(ctx, vd, vd.device_id)
    gps = _visible(ctx, vd, vd.gps_device_id)
    state, reason = binding(ctx, vd)
    members = []
    for device_id in ctx.members.get(vd.id, []):
        member = _visible(ctx, vd, device_id)
        members.append(
            MemberOut(device_id=device_id, sn_code=member[0].sn if member else "", alias=_alias(ctx, vd, device_id))
        )
    return VirtualOut(
        id=vd.id,
        name=vd.name,
        group_id=vd.group_id,
        group_name=ctx.groups.get(vd.group_id, "") if vd.group_id is not None else "",
        address=vd.address,
        province_code=vd.province_code,
        city_code=vd.city_code,
        area_code=vd.area_code,
        area_name=districts.name_path(vd.province_code, vd.city_code, vd.area_code),
        contact_name=vd.contact_name,
        contact_phone=vd.contact_phone,
        device_id=vd.device_id,
        sn_code=bound[0].sn if bound else "",
        device_alias=_alias(ctx, vd, vd.device_id),
        gps_device_id=vd.gps_device_id,
        gps_sn_code=gps[0].sn if gps else "",
        template_id=vd.template_id,
        template_name=ctx.templates.get((vd.template_id, vd.owner_id)) if vd.template_id is not None else None,
        version=vd.version,
        firmware_version=vd.firmware_version,
        device_firmware_version=bound[1].firmware_version if bound else None,
        binding_state=state,
        abnormal_reason=reason,
        permissions=list(vd.permissions or []),
        members=members,
        created_at=epoch_ms(vd.created_at) or 0,
    )


async def _outs(session: AsyncSession, tenant_id: int, rows: list[VirtualDevice]) -> list[VirtualOut]:
    ctx = await _context(session, tenant_id, rows)
    return [_out(ctx, vd) for vd in rows]


async def list_virtual(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    *,
    q: str | None = None,
    group_id: int | None = None,
    binding_state: BindingState | None = None,
    version: str | None = None,
) -> Page[VirtualOut]:
    """A page of the caller's virtual devices (the tenant's for an administrator), newest first."""
    stmt = repo.owned(actor)
    if q:
        pattern = like_pattern(q.strip().lower())
        stmt = stmt.where(
            or_(
                VirtualDevice.name.ilike(pattern, escape=LIKE_ESCAPE),
                VirtualDevice.address.ilike(pattern, escape=LIKE_ESCAPE),
            )
        )
    if group_id is not None:
        stmt = stmt.where(VirtualDevice.group_id == group_id)
    if version:
        stmt = stmt.where(VirtualDevice.version == version)
    if binding_state == "normal":
        stmt = stmt.where(repo.normal_condition())
    elif binding_state == "abnormal":
        stmt = stmt.where(~repo.normal_condition())
    stmt = stmt.order_by(VirtualDevice.created_at.desc(), VirtualDevice.id.desc())
    rows, total = await repo.page(session, stmt, params.page, params.page_size)
    items = await _outs(session, actor.tenant_id, rows)
    return Page(items=items, total=total, page=params.page, page_size=params.page_size)


async def _owned(session: AsyncSession, actor: Actor, virtual_id: int) -> VirtualDevice:
    vd = await repo.one(session, actor, virtual_id)
    if vd is None:
        raise AppError(ErrorCode.VIRTUAL_DEVICE_NOT_FOUND, field="id")
    return vd


async def get(session: AsyncSession, actor: Actor, virtual_id: int) -> VirtualOut:
    """One of the caller's virtual devices."""
    vd = await _owned(session, actor, virtual_id)
    return (await _outs(session, actor.tenant_id, [vd]))[0]


async def _readable(session: AsyncSession, actor: Actor, device_id: int, field: str) -> Device:
    device = await scope.readable_device(session, actor, device_id)
    if device is None or not device.registered:
        raise AppError(ErrorCode.VIRTUAL_BOUND_DEVICE_NOT_FOUND, field=field)
    return device


async def _group_id(session: AsyncSession, actor: Actor, group_id: int | None) -> int:
    if group_id is None:
        return (await group_service.ensure_default_group(session, actor.tenant_id)).id
    if await group_repo.group(session, actor.tenant_id, group_id) is None:
        raise AppError(ErrorCode.DEVICE_GROUP_NOT_FOUND, field="group_id")
    return group_id


def _check_area(province: str, city: str, area: str) -> None:
    districts.check_path(province, city, area)


@dataclass(slots=True)
class Wanted:
    """A virtual device's requested state after merging an update into what is stored."""

    name: str
    group_id: int | None
    address: str
    province_code: str
    city_code: str
    area_code: str
    contact_name: str
    contact_phone: str
    device_id: int | None
    gps_device_id: int | None
    template_id: int | None
    version: str
    permissions: list[str]
    member_ids: list[int]


async def _validate(
    session: AsyncSession, actor: Actor, want: Wanted, current: VirtualDevice | None, current_members: list[int]
) -> tuple[int, str]:
    """Check `want` against the rules; the group id to store and the firmware version to record."""
    if await repo.name_taken(session, actor.tenant_id, want.name, exclude=current.id if current else None):
        raise AppError(ErrorCode.VIRTUAL_DEVICE_NAME_EXISTS, field="name")
    group_id = await _group_id(session, actor, want.group_id)
    _check_area(want.province_code, want.city_code, want.area_code)
    if want.template_id is not None and (current is None or want.template_id != current.template_id):
        # A template the caller reads: their own, or one shared with them (115001 otherwise).
        await hooks.check_template.ask(session, actor, want.template_id)
    firmware = current.firmware_version if current is not None and current.version == want.version else ""
    if want.version == V1:
        if want.member_ids:
            raise AppError(ErrorCode.VIRTUAL_DEVICE_VERSION_MISMATCH, field="member_ids")
        if want.device_id is None:
            firmware = ""
        elif current is None or want.device_id != current.device_id or current.version != V1:
            device = await _readable(session, actor, want.device_id, "device_id")
            firmware = (await repo.gateway_of(session, device)).firmware_version
    else:
        if want.device_id is not None:
            raise AppError(ErrorCode.VIRTUAL_DEVICE_VERSION_MISMATCH, field="device_id")
        if not want.member_ids:
            raise AppError(ErrorCode.VIRTUAL_DEVICE_ITEMS_EMPTY, field="member_ids")
        for device_id in want.member_ids:
            if device_id not in current_members:
                await _readable(session, actor, device_id, "member_ids")
        firmware = ""
    if want.gps_device_id is not None and (current is None or want.gps_device_id != current.gps_device_id):
        gps = await _readable(session, actor, want.gps_device_id, "gps_device_id")
        if not (await repo.gateway_of(session, gps)).has_gps and gps.latitude is None:
            raise AppError(ErrorCode.VIRTUAL_DEVICE_GPS_NOT_ALLOWED, field="gps_device_id")
    return group_id, firmware


def _apply(vd: VirtualDevice, want: Wanted, group_id: int, firmware: str) -> None:
    vd.name, vd.group_id, vd.address = want.name, group_id, want.address
    vd.province_code, vd.city_code, vd.area_code = want.province_code, want.city_code, want.area_code
    vd.contact_name, vd.contact_phone = want.contact_name, want.contact_phone
    vd.device_id, vd.gps_device_id, vd.template_id = want.device_id, want.gps_device_id, want.template_id
    vd.version, vd.permissions, vd.firmware_version = want.version, list(want.permissions), firmware


async def _set_members(session: AsyncSession, vd: VirtualDevice, member_ids: list[int]) -> None:
    existing = await repo.member_rows(session, vd.id)
    keep = set(member_ids)
    for row in existing:
        if row.device_id not in keep:
            await session.delete(row)
    have = {row.device_id for row in existing}
    for device_id in member_ids:
        if device_id not in have:
            session.add(VirtualDeviceMember(tenant_id=vd.tenant_id, virtual_device_id=vd.id, device_id=device_id))
    await session.flush()


async def create(session: AsyncSession, actor: Actor, body: VirtualIn) -> VirtualOut:
    """A new virtual device owned by the caller."""
    want = Wanted(**body.model_dump(exclude={"member_ids"}), member_ids=list(dict.fromkeys(body.member_ids)))
    group_id, firmware = await _validate(session, actor, want, None, [])
    vd = VirtualDevice(tenant_id=actor.tenant_id, owner_id=actor.user_id)
    _apply(vd, want, group_id, firmware)
    session.add(vd)
    await session.flush()
    await _set_members(session, vd, want.member_ids)
    return await get(session, actor, vd.id)


async def update(session: AsyncSession, actor: Actor, body: VirtualUpdateIn) -> VirtualOut:
    """Change a virtual device; fields left out stay, and switching version drops the other version's binding."""
    vd = await _owned(session, actor, body.id)
    current_members = (await repo.members(session, [vd.id])).get(vd.id, [])
    given: dict[str, Any] = {
        k: getattr(body, k)
        for k in body.model_fields_set
        if k != "id" and (getattr(body, k) is not None or k in NULLABLE)
    }
    version = given.get("version", vd.version)
    switched = version != vd.version
    want = Wanted(
        name=given.get("name", vd.name),
        group_id=given.get("group_id", vd.group_id),
        address=given.get("address", vd.address),
        province_code=given.get("province_code", vd.province_code),
        city_code=given.get("city_code", vd.city_code),
        area_code=given.get("area_code", vd.area_code),
        contact_name=given.get("contact_name", vd.contact_name),
        contact_phone=given.get("contact_phone", vd.contact_phone),
        device_id=given.get("device_id", None if switched else vd.device_id),
        gps_device_id=given.get("gps_device_id", vd.gps_device_id),
        template_id=given.get("template_id", vd.template_id),
        version=version,
        permissions=given.get("permissions", list(vd.permissions or DEFAULT_PERMISSIONS)),
        member_ids=list(dict.fromkeys(given.get("member_ids", [] if switched else current_members))),
    )
    group_id, firmware = await _validate(session, actor, want, vd, current_members)
    _apply(vd, want, group_id, firmware)
    await session.flush()
    await _set_members(session, vd, want.member_ids)
    return await get(session, actor, vd.id)


async def delete(session: AsyncSession, actor: Actor, virtual_id: int) -> None:
    """Delete one of the caller's virtual devices."""
    vd = await _owned(session, actor, virtual_id)
    await session.delete(vd)
    await session.flush()


async def repair(session: AsyncSession, actor: Actor, virtual_id: int) -> VirtualOut:
    """Take the bound device's current firmware version (1.0 only; a missing SN needs another device bound)."""
    vd = await _owned(session, actor, virtual_id)
    if vd.version == V2:
        raise AppError(ErrorCode.VIRTUAL_DEVICE_REPAIR_NOT_ALLOWED)
    ctx = await _context(session, actor.tenant_id, [vd])
    state, reason = binding(ctx, vd)
    if reason == "sn_empty":
        raise AppError(ErrorCode.VIRTUAL_DEVICE_BINDING_ABNORMAL, field="device_id")
    if state == "abnormal":
        bound = _visible(ctx, vd, vd.device_id)
        assert bound is not None
        vd.firmware_version = bound[1].firmware_version
        await session.flush()
    return _out(ctx, vd)


def _free_name(base: str, taken: set[str]) -> str:
    base = base[:VIRTUAL_NAME_MAX]
    if base not in taken:
        return base
    n = 2
    while True:
        suffix = f" ({n})"
        name = base[: VIRTUAL_NAME_MAX - len(suffix)] + suffix
        if name not in taken:
            return name
        n += 1


async def batch_create(session: AsyncSession, actor: Actor, body: BatchCreateIn) -> list[VirtualOut]:
    """One virtual device per readable device, named by its alias or SN; all or nothing."""
    group_id = await _group_id(session, actor, body.group_id)
    taken = await repo.names(session, actor.tenant_id)
    created: list[VirtualDevice] = []
    for device_id in dict.fromkeys(body.device_ids):
        device = await _readable(session, actor, device_id, "device_ids")
        firmware = (await repo.gateway_of(session, device)).firmware_version if body.version == V1 else ""
        name = _free_name(device.alias or device.sn, taken)
        taken.add(name)
        vd = VirtualDevice(
            tenant_id=actor.tenant_id,
            owner_id=actor.user_id,
            name=name,
            group_id=group_id,
            version=body.version,
            device_id=device.id if body.version == V1 else None,
            firmware_version=firmware,
            permissions=list(DEFAULT_PERMISSIONS),
        )
        session.add(vd)
        await session.flush()
        if body.version == V2:
            await _set_members(session, vd, [device.id])
        created.append(vd)
    return await _outs(session, actor.tenant_id, created)


async def batch_delete(session: AsyncSession, actor: Actor, body: BatchDeleteIn) -> None:
    """Delete several of the caller's virtual devices; all or nothing."""
    ids = list(dict.fromkeys(body.ids))
    rows = await repo.many(session, actor, ids)
    if len(rows) != len(ids):
        raise AppError(ErrorCode.VIRTUAL_DEVICE_NOT_FOUND, field="ids")
    for vd in rows:
        await session.delete(vd)
    await session.flush()


async def _holds_account(session: AsyncSession, tenant_id: int) -> ErrorCode | None:
    """Account cancellation waits for the tenant's virtual devices to go."""
    return ErrorCode.CANCEL_HAS_VIRTUAL_DEVICES if await repo.tenant_count(session, tenant_id) else None


team_hooks.cancellation_blocker.connect(_holds_account)
