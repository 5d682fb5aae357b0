"""`iotyun serve | migrate | seed | operator | gateway | simulate`: the one command that runs the product."""

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from iotyun.core.config import get_settings
from iotyun.core.context import setup_logging

if TYPE_CHECKING:
    from fastapi import FastAPI

    from iotyun.gateway.agent import AgentConfig
    from iotyun.operations.schemas import OperatorContactIn

log = logging.getLogger("iotyun")
# No permessage-deflate on the live sockets: every client's copy of a message was compressed on its own (zlib keeps
# a context per connection), and a values batch to 200 sockets spent a fifth of its server CPU there, for frames of a
# few hundred bytes (bench/live_latency.py; docs/decisions.md "Live values to many sockets"). Proxies and the
# network's own compression still apply.
WS_DEFLATE = False
# An idle keep-alive connection is kept this long (uvicorn's default is 5 s). A client that sends on an idle connection
# the moment the server closes it gets a reset (a load balancer answers it with a 502; the browser tests' API client
# saw ECONNRESET): past the usual balancer idle timeout of 60 s, the balancer, the browser or the client closes first.
KEEP_ALIVE_S = 75


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from iotyun import migrate
    from iotyun.app import create_app
    from iotyun.demo import seed

    settings = get_settings()
    # Notification webhooks may not point back at this server (core/config.py `port`).
    settings.port = args.port
    if not args.no_migrate:
        migrate.upgrade(settings)
    if args.demo:
        asyncio.run(seed.run(settings))
        if not settings.weather_provider:
            # The demo's wall screen shows the weather with no network: the local estimate (docs/api-dashboards.md).
            settings.weather_provider = "local"
    log.info("console at http://%s:%s/iotyun/", args.host, args.port)
    if args.workers > 1 and not settings.mqtt_url:
        # Each worker would start its own embedded broker; N servers share one external broker instead.
        log.error("--workers %d needs an external MQTT broker: set IOTYUN_MQTT_URL", args.workers)
        return 2
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
            # The client's address comes from core.addresses (IOTYUN_TRUSTED_PROXIES), never uvicorn's own guess.
            proxy_headers=False,
            ws="websockets-sansio",
            ws_per_message_deflate=WS_DEFLATE,
            timeout_keep_alive=KEEP_ALIVE_S,
        )
    else:
        app = create_app(settings)
        if args.demo:
            from iotyun.demo import live as demo

            demo.attach(app, args.port)
        uvicorn.run(
            app,
            host=args.host,
            port=args.port,
            log_config=None,
            access_log=False,
            # The client's address comes from core.addresses (IOTYUN_TRUSTED_PROXIES), never uvicorn's own guess.
            proxy_headers=False,
            ws="websockets-sansio",
            ws_per_message_deflate=WS_DEFLATE,
            timeout_keep_alive=KEEP_ALIVE_S,
        )
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
    from iotyun.demo import seed

    if not args.demo:
        log.error("nothing to seed: pass --demo")
        return 2
    asyncio.run(seed.run(get_settings()))
    return 0


def _alerts_flag(value: str | None) -> list[str] | None:
    """`--alerts email,sms` / `none` (no channel) / `default` (every channel with an address)."""
    if value is None or value.strip() == "default":
        return None
    return [] if value.strip() == "none" else [c.strip() for c in value.split(",") if c.strip()]


def _contact(
    args: argparse.Namespace, email: str = "", phone: str = "", alerts: list[str] | None = None
) -> "OperatorContactIn":
    """The operator's contacts after the flags given (a flag left out keeps its value; an address cleared leaves the
    channels chosen). A ValueError says what is wrong, as the API would (110304, 110303)."""
    from pydantic import ValidationError

    from iotyun.core.errors import ErrorCode
    from iotyun.core.limits import rule_app_error
    from iotyun.operations.schemas import OperatorContactIn

    email = email if args.email is None else args.email
    phone = phone if args.phone is None else args.phone
    if args.alerts is not None:
        alerts = _alerts_flag(args.alerts)
    elif alerts is not None:
        alerts = [c for c in alerts if (c == "email" and email.strip()) or (c == "sms" and phone.strip())]
    try:
        return OperatorContactIn.model_validate({"email": email, "phone": phone, "alert_channels": alerts})
    except ValidationError as exc:
        error = rule_app_error(exc, ErrorCode.PARAM_INVALID, "alerts")
        raise ValueError(f"{error.field or 'contact'}: {error.detail('en')}") from exc


