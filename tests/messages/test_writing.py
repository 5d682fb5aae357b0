"""Written messages and notices (issue 32 point 2, docs/api-messages.md): an administrator writes to users, roles and
groups of the tenant, and each recipient gets one copy; a secondary administrator reaches only their group's
subtree; a plain user writes nothing; ids outside the writer's reach, another tenant's included, are refused with
117815 and change nothing. Notices go from draft to sent once (after a schedule, by the runner), pop up once, stay on
the board, and reach only the users they are for. On SQLite and PostgreSQL."""

from datetime import timedelta
from typing import Any

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.errors import ErrorCode
from iotyun.core.limits import MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX, NOTICE_SCHEDULE_MAX_DAYS
from iotyun.core.tenancy import system_session
from iotyun.messages.models import Message, Notice, SentMessage
from iotyun.messages.runner import MessageRunner
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.team.factories import Team

INBOX = "/yun/messageCenter/receive"
SEND = "/yun/message/send"
SENT = "/yun/messageCenter/send"
BOARD = "/bulletin/board"
POPUP = "/bulletin/board/popup"


async def _count(app: FastAPI, model: Any) -> int:
    async with system_session(app.state.db.sessionmaker) as s:
        return int((await s.execute(select(func.count()).select_from(model))).scalar_one())


async def _inbox(api: Api, **params: Any) -> dict[str, Any]:
    page: dict[str, Any] = ok(await api.get(INBOX, params=params))
    return page


async def _plant(team: Team) -> dict[str, Any]:
    """Two groups (line 1 under the plant, and the office), a custom role, and their users."""
    plant = await team.group("plant")
    line = await team.group("line1", plant)
    office = await team.group("office")
    operators = await team.role("operators", ["P00000", "P10000", "P70000", "P71000"])
    return {
        "plant": plant,
        "line": line,
        "office": office,
        "operators": operators,
        "boss": await team.user("boss", "administrator2", group_id=plant, is_admin2=True),
        "ann": await team.user("ann", group_id=line),
        "ben": await team.user("ben", "operators", group_id=office),
        "cat": await team.user("cat", group_id=office),
    }


