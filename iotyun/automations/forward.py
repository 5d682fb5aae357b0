"""The delivery of a forward action's rows to its target (docs/api-automations.md "Target"), called by the runner
and by a target's test.

`deliver(target, rows, key=…, rule_id=…, settings=…)` sends every row of one firing in one go and returns, or raises
`ForwardFailed` (`retry`: whether trying the same delivery again may help). By kind:

- `http`: a POST of `{"rule_id", "firing": key, "rows": [...]}` with `Idempotency-Key: <key>` (a receiver drops a
  repeat), the secret as `Authorization: Bearer …`. 2xx is done; 5xx, 408, 429, a timeout or no connection: retry;
  any other 4xx: not.
- `mqtt`: the same JSON published to the topic (QoS 0 or 1, TLS optional), the username and the secret as password.
- `mysql` / `postgresql`: the rows inserted into `table` through `columns` ({column: field}), one parameterised
  statement, all rows of the delivery in one transaction.
- `table`: the rows inserted into the product's own `automation_forward_row` (no network); a row already there
  (the same target, firing, device, data source and time) is left alone, so a retried delivery adds nothing twice.

A tenant's host is checked when the target is saved and again here, on the addresses its name resolves to now (DNS
rebinding): loopback and private addresses only with IOTYUN_FORWARD_ALLOW_PRIVATE, this server's own port never.
Connections are made per delivery (connect within FORWARD_CONNECT_TIMEOUT_S, all of it within FORWARD_TIMEOUT_S).
No reason raised and nothing logged carries the secret."""

import asyncio
import logging
import re
import ssl
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import aiomqtt
import aiomysql
import asyncpg  # type: ignore[import-untyped]
import httpx
import orjson
import pymysql
from sqlalchemy.dialects import postgresql as pg_dialect
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.automations.models import AutomationForwardRow, AutomationTarget
from iotyun.core import sealing
from iotyun.core.config import Settings
from iotyun.core.db import utcnow
from iotyun.core.limits import FORWARD_CONNECT_TIMEOUT_S, FORWARD_TIMEOUT_S
from iotyun.core.tenancy import system_session
from iotyun.notifications import channels

log = logging.getLogger("iotyun.automations.forward")

HTTP, MQTT, MYSQL, POSTGRESQL, TABLE = "http", "mqtt", "mysql", "postgresql", "table"
KINDS: tuple[str, ...] = (HTTP, MQTT, MYSQL, POSTGRESQL, TABLE)
# What a database target's column may take from a row: its fields, `time` (the row's ts as a UTC datetime) and the
# rule's id.
FIELDS: tuple[str, ...] = ("sn", "device_id", "alias", "data_source_id", "name", "value", "ts", "time", "rule_id")
IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")
REASON_MAX = 255
# PostgreSQL error classes worth another try: a connection lost, resources short, the server shutting down, a
# serialization failure or deadlock, a system error (https://www.postgresql.org/docs/current/errcodes-appendix.html).
_PG_TRANSIENT = ("08", "40", "53", "57", "58")
# MySQL errors that no retry mends: access denied to the user or the database, an unknown database.
_MYSQL_FINAL = {1044, 1045, 1049, 1698}


@dataclass(frozen=True)
class ForwardRow:
    sn: str
    device_id: int
    alias: str
    data_source_id: int
    name: str
    value: float | str | bool | None
    ts: int  # epoch ms


