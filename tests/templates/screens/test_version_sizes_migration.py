"""The default-quotas migration (2026-12-09_default_quotas.py) gives each screen version that exists already its
stored size, so the versions saved before it count toward their owner's screen_versions_mb like the new ones."""

import asyncio

from alembic import command
from alembic.script import ScriptDirectory
from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.migrate import alembic_config
from iotyun.templates.models import ScreenVersion
from tests.team.factories import Team
from tests.templates.factories import make_template, ok
from tests.templates.screens.helpers import VERSION, main_screen, save

REVISION = "7c1e5a9d3b28"


def _down_and_up(url: str) -> None:
    cfg = alembic_config(url)
    before = ScriptDirectory.from_config(cfg).get_revision(REVISION).down_revision
    assert isinstance(before, str)
    command.downgrade(cfg, before)
    command.upgrade(cfg, "head")


async def test_existing_versions_get_their_size(app: FastAPI, team: Team, database_url: str) -> None:
    template = await make_template(team.admin)
    screen = await main_screen(team.admin, template["id"])
    element = {"id": "e1", "type": "text", "placement": {"x": 1, "y": 2, "w": 3, "h": 4}, "settings": {"t": "泵" * 50}}
    ok(await save(team.admin, screen["id"], {"schema_version": 1, "elements": [element]}))
    version = ok(await team.admin.post(VERSION, {"id": screen["id"], "name": "v1"}))
    async with app.state.db.sessionmaker() as s:
        kept = (await s.execute(select(ScreenVersion.size_bytes).where(ScreenVersion.id == version["id"]))).scalar()
        # As the migration finds it: a size of 0 (its column's default), as every version saved before it.
        await s.execute(update(ScreenVersion).values(size_bytes=0))
        await s.commit()
    await app.state.db.engine.dispose()
    await asyncio.to_thread(_down_and_up, database_url)
    async with app.state.db.sessionmaker() as s:
        size = (await s.execute(select(ScreenVersion.size_bytes).where(ScreenVersion.id == version["id"]))).scalar()
    # The stored JSON text's size: the compact form the server counts, or the database's own spelling of it.
    assert kept is not None and size is not None and kept <= size <= kept * 2 and size > 150
