"""Account rules: captcha, verification codes, registration (a new tenant), login with throttling, tokens, signing.

Nothing here tells a caller whether an account exists before they prove they hold it: a code request answers the
same for any account (a reset code for an unknown account is recorded, throttled alike and never sent), a reset
with an unknown account reads as a wrong code, and login failures lock the account whatever name it was typed as
(unknown names lock alike). docs/security.md "Accounts" and "Throttles"."""

import base64
import logging
import secrets
from dataclasses import replace
from datetime import datetime, timedelta

from captcha.image import ImageCaptcha
from fastapi import Request
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import hooks
from iotyun.auth import repository as repo
from iotyun.auth.models import Captcha, LoginThrottle, RequestNonce, Role, Tenant, User, UserToken, VerifyCode
from iotyun.auth.schemas import (
    CaptchaOut,
    ChangePasswordIn,
    HeartOut,
    LoginIn,
    RegisterIn,
    ResetPasswordIn,
    SendCodeIn,
    SendCodeOut,
    SessionOut,
)
from iotyun.auth.senders import CodeSender
from iotyun.core import access, readcache, security
from iotyun.core.addresses import client_address
from iotyun.core.config import API_PREFIX, Settings
from iotyun.core.context import lang_var
from iotyun.core.db import as_utc, epoch_ms, utcnow
from iotyun.core.deps import Actor, keep_on_error
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    CAPTCHA_LENGTH,
    CODE_WINDOW_S,
    CODES_PER_ACCOUNT,
    VERIFY_CODE_LENGTH,
    VERIFY_CODE_MAX_ATTEMPTS,
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
from iotyun.core.ratelimit import Limiters
from iotyun.core.tenancy import bind_tenant

log = logging.getLogger("iotyun.auth")

CAPTCHA_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
_captcha_image = ImageCaptcha(width=120, height=40, font_sizes=(30, 32, 34))


# --- captcha -------------------------------------------------------------------------------------------------


async def new_captcha(session: AsyncSession, settings: Settings, limiters: Limiters, client_ip: str) -> CaptchaOut:
    """A single-use graphic code: the answer is stored hashed and expires. 100008 when the address asked for too
    many within the window."""
    if not settings.captcha_enabled:
        return CaptchaOut(enabled=False, code_key="", img="", expires_in=0)
    if limiters.captcha_by_address.take(client_ip):
        raise AppError(ErrorCode.TOO_MANY_REQUESTS)
    now = utcnow()
    await repo.purge_expired_captchas(session, now)
    answer = "".join(secrets.choice(CAPTCHA_ALPHABET) for _ in range(CAPTCHA_LENGTH))
    key = secrets.token_urlsafe(24)
    session.add(
        Captcha(
            key=key,
            answer_hash=security.digest(answer),
            expires_at=now + timedelta(seconds=settings.captcha_ttl_seconds),
        )
    )
    png = _captcha_image.generate(answer, format="png").getvalue()
    if settings.captcha_echo:
        log.warning("captcha %s: %s", key, answer)
    return CaptchaOut(
        enabled=True,
        code_key=key,
        img="data:image/png;base64," + base64.b64encode(png).decode(),
        expires_in=settings.captcha_ttl_seconds,
    )


async def check_captcha(session: AsyncSession, settings: Settings, key: str, code: str) -> None:
    """Spend the captcha `key` (right or wrong, it is gone) and raise 110002 unless `code` answers it."""
    if not settings.captcha_enabled:
        return
    row = await session.get(Captcha, key) if key else None
    if row is not None:
        await session.delete(row)
        await session.flush()
    if row is None or as_utc(row.expires_at) < utcnow() or not code:
        keep_on_error(session)
        raise AppError(ErrorCode.CAPTCHA_FAILED, field="code")
    if not security.same(row.answer_hash, security.digest(code.strip().upper())):
        keep_on_error(session)
        raise AppError(ErrorCode.CAPTCHA_FAILED, field="code")


# --- verification codes ----------------------------------------------------------------------------------------


async def send_code(
    session: AsyncSession,
    settings: Settings,
    sender: CodeSender,
    limiters: Limiters,
    client_ip: str,
    scene: str,
    body: SendCodeIn,
) -> SendCodeOut:
    """Send a registration ("register") or find-password ("reset") code to a phone or email. The answer is the same
    whether or not the account exists: a registration code goes out either way (registering a taken account is
    refused once its code is proven), a reset code only to an existing account."""
    await check_captcha(session, settings, body.code_key, body.code)
    deliver = scene != "reset" or await repo.user_by_account(session, body.account) is not None
    return await issue_code(session, settings, sender, body.account, scene, limiters, client_ip, deliver=deliver)


async def issue_code(
    session: AsyncSession,
    settings: Settings,
    sender: CodeSender,
    account: str,
    scene: str,
    limiters: Limiters,
    client_ip: str,
    *,
    deliver: bool = True,
) -> SendCodeOut:
    """Store and send a new code for `account` and `scene`. 100018 while the address has asked for too many codes,
    the account has had too many within the window, or its last `scene` code is younger than the resend interval.
    `deliver=False` records a code nobody can know, counted and throttled like a sent one, and sends nothing."""
    now = utcnow()
    wait = limiters.code_by_address.wait(client_ip)
    if not wait:
        wait = await _account_code_wait(session, settings, account, scene, now)
    if wait:
        keep_on_error(session)
        raise AppError(ErrorCode.CODE_TOO_FREQUENT, field="account", seconds=wait)
    limiters.code_by_address.hit(client_ip)
    code = security.new_numeric_code(VERIFY_CODE_LENGTH)
    session.add(
        VerifyCode(
            account=account,
            scene=scene,
            # Undelivered: the hash of a secret longer than any code, so no code ever matches it.
            code_hash=security.digest(code if deliver else security.new_token()),
            created_at=now,
            expires_at=now + timedelta(seconds=settings.verify_code_ttl_seconds),
        )
    )
    await session.flush()
    if deliver:
        await sender.send(account, account_kind(account), scene, code, lang_var.get())
    return SendCodeOut(expires_in=settings.verify_code_ttl_seconds, resend_after=settings.verify_code_resend_seconds)


