"""The gateway agent: fetches its configuration, polls its value source, buffers batches on disk and publishes them
over MQTT, executes writes (docs/device-protocol.md, docs/gateway.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiomqtt
import httpx
import orjson
from pydantic import ValidationError

from iotyun.gateway.buffer import DEFAULT_CAP, BatchBuffer
from iotyun.gateway.config_schema import GatewayConfig, problems
from iotyun.gateway.modbus import ModbusPoller, Point, Reading, ValueSource, WriteRefused
from iotyun.gateway.releases import EXIT_RESTART, RELEASE_ENV, TRIAL_S, ReleaseInstaller, Releases, supervised
from iotyun.gateway.upgrade import Installer, NoInstaller, Upgrades
from iotyun.gateway.vpn import Vpn, VpnError, vpn_of

log = logging.getLogger("iotyun.gateway")

FIRMWARE_VERSION = "iotyun-gateway/0.1.0"
MAX_BATCH_VALUES = 1000
# Batches published back to back before waiting for their PUBACKs (backlog after an outage).
PIPELINE = 50
OFFLINE = orjson.dumps({"state": "offline"})
_LOOPBACK = {"", "0.0.0.0", "::", "127.0.0.1", "localhost", "::1"}  # noqa: S104 - compared, never bound


def now_ms() -> int:
    return int(time.time() * 1000)


def topic(sn: str, kind: str) -> str:
    return f"iotyun/dev/{sn}/{kind}"


class ConfigError(Exception):
    """The server answered the config fetch with an error code (110506, 115018, ...)."""


class ConfigRefused(ConfigError):
    """The fetched document does not match the configuration schema (gateway/config_schema.py): a key is missing or
    has the wrong type. The agent keeps running on its last good configuration."""


@dataclass(slots=True)
class AgentConfig:
    """What a gateway needs to run (site.yaml or the `iotyun gateway` flags, docs/gateway.md)."""

    sn: str
    secret: str
    server: str = "http://127.0.0.1:8080"
    # None: ask the server (GET /api/dev/access), falling back to the server's host, port 1883.
    mqtt_host: str | None = None
    mqtt_port: int | None = None
    modbus_host: str = "127.0.0.1"
    modbus_port: int = 502
    device_id: int = 1
    period_s: float = 60.0
    poll_s: float = 1.0
    data_dir: Path = Path("var/gateway")
    # A write request older than this (queued by the broker while the gateway was away) is refused: the server
    # gave up on it long ago and nobody expects a PLC to move minutes later. 0 disables the check.
    write_max_age_s: float = 60.0
    backoff_min_s: float = 1.0
    backoff_max_s: float = 30.0
    buffer_cap: int = DEFAULT_CAP
    firmware_version: str = FIRMWARE_VERSION
    # The gateway's model, reported in its online state (an upgrade must fit it); "" reports none.
    model: str = ""
    # How long a new release has to come online after an upgrade before its supervisor goes back (docs/gateway.md).
    upgrade_trial_s: float = TRIAL_S
    # The VPN the console may open and close (docs/gateway.md "VPN"): the site's commands and the interface whose
    # address is the client IP; none configured answers `unsupported`.
    vpn_up: str = ""
    vpn_down: str = ""
    vpn_interface: str = ""


class Backoff:
    """Exponential backoff with jitter between reconnection attempts."""

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high, self.current = low, high, low

    def next(self) -> float:
        delay = self.current
        self.current = min(self.current * 2, self.high)
        return delay * random.uniform(0.75, 1.25)

    def reset(self) -> None:
        self.current = self.low


async def _wait(event: asyncio.Event, seconds: float) -> None:
    # asyncio.timeout, not wait_for: on 3.11 wait_for loses a cancellation that arrives as the event is set,
    # and the loop around it would then never end.
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(max(seconds, 0.0)):
            await event.wait()


def _local_ip(host: str, port: int) -> str:
    # A UDP "connect" sends nothing; it only makes the kernel pick the interface that routes to the broker.
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((host, port))
            return str(s.getsockname()[0])
    except OSError:
        return ""


async def discover_broker(http: httpx.AsyncClient, server: str, sn: str, secret: str) -> tuple[str, int] | None:
    """The broker the server names (GET /api/dev/access), or None when it does not answer one."""
    server_host = urlsplit(server).hostname or "127.0.0.1"
    try:
        resp = await http.get(
            server.rstrip("/") + "/api/dev/access", params={"sn_code": sn}, headers={"X-Device-Secret": secret}
        )
        body = resp.json()
        if (body.get("meta") or {}).get("success") != 1:
            return None
        host, port = str(body["data"]["mqtt_host"]), int(body["data"]["mqtt_port"])
    except (httpx.HTTPError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.debug("%s: /api/dev/access: %s", sn, exc)
        return None
    # A server next to its embedded broker names a loopback address; a remote site reaches it by the server's host.
    if host in _LOOPBACK and server_host not in _LOOPBACK:
        host = server_host
    return host, port


class GatewayAgent:
    """One gateway: config fetch, polling, store-and-forward publishing and writes, until stop()."""

    def __init__(
        self,
        config: AgentConfig,
        source: ValueSource | None = None,
        http: httpx.AsyncClient | None = None,
        installer: Installer | None = None,
    ) -> None:
        self.config = config
        # Under a supervisor (`iotyun gateway --supervise`) the agent installs releases and reports their outcome.
        self.releases: Releases | None = Releases(config.data_dir / "releases" / config.sn) if supervised() else None
        running = os.environ.get(RELEASE_ENV)
        if self.releases is not None and running:
            config.firmware_version = running
        if installer is None and self.releases is not None:
            installer = ReleaseInstaller(self.releases, self.restart, config.upgrade_trial_s, running or None)
        self.installer: Installer = installer or NoInstaller()
        self.vpn: Vpn = vpn_of(config.vpn_up, config.vpn_down, config.vpn_interface)
        self.upgrades: Upgrades | None = None
        # 0, or EXIT_RESTART once an install asked for a restart into the new release.
        self.exit_code = 0
        self._writes = 0
        self.source: ValueSource = source or ModbusPoller(config.modbus_host, config.modbus_port, config.device_id)
        self._http = http
        self.buffer: BatchBuffer | None = None
        self.points: dict[int, Point] = {}
        self.config_version: int | None = None
        self.connected = asyncio.Event()
        self.configured = asyncio.Event()
        self.published = 0
        self._stop = asyncio.Event()
        self._refetch = asyncio.Event()
        self._poll_now = asyncio.Event()
        self._wake_sender = asyncio.Event()
        self._client: aiomqtt.Client | None = None
        self._last_sent: dict[int, Reading] = {}
        self._last_full = float("-inf")
        self._broker_addr: tuple[str, int] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def sn(self) -> str:
        return self.config.sn

    def stop(self) -> None:
        """Ask run() to finish: publish the offline state, close the connections, keep unsent batches on disk."""
        self._stop.set()

    def restart(self) -> None:
        """Stop, asking the supervisor to start the agent again from its current release."""
        self.exit_code = EXIT_RESTART
        self._stop.set()

    async def run(self) -> None:
        """Run until stop()."""
        cfg = self.config
        self.buffer = await BatchBuffer.open(cfg.data_dir / f"{cfg.sn}.buffer.sqlite", cfg.buffer_cap)
        if self.buffer.pending:
            log.info("%s: %d buffered batches to send", cfg.sn, self.buffer.pending)
        http = self._http or httpx.AsyncClient(timeout=10.0)
        self.upgrades = Upgrades(
            cfg.sn,
            cfg.secret,
            cfg.server,
            cfg.data_dir / "upgrades" / cfg.sn,
            http,
            self._report_upgrade,
            self.installer,
            idle=lambda: self._writes == 0,
            current_version=lambda: self.config.firmware_version,
        )
        try:
            async with asyncio.TaskGroup() as tg:
                loops = [
                    tg.create_task(self._config_loop(http)),
                    tg.create_task(self._poll_loop()),
                    tg.create_task(self._mqtt_loop(http)),
                ]
                await self._stop.wait()
                await self._say_offline()
                for task in [*loops, *self._tasks]:
                    task.cancel()
        finally:
            if self._http is None:
                await http.aclose()
            await self.source.close()
            await self.buffer.close()
            log.info("%s: stopped", cfg.sn)

    # --- configuration ------------------------------------------------------------------------------------------

    async def fetch_config(self, http: httpx.AsyncClient) -> GatewayConfig:
        """GET /api/dev/config: the published configuration of this gateway's template, checked against the schema
        (ConfigRefused when it does not match; keys the agent does not know are ignored)."""
        resp = await http.get(
            self.config.server.rstrip("/") + "/api/dev/config",
            params={"sn_code": self.config.sn},
            headers={"X-Device-Secret": self.config.secret},
        )
        resp.raise_for_status()
        body = resp.json()
        meta = body.get("meta") or {}
        if meta.get("success") != 1:
            raise ConfigError(f"{meta.get('message')} {meta.get('detail') or ''}".strip())
        try:
            return GatewayConfig.model_validate(body.get("data"))
        except ValidationError as exc:
            raise ConfigRefused(problems(exc)) from None

    def apply_config(self, data: GatewayConfig) -> None:
        points: list[Point] = []
        for ds in data.data_sources:
            # Data version 2.0: a variable read by another gateway is that gateway's business.
            if ds.device_sn not in (None, "", self.config.sn):
                continue
            try:
                points.append(Point.from_config(ds))
            except ValueError as exc:
                log.warning("%s: data source %s skipped: %s", self.sn, ds.id, exc)
        self.source.configure(points)
        self.points = {p.id: p for p in points}
        self._last_sent = {}
        self._last_full = float("-inf")
        self.config_version = data.version
        log.info("%s: configuration version %s, %d data sources", self.sn, self.config_version, len(points))
        self.configured.set()
        self._poll_now.set()
        if self._client is not None:
            self._spawn(self._publish_online(self._client))

    def refetch(self) -> None:
        """Fetch the configuration again now (the server said it changed)."""
        self._refetch.set()

    async def _config_loop(self, http: httpx.AsyncClient) -> None:
        backoff = Backoff(self.config.backoff_min_s, self.config.backoff_max_s)
        while not self._stop.is_set():
            self._refetch.clear()
            try:
                data = await self.fetch_config(http)
            except (httpx.HTTPError, ValueError, ConfigError) as exc:
                delay = backoff.next()
                if isinstance(exc, ConfigRefused):
                    log.error(
                        "%s: configuration refused (%s); keeping version %s, fetching again in %.1f s",
                        self.sn,
                        exc,
                        self.config_version,
                        delay,
                    )
                else:
                    log.warning("%s: configuration fetch failed (%s), retrying in %.1f s", self.sn, exc, delay)
                await _wait(self._refetch, delay)
                continue
            backoff.reset()
            self.apply_config(data)
            await self._refetch.wait()

    # --- polling and batching -----------------------------------------------------------------------------------

    async def _poll_loop(self) -> None:
        await self.configured.wait()
        loop = asyncio.get_running_loop()
        due = loop.time()
        while not self._stop.is_set():
            self._poll_now.clear()
            try:
                await self.collect(await self.source.read_all())
            except Exception:
                log.exception("%s: poll failed", self.sn)
            due += self.config.poll_s
            now = loop.time()
            if due < now:
                due = now
            await _wait(self._poll_now, due - now)

    async def collect(self, readings: dict[int, Reading]) -> list[int]:
        """Turn one poll's readings into batches on disk: changed values, or every value once per period_s.
        Answers the new batches' seqs."""
        assert self.buffer is not None
        mono = time.monotonic()
        full = mono - self._last_full >= self.config.period_s
        if full:
            self._last_full = mono
        ts = now_ms()
        values: list[dict[str, Any]] = []
        for ds_id, reading in readings.items():
            if ds_id not in self.points:
                continue
            if full or self._last_sent.get(ds_id) != reading:
                self._last_sent[ds_id] = reading
                values.append({"id": ds_id, "v": reading[0], "ts": ts, "q": reading[1]})
        seqs = [
            await self.buffer.append(values[i : i + MAX_BATCH_VALUES]) for i in range(0, len(values), MAX_BATCH_VALUES)
        ]
        if seqs:
            self._wake_sender.set()
        return seqs

    # --- MQTT -----------------------------------------------------------------------------------------------------

    async def broker(self, http: httpx.AsyncClient) -> tuple[str, int]:
        """Where to connect: the configured broker, else what the server's /api/dev/access names (asked before each
        connection attempt, so a server that moved its broker is followed), else the server's host, port 1883."""
        cfg = self.config
        if cfg.mqtt_host:
            return cfg.mqtt_host, cfg.mqtt_port or 1883
        found = await discover_broker(http, cfg.server, cfg.sn, cfg.secret)
        if found is not None:
            if found != self._broker_addr:
                log.info("%s: broker %s:%s (from the server)", self.sn, *found)
            self._broker_addr = found
        elif self._broker_addr is None:
            self._broker_addr = (urlsplit(cfg.server).hostname or "127.0.0.1", cfg.mqtt_port or 1883)
            log.info("%s: broker %s:%s (the server's host; pass --mqtt to choose)", self.sn, *self._broker_addr)
        return self._broker_addr

    async def _mqtt_loop(self, http: httpx.AsyncClient) -> None:
        backoff = Backoff(self.config.backoff_min_s, self.config.backoff_max_s)
        while not self._stop.is_set():
            host, port = await self.broker(http)
            try:
                await self._session(host, port, backoff)
            except Exception as exc:
                log.warning("%s: mqtt %s:%s: %s", self.sn, host, port, _reason(exc))
            finally:
                self._client = None
                self.connected.clear()
            delay = backoff.next()
            log.info("%s: reconnecting in %.1f s (%d batches buffered)", self.sn, delay, self._pending())
            await asyncio.sleep(delay)

    def _pending(self) -> int:
        return self.buffer.pending if self.buffer is not None else 0

    async def _session(self, host: str, port: int, backoff: Backoff) -> None:
        sn, cfg = self.sn, self.config
        client = aiomqtt.Client(
            host,
            port,
            identifier=sn,
            username=sn,
            password=cfg.secret,
            clean_session=False,
            keepalive=30,
            will=aiomqtt.Will(topic(sn, "state"), OFFLINE, qos=1, retain=True),
            timeout=10,
        )
        async with client:
            backoff.reset()
            # Set before the online state goes out: a configuration applied meanwhile republishes it with its version.
            self._client = client
            await self._publish_online(client)
            await client.subscribe(topic(sn, "write"), qos=1)
            await client.subscribe(topic(sn, "config"), qos=1)
            await client.subscribe(topic(sn, "upgrade"), qos=1)
            await client.subscribe(topic(sn, "vpn"), qos=1)
            self.connected.set()
            if self.releases is not None:
                self._spawn(self._settle_release(self.releases))
            log.info("%s: connected to %s:%s", sn, host, port)
            async with asyncio.TaskGroup() as tg:
                tg.create_task(self._sender(client))
                async for message in client.messages:
                    self._on_message(message)

    async def _publish_online(self, client: aiomqtt.Client) -> None:
        host, port = self._broker_addr or ("127.0.0.1", 1883)
        state = {
            "state": "online",
            "ts": now_ms(),
            "firmware_version": self.config.firmware_version,
            **({"model": self.config.model} if self.config.model else {}),
            **({"vpn": self._vpn_state()} if self.vpn.supported else {}),
            # Whether it can install an upgrade of itself: without a supervisor nothing would restart it.
            "upgrade": not isinstance(self.installer, NoInstaller),
            "ip": _local_ip(host, port),
            "config_version": self.config_version,
        }
        await client.publish(topic(self.sn, "state"), orjson.dumps(state), qos=1, retain=True)

    async def _say_offline(self) -> None:
        client = self._client
        if client is None:
            return
        with contextlib.suppress(Exception):
            await client.publish(topic(self.sn, "state"), OFFLINE, qos=1, retain=True, timeout=2.0)

    async def _sender(self, client: aiomqtt.Client) -> None:
        assert self.buffer is not None
        values_topic = topic(self.sn, "values")
        while not self._stop.is_set():
            self._wake_sender.clear()
            batches = await self.buffer.peek(PIPELINE)
            if not batches:
                await self._wake_sender.wait()
                continue
            # gather starts the publishes in order, so they leave in seq order on the one connection; a batch counts
            # as sent only when it and every batch before it were acknowledged.
            results = await asyncio.gather(
                *(client.publish(values_topic, payload, qos=1) for _, payload in batches), return_exceptions=True
            )
            sent: list[int] = []
            failure: BaseException | None = None
            for (seq, _), result in zip(batches, results, strict=True):
                if isinstance(result, BaseException):
                    failure = result
                    break
                sent.append(seq)
            await self.buffer.mark_sent(sent)
            self.published += len(sent)
            if failure is not None:
                raise failure

    def _on_message(self, message: aiomqtt.Message) -> None:
        try:
            payload = orjson.loads(message.payload) if isinstance(message.payload, bytes | str) else None
        except orjson.JSONDecodeError:
            payload = None
        if message.topic.matches(topic(self.sn, "config")):
            log.info("%s: configuration changed, fetching it", self.sn)
            self.refetch()
        elif message.topic.matches(topic(self.sn, "upgrade")):
            if not isinstance(payload, dict) or self.upgrades is None:
                log.warning("%s: malformed upgrade command dropped", self.sn)
                return
            task = self.upgrades.handle(payload)
            if task is not None:
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
        elif message.topic.matches(topic(self.sn, "vpn")):
            if not isinstance(payload, dict):
                log.warning("%s: malformed VPN command dropped", self.sn)
                return
            self._spawn(self._switch_vpn(payload))
        elif message.topic.matches(topic(self.sn, "write")):
            if not isinstance(payload, dict):
                log.warning("%s: malformed write request dropped", self.sn)
                return
            self._spawn(self._write(payload))

    def _spawn(self, coro: Any) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def execute_write(self, request: dict[str, Any]) -> dict[str, Any]:
        """Execute one write request; the ack to publish."""
        ack: dict[str, Any] = {"req_id": request.get("req_id"), "ok": False, "value": None, "error": None}
        try:
            ts = request.get("ts")
            max_age = self.config.write_max_age_s
            if max_age > 0 and isinstance(ts, int | float) and now_ms() - ts > max_age * 1000:
                raise WriteRefused("expired")
            try:
                point = self.points[int(request["id"])]
            except (KeyError, TypeError, ValueError):
                raise WriteRefused("unknown") from None
            ack["value"] = await self.source.write(point, request.get("value"))
            ack["ok"] = True
            self._poll_now.set()
        except WriteRefused as exc:
            ack["error"] = exc.error
        except Exception as exc:
            log.exception("%s: write failed", self.sn)
            ack["error"] = f"modbus: {exc}"
        ack["ts"] = now_ms()
        log.info(
            "%s: write %s = %r: %s",
            self.sn,
            request.get("id"),
            request.get("value"),
            "ok" if ack["ok"] else ack["error"],
        )
        return ack

    async def _write(self, request: dict[str, Any]) -> None:
        self._writes += 1
        try:
            ack = await self.execute_write(request)
        finally:
            self._writes -= 1
        client = self._client
        if client is None:
            log.warning("%s: ack of write %s dropped: not connected", self.sn, ack["req_id"])
            return
        try:
            await client.publish(topic(self.sn, "ack"), orjson.dumps(ack), qos=1)
        except aiomqtt.MqttError as exc:
            log.warning("%s: ack of write %s not sent: %s", self.sn, ack["req_id"], exc)

    # --- VPN --------------------------------------------------------------------------------------------------------

    def _vpn_state(self) -> dict[str, str]:
        is_open, ip = self.vpn.state()
        return {"state": "open" if is_open else "closed", "ip": ip}

    async def switch_vpn(self, request: dict[str, Any]) -> dict[str, Any]:
        """Open or close the VPN as asked; the acknowledgement (with the VPN's state after it)."""
        ack: dict[str, Any] = {"req_id": request.get("req_id"), "ok": False, "error": None}
        op = request.get("op")
        try:
            if op == "open":
                await self.vpn.open()
            elif op == "close":
                await self.vpn.close()
            elif op in ("status", "reset") and not self.vpn.supported:
                raise VpnError("unsupported")
            elif op == "status":
                # The platform operator's query: the state as it is, nothing switched.
                pass
            elif op == "reset":
                # The platform operator's reset of a stuck VPN: down, and up again if it was up.
                was_open, _ = self.vpn.state()
                with contextlib.suppress(VpnError):
                    await self.vpn.close()
                if was_open:
                    await self.vpn.open()
            else:
                raise VpnError("unknown")
            ack["ok"] = True
        except VpnError as exc:
            ack["error"] = str(exc)
        except Exception as exc:
            log.exception("%s: VPN %s failed", self.sn, op)
            ack["error"] = str(exc)[:100]
        ack["vpn"] = self._vpn_state()
        ack["ts"] = now_ms()
        log.info("%s: VPN %s: %s", self.sn, op, "ok" if ack["ok"] else ack["error"])
        return ack

    async def _switch_vpn(self, request: dict[str, Any]) -> None:
        ack = await self.switch_vpn(request)
        client = self._client
        if client is None:
            return
        try:
            await client.publish(topic(self.sn, "ack"), orjson.dumps(ack), qos=1)
            if ack["ok"]:
                await self._publish_online(client)
        except aiomqtt.MqttError as exc:
            log.warning("%s: VPN ack not sent: %s", self.sn, exc)

    # --- upgrades ---------------------------------------------------------------------------------------------------

    async def _report_upgrade(self, body: dict[str, Any]) -> None:
        """Publish an upgrade report (waiting up to a minute for the broker when it is away)."""
        body = {**body, "ts": now_ms()}
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(60):
                await self.connected.wait()
        client = self._client
        if client is None:
            log.warning("%s: upgrade report %s dropped: not connected", self.sn, body.get("state"))
            return
        try:
            await client.publish(topic(self.sn, "upgrade_state"), orjson.dumps(body), qos=1)
        except aiomqtt.MqttError as exc:
            log.warning("%s: upgrade report not sent: %s", self.sn, exc)

    async def _settle_release(self, releases: Releases) -> None:
        """Once connected after a start: end the trial of the release this agent runs (it came up: updated), or say
        how a trial ended that the supervisor rolled back (failed)."""
        assert self.upgrades is not None
        outcome = releases.take_outcome()
        if outcome is not None and isinstance(outcome.get("req_id"), str):
            body = {"req_id": outcome["req_id"], "state": "failed", "reason": str(outcome.get("reason") or "")}
            self.upgrades.ended[outcome["req_id"]] = body
            await self._report_upgrade(body)
        trial = releases.trial()
        if trial is not None and trial.get("to") == self.config.firmware_version:
            releases.confirm()
            if isinstance(trial.get("req_id"), str):
                body = {"req_id": trial["req_id"], "state": "updated", "version": self.config.firmware_version}
                self.upgrades.ended[trial["req_id"]] = body
                await self._report_upgrade(body)
                log.info("%s: running release %s", self.sn, self.config.firmware_version)

    async def report_version(self, version: str) -> None:
        """The agent now runs `version`: say so in its online state (a simulated install's end)."""
        self.config.firmware_version = version
        if self._client is not None:
            with contextlib.suppress(aiomqtt.MqttError):
                await self._publish_online(self._client)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, BaseExceptionGroup):
        return "; ".join(_reason(e) for e in exc.exceptions)
    return str(exc) or type(exc).__name__
