"""Mail recipients (docs/api-mail.md): a verification mailed through the outbox in the requester's language, its
link opened once without an account (stored hashed, single use, expiring), the list, the states of addresses and
removal; the throttles that keep verifications from being a relay themselves; another tenant's verified address,
a lesser role, an unsigned call and malformed input refused. On SQLite and PostgreSQL."""

import hashlib
from collections.abc import Callable
from datetime import timedelta

import httpx
from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.core.db import utcnow
from iotyun.core.limits import (
    MAIL_VERIFY_PER_ADDRESS_DAY,
    MAIL_VERIFY_RESEND_S,
    has_control_characters,
    header_safe,
)
from iotyun.team.mail.models import MailRecipient
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.team.factories import Team
from tests.team.mail.factories import RECIPIENTS, STATES, VERIFY, body, outbox, take_verification, verify


async def _rows(app: FastAPI) -> list[MailRecipient]:
    async with app.state.db.sessionmaker() as s:
        return list((await s.execute(select(MailRecipient).order_by(MailRecipient.id))).scalars())


async def _age(app: FastAPI, address: str, seconds: float, column: str = "sent_at") -> None:
    """Move a recipient's last verification mail (or its link's expiry) `seconds` into the past."""
    async with app.state.db.sessionmaker() as s:
        await s.execute(
            update(MailRecipient)
            .where(MailRecipient.address == address)
            .values({column: utcnow() - timedelta(seconds=seconds)})
        )
        await s.commit()


async def test_a_verification_link_is_opened_once_and_lets_the_tenant_mail_the_address(
    app: FastAPI, team: Team, new_api: Callable[[], Api]
) -> None:
    admin = team.admin
    await team.user("bob", email="Bob@Example.com")
    asked = ok(await admin.post(RECIPIENTS, {"address": " Ops@Example.com "}))
    assert asked == {"address": "ops@example.com", "state": "pending", "sent": True}
    message, token = take_verification(app, "ops@example.com")
    assert message["Subject"] == "iotyun 邮箱验证"
    assert "alice" in body(message)
    assert f"http://localhost:8080/iotyun/verifyMail?token={token}" in body(message)
    # Stored only as its SHA-256.
    (row,) = await _rows(app)
    assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in str([getattr(row, c.key) for c in MailRecipient.__table__.columns])
    (listed,) = ok(await admin.get(RECIPIENTS))
    assert (listed["address"], listed["state"], listed["requested_by"], listed["expired"], listed["verified_at"]) == (
        "ops@example.com",
        "pending",
        "alice",
        False,
        None,
    )
    states = ok(await admin.post(STATES, {"emails": ["ops@example.com", "BOB@example.com", "nobody@example.com"]}))
    assert states == [
        {"address": "ops@example.com", "state": "pending"},
        {"address": "bob@example.com", "state": "user"},
        {"address": "nobody@example.com", "state": "none"},
    ]
    anonymous = new_api()
    assert ok(await anonymous.post(VERIFY, {"token": token})) == {"address": "ops@example.com", "state": "verified"}
    # Single use: the same link again, or a made-up one, is invalid.
    assert code(await anonymous.post(VERIFY, {"token": token})) == 117806
    assert code(await new_api().post(VERIFY, {"token": "A" * 43})) == 117806
    (listed,) = ok(await admin.get(RECIPIENTS))
    assert (listed["state"], listed["expired"]) == ("verified", False)
    assert listed["verified_at"] is not None
    # Nothing is mailed to an address the tenant may already mail (a verified one, a user's).
    assert ok(await admin.post(RECIPIENTS, {"address": "ops@example.com"})) == {
        "address": "ops@example.com",
        "state": "verified",
        "sent": False,
    }
    assert ok(await admin.post(RECIPIENTS, {"address": "bob@example.com"}))["sent"] is False
    assert outbox(app) == []
    # Removed: no longer allowed.
    assert ok(await admin.call("DELETE", RECIPIENTS, params={"id": listed["id"]})) is None
    assert ok(await admin.get(RECIPIENTS)) == []
    assert code(await admin.call("DELETE", RECIPIENTS, params={"id": listed["id"]})) == 117810


