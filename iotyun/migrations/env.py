"""Alembic environment: async engines, batch mode on SQLite, the URL from IOTYUN settings unless given."""

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from iotyun.core.config import get_settings
from iotyun.core.db import make_engine
from iotyun.models import Base
from iotyun.telemetry.partitions import include_name

config = context.config
target_metadata = Base.metadata


def _url() -> str:
    return config.get_main_option("sqlalchemy.url") or get_settings().resolved_database_url


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        include_name=include_name,  # history_value's partitions are made at run time, not declared (PostgreSQL)
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async() -> None:
    engine = make_engine(_url())
    async with engine.connect() as connection:
        await connection.run_sync(_run)
        await connection.commit()
    await engine.dispose()


if context.is_offline_mode():
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    asyncio.run(_run_async())
