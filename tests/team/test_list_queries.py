"""The user list reads one page with one SELECT (role and group joined) plus one COUNT, however many users exist."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import event, insert, select

from iotyun.auth.models import User
from iotyun.team.models import UserGroup
from tests.team.factories import Team

USERS = 10_000


class TestUserListQueries:
    async def test_one_select_and_one_count_per_page(self, app: FastAPI, team: Team) -> None:
        group = await team.group("plant")
        async with app.state.db.sessionmaker() as s:
            admin = (await s.execute(select(User).where(User.user_name == "alice"))).scalar_one()
            rows = [
                {
                    "tenant_id": admin.tenant_id,
                    "user_name": f"u{i:05d}",
                    "password_hash": admin.password_hash,
                    "role_id": team.roles["user"],
                    "group_id": group if i % 2 else None,
                    "direct_permissions": [],
                }
                for i in range(USERS)
            ]
            await s.execute(insert(User), rows)
            await s.commit()
        statements: list[str] = []

        def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
            statements.append(statement)

        engine = app.state.db.engine.sync_engine
        event.listen(engine, "before_cursor_execute", record)
        try:
            body = await team.admin.get("/yun/userInfo", params={"page": 3, "page_size": 50, "sort": "user_name"})
        finally:
            event.remove(engine, "before_cursor_execute", record)
        assert body["data"]["total"] == USERS + 1 and len(body["data"]["items"]) == 50
        assert {u["group_name"] for u in body["data"]["items"]} == {"plant", None}
        listing = [s for s in statements if "FROM user_account" in s and "user_token" not in s]
        assert len(listing) == 2, listing
        page_query = next(s for s in listing if "LIMIT" in s)
        assert "JOIN role" in page_query and f"JOIN {UserGroup.__tablename__}" in page_query
