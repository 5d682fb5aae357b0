"""Mail recipients (docs/api-mail.md): asking an address's owner to verify it for the tenant, the link's answer,
the list and removal. Verification mails go through the same mail provider as every mail, and are throttled per
address (one from a tenant every MAIL_VERIFY_RESEND_S, at most MAIL_VERIFY_PER_ADDRESS_DAY a day from all tenants)
and per tenant (IOTYUN_MAIL_VERIFICATIONS_PER_DAY a day), so they cannot be the relay themselves."""

from datetime import UTC, datetime, timedelta
from typing import Any, cast
from urllib.parse import quote

from sqlalchemy import CursorResult, case, or_, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.senders import MailSender
from iotyun.core.config import Settings
from iotyun.core.context import lang_var
from iotyun.core.db import as_utc, epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    MAIL_RECIPIENTS_MAX,
    MAIL_VERIFY_PER_ADDRESS_DAY,
    MAIL_VERIFY_RESEND_S,
    MAIL_VERIFY_TTL_S,
)
from iotyun.core.security import digest, new_token
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.core.texts import phrase
from iotyun.team.mail import delivery
from iotyun.team.mail import repository as repo
from iotyun.team.mail.models import PENDING, VERIFIED, MailRecipient
from iotyun.team.mail.schemas import AddressStateOut, RecipientOut, RequestOut, VerifyOut

VERIFY_PATH = "/iotyun/verifyMail"


def out(r: MailRecipient, requested_by: str | None, now: datetime) -> RecipientOut:
    expired = r.state == PENDING and (r.token_expires_at is None or as_utc(r.token_expires_at) <= now)
    return RecipientOut(
        id=r.id,
        address=r.address,
        state=VERIFIED if r.state == VERIFIED else PENDING,
        requested_by=requested_by,
        requested_at=epoch_ms(r.requested_at) or 0,
        verified_at=epoch_ms(r.verified_at),
        expired=expired,
    )


async def list_recipients(session: AsyncSession, actor: Actor) -> list[RecipientOut]:
    now = utcnow()
    return [out(r, name, now) for r, name in await repo.recipients(session, actor.tenant_id)]


async def states(session: AsyncSession, actor: Actor, emails: list[str]) -> list[AddressStateOut]:
    found = await delivery.states(session, actor.tenant_id, emails)
    return [AddressStateOut(address=a, state=s) for a, s in found.items()]


async def _row(session: AsyncSession, actor: Actor, address: str, now: datetime) -> MailRecipient:
    """The tenant's row of `address`, made pending when there is none (100019 past MAIL_RECIPIENTS_MAX)."""
    row = await repo.by_address(session, actor.tenant_id, address)
    if row is not None:
        return row
    if await repo.count(session, actor.tenant_id) >= MAIL_RECIPIENTS_MAX:
        raise AppError(ErrorCode.LIMIT_REACHED, field="address", limit=MAIL_RECIPIENTS_MAX)
    try:
        async with session.begin_nested():
            session.add(
                MailRecipient(
                    tenant_id=actor.tenant_id, address=address, state=PENDING, requested_at=now, requested_by=None
                )
            )
    except IntegrityError:
        pass  # asked at the same moment by another request of the tenant
    row = await repo.by_address(session, actor.tenant_id, address)
    if row is None:  # pragma: no cover - removed between the two statements
        raise AppError(ErrorCode.CONFLICT)
    return row


async def _take_send(session: AsyncSession, row_id: int, now: datetime) -> bool:
    """Count one verification mail to the row's address, unless one went out less than MAIL_VERIFY_RESEND_S ago or
    MAIL_VERIFY_PER_ADDRESS_DAY today (one conditional UPDATE: concurrent requests cannot both pass)."""
    today = now.astimezone(UTC).date()
    stmt = (
        update(MailRecipient)
        .where(
            MailRecipient.id == row_id,
            or_(
                MailRecipient.sent_at.is_(None), MailRecipient.sent_at <= now - timedelta(seconds=MAIL_VERIFY_RESEND_S)
            ),
            or_(
                MailRecipient.sends_day.is_(None),
                MailRecipient.sends_day != today,
                MailRecipient.sends < MAIL_VERIFY_PER_ADDRESS_DAY,
            ),
        )
        .values(
            sent_at=now,
            sends=case((MailRecipient.sends_day == today, MailRecipient.sends + 1), else_=1),
            sends_day=today,
        )
        .execution_options(synchronize_session=False)
    )
    return bool(cast(CursorResult[Any], await session.execute(stmt)).rowcount)


def _wait(row: MailRecipient, now: datetime) -> int:
    if row.sent_at is None:
        return MAIL_VERIFY_RESEND_S
    return max(1, MAIL_VERIFY_RESEND_S - int((now - as_utc(row.sent_at)).total_seconds()))


