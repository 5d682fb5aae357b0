"""Video cloud accounts (docs/api-video.md): one account a tenant, bound by its administrator with an app key and
secret the cloud accepts (a token is fetched on bind); the secret and the token are sealed at rest and never
answered nor logged; the token is renewed by the server when it is expired or near its end, once for concurrent
requests (a lock a tenant). Holders of the area's code list the account's cameras and get their live addresses,
each address checked before it is handed out."""

import logging
import re
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import sealing
from iotyun.core.config import Settings
from iotyun.core.db import as_utc, epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import VIDEO_APP_KEY_MAX, VIDEO_CAMERA_NAME_MAX, VIDEO_SECRET_MAX, has_control_characters
from iotyun.core.video_addresses import address_problem
from iotyun.devices import hooks as device_hooks
from iotyun.templates import access
from iotyun.video import repository as repo
from iotyun.video.models import TemplateVideo, VideoAccount
from iotyun.video.providers import Camera, ProviderError, WrongKey
from iotyun.video.providers.base import LiveProtocol
from iotyun.video.runtime import HeldToken, VideoRuntime, runtime_of
from iotyun.video.schemas import (
    CameraOut,
    CameraSlot,
    LiveAddressOut,
    TemplateVideoIn,
    TemplateVideoOut,
    VideoAccountIn,
    VideoAccountOut,
    VideoTokenOut,
)

log = logging.getLogger(__name__)

APP_KEY_RE = re.compile(rf"^[A-Za-z0-9_-]{{1,{VIDEO_APP_KEY_MAX}}}$")
SERIAL_RE = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
# A token is renewed when it has this little left (or less than half its life, for short-lived tokens).
RENEW_MARGIN = timedelta(seconds=60)


def _need_admin(actor: Actor) -> None:
    if not actor.is_admin:
        raise AppError(ErrorCode.NO_PRIVILEGE)


def _account_out(row: VideoAccount) -> VideoAccountOut:
    return VideoAccountOut(
        provider=row.provider,
        app_key=row.app_key,
        has_secret=bool(row.sealed_secret),
        bound_at=epoch_ms(row.created_at) or 0,
        bound_by=row.bound_by,
    )


async def _bound(session: AsyncSession, actor: Actor) -> VideoAccount:
    row = await repo.account(session, actor.tenant_id)
    if row is None:
        raise AppError(ErrorCode.THIRD_PARTY_ACCOUNT_NOT_BOUND)
    return row


def _fresh(expires_at: datetime, fetched_at: datetime | None) -> bool:
    margin = RENEW_MARGIN
    if fetched_at is not None:
        margin = min(margin, (as_utc(expires_at) - as_utc(fetched_at)) / 2)
    return as_utc(expires_at) - utcnow() > margin


async def _fetch(rt: VideoRuntime, app_key: str, secret: str) -> tuple[str, datetime]:
    """A new token, or 110351 (the cloud refuses the key) / 110353 (it failed)."""
    try:
        return await rt.provider.token(app_key, secret)
    except WrongKey:
        raise AppError(ErrorCode.THIRD_PARTY_ACCOUNT_INVALID, field="app_key") from None
    except ProviderError as e:
        log.warning("video cloud token failed (%s): %s", rt.provider.name, e)
        raise AppError(ErrorCode.THIRD_PARTY_TOKEN_FAILED) from None


def _keep(rt: VideoRuntime, row: VideoAccount, token: str, expires_at: datetime, settings: Settings) -> None:
    now = utcnow()
    row.sealed_token = sealing.seal(token, settings)
    row.token_expires_at = expires_at
    row.token_fetched_at = now
    rt.tokens[row.tenant_id] = HeldToken(row.id, row.app_key, token, as_utc(expires_at))


