"""The inbox (issue 32 point 1, docs/api-messages.md): what `deliver` puts in users' inboxes is listed to each
recipient alone, newest first, with the unread count and filters by kind, read state and time; marked read by id or
all at once; deleted; another user's or another tenant's message is not found (117801) and a batch naming one changes
nothing; a role without the inbox's right and a caller without a token are refused. On SQLite and PostgreSQL."""

from datetime import timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import MESSAGE_BATCH_MAX, MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX
from iotyun.core.tenancy import system_session
from iotyun.messages import service
from iotyun.messages.models import Message
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.team.factories import Team

INBOX = "/yun/messageCenter/receive"
READ = "/yun/message/receive/read"


async def _deliver(app: FastAPI, api: Api, user_ids: list[int], kind: str, **kw: Any) -> list[int]:
    assert api.tenant_id is not None
    async with system_session(app.state.db.sessionmaker) as s:
        made = await service.deliver(s, api.tenant_id, user_ids, kind, **kw)
        await s.commit()
        return [m.id for m in made]


async def _count(app: FastAPI) -> int:
    async with system_session(app.state.db.sessionmaker) as s:
        return int((await s.execute(select(func.count()).select_from(Message))).scalar_one())


async def test_each_recipient_reads_their_own_inbox_newest_first_with_filters(app: FastAPI, team: Team) -> None:
    admin = team.admin
    bob = await team.user("bob")
    bob_api = await team.login("bob")
    assert admin.user_id is not None
    earlier = utcnow() - timedelta(hours=2)
    await _deliver(
        app,
        admin,
        [admin.user_id, bob["id"]],
        "export",
        text_key="messages.export.done",
        params={"file": "history.xlsx"},
        link=("export", 7),
        at=earlier,
    )
    (note,) = await _deliver(
        app, admin, [bob["id"]], "message", title="换班通知", body="今晚 8 点换班", sender_id=admin.user_id
    )

    page = ok(await bob_api.get(INBOX))
    assert (page["total"], page["unread"], page["page"]) == (2, 2, 1)
    first, second = page["items"]
    assert (first["id"], first["kind"], first["title"], first["body"], first["read"]) == (
        note,
        "message",
        "换班通知",
        "今晚 8 点换班",
        False,
    )
    assert (first["sender_id"], first["sender_name"]) == (admin.user_id, "alice")
    assert (second["kind"], second["text_key"], second["params"], second["link_type"], second["link_id"]) == (
        "export",
        "messages.export.done",
        {"file": "history.xlsx"},
        "export",
        7,
    )
    assert second["created_at"] == epoch_ms(earlier)
    # Filters: kind, time, read state; the unread count is the reader's whatever the filters.
    assert [m["id"] for m in ok(await bob_api.get(INBOX, params={"kind": "message"}))["items"]] == [note]
    since = int(utcnow().timestamp() * 1000) - 3_600_000
    assert ok(await bob_api.get(INBOX, params={"start": since}))["total"] == 1
    assert ok(await bob_api.get(INBOX, params={"end": since}))["total"] == 1
    assert ok(await bob_api.get(INBOX, params={"read": "true"}))["items"] == []
    assert ok(await bob_api.get(INBOX, params={"page_size": 1, "page": 2}))["items"][0]["kind"] == "export"
    # The administrator sees only their own copy of the export message.
    mine = ok(await admin.get(INBOX))
    assert (mine["total"], mine["unread"], mine["items"][0]["kind"]) == (1, 1, "export")
    # Bad filters are refused.
    assert code(await bob_api.get(INBOX, params={"kind": "spam"})) == ErrorCode.PARAM_INVALID
    assert code(await bob_api.get(INBOX, params={"start": since, "end": since - 1})) == ErrorCode.PARAM_INVALID


