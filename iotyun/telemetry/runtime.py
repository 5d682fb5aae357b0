"""The telemetry runtime of one server process: broker (embedded or external), ingest, history writer, alarm engine,
live hub, pending control writes, the online/offline watchdog, the storage limits and (PostgreSQL) the history's
partitions ahead of time. Built by create_app, started by its lifespan."""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from iotyun.core import lease
from iotyun.core.config import Settings
from iotyun.core.db import Database, epoch_ms, utcnow
from iotyun.core.tasks import Worker, checkpoint
from iotyun.core.tenancy import system_session
from iotyun.devices import accounts as gateway_accounts
from iotyun.devices import hooks as device_hooks
from iotyun.devices import service as device_service
from iotyun.devices.models import DEV_OFFLINE, DEV_ONLINE
from iotyun.telemetry import retention
from iotyun.telemetry.alarm_engine import AlarmEngine
from iotyun.telemetry.broker import EmbeddedBroker
from iotyun.telemetry.configs import ConfigCache, DeviceConfig
from iotyun.telemetry.dynsec import DynamicSecurity
from iotyun.telemetry.ingest import Ingest, wait_idle
from iotyun.telemetry.mqtt import BrokerAddress, Done, MqttLink, release_client_id, stable_client_id
from iotyun.telemetry.partitions import PartitionKeeper
from iotyun.telemetry.realtime import Hub, LatestCache
from iotyun.telemetry.store import HistoryWriter
from iotyun.telemetry.ws_schemas import StateMessage, hub_event

log = logging.getLogger("iotyun.telemetry")
WATCHDOG_TICK_S = 2.0
REPORT_TIME_EVERY_S = 30.0
REPORT_TIME_CHUNK = 500
# How long a stop waits for what the broker delivered to be committed and acknowledged (Telemetry._drain).
DRAIN_WITHIN_S = 10.0
# The storage limits are enforced by one server process at a time, the holder of this database lease (core/lease.py).
RETENTION_LEASE = "retention"


@dataclass
class PendingWrite:
    sn: str
    future: asyncio.Future[dict[str, Any]]
    created: float = field(default_factory=time.monotonic)


@dataclass(frozen=True)
class TelemetryHealth:
    """What one server process's telemetry runtime knows of itself at a moment (full-network monitoring reads it
    through telemetry.public; operations/health adds the processes up). Counters run from the process's start."""

    enabled: bool
    # "embedded" (this process runs Mosquitto), "external" (IOTYUN_MQTT_URL) or "off" (IOTYUN_TELEMETRY=off).
    broker: str
    # The embedded broker's process is alive (None: not ours to watch).
    broker_running: bool | None
    broker_restarts: int
    # This process's MQTT link to the broker is up, and how often it had to reconnect.
    link_connected: bool
    link_reconnects: int
    # Gateways heard within the offline window (IOTYUN_OFFLINE_AFTER_SECONDS): those the broker holds connected.
    gateways_connected: int
    messages_in: int
    messages_out: int
    # Values accepted by the ingest, and rows committed to the history.
    values_in: int
    rows_written: int
    # Values taken in and not yet committed, and how long the oldest of them has waited (the ingest's lag).
    pending_rows: int
    lag_s: float
    write_failures: int
    live_sockets: int


def _vpn_of(info: dict[str, str]) -> tuple[bool, str] | None:
    """The VPN state and client IP a gateway reported, if it did."""
    state = info.get("vpn_state")
    return None if state is None else (state == "open", info.get("vpn_ip", ""))


