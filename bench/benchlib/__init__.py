"""What the telemetry benchmarks (ingest, live_latency, history_query) share: a throwaway database, a provisioned
plant (tenant, administrator with a token, gateways and registered devices, one published template with its data
sources bound to every device), the server as a subprocess, percentiles and the DESIGN §4 results file. And what the
browser benchmarks share: the demo serving the built console (with a private broker for those whose values flow:
`live_demo`), the API signed in as the demo's administrator, a template of value data sources and its screens'
designs made through it, and the browser driver run on a plan.

A package rather than bench/*.py so that `make bench`, which runs every bench/*.py, does not run it. The scripts
import it as `benchlib` (their own directory is first on sys.path when run as `python bench/<name>.py`).
"""

import asyncio
import hashlib
import json
import math
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import insert, text

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "bench" / "results"
TOKEN = "bench-token-0123456789abcdef0123456789abcdef"
PG_ADMIN_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"
MOSQUITTO_BIN = "mosquitto"
SECRET = "benchsecret1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def answers(address: tuple[str, int]) -> bool:
    try:
        with socket.create_connection(address, timeout=1):
            return True
    except OSError:
        return False


# --- the database -----------------------------------------------------------------------------------------------------


@dataclass
class BenchDb:
    """A throwaway database (PostgreSQL database iotyun_bench_<pid>, or a SQLite file) and a temporary data dir."""

    kind: str
    tmp: Path
    url: str
    pg_name: str = ""

    @property
    def asyncpg_dsn(self) -> str:
        return f"postgresql://postgres@127.0.0.1:5432/{self.pg_name}"

    @property
    def sqlite_path(self) -> Path:
        return self.tmp / "bench.sqlite"

    def env(self, **extra: str) -> dict[str, str]:
        return {
            **os.environ,
            "IOTYUN_DATA_DIR": str(self.tmp),
            "IOTYUN_DATABASE_URL": self.url,
            "IOTYUN_LOG_LEVEL": "WARNING",
            "IOTYUN_CAPTCHA": "off",
            **extra,
        }


@contextmanager
def bench_db(kind: str) -> Iterator[BenchDb]:
    tmp = Path(tempfile.mkdtemp(prefix="iotyun-bench-"))
    pg_name = f"iotyun_bench_{os.getpid()}"
    if kind == "postgresql":
        asyncio.run(pg_admin("CREATE", pg_name))
        db = BenchDb(kind, tmp, f"postgresql+asyncpg://postgres@127.0.0.1:5432/{pg_name}", pg_name)
    else:
        db = BenchDb(kind, tmp, f"sqlite+aiosqlite:///{tmp / 'bench.sqlite'}")
    try:
        yield db
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if kind == "postgresql":
            asyncio.run(pg_admin("DROP", pg_name))


async def pg_admin(verb: str, name: str) -> None:
    from iotyun.core.db import make_engine

    engine = make_engine(PG_ADMIN_URL)
    async with engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        if verb == "DROP":
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        else:
            await conn.execute(text(f'CREATE DATABASE "{name}"'))
    await engine.dispose()


# --- the plant ----------------------------------------------------------------------------------------------------------


@dataclass
class Plant:
    """What provisioning made: the administrator's auth headers, the devices (SN -> device id, in SN order), the
    template and its published data source ids (in address order), then those of the extra data sources."""

    headers: dict[str, str]
    devices: dict[str, int]
    template_id: int
    sources: list[int]
    gateway_ids: dict[str, int] = field(default_factory=dict)
    extra_sources: list[int] = field(default_factory=list)


