"""A user's quotas: the platform's value, the operator's ceiling for the user (operations, QuotaGrant), the tenant
administrator's own value under it, and the exact claim of one more under concurrency (docs/decisions.md "Bounded by
default")."""

from collections.abc import Awaitable, Callable

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import QUOTAS_KEY
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.team import hooks
from iotyun.team import repository as repo
from iotyun.team.models import QUOTA_DEFAULTS, QUOTA_FIELDS, QuotaGrant, UserQuota
from iotyun.team.schemas import QuotaIn, QuotaOut, QuotaValues
from iotyun.team.service import target_user, write_log


def platform_quotas(session: AsyncSession) -> dict[str, int]:
    """The platform's value of every quota (IOTYUN_QUOTA_<NAME>, else core/limits.py QUOTA_DEFAULTS)."""
    platform: dict[str, int] = session.info.get(QUOTAS_KEY) or QUOTA_DEFAULTS
    return platform


async def ceilings(session: AsyncSession, user_id: int) -> dict[str, int]:
    """The most a user may be given of every quota: the platform operator's value for this user where one is set
    (operations, QuotaGrant), else the platform's."""
    values = dict(platform_quotas(session))
    grant = await repo.quota_grant(session, user_id)
    if grant is not None:
        for name in QUOTA_FIELDS:
            granted: int | None = getattr(grant, name)
            if granted is not None:
                values[name] = granted
    return values


async def _quota_out(session: AsyncSession, user_id: int, row: UserQuota | None) -> QuotaOut:
    ceiling = await ceilings(session, user_id)
    own: dict[str, int | None] = {name: getattr(row, name) if row is not None else None for name in QUOTA_FIELDS}
    effective = {name: ceiling[name] if v is None else min(v, ceiling[name]) for name, v in own.items()}
    return QuotaOut(user_id=user_id, platform=QuotaValues(**ceiling), effective=QuotaValues(**effective), **own)


async def get_quota(session: AsyncSession, actor: Actor, user_id: int) -> QuotaOut:
    """A user's quotas (the platform's until an administrator sets less)."""
    user, _, _ = await target_user(session, actor, user_id)
    return await _quota_out(session, user.id, await repo.quota(session, actor.tenant_id, user.id))


async def set_quota(session: AsyncSession, actor: Actor, user_id: int, body: QuotaIn) -> QuotaOut:
    """Set a user's quotas (the tenant's administrator only), each at most the platform's value or the operator's
    ceiling for the user (100019): a tenant cannot lift its own bounds (docs/decisions.md "Bounded by default")."""
    if not actor.is_admin:
        raise AppError(ErrorCode.NO_PRIVILEGE)
    user, _, _ = await target_user(session, actor, user_id)
    ceiling = await ceilings(session, user.id)
    for name in QUOTA_FIELDS:
        value = getattr(body, name)
        if value is not None and value > ceiling[name]:
            raise AppError(ErrorCode.LIMIT_REACHED, field=name, limit=ceiling[name])
    row = await repo.quota(session, actor.tenant_id, user.id)
    if row is None:
        row = UserQuota(tenant_id=actor.tenant_id, user_id=user.id)
        session.add(row)
    for name in QUOTA_FIELDS:
        setattr(row, name, getattr(body, name))
    await session.flush()
    await write_log(session, actor, "user_quota", user.user_name, {"user_id": user.id, **body.model_dump()})
    return await _quota_out(session, user.id, row)


async def quota_limit(session: AsyncSession, user_id: int, kind: str) -> int:
    """A user's limit of quota `kind`: their own value, never above their ceiling (the operator's or the
    platform's)."""
    if kind not in QUOTA_FIELDS:
        raise ValueError(f"unknown quota {kind!r}")
    ceiling = (await ceilings(session, user_id))[kind]
    row = await repo.quota_of(session, user_id)
    own: int | None = getattr(row, kind) if row is not None else None
    return ceiling if own is None else min(own, ceiling)


async def quota_usage(session: AsyncSession, tenant_id: int, user_id: int) -> dict[str, int]:
    """What the user holds of each quota the domains count (team.hooks.quota_usage)."""
    used: dict[str, int] = {}
    for answer in await hooks.quota_usage.call(session, tenant_id, user_id):
        used.update(answer)
    return used


async def quota_view(session: AsyncSession, tenant_id: int, user_id: int) -> tuple[QuotaOut, dict[str, int | None]]:
    """A user's quotas as the platform operator sees them: the quota answer and the operator's own values."""
    out = await _quota_out(session, user_id, await repo.quota(session, tenant_id, user_id))
    grant = await repo.quota_grant(session, user_id)
    granted = {name: getattr(grant, name) if grant is not None else None for name in QUOTA_FIELDS}
    return out, granted


async def grant_quotas(session: AsyncSession, tenant_id: int, user_id: int, values: dict[str, int | None]) -> None:
    """Set the operator's ceiling of a user's quotas (operations checks it first: never below what is used)."""
    grant = await repo.quota_grant(session, user_id)
    if grant is None:
        grant = QuotaGrant(tenant_id=tenant_id, user_id=user_id)
        session.add(grant)
    for name in QUOTA_FIELDS:
        setattr(grant, name, values.get(name))
    await session.flush()


async def check_quota(session: AsyncSession, actor_or_user_id: Actor | int, kind: str, used_count: int) -> None:
    """Raise 100019 when a user who already uses `used_count` of quota `kind` may not take one more."""
    user_id = actor_or_user_id.user_id if isinstance(actor_or_user_id, Actor) else actor_or_user_id
    limit = await quota_limit(session, user_id, kind)
    if used_count >= limit:
        raise AppError(ErrorCode.LIMIT_REACHED, limit=limit)


async def claim_quota(
    session: AsyncSession,
    user_id: int,
    kind: str,
    adding: int,
    used: Callable[[], Awaitable[int]],
    *,
    code: ErrorCode = ErrorCode.LIMIT_REACHED,
    unit: int = 1,
    field: str | None = None,
) -> None:
    """Let the user take `adding` more of quota `kind` (in units of `unit`: MB quotas count bytes with unit=MB), or
    raise `code`. Exact under concurrency, across server processes and on SQLite too: the user's quota lock is taken
    first (repository.lock_quota, held to the end of the transaction), then `used()` counts what the user holds,
    so a concurrent claim of theirs waits and then counts this one. Nothing to release: what is deleted is simply
    no longer counted."""
    limit = await quota_limit(session, user_id, kind)
    await repo.lock_quota(session, user_id)
    if await used() + adding > limit * unit:
        raise AppError(code, field=field, limit=limit)
