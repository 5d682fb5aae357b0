"""The delivery of forwarded rows (iotyun/automations/forward.py, docs/api-automations.md "Target") into real
receivers on this host: an HTTP receiver down for a while (refusing, then answering 503: retry) and then up (each
row received once, the same idempotency key throughout); a MariaDB and a PostgreSQL table (every row of a delivery
in one transaction: a row the table refuses leaves none); a Mosquitto topic; and the product's own side table (a
retried delivery adds nothing twice). The secret reaches the receiver and nothing else: no reason raised, no log.

MariaDB (127.0.0.1:3306, root without password, database `test`), PostgreSQL (127.0.0.1:5432, trust, database
`test`) and Mosquitto (127.0.0.1:1883) must answer with CI=true; without CI their tests skip when they do not."""

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiomqtt
import aiomysql
import asyncpg  # type: ignore[import-untyped]
import orjson
import pytest
import uvicorn
from fastapi import FastAPI
from sqlalchemy import select

from iotyun.automations.forward import ForwardFailed, ForwardRow, deliver
from iotyun.automations.models import AutomationForwardRow, AutomationTarget
from iotyun.core import sealing
from iotyun.core.config import Settings
from iotyun.core.tenancy import system_session
from tests.automations.conftest import service
from tests.devices.factories import ok
from tests.team.factories import Team
from tests.telemetry.factories import eventually, free_port

SECRET = "pw-Sup3r-s3cret!"
TS = 1_767_225_600_000  # 2026-01-01T00:00:00Z
ROWS = [
    ForwardRow(sn="SN0001", device_id=7, alias="boiler", data_source_id=11, name="temp", value=81.5, ts=TS),
    ForwardRow(sn="SN0001", device_id=7, alias="boiler", data_source_id=12, name="state", value="run", ts=TS + 1),
    ForwardRow(sn="SN0002", device_id=8, alias="pump", data_source_id=13, name="on", value=True, ts=TS + 2),
]
COLUMNS = {
    "sn": "sn", "device_id": "device_id", "alias": "alias", "ds": "data_source_id", "name": "name", "v": "value",
    "ts": "ts", "at": "time", "rule": "rule_id",
}  # fmt: skip


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, forward_allow_private=True)


def target(kind: str, config: dict[str, Any], settings: Settings, secret: str = SECRET) -> AutomationTarget:
    return AutomationTarget(
        id=1, tenant_id=1, name=kind, kind=kind, config=config, sealed_secret=sealing.seal(secret, settings)
    )


# --- HTTP ----------------------------------------------------------------------------------------------------------


@dataclass
class Receiver:
    """An HTTP endpoint that records every call and answers `status`."""

    status: int = 503
    calls: list[dict[str, Any]] = field(default_factory=list)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        raw = b""
        while True:
            message = await receive()
            raw += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = {k.decode(): v.decode() for k, v in scope["headers"]}
        self.calls.append({"headers": headers, "body": orjson.loads(raw), "status": self.status})
        await send({"type": "http.response.start", "status": self.status, "headers": []})
        await send({"type": "http.response.body", "body": b""})


@pytest.fixture
async def receiver_port() -> AsyncIterator[tuple[int, Receiver, list[uvicorn.Server]]]:
    """A port with nothing on it yet, its receiver, and the server once started (stopped after the test)."""
    servers: list[uvicorn.Server] = []
    yield free_port(), Receiver(), servers
    for srv in servers:
        srv.should_exit = True
    await eventually(_stopped, what="receiver stopped")


_serving: set[asyncio.Task[None]] = set()


def _stopped() -> bool:
    return all(t.done() for t in _serving)


async def start(port: int, app: Receiver, servers: list[uvicorn.Server]) -> None:
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off", log_config=None))
    servers.append(srv)
    task = asyncio.get_running_loop().create_task(srv.serve())
    _serving.add(task)
    task.add_done_callback(_serving.discard)
    await eventually(lambda: srv.started, what="receiver started")