class ForwardFailed(Exception):
    """A delivery that did not happen (or not wholly: nothing of it is kept by a database target). `reason` is short
    and never carries the secret."""

    def __init__(self, reason: str, *, retry: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry = retry


def table_problem(table: str) -> bool:
    """Whether `table` is not `name` or `schema.name` of plain identifiers."""
    parts = table.split(".")
    return not 1 <= len(parts) <= 2 or not all(IDENTIFIER.match(p) for p in parts)


def quoted_table(table: str, kind: str) -> str:
    """`table` quoted for the target's dialect (its parts checked by `table_problem` first)."""
    quote = "`" if kind == MYSQL else '"'
    if table_problem(table):
        raise ForwardFailed("invalid table name", retry=False)
    return ".".join(f"{quote}{p}{quote}" for p in table.split("."))


def quoted_column(column: str, kind: str) -> str:
    if not IDENTIFIER.match(column):
        raise ForwardFailed("invalid column name", retry=False)
    quote = "`" if kind == MYSQL else '"'
    return f"{quote}{column}{quote}"


def payload(rows: Sequence[ForwardRow], *, key: str, rule_id: int) -> bytes:
    """The JSON an HTTP or MQTT target gets."""
    return orjson.dumps({"rule_id": rule_id, "firing": key, "rows": [asdict(r) for r in rows]})


def _field(row: ForwardRow, name: str, rule_id: int) -> Any:
    if name == "time":
        return datetime.fromtimestamp(row.ts / 1000, tz=UTC)
    if name == "rule_id":
        return rule_id
    return getattr(row, name)


def _clean(reason: str, secret: str) -> str:
    """A reason fit to keep and show: the secret taken out should a driver have echoed it, one line, bounded."""
    if secret:
        reason = reason.replace(secret, "***")
    return " ".join(reason.split())[:REASON_MAX]


async def _check_host(host: str, port: int, settings: Settings) -> None:
    """The save-time rule again, on the addresses `host` resolves to now."""
    problem = await asyncio.to_thread(
        channels.host_problem, host, port, settings, resolve=True, allow_private=settings.forward_allow_private
    )
    if problem is not None:
        raise ForwardFailed(f"target refused: {problem}", retry=problem == "unresolved")


# --- the kinds -----------------------------------------------------------------------------------------------------


async def _http(config: dict[str, Any], body: bytes, key: str, secret: str, settings: Settings) -> None:
    url = str(config.get("url", ""))
    if channels.url_problem(url, settings, allow_private=settings.forward_allow_private) is not None:
        raise ForwardFailed("target refused: invalid URL", retry=False)
    parts = urlsplit(url)
    await _check_host(parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80), settings)
    headers = {str(k): str(v) for k, v in dict(config.get("headers") or {}).items()}
    headers.update({"Content-Type": "application/json", "Idempotency-Key": key})
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    timeout = httpx.Timeout(FORWARD_TIMEOUT_S, connect=FORWARD_CONNECT_TIMEOUT_S)
    try:
        async with httpx.AsyncClient(timeout=timeout, follow_redirects=False) as client:
            resp = await client.post(url, content=body, headers=headers)
    except httpx.TimeoutException:
        raise ForwardFailed("timeout", retry=True) from None
    except httpx.HTTPError as e:
        raise ForwardFailed(f"no connection ({type(e).__name__})", retry=True) from None
    if resp.status_code >= 300:
        # A client error does not change by trying again, but a timeout or a rate limit does.
        retry = resp.status_code >= 500 or resp.status_code in (408, 429)
        raise ForwardFailed(f"HTTP {resp.status_code}", retry=retry)


async def _mqtt(config: dict[str, Any], body: bytes, secret: str, settings: Settings) -> None:
    host, port = str(config.get("host", "")), int(config.get("port") or 1883)
    await _check_host(host, port, settings)
    tls = ssl.create_default_context() if config.get("tls") else None
    try:
        async with asyncio.timeout(FORWARD_TIMEOUT_S):
            async with aiomqtt.Client(
                hostname=host,
                port=port,
                username=str(config.get("username") or "") or None,
                password=secret or None,
                tls_context=tls,
                timeout=FORWARD_CONNECT_TIMEOUT_S,
            ) as client:
                await client.publish(str(config.get("topic", "")), body, qos=int(config.get("qos") or 0))
    except TimeoutError:
        raise ForwardFailed("timeout", retry=True) from None
    except aiomqtt.MqttCodeError as e:
        # Refused for its credentials or its rights (MQTT 3.1.1 codes 4 and 5, MQTT 5 codes 134, 135): not again.
        code = getattr(e.rc, "value", e.rc)
        raise ForwardFailed(_clean(f"MQTT refused ({code})", secret), retry=code not in (4, 5, 134, 135)) from None
    except aiomqtt.MqttError as e:
        raise ForwardFailed(_clean(f"MQTT: {e}", secret), retry=True) from None