async def _token(
    session: AsyncSession, settings: Settings, rt: VideoRuntime, row: VideoAccount, *, renew: bool = False
) -> str:
    """The account's token: held by this process, or kept in the row by another, while fresh; else a new one
    fetched, once for concurrent requests of the tenant."""
    async with rt.lock(row.tenant_id):
        held = rt.tokens.get(row.tenant_id)
        if held is not None and held.account_id == row.id and held.app_key == row.app_key:
            if not renew and _fresh(held.expires_at, None):
                return held.token
        elif (
            not renew
            and row.sealed_token
            and row.token_expires_at is not None
            and _fresh(row.token_expires_at, row.token_fetched_at)
        ):
            try:
                token = sealing.unseal(row.sealed_token, settings)
            except sealing.SealError:
                token = ""
            if token:
                rt.tokens[row.tenant_id] = HeldToken(row.id, row.app_key, token, as_utc(row.token_expires_at))
                return token
        try:
            secret = sealing.unseal(row.sealed_secret, settings)
        except sealing.SealError:
            log.warning("a video account's secret does not open with this server's seal key (tenant %s)", row.tenant_id)
            raise AppError(ErrorCode.THIRD_PARTY_TOKEN_FAILED) from None
        token, expires_at = await _fetch(rt, row.app_key, secret)
        _keep(rt, row, token, expires_at, settings)
        await session.flush()
        log.info("video cloud token renewed (tenant %s, provider %s)", row.tenant_id, rt.provider.name)
        return token


# --- the account ---------------------------------------------------------------------------------------------------


async def get_account(session: AsyncSession, actor: Actor) -> VideoAccountOut | None:
    """The tenant's account, None when none is bound."""
    row = await repo.account(session, actor.tenant_id)
    return None if row is None else _account_out(row)


async def bind(
    session: AsyncSession, actor: Actor, settings: Settings, rt: VideoRuntime, body: VideoAccountIn
) -> VideoAccountOut:
    """Bind the tenant's account (its administrator): 110350 when one is bound; the key and secret must give a
    token (110351 refused, 110353 the cloud failed)."""
    _need_admin(actor)
    app_key = body.app_key.strip()
    if not APP_KEY_RE.match(app_key):
        raise AppError(ErrorCode.PARAM_INVALID, field="app_key")
    secret = body.app_secret
    if not 1 <= len(secret) <= VIDEO_SECRET_MAX or has_control_characters(secret) or secret.strip() != secret:
        raise AppError(ErrorCode.PARAM_INVALID, field="app_secret")
    if await repo.account(session, actor.tenant_id) is not None:
        raise AppError(ErrorCode.THIRD_PARTY_ACCOUNT_EXISTS, field="app_key")
    token, expires_at = await _fetch(rt, app_key, secret)
    row = VideoAccount(
        tenant_id=actor.tenant_id,
        provider=rt.provider.name,
        app_key=app_key,
        sealed_secret=sealing.seal(secret, settings),
        bound_by=actor.user_id,
    )
    session.add(row)
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError:
        raise AppError(ErrorCode.THIRD_PARTY_ACCOUNT_EXISTS, field="app_key") from None
    _keep(rt, row, token, expires_at, settings)
    await session.flush()
    log.info("video account bound (tenant %s, provider %s)", actor.tenant_id, rt.provider.name)
    return _account_out(row)


async def unbind(session: AsyncSession, actor: Actor, rt: VideoRuntime) -> None:
    _need_admin(actor)
    row = await _bound(session, actor)
    await session.delete(row)
    await session.flush()
    rt.forget(actor.tenant_id)
    log.info("video account unbound (tenant %s)", actor.tenant_id)


async def token_state(session: AsyncSession, actor: Actor, settings: Settings, rt: VideoRuntime) -> VideoTokenOut:
    """The server's token: renewed first when expired or near its end (110353 when that fails)."""
    row = await _bound(session, actor)
    await _token(session, settings, rt, row)
    return VideoTokenOut(
        bound=True,
        provider=row.provider,
        valid=row.token_expires_at is not None and as_utc(row.token_expires_at) > utcnow(),
        expires_at=epoch_ms(row.token_expires_at),
        fetched_at=epoch_ms(row.token_fetched_at),
    )


# --- cameras and live addresses ---------------------------------------------------------------------------------------


async def cameras(session: AsyncSession, actor: Actor, settings: Settings, rt: VideoRuntime) -> list[CameraOut]:
    row = await _bound(session, actor)
    found: list[Camera] = []
    for renew in (False, True):
        token = await _token(session, settings, rt, row, renew=renew)
        try:
            found = await rt.provider.cameras(token)
            break
        except ProviderError as e:
            if renew:
                log.warning("video cloud cameras failed (%s): %s", rt.provider.name, e)
                raise AppError(ErrorCode.THIRD_PARTY_TOKEN_FAILED) from None
    return [CameraOut(serial=c.serial, channel=c.channel, name=c.name, online=c.online) for c in found]