def link(settings: Settings, token: str) -> str:
    return f"{settings.public_url.rstrip('/')}{VERIFY_PATH}?token={quote(token)}"


async def request(
    session: AsyncSession, actor: Actor, settings: Settings, mail: MailSender, address: str
) -> RequestOut:
    """Send `address` a verification link for the caller's tenant (no mail when the tenant may already mail it).
    117808 (seconds) within MAIL_VERIFY_RESEND_S of the last one to it, 117809 past a daily count (the address's
    or the tenant's), 100019 past MAIL_RECIPIENTS_MAX addresses."""
    now = utcnow()
    address = delivery.normal(address)
    state = (await delivery.states(session, actor.tenant_id, [address]))[address]
    if state in (delivery.USER, VERIFIED):
        return RequestOut(address=address, state=state, sent=False)
    row = await _row(session, actor, address, now)
    if await repo.sends_to_address(session, address, now.astimezone(UTC).date()) >= MAIL_VERIFY_PER_ADDRESS_DAY:
        raise AppError(ErrorCode.MAIL_VERIFY_DAILY_LIMIT, field="address", limit=MAIL_VERIFY_PER_ADDRESS_DAY)
    if not await _take_send(session, row.id, now):
        row = await repo.by_address(session, actor.tenant_id, address) or row
        if row.sends_day == now.astimezone(UTC).date() and row.sends >= MAIL_VERIFY_PER_ADDRESS_DAY:
            raise AppError(ErrorCode.MAIL_VERIFY_DAILY_LIMIT, field="address", limit=MAIL_VERIFY_PER_ADDRESS_DAY)
        raise AppError(ErrorCode.MAIL_VERIFY_TOO_FREQUENT, field="address", seconds=_wait(row, now))
    caps = delivery.MailCaps.of(settings)
    if not await delivery.take_verification(session, actor.tenant_id, caps, now):
        raise AppError(ErrorCode.MAIL_VERIFY_DAILY_LIMIT, field="address", limit=caps.verifications)
    token = new_token()
    lang = lang_var.get()
    await session.execute(
        update(MailRecipient)
        .where(MailRecipient.id == row.id)
        .values(
            state=PENDING,
            requested_by=actor.user_id,
            requested_at=now,
            lang=lang,
            token_hash=digest(token),
            token_expires_at=now + timedelta(seconds=MAIL_VERIFY_TTL_S),
        )
        .execution_options(synchronize_session=False)
    )
    await session.flush()
    body = phrase(
        "mail.verify.body", lang, requester=actor.user_name, hours=MAIL_VERIFY_TTL_S // 3600, link=link(settings, token)
    )
    try:
        await mail.send_mail([address], phrase("mail.verify.subject", lang), body, [])
    except Exception as exc:
        raise AppError(ErrorCode.OPERATION_FAILED) from exc
    return RequestOut(address=address, state=PENDING, sent=True)


async def verify(session: AsyncSession, token: str) -> VerifyOut:
    """The owner of an address opened its link: the address becomes verified for the tenant that asked. The token
    is spent (a replay answers 117806); 117807 past its expiry."""
    now = utcnow()
    hashed = digest(token)
    row = await repo.by_token_hash(session, hashed)
    if row is None:
        raise AppError(ErrorCode.MAIL_VERIFY_LINK_INVALID)
    if row.token_expires_at is None or as_utc(row.token_expires_at) <= now:
        raise AppError(ErrorCode.MAIL_VERIFY_LINK_EXPIRED)
    stmt = (
        update(MailRecipient)
        .where(MailRecipient.id == row.id, MailRecipient.token_hash == hashed, MailRecipient.token_expires_at > now)
        .values(state=VERIFIED, verified_at=now, token_hash=None, token_expires_at=None)
        .execution_options(synchronize_session=False, **{ALL_TENANTS: True})
    )
    if not cast(CursorResult[Any], await session.execute(stmt)).rowcount:
        raise AppError(ErrorCode.MAIL_VERIFY_LINK_INVALID)
    return VerifyOut(address=row.address, state=VERIFIED)


async def remove(session: AsyncSession, actor: Actor, recipient_id: int) -> None:
    """Remove an address (pending or verified) from the tenant's recipients: schedules no longer mail it (their next
    run skips it and records so). By whoever asked for its verification or the tenant's administrator (100015 for
    anyone else); 117810 when the tenant has no such recipient."""
    row = await repo.recipient(session, actor.tenant_id, recipient_id)
    if row is None:
        raise AppError(ErrorCode.MAIL_RECIPIENT_NOT_FOUND)
    if not actor.is_admin and row.requested_by != actor.user_id:
        raise AppError(ErrorCode.NO_PRIVILEGE)
    await session.delete(row)
    await session.flush()
