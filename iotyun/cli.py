"""`iotyun serve | migrate | seed`: the one command that runs the product."""

import argparse
import asyncio
import logging
import sys
from typing import TYPE_CHECKING

from iotyun.core.config import get_settings
from iotyun.core.context import setup_logging

if TYPE_CHECKING:
    from fastapi import FastAPI

log = logging.getLogger("iotyun")


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from iotyun import migrate, seed
    from iotyun.app import create_app

    settings = get_settings()
    if not args.no_migrate:
        migrate.upgrade(settings)
    if args.demo:
        asyncio.run(seed.run(settings))
    log.info("console at http://%s:%s/iotyun/", args.host, args.port)
    if args.workers > 1:
        # Each worker process builds its own app (and its own read caches: another worker's writes reach them
        # within IOTYUN_READ_CACHE_SECONDS, docs/decisions.md "Read caches").
        uvicorn.run(
            "iotyun.cli:worker_app",
            factory=True,
            workers=args.workers,
            host=args.host,
            port=args.port,
            log_config=None,
            access_log=False,
        )
    else:
        uvicorn.run(create_app(settings), host=args.host, port=args.port, log_config=None, access_log=False)
    return 0


def worker_app() -> "FastAPI":
    """The app of one `serve --workers N` worker process (logging set up as in the parent)."""
    from iotyun.app import create_app

    settings = get_settings()
    setup_logging(settings.log_level, settings.log_file)
    return create_app(settings)


def _migrate(_: argparse.Namespace) -> int:
    from iotyun import migrate

    settings = get_settings()
    migrate.upgrade(settings)
    log.info("database at head: %s", settings.resolved_database_url.split("@")[-1])
    return 0


def _seed(args: argparse.Namespace) -> int:
    from iotyun import seed

    if not args.demo:
        log.error("nothing to seed: pass --demo")
        return 2
    asyncio.run(seed.run(get_settings()))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="iotyun", description="iotyun industrial IoT cloud console")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="migrate and serve the API and console")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8080)
    serve.add_argument("--demo", action="store_true", help="seed the demo tenant first")
    serve.add_argument("--no-migrate", action="store_true", help="skip migrations (they run by default)")
    serve.add_argument(
        "--workers", type=int, default=1, help="server processes sharing the port (default 1)", metavar="N"
    )
    serve.set_defaults(func=_serve)
    sub.add_parser("migrate", help="bring the database schema up to date").set_defaults(func=_migrate)
    seed = sub.add_parser("seed", help="create seed data")
    seed.add_argument("--demo", action="store_true", help="the demo tenant, administrator admin")
    seed.set_defaults(func=_seed)
    args = parser.parse_args(argv)
    setup_logging(get_settings().log_level, get_settings().log_file)
    logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
