"""Every SELECT of the operators' own tables."""

from datetime import datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Tenant
from iotyun.core.db import utcnow
from iotyun.operations.models import Operator, OperatorAudit, OperatorToken


async def operator_named(session: AsyncSession, user_name: str) -> Operator | None:
    stmt = select(Operator).where(func.lower(Operator.user_name) == user_name.lower())
    result: Operator | None = await session.scalar(stmt)
    return result


async def token_row(session: AsyncSession, token_hash: str) -> Any:
    stmt = (
        select(
            OperatorToken.id.label("token_id"),
            OperatorToken.expires_at,
            OperatorToken.revoked_at,
            Operator.id.label("operator_id"),
            Operator.user_name,
            Operator.scopes,
            Operator.is_active,
        )
        .join(Operator, Operator.id == OperatorToken.operator_id)
        .where(OperatorToken.token_hash == token_hash)
    )
    return (await session.execute(stmt)).first()


async def audit_page(
    session: AsyncSession,
    *,
    offset: int,
    limit: int,
    action: str,
    operator_id: int | None,
    tenant_id: int | None,
    since: datetime | None = None,
    until: datetime | None = None,
) -> tuple[list[tuple[OperatorAudit, str | None]], int]:
    where = []
    if since is not None and until is not None:
        where += [OperatorAudit.created_at >= since, OperatorAudit.created_at < until]
    if action:
        where.append(OperatorAudit.action == action)
    if operator_id is not None:
        where.append(OperatorAudit.operator_id == operator_id)
    if tenant_id is not None:
        where.append(OperatorAudit.tenant_id == tenant_id)
    total = await session.scalar(select(func.count()).select_from(OperatorAudit).where(*where)) or 0
    stmt = (
        select(OperatorAudit, Tenant.name)
        .outerjoin(Tenant, Tenant.id == OperatorAudit.tenant_id)
        .where(*where)
        .order_by(OperatorAudit.created_at.desc(), OperatorAudit.id.desc())
        .offset(offset)
        .limit(limit)
    )
    rows: list[tuple[OperatorAudit, str | None]] = [(a, name) for a, name in (await session.execute(stmt)).all()]
    return rows, int(total)


async def all_operators(session: AsyncSession) -> list[Operator]:
    return list((await session.scalars(select(Operator).order_by(Operator.user_name))).all())


async def active_operators(session: AsyncSession) -> list[Operator]:
    stmt = select(Operator).where(Operator.is_active.is_(True)).order_by(Operator.id)
    return list((await session.scalars(stmt)).all())


async def revoke_tokens(session: AsyncSession, operator_id: int) -> None:
    await session.execute(
        update(OperatorToken)
        .where(OperatorToken.operator_id == operator_id, OperatorToken.revoked_at.is_(None))
        .values(revoked_at=utcnow())
    )
