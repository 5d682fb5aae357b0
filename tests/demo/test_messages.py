"""The demo's message centre (iotyun/demo/messages.py) as the console sees it: the board holds one sent notice, a
draft and a scheduled one for the administrator, the sent one for a member; the operator has the administrator's
message unread; nothing pops up when anyone signs in."""

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.auth.models import User
from iotyun.demo import messages as message_demo
from tests.devices.factories import ok
from tests.team.factories import Team


async def test_demo_messages(app: FastAPI, team: Team) -> None:
    operator = await team.user("operator")
    tenant_id = team.admin.tenant_id or 0
    async with app.state.db.sessionmaker() as s:
        users = {
            u.user_name: u
            for u in (await s.execute(select(User).where(User.id.in_([team.admin.user_id, operator["id"]])))).scalars()
        }
        assert set(users) == {"alice", "operator"}
        await message_demo.seed(s, tenant_id, {"admin": users["alice"], "operator": users["operator"]})
        await s.commit()
    board = ok(await team.admin.get("/bulletin/board"))
    assert sorted(n["state"] for n in board["items"]) == ["scheduled", "sent", "unsent"]
    (sent,) = ok(await team.admin.get("/yun/messageCenter/send"))["items"]
    assert (sent["recipients"], sent["read"], [u["name"] for u in sent["users"]]) == (1, 0, ["operator"])
    op = await team.login("operator")
    assert [n["state"] for n in ok(await op.get("/bulletin/board"))["items"]] == ["sent"]
    inbox = ok(await op.get("/yun/messageCenter/receive"))
    assert (inbox["unread"], sorted(m["kind"] for m in inbox["items"])) == (2, ["message", "notice"])
    assert ok(await op.post("/bulletin/board/popup")) == []