async def _account_code_wait(session: AsyncSession, settings: Settings, account: str, scene: str, now: datetime) -> int:
    """Seconds `account` must wait for another `scene` code (0: none): the resend interval of that scene, and at most
    CODES_PER_ACCOUNT codes of any scene within CODE_WINDOW_S."""
    last = await repo.latest_code(session, account, scene)
    if last is not None:
        wait = settings.verify_code_resend_seconds - (now - as_utc(last.created_at)).total_seconds()
        if wait > 0:
            return int(wait) + 1
    since = now - timedelta(seconds=CODE_WINDOW_S)
    recent = await repo.code_times(session, account, since, CODES_PER_ACCOUNT)
    if len(recent) >= CODES_PER_ACCOUNT:
        return max(1, int((as_utc(recent[-1]) - since).total_seconds()) + 1)
    return 0


async def spend_code(session: AsyncSession, account: str, scene: str, code: str) -> None:
    """Use up the latest unused `scene` code of `account`: 110310 when none or wrong (a wrong try counts),
    110311 when expired or tried too often."""
    row = await repo.latest_code(session, account, scene, unused=True)
    if row is None:
        raise AppError(ErrorCode.SMS_CODE_MISMATCH, field="sms_code")
    if as_utc(row.expires_at) < utcnow() or row.attempts >= VERIFY_CODE_MAX_ATTEMPTS:
        raise AppError(ErrorCode.SMS_CODE_EXPIRED, field="sms_code")
    if not security.same(row.code_hash, security.digest(code)):
        row.attempts += 1
        keep_on_error(session)
        raise AppError(ErrorCode.SMS_CODE_MISMATCH, field="sms_code")
    row.used_at = utcnow()


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


async def _throttle(session: AsyncSession, key: str) -> LoginThrottle:
    row = await session.get(LoginThrottle, key)
    if row is None:
        row = LoginThrottle(key=key, failures=0, lock_count=0)
        session.add(row)
    return row


async def throttled(session: AsyncSession, key: str, now: datetime) -> LoginThrottle:
    """The sign-in throttle of `key`; 100017 (with the seconds left) while it is locked. Tenant users' and platform
    operators' sign-ins both (operations.service.login)."""
    throttle = await _throttle(session, key)
    if throttle.locked_until is not None and as_utc(throttle.locked_until) > now:
        keep_on_error(session)
        seconds = int((as_utc(throttle.locked_until) - now).total_seconds()) + 1
        raise AppError(ErrorCode.ACCOUNT_LOCKED, field="username", seconds=seconds)
    return throttle


def failed_sign_in(session: AsyncSession, settings: Settings, throttle: LoginThrottle, now: datetime) -> AppError:
    """Count a wrong name or password: the throttle locks for a growing time after too many; the error to raise."""
    throttle.failures = (throttle.failures or 0) + 1
    if throttle.failures >= settings.login_max_failures:
        throttle.locked_until = now + timedelta(seconds=settings.login_lock_seconds * 2 ** (throttle.lock_count or 0))
        throttle.lock_count = (throttle.lock_count or 0) + 1
        throttle.failures = 0
    keep_on_error(session)
    return AppError(ErrorCode.WRONG_CREDENTIALS, field="password")


def passed_sign_in(throttle: LoginThrottle) -> None:
    throttle.failures = 0
    throttle.lock_count = 0
    throttle.locked_until = None


def throttle_key(user: User | None, typed: str) -> str:
    """Failures count per account, whichever of its name, phone or email was typed; for a name nobody holds, per
    name typed (lower-cased), so an unknown name locks like a known one."""
    if user is not None:
        return f"user:{user.id}"
    lowered = typed.lower()
    # The key column holds 254 characters; a longer name is kept by its digest.
    return f"name:{lowered}" if len(lowered) <= 240 else f"name:{security.digest(lowered)}"


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


async def _account_log(
    session: AsyncSession, tenant_id: int, user_id: int, user_name: str, action: str, ip: str
) -> None:
    """The user's own log: sign-ins, sign-outs and password changes (SPEC §6 "log information")."""
    await hooks.account_event.call(session, tenant_id, user_id, user_name, action, ip)


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
) -> SessionOut:
    raw = security.new_token()
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
_PRINCIPAL_TABLES = ("user_token", "user_account", "role")


async def authenticate(session: AsyncSession, request: Request) -> Actor:
    """The caller behind X-Token (checked against X-User and X-Tenant); binds the session to its tenant.

    A valid token's principal is kept in the process's read cache for IOTYUN_READ_CACHE_SECONDS: this process's
    sign-outs, password changes and role edits drop it at once, another process's within that time."""
    cached: Actor | None = getattr(request.state, "actor", None)
    if cached is not None:
        return cached
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
