"""Runs the Alembic migrations shipped in iotyun/migrations against the configured database."""

from pathlib import Path

from alembic import command
from alembic.config import Config

from iotyun.core.config import Settings

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("file_template", "%%(year)d-%%(month).2d-%%(day).2d_%%(slug)s")
    cfg.set_main_option("sqlalchemy.url", url)
    return cfg


def upgrade(settings: Settings, url: str | None = None) -> None:
    """Bring the database to the newest schema (creates the data dir for SQLite)."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    command.upgrade(alembic_config(url or settings.resolved_database_url), "head")