def _insert_sql(config: dict[str, Any], kind: str) -> tuple[str, list[str]]:
    columns = {str(c): str(f) for c, f in dict(config.get("columns") or {}).items()}
    if not columns or any(f not in FIELDS for f in columns.values()):
        raise ForwardFailed("invalid columns", retry=False)
    names = ", ".join(quoted_column(c, kind) for c in columns)
    if kind == MYSQL:
        marks = ", ".join("%s" for _ in columns)
    else:
        marks = ", ".join(f"${i}" for i in range(1, len(columns) + 1))
    table = quoted_table(str(config.get("table", "")), kind)
    # Identifiers are checked and quoted above; every value goes as a parameter.
    return f"INSERT INTO {table} ({names}) VALUES ({marks})", list(columns.values())  # noqa: S608


async def _mysql(
    config: dict[str, Any], rows: Sequence[ForwardRow], rule_id: int, secret: str, settings: Settings
) -> None:
    host, port = str(config.get("host", "")), int(config.get("port") or 3306)
    await _check_host(host, port, settings)
    sql, fields = _insert_sql(config, MYSQL)
    args = []
    for row in rows:
        values = [_field(row, f, rule_id) for f in fields]
        # MySQL's DATETIME holds no zone: the UTC wall time.
        args.append(tuple(v.replace(tzinfo=None) if isinstance(v, datetime) else v for v in values))
    conn = None
    try:
        async with asyncio.timeout(FORWARD_TIMEOUT_S):
            conn = await aiomysql.connect(
                host=host,
                port=port,
                user=str(config.get("username") or ""),
                password=secret,
                db=str(config.get("database") or ""),
                connect_timeout=FORWARD_CONNECT_TIMEOUT_S,
                autocommit=False,
                charset="utf8mb4",
            )
            async with conn.cursor() as cur:
                await cur.executemany(sql, args)
            await conn.commit()
    except TimeoutError:
        raise ForwardFailed("timeout", retry=True) from None
    except pymysql.err.OperationalError as e:
        code = e.args[0] if e.args and isinstance(e.args[0], int) else 0
        raise ForwardFailed(_clean(f"MySQL: {e}", secret), retry=code not in _MYSQL_FINAL) from None
    except pymysql.err.InterfaceError as e:
        # The connection lost on the way.
        raise ForwardFailed(_clean(f"MySQL: {e}", secret), retry=True) from None
    except pymysql.err.MySQLError as e:
        # A table or column missing, a value it does not take: not mended by trying again.
        raise ForwardFailed(_clean(f"MySQL: {e}", secret), retry=False) from None
    except OSError as e:
        raise ForwardFailed(_clean(f"no connection ({type(e).__name__})", secret), retry=True) from None
    finally:
        if conn is not None:
            conn.close()


def _pg_value(value: Any, type_name: str) -> Any:
    """`value` as the column's type takes it (asyncpg converts nothing by itself)."""
    if value is None:
        return None
    if type_name in ("text", "varchar", "bpchar", "name", "citext"):
        if isinstance(value, bool):
            return "true" if value else "false"
        return value.isoformat() if isinstance(value, datetime) else str(value)
    if type_name in ("json", "jsonb"):
        return orjson.dumps(value, option=orjson.OPT_NAIVE_UTC).decode()
    if type_name in ("float4", "float8", "numeric") and isinstance(value, bool | int | float | str):
        return float(value)
    if type_name in ("int2", "int4", "int8") and isinstance(value, bool | int | float | str):
        return int(float(value))
    if type_name == "bool" and isinstance(value, int | float):
        return bool(value)
    if type_name == "timestamp" and isinstance(value, datetime):
        return value.replace(tzinfo=None)
    if type_name in ("timestamp", "timestamptz") and isinstance(value, int) and not isinstance(value, bool):
        value = datetime.fromtimestamp(value / 1000, tz=UTC)
        return value.replace(tzinfo=None) if type_name == "timestamp" else value
    return value


