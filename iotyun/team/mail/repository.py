"""Every SELECT of mail recipients."""

from collections.abc import Sequence
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.team.mail.models import MailDay, MailRecipient


async def recipients(session: AsyncSession, tenant_id: int) -> Sequence[tuple[MailRecipient, str | None]]:
    stmt = (
        select(MailRecipient, User.user_name)
        .outerjoin(User, User.id == MailRecipient.requested_by)
        .where(MailRecipient.tenant_id == tenant_id)
        .order_by(MailRecipient.address)
    )
    return [(r, name) for r, name in (await session.execute(stmt)).all()]


async def recipient(session: AsyncSession, tenant_id: int, recipient_id: int) -> MailRecipient | None:
    stmt = select(MailRecipient).where(MailRecipient.tenant_id == tenant_id, MailRecipient.id == recipient_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def by_address(session: AsyncSession, tenant_id: int, address: str) -> MailRecipient | None:
    stmt = select(MailRecipient).where(MailRecipient.tenant_id == tenant_id, MailRecipient.address == address)
    return (await session.execute(stmt.execution_options(populate_existing=True))).scalar_one_or_none()


async def count(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.count()).select_from(MailRecipient).where(MailRecipient.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one())


async def sends_to_address(session: AsyncSession, address: str, day: date) -> int:
    """Verification mails sent to `address` on `day` by every tenant (the per-address throttle)."""
    stmt = (
        select(func.coalesce(func.sum(MailRecipient.sends), 0))
        .where(MailRecipient.address == address, MailRecipient.sends_day == day)
        .execution_options(**{ALL_TENANTS: True})
    )
    return int((await session.execute(stmt)).scalar_one())


async def by_token_hash(session: AsyncSession, token_hash: str) -> MailRecipient | None:
    """The recipient of a verification link, in any tenant (the link's opener has no session)."""
    stmt = select(MailRecipient).where(MailRecipient.token_hash == token_hash).execution_options(**{ALL_TENANTS: True})
    return (await session.execute(stmt)).scalar_one_or_none()


async def recipient_states(session: AsyncSession, tenant_id: int, addresses: list[str]) -> dict[str, str]:
    """The state of each of `addresses` (lower case) the tenant keeps a recipient row for."""
    stmt = select(MailRecipient.address, MailRecipient.state).where(
        MailRecipient.tenant_id == tenant_id, MailRecipient.address.in_(addresses)
    )
    return {address: state for address, state in (await session.execute(stmt)).all()}


async def user_emails(session: AsyncSession, tenant_id: int, addresses: list[str]) -> list[str]:
    """Those of `addresses` (lower case) that are emails of the tenant's users."""
    stmt = select(func.lower(User.email)).where(User.tenant_id == tenant_id, func.lower(User.email).in_(addresses))
    return list((await session.execute(stmt)).scalars())


async def day_row(session: AsyncSession, tenant_id: int, day: date) -> MailDay | None:
    """The tenant's mail counts of `day`, read afresh (another sender may have raised them)."""
    stmt = select(MailDay).where(MailDay.tenant_id == tenant_id, MailDay.day == day)
    return (await session.execute(stmt.execution_options(populate_existing=True))).scalar_one_or_none()
