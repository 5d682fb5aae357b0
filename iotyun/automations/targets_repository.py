"""Every SELECT of automations' forward targets: a tenant's targets, one by id or name, their count, the rules naming
one, and the rows a `table` target received."""

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.automations.models import AutomationForwardRow, AutomationRule, AutomationTarget


async def targets(session: AsyncSession, tenant_id: int) -> list[AutomationTarget]:
    stmt = select(AutomationTarget).where(AutomationTarget.tenant_id == tenant_id).order_by(AutomationTarget.id)
    return list((await session.execute(stmt)).scalars())


async def target(session: AsyncSession, tenant_id: int, target_id: int) -> AutomationTarget | None:
    stmt = select(AutomationTarget).where(AutomationTarget.tenant_id == tenant_id, AutomationTarget.id == target_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def named(session: AsyncSession, tenant_id: int, name: str) -> int | None:
    """The id of the tenant's target called `name`, if any."""
    stmt = select(AutomationTarget.id).where(AutomationTarget.tenant_id == tenant_id, AutomationTarget.name == name)
    found = (await session.execute(stmt.limit(1))).scalar_one_or_none()
    return int(found) if found is not None else None


async def count(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.count()).where(AutomationTarget.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one())


async def rule_actions(session: AsyncSession, tenant_id: int) -> list[tuple[int, list[object]]]:
    """Every rule of the tenant with its actions (the JSON, as stored)."""
    stmt = select(AutomationRule.id, AutomationRule.actions).where(AutomationRule.tenant_id == tenant_id)
    return [(int(i), list(a or [])) for i, a in (await session.execute(stmt)).all()]


def received_rows(tenant_id: int, target_id: int) -> Select[AutomationForwardRow]:
    """The rows a `table` target received, newest first."""
    return (
        select(AutomationForwardRow)
        .where(AutomationForwardRow.tenant_id == tenant_id, AutomationForwardRow.target_id == target_id)
        .order_by(AutomationForwardRow.id.desc())
    )