async def test_the_mail_is_in_the_requesters_language(app: FastAPI, team: Team) -> None:
    asked = await team.admin.post(RECIPIENTS, {"address": "ops@example.com"}, headers={"Accept-Language": "en"})
    assert ok(asked)["sent"] is True
    message, _ = take_verification(app, "ops@example.com")
    assert message["Subject"] == "iotyun address verification"
    assert "The iotyun user alice would like" in body(message)


async def test_an_expired_link_says_so_and_a_new_one_replaces_it(
    app: FastAPI, team: Team, new_api: Callable[[], Api]
) -> None:
    ok(await team.admin.post(RECIPIENTS, {"address": "late@example.com"}))
    _, old = take_verification(app, "late@example.com")
    await _age(app, "late@example.com", 1, "token_expires_at")
    assert code(await new_api().post(VERIFY, {"token": old})) == 117807
    assert [(r["state"], r["expired"]) for r in ok(await team.admin.get(RECIPIENTS))] == [("pending", True)]
    await _age(app, "late@example.com", MAIL_VERIFY_RESEND_S)
    ok(await team.admin.post(RECIPIENTS, {"address": "late@example.com"}))
    _, new = take_verification(app, "late@example.com")
    assert code(await new_api().post(VERIFY, {"token": old})) == 117806  # replaced
    assert ok(await new_api().post(VERIFY, {"token": new}))["state"] == "verified"


async def test_verifications_are_throttled_per_address_and_per_tenant(
    app: FastAPI, team: Team, other_tenant: Api
) -> None:
    admin = team.admin
    ok(await admin.post(RECIPIENTS, {"address": "target@example.com"}))
    again = await admin.post(RECIPIENTS, {"address": "target@example.com"})
    assert code(again) == 117808
    assert 0 < int(again["meta"]["detail"].split("请 ")[1].split(" 秒")[0]) <= MAIL_VERIFY_RESEND_S
    # At most MAIL_VERIFY_PER_ADDRESS_DAY a day to one address, from every tenant together.
    sent = 1
    while sent < MAIL_VERIFY_PER_ADDRESS_DAY - 1:
        await _age(app, "target@example.com", MAIL_VERIFY_RESEND_S)
        ok(await admin.post(RECIPIENTS, {"address": "target@example.com"}))
        sent += 1
    ok(await other_tenant.post(RECIPIENTS, {"address": "target@example.com"}))
    await _age(app, "target@example.com", MAIL_VERIFY_RESEND_S)
    for api in (admin, other_tenant):
        refused = await api.post(RECIPIENTS, {"address": "target@example.com"})
        assert (code(refused), refused["meta"]["field"]) == (117809, "address")
    assert len([m for _, m in outbox(app) if m["To"] == "target@example.com"]) == MAIL_VERIFY_PER_ADDRESS_DAY
    # The tenant's own daily count (IOTYUN_MAIL_VERIFICATIONS_PER_DAY) over all its addresses: this one sent 2.
    app.state.settings.mail_verifications_per_day = 2
    refused = await admin.post(RECIPIENTS, {"address": "another@example.com"})
    assert code(refused) == 117809
    assert "（2）" in refused["meta"]["detail"]
    assert ok(await other_tenant.post(RECIPIENTS, {"address": "another@example.com"}))["sent"] is True