class TestWriting:
    async def test_an_administrator_reaches_users_roles_and_groups_once_each(self, app: FastAPI, team: Team) -> None:
        p = await _plant(team)
        body = {
            "title": "换班通知",
            "body": "今晚 8 点换班\n请提前到岗",
            "user_ids": [p["ann"]["id"]],
            "role_ids": [p["operators"]],
            # The plant group brings its sub-group line1: ann (named already) and boss.
            "group_ids": [p["plant"]],
        }
        sent = ok(await team.admin.post(SEND, json=body))
        assert (sent["title"], sent["recipients"], sent["read"]) == ("换班通知", 3, 0)
        assert [u["name"] for u in sent["users"]] == ["ann"]
        assert [r["name"] for r in sent["roles"]] == ["operators"]
        assert [g["name"] for g in sent["groups"]] == ["plant"]
        for name in ("ann", "ben", "boss"):
            page = await _inbox(await team.login(name))
            assert page["unread"] == 1
            (m,) = page["items"]
            assert (m["kind"], m["title"], m["body"], m["sender_name"]) == (
                "message",
                "换班通知",
                "今晚 8 点换班\n请提前到岗",
                "alice",
            )
        assert (await _inbox(await team.login("cat")))["total"] == 0
        # The writer is not a recipient unless named.
        assert (await _inbox(team.admin))["total"] == 0

        # The sent box counts who read it.
        ann = await team.login("ann")
        ok(await ann.post("/yun/message/receive/read", json={"all": True}))
        (row,) = ok(await team.admin.get(SENT))["items"]
        assert (row["id"], row["recipients"], row["read"]) == (sent["id"], 3, 1)
        assert ok(await team.admin.get(SENT, params={"q": "换班"}))["total"] == 1
        assert ok(await team.admin.get(SENT, params={"q": "nothing"}))["total"] == 0

        # Deleting the writer's copy leaves the recipients' copies.
        assert ok(await team.admin.call("DELETE", SENT, json={"ids": [sent["id"]]})) == {"deleted": 1}
        assert ok(await team.admin.get(SENT))["total"] == 0
        assert (await _inbox(ann))["total"] == 1

    async def test_a_secondary_administrator_reaches_only_their_groups(self, app: FastAPI, team: Team) -> None:
        p = await _plant(team)
        boss = await team.login("boss")
        out = ok(await boss.post(SEND, json={"title": "t", "body": "b", "role_ids": [team.roles["user"]]}))
        # The user role holds ann (line1, in reach) and cat (office, not).
        assert out["recipients"] == 1
        assert (await _inbox(await team.login("ann")))["total"] == 1
        assert (await _inbox(await team.login("cat")))["total"] == 0
        before = await _count(app, Message)
        for field, ids in (("user_ids", [p["cat"]["id"]]), ("group_ids", [p["office"]])):
            resp = await boss.post(SEND, json={"title": "t", "body": "b", field: ids})
            assert (code(resp), resp["meta"]["field"]) == (ErrorCode.MESSAGE_RECIPIENT_NOT_FOUND, field)
        # The administrator is never in a secondary administrator's reach.
        assert code(await boss.post(SEND, json={"title": "t", "body": "b", "user_ids": [team.admin.user_id]})) == (
            ErrorCode.MESSAGE_RECIPIENT_NOT_FOUND
        )
        assert await _count(app, Message) == before

    async def test_plain_users_write_nothing_and_bad_input_changes_nothing(
        self, app: FastAPI, team: Team, other_tenant: Api
    ) -> None:
        p = await _plant(team)
        ann = await team.login("ann")
        assert code(await ann.post(SEND, json={"title": "t", "body": "b", "user_ids": [p["cat"]["id"]]})) == (
            ErrorCode.NO_PRIVILEGE
        )
        assert code(await ann.get(SENT)) == ErrorCode.NO_PRIVILEGE
        assert code(await ann.post(BOARD, json={"title": "t", "content": "c"})) == ErrorCode.NO_PRIVILEGE
        to_cat = {"user_ids": [p["cat"]["id"]]}
        cases: list[tuple[dict[str, Any], int, str]] = [
            ({"title": " ", "body": "b", **to_cat}, ErrorCode.MESSAGE_CONTENT_EMPTY, "title"),
            ({"title": "t", "body": "", **to_cat}, ErrorCode.MESSAGE_CONTENT_EMPTY, "body"),
            ({"title": "t" * (MESSAGE_TITLE_MAX + 1), "body": "b", **to_cat}, ErrorCode.MESSAGE_TOO_LONG, "title"),
            ({"title": "t", "body": "b" * (MESSAGE_BODY_MAX + 1), **to_cat}, ErrorCode.MESSAGE_TOO_LONG, "body"),
            ({"title": "a\nb", "body": "b", **to_cat}, ErrorCode.TITLE_CONTROL_CHARACTERS, "title"),
            ({"title": "t", "body": "b"}, ErrorCode.MESSAGE_RECIPIENTS_EMPTY, "user_ids"),
            # Only the writer: nobody else.
            (
                {"title": "t", "body": "b", "user_ids": [], "group_ids": []},
                ErrorCode.MESSAGE_RECIPIENTS_EMPTY,
                "user_ids",
            ),
            ({"title": "t", "body": "b", "user_ids": [other_tenant.user_id]}, 117815, "user_ids"),
            ({"title": "t", "body": "b", "user_ids": [10**12]}, 117815, "user_ids"),
            ({"title": "t", "body": "b", "role_ids": [10**12]}, 117815, "role_ids"),
            ({"title": "t", "body": "b", "group_ids": [10**12]}, 117815, "group_ids"),
        ]
        for body, expected, field in cases:
            resp = await team.admin.post(SEND, json=body)
            assert (code(resp), resp["meta"].get("field")) == (expected, field), body
        assert code(await team.admin.post(SEND, json={"title": "t", "body": "b", "user_ids": "1"})) == 100004
        assert await _count(app, Message) == 0
        assert await _count(app, SentMessage) == 0
        # Another tenant's administrator cannot reach into this tenant, nor delete its sent copies.
        assert code(await other_tenant.post(SEND, json={"title": "t", "body": "b", **to_cat})) == 117815
        sent = ok(await team.admin.post(SEND, json={"title": "t", "body": "b", **to_cat}))
        assert code(await other_tenant.call("DELETE", SENT, json={"ids": [sent["id"]]})) == 117801
        assert ok(await other_tenant.get(SENT))["total"] == 0


