"""QR sign-in through the console's own page (docs/api.md "QR sign-in", docs/decisions.md "QR sign-in").

A browser on the login page makes a ticket (POST /user/QR/code, signed): a random key shown in a QR code as the
address of the console's page /qrLogin, stored only as its SHA-256 and bound to the PubKey the request was signed
with. A user signed in on another device opens that address: the page scans the ticket (POST /user/QR/code/scan)
and, once the user agrees, confirms it (POST /user/QR/code/confirm). The first browser polls
POST /user/QR/code/status, signed with the same key pair, and collects the session once: the ticket is deleted in the
same transaction. A ticket lives QR_TICKET_TTL_S; another key pair polling it learns nothing but "expired"."""

import secrets
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import repository as repo
from iotyun.auth import service
from iotyun.auth.challenges import throttle_key
from iotyun.auth.models import QrLoginTicket, User
from iotyun.auth.schemas import QrCodeOut, QrConfirmIn, QrKeyIn, QrScanOut, QrStatusOut
from iotyun.core import security
from iotyun.core.config import Settings
from iotyun.core.db import as_utc, epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import QR_TICKET_TTL_S
from iotyun.core.ratelimit import Limiters

# A ticket's key: 24 random bytes (192 bits), URL-safe.
_KEY_BYTES = 24


async def new_ticket(
    session: AsyncSession, limiters: Limiters, pub_key: str | None, client_ip: str, user_agent: str
) -> QrCodeOut:
    """A ticket for the browser signing with `pub_key`. 100010 for a call that was not signed (made with a token:
    there is no key pair to bind), 100008 when the address made too many within the window."""
    if not pub_key:
        raise AppError(ErrorCode.SIGNATURE_INVALID)
    if limiters.qr_by_address.take(client_ip):
        raise AppError(ErrorCode.TOO_MANY_REQUESTS)
    now = utcnow()
    await repo.purge_expired_qr_tickets(session, now)
    key = secrets.token_urlsafe(_KEY_BYTES)
    expires_at = now + timedelta(seconds=QR_TICKET_TTL_S)
    session.add(
        QrLoginTicket(
            key_hash=security.digest(key),
            pub_key=pub_key.lower(),
            status="waiting",
            created_at=now,
            expires_at=expires_at,
            client_ip=client_ip[:45],
            user_agent=user_agent[:200],
        )
    )
    await session.flush()
    return QrCodeOut(key=key, expires_at=epoch_ms(expires_at) or 0, expires_in=QR_TICKET_TTL_S)


def _live(ticket: QrLoginTicket | None, now: datetime) -> QrLoginTicket | None:
    return ticket if ticket is not None and as_utc(ticket.expires_at) > now else None


async def status(
    session: AsyncSession, settings: Settings, pub_key: str | None, client_ip: str, body: QrKeyIn
) -> QrStatusOut:
    """Where the ticket stands, for the key pair that made it; "expired" for any other caller, an unknown or used
    key, or a ticket past its time. Once confirmed, the session is handed out here exactly once."""
    now = utcnow()
    ticket = _live(await repo.qr_ticket(session, security.digest(body.key)), now)
    if ticket is None or not pub_key or not security.same(ticket.pub_key, pub_key.lower()):
        return QrStatusOut(status="expired")
    if ticket.status != "confirmed":
        return QrStatusOut(status=ticket.status, expires_at=epoch_ms(ticket.expires_at) or 0)
    user_id, confirm_ip, bound_key = ticket.user_id, ticket.confirm_ip, ticket.pub_key
    if not await repo.take_confirmed_qr_ticket(session, ticket.id):
        return QrStatusOut(status="expired")
    user = await session.get(User, user_id) if user_id is not None else None
    # Locked, or made to change the password, since confirming: no session.
    if user is None or not user.is_active or user.must_change_password:
        return QrStatusOut(status="expired")
    out = await service.sign_in_by_qr(session, settings, user, client_ip, pub_key=bound_key, confirm_ip=confirm_ip)
    return QrStatusOut(status="confirmed", session=out)


async def _ticket_for(session: AsyncSession, key: str) -> QrLoginTicket:
    ticket = _live(await repo.qr_ticket(session, security.digest(key)), utcnow())
    if ticket is None:
        raise AppError(ErrorCode.QR_CODE_EXPIRED, field="key")
    return ticket


async def _may_sign_in(session: AsyncSession, actor: Actor) -> None:
    """Whether `actor` may sign another browser in as themselves: not through a simulated login (an administrator
    acting as the user), not while locked by an administrator or by failed sign-ins. (A user who must change their
    password never gets here: the access marker answers 100013.)"""
    if actor.simulated_by is not None:
        raise AppError(ErrorCode.NO_PRIVILEGE)
    user = await session.get(User, actor.user_id)
    if user is None or not user.is_active:
        raise AppError(ErrorCode.ACCOUNT_DISABLED)
    until = await repo.locked_until(session, throttle_key(user, user.user_name))
    now = utcnow()
    if until is not None and as_utc(until) > now:
        raise AppError(ErrorCode.ACCOUNT_LOCKED, seconds=int((as_utc(until) - now).total_seconds()) + 1)


async def scan(session: AsyncSession, actor: Actor, body: QrKeyIn) -> QrScanOut:
    """The signed-in user opened the QR code's address: the ticket is theirs to confirm (again for the same user, a
    page reloaded); 110334 when it is unknown, expired, used or scanned by someone else."""
    await _may_sign_in(session, actor)
    ticket = await _ticket_for(session, body.key)
    mine = ticket.status == "scanned" and ticket.user_id == actor.user_id
    if not mine and not await repo.move_qr_ticket(
        session, ticket.id, from_status="waiting", held_by=None, status="scanned", user_id=actor.user_id
    ):
        raise AppError(ErrorCode.QR_CODE_EXPIRED, field="key")
    return QrScanOut(
        user_name=actor.user_name,
        client_ip=ticket.client_ip,
        user_agent=ticket.user_agent,
        created_at=epoch_ms(ticket.created_at) or 0,
        expires_at=epoch_ms(ticket.expires_at) or 0,
    )


async def confirm(session: AsyncSession, actor: Actor, body: QrConfirmIn) -> None:
    """Agree (the first browser's next poll collects the session) or refuse (it shows "cancelled"); only the user
    who scanned the ticket, while it waits for them."""
    await _may_sign_in(session, actor)
    ticket = await _ticket_for(session, body.key)
    values = {"status": "confirmed", "confirm_ip": actor.client_ip[:45]} if body.accept else {"status": "cancelled"}
    if not await repo.move_qr_ticket(session, ticket.id, from_status="scanned", held_by=actor.user_id, **values):
        raise AppError(ErrorCode.QR_CODE_EXPIRED, field="key")