async def test_another_tenants_verified_address_is_not_yours(
    app: FastAPI, team: Team, other_tenant: Api, new_api: Callable[[], Api]
) -> None:
    await verify(app, other_tenant, new_api(), "shared@example.com")
    (theirs,) = ok(await other_tenant.get(RECIPIENTS))
    assert ok(await team.admin.get(RECIPIENTS)) == []
    assert ok(await team.admin.post(STATES, {"emails": ["shared@example.com"]})) == [
        {"address": "shared@example.com", "state": "none"}
    ]
    assert code(await team.admin.call("DELETE", RECIPIENTS, params={"id": theirs["id"]})) == 117810
    assert len(ok(await other_tenant.get(RECIPIENTS))) == 1
    # Asking for it sends this tenant's own verification: the owner decides per tenant. Opened in a browser where
    # the other tenant's administrator is logged in, the link still verifies it for the tenant that asked.
    assert ok(await team.admin.post(RECIPIENTS, {"address": "shared@example.com"}))["state"] == "pending"
    _, token = take_verification(app, "shared@example.com")
    assert ok(await other_tenant.post(VERIFY, {"token": token}))["state"] == "verified"
    assert [r["state"] for r in ok(await team.admin.get(RECIPIENTS))] == ["verified"]
    assert [r["id"] for r in ok(await other_tenant.get(RECIPIENTS))] == [theirs["id"]]


def test_a_subject_is_one_header_line() -> None:
    assert header_safe("压力\r\nBcc: x@y.io\x85\u2028\u2029\x00\x1b\x7f end ") == "压力 Bcc: x@y.io end"
    assert not has_control_characters("压力曲线 2026-01") and has_control_characters("a\u2028b")


async def test_a_lesser_role_an_unsigned_call_and_malformed_input_are_refused(
    app: FastAPI, team: Team, client: httpx.AsyncClient, new_api: Callable[[], Api]
) -> None:
    await team.role("viewer", ["P61400"])
    await team.user("vera", "viewer")
    vera = await team.login("vera")
    assert code(await vera.get(RECIPIENTS)) == 100015
    assert code(await vera.post(RECIPIENTS, {"address": "ops@example.com"})) == 100015
    assert code(await vera.post(STATES, {"emails": []})) == 100015
    assert code(await vera.call("DELETE", RECIPIENTS, params={"id": 1})) == 100015
    assert code(await new_api().get(RECIPIENTS)) == 100009
    # A report editor removes only what he asked for; the administrator anything of the tenant.
    await team.role("editor", ["P61100"])
    await team.user("eddy", "editor")
    await team.user("emma", "editor")
    eddy, emma = await team.login("eddy"), await team.login("emma")
    ok(await eddy.post(RECIPIENTS, {"address": "eddy@example.com"}))
    ok(await emma.post(RECIPIENTS, {"address": "emma@example.com"}))
    mine = {r["address"]: r["id"] for r in ok(await eddy.get(RECIPIENTS))}
    assert code(await eddy.call("DELETE", RECIPIENTS, params={"id": mine["emma@example.com"]})) == 100015
    assert ok(await eddy.call("DELETE", RECIPIENTS, params={"id": mine["eddy@example.com"]})) is None
    assert ok(await team.admin.call("DELETE", RECIPIENTS, params={"id": mine["emma@example.com"]})) is None
    for path in outbox(app):
        path[0].unlink()
    unsigned = await client.post("/api" + VERIFY, json={"token": "A" * 43})
    assert unsigned.json()["meta"]["message"] == "100010"
    admin = team.admin
    for wrong, expected in [
        ("a" * 250 + "@example.com", 110304),
        ("a" * 100_000 + "@example.com", 110304),
        ("not-an-address", 110304),
        ("ops@example.com\r\nBcc: victim@example.com", 110304),
        ("ops@example.com, victim@example.com", 110304),
        ("", 110301),
    ]:
        answer = await admin.post(RECIPIENTS, {"address": wrong})
        assert code(answer) == expected, (wrong, answer)
    assert code(await admin.post(RECIPIENTS, {})) == 100004
    assert code(await admin.post(STATES, {"emails": [f"u{i}@example.com" for i in range(11)]})) == 100004
    assert code(await admin.post(STATES, {"emails": ["x" * 300]})) == 100004
    assert code(await new_api().post(VERIFY, {"token": "A" * 129})) == 100004
    assert code(await new_api().post(VERIFY, {"token": ""})) == 100004
    assert code(await admin.call("DELETE", RECIPIENTS, params={"id": "x"})) == 100004
    assert outbox(app) == [] and await _rows(app) == []
