"""Every account query. Login and token lookups run before a tenant is known, so they match global unique keys."""

from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import (
    Captcha,
    LoginThrottle,
    QrLoginTicket,
    RequestNonce,
    Role,
    Tenant,
    User,
    UserToken,
    VerifyCode,
)
from iotyun.core.limits import account_kind
from iotyun.core.tenancy import ALL_TENANTS


async def user_by_account(session: AsyncSession, account: str) -> User | None:
    """The user of a phone or email, in any tenant (accounts are unique across tenants, SPEC §6)."""
    column = User.phone if account_kind(account) == "phone" else User.email
    stmt = select(User).where(column == account).execution_options(**{ALL_TENANTS: True})
    return (await session.execute(stmt)).scalar_one_or_none()


async def user_by_login_name(session: AsyncSession, name: str) -> User | None:
    stmt = select(User).where(or_(User.user_name == name, User.phone == name, User.email == name.lower()))
    return (await session.execute(stmt)).scalar_one_or_none()


async def user_name_taken(session: AsyncSession, user_name: str) -> bool:
    stmt = select(User.id).where(User.user_name == user_name)
    return (await session.execute(stmt)).first() is not None


async def latest_code(session: AsyncSession, account: str, scene: str, *, unused: bool = False) -> VerifyCode | None:
    stmt = select(VerifyCode).where(VerifyCode.account == account, VerifyCode.scene == scene)
    if unused:
        stmt = stmt.where(VerifyCode.used_at.is_(None))
    stmt = stmt.order_by(VerifyCode.created_at.desc(), VerifyCode.id.desc()).limit(1)
    return (await session.execute(stmt)).scalar_one_or_none()


async def code_times(session: AsyncSession, account: str, since: datetime, limit: int) -> list[datetime]:
    """When the newest `limit` codes of `account` (any scene) made after `since` were made, newest first."""
    stmt = (
        select(VerifyCode.created_at)
        .where(VerifyCode.account == account, VerifyCode.created_at > since)
        .order_by(VerifyCode.created_at.desc())
        .limit(limit)
    )
    return list((await session.execute(stmt)).scalars())


# What a token's principal is made of, as plain columns: no entities to hydrate for the lookup every request makes
# when the read caches are off or cold (three ORM objects cost more than the query on SQLite).
_PRINCIPAL = (
    select(
        UserToken.id.label("token_id"),
        UserToken.revoked_at,
        UserToken.expires_at,
        UserToken.simulated_by,
        User.id.label("user_id"),
        User.tenant_id,
        User.user_name,
        User.is_active,
        User.is_admin2,
        User.group_id,
        User.must_change_password,
        User.direct_permissions,
        Role.code.label("role_code"),
        Role.permissions.label("role_permissions"),
        Role.device_permissions.label("role_device_permissions"),
        Role.template_permissions.label("role_template_permissions"),
        func.coalesce(User.time_zone, Tenant.time_zone).label("time_zone"),
    )
    .join(User, User.id == UserToken.user_id)
    .join(Role, Role.id == User.role_id)
    .join(Tenant, Tenant.id == User.tenant_id)
    .where(UserToken.token_hash == bindparam("digest"))
)


async def principal_row(session: AsyncSession, token_hash: str) -> Any:
    """The token, its user and the user's role as one row of plain columns (see _PRINCIPAL), None when unknown."""
    return (await session.execute(_PRINCIPAL, {"digest": token_hash})).one_or_none()


async def user_with_role(session: AsyncSession, user_id: int) -> tuple[User, Role] | None:
    stmt = select(User, Role).join(Role, Role.id == User.role_id).where(User.id == user_id)
    row = (await session.execute(stmt)).one_or_none()
    return None if row is None else (row[0], row[1])


async def tenant_zone(session: AsyncSession, tenant_id: int) -> str | None:
    """The tenant's default time zone (None for no such tenant)."""
    found: str | None = await session.scalar(select(Tenant.time_zone).where(Tenant.id == tenant_id))
    return found


async def live_tokens(session: AsyncSession, user_id: int) -> list[UserToken]:
    stmt = select(UserToken).where(UserToken.user_id == user_id, UserToken.revoked_at.is_(None))
    return list((await session.execute(stmt)).scalars())


async def tenant_by_code(session: AsyncSession, code: str) -> Tenant | None:
    return (await session.execute(select(Tenant).where(Tenant.code == code))).scalar_one_or_none()


async def purge_expired_captchas(session: AsyncSession, now: datetime) -> None:
    await session.execute(delete(Captcha).where(Captcha.expires_at < now))


async def purge_expired_nonces(session: AsyncSession, now: datetime) -> None:
    await session.execute(delete(RequestNonce).where(RequestNonce.expires_at < now))


async def locked_until(session: AsyncSession, key: str) -> datetime | None:
    """When the sign-in throttle of `key` unlocks (None: never locked), without making its row."""
    row = await session.get(LoginThrottle, key)
    return None if row is None else row.locked_until


# --- QR sign-in tickets ----------------------------------------------------------------------------------------


async def qr_ticket(session: AsyncSession, key_hash: str) -> QrLoginTicket | None:
    stmt = select(QrLoginTicket).where(QrLoginTicket.key_hash == key_hash)
    return (await session.execute(stmt)).scalar_one_or_none()


async def purge_expired_qr_tickets(session: AsyncSession, now: datetime) -> None:
    await session.execute(delete(QrLoginTicket).where(QrLoginTicket.expires_at < now))


async def move_qr_ticket(
    session: AsyncSession, ticket_id: int, *, from_status: str, held_by: int | None, **values: Any
) -> bool:
    """Move a ticket on from `from_status` (held by the user `held_by`, None: by nobody yet) in one conditional UPDATE, so of
    two concurrent moves one wins; whether this one did."""
    stmt = update(QrLoginTicket).where(QrLoginTicket.id == ticket_id, QrLoginTicket.status == from_status)
    holder = QrLoginTicket.user_id.is_(None) if held_by is None else QrLoginTicket.user_id == held_by
    result = await session.execute(stmt.where(holder).values(**values).execution_options(synchronize_session=False))
    return bool(getattr(result, "rowcount", 0))


async def take_confirmed_qr_ticket(session: AsyncSession, ticket_id: int) -> bool:
    """Delete a confirmed ticket as its session is handed out: of two concurrent collections one gets it."""
    stmt = delete(QrLoginTicket).where(QrLoginTicket.id == ticket_id, QrLoginTicket.status == "confirmed")
    result = await session.execute(stmt.execution_options(synchronize_session=False))
    return bool(getattr(result, "rowcount", 0))
