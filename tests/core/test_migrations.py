"""The migrations build exactly the schema the models declare, on SQLite and PostgreSQL (a model change without its
migration, or a migration that drifts from the models, fails here)."""

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, text

from iotyun import migrate
from iotyun.core import security
from iotyun.core.db import make_engine
from iotyun.models import Base
from iotyun.telemetry import partitions
from tests.conftest import fresh_pg_database


def _diff(conn: Connection) -> list[Any]:
    context = MigrationContext.configure(
        conn, opts={"compare_type": False, "render_as_batch": True, "include_name": partitions.include_name}
    )
    return list(compare_metadata(context, Base.metadata))


async def test_migrated_schema_matches_the_models(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:
            diff = await conn.run_sync(_diff)
    finally:
        await engine.dispose()
    assert diff == []


SHARE_LINK_TOKEN_HASH = "a7c9e1b3d5f8"


@pytest.fixture(params=["sqlite", "postgresql"])
async def fresh_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """An empty database of each kind, for a migration's data step."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'fresh.db'}"
        return
    async with fresh_pg_database("iotyun_mig") as url:
        yield url


async def test_share_link_tokens_are_hashed_in_place(fresh_url: str) -> None:
    """Links made before tokens were hashed keep opening with their URL, and no token stays in plain text."""
    cfg = migrate.alembic_config(fresh_url)
    before = ScriptDirectory.from_config(cfg).get_revision(SHARE_LINK_TOKEN_HASH).down_revision
    assert isinstance(before, str)
    await asyncio.to_thread(command.upgrade, cfg, before)
    engine = make_engine(fresh_url)
    now = datetime.now(UTC)
    try:
        async with engine.begin() as conn:
            # The links' tenant and creator, written without their own references (role, group): a later migration
            # that copies share_link on SQLite checks the links' foreign keys.
            if conn.dialect.name == "postgresql":
                await conn.execute(text("SET session_replication_role = replica"))
            else:
                await conn.execute(text("PRAGMA foreign_keys = OFF"))
            await conn.execute(
                text("INSERT INTO tenant (id, name, code, created_at, updated_at) VALUES (1, 't', 't', :t, :t)"),
                {"t": now},
            )
            await conn.execute(
                text(
                    "INSERT INTO user_account (id, tenant_id, user_name, password_hash, nick_name, company, role_id,"
                    " is_admin2, direct_permissions, is_active, must_change_password, login_count, created_at,"
                    " updated_at) VALUES (1, 1, 'u', 'x', '', '', 1, false, '[]', true, false, 0, :t, :t)"
                ),
                {"t": now},
            )
            for i, token in enumerate(["plain-token-one", "plain-token-two"], start=1):
                await conn.execute(
                    text(
                        "INSERT INTO share_link (id, tenant_id, user_id, link_type, token, permission, use_count,"
                        " note, use_state, created_at, updated_at) VALUES (:id, 1, 1, 1, :token, 1, 0, '', 1, :t, :t)"
                    ),
                    {"id": i, "token": token, "t": now},
                )
        await asyncio.to_thread(command.upgrade, cfg, "head")
        async with engine.connect() as conn:
            rows = (await conn.execute(text("SELECT id, token FROM share_link ORDER BY id"))).all()
    finally:
        await engine.dispose()
    assert [(int(i), h) for i, h in rows] == [
        (1, security.digest("plain-token-one")),
        (2, security.digest("plain-token-two")),
    ]


ROLE_ITEMS = "c0f922ada8b5"


async def test_roles_keep_what_they_could_do_when_their_items_are_enforced(fresh_url: str) -> None:
    """Issue 35 point 4: every role gets every device and template item that was not checked before; "write", which
    was, stays as it was for custom roles; unknown stored items go."""
    cfg = migrate.alembic_config(fresh_url)
    before = ScriptDirectory.from_config(cfg).get_revision(ROLE_ITEMS).down_revision
    assert isinstance(before, str)
    await asyncio.to_thread(command.upgrade, cfg, before)
    engine = make_engine(fresh_url)
    now = datetime.now(UTC)
    roles = [
        (1, "user", "default", '["write"]', "[]"),
        (2, "administrator", "default", "[]", "[]"),
        (3, "r_writes", "custom", '["write", "read"]', '["bogus"]'),
        (4, "r_reads", "custom", "[]", "[]"),
    ]
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text("INSERT INTO tenant (id, name, code, created_at, updated_at) VALUES (1, 't', 't', :t, :t)"),
                {"t": now},
            )
            for role_id, code, kind, devices, templates in roles:
                await conn.execute(
                    text(
                        "INSERT INTO role (id, tenant_id, name, code, type, permissions, dashboard_fullscreen,"
                        " device_permissions, template_permissions, created_at, updated_at)"
                        " VALUES (:id, 1, :code, :code, :kind, '[]', true, :devices, :templates, :t, :t)"
                    ),
                    {"id": role_id, "code": code, "kind": kind, "devices": devices, "templates": templates, "t": now},
                )
        await asyncio.to_thread(command.upgrade, cfg, ROLE_ITEMS)
        async with engine.connect() as conn:
            rows = (
                await conn.execute(text("SELECT id, device_permissions, template_permissions FROM role ORDER BY id"))
            ).all()
        await asyncio.to_thread(command.downgrade, cfg, before)
        async with engine.connect() as conn:
            down = (await conn.execute(text("SELECT id, device_permissions FROM role ORDER BY id"))).all()
    finally:
        await engine.dispose()

    def listed(value: Any) -> list[str]:
        return json.loads(value) if isinstance(value, str) else list(value)

    every = ["history", "export", "write", "alarm_confirm", "edit", "share", "vpn"]
    unwritten = [i for i in every if i != "write"]
    every_template = ["view", "copy", "bind", "design", "data_source", "publish", "export", "share", "delete"]
    got = {int(i): (listed(d), listed(t)) for i, d, t in rows}
    assert got == {
        1: (every, every_template),
        2: (every, every_template),
        3: (every, every_template),
        4: (unwritten, every_template),
    }
    assert {int(i): listed(d) for i, d in down} == {1: ["write"], 2: ["write"], 3: ["write"], 4: []}


OPERATOR_ALERT_CONTACTS = "949d0190232e"


async def test_alert_webhook_states_become_deliveries(fresh_url: str) -> None:
    """Issue 35 point 3: operators gain their contacts, empty; each alert's webhook state becomes a delivery of the
    webhook channel (no address: the runner sends it to today's setting), and goes back to the columns on a
    downgrade; an alert that was never to be sent gets none."""
    cfg = migrate.alembic_config(fresh_url)
    before = ScriptDirectory.from_config(cfg).get_revision(OPERATOR_ALERT_CONTACTS).down_revision
    assert isinstance(before, str)
    await asyncio.to_thread(command.upgrade, cfg, before)
    engine = make_engine(fresh_url)
    now = datetime.now(UTC)
    alerts = [(1, "pending", 2, "closed", "HTTP 503"), (2, "sent", 1, "opened", ""), (3, "", 0, "", "")]
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO operator_account (id, user_name, display_name, password_hash, scopes, is_active,"
                    " created_at, updated_at) VALUES (1, 'ops', '', 'x', '[\"monitoring\"]', true, :t, :t)"
                ),
                {"t": now},
            )
            await conn.execute(
                text(
                    "INSERT INTO operator_token (operator_id, token_hash, created_at, expires_at, client_ip)"
                    " VALUES (1, 'h', :t, :t, '')"
                ),
                {"t": now},
            )
            for alert_id, state, tries, event, error in alerts:
                await conn.execute(
                    text(
                        "INSERT INTO platform_alert (id, condition, reason, opened_at, acked_by_name, webhook_state,"
                        " webhook_tries, webhook_event, webhook_error, seen)"
                        " VALUES (:id, 'ingest_lag', 'lagging', :t, '', :state, :tries, :event, :error, 1)"
                    ),
                    {"id": alert_id, "state": state, "tries": tries, "event": event, "error": error, "t": now},
                )
        await asyncio.to_thread(command.upgrade, cfg, OPERATOR_ALERT_CONTACTS)
        async with engine.connect() as conn:
            operator = (await conn.execute(text("SELECT email, phone, alert_channels FROM operator_account"))).one()
            tokens = (await conn.execute(text("SELECT count(*) FROM operator_token"))).scalar_one()
            deliveries = (
                await conn.execute(
                    text(
                        "SELECT alert_id, event, channel, address, state, tries, error FROM platform_alert_delivery"
                        " ORDER BY alert_id"
                    )
                )
            ).all()
        await asyncio.to_thread(command.downgrade, cfg, before)
        async with engine.connect() as conn:
            down = (
                await conn.execute(
                    text(
                        "SELECT id, webhook_state, webhook_tries, webhook_event, webhook_error FROM platform_alert"
                        " ORDER BY id"
                    )
                )
            ).all()
    finally:
        await engine.dispose()
    assert tuple(operator) == ("", "", None)
    # Adding the operators' columns did not copy their table (which would have cascaded to their sessions).
    assert tokens == 1
    assert [tuple(d) for d in deliveries] == [
        (1, "closed", "webhook", "", "pending", 2, "HTTP 503"),
        (2, "opened", "webhook", "", "sent", 1, ""),
    ]
    assert [tuple(r) for r in down] == [
        (1, "pending", 2, "closed", "HTTP 503"),
        (2, "sent", 1, "opened", ""),
        (3, "", 0, "", ""),
    ]
