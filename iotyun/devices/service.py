"""Device registry rules: registering an SN (creating its gateway or proving its secret), unregistering, editing the
site facts, the device list and its counts, and the helpers other domains use (write_log, default_group,
count_registered, set_state). The broker's gateway accounts hear of registrations and releases (accounts.py).
Sharing and hand-over live in sharing.py, spreadsheets in files.py, flow cards in cards.py. Every function flushes
and never commits."""

from collections.abc import Iterable
from typing import Any

from pydantic import TypeAdapter
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import access, readcache, security
from iotyun.core.config import Settings
from iotyun.core.context import lang_var
from iotyun.core.db import epoch_ms, from_epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import GATEWAY_FIRMWARE_MAX, GATEWAY_IP_MAX, GATEWAY_MODEL_MAX, SHARE_USERS_MAX, SN_RE
from iotyun.core.pagination import Page, PageParams
from iotyun.core.permissions import DEVICE_EDIT
from iotyun.core.ratelimit import GatewaySecretGuard
from iotyun.core.texts import shown_name
from iotyun.core.video_addresses import address_problem
from iotyun.devices import accounts, devlog, flowcards, flowsamples, hooks, scope
from iotyun.devices import repository as repo
from iotyun.devices.districts import service as district_service
from iotyun.devices.groups import repository as group_repo
from iotyun.devices.groups import service as group_service
from iotyun.devices.models import DEV_ONLINE, Device, DeviceGroup, DeviceLog, Gateway
from iotyun.devices.repository import DeviceFilter, DeviceRow
from iotyun.devices.schemas import (
    DeviceDetailOut,
    DeviceLogOut,
    DeviceOut,
    DeviceRegisterIn,
    DeviceUpdateIn,
    GroupState,
    ModelCount,
    Relation,
    SnCheckOut,
    StateInfoOut,
)
from iotyun.team import hooks as team_hooks
from iotyun.team import service as team_service

# Site fields a registration or an edit may set, as named in the request bodies.
SITE_FIELDS = (
    "alias",
    "address",
    "province_code",
    "city_code",
    "area_code",
    "contact_name",
    "contact_phone",
    "contact_email",
    "site_type",
)

# The one device-log writer (devices/devlog.py), exported here for other domains as the contract names it.
write_log = devlog.write_log

# The schemes a device's own video address takes (its form always took them: a camera's rtsp stream, a gateway's ws).
DEVICE_VIDEO_SCHEMES = ("http", "https", "rtsp", "rtmp", "ws", "wss")


# --- helpers for other domains ---------------------------------------------------------------------------------


async def default_group(session: AsyncSession, tenant_id: int) -> DeviceGroup:
    """The tenant's default device group, created on first use (the groups package owns it)."""
    return await group_service.ensure_default_group(session, tenant_id)


async def count_registered(session: AsyncSession, tenant_id: int) -> int:
    """Registered devices of the tenant (account cancellation waits for none)."""
    return await repo.count_registered(session, tenant_id)


async def purge_tenant(session: AsyncSession, tenant_id: int) -> None:
    """Account cancellation: delete the tenant's device rows (only unregistered ones remain by then)."""
    await repo.delete_tenant_devices(session, tenant_id)


async def _holds_account(session: AsyncSession, tenant_id: int) -> ErrorCode | None:
    """Account cancellation waits for the tenant's registered devices to go (an unregistered row does not hold it)."""
    return ErrorCode.CANCEL_HAS_DEVICES if await count_registered(session, tenant_id) else None


team_hooks.cancellation_blocker.connect(_holds_account)
team_hooks.tenant_purge.connect(purge_tenant)


async def authenticate_gateway(session: AsyncSession, sn: str, secret: str) -> Gateway | None:
    """The gateway behind an SN and its secret (a gateway fetching its configuration, a broker's auth hook), or None
    for an unknown SN or a wrong secret alike."""
    gateway = await repo.gateway_by_sn(session, sn)
    if gateway is None or not secret or not await security.verify_password(gateway.secret_hash, secret):
        return None
    # The one moment the server holds the secret in plain besides registration: the broker's account follows it
    # (gateways registered before the broker kept accounts, secrets changed since).
    if accounts.listener_of(session) is not None and await repo.registered_by_sn(session, sn) is not None:
        await accounts.keyed(session, gateway.sn, secret)
    return gateway


