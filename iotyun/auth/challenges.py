"""What stands before an account: the captcha, the verification codes sent to a phone or an email, and the sign-in
throttle that tenant users' and platform operators' sign-ins share (docs/security.md "Accounts" and "Throttles").
A code request answers the same for any account: nothing here tells a caller whether an account exists."""

import base64
import logging
import secrets
from datetime import datetime, timedelta

from captcha.image import ImageCaptcha
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import repository as repo
from iotyun.auth.models import Captcha, LoginThrottle, User, VerifyCode
from iotyun.auth.schemas import (
    CaptchaOut,
    SendCodeIn,
    SendCodeOut,
)
from iotyun.auth.senders import CodeSender
from iotyun.core import security
from iotyun.core.config import Settings
from iotyun.core.context import lang_var
from iotyun.core.db import as_utc, utcnow
from iotyun.core.deps import keep_on_error
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    CAPTCHA_LENGTH,
    CODE_WINDOW_S,
    CODES_PER_ACCOUNT,
    VERIFY_CODE_LENGTH,
    VERIFY_CODE_MAX_ATTEMPTS,
    account_kind,
)
from iotyun.core.ratelimit import Limiters

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


# --- sign-in throttle ------------------------------------------------------------------------------------------


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
