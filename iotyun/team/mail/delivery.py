"""The delivery core (DESIGN §9 "one delivery core"): may this tenant mail these addresses, and may it send one more
message today. Scheduled reports call it when a schedule is saved (`check`) and at every run (`prepare`); a later
notification channel calls the same two. docs/api-mail.md.

A tenant may mail the email addresses of its own users and the addresses whose owners verified them for it
(`mail_recipient`, state verified). Another tenant's verified address is not the tenant's. The daily caps count per
tenant and UTC day in one `mail_day` row, raised by one conditional UPDATE, so concurrent senders never pass them; a
message over a cap is not sent and closes the day: nothing more is sent that day."""

from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any, cast

from sqlalchemy import CursorResult, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.config import Settings
from iotyun.core.errors import AppError, ErrorCode
from iotyun.team.mail import repository as repo
from iotyun.team.mail.models import VERIFIED, MailDay

USER, NONE = "user", "none"


@dataclass(frozen=True)
class MailCaps:
    """A tenant's daily caps (IOTYUN_MAIL_* settings; core/limits.py holds the defaults)."""

    messages: int
    recipients: int
    verifications: int

    @classmethod
    def of(cls, settings: Settings) -> "MailCaps":
        return cls(
            settings.mail_messages_per_day, settings.mail_recipients_per_day, settings.mail_verifications_per_day
        )


def normal(address: str) -> str:
    return address.strip().lower()


async def states(session: AsyncSession, tenant_id: int, addresses: list[str]) -> dict[str, str]:
    """Each address (lower case) as the tenant may mail it: `user` (a user of the tenant), `verified`, `pending`
    (a verification was asked and not yet answered) or `none`."""
    wanted = list(dict.fromkeys(normal(a) for a in addresses))
    found = dict.fromkeys(wanted, NONE)
    if not wanted:
        return found
    found.update(await repo.recipient_states(session, tenant_id, wanted))
    found.update(dict.fromkeys(await repo.user_emails(session, tenant_id, wanted), USER))
    return found


async def allowed(session: AsyncSession, tenant_id: int, addresses: list[str]) -> set[str]:
    """The addresses of `addresses` (lower case) the tenant may mail now."""
    return {a for a, s in (await states(session, tenant_id, addresses)).items() if s in (USER, VERIFIED)}


async def check(session: AsyncSession, tenant_id: int, addresses: list[str]) -> None:
    """117805 with `field` the first address the tenant may not mail."""
    ok = await allowed(session, tenant_id, addresses)
    for address in addresses:
        if normal(address) not in ok:
            raise AppError(ErrorCode.MAIL_RECIPIENT_NOT_ALLOWED, field=normal(address))


async def _ensure_day(session: AsyncSession, tenant_id: int, day: date) -> None:
    if await repo.day_row(session, tenant_id, day) is not None:
        return
    try:
        async with session.begin_nested():
            session.add(MailDay(tenant_id=tenant_id, day=day, messages=0, recipients=0, verifications=0, closed=False))
    except IntegrityError:
        pass  # made meanwhile by another sender


async def _raise(session: AsyncSession, tenant_id: int, day: date, where: list[Any], values: dict[str, Any]) -> bool:
    stmt = (
        update(MailDay)
        .where(MailDay.tenant_id == tenant_id, MailDay.day == day, *where)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    return bool(cast(CursorResult[Any], await session.execute(stmt)).rowcount)


async def take_message(
    session: AsyncSession, tenant_id: int, recipients: int, caps: MailCaps, now: datetime
) -> ErrorCode | None:
    """Count one message to `recipients` addresses for today, or the cap's code (117812 messages, 117811
    recipients) when it would pass one or the day is closed; a refusal closes the day."""
    day = now.astimezone(UTC).date()
    await _ensure_day(session, tenant_id, day)
    fits = [
        MailDay.closed.is_(False),
        MailDay.messages + 1 <= caps.messages,
        MailDay.recipients + recipients <= caps.recipients,
    ]
    values = {"messages": MailDay.messages + 1, "recipients": MailDay.recipients + recipients}
    if await _raise(session, tenant_id, day, fits, values):
        return None
    await _raise(session, tenant_id, day, [], {"closed": True})
    row = await repo.day_row(session, tenant_id, day)
    if row is not None and row.recipients + recipients > caps.recipients and row.messages + 1 <= caps.messages:
        return ErrorCode.MAIL_DAILY_RECIPIENTS_LIMIT
    return ErrorCode.MAIL_DAILY_MESSAGES_LIMIT


async def take_verification(session: AsyncSession, tenant_id: int, caps: MailCaps, now: datetime) -> bool:
    """Count one verification mail for today unless the tenant's cap is reached."""
    day = now.astimezone(UTC).date()
    await _ensure_day(session, tenant_id, day)
    fits = [MailDay.verifications + 1 <= caps.verifications]
    return await _raise(session, tenant_id, day, fits, {"verifications": MailDay.verifications + 1})


async def used_today(session: AsyncSession, tenant_id: int, now: datetime) -> MailDay | None:
    return await repo.day_row(session, tenant_id, now.astimezone(UTC).date())


@dataclass
class Delivery:
    """What a send may do: mail `to`; `skipped` are the addresses no longer allowed; `refused` the cap's code when
    nothing may be sent, with its `limit`."""

    to: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    refused: ErrorCode | None = None
    limit: int | None = None


async def prepare(
    session: AsyncSession, tenant_id: int, addresses: list[str], caps: MailCaps, now: datetime
) -> Delivery:
    """At send time: drop the addresses the tenant may no longer mail (a user gone, a recipient removed), then count
    the message against the day's caps (the caller commits)."""
    wanted = list(dict.fromkeys(normal(a) for a in addresses))
    ok = await allowed(session, tenant_id, wanted)
    plan = Delivery(to=[a for a in wanted if a in ok], skipped=[a for a in wanted if a not in ok])
    if not plan.to:
        return plan
    refused = await take_message(session, tenant_id, len(plan.to), caps, now)
    if refused is not None:
        plan.refused = refused
        plan.limit = caps.recipients if refused == ErrorCode.MAIL_DAILY_RECIPIENTS_LIMIT else caps.messages
        plan.to = []
    return plan
