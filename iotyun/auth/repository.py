"""Every account query. Login and token lookups run before a tenant is known, so they match global unique keys."""

from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Captcha, RequestNonce, Role, Tenant, User, UserToken, VerifyCode
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
    )
    .join(User, User.id == UserToken.user_id)
    .join(Role, Role.id == User.role_id)
    .where(UserToken.token_hash == bindparam("digest"))
)


async def principal_row(session: AsyncSession, token_hash: str) -> Any:
    """The token, its user and the user's role as one row of plain columns (see _PRINCIPAL), None when unknown."""
    return (await session.execute(_PRINCIPAL, {"digest": token_hash})).one_or_none()


async def user_with_role(session: AsyncSession, user_id: int) -> tuple[User, Role] | None:
    stmt = select(User, Role).join(Role, Role.id == User.role_id).where(User.id == user_id)
    row = (await session.execute(stmt)).one_or_none()
    return None if row is None else (row[0], row[1])


async def live_tokens(session: AsyncSession, user_id: int) -> list[UserToken]:
    stmt = select(UserToken).where(UserToken.user_id == user_id, UserToken.revoked_at.is_(None))
    return list((await session.execute(stmt)).scalars())


async def tenant_by_code(session: AsyncSession, code: str) -> Tenant | None:
    return (await session.execute(select(Tenant).where(Tenant.code == code))).scalar_one_or_none()


async def purge_expired_captchas(session: AsyncSession, now: datetime) -> None:
    await session.execute(delete(Captcha).where(Captcha.expires_at < now))


async def purge_expired_nonces(session: AsyncSession, now: datetime) -> None:
    await session.execute(delete(RequestNonce).where(RequestNonce.expires_at < now))