async def authenticate_gateway_guarded(
    session: AsyncSession, guard: GatewaySecretGuard, sn: str, secret: str, address: str | None
) -> Gateway | None:
    """authenticate_gateway behind the device-secret throttle (docs/security.md "Throttles"): 100008 while `sn` from
    `address` (None when unknown) has had too many wrong secrets (per pair, per SN, per address:
    core.ratelimit.GatewaySecretGuard); a wrong or right secret is counted."""
    key = sn[:64]
    if guard.refused(key, address):
        raise AppError(ErrorCode.TOO_MANY_REQUESTS)
    gateway = await authenticate_gateway(session, sn, secret)
    if gateway is None:
        guard.failed(key, address)
    else:
        guard.succeeded(key, address)
    return gateway


async def set_state(
    session: AsyncSession,
    gateway_id: int,
    dev_state: int,
    ip: str | None = None,
    firmware_version: str | None = None,
    flow_used_mb: float | None = None,
    *,
    model: str | None = None,
    vpn: tuple[bool, str] | None = None,
    can_upgrade: bool | None = None,
) -> list[int]:
    """Telemetry: a gateway went online or offline (with what it said of itself: its card's used flow sets the card
    of each of its devices when it rises, devices/flowsamples.py); logs a change on each registered device of it and returns
    their ids."""
    gateway = await repo.gateway(session, gateway_id)
    if gateway is None:
        return []
    changed = gateway.dev_state != dev_state
    gateway.dev_state = dev_state
    if ip is not None:
        gateway.ip = ip
    if firmware_version:
        gateway.firmware_version = firmware_version[:GATEWAY_FIRMWARE_MAX]
    if model:
        gateway.model = model[:GATEWAY_MODEL_MAX]
    if can_upgrade is not None:
        gateway.can_upgrade = can_upgrade
    if vpn is not None:
        gateway.vpn_state, gateway.vpn_ip = vpn[0], vpn[1][:GATEWAY_IP_MAX]
        if not vpn[0]:
            gateway.vpn_opened_by = None
    if dev_state == DEV_ONLINE:
        gateway.report_time = utcnow()
    await session.flush()
    devices = await repo.registered_on_gateway(session, gateway_id)
    if flow_used_mb is not None:
        for device in devices:
            card = await repo.flow_card(session, device.id)
            if card is not None:
                flowsamples.gateway_reported(session, card, flow_used_mb)
        await session.flush()
    if changed:
        action = "online" if dev_state == DEV_ONLINE else "offline"
        for device in devices:
            await write_log(session, device.tenant_id, device, action, None, {"ip": ip} if ip else None)
        # The outgoing webhooks hear it in this transaction (devices/hooks.py).
        event = hooks.DEVICE_ONLINE if dev_state == DEV_ONLINE else hooks.DEVICE_OFFLINE
        data = {"ip": ip} if ip else {}
        told = [hooks.DeviceEvent(d.tenant_id, d.id, d.sn, d.alias, event, data) for d in devices]
        if told:
            await hooks.device_event.call(session, told)
    return [d.id for d in devices]


async def touch_report_times(session: AsyncSession, gateway_ids: list[int]) -> None:
    """Telemetry: these gateways reported just now (report_time)."""
    await repo.touch_report_times(session, gateway_ids, utcnow())


async def gateway_states(session: AsyncSession, device_ids: set[int]) -> dict[int, int]:
    """dev_state per device id (the caller has checked that it may read them)."""
    return await repo.gateway_states(session, device_ids) if device_ids else {}


async def registered_sns(session: AsyncSession) -> set[str]:
    """The SNs some tenant has registered (the broker keeps gateway accounts for these alone)."""
    return await repo.registered_sns(session)


async def existing_sns(session: AsyncSession, sns: Iterable[str]) -> list[str]:
    """Which of `sns` have a gateway (the demo's simulated gateways)."""
    return await repo.existing_sns(session, sns)


