"""Upgrades for real (issue 34 points 4 and 8): one `iotyun serve` process with its embedded broker and two gateway
agents run as a site runs them, `iotyun gateway --supervise`, each its own process. Through the console's API:

1. both gateways take version 0.2.0 (a package of this very agent built by `iotyun gateway-package`): they download
   it — the first through a connection cut half-way, which it resumes with a range request —, check its SHA-256,
   install it as a release, restart into it and report 0.2.0;
2. a build whose agent does not start (0.3.0) is rolled back by the first gateway's supervisor, which reports the
   failure with its reason; the gateway is back on 0.2.0;
3. a package damaged on the server's disk (0.3.1) is refused by the second gateway (its SHA-256), which stays on
   0.2.0;
4. the console opens and closes the second gateway's VPN through the same command-and-acknowledge channel (the
   site's commands, the loopback interface's address as its client IP); the first, with no VPN configured, answers
   that it has none (110549).

It runs once, on SQLite (its own database file). With CI=true Mosquitto must be there; otherwise the test is skipped
without it. Takes about a minute."""

import asyncio
import contextlib
import hashlib
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from fastapi import FastAPI

from iotyun import migrate
from iotyun.app import create_app
from iotyun.gateway.package import build_package
from iotyun.telemetry.broker import find_plugin
from tests.conftest import CI, Api, CodeLog, make_settings
from tests.devices.factories import register
from tests.software.factories import send
from tests.telemetry.factories import eventually
from tests.templates.factories import make_template, ok

ROOT = Path(__file__).resolve().parents[2]
SECRET = "e2esecret1"
MODEL = "E2E-GW"
GATEWAYS = ("GWE2E0001", "GWE2E0002")
TRIAL_S = 25
# The first gateway's connection to the server is cut once, after this many bytes of a response.
CUT_AFTER = 300_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("IOTYUN_")}
    env.update({"IOTYUN_DATA_DIR": str(data_dir), "IOTYUN_LOG_LEVEL": "INFO"})
    return env


@pytest.fixture
def mosquitto_ready() -> None:
    try:
        find_plugin()
        found = shutil.which("mosquitto") or os.path.exists("/usr/sbin/mosquitto")
    except FileNotFoundError:
        found = False
    if not found:
        if CI:
            pytest.fail("mosquitto is not installed, and CI=true requires it")
        pytest.skip("mosquitto is not installed")


# --- a proxy that cuts one response half-way --------------------------------------------------------------------


@dataclass
class CuttingProxy:
    """TCP in front of the server for one gateway: the first response longer than CUT_AFTER bytes is cut there (the
    connection closed), as a lost network would; it records the requests' Range headers."""

    upstream: tuple[str, int]
    port: int = field(default_factory=_free_port)
    cuts: int = 0
    ranges: list[str] = field(default_factory=list)
    _server: asyncio.Server | None = None

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.upstream)
        except OSError:
            writer.close()
            return
        cut = asyncio.Event()

        async def requests() -> None:
            while data := await reader.read(65536):
                for line in data.split(b"\r\n"):
                    if line.lower().startswith(b"range:"):
                        self.ranges.append(line.decode().split(":", 1)[1].strip())
                up_writer.write(data)
                await up_writer.drain()

        async def responses() -> None:
            sent = 0
            while data := await up_reader.read(65536):
                if self.cuts == 0 and sent + len(data) > CUT_AFTER:
                    writer.write(data[: CUT_AFTER - sent])
                    await writer.drain()
                    self.cuts += 1
                    cut.set()
                    return
                sent += len(data)
                writer.write(data)
                await writer.drain()

        tasks = [asyncio.create_task(requests()), asyncio.create_task(responses())]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            task.cancel()
        for w in (writer, up_writer):
            with contextlib.suppress(Exception):
                w.close()


# --- the server and the gateways --------------------------------------------------------------------------------