async def insert_devices(
    session: Any,
    tenant_id: int,
    owner_id: int,
    sns: Sequence[str],
    alias: Callable[[int], str],
    *,
    group_id: int | None = None,
) -> tuple[list[int], list[int]]:
    """Insert registered gateways and their devices (offline, secret SECRET) directly, in one statement each: the
    bookkeeping rows a benchmark needs many of. Their gateway ids and device ids, in the order of `sns`."""
    from iotyun.core import security
    from iotyun.devices.models import DEV_OFFLINE, Device, Gateway

    now = datetime.now(UTC)
    secret = security.hash_password_sync(SECRET, device=True)
    gateways = [
        {
            "sn": sn,
            "secret_hash": secret,
            "model": "BENCH",
            "firmware_version": "1.0.0",
            "dev_state": DEV_OFFLINE,
            "created_at": now,
            "updated_at": now,
        }
        for sn in sns
    ]
    gateway_ids = [int(g) for g in (await session.execute(insert(Gateway).returning(Gateway.id), gateways)).scalars()]
    devices = [
        {
            "tenant_id": tenant_id,
            "gateway_id": gid,
            "sn": sn,
            "registered": True,
            "registered_at": now,
            "owner_id": owner_id,
            "alias": alias(i),
            "group_id": group_id,
            "created_at": now,
            "updated_at": now,
        }
        for i, (gid, sn) in enumerate(zip(gateway_ids, sns, strict=True))
    ]
    device_ids = [int(d) for d in (await session.execute(insert(Device).returning(Device.id), devices)).scalars()]
    return gateway_ids, device_ids


async def provision(
    db: BenchDb,
    devices: int,
    sources: int,
    *,
    data_type: str = "float32",
    history: str = "change",
    sn_prefix: str = "BENCH",
    extra_sources: Sequence[dict[str, Any]] = (),
) -> Plant:
    """Migrate, then make one tenant with an administrator (a fixed token), `devices` registered gateways, and one
    template with `sources` data sources (then `extra_sources`, each a data source's fields) bound to all of them and
    published. Rows that are only bookkeeping are
    inserted directly; the template goes through the HTTP API (in process), so its publication is the real one."""
    import httpx

    from iotyun.app import create_app
    from iotyun.auth import service as auth_service
    from iotyun.auth.models import User, UserToken
    from iotyun.core import security
    from iotyun.core.config import Settings
    from iotyun.core.db import Database
    from iotyun.core.permissions import RoleCode
    from iotyun.devices.models import DeviceGroup
    from iotyun.migrate import upgrade

    settings = Settings(data_dir=db.tmp, database_url=db.url, captcha="off", telemetry="off", log_level="WARNING")
    await asyncio.to_thread(upgrade, settings, db.url)
    database = Database(db.url)
    now = datetime.now(UTC)
    sns = [f"{sn_prefix}{i:06d}" for i in range(devices)]
    try:
        async with database.sessionmaker() as session:
            tenant, roles = await auth_service.create_tenant(session, "bench", "bench")
            admin = User(
                tenant_id=tenant.id,
                user_name="benchadmin",
                password_hash=security.hash_password_sync("bench123"),
                role_id=roles[RoleCode.ADMINISTRATOR].id,
            )
            session.add(admin)
            await session.flush()
            group = DeviceGroup(tenant_id=tenant.id, name="G0", is_default=True)
            session.add(group)
            await session.flush()
            session.add(
                UserToken(
                    tenant_id=tenant.id,
                    user_id=admin.id,
                    token_hash=security.digest(TOKEN),
                    pub_key="",
                    expires_at=now + timedelta(days=1),
                )
            )
            gateway_ids, device_ids = await insert_devices(
                session, tenant.id, admin.id, sns, lambda i: f"设备 {i}", group_id=group.id
            )
            await session.commit()
            headers = {"X-Token": TOKEN, "X-User": str(admin.id), "X-Tenant": str(tenant.id)}
    finally:
        await database.dispose()

    app = create_app(settings)
    try:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench", headers=headers) as http:

            async def call(path: str, body: dict[str, Any]) -> Any:
                resp = (await http.post("/api" + path, json=body)).json()
                if resp["meta"]["success"] != 1:
                    raise RuntimeError(f"{path} refused: {resp}")
                return resp["data"]

            template = await call("/yun/module", {"name": "bench"})
            tid = int(template["id"])
            source_ids = []
            for i in range(sources):
                created = await call(
                    "/yun/module/dataSource",
                    {
                        "template_id": tid,
                        "name": f"V{i:03d}",
                        "data_type": data_type,
                        "area": "holding",
                        "address": 4 * i,
                        "rw": "r",
                        "decimals": 3,
                        "history": history,
                    },
                )
                source_ids.append(int(created["id"]))
            extra_ids = [
                int((await call("/yun/module/dataSource", {"template_id": tid, "area": "holding", **spec}))["id"])
                for spec in extra_sources
            ]
            from iotyun.templates.binding.schemas import BIND_BATCH_MAX

            ids = [int(d) for d in device_ids]
            for start in range(0, len(ids), BIND_BATCH_MAX):  # a bind takes at most BIND_BATCH_MAX devices
                await call("/yun/module/bind", {"template_id": tid, "device_ids": ids[start : start + BIND_BATCH_MAX]})
            await call("/yun/module/publish", {"id": tid})
    finally:
        await app.state.db.dispose()
    return Plant(
        headers=headers,
        devices={sn: int(d) for sn, d in zip(sns, device_ids, strict=True)},
        template_id=tid,
        sources=source_ids,
        gateway_ids={sn: int(g) for sn, g in zip(sns, gateway_ids, strict=True)},
        extra_sources=extra_ids,
    )


