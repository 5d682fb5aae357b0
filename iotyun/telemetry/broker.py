"""The embedded MQTT broker `iotyun serve` runs when IOTYUN_MQTT_URL is unset: a private Mosquitto with its
dynamic-security plugin, configured in the data dir, on a port chosen once and kept there, restarted if it dies."""

import asyncio
import base64
import contextlib
import ctypes
import hashlib
import json
import logging
import os
import secrets
import shutil
import signal
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from iotyun.core.tasks import Worker

log = logging.getLogger("iotyun.telemetry.broker")

TOPIC_PREFIX = "iotyun/dev/"
GATEWAY_PUBLISHES = ("values", "state", "ack", "upgrade_state")
GATEWAY_SUBSCRIBES = ("write", "config", "upgrade", "vpn")

SERVER_USER = "iotyun-server"
SERVER_ROLE = "iotyun-server"
# Where Debian (multiarch) and other distributions put the plugin; IOTYUN_MOSQUITTO_DYNSEC_PLUGIN overrides.
PLUGIN_NAME = "mosquitto_dynamic_security.so"
PLUGIN_DIRS = (
    "/usr/lib/x86_64-linux-gnu",
    "/usr/lib/aarch64-linux-gnu",
    "/usr/lib/arm-linux-gnueabihf",
    "/usr/lib64",
    "/usr/lib",
    "/usr/local/lib",
    "/usr/lib/mosquitto",
)
# Queue limits: 0 is "no limit" to Mosquitto. The server's own persistent session must hold whatever the gateways
# send while it reconnects; each message held was already acknowledged to its gateway, which never resends it.
QUEUE_SETTINGS = {
    "max_queued_messages": "0",
    "max_queued_bytes": "0",
    "max_inflight_messages": "1000",
    "max_inflight_bytes": "0",
    "memory_limit": "0",
}
# A broker that died is started again after these waits (seconds); a run longer than STABLE_S resets them.
RESTART_BACKOFF = (0.2, 0.5, 1.0, 2.0, 5.0, 10.0)
STABLE_S = 30.0
START_WAIT_S = 10.0
STOP_WAIT_S = 10.0
# Persistence is written at a clean stop and every AUTOSAVE_S seconds (what a SIGKILLed broker can lose at most).
AUTOSAVE_S = 30


def gateway_topic_allowed(sn: str, topic: str, action: str) -> bool:
    """A gateway may publish its values, state and acks and subscribe to its writes and config notices."""
    if not topic.startswith(TOPIC_PREFIX):
        return False
    parts = topic[len(TOPIC_PREFIX) :].split("/")
    if len(parts) != 2 or parts[0] != sn:
        return False
    allowed = GATEWAY_PUBLISHES if action == "publish" else GATEWAY_SUBSCRIBES
    return parts[1] in allowed


def gateway_acls(sn: str) -> list[dict[str, Any]]:
    """The dynamic-security ACLs of one gateway's role (2.0 has no %u patterns: each gateway gets its own role)."""
    acls = [
        {"acltype": "publishClientSend", "topic": f"{TOPIC_PREFIX}{sn}/{leaf}", "allow": True}
        for leaf in GATEWAY_PUBLISHES
    ]
    acls += [
        {"acltype": "subscribeLiteral", "topic": f"{TOPIC_PREFIX}{sn}/{leaf}", "allow": True}
        for leaf in GATEWAY_SUBSCRIBES
    ]
    return acls


def port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
        return True


def free_port(host: str, wanted: int) -> int:
    """`wanted` when it can be bound, else a free port the system picks."""
    if wanted and port_free(host, wanted):
        return wanted
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def find_plugin(override: str = "") -> Path:
    """The dynamic-security plugin: the configured path, else the first of the usual library folders holding it."""
    if override:
        path = Path(override)
        if not path.is_file():
            raise FileNotFoundError(f"IOTYUN_MOSQUITTO_DYNSEC_PLUGIN: {override} does not exist")
        return path
    for folder in PLUGIN_DIRS:
        path = Path(folder) / PLUGIN_NAME
        if path.is_file():
            return path
    raise FileNotFoundError(f"{PLUGIN_NAME} not found in {', '.join(PLUGIN_DIRS)} (install Debian's mosquitto)")


