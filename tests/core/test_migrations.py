"""The migrations build exactly the schema the models declare, on SQLite and PostgreSQL (a model change without its
migration, or a migration that drifts from the models, fails here)."""

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection

from iotyun.core.db import make_engine
from iotyun.models import Base


def _diff(conn: Connection) -> list[Any]:
    context = MigrationContext.configure(conn, opts={"compare_type": False, "render_as_batch": True})
    return list(compare_metadata(context, Base.metadata))


async def test_migrated_schema_matches_the_models(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:
            diff = await conn.run_sync(_diff)
    finally:
        await engine.dispose()
    assert diff == []