async def online_gateway_ids(session: AsyncSession) -> list[int]:
    """The gateways the database calls online (the watchdog's starting point after a restart)."""
    return await repo.online_gateway_ids(session)


# --- object access ---------------------------------------------------------------------------------------------


async def owned_device(session: AsyncSession, actor: Actor, device_id: int, not_owner: ErrorCode) -> Device:
    """A device the caller owns; `not_owner` when they only read it, 110506 when they do not even see it."""
    device = await scope.manageable_device(session, actor, device_id)
    if device is not None:
        return device
    if await scope.readable_device(session, actor, device_id) is not None:
        raise AppError(not_owner, field="id")
    raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="id")


async def _group_or_default(session: AsyncSession, tenant_id: int, group_id: int | None) -> DeviceGroup:
    if group_id is None:
        return await default_group(session, tenant_id)
    group = await group_repo.group(session, tenant_id, group_id)
    if group is None:
        raise AppError(ErrorCode.DEVICE_GROUP_NOT_FOUND, field="group_id")
    return group


def _check_area(province: str, city: str, area: str) -> None:
    district_service.check_path(province, city, area)


# --- DeviceOut -------------------------------------------------------------------------------------------------


def _relation(row: DeviceRow, actor: Actor, groups: set[int] | None) -> Relation:
    own_tenant = row.tenant_id == actor.tenant_id
    if own_tenant and row.owner_id == actor.user_id:
        return "owner"
    if own_tenant and actor.is_admin:
        return "admin"
    if row.distribution_write is not None:
        return "distribution"
    if own_tenant and groups and row.owner_group_id in groups:
        return "group"
    return "share"


def _shown_group(row: DeviceRow, actor: Actor) -> tuple[int | None, str | None]:
    """The group a device shows in to the caller. A receiver who filed a share in one of their own groups sees it
    there (their filing is private: nobody else sees it). A device shared from another tenant and not filed sits in
    no group of the receiver's (the owner's group and its name stay the owner's): the console lists it as shared
    with them. Anything else shows in its own group."""
    if row.share_group_id is not None:
        return row.share_group_id, row.share_group_name
    if row.tenant_id != actor.tenant_id:
        return None, None
    return row.group_id, row.group_name


def device_out(row: DeviceRow, actor: Actor, groups: set[int] | None) -> DeviceOut:
    """The common device object (docs/api-devices.md) of one detail row (repository.DeviceRow)."""
    relation = _relation(row, actor, groups)
    if relation in ("distribution", "share"):
        can_write = bool(row.distribution_write or row.share_write) and row.allow_write
    else:
        can_write = row.allow_write
    group_id, group_name = _shown_group(row, actor)
    # An unregistered row joins no gateway (repository._GATEWAY_ON): its gateway facts read as null. Built without
    # validation: every value comes typed from the database row (a page of 20 validated cost ~150 µs).
    return DeviceOut.model_construct(
        id=row.id,
        sn_code=row.sn,
        alias=row.alias,
        dev_model=row.model,
        firmware_version=row.firmware_version,
        back_end_version=row.back_end_version,
        shipment_no=row.shipment_no,
        group_id=group_id,
        group_name=group_name,
        address=row.address,
        province_code=row.province_code,
        city_code=row.city_code,
        area_code=row.area_code,
        area_name=district_service.name_path(row.province_code, row.city_code, row.area_code),
        contact_name=row.contact_name,
        contact_phone=row.contact_phone,
        contact_email=row.contact_email,
        site_type=row.site_type,
        remark=row.remark,
        video_url=row.video_url,
        registered=row.registered,
        registered_at=epoch_ms(row.registered_at) if row.registered else None,
        dev_state=row.dev_state,
        ip=row.ip,
        report_time=epoch_ms(row.report_time),
        vpn_state=row.vpn_state,
        vpn_ip=row.vpn_ip,
        flow_card=row.iccid,
        latitude=row.latitude,
        longitude=row.longitude,
        owner_id=row.owner_id,
        owner_name=row.owner_name,
        relation=relation,
        can_manage=relation == "owner",
        can_write=can_write,
        created_at=epoch_ms(row.created_at) or 0,
    )