def _operator(args: argparse.Namespace) -> int:
    """`iotyun operator create|list|disable|enable|contact`: platform operators are made on the server only (issue
    35); `contact` sets where the platform's alerts reach one (its email, phone and alert channels)."""
    import getpass
    import os

    from iotyun import migrate
    from iotyun.core.db import Database
    from iotyun.operations import service
    from iotyun.operations.scopes import SCOPES

    settings = get_settings()
    migrate.upgrade(settings)

    async def run() -> int:
        db = Database(settings.resolved_database_url)
        done = f"operator {args.name}: {args.action}d" if args.action != "create" else f"operator {args.name} created"
        try:
            async with db.sessionmaker() as session:
                if args.action == "list":
                    service.tenant_free(session)
                    for op in await service.operators(session):
                        state = "active" if op.is_active else "disabled"
                        print(f"{op.user_name}\t{state}\t{','.join(op.scopes)}")
                    return 0
                if args.action == "create":
                    contact = _contact(args) if args.email or args.phone or args.alerts else None
                    password = os.environ.get("IOTYUN_OPERATOR_PASSWORD") or getpass.getpass("password: ")
                    scopes = [s.strip() for s in (args.scope or ",".join(SCOPES)).split(",") if s.strip()]
                    await service.create_operator(
                        session, args.name, password, scopes, args.display_name or "", contact
                    )
                elif args.action == "contact":
                    account = await service.operator_by_name(session, args.name)
                    service.apply_contact(account, _contact(args, account.email, account.phone, account.alert_channels))
                    out = service.operator_out(account)
                    alerts = ",".join(out.alert_channels) or "none"
                    done = f"operator {args.name}: email {out.email or '-'}, phone {out.phone or '-'}, alerts {alerts}"
                else:
                    await service.set_active(session, args.name, args.action == "enable")
                await session.commit()
        except ValueError as exc:
            log.error("%s", exc)
            return 2
        finally:
            await db.dispose()
        print(done)
        return 0

    return asyncio.run(run())


def _host_port(value: str, default_port: int) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not host:
        return value, default_port
    return host, int(port)


def _on_signals(callback: Any) -> None:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, callback)


def gateway_config(args: argparse.Namespace) -> "AgentConfig":
    """The agent's settings: site.yaml (docs/gateway.md) overridden by the flags given."""
    import yaml

    from iotyun.gateway.agent import AgentConfig

    site: dict[str, Any] = {}
    if args.config:
        site = yaml.safe_load(Path(args.config).read_text(encoding="utf-8")) or {}
        if not isinstance(site, dict):
            raise SystemExit(f"{args.config}: not a mapping of settings")
    for key in ("sn", "secret", "server", "device_id", "data_dir"):
        if getattr(args, key) is not None:
            site[key] = getattr(args, key)
    if args.period is not None:
        site["period_s"] = args.period
    if args.poll is not None:
        site["poll_s"] = args.poll
    for name in ("mqtt", "modbus"):
        flag = getattr(args, name)
        if flag is not None:
            site[name] = flag
        if isinstance(site.get(name), str):
            host, port = _host_port(site.pop(name), 1883 if name == "mqtt" else 502)
            site[f"{name}_host"], site[f"{name}_port"] = host, port
    if not site.get("sn") or not site.get("secret"):
        raise SystemExit("gateway: sn and secret are required (--sn/--secret or site.yaml)")
    known = set(AgentConfig.__dataclass_fields__)
    unknown = sorted(set(site) - known)
    if unknown:
        raise SystemExit(f"gateway: unknown settings {', '.join(unknown)}")
    site.setdefault("data_dir", get_settings().data_dir / "gateways")
    site["data_dir"] = Path(site["data_dir"])
    site["sn"], site["secret"] = str(site["sn"]), str(site["secret"])
    return AgentConfig(**site)


def _quiet_gateway_libraries() -> None:
    # The agent logs its own connection state once per change; these libraries would log every request and retry.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("pymodbus").setLevel(logging.ERROR)


def _gateway(args: argparse.Namespace) -> int:
    from iotyun.gateway.agent import GatewayAgent

    config = gateway_config(args)
    _quiet_gateway_libraries()
    if args.supervise:
        return _supervise(config.data_dir / "releases" / config.sn, args.argv)

    async def run() -> int:
        agent = GatewayAgent(config)
        _on_signals(agent.stop)
        await agent.run()
        return agent.exit_code

    return asyncio.run(run())


def _supervise(root: Path, argv: list[str]) -> int:
    """`iotyun gateway --supervise`: run the agent as a child from its current release (docs/gateway.md)."""
    import signal

    from iotyun.gateway.releases import Releases, Supervisor, spawner

    releases = Releases(root)
    child_argv = [a for a in argv if a != "--supervise"]
    supervisor = Supervisor(releases, spawner(child_argv, releases))
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: supervisor.stop())
    return supervisor.run()


