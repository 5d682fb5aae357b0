"""Mail recipient helpers: the outbox's messages, the verification link a mail carries, and an address verified
for a tenant the way its owner would (the mail read from the outbox, its link answered without an account)."""

import email
import email.message
import re
from email import policy
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from iotyun.auth.senders import mail_outbox_path
from tests.conftest import Api

RECIPIENTS = "/yun/mail/recipients"
STATES = "/yun/mail/recipients/states"
VERIFY = "/yun/mail/verify"
TOKEN = re.compile(r"/iotyun/verifyMail\?token=([A-Za-z0-9_\-%]+)")


def outbox(app: FastAPI) -> list[tuple[Path, email.message.EmailMessage]]:
    found = []
    for path in sorted(mail_outbox_path(app.state.settings).glob("*.eml")):
        message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        assert isinstance(message, email.message.EmailMessage)
        found.append((path, message))
    return found


def body(message: email.message.EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content())


def token_in(message: email.message.EmailMessage) -> str:
    match = TOKEN.search(body(message))
    assert match, body(message)
    return match.group(1)


def take_verification(app: FastAPI, address: str) -> tuple[email.message.EmailMessage, str]:
    """The verification mail to `address` (removed from the outbox) and its token."""
    mails = [(p, m) for p, m in outbox(app) if m["To"] == address]
    assert len(mails) == 1, [m["To"] for _, m in outbox(app)]
    path, message = mails[0]
    path.unlink()
    return message, token_in(message)


async def verify(app: FastAPI, admin: Api, anonymous: Api, address: str) -> dict[str, Any]:
    """`address` verified for `admin`'s tenant: a verification asked, its link opened by someone without an account."""
    asked = await admin.post(RECIPIENTS, {"address": address})
    assert asked["meta"]["success"] == 1 and asked["data"]["sent"], asked
    _, token = take_verification(app, address)
    answer = await anonymous.post(VERIFY, {"token": token})
    assert answer["meta"]["success"] == 1, answer
    data: dict[str, Any] = answer["data"]
    return data
