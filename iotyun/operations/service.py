"""The operators' accounts, sessions and audit (docs/api-operations.md).

An operator signs in with a captcha like a tenant user, throttled the same way, and gets a token of their own
table: a tenant endpoint does not know it (100009) and an operator endpoint answers a tenant user's token 810101.
Every action an operator takes is written to `operator_audit` with who, what, before and after, in the request's
transaction, so an action and its record land together or not at all."""

from datetime import timedelta
from typing import Any

from fastapi import Request
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import challenges as auth_challenges
from iotyun.auth import repository as auth_repo
from iotyun.core import security
from iotyun.core.addresses import client_address
from iotyun.core.config import Settings
from iotyun.core.db import as_utc, epoch_ms, utcnow
from iotyun.core.deps import keep_on_error
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import OPERATOR_TOKEN_HOURS
from iotyun.core.pagination import Page, PageParams
from iotyun.core.tenancy import SYSTEM_KEY
from iotyun.operations import repository as repo
from iotyun.operations.models import Operator, OperatorAudit, OperatorToken
from iotyun.operations.ranges import checked_range
from iotyun.operations.schemas import (
    ALERT_CHANNELS,
    AlertChannel,
    AuditOut,
    OperatorActor,
    OperatorContactIn,
    OperatorLoginIn,
    OperatorOut,
    OperatorScopesIn,
    OperatorSessionOut,
)
from iotyun.operations.scopes import SCOPES, Scope

# Verified against when the name is unknown, so a wrong name costs the same time as a wrong password.
_NO_OPERATOR_HASH = security.hash_password_sync("no operator has this password")


def tenant_free(session: AsyncSession) -> None:
    """Mark an operator's request session as serving every tenant (it can never be bound to one)."""
    session.info[SYSTEM_KEY] = True


async def authenticate(session: AsyncSession, request: Request) -> OperatorActor:
    cached: OperatorActor | None = getattr(request.state, "operator", None)
    if cached is not None:
        return cached
    raw = request.headers.get("x-token", "")
    if not raw:
        raise AppError(ErrorCode.ILLEGAL_TOKEN)
    digest = security.digest(raw)
    row = await repo.token_row(session, digest)
    now = utcnow()
    if row is None:
        # A tenant user's live token: they reach no operator endpoint.
        user = await auth_repo.principal_row(session, digest)
        if user is not None and user.revoked_at is None and as_utc(user.expires_at) > now and user.is_active:
            raise AppError(ErrorCode.MONITOR_NO_PERMISSION)
        raise AppError(ErrorCode.ILLEGAL_TOKEN)
    if row.revoked_at is not None or as_utc(row.expires_at) <= now or not row.is_active:
        raise AppError(ErrorCode.ILLEGAL_TOKEN)
    tenant_free(session)
    actor = OperatorActor(
        operator_id=row.operator_id,
        user_name=row.user_name,
        scopes=frozenset(row.scopes or ()),
        token_id=row.token_id,
        client_ip=client_address(request),
    )
    request.state.operator = actor
    return actor


async def audit(
    session: AsyncSession,
    actor: OperatorActor,
    action: str,
    *,
    tenant_id: int | None = None,
    target_kind: str = "",
    target_id: int | None = None,
    target_name: str = "",
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    result: str = "ok",
) -> None:
    """Record one operator action. A refused or failed action is recorded too (result), and kept when the request
    then fails (keep_on_error)."""
    session.add(
        OperatorAudit(
            operator_id=actor.operator_id,
            operator_name=actor.user_name,
            action=action,
            tenant_id=tenant_id,
            target_kind=target_kind,
            target_id=target_id,
            target_name=target_name[:64],
            before=before,
            after=after,
            result=result,
            client_ip=actor.client_ip[:45],
        )
    )
    await session.flush()
    if result != "ok":
        keep_on_error(session)


def operator_out(op: Operator) -> OperatorOut:
    return OperatorOut(
        id=op.id,
        user_name=op.user_name,
        display_name=op.display_name,
        scopes=[s for s in SCOPES if s in (op.scopes or ())],
        is_active=op.is_active,
        last_login_at=epoch_ms(op.last_login_at),
        email=op.email or "",
        phone=op.phone or "",
        alert_channels=alert_channels_of(op),
    )


# --- an operator's contacts: where the platform's alerts reach him ----------------------------------------------


def address_of(op: Operator, channel: str) -> str:
    return (op.email if channel == "email" else op.phone if channel == "sms" else "") or ""