def _gateway_package(args: argparse.Namespace) -> int:
    from iotyun.gateway.package import build_package

    out = build_package(Path(args.out), args.version, args.model or [])
    print(f"{out} ({out.stat().st_size} bytes)")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from urllib.parse import urlsplit

    import httpx

    from iotyun.demo import provision
    from iotyun.gateway.agent import discover_broker
    from iotyun.gateway.simulate import run_simulated_gateways

    settings = get_settings()
    _quiet_gateway_libraries()
    if args.no_provision:
        gateways = [(provision.sim_sn(n), provision.SIM_SECRET) for n in range(1, args.devices + 1)]
    else:
        from iotyun import migrate

        migrate.upgrade(settings)
        gateways = asyncio.run(provision.run(settings, args.devices, args.points))

    async def run() -> None:
        stop = asyncio.Event()
        _on_signals(stop.set)
        if args.mqtt:
            host, port = _host_port(args.mqtt, 1883)
        else:
            async with httpx.AsyncClient(timeout=10.0) as http:
                found = await discover_broker(http, args.server, *gateways[0]) if gateways else None
            host, port = found or (urlsplit(args.server).hostname or "127.0.0.1", 1883)
        if args.duration:
            asyncio.get_running_loop().call_later(args.duration, stop.set)
        data_dir = Path(args.data_dir) if args.data_dir else settings.data_dir / "gateways"
        await run_simulated_gateways(
            args.server, host, port, gateways, stop, rate_hz=args.rate, data_dir=data_dir, period_s=args.period
        )

    asyncio.run(run())
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
    op = sub.add_parser(
        "operator", help="platform operators: create, list, disable, enable, contact (docs/api-operations.md)"
    )
    op.add_argument("action", choices=("create", "list", "disable", "enable", "contact"))
    op.add_argument("name", nargs="?", default="", help="the operator's sign-in name")
    op.add_argument(
        "--scope",
        help="comma-separated: statistics, devices, users, monitoring, operators (default: all); the password is read "
        "from IOTYUN_OPERATOR_PASSWORD or asked for",
    )
    op.add_argument("--display-name", help="the name the console shows")
    op.add_argument("--email", help='where alerts are mailed (create, contact; "" clears it)')
    op.add_argument("--phone", help='the 11-digit phone alerts are texted to (create, contact; "" clears it)')
    op.add_argument(
        "--alerts",
        help="the channels the platform's alerts take: email,sms, none, or default (every one with an address)",
        metavar="CHANNELS",
    )
    op.set_defaults(func=_operator)
    gw = sub.add_parser("gateway", help="run the gateway agent: Modbus TCP to MQTT (docs/gateway.md)")
    gw.add_argument("--config", help="site.yaml with the settings below (flags override it)", metavar="FILE")
    gw.add_argument("--sn", help="the gateway's SN")
    gw.add_argument("--secret", help="the gateway's secret")
    gw.add_argument("--server", help="server URL (default http://127.0.0.1:8080)", metavar="URL")
    gw.add_argument("--mqtt", help="broker host:port (default: the one the server names)", metavar="HOST:PORT")
    gw.add_argument("--modbus", help="PLC host:port (default 127.0.0.1:502)", metavar="HOST:PORT")
    gw.add_argument("--device-id", type=int, help="Modbus device (unit) id (default 1)")
    gw.add_argument("--period", type=float, help="send every value this often, seconds (default 60)")
    gw.add_argument("--poll", type=float, help="poll interval, seconds (default 1)")
    gw.add_argument("--data-dir", help="where the value buffer lives (default $IOTYUN_DATA_DIR/gateways)")
    gw.add_argument(
        "--supervise",
        action="store_true",
        help="run the agent as a child that upgrades install into, going back to the previous release when a new one "
        "does not come up (what a service manager should run)",
    )
    gw.set_defaults(func=_gateway)
    pkg = sub.add_parser("gateway-package", help="build an iotyun gateway package of this agent (docs/gateway.md)")
    pkg.add_argument("--version", required=True, help="the package's version (semantic versioning)")
    pkg.add_argument("--model", action="append", help="a gateway model it fits (repeat for more)")
    pkg.add_argument("--out", required=True, help="the .tar.gz to write", metavar="FILE")
    pkg.set_defaults(func=_gateway_package)
    sim = sub.add_parser("simulate", help="run simulated gateways against a server (docs/gateway.md)")
    sim.add_argument("--devices", type=int, default=10, help="gateways SIM000001… (default 10)", metavar="N")
    sim.add_argument("--points", type=int, default=20, help="data sources per gateway (default 20)", metavar="M")
    sim.add_argument("--rate", type=float, default=1.0, help="polls per second per gateway (default 1)", metavar="R")
    sim.add_argument("--server", default="http://127.0.0.1:8080", metavar="URL")
    sim.add_argument("--mqtt", help="broker host:port (default: the one the server names)", metavar="HOST:PORT")
    sim.add_argument("--no-provision", action="store_true", help="the sim tenant and gateways exist already")
    sim.add_argument("--duration", type=float, help="stop after this many seconds", metavar="S")
    sim.add_argument("--period", type=float, default=60.0, help="send every value this often, seconds (default 60)")
    sim.add_argument("--data-dir", help="where the value buffers live (default $IOTYUN_DATA_DIR/gateways)")
    sim.set_defaults(func=_simulate)
    raw = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(raw)
    # The words after the command (`iotyun gateway --sn … --supervise`): what a supervisor gives its child.
    args.argv = raw
    setup_logging(get_settings().log_level, get_settings().log_file)
    logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