# --- the broker --------------------------------------------------------------------------------------------------------


@contextmanager
def mosquitto(tmp: Path, queue_limit: int | None = None) -> Iterator[tuple[str, int]]:
    """A private Mosquitto (the machine's binary, its defaults) on a free port, for the length of one benchmark: the
    shared one on 1883 carries other people's test traffic (their servers subscribe to iotyun/dev/+/values), which
    would both disturb the measurement and receive ours. `queue_limit` sets max_queued_messages (Mosquitto's default
    1000 per client; 0 means no limit)."""
    binary = shutil.which(MOSQUITTO_BIN) or "/usr/sbin/mosquitto"
    port = free_port()
    conf = tmp / "mosquitto.conf"
    lines = [f"listener {port} 127.0.0.1", "allow_anonymous true", "persistence false"]
    if queue_limit is not None:
        lines.append(f"max_queued_messages {queue_limit}")
    conf.write_text("\n".join(lines) + "\n")
    with (tmp / "mosquitto.log").open("ab") as out:
        proc = subprocess.Popen([binary, "-c", str(conf)], stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 10
        while not answers(("127.0.0.1", port)):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"mosquitto did not start: {log_tail(tmp / 'mosquitto.log')}")
            time.sleep(0.05)
        yield "127.0.0.1", port
    finally:
        stop([proc])


# --- the gateways -------------------------------------------------------------------------------------------------------


async def wait_online(db: BenchDb, n: int, wait_s: float = 60) -> None:
    """Until the server has marked every gateway online (it is subscribed and its caches are warm)."""
    from sqlalchemy import func, select

    from iotyun.core.db import Database
    from iotyun.devices.models import DEV_ONLINE, Gateway

    database = Database(db.url)
    deadline = time.monotonic() + wait_s
    online = 0
    try:
        while time.monotonic() < deadline:
            async with database.sessionmaker() as session:
                online = (
                    await session.execute(select(func.count()).where(Gateway.dev_state == DEV_ONLINE))
                ).scalar_one()
            if online >= n:
                return
            await asyncio.sleep(0.1)
        raise RuntimeError(f"the server marked only {online} of {n} gateways online")
    finally:
        await database.dispose()


def gateway_accounts(base_url: str, sns: list[str]) -> None:
    """Each gateway proves its secret over HTTP as the agent does at start (GET /api/dev/access): the server writes
    its account into the embedded broker."""
    from concurrent.futures import ThreadPoolExecutor

    def ask(sn: str) -> None:
        request = urllib.request.Request(f"{base_url}/api/dev/access?sn_code={sn}", headers={"X-Device-Secret": SECRET})
        with urllib.request.urlopen(request, timeout=60) as resp:
            body = json.loads(resp.read())
        if body["meta"]["success"] != 1:
            raise RuntimeError(f"/dev/access refused {sn}: {body}")

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(ask, sns))


