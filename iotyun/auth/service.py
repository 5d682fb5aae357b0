"""Account rules: captcha, verification codes, registration (a new tenant), login with throttling, tokens, signing.

Nothing here tells a caller whether an account exists before they prove they hold it: a code request answers the
same for any account (a reset code for an unknown account is recorded, throttled alike and never sent), a reset
with an unknown account reads as a wrong code, and login failures lock the account whatever name it was typed as
(unknown names lock alike). docs/security.md "Accounts" and "Throttles"."""

import logging
import secrets
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from fastapi import Request
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import hooks
from iotyun.auth import repository as repo
from iotyun.auth.challenges import check_captcha, failed_sign_in, passed_sign_in, spend_code, throttle_key, throttled
from iotyun.auth.models import RequestNonce, Role, Tenant, User, UserToken
from iotyun.auth.schemas import (
    ChangePasswordIn,
    ContactOut,
    HeartOut,
    LoginIn,
    RegisterIn,
    ResetPasswordIn,
    SessionOut,
    ValidateReqOut,
)
from iotyun.core import access, readcache, security
from iotyun.core.addresses import client_address
from iotyun.core.config import API_PREFIX, Settings
from iotyun.core.db import as_utc, epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    account_kind,
)
from iotyun.core.permissions import (
    ALL_CODES,
    DEFAULT_DEVICE_PERMISSIONS,
    DEFAULT_ROLE_PERMISSIONS,
    DEFAULT_TEMPLATE_PERMISSIONS,
    DEVICE_ROLE_PERMISSIONS,
    TEMPLATE_ROLE_PERMISSIONS,
    TEMPLATE_VIEW,
    RoleCode,
    default_page,
    menu_permission,
    role_items,
)
from iotyun.core.permissions import normalize as normalize_perms
from iotyun.core.tenancy import bind_tenant
from iotyun.core.timezones import DEFAULT_TIME_ZONE

log = logging.getLogger("iotyun.auth")

# --- tenants, registration -------------------------------------------------------------------------------------


async def create_tenant(session: AsyncSession, name: str, code: str) -> tuple[Tenant, dict[RoleCode, Role]]:
    """A tenant with its built-in roles (administrator, administrator2, user)."""
    tenant = Tenant(name=name, code=code)
    session.add(tenant)
    await session.flush()
    roles = {
        rc: Role(
            tenant_id=tenant.id,
            name=rc.value,
            code=rc.value,
            type="default",
            permissions=sorted(DEFAULT_ROLE_PERMISSIONS[rc]),
            device_permissions=list(DEFAULT_DEVICE_PERMISSIONS[rc]),
            template_permissions=list(DEFAULT_TEMPLATE_PERMISSIONS[rc]),
        )
        for rc in RoleCode
    }
    session.add_all(roles.values())
    await session.flush()
    return tenant, roles


async def register(session: AsyncSession, settings: Settings, body: RegisterIn, client_ip: str) -> SessionOut:
    """Register an account: a new tenant with the new user as its administrator, logged in."""
    if not body.agree:
        raise AppError(ErrorCode.PRIVACY_NOT_ACCEPTED, field="agree")
    if await repo.user_name_taken(session, body.user_name):
        raise AppError(ErrorCode.USER_NAME_EXISTS, field="user_name")
    kind = account_kind(body.account)
    # Only who holds the account's code learns that it is taken.
    await spend_code(session, body.account, "register", body.sms_code)
    if await repo.user_by_account(session, body.account) is not None:
        raise AppError(ErrorCode.PHONE_EXISTS if kind == "phone" else ErrorCode.EMAIL_EXISTS, field="account")
    try:
        async with session.begin_nested():
            tenant, roles = await create_tenant(session, body.company or body.user_name, "u-" + body.user_name.lower())
            user = User(
                tenant_id=tenant.id,
                user_name=body.user_name,
                phone=body.account if kind == "phone" else None,
                email=body.account if kind == "email" else None,
                password_hash=await security.hash_password(body.password),
                company=body.company,
                role_id=roles[RoleCode.ADMINISTRATOR].id,
                last_login_at=utcnow(),
                login_count=1,
            )
            session.add(user)
            await session.flush()
    except IntegrityError as exc:
        raise AppError(ErrorCode.USER_NAME_EXISTS, field="user_name") from exc
    log.info("registered tenant %s with administrator %s", tenant.id, user.id)
    return await _issue(session, settings, user, client_ip, old_user=False)