async def get_device(session: AsyncSession, actor: Actor, device_id: int) -> DeviceOut:
    """One readable device (110506 otherwise)."""
    row = await repo.device_row(session, actor, device_id)
    if row is None:
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="id")
    return device_out(row, actor, await team_service.group_scope(session, actor))


async def detail(session: AsyncSession, settings: Settings, actor: Actor, device_id: int) -> DeviceDetailOut:
    """A readable device with its share counts and its flow card."""
    out = await get_device(session, actor, device_id)
    shares = await repo.share_count(session, device_id) if out.can_manage else 0
    card = await repo.flow_card(session, device_id)
    provider = flowcards.provider_for(settings).name
    return DeviceDetailOut(
        **out.model_dump(),
        share_count=shares,
        share_remaining=max(SHARE_USERS_MAX - shares, 0) if out.can_manage else 0,
        flow_card_info=flowcards.card_out(card, provider) if card is not None else None,
    )


# --- list ------------------------------------------------------------------------------------------------------


async def list_devices(
    session: AsyncSession, actor: Actor, params: PageParams, f: DeviceFilter, sort: str, order: str
) -> Page[DeviceOut]:
    """A page of the devices the caller reads."""
    rows, total = await repo.devices_page(session, actor, f, params, sort=sort, order=order)
    groups = await team_service.group_scope(session, actor)
    return Page(
        items=[device_out(r, actor, groups) for r in rows], total=total, page=params.page, page_size=params.page_size
    )


# Everything a page's answer is made of: who sees which device (scope.VISIBILITY_TABLES), the gateway's facts (state
# and report time change with every report), the group, owner and flow card shown beside each device.
PAGE_TABLES = (*scope.VISIBILITY_TABLES, "gateway", "device_group", "flow_card")
_PAGE_TYPE: TypeAdapter[Page[DeviceOut]] = TypeAdapter(Page[DeviceOut])


async def list_devices_json(
    session: AsyncSession, actor: Actor, params: PageParams, f: DeviceFilter, sort: str, order: str
) -> bytes:
    """`list_devices` as the JSON of the envelope's data, kept in the read cache (core.readcache) until one of
    PAGE_TABLES is written or IOTYUN_READ_CACHE_SECONDS pass: a page asked again (a console's list refreshing, many
    operators on one tenant) costs a dictionary lookup instead of three statements and twenty models. Any gateway
    report empties it, so under live data it serves the requests between reports (docs/decisions.md)."""
    cache = readcache.caches(session).cache("device_page", PAGE_TABLES, maxsize=512)
    key = repo.cache_key(actor, f, sort, order, params.page, params.page_size, lang_var.get())

    async def compute() -> bytes:
        return _PAGE_TYPE.dump_json(await list_devices(session, actor, params, f, sort, order))

    body: bytes = await cache.fetch(key, compute)
    return body


async def state_info(session: AsyncSession, actor: Actor) -> StateInfoOut:
    """Counts of the readable devices by state, model and group."""
    by_state, by_model, by_group = await repo.state_info(session, actor)
    online = offline = unregistered = 0
    for registered, dev_state, n in by_state:
        if not registered:
            unregistered += n
        elif dev_state == DEV_ONLINE:
            online += n
        else:
            offline += n
    groups: dict[int | None, GroupState] = {}
    for group_id, group_name, dev_state, n in by_group:
        g = groups.setdefault(group_id, GroupState(group_id=group_id, group_name=group_name, online=0, offline=0))
        if dev_state == DEV_ONLINE:
            g.online += n
        else:
            g.offline += n
    return StateInfoOut(
        total=online + offline + unregistered,
        online=online,
        offline=offline,
        unregistered=unregistered,
        virtual_devices=await repo.virtual_count(session, actor),
        by_model=[ModelCount(model=m, count=n) for m, n in by_model],
        by_group=list(groups.values()),
    )


