"""The default code sender (the outbox): codes land in a private file of the data dir, never in the server log."""

import logging
import smtplib
import stat
from email.message import EmailMessage
from pathlib import Path
from typing import ClassVar

import pytest

from iotyun.auth.senders import OutboxSender, SmtpSender, make_sender
from iotyun.core.config import Settings


class ServerLog(logging.Handler):
    """A handler on the root logger, where `iotyun serve` puts its console and file handlers."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


async def test_outbox_is_the_default_and_keeps_codes_out_of_the_log(tmp_path: Path) -> None:
    sender = make_sender(Settings(data_dir=tmp_path))
    assert isinstance(sender, OutboxSender)
    root, server_log = logging.getLogger(), ServerLog()
    root.addHandler(server_log)
    try:
        await sender.send("13800000001", "phone", "reset", "482913", "zh")
        await sender.send("a@example.com", "email", "register", "551234", "en")
    finally:
        root.removeHandler(server_log)
    outbox = tmp_path / "outbox" / "codes.log"
    lines = outbox.read_text().splitlines()
    assert lines[0].endswith("verification code for phone 13800000001 (reset): 482913")
    assert lines[1].endswith("verification code for email a@example.com (register): 551234")
    assert stat.S_IMODE(outbox.stat().st_mode) == 0o600
    assert stat.S_IMODE(outbox.parent.stat().st_mode) == 0o700
    assert not [line for line in server_log.lines if "482913" in line or "551234" in line]


async def test_outbox_path_setting(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "codes.txt"
    sender = make_sender(Settings(data_dir=tmp_path, code_outbox=str(target), code_sender="log"))
    await sender.send("bob", "phone", "bind", "123456", "zh")
    assert target.read_text().strip().endswith("(bind): 123456")


class FakeSmtp:
    """smtplib.SMTP as SmtpSender uses it, keeping the messages sent."""

    sent: ClassVar[list[EmailMessage]] = []

    def __init__(self, host: str, port: int, timeout: float) -> None:
        self.host = host

    def __enter__(self) -> "FakeSmtp":
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def starttls(self) -> None:
        return None

    def login(self, user: str, password: str) -> None:
        return None

    def send_message(self, msg: EmailMessage) -> None:
        self.sent.append(msg)


@pytest.mark.parametrize(
    ("lang", "subject", "body"),
    [
        ("zh", "iotyun 验证码", "您的验证码是 551234，5 分钟内有效。"),
        ("en", "iotyun verification code", "Your verification code is 551234. It is valid for 5 minutes."),
    ],
)
async def test_mail_in_the_callers_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, subject: str, body: str
) -> None:
    monkeypatch.setattr(smtplib, "SMTP", FakeSmtp)
    monkeypatch.setattr(FakeSmtp, "sent", [])
    settings = Settings(
        data_dir=tmp_path,
        code_sender="smtp",
        smtp_host="mail.test",
        smtp_from="no-reply@test",
        verify_code_ttl_seconds=300,
    )
    sender = make_sender(settings)
    assert isinstance(sender, SmtpSender)
    await sender.send("a@example.com", "email", "register", "551234", lang)
    [mail] = FakeSmtp.sent
    assert mail["Subject"] == subject and mail["To"] == "a@example.com"
    assert mail.get_content().startswith(body)
