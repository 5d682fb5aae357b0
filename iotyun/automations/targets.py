"""Automations' forward targets (docs/api-automations.md "Target"): where a forward action sends a device's values.
Kept by whoever holds P45000 for the tenant: listed, made, changed, deleted (not while a rule names it), tried with
one test row; the rows a `table` target received are listed too.

A target's secret (a password, a token) is sealed at rest (core/sealing.py) and never answered: `has_secret` says
whether there is one. On an update a secret left out or null keeps the one stored, "" clears it. Hosts are checked
when saved (and again at each send, forward.py): no loopback or private address unless IOTYUN_FORWARD_ALLOW_PRIVATE,
never this server's own port."""

import ipaddress
import re
import secrets
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.automations import forward
from iotyun.automations import targets_repository as repo
from iotyun.automations.models import AutomationTarget
from iotyun.automations.targets_schemas import ForwardRowOut, TargetIn, TargetListOut, TargetOut, TargetTestOut
from iotyun.core import sealing
from iotyun.core.config import Settings
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    AUTOMATION_TARGET_COLUMNS_MAX,
    AUTOMATION_TARGET_HEADERS_MAX,
    AUTOMATION_TARGET_NAME_MAX,
    AUTOMATION_TARGETS_PER_TENANT_MAX,
    has_control_characters,
)
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.notifications import channels

DEFAULT_PORTS = {forward.MQTT: 1883, forward.MYSQL: 3306, forward.POSTGRESQL: 5432}
HOST_MAX = 253
TEXT_MAX = 128
TOPIC_MAX = 255
HEADER_VALUE_MAX = 1000
_HOSTNAME = re.compile(
    r"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"
)
_HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$")
# Headers the delivery sets itself.
_RESERVED_HEADERS = {"authorization", "idempotency-key", "content-type", "content-length", "host", "transfer-encoding"}


def _invalid(field: str) -> AppError:
    return AppError(ErrorCode.AUTOMATION_TARGET_CONFIG_INVALID, field=f"config.{field}")


def _text(config: dict[str, Any], key: str, *, required: bool, limit: int = TEXT_MAX) -> str:
    value = config.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise _invalid(key)
    value = value.strip()
    if (required and not value) or len(value) > limit or has_control_characters(value):
        raise _invalid(key)
    return value


def _port(config: dict[str, Any], kind: str) -> int:
    value = config.get("port", DEFAULT_PORTS[kind])
    if value is None:
        value = DEFAULT_PORTS[kind]
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 65535:
        raise _invalid("port")
    return value


def _host(config: dict[str, Any], port: int, settings: Settings) -> str:
    host = _text(config, "host", required=True, limit=HOST_MAX)
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        if not _HOSTNAME.match(host):
            raise _invalid("host") from None
    problem = channels.host_problem(host, port, settings, resolve=False, allow_private=settings.forward_allow_private)
    if problem is not None:
        raise _invalid("port" if problem == "self" else "host")
    return host


def _http_config(config: dict[str, Any], settings: Settings) -> dict[str, Any]:
    url = _text(config, "url", required=True, limit=2000)
    if channels.url_problem(url, settings, allow_private=settings.forward_allow_private) is not None:
        raise _invalid("url")
    headers = config.get("headers") or {}
    if not isinstance(headers, dict) or len(headers) > AUTOMATION_TARGET_HEADERS_MAX:
        raise _invalid("headers")
    kept: dict[str, str] = {}
    for name, value in headers.items():
        if (
            not _HEADER_NAME.match(str(name))
            or str(name).lower() in _RESERVED_HEADERS
            or not isinstance(value, str)
            or len(value) > HEADER_VALUE_MAX
            or has_control_characters(value)
        ):
            raise _invalid("headers")
        kept[str(name)] = value
    return {"url": url, "headers": kept}


def _mqtt_config(config: dict[str, Any], settings: Settings) -> dict[str, Any]:
    port = _port(config, forward.MQTT)
    host = _host(config, port, settings)
    tls = config.get("tls", False)
    if not isinstance(tls, bool):
        raise _invalid("tls")
    topic = _text(config, "topic", required=True, limit=TOPIC_MAX)
    if "+" in topic or "#" in topic or topic.startswith("$"):
        raise _invalid("topic")
    qos = config.get("qos", 0)
    if isinstance(qos, bool) or qos not in (0, 1):
        raise _invalid("qos")
    username = _text(config, "username", required=False)
    return {"host": host, "port": port, "tls": tls, "username": username, "topic": topic, "qos": qos}


def _database_config(config: dict[str, Any], kind: str, settings: Settings) -> dict[str, Any]:
    port = _port(config, kind)
    host = _host(config, port, settings)
    database = _text(config, "database", required=True, limit=64)
    username = _text(config, "username", required=True)
    table = _text(config, "table", required=True, limit=127)
    if forward.table_problem(table):
        raise _invalid("table")
    columns = config.get("columns")
    if not isinstance(columns, dict) or not 1 <= len(columns) <= AUTOMATION_TARGET_COLUMNS_MAX:
        raise _invalid("columns")
    for column, field in columns.items():
        if not forward.IDENTIFIER.match(str(column)) or field not in forward.FIELDS:
            raise _invalid("columns")
    if len({str(c).lower() for c in columns}) != len(columns):
        raise _invalid("columns")
    kept = {str(c): str(f) for c, f in columns.items()}
    return {"host": host, "port": port, "database": database, "username": username, "table": table, "columns": kept}