# --- login, tokens ---------------------------------------------------------------------------------------------


# Verified against when the name is unknown, so an unknown name costs the same time as a wrong password.
_NO_USER_HASH = security.hash_password_sync(security.new_token())


async def login(session: AsyncSession, settings: Settings, body: LoginIn, client_ip: str) -> SessionOut:
    """Password login with captcha; repeated failures lock the account for a growing time."""
    username = body.username.strip()
    if not username:
        raise AppError(ErrorCode.LOGIN_EMPTY, field="username")
    if not body.password:
        raise AppError(ErrorCode.LOGIN_EMPTY, field="password")
    await check_captcha(session, settings, body.code_key, body.code)
    now = utcnow()
    user = await repo.user_by_login_name(session, username)
    throttle = await throttled(session, throttle_key(user, username), now)
    right = await security.verify_password(user.password_hash if user is not None else _NO_USER_HASH, body.password)
    if user is None or not right:
        raise failed_sign_in(session, settings, throttle, now)
    if not user.is_active:
        raise AppError(ErrorCode.ACCOUNT_DISABLED, field="username")
    passed_sign_in(throttle)
    old_user = user.last_login_at is not None
    user.last_login_at = now
    user.login_count = (user.login_count or 0) + 1
    await _account_log(session, user.tenant_id, user.id, user.user_name, "login", client_ip)
    return await _issue(session, settings, user, client_ip, old_user=old_user)


async def sign_in_by_qr(
    session: AsyncSession, settings: Settings, user: User, client_ip: str, *, pub_key: str, confirm_ip: str
) -> SessionOut:
    """The session a confirmed QR ticket hands out (auth/qr.py) to the browser that made it, carrying that browser's
    signing key. Counted as a login and logged as one, method "qr", with the address of the device that confirmed."""
    old_user = user.last_login_at is not None
    user.last_login_at = utcnow()
    user.login_count = (user.login_count or 0) + 1
    detail = {"method": "qr", "browser_ip": client_ip}
    await _account_log(session, user.tenant_id, user.id, user.user_name, "login", confirm_ip, detail)
    return await _issue(session, settings, user, client_ip, old_user=old_user, pub_key=pub_key)


async def _account_log(
    session: AsyncSession,
    tenant_id: int,
    user_id: int,
    user_name: str,
    action: str,
    ip: str,
    detail: dict[str, Any] | None = None,
) -> None:
    """The user's own log: sign-ins, sign-outs and password changes (SPEC §6 "log information")."""
    await hooks.account_event.call(session, tenant_id, user_id, user_name, action, ip, detail)


async def issue_simulated(
    session: AsyncSession, settings: Settings, user: User, client_ip: str, *, simulated_by: int
) -> SessionOut:
    """A session for `user` opened by the administrator `simulated_by` (simulated login, SPEC §6)."""
    return await _issue(session, settings, user, client_ip, old_user=True, simulated_by=simulated_by)