def alert_channels_of(op: Operator) -> list[AlertChannel]:
    """The channels alerts take to the operator: those chosen (None: all) that have an address."""
    chosen = ALERT_CHANNELS if op.alert_channels is None else op.alert_channels
    return [c for c in ALERT_CHANNELS if c in chosen and address_of(op, c)]


def masked_email(address: str) -> str:
    """ "o***@example.com": enough to tell one's own address, not enough to read another's."""
    local, at, domain = address.partition("@")
    return f"{local[:1]}***@{domain}" if at else "***"


def masked_phone(phone: str) -> str:
    """ "138****5678"."""
    return f"{phone[:3]}****{phone[-4:]}" if len(phone) >= 8 else "****"


def contact_record(op: Operator) -> dict[str, Any]:
    """The contacts as the audit keeps them: masked (every operator reads the audit), and whether the channels are
    the default (every one with an address) or chosen."""
    return {
        "email": masked_email(op.email) if op.email else "",
        "phone": masked_phone(op.phone) if op.phone else "",
        "alert_channels": None if op.alert_channels is None else list(op.alert_channels),
    }


def apply_contact(op: Operator, body: OperatorContactIn) -> None:
    op.email, op.phone = body.email, body.phone
    op.alert_channels = None if body.alert_channels is None else list(body.alert_channels)


async def update_me(session: AsyncSession, actor: OperatorActor, body: OperatorContactIn) -> OperatorOut:
    """The operator's own contacts (audited `operator_contact`, masked); the same values again record nothing."""
    op = await session.get(Operator, actor.operator_id)
    assert op is not None
    before = contact_record(op)
    was = (op.email, op.phone, op.alert_channels)
    apply_contact(op, body)
    if (op.email, op.phone, op.alert_channels) != was:
        await audit(
            session,
            actor,
            "operator_contact",
            target_kind="operator",
            target_id=op.id,
            target_name=op.user_name,
            before=before,
            after=contact_record(op),
        )
    return operator_out(op)


async def alert_recipients(session: AsyncSession) -> list[Operator]:
    """The active operators holding the monitoring scope: whom the platform's alerts go to."""
    return [op for op in await repo.active_operators(session) if Scope.MONITORING.value in (op.scopes or ())]


async def login(session: AsyncSession, settings: Settings, body: OperatorLoginIn, client_ip: str) -> OperatorSessionOut:
    """Password login with captcha; repeated failures lock the name for a growing time, as a tenant login does."""
    tenant_free(session)
    name = body.username.strip()
    if not name:
        raise AppError(ErrorCode.LOGIN_EMPTY, field="username")
    if not body.password:
        raise AppError(ErrorCode.LOGIN_EMPTY, field="password")
    await auth_challenges.check_captcha(session, settings, body.code_key, body.code)
    now = utcnow()
    op = await repo.operator_named(session, name)
    throttle = await auth_challenges.throttled(session, f"operator:{name.lower()}"[:254], now)
    right = await security.verify_password(op.password_hash if op is not None else _NO_OPERATOR_HASH, body.password)
    if op is None or not right:
        raise auth_challenges.failed_sign_in(session, settings, throttle, now)
    if not op.is_active:
        raise AppError(ErrorCode.ACCOUNT_DISABLED, field="username")
    auth_challenges.passed_sign_in(throttle)
    op.last_login_at = now
    raw = security.new_token()
    token = OperatorToken(
        operator_id=op.id,
        token_hash=security.digest(raw),
        expires_at=now + timedelta(hours=OPERATOR_TOKEN_HOURS),
        client_ip=client_ip[:45],
    )
    session.add(token)
    await session.flush()
    actor = OperatorActor(op.id, op.user_name, frozenset(op.scopes or ()), token.id, client_ip)
    await audit(session, actor, "login", target_kind="operator", target_id=op.id, target_name=op.user_name)
    return OperatorSessionOut(x_Token=raw, operator=operator_out(op), expires_at=epoch_ms(token.expires_at) or 0)


async def logout(session: AsyncSession, actor: OperatorActor) -> None:
    token = await session.get(OperatorToken, actor.token_id)
    if token is not None:
        token.revoked_at = utcnow()
    await audit(session, actor, "logout", target_kind="operator", target_id=actor.operator_id)


async def me(session: AsyncSession, actor: OperatorActor) -> OperatorOut:
    op = await session.get(Operator, actor.operator_id)
    assert op is not None
    return operator_out(op)