@dataclass
class Site:
    tmp: Path
    url: str
    port: int = field(default_factory=_free_port)
    server: "subprocess.Popen[bytes] | None" = None
    agents: dict[str, "subprocess.Popen[bytes]"] = field(default_factory=dict)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def data_dir(self) -> Path:
        return self.tmp / "server"

    def log(self, name: str) -> str:
        path = self.tmp / f"{name}.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    def start_server(self) -> None:
        env = _env(self.data_dir) | {"IOTYUN_DATABASE_URL": self.url, "IOTYUN_MQTT_PORT": "0"}
        env |= {"IOTYUN_CAPTCHA": "off", "IOTYUN_WEB_DIST": str(self.tmp / "no-dist")}
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with (self.tmp / "server.log").open("ab") as out:
            self.server = subprocess.Popen(  # noqa: S603 - our own CLI
                [sys.executable, "-m", "iotyun", "serve", "--no-migrate", "--port", str(self.port)],
                env=env,
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def start_agent(self, sn: str, server: str, **extra: object) -> None:
        data_dir = self.tmp / "gateways"
        site = {
            "sn": sn,
            "secret": SECRET,
            "server": server,
            "modbus": "127.0.0.1:1",
            "data_dir": str(data_dir),
            "model": MODEL,
            "period_s": 5,
            "backoff_max_s": 2,
            "upgrade_trial_s": TRIAL_S,
            **extra,
        }
        config = self.tmp / f"{sn}.yaml"
        config.write_text(yaml.safe_dump(site))
        with (self.tmp / f"{sn}.log").open("ab") as out:
            self.agents[sn] = subprocess.Popen(  # noqa: S603 - our own CLI
                [sys.executable, "-m", "iotyun", "gateway", "--config", str(config), "--supervise"],
                env=_env(data_dir),
                cwd=self.tmp,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def current(self, sn: str) -> str | None:
        link = self.tmp / "gateways" / "releases" / sn / "current"
        return os.readlink(link) if link.is_symlink() else None

    def stop(self) -> None:
        for proc in [*self.agents.values(), self.server]:
            if proc is None or proc.poll() is not None:
                continue
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM) if proc in self.agents.values() else proc.terminate()
        for proc in [*self.agents.values(), self.server]:
            if proc is None:
                continue
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()


async def provision(url: str, tmp: Path, code_log: CodeLog) -> dict[str, Any]:
    """In process, before the server starts: the tenant and its administrator, the two gateways registered, and a
    published template bound to them (a gateway's online state needs its configuration)."""
    app: FastAPI = create_app(make_settings(url, tmp / "server", telemetry="off"))
    try:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://setup") as client:
            admin = Api(client, code_log)
            await admin.register("alice", "13800000001")
            devices = {sn: int((await register(admin, sn, SECRET))["id"]) for sn in GATEWAYS}
            tid = (await make_template(admin, "e2e"))["id"]
            spec = {"template_id": tid, "name": "V", "data_type": "int16", "area": "holding", "address": 0}
            ok(await admin.post("/yun/module/dataSource", {**spec, "rw": "r", "history": "change"}))
            ok(await admin.post("/yun/module/bind", {"template_id": tid, "device_ids": list(devices.values())}))
            ok(await admin.post("/yun/module/publish", {"id": tid}))
            return {"token": admin.token, "user_id": admin.user_id, "tenant_id": admin.tenant_id, "devices": devices}
    finally:
        await app.state.db.dispose()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'e2e.sqlite'}"
    migrate.upgrade(make_settings(url, tmp_path / "server"), url)
    s = Site(tmp_path, url)
    yield s
    s.stop()


@pytest.fixture
async def api(site: Site, code_log: CodeLog) -> AsyncIterator[Api]:
    facts = await provision(site.url, site.tmp, code_log)
    async with httpx.AsyncClient(base_url=site.base, timeout=30) as client:
        admin = Api(client, code_log, token=facts["token"], user_id=facts["user_id"], tenant_id=facts["tenant_id"])
        admin.devices = facts["devices"]  # type: ignore[attr-defined]
        yield admin


async def upload(api: Api, tmp: Path, version: str, **kw: Any) -> dict[str, Any]:
    data = build_package(tmp / f"gw-{version}.tar.gz", version, [MODEL], **kw).read_bytes()
    row: dict[str, Any] = ok(await send(api, data, version=version, models=[MODEL], mode="1", name=f"gw-{version}.tgz"))
    return row


async def history(api: Api, upgrade_id: int) -> dict[str, dict[str, Any]]:
    items = ok(await api.get("/software/history", params={"upgrade_id": upgrade_id}))["items"]
    return {i["sn_code"]: i for i in items}


async def ended(api: Api, upgrade_id: int, within: float = 120) -> dict[str, dict[str, Any]]:
    async def done() -> bool:
        return all(row["state"] not in (1, 2, 4) for row in (await history(api, upgrade_id)).values())

    await eventually(done, within, f"upgrade {upgrade_id} ended", every=0.5)
    return await history(api, upgrade_id)


async def versions(api: Api, version_id: int) -> dict[str, str]:
    page = ok(await api.get("/software/upgrade/devices", params={"version_id": version_id}))
    return {i["sn_code"]: i["firmware_version"] for i in page["items"]}


