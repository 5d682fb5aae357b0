"""Read caches (core.readcache): answers served from memory never trail this process's committed writes, trail
another process's by at most IOTYUN_READ_CACHE_SECONDS, and a query in flight during a write is not stored."""

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select, text

from iotyun.app import create_app
from iotyun.auth.models import UserToken
from iotyun.core import db as core_db
from iotyun.core.readcache import Generations, ReadCache
from tests.conftest import Api, code, make_settings
from tests.devices.factories import register
from tests.team.factories import Team


class TestReadCache:
    def test_entry_dropped_when_a_table_it_reads_is_written(self) -> None:
        gens = Generations()
        cache: ReadCache[int] = ReadCache(gens, ("device", "gateway"), ttl=60)
        cache.put("k", 1, cache.generation())
        assert cache.get("k") == 1
        gens.bump(["user_log"])  # not one of its tables
        assert cache.get("k") == 1
        gens.bump(["gateway"])
        assert cache.get("k") is None

    def test_answer_read_before_a_write_is_not_stored(self) -> None:
        gens = Generations()
        cache: ReadCache[int] = ReadCache(gens, ("device",), ttl=60)
        before = cache.generation()
        gens.bump(["device"])  # committed while the query ran
        cache.put("k", 1, before)
        assert cache.get("k") is None

    def test_expires_and_zero_ttl_disables(self) -> None:
        gens = Generations()
        cache: ReadCache[int] = ReadCache(gens, ("device",), ttl=0.01)
        cache.put("k", 1, cache.generation())
        assert cache.get("k") == 1
        import time

        time.sleep(0.02)
        assert cache.get("k") is None
        off: ReadCache[int] = ReadCache(gens, ("device",), ttl=0)
        off.put("k", 1, off.generation())
        assert off.get("k") is None

    def test_bounded(self) -> None:
        cache: ReadCache[int] = ReadCache(Generations(), ("device",), ttl=60, maxsize=2)
        for i in range(3):
            cache.put(i, i, cache.generation())
        assert [cache.get(i) for i in range(3)] == [None, 1, 2]


class TestFetch:
    """ReadCache.fetch: requests that miss one key together wait for one computation under the same generation."""

    async def test_concurrent_misses_share_one_computation(self) -> None:
        cache: ReadCache[int] = ReadCache(Generations(), ("device",), ttl=60)
        calls = 0
        release = asyncio.Event()

        async def compute() -> int:
            nonlocal calls
            calls += 1
            await release.wait()
            return 7

        waiting = [asyncio.create_task(cache.fetch("k", compute)) for _ in range(16)]
        await asyncio.sleep(0)
        release.set()
        assert await asyncio.gather(*waiting) == [7] * 16
        assert calls == 1 and cache.get("k") == 7

    async def test_a_request_after_a_write_does_not_take_the_older_answer(self) -> None:
        gens = Generations()
        cache: ReadCache[int] = ReadCache(gens, ("device",), ttl=60)
        release = asyncio.Event()
        answers = iter([1, 2])

        async def compute() -> int:
            await release.wait()
            return next(answers)

        first = asyncio.create_task(cache.fetch("k", compute))
        await asyncio.sleep(0)
        gens.bump(["device"])  # a write commits while the first query runs
        second = asyncio.create_task(cache.fetch("k", compute))
        await asyncio.sleep(0)
        release.set()
        assert (await first, await second) == (1, 2)
        assert cache.get("k") == 2  # the first, read under the older generation, was not stored

    async def test_waiters_compute_their_own_when_the_first_is_cancelled(self) -> None:
        cache: ReadCache[int] = ReadCache(Generations(), ("device",), ttl=60)
        started = asyncio.Event()
        calls = 0

        async def slow() -> int:
            nonlocal calls
            calls += 1
            started.set()
            await asyncio.sleep(10)
            return 1

        async def quick() -> int:
            nonlocal calls
            calls += 1
            return 2

        first = asyncio.create_task(cache.fetch("k", slow))
        await started.wait()
        waiter = asyncio.create_task(cache.fetch("k", quick))
        await asyncio.sleep(0)
        first.cancel()
        assert await waiter == 2 and calls == 2
        with pytest.raises(asyncio.CancelledError):
            await first

    async def test_an_error_reaches_the_waiters_and_is_not_stored(self) -> None:
        cache: ReadCache[int] = ReadCache(Generations(), ("device",), ttl=60)
        release = asyncio.Event()

        async def failing() -> int:
            await release.wait()
            raise ValueError("refused")

        tasks = [asyncio.create_task(cache.fetch("k", failing)) for _ in range(3)]
        await asyncio.sleep(0)
        release.set()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        assert all(isinstance(r, ValueError) for r in results)
        assert cache.get("k") is None

    async def test_off_computes_every_time(self) -> None:
        cache: ReadCache[int] = ReadCache(Generations(), ("device",), ttl=0)
        calls = 0

        async def compute() -> int:
            nonlocal calls
            calls += 1
            mine = calls
            await asyncio.sleep(0)
            return mine

        assert sorted(await asyncio.gather(*(cache.fetch("k", compute) for _ in range(3)))) == [1, 2, 3]