def mqtt_publishers(
    broker: tuple[str, int], sns: list[str], auth: bool, name: str, inflight: int, on_publish: Any = None
) -> dict[str, Any] | str:
    """Publishing MQTT clients (paho, MQTT 3.1.1, their network loops started) for gateways `sns`: with `auth` one
    connection per gateway as itself (SN as client id and user name, its secret), as the embedded broker requires;
    else one anonymous connection called `name` for all of them. Each may have `inflight` QoS 1 messages in flight
    (shared out over the connections, at least 20 each) and queues the rest without limit. Answers the client of each
    SN, or why they did not all connect within 10 s."""
    import threading

    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    names = sns if auth else [name]
    clients: dict[str, Any] = {}
    connected: list[threading.Event] = []
    for client_id in names:
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv311)
        if auth:
            client.username_pw_set(client_id, SECRET)
        client.max_inflight_messages_set(max(20, inflight // len(names)))
        client.max_queued_messages_set(0)
        event = threading.Event()
        client.on_connect = lambda *_, event=event: event.set()
        if on_publish is not None:
            client.on_publish = on_publish
        client.connect(*broker, keepalive=60)
        client.loop_start()
        clients[client_id] = client
        connected.append(event)
    if not all(event.wait(10) for event in connected):
        return f"only {sum(e.is_set() for e in connected)} of {len(names)} publishers connected"
    return {sn: clients[sn if auth else name] for sn in sns}


# --- the server ---------------------------------------------------------------------------------------------------------


def start_server(env: dict[str, str], port: int, log: Path, counters: Path | None = None) -> "subprocess.Popen[bytes]":
    """`iotyun serve` on 127.0.0.1:port (one uvicorn worker, migrations already done), its log in `log`. With
    `counters`, the same serve through benchlib/counting_server.py, which writes the server's own counters (the
    ingest's, the alarm engine's, the automations engine's stats and rules loaded) there as JSON once it has started
    and again when it stops."""
    command = [sys.executable, "-m", "iotyun.cli"]
    if counters is not None:
        command = [sys.executable, str(Path(__file__).with_name("counting_server.py")), str(counters)]
    with log.open("ab") as out:
        return subprocess.Popen(
            [*command, "serve", "--no-migrate", "--port", str(port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def start_demo(port: int, tmp: Path, dist: Path, extra_env: dict[str, str] | None = None) -> "subprocess.Popen[bytes]":
    """`iotyun serve --demo` on a fresh SQLite data directory, as the browser tests run it (web/e2e/serve.sh), serving
    the console built in `dist` (the browser benchmarks: first_load, designer, runtime); `extra_env` adds settings
    (the runtime benchmark's IOTYUN_MQTT_URL)."""
    env = {
        **os.environ,
        "IOTYUN_DATA_DIR": str(tmp),
        "IOTYUN_DATABASE_URL": "",
        "IOTYUN_CAPTCHA": "off",
        "IOTYUN_LOG_LEVEL": "WARNING",
        "IOTYUN_WEB_DIST": str(dist),
        **(extra_env or {}),
    }
    with (tmp / "server.log").open("ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "iotyun.cli", "serve", "--demo", "--port", str(port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )


# The demo's administrator, as the browser benchmarks sign in; IOTYUN_DEMO_PASSWORD overrides the demo's password.
DEMO_USER = "admin"


def demo_password() -> str:
    return os.environ.get("IOTYUN_DEMO_PASSWORD", "iotyun123")


def console_build(dist: Path) -> Path:
    """The console build a browser benchmark serves (its --dist), resolved; exits when `make web` has not built it."""
    dist = dist.resolve()
    if not (dist / "index.html").is_file():
        raise SystemExit(f"{dist} holds no build: run `make web` first")
    return dist


def wait_console(base: str, tmp: Path) -> None:
    """Wait for `start_demo`'s server to answer: the API, then the console itself (a build the server cannot find
    answers 503); RuntimeError with the end of its log when it does not."""
    try:
        wait_up(f"{base}/api/yun/sys/info/timestamp", {}, timeout=120)
        with urllib.request.urlopen(f"{base}/iotyun/login", timeout=10) as resp:
            resp.read()
    except OSError as exc:
        raise RuntimeError(f"the server did not start: {exc}\n{log_tail(tmp / 'server.log')}") from exc


@dataclass
class LiveDemo:
    """`live_demo`'s server: its address, the private broker it is connected to, its process, and the API signed in as
    the demo's administrator."""

    base: str
    broker: tuple[str, int]
    server: "subprocess.Popen[bytes]"
    api: "ConsoleApi"


@contextmanager
def live_demo(tmp: Path, dist: Path, password: str, extra_env: dict[str, str] | None = None) -> Iterator[LiveDemo]:
    """A private Mosquitto (`mosquitto`) and `iotyun serve --demo` (`start_demo`, `extra_env` added) connected to it
    through IOTYUN_MQTT_URL, serving the console in `dist`, up and signed in to (the browser benchmarks whose values
    flow: runtime, dashboard); the server, then the broker, stopped on leaving."""
    with mosquitto(tmp) as broker:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {"IOTYUN_MQTT_URL": f"mqtt://{broker[0]}:{broker[1]}", **(extra_env or {})}
        server = start_demo(port, tmp, dist, env)
        try:
            wait_console(base, tmp)
            yield LiveDemo(base, broker, server, ConsoleApi(base, DEMO_USER, password))
        finally:
            stop([server])


def api_request(base: str, method: str, path: str, body: bytes | None, headers: dict[str, str]) -> Any:
    """`<base>/api<path>` with a JSON body; the envelope's data, or RuntimeError if refused."""
    req = urllib.request.Request(
        base + "/api" + path,
        data=body,
        method=method,
        headers={"Content-Type": "application/json", **headers},
    )
    with urllib.request.urlopen(req, timeout=60) as resp:
        answer = json.loads(resp.read())
    if answer["meta"]["success"] != 1:
        raise RuntimeError(f"{method} {path} refused: {answer['meta']}")
    return answer["data"]


class ConsoleApi:
    """The API as a signed-in console user, over HTTP: signs in with a signed POST /yun/v2/user/login (what the
    console's lib/sign.ts does, docs/api.md "Authentication headers"), then calls with the session's token."""

    def __init__(self, base: str, user: str, password: str) -> None:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        self.base = base
        key = Ed25519PrivateKey.generate()
        pub = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
        body = json.dumps({"username": user, "password": password, "code": "", "code_key": ""}).encode()
        ts, ttl, path = str(int(time.time() * 1000)), "60", "/yun/v2/user/login"
        digest = hashlib.sha256(body).hexdigest()
        sig = key.sign(f"{pub}\n{ts}\n{ttl}\nPOST\n{path}\n{digest}".encode()).hex()
        signed = {"TS": ts, "TTL": ttl, "SIG": sig, "PubKey": pub, "Version": "V2", "RequestType": "Web"}
        session = self._send("POST", path, body, signed)
        self.headers = {
            "X-Token": str(session["x_Token"]),
            "X-User": str(session["user_id"]),
            "X-Tenant": str(session["tenant_id"]),
        }

    def _send(self, method: str, path: str, body: bytes | None, headers: dict[str, str]) -> Any:
        return api_request(self.base, method, path, body, headers)

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """`/api<path>` with a JSON body (or a query in the path); the envelope's data, or RuntimeError if refused."""
        data = None if body is None else json.dumps(body).encode()
        return self._send(method, path, data, self.headers)


def run_driver(driver: Path, args: Sequence[str], timeout: float, what: str = "the browser run") -> Any:
    """Runs a browser driver (`node <driver> <args…>`) and answers the JSON it prints; RuntimeError with the end of
    its stderr when it fails."""
    node = shutil.which("node")
    if not node:
        raise SystemExit("node is needed (make install-web)")
    done = subprocess.run([node, str(driver), *args], capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{what} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def drive_plan(driver: Path, base: str, password: str, plan: dict[str, Any], tmp: Path, timeout: float) -> Any:
    """Runs a browser driver that signs in as the demo's administrator and follows `plan` (written to a file beside
    the server's data: `node <driver> <base> <user> <password> <plan.json>`); answers its report."""
    plan_file = tmp / "plan.json"
    plan_file.write_text(json.dumps(plan, ensure_ascii=False))
    return run_driver(driver, [base, DEMO_USER, password, str(plan_file)], timeout=timeout)


# --- a template through the console's API -------------------------------------------------------------------------------


def value_template(api: ConsoleApi, name: str, sources: int, digits: int) -> tuple[int, list[int], dict[str, Any]]:
    """A template of `sources` read-only float32 data sources (holding registers two apart, one decimal, named V
    and their number in `digits` digits): (its id, the data sources' ids in order, its main web screen)."""
    tid = int(api.call("POST", "/yun/module", {"name": name, "data_version": "1.0"})["id"])
    ids = [
        int(
            api.call(
                "POST",
                "/yun/module/dataSource",
                {
                    "template_id": tid,
                    "name": f"V{i:0{digits}d}",
                    "data_type": "float32",
                    "area": "holding",
                    "address": 2 * i,
                    "rw": "r",
                    "decimals": 1,
                },
            )["id"]
        )
        for i in range(sources)
    ]
    main = next(s for s in api.call("GET", f"/yun/module/view?template_id={tid}&kind=web") if s["is_main"])
    return tid, ids, main


def put_design(api: ConsoleApi, screen_id: int, document: dict[str, Any]) -> None:
    """Save `document` as the screen's design, over its current revision."""
    design = api.call("GET", f"/yun/module/view/design?id={screen_id}")
    api.call("PUT", "/yun/module/view/design", {"id": screen_id, "revision": design["revision"], "document": document})


def log_tail(log: Path, lines: int = 30) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def stop(procs: Sequence["subprocess.Popen[bytes]"]) -> None:
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(15)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(5)


def wait_up(url: str, headers: dict[str, str], timeout: float = 60) -> bytes:
    deadline = time.monotonic() + timeout
    while True:
        try:
            req = urllib.request.Request(url, headers=headers)
            with urllib.request.urlopen(req, timeout=5) as resp:
                body: bytes = resp.read()
                return body
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- figures ------------------------------------------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100), nearest rank."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def result(
    name: str,
    metric: str,
    unit: str,
    candidate: float,
    baseline: float,
    baseline_name: str,
    target: float,
    met: bool,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "name": name,
        "metric": metric,
        "unit": unit,
        "candidate": round(candidate, 3),
        "baseline": round(baseline, 3),
        "baseline_name": baseline_name,
        "ratio": round(candidate / baseline, 4) if baseline else None,
        "target": target,
        "met": met,
        **extra,
    }


def report(file_name: str, results: list[dict[str, Any]], target_prefix: str = "") -> None:
    """Write bench/results/<file_name>.json (a list of DESIGN §4 entries) and print the table."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{file_name}.json").write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    width = max(26, *(len(r["metric"]) + 2 for r in results))
    print(f"{'metric':<{width}}{'candidate':>14}{'baseline':>14}{'ratio':>9}{'target':>12}  met")
    for r in results:
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.3f}"
        target = f"{r.get('target_text', r['target'])}"
        print(f"{r['metric']:<{width}}{r['candidate']:>14.2f}{r['baseline']:>14.2f}{ratio:>9}{target:>12}  {r['met']}")
    print(f"wrote {RESULTS / (file_name + '.json')}")