async def _issue(
    session: AsyncSession,
    settings: Settings,
    user: User,
    client_ip: str,
    *,
    old_user: bool,
    simulated_by: int | None = None,
    pub_key: str | None = None,
) -> SessionOut:
    """A new session of `user`. Its key pair is a new one handed out with it, or, with `pub_key`, the browser's own
    (a QR sign-in: the browser holds the private key, the payload carries none)."""
    raw = security.new_token()
    pri: str | None = None
    if pub_key:
        pub = pub_key
    else:
        pub, pri = security.new_keypair()
    token = UserToken(
        tenant_id=user.tenant_id,
        user_id=user.id,
        token_hash=security.digest(raw),
        pub_key=pub,
        expires_at=utcnow() + timedelta(hours=settings.token_ttl_hours),
        simulated_by=simulated_by,
        client_ip=client_ip[:45],
    )
    session.add(token)
    await session.flush()
    out = await session_payload(session, user, token, old_user=old_user)
    out.x_Token, out.pri_key = raw, pri
    return out


async def session_payload(session: AsyncSession, user: User, token: UserToken, *, old_user: bool) -> SessionOut:
    """The login state the console keeps (SPEC §3), without the secrets."""
    role = await session.get(Role, user.role_id)
    tenant = await session.get(Tenant, user.tenant_id)
    assert role is not None and tenant is not None
    granted = granted_codes(role, user)
    menu = menu_permission(granted, role.home_page)
    return SessionOut(
        user_id=user.id,
        user_name=user.user_name,
        nick_name=user.nick_name,
        tenant_id=tenant.id,
        tenant_name=tenant.name,
        pub_key=token.pub_key,
        expires_at=epoch_ms(token.expires_at) or 0,
        roles=list(role_codes(role, user)),
        role_name=role.name,
        grantedPermissions=",".join(sorted(granted)),
        menuPermissions=menu,
        defaultPage=default_page(menu),
        # An administrator acting as the user is never made to change the user's password.
        must_change_password=user.must_change_password and token.simulated_by is None,
        old_user=old_user,
        is_admin2=user.is_admin2,
        simulated_by=token.simulated_by,
        device_permissions=role_device_items(role),
        template_permissions=role_template_items(role),
        time_zone=user.time_zone or tenant.time_zone,
        user_time_zone=user.time_zone,
        tenant_time_zone=tenant.time_zone,
    )


def granted_codes(role: Role, user: User) -> frozenset[str]:
    """Every code a user holds: all for the administrator, else role ∪ direct with their ancestors."""
    return _codes(role.code, role.permissions, user.direct_permissions)


def _codes(role_code: str, role_permissions: list[str] | None, direct: list[str] | None) -> frozenset[str]:
    if role_code == RoleCode.ADMINISTRATOR:
        return ALL_CODES
    return normalize_perms(set(role_permissions or []) | set(direct or []))


def device_items(stored: list[str] | None) -> frozenset[str]:
    """A role's stored device permissions as the items in force (known items only)."""
    return role_items(DEVICE_ROLE_PERMISSIONS, stored)


def template_items(stored: list[str] | None) -> frozenset[str]:
    """A role's stored template permissions as the items in force (known items, "view" always)."""
    return role_items(TEMPLATE_ROLE_PERMISSIONS, stored, always=TEMPLATE_VIEW)


def role_device_items(role: Role) -> list[str]:
    """The device items a role's users hold, in catalogue order (every item for the administrator role)."""
    held = device_items(role.device_permissions)
    return [i for i in DEVICE_ROLE_PERMISSIONS if role.code == RoleCode.ADMINISTRATOR or i in held]


def role_template_items(role: Role) -> list[str]:
    """The template items a role's users hold, in catalogue order (every item for the administrator role)."""
    held = template_items(role.template_permissions)
    return [i for i in TEMPLATE_ROLE_PERMISSIONS if role.code == RoleCode.ADMINISTRATOR or i in held]


def role_codes(role: Role, user: User) -> tuple[str, ...]:
    """The role codes a user counts as (`roles` of the session payload): the role's, plus administrator2 by flag."""
    return _role_codes(role.code, user.is_admin2)


def _role_codes(role_code: str, is_admin2: bool) -> tuple[str, ...]:
    codes = [role_code]
    if is_admin2 and role_code != RoleCode.ADMINISTRATOR2:
        codes.append(RoleCode.ADMINISTRATOR2.value)
    return tuple(codes)


