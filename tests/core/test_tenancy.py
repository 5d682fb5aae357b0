"""No query of a session bound to one tenant returns another tenant's rows (DESIGN §5.4); background work reads every
tenant through a system session, which can never be bound to one."""

from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.auth.models import Role, User
from iotyun.core.tenancy import bind_tenant, is_system, system_session
from tests.conftest import Api


class TestTenantScope:
    async def test_bound_session_sees_only_its_tenant(self, app: FastAPI, api: Api, new_api: Any) -> None:
        a = await api.register("alice", "13800000001")
        b = await new_api().register("bob", "13800000002")
        async with app.state.db.sessionmaker() as s:
            assert len((await s.execute(select(User))).scalars().all()) == 2
            bind_tenant(s, a["tenant_id"])
            names = (await s.execute(select(User.user_name))).scalars().all()
            assert names == ["alice"]
            joined = (await s.execute(select(User, Role).join(Role, Role.id == User.role_id))).all()
            assert {u.tenant_id for u, _ in joined} == {a["tenant_id"]}
            assert await s.get(User, b["user_id"]) is None

    async def test_bound_session_cannot_update_another_tenant(self, app: FastAPI, api: Api, new_api: Any) -> None:
        a = await api.register("alice", "13800000001")
        b = await new_api().register("bob", "13800000002")
        async with app.state.db.sessionmaker() as s:
            bind_tenant(s, a["tenant_id"])
            await s.execute(update(User).where(User.id == b["user_id"]).values(nick_name="hacked"))
            await s.commit()
        async with app.state.db.sessionmaker() as s:
            bob = await s.get(User, b["user_id"])
            assert bob is not None and bob.nick_name == ""

    async def test_config_answers_own_tenant(self, api: Api, new_api: Any) -> None:
        await api.register("alice", "13800000001")
        other = new_api()
        await other.register("bob", "13800000002")
        assert (await api.get("/yun/user/config"))["data"]["user_name"] == "alice"
        assert (await other.get("/yun/user/config"))["data"]["user_name"] == "bob"


class TestSystemSession:
    async def test_reads_every_tenant_and_cannot_be_bound(self, app: FastAPI, api: Api, new_api: Any) -> None:
        a = await api.register("alice", "13800000001")
        await new_api().register("bob", "13800000002")
        async with system_session(app.state.db.sessionmaker) as system:
            assert is_system(system)
            assert sorted((await system.execute(select(User.user_name))).scalars().all()) == ["alice", "bob"]
            with pytest.raises(RuntimeError):
                bind_tenant(system, a["tenant_id"])
            assert sorted((await system.execute(select(User.user_name))).scalars().all()) == ["alice", "bob"]
        # Beside it, a request's session stays bound to its tenant.
        async with app.state.db.sessionmaker() as request:
            assert not is_system(request)
            bind_tenant(request, a["tenant_id"])
            assert (await request.execute(select(User.user_name))).scalars().all() == ["alice"]