def dynsec_password(password: str, iterations: int = 101) -> dict[str, Any]:
    """A password as the dynamic-security file stores it (PBKDF2-SHA512, 12-byte salt; what `mosquitto_ctrl dynsec
    init` writes)."""
    salt = secrets.token_bytes(12)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, iterations, 64)
    return {
        "password": base64.b64encode(digest).decode(),
        "salt": base64.b64encode(salt).decode(),
        "iterations": iterations,
    }


def _server_role() -> dict[str, Any]:
    acls = [
        {"acltype": kind, "topic": "#", "allow": True}
        for kind in ("publishClientSend", "publishClientReceive", "subscribePattern", "unsubscribePattern")
    ]
    acls += [
        {"acltype": kind, "topic": "$CONTROL/dynamic-security/#", "allow": True}
        for kind in ("publishClientSend", "publishClientReceive", "subscribePattern")
    ]
    return {"rolename": SERVER_ROLE, "textname": "iotyun server", "acls": acls}


def _write_private(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def _pdeathsig() -> Callable[[], None] | None:
    """Linux: a function for the child (between fork and exec) that has the kernel send it SIGTERM when the server
    process dies, even by SIGKILL, so the broker stops and saves its queues. prctl is looked up here, in the parent:
    the child must not load libraries while other threads of the parent may have held the loader's lock."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    sigterm = int(signal.SIGTERM)

    def set_it() -> None:  # pragma: no cover - runs in the child
        prctl(1, sigterm)  # PR_SET_PDEATHSIG

    return set_it


@dataclass
class BrokerFiles:
    """The broker's files in `<data dir>/mosquitto`."""

    root: Path

    @property
    def conf(self) -> Path:
        return self.root / "mosquitto.conf"

    @property
    def dynsec(self) -> Path:
        return self.root / "dynamic-security.json"

    @property
    def server(self) -> Path:
        return self.root / "server.json"

    @property
    def state(self) -> Path:
        return self.root / "broker.json"

    @property
    def pid(self) -> Path:
        return self.root / "mosquitto.pid"

    @property
    def log(self) -> Path:
        return self.root / "mosquitto.log"


class EmbeddedBroker:
    """Starts, watches and stops the private Mosquitto; gateways reach it on `port`, the server with its own
    account (service_user, service_password), which may use every topic and manage the dynamic-security clients."""

    def __init__(
        self,
        data_dir: Path,
        host: str,
        port: int,
        *,
        port_given: bool = True,
        executable: str = "/usr/sbin/mosquitto",
        plugin: str = "",
    ) -> None:
        self.files = BrokerFiles(data_dir.resolve() / "mosquitto")
        self.host = host or "127.0.0.1"
        self.wanted_port = port
        self.port_given = port_given
        self.executable = executable
        self.plugin_override = plugin
        self.port = 0
        self.service_user = SERVER_USER
        self.service_password = ""
        self.restarts = 0
        self._proc: asyncio.subprocess.Process | None = None
        self._watch = Worker("iotyun-mqtt-broker", self._supervise)
        self._stopping = False

    # --- files ----------------------------------------------------------------------------------------------------

    def _choose_port(self) -> int:
        """The kept port, unless IOTYUN_MQTT_PORT names another; a new one only when neither can be bound."""
        kept = 0
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            kept = int(json.loads(self.files.state.read_text())["port"])
        wanted = self.wanted_port if (self.port_given and self.wanted_port) or not kept else kept
        port = free_port(self.host, wanted)
        if wanted and port != wanted:
            log.warning("MQTT port %s is taken; the embedded broker listens on %s from now on", wanted, port)
        if port != kept:
            _write_private(self.files.state, json.dumps({"port": port}))
        return port

    def _credentials(self) -> str:
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            kept = json.loads(self.files.server.read_text())
            if kept["username"] == SERVER_USER and kept["password"]:
                return str(kept["password"])
        password = secrets.token_urlsafe(32)
        _write_private(self.files.server, json.dumps({"username": SERVER_USER, "password": password}))
        return password

    def _write_dynsec(self) -> None:
        """Keep the gateways' clients and roles; (re)write the server's own client, role and the defaults."""
        data: dict[str, Any] = {}
        with contextlib.suppress(OSError, ValueError):
            data = json.loads(self.files.dynsec.read_text())
        if not isinstance(data, dict):
            data = {}
        clients = [c for c in data.get("clients", []) if c.get("username") != SERVER_USER]
        roles = [r for r in data.get("roles", []) if r.get("rolename") != SERVER_ROLE]
        clients.append(
            {
                "username": SERVER_USER,
                "textname": "iotyun server",
                "roles": [{"rolename": SERVER_ROLE}],
                **dynsec_password(self.service_password),
            }
        )
        roles.append(_server_role())
        data["clients"], data["roles"] = clients, roles
        data.setdefault("groups", [])
        # Nothing is allowed that a role does not grant; receiving is left to what a client may subscribe to.
        data["defaultACLAccess"] = {
            "publishClientSend": False,
            "publishClientReceive": True,
            "subscribe": False,
            "unsubscribe": True,
        }
        _write_private(self.files.dynsec, json.dumps(data, indent=1))

    def _write_conf(self) -> None:
        plugin = find_plugin(self.plugin_override)
        lines = [
            "# Written by iotyun serve at each start; edits are lost (docs/operations.md).",
            "per_listener_settings false",
            f"listener {self.port} {self.host}",
            "allow_anonymous false",
            f"plugin {plugin}",
            f"plugin_opt_config_file {self.files.dynsec}",
            "persistence true",
            f"persistence_location {self.files.root}/",
            "persistence_file mosquitto.db",
            f"autosave_interval {AUTOSAVE_S}",
            *(f"{key} {value}" for key, value in QUEUE_SETTINGS.items()),
            "set_tcp_nodelay true",
            "max_keepalive 300",
            f"log_dest file {self.files.log}",
            "log_type error",
            "log_type warning",
            "log_type notice",
            "connection_messages false",
            "log_timestamp_format %Y-%m-%dT%H:%M:%S",
        ]
        # Run as whoever runs the server (as root it would switch to the `mosquitto` user and lose the data dir).
        import pwd

        lines.append(f"user {pwd.getpwuid(os.getuid()).pw_name}")
        _write_private(self.files.conf, "\n".join(lines) + "\n")

    # --- process --------------------------------------------------------------------------------------------------

    def _leftover_pid(self) -> int | None:
        """The pid of a broker a killed server left running on these files, if it still runs."""
        try:
            pid = int(self.files.pid.read_text().strip())
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except (OSError, ValueError):
            return None
        return pid if str(self.files.conf).encode() in cmdline else None

    async def _stop_leftover(self) -> None:
        # Decision (docs/operations.md): a leftover broker is stopped (it saves its queues) and a new one started
        # with today's configuration, rather than adopted with yesterday's.
        pid = self._leftover_pid()
        if pid is None:
            return
        log.warning("stopping the MQTT broker (pid %s) a previous server left running", pid)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + STOP_WAIT_S
        while self._leftover_pid() == pid and time.monotonic() < deadline:  # noqa: ASYNC110 - another process
            await asyncio.sleep(0.05)
        if self._leftover_pid() == pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            await asyncio.sleep(0.1)

    async def _spawn(self) -> None:
        # What Mosquitto says before its log file is open (a configuration it refuses) goes to the same log.
        with self.files.log.open("ab") as out:
            self._proc = await asyncio.create_subprocess_exec(
                self.executable,
                "-c",
                str(self.files.conf),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=out,
                preexec_fn=_pdeathsig(),
                start_new_session=True,
            )
        self.files.pid.write_text(f"{self._proc.pid}\n")
        deadline = time.monotonic() + START_WAIT_S
        while True:
            if self._proc.returncode is not None:
                raise RuntimeError(f"mosquitto exited with {self._proc.returncode}: {self._log_tail()}")
            try:
                _, writer = await asyncio.open_connection(self.local_host, self.port)
            except OSError:
                if time.monotonic() > deadline:
                    with contextlib.suppress(ProcessLookupError):
                        self._proc.kill()
                    raise RuntimeError(f"mosquitto did not listen on {self.port}: {self._log_tail()}") from None
                await asyncio.sleep(0.05)
                continue
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()
            return

    def _log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return " | ".join(self.files.log.read_text(errors="replace").splitlines()[-5:])
        return ""

    async def start(self) -> None:
        if shutil.which(self.executable) is None:
            raise FileNotFoundError(
                f"mosquitto not found at {self.executable}: install Debian's mosquitto (make install), set "
                "IOTYUN_MOSQUITTO_PATH, or name an external broker with IOTYUN_MQTT_URL"
            )
        self.files.root.mkdir(parents=True, exist_ok=True)
        os.chmod(self.files.root, 0o700)
        await self._stop_leftover()
        self.port = self._choose_port()
        self.service_password = self._credentials()
        self._write_dynsec()
        self._write_conf()
        self._stopping = False
        await self._spawn()
        self._watch.start()
        log.info("embedded MQTT broker (mosquitto pid %s) on %s:%s", self.pid, self.host, self.port)

    @property
    def local_host(self) -> str:
        """Where processes on this machine reach the broker."""
        return "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host  # noqa: S104

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    @property
    def running(self) -> bool:
        """Mosquitto's process is alive (between a death and its restart it is not)."""
        return self._proc is not None and self._proc.returncode is None

    async def _supervise(self) -> None:
        attempt = 0
        while True:
            proc = self._proc
            assert proc is not None
            started = time.monotonic()
            code = await proc.wait()
            if self._stopping:
                return
            if time.monotonic() - started > STABLE_S:
                attempt = 0
            delay = RESTART_BACKOFF[min(attempt, len(RESTART_BACKOFF) - 1)]
            attempt += 1
            log.error("the MQTT broker exited with %s (%s); restarting in %.1fs", code, self._log_tail(), delay)
            await asyncio.sleep(delay)
            try:
                await self._spawn()
                self.restarts += 1
                log.info("embedded MQTT broker restarted (pid %s) on port %s", self.pid, self.port)
            except Exception:
                log.exception("restarting the MQTT broker failed")
                # _proc is the one that failed: wait() returns at once and the next attempt waits longer.

    async def _terminate(self) -> None:
        proc = self._proc
        if proc is None or proc.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            proc.terminate()  # SIGTERM: Mosquitto saves its persistence file (queued QoS 1 messages) and exits
        try:
            await asyncio.wait_for(proc.wait(), STOP_WAIT_S)
        except TimeoutError:
            log.warning("the MQTT broker did not stop in %ss; killing it", STOP_WAIT_S)
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()

    async def restart(self) -> None:
        """Stop cleanly and start again on the same port (fault tests: a broker restart mid-stream)."""
        await self._halt()
        self._stopping = False
        await self._spawn()
        self._watch.start()

    async def _halt(self) -> None:
        self._stopping = True
        await self._watch.stop()
        await self._terminate()

    async def stop(self) -> None:
        await self._halt()
        with contextlib.suppress(OSError):
            self.files.pid.unlink()
        self._proc = None