# What a token lookup reads; a committed write to any of them drops the cached principals (core.readcache).
_PRINCIPAL_TABLES = ("user_token", "user_account", "role", "tenant")


async def authenticate(session: AsyncSession, request: Request) -> Actor:
    """The caller behind X-Token (checked against X-User and X-Tenant); binds the session to its tenant.

    A valid token's principal is kept in the process's read cache for IOTYUN_READ_CACHE_SECONDS: this process's
    sign-outs, password changes and role edits drop it at once, another process's within that time."""
    cached: Actor | None = getattr(request.state, "actor", None)
    if cached is not None:
        return cached
    if "x-app-key" in request.headers and "x-token" not in request.headers:
        # An integrator's signed call (docs/api-system.md "Open API"): the same routes answer the key's owner,
        # narrowed to the key's scopes.
        key_actor = await hooks.app_key_actor.ask(session, request)
        request.state.actor = key_actor
        return key_actor
    raw = request.headers.get("x-token", "")
    if not raw:
        raise AppError(ErrorCode.ILLEGAL_TOKEN)
    digest = security.digest(raw)
    principals = readcache.caches(session).cache("auth_principal", _PRINCIPAL_TABLES)
    hit: tuple[Actor, datetime] = await principals.fetch(digest, lambda: _principal(session, digest))
    principal, expires_at = hit
    if expires_at <= utcnow():
        raise AppError(ErrorCode.ILLEGAL_TOKEN)
    x_user, x_tenant = request.headers.get("x-user"), request.headers.get("x-tenant")
    if (x_user and x_user != str(principal.user_id)) or (x_tenant and x_tenant != str(principal.tenant_id)):
        raise AppError(ErrorCode.ILLEGAL_TOKEN)
    bind_tenant(session, principal.tenant_id)
    actor = replace(principal, client_ip=client_address(request))
    request.state.actor = actor
    if actor.simulated_by is not None:
        # SPEC §6: whatever an administrator does through a simulated login is logged with both identities.
        await hooks.simulated_request.call(session, actor, request.method, request.url.path)
    return actor


async def actor_for_token(session: AsyncSession, raw: str) -> Actor:
    """The caller behind a bare token (a WebSocket cannot send headers); 100009 for a missing, expired or revoked
    one. Not cached: a socket authenticates once."""
    if not raw:
        raise AppError(ErrorCode.ILLEGAL_TOKEN)
    actor, expires_at = await _principal(session, security.digest(raw))
    if expires_at <= utcnow():
        raise AppError(ErrorCode.ILLEGAL_TOKEN)
    bind_tenant(session, actor.tenant_id)
    return actor


async def _principal(session: AsyncSession, digest: str) -> tuple[Actor, datetime]:
    """The actor of a live token (without the request's client address) and when the token expires; 100009 else."""
    row = await repo.principal_row(session, digest)
    if row is None or row.revoked_at is not None or as_utc(row.expires_at) <= utcnow() or not row.is_active:
        raise AppError(ErrorCode.ILLEGAL_TOKEN)
    actor = Actor(
        user_id=row.user_id,
        tenant_id=row.tenant_id,
        user_name=row.user_name,
        role_code=row.role_code,
        permissions=_codes(row.role_code, row.role_permissions, row.direct_permissions),
        token_id=row.token_id,
        is_admin2=row.is_admin2,
        group_id=row.group_id,
        must_change_password=row.must_change_password and row.simulated_by is None,
        simulated_by=row.simulated_by,
        roles=_role_codes(row.role_code, row.is_admin2),
        device_permissions=device_items(row.role_device_permissions),
        template_permissions=template_items(row.role_template_permissions),
        time_zone=row.time_zone or DEFAULT_TIME_ZONE,
    )
    return actor, as_utc(row.expires_at)