def checked_config(kind: str, config: dict[str, Any], settings: Settings) -> dict[str, Any]:
    """The target's settings as stored (their known keys only), or 117874 with the field at fault."""
    if kind == forward.HTTP:
        return _http_config(config, settings)
    if kind == forward.MQTT:
        return _mqtt_config(config, settings)
    if kind in (forward.MYSQL, forward.POSTGRESQL):
        return _database_config(config, kind, settings)
    return {}


async def _name(session: AsyncSession, actor: Actor, body: TargetIn, target_id: int | None) -> str:
    name = body.name.strip()
    if not 1 <= len(name) <= AUTOMATION_TARGET_NAME_MAX or has_control_characters(name):
        raise AppError(ErrorCode.AUTOMATION_TARGET_NAME_INVALID, field="name", limit=AUTOMATION_TARGET_NAME_MAX)
    taken = await repo.named(session, actor.tenant_id, name)
    if taken is not None and taken != target_id:
        raise AppError(ErrorCode.AUTOMATION_TARGET_NAME_INVALID, field="name", limit=AUTOMATION_TARGET_NAME_MAX)
    return name


def _out(row: AutomationTarget) -> TargetOut:
    return TargetOut(
        id=row.id,
        name=row.name,
        kind=row.kind,
        config=dict(row.config or {}),
        has_secret=bool(row.sealed_secret),
        created_at=epoch_ms(row.created_at) or 0,
        updated_at=epoch_ms(row.updated_at) or 0,
    )


async def _target(session: AsyncSession, actor: Actor, target_id: int) -> AutomationTarget:
    row = await repo.target(session, actor.tenant_id, target_id)
    if row is None:
        raise AppError(ErrorCode.AUTOMATION_TARGET_NOT_FOUND, field="id")
    return row


async def list_targets(session: AsyncSession, actor: Actor) -> TargetListOut:
    return TargetListOut(list=[_out(r) for r in await repo.targets(session, actor.tenant_id)])


async def create(session: AsyncSession, actor: Actor, settings: Settings, body: TargetIn) -> TargetOut:
    if await repo.count(session, actor.tenant_id) >= AUTOMATION_TARGETS_PER_TENANT_MAX:
        raise AppError(ErrorCode.AUTOMATION_TARGET_LIMIT_REACHED, limit=AUTOMATION_TARGETS_PER_TENANT_MAX)
    name = await _name(session, actor, body, None)
    config = checked_config(body.kind, body.config, settings)
    row = AutomationTarget(
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        name=name,
        kind=body.kind,
        config=config,
        sealed_secret=sealing.seal(body.secret or "", settings),
    )
    session.add(row)
    await session.flush()
    return _out(row)


async def update(session: AsyncSession, actor: Actor, settings: Settings, target_id: int, body: TargetIn) -> TargetOut:
    row = await _target(session, actor, target_id)
    row.name = await _name(session, actor, body, row.id)
    row.config = checked_config(body.kind, body.config, settings)
    row.kind = body.kind
    if body.secret is not None:
        row.sealed_secret = sealing.seal(body.secret, settings)
    row.updated_at = utcnow()
    await session.flush()
    return _out(row)


def _names_target(action: object, target_id: int) -> bool:
    if not isinstance(action, dict) or action.get("kind") != "forward":
        return False
    named = action.get("target_id")
    return not isinstance(named, bool) and isinstance(named, int | str) and str(named) == str(target_id)


async def delete(session: AsyncSession, actor: Actor, target_id: int) -> None:
    """The target goes (with the rows it received), unless a rule's forward action names it (117873)."""
    row = await _target(session, actor, target_id)
    for _rule_id, actions in await repo.rule_actions(session, actor.tenant_id):
        if any(_names_target(a, row.id) for a in actions):
            raise AppError(ErrorCode.AUTOMATION_TARGET_IN_USE)
    await session.delete(row)
    await session.flush()


async def send_test(
    session: AsyncSession,
    actor: Actor,
    settings: Settings,
    session_factory: async_sessionmaker[AsyncSession],
    target_id: int,
) -> TargetTestOut:
    """One test row (device 0, data source 0, value 1, now) sent to the target as a firing of rule 0 would be."""
    row = await _target(session, actor, target_id)
    now = epoch_ms(utcnow()) or 0
    test_row = forward.ForwardRow(sn="TEST", device_id=0, alias="test", data_source_id=0, name="test", value=1, ts=now)
    key = f"test.t{row.id}.{secrets.token_hex(8)}"
    try:
        await forward.deliver(row, [test_row], key=key, rule_id=0, settings=settings, session_factory=session_factory)
    except forward.ForwardFailed as e:
        return TargetTestOut(ok=False, error=e.reason, retry=e.retry)
    return TargetTestOut(ok=True, error="", retry=False)


async def received_rows(session: AsyncSession, actor: Actor, target_id: int, page: PageParams) -> Page[ForwardRowOut]:
    """The rows a `table` target received, newest first (117879 for another kind)."""
    row = await _target(session, actor, target_id)
    if row.kind != forward.TABLE:
        raise AppError(ErrorCode.AUTOMATION_TARGET_NO_ROWS, field="id")
    rows, total = await paginate(session, repo.received_rows(actor.tenant_id, row.id), page)
    items = [
        ForwardRowOut(
            id=r.id,
            rule_id=r.rule_id,
            firing_key=r.firing_key,
            sn=r.sn,
            device_id=r.device_id,
            alias=r.alias,
            data_source_id=r.data_source_id,
            name=r.name,
            value=r.value,
            ts=r.ts,
            received_at=epoch_ms(r.received_at) or 0,
        )
        for r in rows
    ]
    return Page[ForwardRowOut](items=items, total=total, page=page.page, page_size=page.page_size)
