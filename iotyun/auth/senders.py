"""Where verification codes go: a small provider interface with a default that needs no internet.

- `outbox` (default; `log` is the same): the code is appended to the outbox file, `<data dir>/outbox/codes.log`
  (0600, `IOTYUN_CODE_OUTBOX` moves it), one line `<time> verification code for <kind> <account> (<scene>): <code>`,
  which is what a self-hosted install without SMS or mail reads, and what the browser tests read. It never reaches
  the server log (docs/security.md "Logs").
- `smtp`: email accounts get a mail through IOTYUN_SMTP_* (its texts from core/texts.py, in the caller's
  language); phone accounts still go to the outbox.
- `webhook`: IOTYUN_SMS_WEBHOOK_URL receives a JSON POST {account, kind, scene, code} for any SMS gateway.
"""

import asyncio
import logging
import os
import smtplib
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Protocol

import httpx

from iotyun.core.config import Settings
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
        msg = EmailMessage()
        msg["Subject"] = phrase("mail.code.subject", lang)
        msg["From"] = s.smtp_from or s.smtp_user
        msg["To"] = to
        minutes = s.verify_code_ttl_seconds // 60
        msg.set_content(phrase("mail.code.body", lang, code=code, minutes=minutes))
        with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=20) as smtp:
            smtp.starttls()
            if s.smtp_user:
                smtp.login(s.smtp_user, s.smtp_password)
            smtp.send_message(msg)

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


def make_sender(settings: Settings) -> CodeSender:
    if settings.code_sender == "smtp" and settings.smtp_host:
        return SmtpSender(settings)
    if settings.code_sender == "webhook" and settings.sms_webhook_url:
        return WebhookSender(settings.sms_webhook_url)
    return OutboxSender(outbox_path(settings))


def outbox_path(settings: Settings) -> Path:
    return Path(settings.code_outbox) if settings.code_outbox else Path(settings.data_dir) / "outbox" / "codes.log"