async def actor_for_user(session: AsyncSession, user_id: int, *, client_ip: str = "") -> Actor | None:
    """The actor of an active user without a session of their own (token_id 0): whose rights a share link carries
    (sharing/). None when the user is gone or locked. Binds the session to the user's tenant."""
    row = await repo.user_with_role(session, user_id)
    if row is None or not row[0].is_active:
        return None
    user, role = row
    bind_tenant(session, user.tenant_id)
    zone = user.time_zone or await repo.tenant_zone(session, user.tenant_id) or DEFAULT_TIME_ZONE
    return Actor(
        user_id=user.id,
        tenant_id=user.tenant_id,
        user_name=user.user_name,
        role_code=role.code,
        permissions=granted_codes(role, user),
        token_id=0,
        is_admin2=user.is_admin2,
        group_id=user.group_id,
        roles=role_codes(role, user),
        client_ip=client_ip,
        device_permissions=device_items(role.device_permissions),
        template_permissions=template_items(role.template_permissions),
        time_zone=zone,
    )


def signed_path(request: Request) -> str:
    """The path a signature covers: the request's path under /api, without the query (a proxy may mount the API
    elsewhere; the console signs the path it asks for below its API base)."""
    path: str = request.url.path
    return path[len(API_PREFIX) :] if path.startswith(API_PREFIX + "/") else path


async def check_public(session: AsyncSession, request: Request) -> Actor | None:
    """A token-less call must be signed (SPEC §7): fresh TS within TTL, an Ed25519 SIG over the method, path and body
    digest too, never seen before in any letter case."""
    if request.headers.get("x-token"):
        try:
            return await authenticate(session, request)
        except AppError:
            pass
    settings: Settings = request.app.state.settings
    h = request.headers
    ts, ttl, sig, pub = h.get("ts", ""), h.get("ttl", ""), h.get("sig", ""), h.get("pubkey", "")
    if not (ts.isdigit() and ttl.isdigit() and sig and pub) or h.get("version") != "V2" or not h.get("requesttype"):
        raise AppError(ErrorCode.SIGNATURE_INVALID)
    ttl_s = int(ttl)
    if not 0 < ttl_s <= settings.signature_ttl_seconds:
        raise AppError(ErrorCode.SIGNATURE_INVALID)
    now = utcnow()
    if abs((epoch_ms(now) or 0) - int(ts)) > ttl_s * 1000:
        raise AppError(ErrorCode.SIGNATURE_EXPIRED)
    used = security.signature_key(sig)
    body = await request.body()
    if used is None or not security.signature_valid(pub, ts, ttl, sig, request.method, signed_path(request), body):
        raise AppError(ErrorCode.SIGNATURE_INVALID)
    # The nonce is recorded in its own committed transaction so two concurrent replays cannot both pass; it is the
    # signature in one spelling, so a hex case variant of a used one is a replay.
    async with request.app.state.db.sessionmaker() as nonce_session:
        nonce_session.add(RequestNonce(sig_hash=security.digest(used), expires_at=now + timedelta(seconds=2 * ttl_s)))
        try:
            await nonce_session.commit()
        except IntegrityError as exc:
            raise AppError(ErrorCode.SIGNATURE_REPLAYED) from exc
        if secrets.randbelow(50) == 0:
            await repo.purge_expired_nonces(nonce_session, now)
            await nonce_session.commit()
    return None


async def logout(session: AsyncSession, actor: Actor) -> None:
    """Revoke the caller's token."""
    token = await session.get(UserToken, actor.token_id)
    if token is not None:
        token.revoked_at = utcnow()
    access.changed(session, tokens=[actor.token_id])
    if actor.simulated_by is None:  # a simulated session ends with simulate_stop, in the administrator's name
        await _account_log(session, actor.tenant_id, actor.user_id, actor.user_name, "logout", actor.client_ip)


async def heart(session: AsyncSession, settings: Settings, actor: Actor) -> HeartOut:
    """Keep the session alive: the token's expiry slides forward."""
    token = await session.get(UserToken, actor.token_id)
    assert token is not None
    now = utcnow()
    token.last_seen_at = now
    token.expires_at = now + timedelta(hours=settings.token_ttl_hours)
    return HeartOut(server_time=epoch_ms(now) or 0, expires_at=epoch_ms(token.expires_at) or 0)