@pytest.mark.usefixtures("mosquitto_ready")
async def test_two_agents_upgrade_roll_back_and_refuse(site: Site, api: Api) -> None:
    site.start_server()

    async def up() -> bool:
        assert site.server is not None
        if site.server.poll() is not None:
            pytest.fail(f"the server exited:\n{site.log('server')}")
        try:
            async with httpx.AsyncClient(timeout=2) as http:
                return (await http.get(f"{site.base}/api/yun/sys/info/timestamp")).status_code == 200
        except httpx.HTTPError:
            return False

    # Seconds on a quiet machine; loaded to 8 on its 2 cores, one had not answered after 60 s.
    await eventually(up, 120, "server up", every=0.2)
    proxy = CuttingProxy(("127.0.0.1", site.port))
    await proxy.start()
    try:
        site.start_agent(GATEWAYS[0], f"http://127.0.0.1:{proxy.port}")
        # The second gateway's VPN: the site's commands (here ones that succeed) and an interface (loopback).
        site.start_agent(GATEWAYS[1], site.base, vpn_up="true", vpn_down="true", vpn_interface="lo")
        good = await upload(api, site.tmp, "0.2.0")

        async def updatable() -> bool:
            page = ok(await api.get("/software/upgrade/devices", params={"version_id": good["id"]}))
            return len(page["updatable_ids"]) == 2

        await eventually(updatable, 60, "both gateways online and updatable", every=0.5)
        devices: dict[str, int] = api.devices  # type: ignore[attr-defined]

        # 1. Both take 0.2.0; the first resumes a download cut half-way.
        first = ok(
            await api.post("/software/upgrade", {"version_id": good["id"], "device_ids": list(devices.values())})
        )
        rows = await ended(api, first["id"])
        assert {sn: r["state"] for sn, r in rows.items()} == {sn: 5 for sn in GATEWAYS}, (rows, site.log(GATEWAYS[0]))
        assert proxy.cuts == 1 and any(r.startswith("bytes=") and r != "bytes=0-" for r in proxy.ranges)
        assert await versions(api, good["id"]) == {sn: "0.2.0" for sn in GATEWAYS}
        assert [site.current(sn) for sn in GATEWAYS] == ["0.2.0", "0.2.0"]

        # 2. A build whose agent does not start: rolled back, the failure reported with its reason.
        broken = await upload(api, site.tmp, "0.3.0", replace={"iotyun/gateway/agent.py": b"raise SystemExit(3)\n"})
        second = ok(
            await api.post("/software/upgrade", {"version_id": broken["id"], "device_ids": [devices[GATEWAYS[0]]]})
        )
        row = (await ended(api, second["id"], within=TRIAL_S + 90))[GATEWAYS[0]]
        assert (row["state"], row["reason"]) == (6, "the new version exited (3)"), site.log(GATEWAYS[0])
        assert site.current(GATEWAYS[0]) == "0.2.0"

        async def back() -> bool:
            return (await versions(api, broken["id"]))[GATEWAYS[0]] == "0.2.0"

        await eventually(back, 30, "the first gateway back on 0.2.0", every=0.5)

        # 3. A package damaged on the server's disk: refused by its SHA-256, the gateway stays on 0.2.0.
        damaged = await upload(api, site.tmp, "0.3.1")
        stored = [p for p in (site.data_dir / "software").rglob("*.pkg") if _sha256(p) == damaged["sha256"]]
        assert len(stored) == 1
        raw = bytearray(stored[0].read_bytes())
        raw[len(raw) // 2] ^= 0xFF
        stored[0].write_bytes(bytes(raw))
        third = ok(
            await api.post("/software/upgrade", {"version_id": damaged["id"], "device_ids": [devices[GATEWAYS[1]]]})
        )
        row = (await ended(api, third["id"]))[GATEWAYS[1]]
        assert (row["state"], row["reason"]) == (3, "sha256 mismatch"), site.log(GATEWAYS[1])
        assert site.current(GATEWAYS[1]) == "0.2.0"
        assert (await versions(api, damaged["id"]))[GATEWAYS[1]] == "0.2.0"

        # 4. The VPN on the same channel: opened and closed on the second gateway, its client IP as it reported it;
        # the first has none configured.
        opened = ok(await api.post("/dev/vpn", {"device_id": devices[GATEWAYS[1]], "open": True}))
        assert (opened["vpn_state"], opened["vpn_ip"]) == (True, "127.0.0.1"), site.log(GATEWAYS[1])
        listed = ok(await api.get("/dev", params={"sn_code": GATEWAYS[1]}))["items"][0]
        assert (listed["vpn_state"], listed["vpn_ip"]) == (True, "127.0.0.1")
        closed = ok(await api.post("/dev/vpn", {"device_id": devices[GATEWAYS[1]], "open": False}))
        assert (closed["vpn_state"], closed["vpn_ip"]) == (False, "")
        refused = await api.post("/dev/vpn", {"device_id": devices[GATEWAYS[0]], "open": True})
        assert refused["meta"]["message"] == "110549"
    finally:
        await proxy.stop()


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
