"""Where verification codes go: a small provider interface with a default that needs no internet.

- `outbox` (default; `log` is the same): the code is appended to the outbox file, `<data dir>/outbox/codes.log`
  (0600, `IOTYUN_CODE_OUTBOX` moves it), one line `<time> verification code for <kind> <account> (<scene>): <code>`,
  which is what a self-hosted install without SMS or mail reads, and what the browser tests read. It never reaches
  the server log (docs/security.md "Logs").
- `smtp`: email accounts get a mail through IOTYUN_SMTP_* (its texts from core/texts.py, in the caller's
  language); phone accounts still go to the outbox.
- `webhook`: IOTYUN_SMS_WEBHOOK_URL receives a JSON POST {account, kind, scene, code} for any SMS gateway.

Mails with attachments (scheduled reports) go through `MailSender.send_mail(to, subject, body, attachments)`:
`OutboxMailSender` (default) writes each message as an .eml file under `<data dir>/outbox/mail/` (0600; what a
self-hosted install without mail reads, and what the tests read); `SmtpMailSender` when IOTYUN_SMTP_HOST is set.
Whom a tenant may mail, and how much a day, is decided before, by the delivery core (team/mail/delivery.py); every
subject is made one header line here.
"""

import asyncio
import logging
import os
import smtplib
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Protocol

import httpx

from iotyun.core.config import Settings
from iotyun.core.limits import header_safe
from iotyun.core.texts import phrase

# The outbox's records also go to this logger, which does not reach the server log (no propagation; the null
# handler keeps Python's last-resort handler from printing them): the test suite listens on it.
log = logging.getLogger("iotyun.codes")
log.propagate = False
log.addHandler(logging.NullHandler())


class CodeSender(Protocol):
    async def send(self, account: str, kind: str, scene: str, code: str, lang: str) -> None: ...


class OutboxSender:
    def __init__(self, path: Path) -> None:
        self.path = path

    def _append(self, line: str) -> None:
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as out:
            out.write(line + "\n")

    async def send(self, account: str, kind: str, scene: str, code: str, lang: str) -> None:
        line = f"verification code for {kind} {account} ({scene}): {code}"
        await asyncio.to_thread(self._append, f"{datetime.now(UTC).isoformat(timespec='seconds')} {line}")
        log.info(line)


class SmtpSender:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.fallback = OutboxSender(outbox_path(settings))

    def _send_mail(self, to: str, code: str, lang: str) -> None:
        s = self.settings
        minutes = s.verify_code_ttl_seconds // 60
        body = phrase("mail.code.body", lang, code=code, minutes=minutes)
        _smtp_send(s, _message(s, [to], phrase("mail.code.subject", lang), body, ()))

    async def send(self, account: str, kind: str, scene: str, code: str, lang: str) -> None:
        if kind != "email":
            await self.fallback.send(account, kind, scene, code, lang)
            return
        await asyncio.to_thread(self._send_mail, account, code, lang)


class WebhookSender:
    def __init__(self, url: str) -> None:
        self.url = url

    async def send(self, account: str, kind: str, scene: str, code: str, lang: str) -> None:
        async with httpx.AsyncClient(timeout=10) as client:
            resp = await client.post(
                self.url, json={"account": account, "kind": kind, "scene": scene, "code": code, "lang": lang}
            )
            resp.raise_for_status()


@dataclass(frozen=True)
class Attachment:
    name: str
    content: bytes
    media_type: str = "application/octet-stream"


class MailSender(Protocol):
    async def send_mail(
        self, to: Sequence[str], subject: str, body: str, attachments: Sequence[Attachment]
    ) -> None: ...


def _message(
    settings: Settings, to: Sequence[str], subject: str, body: str, attachments: Sequence[Attachment]
) -> EmailMessage:
    msg = EmailMessage()
    # One header line whatever the caller passes: a CR LF in a subject can neither add a header nor fail the mail.
    msg["Subject"] = header_safe(subject)
    msg["From"] = settings.smtp_from or settings.smtp_user or "iotyun@localhost"
    msg["To"] = ", ".join(to)
    msg["Date"] = datetime.now(UTC).strftime("%a, %d %b %Y %H:%M:%S +0000")
    msg.set_content(body)
    for a in attachments:
        main, _, sub = a.media_type.partition("/")
        msg.add_attachment(a.content, maintype=main, subtype=sub or "octet-stream", filename=a.name)
    return msg


def _smtp_send(settings: Settings, msg: EmailMessage) -> None:
    with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=20) as smtp:
        smtp.starttls()
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password)
        smtp.send_message(msg)


class OutboxMailSender:
    """Each mail as `<time>-<random>.eml` in `folder` (0600): the outbox of an install without mail."""

    def __init__(self, settings: Settings, folder: Path) -> None:
        self.settings = settings
        self.folder = folder

    def _write(self, msg: EmailMessage) -> None:
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        name = f"{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:8]}.eml"
        fd = os.open(self.folder / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(msg.as_bytes())

    async def send_mail(self, to: Sequence[str], subject: str, body: str, attachments: Sequence[Attachment]) -> None:
        await asyncio.to_thread(self._write, _message(self.settings, to, subject, body, attachments))
        log.info("mail to %s written to the outbox: %s", ", ".join(to), subject)


class SmtpMailSender:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send_mail(self, to: Sequence[str], subject: str, body: str, attachments: Sequence[Attachment]) -> None:
        await asyncio.to_thread(_smtp_send, self.settings, _message(self.settings, to, subject, body, attachments))


def make_mail_sender(settings: Settings) -> MailSender:
    """SMTP when IOTYUN_SMTP_HOST is set, else the outbox folder `<data dir>/outbox/mail/`."""
    if settings.smtp_host:
        return SmtpMailSender(settings)
    return OutboxMailSender(settings, mail_outbox_path(settings))


def mail_outbox_path(settings: Settings) -> Path:
    return Path(settings.data_dir) / "outbox" / "mail"


def make_sender(settings: Settings) -> CodeSender:
    if settings.code_sender == "smtp" and settings.smtp_host:
        return SmtpSender(settings)
    if settings.code_sender == "webhook" and settings.sms_webhook_url:
        return WebhookSender(settings.sms_webhook_url)
    return OutboxSender(outbox_path(settings))


def outbox_path(settings: Settings) -> Path:
    return Path(settings.code_outbox) if settings.code_outbox else Path(settings.data_dir) / "outbox" / "codes.log"