async def current_config(session: AsyncSession, actor: Actor) -> SessionOut:
    """The caller's session payload, for a console that reloads with a token but no roles."""
    user = await session.get(User, actor.user_id)
    token = await session.get(UserToken, actor.token_id)
    assert user is not None and token is not None
    return await session_payload(session, user, token, old_user=True)


async def change_password(session: AsyncSession, actor: Actor, body: ChangePasswordIn) -> None:
    """Change one's own password; clears a forced change and signs out the other sessions."""
    user = await session.get(User, actor.user_id)
    assert user is not None
    if not await security.verify_password(user.password_hash, body.old_password):
        raise AppError(ErrorCode.OLD_PASSWORD_WRONG, field="old_password")
    if body.password == body.old_password:
        raise AppError(ErrorCode.PASSWORD_SAME_AS_OLD, field="password")
    user.password_hash = await security.hash_password(body.password)
    user.must_change_password = False
    await _revoke_all(session, user.id, keep=actor.token_id)
    await _account_log(session, user.tenant_id, user.id, user.user_name, "password_change", actor.client_ip)


async def reset_password(session: AsyncSession, body: ResetPasswordIn) -> None:
    """Find password: set a new one with a code sent to the account's phone or email. An unknown account reads as a
    wrong code (it was never sent one)."""
    await spend_code(session, body.account, "reset", body.sms_code)
    user = await repo.user_by_account(session, body.account)
    if user is None:
        raise AppError(ErrorCode.SMS_CODE_MISMATCH, field="sms_code")
    user.password_hash = await security.hash_password(body.password)
    user.must_change_password = False
    await _revoke_all(session, user.id)
    await _account_log(session, user.tenant_id, user.id, user.user_name, "password_find", "")


async def revoke_tokens(session: AsyncSession, user_id: int) -> None:
    """Sign `user_id` out everywhere (locked, password reset by an administrator)."""
    await _revoke_all(session, user_id)


async def revoke_token(session: AsyncSession, token_id: int) -> None:
    """Revoke one token (the end of a simulated login)."""
    token = await session.get(UserToken, token_id)
    if token is not None:
        token.revoked_at = utcnow()
    access.changed(session, tokens=[token_id])


async def _revoke_all(session: AsyncSession, user_id: int, keep: int | None = None) -> None:
    now = utcnow()
    for token in await repo.live_tokens(session, user_id):
        if token.id != keep:
            token.revoked_at = now
    # The user's live sockets re-check their session (the kept one stays open).
    access.changed(session, users=[user_id])


# --- the signed-in user's contact, a signature check ------------------------------------------------------------


def mask_phone(phone: str) -> str:
    """13812345678 → 138****5678: enough to recognise one's own number, not to read it off a screen."""
    return phone[:3] + "****" + phone[-4:] if len(phone) > 7 else "*" * len(phone)


def mask_email(email: str) -> str:
    """zoe@example.com → z***@example.com (the domain stays: it says which mailbox to look in)."""
    local, at, domain = email.partition("@")
    return (local[:1] + "***" + at + domain) if at else "***"


async def contact(session: AsyncSession, actor: Actor) -> ContactOut:
    """GET /user/phoneTel: the caller's phone and email, masked."""
    user = await session.get(User, actor.user_id)
    assert user is not None
    return ContactOut(
        phone=mask_phone(user.phone) if user.phone else None,
        email=mask_email(user.email) if user.email else None,
    )


def validate_request(pub_key: str | None) -> ValidateReqOut:
    """/validateReq: the call passed the signature check every signed route makes (`pub_key` the key it was signed
    with), or came with a valid token (None)."""
    return ValidateReqOut(valid=True, server_time=epoch_ms(utcnow()) or 0, pub_key=pub_key)