class TestNotices:
    async def test_a_notice_goes_from_draft_to_sent_once_and_pops_up_once(self, app: FastAPI, team: Team) -> None:
        await _plant(team)
        draft = ok(await team.admin.post(BOARD, json={"title": "停电通知", "content": "周六 9:00–12:00 停电检修"}))
        assert (draft["state"], draft["sent_at"], draft["manageable"]) == ("unsent", None, True)
        ann = await team.login("ann")
        # A reader does not see drafts.
        assert ok(await ann.get(BOARD))["total"] == 0
        assert ok(await ann.get(BOARD))["can_write"] is False
        edited = ok(
            await team.admin.put(f"{BOARD}/{draft['id']}", json={"title": "停电通知（更新）", "content": "改为 13:00"})
        )
        assert edited["title"] == "停电通知（更新）"

        sent = ok(await team.admin.post(f"{BOARD}/{draft['id']}/send", json={}))
        # Everyone but the writer: boss, ann, ben, cat.
        assert (sent["state"], sent["recipients"]) == ("sent", 4)
        assert sent["sent_at"] is not None
        for again in (
            await team.admin.post(f"{BOARD}/{draft['id']}/send", json={}),
            await team.admin.put(f"{BOARD}/{draft['id']}", json={"title": "x", "content": "y"}),
            await team.admin.post(f"{BOARD}/{draft['id']}/cancel"),
        ):
            assert code(again) == ErrorCode.NOTICE_ALREADY_SENT
        assert await _count(app, Message) == 4

        # An administrator signed in as ann takes none of her pop-ups.
        ann_id = ok(await ann.get("/yun/user/config"))["user_id"]
        simulated = team.new_api()
        simulated.adopt(ok(await team.admin.post("/yun/v2/user/login/simulate", {"user_id": ann_id})))
        assert ok(await simulated.post(POPUP)) == []
        # The notice pops up once (and, shown, counts as read), is in the inbox, and stays on the board.
        assert (await _inbox(ann))["unread"] == 1
        (pop,) = ok(await ann.post(POPUP))
        assert (pop["notice_id"], pop["title"], pop["content"], pop["author_name"]) == (
            draft["id"],
            "停电通知（更新）",
            "改为 13:00",
            "alice",
        )
        assert ok(await ann.post(POPUP)) == []
        (m,) = (await _inbox(ann))["items"]
        assert (m["kind"], m["link_type"], m["link_id"], m["read"]) == ("notice", "notice", draft["id"], True)
        board = ok(await ann.get(BOARD))
        assert [(n["id"], n["state"], n["manageable"]) for n in board["items"]] == [(draft["id"], "sent", False)]
        # Deleting it takes it off the board and stops its pop-ups; the inbox keeps its copy.
        ok(await team.admin.call("DELETE", f"{BOARD}/{draft['id']}"))
        assert ok(await ann.get(BOARD))["total"] == 0
        assert ok(await (await team.login("cat")).post(POPUP)) == []
        assert (await _inbox(ann))["total"] == 1

    async def test_a_scheduled_notice_is_sent_by_the_runner_when_due(self, app: FastAPI, team: Team) -> None:
        await _plant(team)
        notice = ok(await team.admin.post(BOARD, json={"title": "演练", "content": "消防演练"}))
        url = f"{BOARD}/{notice['id']}"
        now = utcnow()
        for wrong in (
            epoch_ms(now - timedelta(minutes=1)),
            epoch_ms(now + timedelta(days=NOTICE_SCHEDULE_MAX_DAYS + 1)),
            -5,
        ):
            resp = await team.admin.post(f"{url}/send", json={"at": wrong})
            assert (code(resp), resp["meta"]["field"]) == (ErrorCode.NOTICE_TIME_INVALID, "at")
        at = now + timedelta(hours=1)
        scheduled = ok(await team.admin.post(f"{url}/send", json={"at": epoch_ms(at)}))
        assert (scheduled["state"], scheduled["send_at"]) == ("scheduled", epoch_ms(at))
        runner = MessageRunner(app.state.db, holder="test")
        assert await runner.tick(now) == 0
        assert await _count(app, Message) == 0
        # Cancelled, then scheduled again.
        assert ok(await team.admin.post(f"{url}/cancel"))["state"] == "unsent"
        assert await runner.tick(at + timedelta(seconds=1)) == 0
        ok(await team.admin.post(f"{url}/send", json={"at": epoch_ms(at)}))
        assert await runner.tick(at + timedelta(seconds=1)) == 1
        assert await runner.tick(at + timedelta(seconds=2)) == 0
        assert await _count(app, Message) == 4
        async with system_session(app.state.db.sessionmaker) as s:
            row = (await s.execute(select(Notice))).scalar_one()
            assert (row.state, row.recipients) == ("sent", 4)
        # Another runner without the lease sends nothing.
        assert await MessageRunner(app.state.db, holder="other").tick(at + timedelta(seconds=3)) == 0

    async def test_a_group_notice_reaches_its_subtree_and_its_writer_manages_only_it(
        self, app: FastAPI, team: Team, other_tenant: Api
    ) -> None:
        await _plant(team)
        boss = await team.login("boss")
        notice = ok(await boss.post(BOARD, json={"title": "车间", "content": "一号线检修"}))
        assert (notice["group_name"], notice["manageable"]) == ("plant", True)
        assert ok(await boss.post(f"{BOARD}/{notice['id']}/send", json={}))["recipients"] == 1  # ann
        ann, cat = await team.login("ann"), await team.login("cat")
        assert ok(await ann.get(BOARD))["total"] == 1
        assert ok(await cat.get(BOARD))["total"] == 0
        assert ok(await cat.post(POPUP)) == []
        # The administrator's draft is not the secondary administrator's to touch, nor to see.
        draft = ok(await team.admin.post(BOARD, json={"title": "全员", "content": "草稿"}))
        assert code(await boss.post(f"{BOARD}/{draft['id']}/send", json={})) == ErrorCode.NOTICE_NOT_FOUND
        assert code(await boss.call("DELETE", f"{BOARD}/{draft['id']}")) == ErrorCode.NOTICE_NOT_FOUND
        assert [n["id"] for n in ok(await boss.get(BOARD))["items"]] == [notice["id"]]
        # The administrator manages every notice; another tenant finds none of them.
        assert {n["id"] for n in ok(await team.admin.get(BOARD))["items"]} == {notice["id"], draft["id"]}
        assert ok(await team.admin.get(BOARD, params={"state": "unsent"}))["total"] == 1
        for resp in (
            await other_tenant.put(f"{BOARD}/{draft['id']}", json={"title": "x", "content": "y"}),
            await other_tenant.post(f"{BOARD}/{draft['id']}/send", json={}),
            await other_tenant.call("DELETE", f"{BOARD}/{draft['id']}"),
        ):
            assert code(resp) == ErrorCode.NOTICE_NOT_FOUND
        assert ok(await other_tenant.get(BOARD))["total"] == 0
        assert code(await other_tenant.post(BOARD, json={"title": "", "content": "c"})) == 117802
        assert code(await team.admin.get(BOARD, params={"state": "draft"})) == 100004