async def operators(session: AsyncSession) -> list[OperatorOut]:
    return [operator_out(o) for o in await repo.all_operators(session)]


async def set_scopes(
    session: AsyncSession, actor: OperatorActor, operator_id: int, body: OperatorScopesIn
) -> OperatorOut:
    """Another operator's scopes. Nobody changes their own (810114): an operator cannot widen their own rights, and an
    operator cannot give what they do not hold themselves (810113)."""
    if operator_id == actor.operator_id:
        await audit(session, actor, "operator_scopes", target_kind="operator", target_id=operator_id, result="refused")
        raise AppError(ErrorCode.MONITOR_CANNOT_EDIT_SELF, field="id")
    op = await session.get(Operator, operator_id)
    if op is None:
        raise AppError(ErrorCode.MONITOR_USER_NOT_FOUND, field="id")
    wanted = set(body.scopes)
    if not wanted <= set(SCOPES) or not wanted <= actor.scopes:
        raise AppError(ErrorCode.MONITOR_PERMISSION_INVALID, field="scopes")
    before = {"scopes": sorted(op.scopes or ())}
    op.scopes = [s for s in SCOPES if s in wanted]
    await audit(
        session,
        actor,
        "operator_scopes",
        target_kind="operator",
        target_id=op.id,
        target_name=op.user_name,
        before=before,
        after={"scopes": list(op.scopes)},
    )
    return operator_out(op)


async def audit_log(
    session: AsyncSession,
    params: PageParams,
    action: str,
    operator_id: int | None,
    tenant_id: int | None,
    start: int | None = None,
    end: int | None = None,
) -> Page[AuditOut]:
    since, until = checked_range(start, end)
    rows, total = await repo.audit_page(
        session,
        offset=(params.page - 1) * params.page_size,
        limit=params.page_size,
        action=action,
        operator_id=operator_id,
        tenant_id=tenant_id,
        since=since,
        until=until,
    )
    items = [
        AuditOut(
            id=a.id,
            operator_id=a.operator_id,
            operator_name=a.operator_name,
            action=a.action,
            tenant_id=a.tenant_id,
            tenant_name=name or "",
            target_kind=a.target_kind,
            target_id=a.target_id,
            target_name=a.target_name,
            before=a.before,
            after=a.after,
            result=a.result,
            client_ip=a.client_ip,
            created_at=epoch_ms(a.created_at) or 0,
        )
        for a, name in rows
    ]
    return Page(items=items, total=total, page=params.page, page_size=params.page_size)


# --- the server command (iotyun operator ...) -------------------------------------------------------------------


async def create_operator(
    session: AsyncSession,
    user_name: str,
    password: str,
    scopes: list[str],
    display_name: str = "",
    contact: OperatorContactIn | None = None,
) -> Operator:
    """Made on the server only (cli.py `iotyun operator create`), with the operator's contacts when given."""
    tenant_free(session)
    if not 3 <= len(user_name) <= 32 or not user_name.replace("_", "").replace("-", "").isalnum():
        raise ValueError("the name must be 3 to 32 letters, digits, - or _")
    if len(password) < 8:
        raise ValueError("the password must be at least 8 characters")
    unknown = set(scopes) - set(SCOPES)
    if unknown:
        raise ValueError(f"unknown scopes: {', '.join(sorted(unknown))} (known: {', '.join(SCOPES)})")
    if await repo.operator_named(session, user_name) is not None:
        raise ValueError(f"an operator named {user_name!r} exists")
    op = Operator(
        user_name=user_name,
        display_name=display_name[:32],
        password_hash=await security.hash_password(password),
        scopes=[s for s in SCOPES if s in scopes],
    )
    if contact is not None:
        apply_contact(op, contact)
    session.add(op)
    await session.flush()
    return op


async def operator_by_name(session: AsyncSession, user_name: str) -> Operator:
    """The operator the server command names (cli.py `iotyun operator contact`)."""
    tenant_free(session)
    op = await repo.operator_named(session, user_name)
    if op is None:
        raise ValueError(f"no operator named {user_name!r}")
    return op


async def set_active(session: AsyncSession, user_name: str, active: bool) -> Operator:
    tenant_free(session)
    op = await repo.operator_named(session, user_name)
    if op is None:
        raise ValueError(f"no operator named {user_name!r}")
    op.is_active = active
    if not active:
        await repo.revoke_tokens(session, op.id)
    return op