async def check_sn(session: AsyncSession, actor: Actor, sn: str) -> SnCheckOut:
    """What registering `sn` would meet: a valid SN, a known gateway, a registration here or elsewhere."""
    sn = sn.strip()
    valid = bool(SN_RE.fullmatch(sn))
    known = valid and await repo.gateway_by_sn(session, sn) is not None
    holder = await repo.registered_by_sn(session, sn) if known else None
    return SnCheckOut(
        sn_code=sn,
        valid=valid,
        known=known,
        registered_here=holder is not None and holder.tenant_id == actor.tenant_id,
        registered_elsewhere=holder is not None and holder.tenant_id != actor.tenant_id,
    )


# --- register, unregister, edit --------------------------------------------------------------------------------


def _taken(holder: Device, actor: Actor) -> AppError:
    if holder.tenant_id == actor.tenant_id:
        return AppError(ErrorCode.DEVICE_REGISTERED, field="sn_code")
    return AppError(ErrorCode.DEVICE_REGISTERED_BY_OTHER, field="sn_code")


# A secret checked ahead of registering: the hash for a gateway not yet known, True when it matched the known one's.
SecretCheck = str | bool


async def check_secret(session: AsyncSession, sn: str, secret: str) -> SecretCheck:
    """The argon2 work of registering `sn` with `secret`, done before any write (a device import runs it for every
    row first, so the database's write lock is not held while hundreds of secrets are hashed)."""
    gateway = await repo.gateway_by_sn(session, sn)
    if gateway is None:
        return await security.hash_password(secret, device=True)
    return await security.verify_password(gateway.secret_hash, secret)


async def register(
    session: AsyncSession,
    actor: Actor,
    body: DeviceRegisterIn,
    *,
    action: str = "register",
    group: DeviceGroup | None = None,
    checked: SecretCheck | None = None,
) -> Device:
    """Register an SN to the caller: an unknown SN creates its gateway with the given secret, a known one needs it.
    `checked` is the secret's check made ahead, before the caller took the write lock (check_secret)."""
    if group is None:
        group = await _group_or_default(session, actor.tenant_id, body.group_id)
    given = {name: getattr(body, name) for name in SITE_FIELDS if getattr(body, name) is not None}
    revived = await repo.unregistered_here(session, actor.tenant_id, body.sn_code)
    area = [given.get(k, getattr(revived, k) if revived else "") for k in ("province_code", "city_code", "area_code")]
    _check_area(*area)
    holder = await repo.registered_by_sn(session, body.sn_code)
    if holder is not None:
        raise _taken(holder, actor)
    gateway = await repo.gateway_by_sn(session, body.sn_code)
    if gateway is None:
        secret_hash = checked if isinstance(checked, str) else await security.hash_password(body.secret, device=True)
        gateway = Gateway(sn=body.sn_code, secret_hash=secret_hash)
        session.add(gateway)
    elif checked is not True and not await security.verify_password(gateway.secret_hash, body.secret):
        raise AppError(ErrorCode.REGISTER_CODE_WRONG, field="secret")
    try:
        async with session.begin_nested():
            await session.flush()
            device = revived or Device(tenant_id=actor.tenant_id, sn=body.sn_code)
            device.gateway_id = gateway.id
            device.owner_id = actor.user_id
            device.registered = True
            device.registered_at = utcnow()
            device.group_id = group.id
            for name, value in given.items():
                setattr(device, name, value)
            session.add(device)
            await session.flush()
    except IntegrityError as exc:
        # Another request registered the SN between the check and the write (partial unique index).
        holder = await repo.registered_by_sn(session, body.sn_code)
        raise (_taken(holder, actor) if holder else AppError(ErrorCode.DEVICE_REGISTERED_BY_OTHER)) from exc
    await write_log(session, actor.tenant_id, device, action, actor, {"group_id": group.id})
    await accounts.keyed(session, device.sn, body.secret)
    return device


async def unregister(session: AsyncSession, actor: Actor, device_id: int) -> None:
    """Release the SN: the row stays (unregistered, site facts kept) and every grant on it goes."""
    device = await owned_device(session, actor, device_id, ErrorCode.NO_CANCEL_RIGHT)
    if not device.registered:
        raise AppError(ErrorCode.DEVICE_NOT_REGISTERED, field="id")
    device.registered = False
    await repo.delete_grants(session, [device.id])
    await session.flush()
    access.changed(session, devices=[device.id])
    await write_log(session, actor.tenant_id, device, "unregister", actor, None)
    await accounts.released(session, device.sn)