async def _second_app(database_url: str, tmp_path: Path, seconds: float) -> FastAPI:
    return create_app(make_settings(database_url, tmp_path / "second", read_cache_seconds=seconds))


class TestAcrossProcesses:
    """Two apps on one database stand for two server processes: each has its own caches."""

    async def test_other_process_write_shows_within_the_ttl(
        self, database_url: str, tmp_path: Path, team: Team
    ) -> None:
        await register(team.admin, "IOTRC0001")
        second = await _second_app(database_url, tmp_path, seconds=0.5)
        try:
            transport = httpx.ASGITransport(app=second)
            async with httpx.AsyncClient(transport=transport, base_url="http://second") as client:
                reader = Api(client, team.admin.code_log, token=team.admin.token)
                reader.user_id, reader.tenant_id = team.admin.user_id, team.admin.tenant_id
                assert (await reader.get("/dev"))["data"]["total"] == 1
                await register(team.admin, "IOTRC0002")  # through the first app
                # The first app answers at once; the second may trail by at most its cache's seconds.
                assert (await team.admin.get("/dev"))["data"]["total"] == 2
                await asyncio.sleep(0.6)
                page = (await reader.get("/dev"))["data"]
                assert page["total"] == 2 and {d["sn_code"] for d in page["items"]} == {"IOTRC0001", "IOTRC0002"}
                # A sign-out in the first app reaches the second within the same bound.
                assert code(await team.admin.post("/yun/user/logout")) == 100001
                await asyncio.sleep(0.6)
                assert code(await reader.get("/dev")) == 100009
        finally:
            await second.state.db.dispose()

    async def test_zero_seconds_reads_every_time(self, database_url: str, tmp_path: Path, team: Team) -> None:
        await register(team.admin, "IOTRC0003")
        second = await _second_app(database_url, tmp_path, seconds=0)
        try:
            transport = httpx.ASGITransport(app=second)
            async with httpx.AsyncClient(transport=transport, base_url="http://second") as client:
                reader = Api(client, team.admin.code_log, token=team.admin.token)
                reader.user_id, reader.tenant_id = team.admin.user_id, team.admin.tenant_id
                assert (await reader.get("/dev"))["data"]["total"] == 1
                await register(team.admin, "IOTRC0004")
                assert (await reader.get("/dev"))["data"]["total"] == 2
        finally:
            await second.state.db.dispose()


class TestSameProcess:
    async def test_own_writes_show_at_once(self, team: Team, bob: Api) -> None:
        assert (await bob.get("/dev"))["data"]["total"] == 0
        device = await register(team.admin, "IOTRC0005")
        assert (await team.admin.get("/dev"))["data"]["total"] == 1
        assert (await bob.get("/dev"))["data"]["total"] == 0
        resp = await team.admin.post("/dev/share", {"device_ids": [device["id"]], "accounts": ["bob"]})
        assert code(resp) == 100001, resp
        assert [d["sn_code"] for d in (await bob.get("/dev"))["data"]["items"]] == ["IOTRC0005"]
        params = {"device_id": device["id"], "user_id": bob.user_id}
        assert code(await team.admin.call("DELETE", "/dev/share", params=params)) == 100001
        assert (await bob.get("/dev"))["data"]["total"] == 0

    async def test_role_change_applies_to_the_next_request(self, team: Team, bob: Api) -> None:
        assert code(await bob.get("/dev/SN", params={"sn_code": "IOTRC0009"})) == 100001  # P30000 held
        home_only = await team.role("homeonly", ["P10000"])
        assert code(await team.admin.put(f"/yun/userInfo/{bob.user_id}", {"role_id": home_only})) == 100001
        assert code(await bob.get("/dev/SN", params={"sn_code": "IOTRC0009"})) == 100015


