"""App key SELECTs and the one conditional write that counts a call."""

from datetime import datetime
from typing import Any

from sqlalchemy import case, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core.tenancy import ALL_TENANTS, scoped
from iotyun.system.appkeys.models import AppKey


async def by_key_id(session: AsyncSession, key_id: str) -> AppKey | None:
    """The key a call names, before any tenant is known (its id is unique across tenants)."""
    stmt = select(AppKey).where(AppKey.key_id == key_id).execution_options(**{ALL_TENANTS: True})
    return (await session.execute(stmt)).scalar_one_or_none()


async def key(session: AsyncSession, tenant_id: int, key_pk: int) -> AppKey | None:
    stmt = scoped(select(AppKey), AppKey, tenant_id).where(AppKey.id == key_pk)
    return (await session.execute(stmt)).scalar_one_or_none()


async def keys(session: AsyncSession, tenant_id: int, owner_id: int | None) -> list[tuple[AppKey, str]]:
    """The tenant's keys (of one owner when `owner_id`), newest first, with their owner's name."""
    stmt = (
        select(AppKey, User.user_name)
        .join(User, User.id == AppKey.owner_id)
        .where(AppKey.tenant_id == tenant_id)
        .order_by(AppKey.id.desc())
    )
    if owner_id is not None:
        stmt = stmt.where(AppKey.owner_id == owner_id)
    return [(k, n) for k, n in (await session.execute(stmt)).all()]


async def count(session: AsyncSession, tenant_id: int, owner_id: int) -> int:
    stmt = scoped(select(func.count()).select_from(AppKey), AppKey, tenant_id).where(
        AppKey.owner_id == owner_id, AppKey.revoked_at.is_(None)
    )
    return int((await session.execute(stmt)).scalar_one())


async def count_call(session: AsyncSession, key_pk: int, minute: int, day: int, now: datetime, ip: str) -> bool:
    """Count one call of the key unless it is at its minute's rate or its day's quota (or revoked meanwhile), and
    note when and whence: one statement, so concurrent calls never pass a limit."""
    stmt: Any = (
        update(AppKey)
        .where(
            AppKey.id == key_pk,
            AppKey.revoked_at.is_(None),
            (AppKey.used_minute != minute) | (AppKey.used_minute_count < AppKey.rate_per_minute),
            (AppKey.used_day != day) | (AppKey.used_day_count < AppKey.daily_quota),
        )
        .values(
            used_minute=minute,
            used_minute_count=case((AppKey.used_minute == minute, AppKey.used_minute_count + 1), else_=1),
            used_day=day,
            used_day_count=case((AppKey.used_day == day, AppKey.used_day_count + 1), else_=1),
            last_used_at=now,
            last_used_ip=ip[:64],
        )
        .returning(AppKey.id)
        .execution_options(synchronize_session=False)
    )
    return (await session.execute(stmt)).first() is not None