class Telemetry:
    def __init__(self, settings: Settings, db: Database) -> None:
        self.settings = settings
        self.db = db
        self.enabled = settings.telemetry_enabled
        self.cache = LatestCache()
        self.hub = Hub(self.cache, settings.redis_url)
        # Sockets follow rights: a committed access change pauses the matching ones at once (core.access).
        db.access.listen(self.hub.access_changed)
        # A message committed for a user tells the user's sockets (the bell), in every process.
        db.access.listen_inbox(self.hub.inbox_changed)
        # An alarm confirmed or shelved by a request reaches every console's list, bell and banner.
        db.access.listen_events(self.hub.event_committed)
        self.configs = ConfigCache(db.sessionmaker)
        self.writer = HistoryWriter(db.engine, settings.ingest_flush_ms, settings.ingest_batch_rows)
        self.alarms = AlarmEngine(db.sessionmaker, self.hub.publish)
        self.ingest = Ingest(self.configs, self.writer, self.hub, self.alarms, db.sessionmaker)
        self.ingest.state_handler = self._on_state
        self.pending: dict[str, PendingWrite] = {}
        # Who takes a gateway's upgrade reports (`upgrade_state`): set by the app to the software library's worker.
        self.upgrade_reports: Callable[[str, bytes, Done], None] | None = None
        self.broker: EmbeddedBroker | None = None
        self.dynsec: DynamicSecurity | None = None
        self.address: BrokerAddress | None = None
        self.link: MqttLink | None = None
        self._watchdog_worker = Worker("iotyun-watchdog", self._watchdog)
        self._retention_worker = Worker("iotyun-retention", self._retention)
        # PostgreSQL's history partitions of the coming months, made by one process across the servers.
        self.partitions = PartitionKeeper(db.sessionmaker) if db.engine.dialect.name == "postgresql" else None
        self._reconciler = Worker("iotyun-dynsec-reconcile", self._reconcile)
        self._reported: dict[int, float] = {}
        self._holder = lease.process_holder()
        self._retention_held = False
        self.started = False

    # --- life -----------------------------------------------------------------------------------------------------

    async def start(self) -> None:
        if not self.enabled or self.started:
            return
        # Started from the first step, so that a start that fails (or is cancelled) half-way stops what it started.
        self.started = True
        device_hooks.config_changed.connect(self.config_changed)
        try:
            await self._start()
        except BaseException:
            await self.stop()
            raise

    async def _start(self) -> None:
        await self.hub.start()
        await self.alarms.load()
        await self._load_online()
        self.writer.start()
        self.alarms.start()
        self.ingest.states.start()
        if self.settings.mqtt_url:
            self.address = BrokerAddress.parse(self.settings.mqtt_url)
        else:
            self.broker = EmbeddedBroker(
                self.settings.data_dir,
                self.settings.mqtt_bind,
                self.settings.mqtt_port,
                port_given="mqtt_port" in self.settings.model_fields_set,
                executable=self.settings.mosquitto_path,
                plugin=self.settings.mosquitto_dynsec_plugin,
            )
            await self.broker.start()
            self.address = BrokerAddress(
                self.broker.local_host, self.broker.port, self.broker.service_user, self.broker.service_password
            )
        if self.broker is not None or self.settings.mqtt_dynsec_enabled:
            self.dynsec = DynamicSecurity(self.address)
            self.dynsec.start()
            gateway_accounts.attach(self.db.sessionmaker, self.dynsec)
            self._reconciler.start()
        identifier = stable_client_id(self.settings.data_dir)
        # Delivery cursors are kept per broker session: what the broker delivers again goes to this session only.
        self.writer.consumer = identifier
        self.link = MqttLink(self.address, self._on_message, self.settings.mqtt_share_group, identifier=identifier)
        self.link.start()
        self._watchdog_worker.start()
        self._retention_worker.start()
        if self.partitions is not None:
            self.partitions.start()

    async def _reconcile(self) -> None:
        """Start-up: the broker forgets gateways whose devices were unregistered or deleted meanwhile."""
        assert self.dynsec is not None
        while True:
            try:
                async with system_session(self.db.sessionmaker) as session:
                    registered = await device_service.registered_sns(session)
                gone = await self.dynsec.reconcile(registered)
                if gone:
                    log.info("broker accounts of %d released gateways removed", gone)
                self.dynsec.reconciled.set()
                return
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                checkpoint()  # a command cut short by a stop fails as "no answer": no retry then
                log.warning("reconciling the broker's gateway accounts failed (%s); retrying", exc)
                await asyncio.sleep(2.0)

    async def wait_connected(self, wait_s: float = 10.0) -> None:
        assert self.link is not None
        await asyncio.wait_for(self.link.connected.wait(), wait_s)
        if self.dynsec is not None:
            await asyncio.wait_for(self.dynsec.reconciled.wait(), wait_s)

    async def stop(self) -> None:
        """Stop everything start() started, each part within its own bound (core.tasks), so this returns even when
        it comes while the broker connections are still being made. Nothing is lost and nothing comes twice: while
        the broker connection still stands, no more messages are taken in and what was taken in is committed and
        acknowledged (_drain); then the connection goes (anything delivered but not committed by then stays
        unacknowledged and comes again), the history writer's last flush after it."""
        if not self.started:
            return
        device_hooks.config_changed.disconnect(self.config_changed)
        await self._drain()
        # The timers, the MQTT link and the dynamic-security client at once: each may be waiting for a connect.
        await asyncio.gather(
            self._watchdog_worker.stop(),
            self._retention_worker.stop(),
            self._stop_partitions(),
            self._reconciler.stop(),
            self._stop_link(),
            self._stop_dynsec(),
        )
        await self._release_retention()
        if self.broker is not None:
            await self.broker.stop()
        await self.ingest.states.stop()
        self.configs.close()
        await self.alarms.stop()
        await self.writer.stop()
        await self.hub.stop()
        for pending in self.pending.values():
            pending.future.cancel()
        self.started = False

    async def _drain(self) -> None:
        """Commit and acknowledge what the broker connection delivered, and take nothing more in. Left to the
        writer's last flush after the connection is gone, the acknowledgements would never be sent: the broker would
        deliver those messages again at the next start, and values of a gateway that sends no seq (so no delivery
        cursor drops repeats) would be stored twice. Bounded: the database may be away."""
        link = self.link
        if link is None or not link.connected.is_set():
            return
        link.hold()
        try:
            async with asyncio.timeout(DRAIN_WITHIN_S):
                await self.idle()
                await self.writer.flush()  # the acknowledgements of state messages handled by the line above
                await link.written()
        except Exception as exc:
            log.warning(
                "values taken in before the stop were not all committed (%r); the broker delivers them again", exc
            )

    async def _stop_partitions(self) -> None:
        if self.partitions is not None:
            await self.partitions.stop()

    async def _stop_link(self) -> None:
        if self.link is not None:
            await self.link.stop()
            release_client_id(self.link.identifier)

    async def _stop_dynsec(self) -> None:
        if self.dynsec is not None:
            gateway_accounts.attach(self.db.sessionmaker, None)
            await self.dynsec.stop()
            self.dynsec = None

    async def idle(self) -> None:
        """Until every value and alarm accepted so far is stored (tests and benchmarks)."""
        await wait_idle(self.writer, self.alarms, self.ingest.states)

    def health(self) -> TelemetryHealth:
        """This process's broker, ingest and live figures now (docs/api-operations.md "Full-network monitoring")."""
        link = self.link
        broker = "off" if not self.enabled else ("external" if self.settings.mqtt_url else "embedded")
        running = self.broker.running if self.broker is not None else None
        return TelemetryHealth(
            enabled=self.enabled and self.started,
            broker=broker,
            broker_running=running,
            broker_restarts=self.broker.restarts if self.broker is not None else 0,
            link_connected=link is not None and link.connected.is_set(),
            link_reconnects=link.reconnects if link is not None else 0,
            gateways_connected=len(self.ingest.last_seen),
            messages_in=link.received if link is not None else 0,
            messages_out=link.sent if link is not None else 0,
            values_in=self.ingest.stats["values"],
            rows_written=self.writer.written,
            pending_rows=self.writer.pending_rows,
            lag_s=round(self.writer.oldest_pending_s(), 3),
            write_failures=self.writer.failures,
            live_sockets=len(self.hub.clients),
        )

    @property
    def mqtt_public(self) -> tuple[str, int, bool]:
        """Where gateways connect: host, port, and whether it is the embedded broker."""
        if self.address is None:
            if self.settings.mqtt_url:
                a = BrokerAddress.parse(self.settings.mqtt_url)
                return a.host, a.port, False
            return self.settings.mqtt_bind, self.settings.mqtt_port, True
        return self.address.host, self.address.port, self.broker is not None

    # --- messages ---------------------------------------------------------------------------------------------------

    async def _on_message(self, kind: str, sn: str, payload: bytes, done: Done) -> None:
        # Values are acknowledged to the broker once committed (the writer calls done); state and write acks once
        # handed over (state goes to its own worker, so a slow state write never holds values up).
        if kind == "values":
            await self.ingest.on_values(sn, payload, done)
            return
        if kind == "upgrade_state":
            # The software library's reports worker (software/device_reports.py) acknowledges once it committed.
            if self.upgrade_reports is not None:
                self.upgrade_reports(sn, payload, done)
            else:
                done()
            return
        try:
            if kind == "state":
                await self.ingest.on_state(sn, payload)
            elif kind == "ack":
                self._on_ack(sn, payload)
        finally:
            done()

    def _on_ack(self, sn: str, payload: bytes) -> None:
        import orjson

        try:
            body = orjson.loads(payload)
        except orjson.JSONDecodeError:
            self.ingest.stats["rejected_ack"] += 1
            return
        req_id = body.get("req_id") if isinstance(body, dict) else None
        pending = self.pending.get(req_id) if isinstance(req_id, str) else None
        if pending is None or pending.sn != sn or pending.future.done():
            return
        pending.future.set_result(body)

    async def _on_state(self, config: DeviceConfig, online: bool, info: dict[str, str]) -> None:
        state = DEV_ONLINE if online else DEV_OFFLINE
        await self._set_state(config.gateway_id, state, info)

    async def _set_state(self, gateway_id: int, state: int, info: dict[str, str] | None = None) -> None:
        info = info or {}
        for attempt in range(5):
            try:
                async with system_session(self.db.sessionmaker) as session:
                    used = info.get("flow_used_mb")
                    device_ids = await device_service.set_state(
                        session,
                        gateway_id,
                        state,
                        info.get("ip"),
                        info.get("firmware_version"),
                        float(used) if used is not None else None,
                        model=info.get("model"),
                        vpn=_vpn_of(info),
                        can_upgrade=None if "can_upgrade" not in info else info["can_upgrade"] == "1",
                    )
                    await session.commit()
                break
            except Exception:
                log.warning("state write for gateway %s failed (attempt %d)", gateway_id, attempt + 1, exc_info=True)
                await asyncio.sleep(0.5 * (attempt + 1))
        else:
            return
        if state == DEV_ONLINE:
            self._reported[gateway_id] = time.monotonic()
        now = epoch_ms(utcnow()) or 0
        for device_id in device_ids:
            await self.hub.publish(hub_event(StateMessage(device_id=device_id, dev_state=state, ts=now)))

    async def _load_online(self) -> None:
        """Gateways the database calls online get one watchdog period to speak up after a restart."""
        async with system_session(self.db.sessionmaker) as session:
            ids = await device_service.online_gateway_ids(session)
        now = time.monotonic()
        for gateway_id in ids:
            self.ingest.last_seen[int(gateway_id)] = now

    async def _watchdog(self) -> None:
        while True:
            await asyncio.sleep(WATCHDOG_TICK_S)
            try:
                limit = self.settings.offline_after_seconds
                now = time.monotonic()
                for gateway_id, seen in list(self.ingest.last_seen.items()):
                    if now - seen > limit:
                        self.ingest.forget_gateway(gateway_id)
                        log.info("gateway %s silent for %.0fs: offline", gateway_id, now - seen)
                        await self._set_state(gateway_id, DEV_OFFLINE)
                # report_time follows the latest message, written at most every REPORT_TIME_EVERY_S per gateway.
                due = [
                    g
                    for g, seen in self.ingest.last_seen.items()
                    if now - self._reported.get(g, 0) > REPORT_TIME_EVERY_S
                ]
                # In chunks, each its own short transaction: thousands of gateways in one UPDATE held the event loop
                # (and SQLite's write lock) long enough to show in the API's p99 (bench/device_list.py).
                for start in range(0, len(due), REPORT_TIME_CHUNK):
                    chunk = due[start : start + REPORT_TIME_CHUNK]
                    async with system_session(self.db.sessionmaker) as session:
                        await device_service.touch_report_times(session, chunk)
                        await session.commit()
                    for g in chunk:
                        self._reported[g] = now
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("watchdog tick failed", exc_info=True)

    async def _retention(self) -> None:
        every = self.settings.retention_interval_seconds
        while True:
            await asyncio.sleep(every)
            try:
                # Once across server processes: two enforcing at the same moment would each delete the same excess.
                # The holder keeps the lease from tick to tick; another process takes it once it runs out.
                held = await lease.take(self.db.sessionmaker, RETENTION_LEASE, self._holder, utcnow(), 2 * every + 10)
                self._retention_held = held
                if held:
                    await retention.enforce(self.db)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("storage limit check failed", exc_info=True)

    async def _release_retention(self) -> None:
        """Give the retention lease back at a stop, so another process enforces the limits at its next tick."""
        if not self._retention_held:
            return
        with contextlib.suppress(Exception):
            async with asyncio.timeout(5):
                await lease.release(self.db.sessionmaker, RETENTION_LEASE, self._holder, utcnow())
        self._retention_held = False

    # --- writes ---------------------------------------------------------------------------------------------------

    async def send_write(self, sn: str, body: dict[str, Any]) -> dict[str, Any]:
        """Publish a write and wait for the gateway's ack; TimeoutError when none comes in time."""
        return await self.request(sn, "write", body, self.settings.write_timeout_seconds)

    async def request(self, sn: str, leaf: str, body: dict[str, Any], wait_s: float) -> dict[str, Any]:
        """Publish a command on the gateway's `leaf` topic and wait up to `wait_s` for its ack (the `ack` topic, the
        same `req_id`): writes, VPN switches (docs/device-protocol.md). TimeoutError when none comes in time."""
        if self.link is None or not self.link.connected.is_set():
            raise ConnectionError("MQTT broker not connected")
        loop = asyncio.get_running_loop()
        req_id = str(body["req_id"])
        pending = PendingWrite(sn, loop.create_future())
        self.pending[req_id] = pending
        try:
            await self.link.publish(sn, leaf, body)
            return await asyncio.wait_for(pending.future, wait_s)
        finally:
            self.pending.pop(req_id, None)

    async def send_command(self, sn: str, leaf: str, body: dict[str, Any]) -> None:
        """Publish a command the gateway answers on its own report topic (`upgrade`: docs/device-protocol.md);
        ConnectionError when the broker is not connected."""
        if self.link is None or not self.link.connected.is_set():
            raise ConnectionError("MQTT broker not connected")
        await self.link.publish(sn, leaf, body)

    async def config_changed(self, sn: str, version: int | None) -> None:
        """devices.hooks.config_changed: forget the gateway's cached configuration; on a new publication, tell it."""
        if version is None:
            self.configs.invalidate(sn)
        else:
            await self.notify_config(sn, version)

    async def notify_config(self, sn: str, version: int) -> None:
        """Tell a gateway its published configuration changed (it fetches /dev/config again)."""
        self.configs.invalidate(sn)
        if self.link is not None and self.link.connected.is_set():
            with contextlib.suppress(Exception):
                await self.link.publish(sn, "config", {"version": version})