async def update(
    session: AsyncSession, actor: Actor, body: DeviceUpdateIn, settings: Settings | None = None
) -> DeviceOut:
    """Edit a device's site facts (owner only); logs the changed fields. A video address naming a loopback, private
    or link-local host is refused (100025 `video_url`; a private network's camera is allowed) unless IOTYUN_VIDEO_ALLOW_PRIVATE (docs/api-video.md
    "Addresses"); `settings` None (callers inside the server) skips that check."""
    actor.need_device(DEVICE_EDIT)
    device = await owned_device(session, actor, body.id, ErrorCode.NO_CANCEL_RIGHT)
    values: dict[str, Any] = {
        name: getattr(body, name)
        for name in (*SITE_FIELDS, "group_id", "remark", "video_url", "allow_write")
        if name in body.model_fields_set and getattr(body, name) is not None
    }
    video_url = values.get("video_url")
    if settings is not None and video_url and address_problem(video_url, settings, DEVICE_VIDEO_SCHEMES, lan=True):
        raise AppError(ErrorCode.URL_INVALID, field="video_url")
    if "group_id" in values:
        await _group_or_default(session, actor.tenant_id, values["group_id"])
    if {"province_code", "city_code", "area_code"} & values.keys():
        _check_area(*(values.get(k, getattr(device, k)) for k in ("province_code", "city_code", "area_code")))
    changed = sorted(name for name, value in values.items() if getattr(device, name) != value)
    for name in changed:
        setattr(device, name, values[name])
    await session.flush()
    if changed:
        await write_log(session, actor.tenant_id, device, "edit", actor, {"fields": changed})
    return await get_device(session, actor, device.id)


# --- device log ------------------------------------------------------------------------------------------------


async def device_log(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    *,
    device_id: int | None,
    sn: str | None,
    action: str | None,
    start: int | None,
    end: int | None,
) -> Page[DeviceLogOut]:
    """The device log of the devices the caller reads (the administrator: the tenant's whole log)."""
    rows, total = await repo.logs_page(
        session,
        actor,
        params,
        device_id=device_id,
        sn=(sn or "").strip() or None,
        action=action or None,
        start=from_epoch_ms(start),
        # Times travel as whole milliseconds: `end` includes its whole millisecond.
        end=from_epoch_ms(end + 1 if end is not None else None),
    )
    refs = [_refs(r.detail) for r in rows]
    user_ids = {int(key[5:]) for keys in refs for key in keys if key.startswith("user:")}
    group_ids = {int(key[6:]) for keys in refs for key in keys if key.startswith("group:")}
    names = {f"user:{i}": n for i, n in (await repo.user_names_in(session, actor.tenant_id, user_ids)).items()}
    names |= {
        f"group:{i}": shown_name(n) for i, n in (await group_repo.names(session, actor.tenant_id, group_ids)).items()
    }
    items = [_log_out(r, {key: names[key] for key in keys if key in names}) for r, keys in zip(rows, refs, strict=True)]
    return Page(items=items, total=total, page=params.page, page_size=params.page_size)


# Detail keys that name users or groups by id (write_log callers), and what they name.
_LOG_REFS = {"user_ids": "user", "from_user_id": "user", "group_id": "group"}


def _refs(detail: dict[str, Any] | None) -> list[str]:
    """ "user:<id>" / "group:<id>" for each id a log detail names."""
    refs: list[str] = []
    for key, kind in _LOG_REFS.items():
        value = (detail or {}).get(key)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, int) and not isinstance(item, bool):
                refs.append(f"{kind}:{item}")
    return refs


def _log_out(r: DeviceLog, names: dict[str, str]) -> DeviceLogOut:
    return DeviceLogOut(
        id=r.id,
        time=epoch_ms(r.time) or 0,
        device_id=r.device_id,
        sn=r.sn,
        action=r.action,
        user_name=r.user_name,
        detail=r.detail,
        names=names,
    )