async def test_http_receiver_down_then_up(
    settings: Settings,
    receiver_port: tuple[int, Receiver, list[uvicorn.Server]],
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    port, receiver, servers = receiver_port
    hook = target("http", {"url": f"http://127.0.0.1:{port}/in", "headers": {"X-Plant": "north"}}, settings)
    # Nobody listening: worth another try.
    with pytest.raises(ForwardFailed) as down:
        await deliver(hook, ROWS, key="f1.d7", rule_id=5, settings=settings)
    assert down.value.retry is True and SECRET not in down.value.reason
    # Up, but answering 503: again.
    await start(port, receiver, servers)
    with pytest.raises(ForwardFailed) as busy:
        await deliver(hook, ROWS, key="f1.d7", rule_id=5, settings=settings)
    assert busy.value.retry is True and busy.value.reason == "HTTP 503"
    receiver.status = 200
    await deliver(hook, ROWS, key="f1.d7", rule_id=5, settings=settings)
    accepted = [c for c in receiver.calls if c["status"] == 200]
    assert len(receiver.calls) == 2 and len(accepted) == 1
    call = accepted[0]
    assert call["body"] == {
        "rule_id": 5,
        "firing": "f1.d7",
        "rows": [
            {"sn": r.sn, "device_id": r.device_id, "alias": r.alias, "data_source_id": r.data_source_id,
             "name": r.name, "value": r.value, "ts": r.ts}
            for r in ROWS
        ],
    }  # fmt: skip
    assert {c["headers"]["idempotency-key"] for c in receiver.calls} == {"f1.d7"}
    assert call["headers"]["authorization"] == f"Bearer {SECRET}" and call["headers"]["x-plant"] == "north"
    assert SECRET not in caplog.text


async def test_http_client_error_is_final(
    settings: Settings, receiver_port: tuple[int, Receiver, list[uvicorn.Server]]
) -> None:
    port, receiver, servers = receiver_port
    receiver.status = 400
    await start(port, receiver, servers)
    hook = target("http", {"url": f"http://127.0.0.1:{port}/in", "headers": {}}, settings, secret="")
    with pytest.raises(ForwardFailed) as refused:
        await deliver(hook, ROWS[:1], key="k", rule_id=1, settings=settings)
    assert refused.value.retry is False and refused.value.reason == "HTTP 400"
    assert "authorization" not in receiver.calls[0]["headers"]


async def test_private_hosts_refused_at_send(tmp_path: Path) -> None:
    strict = Settings(data_dir=tmp_path)
    for kind, config in (
        ("http", {"url": "http://127.0.0.1:9/in", "headers": {}}),
        ("mqtt", {"host": "127.0.0.1", "port": 1883, "topic": "t", "qos": 0}),
        ("mysql", {"host": "localhost", "port": 3306, "database": "test", "username": "root", "table": "t",
                   "columns": {"sn": "sn"}}),
    ):  # fmt: skip
        with pytest.raises(ForwardFailed) as refused:
            await deliver(target(kind, config, strict), ROWS, key="k", rule_id=1, settings=strict)
        assert refused.value.retry is False and "refused" in refused.value.reason
    # The server's own port, whatever the setting.
    loose = Settings(data_dir=tmp_path, forward_allow_private=True)
    own = target("http", {"url": f"http://127.0.0.1:{loose.port}/api", "headers": {}}, loose)
    with pytest.raises(ForwardFailed):
        await deliver(own, ROWS, key="k", rule_id=1, settings=loose)


async def test_a_secret_sealed_with_another_key(settings: Settings, tmp_path: Path) -> None:
    other = Settings(data_dir=tmp_path / "other", forward_allow_private=True)
    hook = target("http", {"url": "http://127.0.0.1:9/in", "headers": {}}, other)
    with pytest.raises(ForwardFailed) as refused:
        await deliver(hook, ROWS, key="k", rule_id=1, settings=settings)
    assert refused.value.retry is False and SECRET not in refused.value.reason


# --- MariaDB -------------------------------------------------------------------------------------------------------


@pytest.fixture
async def mariadb() -> AsyncIterator[tuple[Any, str, str]]:
    """A connection as root to database `test`, a table and a user (with SECRET as password) of the test's own."""
    service("MariaDB", 3306)
    tag = uuid.uuid4().hex[:8]
    table, user = f"fwd_{tag}", f"fwd_{tag}"
    conn = await aiomysql.connect(host="127.0.0.1", port=3306, user="root", password="", db="test", autocommit=True)
    async with conn.cursor() as cur:
        await cur.execute(
            f"CREATE TABLE `{table}` (id INT AUTO_INCREMENT PRIMARY KEY, sn VARCHAR(32), device_id BIGINT,"
            " alias VARCHAR(32), ds BIGINT, name VARCHAR(32), v VARCHAR(32) NOT NULL, ts BIGINT, at DATETIME(3),"
            " rule INT)"
        )
        await cur.execute(f"CREATE USER '{user}'@'%' IDENTIFIED BY '{SECRET}'")
        await cur.execute(f"GRANT INSERT, SELECT ON test.`{table}` TO '{user}'@'%'")
    try:
        yield conn, table, user
    finally:
        async with conn.cursor() as cur:
            await cur.execute(f"DROP TABLE IF EXISTS `{table}`")
            await cur.execute(f"DROP USER IF EXISTS '{user}'@'%'")
        conn.close()


async def _mysql_rows(conn: Any, table: str) -> list[tuple[Any, ...]]:
    async with conn.cursor() as cur:
        # The test's own table name, made of hex digits.
        await cur.execute(f"SELECT sn, device_id, alias, ds, name, v, ts, at, rule FROM `{table}` ORDER BY id")  # noqa: S608
        return list(await cur.fetchall())


async def test_mariadb_table(
    settings: Settings, mariadb: tuple[Any, str, str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    conn, table, user = mariadb
    config = {"host": "127.0.0.1", "port": 3306, "database": "test", "username": user, "table": table,
              "columns": COLUMNS}  # fmt: skip
    await deliver(target("mysql", config, settings), ROWS, key="f1", rule_id=9, settings=settings)
    rows = await _mysql_rows(conn, table)
    assert [(r[0], r[1], r[2], r[3], r[4], r[6], r[8]) for r in rows] == [
        (r.sn, r.device_id, r.alias, r.data_source_id, r.name, r.ts, 9) for r in ROWS
    ]
    assert [r[5] for r in rows] == ["81.5", "run", "1"]
    assert str(rows[0][7]) == "2026-01-01 00:00:00"
    # A row the table refuses (NULL into a NOT NULL column): none of the delivery is kept, and no retry mends it.
    broken = [*ROWS, ForwardRow(sn="SN9", device_id=9, alias="", data_source_id=1, name="x", value=None, ts=TS)]
    with pytest.raises(ForwardFailed) as refused:
        await deliver(target("mysql", config, settings), broken, key="f2", rule_id=9, settings=settings)
    assert refused.value.retry is False
    assert len(await _mysql_rows(conn, table)) == len(ROWS)
    # A wrong password: refused for good, the reason without any password.
    wrong = target("mysql", config, settings, secret="wrong-" + SECRET)
    with pytest.raises(ForwardFailed) as denied:
        await deliver(wrong, ROWS, key="f3", rule_id=9, settings=settings)
    assert denied.value.retry is False and SECRET not in denied.value.reason
    assert SECRET not in caplog.text


# --- PostgreSQL ----------------------------------------------------------------------------------------------------


@pytest.fixture
async def pg_table() -> AsyncIterator[tuple[Any, str]]:
    service("PostgreSQL", 5432)
    table = f"fwd_{uuid.uuid4().hex[:8]}"
    conn = await asyncpg.connect(host="127.0.0.1", port=5432, user="postgres", database="test")
    await conn.execute(
        f'CREATE TABLE "{table}" (id SERIAL PRIMARY KEY, sn TEXT, device_id BIGINT, alias VARCHAR(32), ds INTEGER,'
        " name TEXT, v TEXT NOT NULL, ts BIGINT, at TIMESTAMPTZ, rule INTEGER)"
    )
    try:
        yield conn, table
    finally:
        await conn.execute(f'DROP TABLE IF EXISTS "{table}"')
        await conn.close()


async def test_postgresql_table(settings: Settings, pg_table: tuple[Any, str]) -> None:
    conn, table = pg_table
    config = {"host": "127.0.0.1", "port": 5432, "database": "test", "username": "postgres", "table": f"public.{table}",
              "columns": COLUMNS}  # fmt: skip
    await deliver(target("postgresql", config, settings), ROWS, key="f1", rule_id=9, settings=settings)
    select_rows = f'SELECT sn, device_id, alias, ds, name, v, ts, at, rule FROM "{table}" ORDER BY id'  # noqa: S608
    rows = await conn.fetch(select_rows)
    assert [(r["sn"], r["device_id"], r["alias"], r["ds"], r["name"], r["ts"], r["rule"]) for r in rows] == [
        (r.sn, r.device_id, r.alias, r.data_source_id, r.name, r.ts, 9) for r in ROWS
    ]
    assert [r["v"] for r in rows] == ["81.5", "run", "true"]
    assert rows[0]["at"].isoformat() == "2026-01-01T00:00:00+00:00"
    broken = [*ROWS, ForwardRow(sn="SN9", device_id=9, alias="", data_source_id=1, name="x", value=None, ts=TS)]
    with pytest.raises(ForwardFailed) as refused:
        await deliver(target("postgresql", config, settings), broken, key="f2", rule_id=9, settings=settings)
    assert refused.value.retry is False and "23502" in refused.value.reason
    assert await conn.fetchval(f'SELECT count(*) FROM "{table}"') == len(ROWS)  # noqa: S608
    missing = target("postgresql", {**config, "table": f"{table}_missing"}, settings)
    with pytest.raises(ForwardFailed) as gone:
        await deliver(missing, ROWS, key="f3", rule_id=9, settings=settings)
    assert gone.value.retry is False


# --- MQTT ----------------------------------------------------------------------------------------------------------


async def test_mqtt_topic(settings: Settings) -> None:
    service("Mosquitto", 1883)
    topic = f"iotyun-test/forward/{uuid.uuid4().hex[:8]}"
    config = {"host": "127.0.0.1", "port": 1883, "tls": False, "username": "", "topic": topic, "qos": 1}
    async with aiomqtt.Client("127.0.0.1", 1883, identifier=f"fwd-{uuid.uuid4().hex[:8]}") as sub:
        await sub.subscribe(topic, qos=1)
        await deliver(target("mqtt", config, settings, secret=""), ROWS, key="f1.d7", rule_id=3, settings=settings)
        async with asyncio.timeout(10):
            message = await anext(aiter(sub.messages))
    body = orjson.loads(bytes(message.payload))
    assert str(message.topic) == topic
    assert body["rule_id"] == 3 and body["firing"] == "f1.d7"
    assert [(r["sn"], r["data_source_id"], r["value"]) for r in body["rows"]] == [
        (r.sn, r.data_source_id, r.value) for r in ROWS
    ]


# --- the product's own side table --------------------------------------------------------------------------------


async def test_table_target_keeps_each_row_once(app: FastAPI, team: Team) -> None:
    made = ok(await team.admin.post("/yun/automation/targets", {"name": "side", "kind": "table"}))
    async with system_session(app.state.db.sessionmaker) as s:
        side = (await s.execute(select(AutomationTarget).where(AutomationTarget.id == made["id"]))).scalar_one()
    settings = app.state.settings
    # Delivered, then retried twice (the runner did not hear the first answer): the rows are there once.
    for _ in range(3):
        await deliver(side, ROWS, key="f1.d7", rule_id=4, settings=settings, session_factory=app.state.db.sessionmaker)
    # Another firing of the same values is another delivery.
    await deliver(side, ROWS[:1], key="f2.d7", rule_id=4, settings=settings, session_factory=app.state.db.sessionmaker)
    async with system_session(app.state.db.sessionmaker) as s:
        kept = list((await s.execute(select(AutomationForwardRow).order_by(AutomationForwardRow.id))).scalars())
    assert [(r.firing_key, r.data_source_id, r.value, r.tenant_id) for r in kept] == [
        *[("f1.d7", r.data_source_id, r.value, team.admin.tenant_id) for r in ROWS],
        ("f2.d7", ROWS[0].data_source_id, ROWS[0].value, team.admin.tenant_id),
    ]
    listed = ok(await team.admin.get(f"/yun/automation/targets/{side.id}/rows"))
    assert listed["total"] == 4 and listed["items"][0]["firing_key"] == "f2.d7"
    assert [i["value"] for i in listed["items"][1:]] == [True, "run", 81.5]
    # Deleted, its rows go with it, and a delivery still waiting for it fails for good.
    assert ok(await team.admin.call("DELETE", f"/yun/automation/targets/{side.id}")) is None
    with pytest.raises(ForwardFailed) as gone:
        await deliver(side, ROWS, key="f3.d7", rule_id=4, settings=settings, session_factory=app.state.db.sessionmaker)
    assert gone.value.retry is False
    async with system_session(app.state.db.sessionmaker) as s:
        assert list((await s.execute(select(AutomationForwardRow))).scalars()) == []