async def live_address(
    session: AsyncSession,
    actor: Actor,
    settings: Settings,
    rt: VideoRuntime,
    serial: str,
    channel: int,
    protocol: LiveProtocol,
) -> LiveAddressOut:
    """A camera channel's live address, checked (100025 `url` when the cloud gave one this server does not hand
    out: docs/api-video.md "Addresses")."""
    if not SERIAL_RE.match(serial):
        raise AppError(ErrorCode.PARAM_INVALID, field="serial")
    row = await _bound(session, actor)
    url = ""
    for renew in (False, True):
        token = await _token(session, settings, rt, row, renew=renew)
        try:
            url = await rt.provider.live_address(token, serial, channel, protocol)
            break
        except ProviderError as e:
            if renew:
                log.warning("video cloud live address failed (%s): %s", rt.provider.name, e)
                raise AppError(ErrorCode.THIRD_PARTY_TOKEN_FAILED, field="serial") from None
    if address_problem(url, settings) is not None:
        raise AppError(ErrorCode.URL_INVALID, field="url")
    return LiveAddressOut(serial=serial, channel=channel, protocol=protocol, url=url)


# --- a template's camera slots -------------------------------------------------------------------------------------


def _slots(cameras: list[CameraSlot]) -> list[CameraSlot]:
    """The slots as stored, or 100004 naming the slot's field at fault (a serial and channel once)."""
    out: list[CameraSlot] = []
    seen: set[tuple[str, int]] = set()
    for i, slot in enumerate(cameras):
        name = slot.name.strip()
        if not 1 <= len(name) <= VIDEO_CAMERA_NAME_MAX or has_control_characters(name):
            raise AppError(ErrorCode.PARAM_INVALID, field=f"cameras.{i}.name")
        serial = slot.serial.strip()
        if not SERIAL_RE.match(serial):
            raise AppError(ErrorCode.PARAM_INVALID, field=f"cameras.{i}.serial")
        if (serial, slot.channel) in seen:
            raise AppError(ErrorCode.PARAM_INVALID, field=f"cameras.{i}.channel")
        seen.add((serial, slot.channel))
        out.append(CameraSlot(name=name, serial=serial, channel=slot.channel))
    return out


def _template_out(template_id: int, row: TemplateVideo | None) -> TemplateVideoOut:
    if row is None:
        return TemplateVideoOut(template_id=template_id, cameras=[], updated_at=None)
    return TemplateVideoOut(
        template_id=template_id,
        cameras=[CameraSlot.model_validate(c) for c in row.cameras or []],
        updated_at=epoch_ms(row.updated_at),
    )


async def template_cameras(session: AsyncSession, actor: Actor, template_id: int) -> TemplateVideoOut:
    """A template's camera slots (the template read: 115001 otherwise, another tenant's too)."""
    held = await access.template_for(session, actor, template_id, "view")
    row = await repo.template_video(session, held.template.tenant_id, held.template.id)
    return _template_out(held.template.id, row)


async def save_template_cameras(session: AsyncSession, actor: Actor, body: TemplateVideoIn) -> TemplateVideoOut:
    """Replace a template's camera slots (its `design` item)."""
    held = await access.template_for(session, actor, body.template_id, "design")
    slots = [s.model_dump() for s in _slots(body.cameras)]
    template = held.template
    row = await repo.template_video(session, template.tenant_id, template.id)
    if row is None:
        row = TemplateVideo(tenant_id=template.tenant_id, template_id=template.id, cameras=slots)
        session.add(row)
    else:
        row.cameras = slots
        row.updated_at = utcnow()
    await session.flush()
    return _template_out(template.id, row)


async def slot_address(session: AsyncSession, actor: Actor, state: object, template_id: int, slot: int) -> str:
    """The live address of a template's camera slot `slot` (by index) as `actor` plays it; "" when the template has
    no such slot. Asked through devices.hooks.camera_slot_address by a share link's page, for a camera element or
    card of a device the link shows (the link's creator as the actor: their tenant's video cloud account)."""
    cameras = (await template_cameras(session, actor, template_id)).cameras
    if not 0 <= slot < len(cameras):
        return ""
    settings: Settings = state.settings  # type: ignore[attr-defined]
    rt = runtime_of(state, settings)
    chosen = cameras[slot]
    return (await live_address(session, actor, settings, rt, chosen.serial, chosen.channel, "hls")).url


device_hooks.camera_slot_address.connect(slot_address)