async def test_marking_read_by_id_or_all_and_deleting_touch_only_the_readers_messages(
    app: FastAPI, team: Team, other_tenant: Api
) -> None:
    admin = team.admin
    bob = await team.user("bob")
    bob_api = await team.login("bob")
    assert admin.user_id is not None and other_tenant.user_id is not None
    a, b, c = (
        await _deliver(app, admin, [bob["id"]] * 1, "notice", title="一")
        + await _deliver(app, admin, [bob["id"]], "notice", title="二")
        + await _deliver(app, admin, [bob["id"]], "notice", title="三")
    )
    (alices,) = await _deliver(app, admin, [admin.user_id], "notice", title="管理员的")
    (mallorys,) = await _deliver(app, other_tenant, [other_tenant.user_id], "notice", title="别家的")

    assert ok(await bob_api.post(READ, {"ids": [a]})) == {"updated": 1, "unread": 2}
    # Read already: nothing changes.
    assert ok(await bob_api.post(READ, {"ids": [a]})) == {"updated": 0, "unread": 2}
    # A batch naming someone else's message, in the tenant or not, is refused whole.
    for foreign in (alices, mallorys):
        refused = await bob_api.post(READ, {"ids": [b, foreign]})
        assert (code(refused), refused["meta"]["field"]) == (ErrorCode.MESSAGE_NOT_FOUND, "ids")
    assert ok(await bob_api.get(INBOX))["unread"] == 2
    assert code(await bob_api.post(READ, {})) == ErrorCode.PARAM_INVALID
    assert code(await bob_api.post(READ, {"all": "true"})) == ErrorCode.PARAM_INVALID
    # Too many ids, ids that are not integers, a time outside any calendar: refused, nothing read.
    assert code(await bob_api.post(READ, {"ids": list(range(1, MESSAGE_BATCH_MAX + 2))})) == ErrorCode.PARAM_INVALID
    assert code(await bob_api.post(READ, {"ids": ["1\u0000"]})) == ErrorCode.PARAM_INVALID
    assert code(await bob_api.get(INBOX, params={"start": 10**18})) == ErrorCode.PARAM_INVALID
    assert ok(await bob_api.get(INBOX))["unread"] == 2
    assert ok(await bob_api.post(READ, {"all": True})) == {"updated": 2, "unread": 0}
    assert ok(await admin.get(INBOX))["unread"] == 1

    before = await _count(app)
    refused = await bob_api.call("DELETE", INBOX, json={"ids": [c, mallorys]})
    assert code(refused) == ErrorCode.MESSAGE_NOT_FOUND
    assert await _count(app) == before
    assert ok(await bob_api.call("DELETE", INBOX, json={"ids": [a, c]})) == {"deleted": 2, "unread": 0}
    assert [m["id"] for m in ok(await bob_api.get(INBOX))["items"]] == [b]
    assert code(await bob_api.call("DELETE", INBOX, json={"ids": []})) == ErrorCode.PARAM_INVALID
    # The other tenant's message is still there for its owner.
    assert ok(await other_tenant.get(INBOX))["total"] == 1


async def test_the_inbox_needs_its_right_and_a_token(app: FastAPI, team: Team, new_api: Any) -> None:
    nobody = await team.without()
    assert code(await nobody.get(INBOX)) == ErrorCode.NO_PRIVILEGE
    assert code(await nobody.post(READ, {"all": True})) == ErrorCode.NO_PRIVILEGE
    anonymous = new_api()
    assert code(await anonymous.get(INBOX)) != 0
    assert ok(await team.admin.get(INBOX))["items"] == []


async def test_deliver_refuses_what_no_inbox_should_hold(app: FastAPI, team: Team) -> None:
    admin = team.admin
    assert admin.user_id is not None
    cases: list[tuple[dict[str, Any], ErrorCode]] = [
        ({"title": "  ", "body": ""}, ErrorCode.MESSAGE_CONTENT_EMPTY),
        ({"title": "x" * (MESSAGE_TITLE_MAX + 1)}, ErrorCode.MESSAGE_TOO_LONG),
        ({"title": "t", "body": "x" * (MESSAGE_BODY_MAX + 1)}, ErrorCode.MESSAGE_TOO_LONG),
    ]
    for kw, expected in cases:
        with pytest.raises(AppError) as raised:
            await _deliver(app, admin, [admin.user_id], "message", **kw)
        assert raised.value.code == expected
    with pytest.raises(AppError) as raised:
        await _deliver(app, admin, [], "message", title="t")
    assert raised.value.code == ErrorCode.MESSAGE_RECIPIENTS_EMPTY
    with pytest.raises(ValueError, match="unknown message kind"):
        await _deliver(app, admin, [admin.user_id], "spam", title="t")
    assert await _count(app) == 0
    # One message per recipient, a recipient named twice once.
    assert len(await _deliver(app, admin, [admin.user_id, admin.user_id], "message", title="t")) == 1