class TestConnections:
    async def test_read_only_list_sends_no_begin_on_postgresql(
        self, app: FastAPI, team: Team, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        if app.state.db.engine.dialect.name != "postgresql":
            pytest.skip("BEGIN/COMMIT are skipped on PostgreSQL only (SQLite reads begin nothing anyway)")
        from sqlalchemy.dialects.postgresql import asyncpg as pg_dialect

        await register(team.admin, "IOTRC0006")
        adapter = pg_dialect.AsyncAdapt_asyncpg_connection
        started: list[str] = []
        original: Any = adapter._start_transaction

        async def counting(self: Any) -> None:
            if self.isolation_level != "autocommit":
                started.append("BEGIN")
            await original(self)

        monkeypatch.setattr(adapter, "_start_transaction", counting)
        assert code(await team.admin.get("/dev")) == 100001
        assert code(await team.admin.get("/dev/stateInfo")) == 100001
        assert started == []
        assert code(await team.admin.get("/yun/customPage")) == 100001
        assert started == ["BEGIN"]

    async def test_idle_connection_that_died_is_replaced(self, app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
        engine = app.state.db.engine
        if engine.dialect.name != "postgresql":
            pytest.skip("the idle ping guards pooled server connections (PostgreSQL)")
        monkeypatch.setattr(core_db, "PING_AFTER_IDLE_SECONDS", 0.0)
        async with engine.connect() as conn:
            pid = (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one()
        admin = core_db.make_engine(app.state.db.url)
        try:
            async with admin.connect() as other:
                await other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
                await other.commit()
        finally:
            await admin.dispose()
        await asyncio.sleep(0.1)
        async with engine.connect() as conn:
            assert (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one() != pid

    async def test_read_only_request_still_commits_what_it_writes(self, app: FastAPI, team: Team) -> None:
        """A GET that writes commits it: the heartbeat slides its session's expiry."""
        bob = await team.user("bob")
        as_bob = await team.login("bob")
        assert code(await as_bob.get("/yun/user/heart")) == 100001
        async with app.state.db.sessionmaker() as s:
            seen = await s.execute(select(UserToken.last_seen_at).where(UserToken.user_id == bob["id"]))
            assert seen.scalar_one() is not None


class TestPageAnswer:
    """A device list page's whole answer is kept (devices.service.list_devices_json) until a table it shows is
    written: a gateway's report, a rename, a group's name."""

    async def test_page_asked_again_runs_no_statement(self, app: FastAPI, team: Team) -> None:
        from sqlalchemy import event

        await register(team.admin, "IOTRC0010")
        first = await team.admin.get("/dev")
        statements: list[str] = []

        def note(*args: Any) -> None:
            statements.append(str(args[2]))

        engine = app.state.db.engine.sync_engine
        event.listen(engine, "before_cursor_execute", note)
        try:
            again = await team.admin.get("/dev")
        finally:
            event.remove(engine, "before_cursor_execute", note)
        assert statements == []
        assert again["data"] == first["data"] and again["meta"]["request_id"] != first["meta"]["request_id"]

    async def test_gateway_report_shows_at_once(self, app: FastAPI, team: Team) -> None:
        from datetime import UTC, datetime

        from sqlalchemy import update

        from iotyun.devices.models import DEV_ONLINE, Gateway

        await register(team.admin, "IOTRC0011")
        before = (await team.admin.get("/dev"))["data"]["items"][0]
        assert before["dev_state"] != DEV_ONLINE
        when = datetime(2026, 11, 30, 8, 0, tzinfo=UTC)
        async with app.state.db.sessionmaker() as s:  # as the telemetry runtime writes a report
            await s.execute(
                update(Gateway).where(Gateway.sn == "IOTRC0011").values(dev_state=DEV_ONLINE, report_time=when)
            )
            await s.commit()
        after = (await team.admin.get("/dev"))["data"]["items"][0]
        assert after["dev_state"] == DEV_ONLINE and after["report_time"] == int(when.timestamp() * 1000)
        # A write outside an ORM session counts once it is declared (core.readcache.touched).
        async with app.state.db.engine.begin() as conn:
            await conn.execute(update(Gateway).where(Gateway.sn == "IOTRC0011").values(ip="10.1.2.3"))
        app.state.db.reads.touched("gateway")
        assert (await team.admin.get("/dev"))["data"]["items"][0]["ip"] == "10.1.2.3"

    async def test_rename_and_group_name_show_at_once(self, team: Team) -> None:
        device = await register(team.admin, "IOTRC0012")
        assert (await team.admin.get("/dev"))["data"]["items"][0]["alias"] == device["alias"]
        resp = await team.admin.put("/dev/update", {"id": device["id"], "alias": "Renamed pump"})
        assert code(resp) == 100001, resp
        assert (await team.admin.get("/dev"))["data"]["items"][0]["alias"] == "Renamed pump"

    async def test_languages_and_callers_kept_apart(self, team: Team, bob: Api) -> None:
        await register(team.admin, "IOTRC0013")
        zh = (await team.admin.get("/dev"))["data"]["items"][0]["group_name"]
        team.admin.lang = "en"
        try:
            en = (await team.admin.get("/dev"))["data"]["items"][0]["group_name"]
        finally:
            team.admin.lang = "zh"
        assert zh != en
        assert (await bob.get("/dev"))["data"] == {"items": [], "total": 0, "page": 1, "page_size": 20}
