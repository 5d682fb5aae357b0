"""App keys: made, listed and revoked by their owners in the console; and the check of every call signed with one,
which answers auth's `app_key_actor` hook with the owner's actor narrowed to the key's scopes (docs/api-system.md
"Open API"). The owner's rights are read at each call (a locked owner, a role narrowed: the key follows at once); a
revoked or expired key is refused at its next call."""

import ipaddress
import secrets
from dataclasses import replace
from datetime import timedelta

from fastapi import Request
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import hooks as auth_hooks
from iotyun.auth import repository as auth_repo
from iotyun.auth import service as auth_service
from iotyun.auth.models import RequestNonce
from iotyun.core import security
from iotyun.core.addresses import client_address
from iotyun.core.db import as_utc, epoch_ms, from_epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    APP_KEY_IPS_MAX,
    APP_KEY_NAME_MAX,
    APP_KEY_SKEW_S,
    APP_KEYS_PER_USER_MAX,
    has_control_characters,
)
from iotyun.system.appkeys import repository as repo
from iotyun.system.appkeys import scopes as scope_table
from iotyun.system.appkeys import signing
from iotyun.system.appkeys.models import AppKey
from iotyun.system.appkeys.schemas import AppKeyCreatedOut, AppKeyIn, AppKeyOut, AppKeyState

# --- the console: a user's keys -----------------------------------------------------------------------------------


def _state(row: AppKey) -> AppKeyState:
    if row.revoked_at is not None:
        return "revoked"
    if row.expires_at is not None and as_utc(row.expires_at) <= utcnow():
        return "expired"
    return "active"


def _out(row: AppKey, owner_name: str) -> AppKeyOut:
    today = (epoch_ms(utcnow()) or 0) // 86_400_000
    return AppKeyOut(
        id=row.id,
        key_id=row.key_id,
        name=row.name,
        scopes=[s for s in row.scopes if s in scope_table.SCOPES],
        allowed_ips=list(row.allowed_ips or []),
        rate_per_minute=row.rate_per_minute,
        daily_quota=row.daily_quota,
        used_today=row.used_day_count if row.used_day == today else 0,
        expires_at=epoch_ms(row.expires_at),
        revoked_at=epoch_ms(row.revoked_at),
        last_used_at=epoch_ms(row.last_used_at),
        last_used_ip=row.last_used_ip,
        state=_state(row),
        owner_id=row.owner_id,
        owner_name=owner_name,
        created_at=epoch_ms(row.created_at) or 0,
    )


def _networks(entries: list[str]) -> list[str]:
    """The allow list as stored: each entry an address or a CIDR range in its canonical spelling, once."""
    out: list[str] = []
    for entry in entries:
        text = entry.strip()
        if not text:
            continue
        try:
            network = ipaddress.ip_network(text, strict=False)
        except ValueError:
            raise AppError(ErrorCode.APP_KEY_IP_LIST_INVALID, field="allowed_ips", limit=APP_KEY_IPS_MAX) from None
        spelled = str(network.network_address) if network.num_addresses == 1 else str(network)
        if spelled not in out:
            out.append(spelled)
    if len(out) > APP_KEY_IPS_MAX:
        raise AppError(ErrorCode.APP_KEY_IP_LIST_INVALID, field="allowed_ips", limit=APP_KEY_IPS_MAX)
    return out


async def list_keys(session: AsyncSession, actor: Actor) -> list[AppKeyOut]:
    """The caller's keys; the tenant's administrator sees every key of the tenant."""
    rows = await repo.keys(session, actor.tenant_id, None if actor.is_admin else actor.user_id)
    return [_out(row, name) for row, name in rows]


async def create(session: AsyncSession, actor: Actor, body: AppKeyIn) -> AppKeyCreatedOut:
    """A new key of the caller with its secret, shown in this answer only."""
    name = body.name.strip()
    if not 1 <= len(name) <= APP_KEY_NAME_MAX or has_control_characters(name):
        raise AppError(ErrorCode.APP_KEY_NAME_INVALID, field="name", limit=APP_KEY_NAME_MAX)
    scopes = [s for s in scope_table.SCOPES if s in body.scopes]
    if not scopes:
        raise AppError(ErrorCode.APP_KEY_SCOPES_EMPTY, field="scopes")
    expires_at = from_epoch_ms(body.expires_at, "expires_at")
    if expires_at is not None and expires_at <= utcnow():
        raise AppError(ErrorCode.APP_KEY_EXPIRY_INVALID, field="expires_at")
    ips = _networks(body.allowed_ips)
    if await repo.count(session, actor.tenant_id, actor.user_id) >= APP_KEYS_PER_USER_MAX:
        raise AppError(ErrorCode.APP_KEY_LIMIT_REACHED, limit=APP_KEYS_PER_USER_MAX)
    secret = signing.new_secret()
    row = AppKey(
        tenant_id=actor.tenant_id,
        key_id=signing.new_key_id(),
        name=name,
        owner_id=actor.user_id,
        signing_key=signing.signing_key(secret),
        scopes=scopes,
        allowed_ips=ips,
        rate_per_minute=body.rate_per_minute,
        daily_quota=body.daily_quota,
        expires_at=expires_at,
        last_used_ip="",
        used_minute=0,
        used_minute_count=0,
        used_day=0,
        used_day_count=0,
    )
    session.add(row)
    await session.flush()
    return AppKeyCreatedOut(**_out(row, actor.user_name).model_dump(), secret=secret)