async def _postgresql(
    config: dict[str, Any], rows: Sequence[ForwardRow], rule_id: int, secret: str, settings: Settings
) -> None:
    host, port = str(config.get("host", "")), int(config.get("port") or 5432)
    await _check_host(host, port, settings)
    sql, fields = _insert_sql(config, POSTGRESQL)
    conn = None
    try:
        async with asyncio.timeout(FORWARD_TIMEOUT_S):
            conn = await asyncpg.connect(
                host=host,
                port=port,
                user=str(config.get("username") or ""),
                password=secret or None,
                database=str(config.get("database") or ""),
                timeout=FORWARD_CONNECT_TIMEOUT_S,
                ssl="prefer",
            )
            async with conn.transaction():
                stmt = await conn.prepare(sql)
                types = [t.name for t in stmt.get_parameters()]
                args = [
                    tuple(_pg_value(_field(row, f, rule_id), types[i]) for i, f in enumerate(fields)) for row in rows
                ]
                await stmt.executemany(args)
    except TimeoutError:
        raise ForwardFailed("timeout", retry=True) from None
    except asyncpg.PostgresError as e:
        state = str(getattr(e, "sqlstate", "") or "")
        retry = state[:2] in _PG_TRANSIENT
        raise ForwardFailed(_clean(f"PostgreSQL {state}: {e}", secret), retry=retry) from None
    except asyncpg.exceptions.ConnectionDoesNotExistError as e:
        # The connection lost on the way.
        raise ForwardFailed(_clean(f"PostgreSQL: {e}", secret), retry=True) from None
    except (asyncpg.InterfaceError, ValueError, TypeError, OverflowError) as e:
        # A value the column does not take.
        raise ForwardFailed(_clean(f"PostgreSQL: {e}", secret), retry=False) from None
    except OSError as e:
        raise ForwardFailed(_clean(f"no connection ({type(e).__name__})", secret), retry=True) from None
    finally:
        if conn is not None:
            await conn.close(timeout=FORWARD_CONNECT_TIMEOUT_S)


async def _table(
    target: AutomationTarget,
    rows: Sequence[ForwardRow],
    key: str,
    rule_id: int,
    session_factory: async_sessionmaker[AsyncSession] | None,
) -> None:
    if session_factory is None:
        raise ForwardFailed("no database session", retry=False)
    now = utcnow()
    values = [
        {
            "tenant_id": target.tenant_id,
            "target_id": target.id,
            "rule_id": rule_id,
            "firing_key": key[:96],
            "sn": r.sn[:64],
            "device_id": r.device_id,
            "alias": r.alias[:128],
            "data_source_id": r.data_source_id,
            "name": r.name[:128],
            "value": r.value,
            "ts": r.ts,
            "received_at": now,
        }
        for r in rows
    ]
    try:
        async with system_session(session_factory) as session:
            dialect = (await session.connection()).dialect.name
            insert = pg_dialect.insert if dialect == "postgresql" else sqlite_dialect.insert
            await session.execute(insert(AutomationForwardRow).values(values).on_conflict_do_nothing())
            await session.commit()
    except IntegrityError:
        # The target deleted meanwhile (its rows go with it): nothing to deliver to any more.
        raise ForwardFailed("target gone", retry=False) from None
    except Exception as e:
        raise ForwardFailed(f"database: {type(e).__name__}", retry=True) from None


async def deliver(
    target: AutomationTarget,
    rows: Sequence[ForwardRow],
    *,
    key: str,
    rule_id: int,
    settings: Settings,
    session_factory: async_sessionmaker[AsyncSession] | None = None,
) -> None:
    """Send `rows` (one firing's, idempotency key `key`) to `target`; ForwardFailed when that did not happen."""
    if not rows:
        return
    config = dict(target.config or {})
    try:
        secret = sealing.unseal(target.sealed_secret, settings)
    except sealing.SealError:
        raise ForwardFailed("the secret does not open with this server's seal key", retry=False) from None
    try:
        if target.kind == HTTP:
            await _http(config, payload(rows, key=key, rule_id=rule_id), key, secret, settings)
        elif target.kind == MQTT:
            await _mqtt(config, payload(rows, key=key, rule_id=rule_id), secret, settings)
        elif target.kind == MYSQL:
            await _mysql(config, rows, rule_id, secret, settings)
        elif target.kind == POSTGRESQL:
            await _postgresql(config, rows, rule_id, secret, settings)
        elif target.kind == TABLE:
            await _table(target, rows, key, rule_id, session_factory)
        else:
            raise ForwardFailed(f"unknown kind {target.kind!r}", retry=False)
    except ForwardFailed as e:
        e.reason = _clean(e.reason, secret)
        e.args = (e.reason,)
        log.info("forward to target %s (%s) failed: %s (retry: %s)", target.id, target.kind, e.reason, e.retry)
        raise