async def revoke(session: AsyncSession, actor: Actor, key_pk: int) -> AppKeyOut:
    """End a key at once: its next call is refused (117841). Its owner's, or any of the tenant's for the
    administrator; revoking a revoked key changes nothing."""
    row = await repo.key(session, actor.tenant_id, key_pk)
    if row is None or not (actor.is_admin or row.owner_id == actor.user_id):
        raise AppError(ErrorCode.APP_KEY_NOT_FOUND, field="id")
    if row.revoked_at is None:
        row.revoked_at = utcnow()
        await session.flush()
    owner = actor.user_name if row.owner_id == actor.user_id else await _owner_name(session, row.owner_id)
    return _out(row, owner)


async def _owner_name(session: AsyncSession, user_id: int) -> str:
    found = await auth_repo.user_with_role(session, user_id)
    return found[0].user_name if found else ""


# --- a call signed with a key ------------------------------------------------------------------------------------


def _allowed(ip: str, networks: list[str]) -> bool:
    if not networks:
        return True
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return False
    for entry in networks:
        try:
            if address in ipaddress.ip_network(entry, strict=False):
                return True
        except ValueError:
            continue
    return False


async def _spend(request: Request, row: AppKey, nonce: str, now_ms: int, ip: str) -> None:
    """Use the nonce up and count the call, in a transaction of their own committed before the call proceeds (a
    refused or failed call still counts; two concurrent replays cannot both pass)."""
    now = utcnow()
    async with request.app.state.db.sessionmaker() as own:
        used = security.digest(f"appkey:{row.key_id}:{nonce}")
        own.add(RequestNonce(sig_hash=used, expires_at=now + timedelta(seconds=2 * APP_KEY_SKEW_S)))
        try:
            await own.flush()
        except IntegrityError as exc:
            await own.rollback()
            raise AppError(ErrorCode.APP_KEY_REPLAYED) from exc
        minute, day = now_ms // 60_000, now_ms // 86_400_000
        counted = await repo.count_call(own, row.id, minute, day, now, ip)
        await own.commit()
        if secrets.randbelow(50) == 0:
            await auth_repo.purge_expired_nonces(own, now)
            await own.commit()
    if not counted:
        if row.used_minute == minute and row.used_minute_count >= row.rate_per_minute:
            raise AppError(ErrorCode.APP_KEY_RATE_LIMITED, seconds=max(1, 60 - (now_ms % 60_000) // 1000))
        if row.used_day == day and row.used_day_count >= row.daily_quota:
            raise AppError(ErrorCode.APP_KEY_QUOTA_EXCEEDED, limit=row.daily_quota)
        # Another call took the last one between our read and our count.
        raise AppError(ErrorCode.APP_KEY_RATE_LIMITED, seconds=max(1, 60 - (now_ms % 60_000) // 1000))


async def key_actor(session: AsyncSession, request: Request) -> Actor:
    """The actor of a call signed with an app key: its owner's rights now, narrowed to the key's scopes; or the
    refusal, in this order: 117846 (an operation no key may call), 117840 (headers, key, signature), 117841 revoked, 117842 expired, 117843 address,
    117844 timestamp, 117855 owner, 117846 scope, 117845 nonce, 117847 rate, 117848 quota."""
    h = request.headers
    key_id, ts, nonce, sig = (
        h.get("x-app-key", ""),
        h.get("x-timestamp", ""),
        h.get("x-nonce", ""),
        h.get("x-signature", ""),
    )
    # An operation no key may call is refused before anything else (its body, an upload, is never read).
    needed = scope_table.scope_of(request.scope.get("route"))
    if needed is None:
        raise AppError(ErrorCode.APP_KEY_SCOPE)
    if not (signing.KEY_ID.match(key_id) and ts.isdigit() and len(ts) <= 15 and signing.NONCE.match(nonce)):
        raise AppError(ErrorCode.APP_KEY_INVALID)
    row = await repo.by_key_id(session, key_id)
    try:
        body = await request.body()
    except RuntimeError:  # the stream was read as a form already
        raise AppError(ErrorCode.APP_KEY_INVALID) from None
    query = request.scope.get("query_string", b"").decode("latin-1")
    path = auth_service.signed_path(request)
    if row is None or not signing.valid(row.signing_key, sig, request.method, path, query, ts, nonce, body):
        raise AppError(ErrorCode.APP_KEY_INVALID)
    if row.revoked_at is not None:
        raise AppError(ErrorCode.APP_KEY_REVOKED)
    if row.expires_at is not None and as_utc(row.expires_at) <= utcnow():
        raise AppError(ErrorCode.APP_KEY_EXPIRED)
    ip = client_address(request)
    if not _allowed(ip, list(row.allowed_ips or [])):
        raise AppError(ErrorCode.APP_KEY_IP_DENIED)
    now_ms = epoch_ms(utcnow()) or 0
    if abs(now_ms - int(ts)) > APP_KEY_SKEW_S * 1000:
        raise AppError(ErrorCode.APP_KEY_TIMESTAMP, seconds=APP_KEY_SKEW_S)
    owner = await auth_service.actor_for_user(session, row.owner_id, client_ip=ip)
    if owner is None or owner.tenant_id != row.tenant_id:
        raise AppError(ErrorCode.APP_KEY_OWNER_INACTIVE)
    if needed not in row.scopes:
        raise AppError(ErrorCode.APP_KEY_SCOPE)
    await _spend(request, row, nonce, now_ms, ip)
    return replace(
        owner,
        app_key=row.key_id,
        app_key_name=row.name,
        key_codes=scope_table.codes_of(row.scopes),
        key_items=scope_table.items_of(row.scopes),
    )


auth_hooks.app_key_actor.connect(key_actor)
