"""The ingest: gateway messages from the broker, checked against the device's published data sources, become live
values, alarm judgements and history rows. Every field is checked against its type and its data source's range
before anything is queued; bad input is counted by reason and logged once per gateway and reason. It never stops the
good values, and a slow state write never holds them up (state goes through its own worker)."""

import asyncio
import ipaddress
import logging
import math
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.core.limits import (
    FLOW_USED_MB_MAX,
    GATEWAY_FIRMWARE_MAX,
    GATEWAY_IP_MAX,
    GATEWAY_MODEL_MAX,
    INGEST_BATCH_VALUES_MAX,
    INGEST_PAYLOAD_MAX_BYTES,
    INGEST_SEQ_MAX,
)
from iotyun.core.tasks import QueueWorker
from iotyun.core.tenancy import system_session
from iotyun.telemetry.alarm_engine import AlarmEngine
from iotyun.telemetry.configs import ConfigCache, DeviceConfig, Source
from iotyun.telemetry.realtime import Hub
from iotyun.telemetry.store import Ack, HistoryWriter, Row, cursor_of, is_outage
from iotyun.telemetry.ws_schemas import values_event

log = logging.getLogger("iotyun.telemetry.ingest")

# Reads stamped further than this in the future are refused (a gateway with a wrong clock would corrupt history).
FUTURE_TOLERANCE_MS = 24 * 3600 * 1000
EARLIEST_MS = 946_684_800_000  # 2000-01-01
# (gateway, reason) pairs already logged; forgotten wholesale beyond this many so the set stays bounded.
_LOGGED_MAX = 10_000
_NUMBER = (int, float)

StateHandler = Callable[[DeviceConfig, bool, dict[str, str]], Awaitable[None]]


def _text_ok(value: str) -> bool:
    """No NUL (PostgreSQL refuses it) and valid UTF-8 (no lone surrogates)."""
    if "\x00" in value:
        return False
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def vpn_report(vpn: Any) -> tuple[str, str] | None:
    """A gateway's VPN report `{"state": "open"|"closed", "ip": "10.8.0.6"}` as (state, client IP), or None when it is
    not one (an IP that is not an address is left out)."""
    if not isinstance(vpn, dict) or vpn.get("state") not in ("open", "closed"):
        return None
    ip = vpn.get("ip")
    try:
        address = str(ipaddress.ip_address(ip)) if isinstance(ip, str) and ip and len(ip) <= GATEWAY_IP_MAX else ""
    except ValueError:
        address = ""
    return str(vpn["state"]), address if vpn["state"] == "open" else ""


class StateWorker(QueueWorker):
    """Gateway state changes written by one task, off the message loop: the latest change per gateway waits here
    (bounded by the number of gateways), so a slow or failing state write delays only other state writes."""

    def __init__(self) -> None:
        super().__init__("iotyun-gateway-state")
        self.handler: StateHandler | None = None
        self._pending: dict[int, tuple[DeviceConfig, bool, dict[str, str]]] = {}

    def put(self, config: DeviceConfig, online: bool, info: dict[str, str]) -> None:
        previous = self._pending.pop(config.gateway_id, None)
        if previous is not None and previous[1] == online:
            info = {**previous[2], **info}
        self._pending[config.gateway_id] = (config, online, info)
        self.wake()

    async def work(self) -> None:
        while self._pending:
            gateway_id = next(iter(self._pending))
            config, online, info = self._pending.pop(gateway_id)
            if self.handler is None:
                continue
            try:
                await self.handler(config, online, info)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("state of gateway %s not written", gateway_id, exc_info=True)


class Ingest:
    def __init__(
        self,
        configs: ConfigCache,
        writer: HistoryWriter,
        hub: Hub,
        alarms: AlarmEngine,
        sessionmaker: async_sessionmaker[AsyncSession],
    ) -> None:
        self.configs = configs
        self.writer = writer
        self.hub = hub
        self.alarms = alarms
        self.sessionmaker = sessionmaker
        self.stats: Counter[str] = Counter()
        # This process's broker session's last (boot, seq) per gateway (store.cursor_of: kept per session).
        self._cursors: dict[int, tuple[int, int]] = {}
        self._last_stored: dict[tuple[int, int], tuple[Any, int]] = {}
        self._logged: set[tuple[str, str]] = set()
        # gateway id -> monotonic time of its last message (the watchdog reads it)
        self.last_seen: dict[int, float] = {}
        self.states = StateWorker()
        # Who else judges each accepted batch beside the alarm engine, in this loop and without I/O (the app hands
        # the automations' engine here: telemetry imports nothing above it).
        self.observers: list[Callable[[DeviceConfig, list[dict[str, Any]]], None]] = []

    @property
    def state_handler(self) -> StateHandler | None:
        return self.states.handler

    @state_handler.setter
    def state_handler(self, handler: StateHandler | None) -> None:
        """Set by the runtime: async (config, online, info) -> None, run by the state worker."""
        self.states.handler = handler

    # --- values -------------------------------------------------------------------------------------------------

    async def on_values(self, sn: str, payload: bytes, ack: Ack | None = None) -> None:
        """One values message; `ack` is called once everything it carried (or nothing, when refused) is committed,
        after every earlier message's."""
        self.stats["batches"] += 1
        try:
            await self._values(sn, payload, ack)
        except BaseException:
            self.writer.after_commit(ack)
            raise
        finally:
            self.stats["handled"] += 1

    async def _values(self, sn: str, payload: bytes, ack: Ack | None) -> None:
        body = self._parse(sn, payload, "values")
        values = body.get("values") if body is not None else None
        if body is None or not isinstance(values, list):
            if body is not None:
                self._reject("malformed", sn, "no values list")
            self.writer.after_commit(ack)
            return
        if len(values) > INGEST_BATCH_VALUES_MAX:
            self._reject("too_many_values", sn, f"{len(values)} values in one batch")
            self.writer.after_commit(ack)
            return
        config = await self._lookup(self.configs.get, sn)
        if config is None or config.device_id is None:
            self._reject("unknown_device", sn, "unregistered SN")
            self.writer.after_commit(ack)
            return
        self._seen(config)
        cursor = self._sequence_of(config, body)
        if cursor is False:
            self.writer.after_commit(ack)
            return
        if isinstance(cursor, tuple) and await self._duplicate(config.gateway_id, cursor):
            self.stats["duplicates"] += 1
            # Acknowledged once the original (perhaps still pending) is committed.
            self.writer.after_commit(ack)
            return
        accepted: list[dict[str, Any]] = []
        rows: list[Row] = []
        device_id = config.device_id
        latest = time.time() * 1000 + FUTURE_TOLERANCE_MS
        for item in values:
            checked = self._check(config, item, latest)
            if checked is None:
                continue
            source, value = checked
            accepted.append(value)
            row = self._history_row(device_id, source, value)
            if row is not None:
                rows.append(row)
        self.stats["values"] += len(accepted)
        self.stats["stored"] += len(rows)
        self.writer.add(rows, config.gateway_id, cursor if isinstance(cursor, tuple) else None, ack)
        if accepted:
            self.alarms.evaluate(config, accepted)
            for observe in self.observers:
                try:
                    observe(config, accepted)
                except Exception:
                    log.exception("a values observer failed")
            await self.hub.publish(values_event(device_id, accepted))

    def _parse(self, sn: str, payload: bytes, what: str) -> dict[str, Any] | None:
        if len(payload) > INGEST_PAYLOAD_MAX_BYTES:
            self._reject("too_large", sn, f"{what} message of {len(payload)} bytes")
            return None
        try:
            body = orjson.loads(payload)
        except orjson.JSONDecodeError:
            self._reject("malformed", sn, f"{what} message is not JSON")
            return None
        if not isinstance(body, dict):
            self._reject("malformed", sn, f"{what} message is not an object")
            return None
        return body

    def _sequence_of(self, config: DeviceConfig, body: dict[str, Any]) -> tuple[int, int] | bool:
        """(boot, seq) of this batch, True for a batch without one, False for a batch whose sequence is invalid."""
        if "boot" not in body and "seq" not in body:
            return True
        boot, seq = body.get("boot"), body.get("seq")
        for n in (boot, seq):
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= INGEST_SEQ_MAX:
                self._reject("bad_sequence", config.sn, f"boot {boot!r} / seq {seq!r}")
                return False
        return (boot, seq)  # type: ignore[return-value]

    async def _duplicate(self, gateway_id: int, cursor: tuple[int, int]) -> bool:
        last = self._cursors.get(gateway_id)
        if last is None:
            last = await self._lookup(self._load_cursor, gateway_id)
        if last is not None and cursor <= last:
            return True
        self._cursors[gateway_id] = cursor
        return False

    async def _lookup(self, fn: Callable[[Any], Awaitable[Any]], arg: Any) -> Any:
        """A lookup a values message needs, waited for while the database is away: the message is neither dropped
        nor acknowledged meanwhile (the broker keeps what follows)."""
        backoff = 0.2
        while True:
            try:
                return await fn(arg)
            except Exception as exc:
                if not is_outage(exc):
                    raise
                self.stats["lookup_retries"] += 1
                log.warning("database away for an ingest lookup, retrying in %.1fs: %s", backoff, exc)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 5.0)

    async def _load_cursor(self, gateway_id: int) -> tuple[int, int] | None:
        async with system_session(self.sessionmaker) as session:
            return await cursor_of(session, gateway_id, self.writer.consumer)

    def _check(self, config: DeviceConfig, item: Any, latest: float) -> tuple[Source, dict[str, Any]] | None:
        """The value's data source and the value as accepted, or None (counted and logged) when it is refused;
        `latest` is the latest ts accepted (the server's clock plus the tolerance). The common case (a known source,
        an int ts, quality 0/1/2 and a number in range or a bit) is decided with exact type tests; anything else
        goes through the full checks, which also word the refusal."""
        if type(item) is dict:
            sid = item.get("id")
            source = config.sources.get(sid) if type(sid) is int else None
            ts = item.get("ts")
            q = item.get("q", 0)
            v: Any = item.get("v")
            if (
                source is not None
                and type(ts) is int
                and EARLIEST_MS <= ts <= latest
                and type(q) is int
                and 0 <= q <= 2
            ):
                t = type(v)
                kind = source.kind
                if kind == "num":
                    if (t is float or t is int) and source.low <= v <= source.high:
                        return source, {"id": sid, "v": v, "ts": ts, "q": q}
                elif kind == "bool" and t is bool:
                    return source, {"id": sid, "v": v, "ts": ts, "q": q}
        return self._check_slow(config, item, latest)

    def _check_slow(self, config: DeviceConfig, item: Any, latest: float) -> tuple[Source, dict[str, Any]] | None:
        if not isinstance(item, dict):
            self._reject("malformed", config.sn, "value is not an object")
            return None
        sid = item.get("id")
        source = config.sources.get(sid) if isinstance(sid, int) and not isinstance(sid, bool) else None
        if source is None:
            self._reject("unknown_source", config.sn, f"unknown data source {str(sid)[:40]!r}")
            return None
        ts = item.get("ts")
        if not isinstance(ts, _NUMBER) or isinstance(ts, bool) or not math.isfinite(ts):
            self._reject("bad_time", config.sn, f"bad ts for {source.id}")
            return None
        ts = int(ts)
        if ts < EARLIEST_MS or ts > latest:
            self._reject("bad_time", config.sn, f"ts {ts} out of range for {source.id}")
            return None
        q = item.get("q", 0)
        if q not in (0, 1, 2) or isinstance(q, bool):
            self._reject("malformed", config.sn, f"bad quality for {source.id}")
            return None
        v = item.get("v")
        if v is None:
            if q == 0:
                self._reject("bad_value", config.sn, f"null value with good quality for {source.id}")
                return None
            return source, {"id": source.id, "v": None, "ts": ts, "q": q}
        kind = source.kind
        if kind == "num":
            if isinstance(v, bool) or not isinstance(v, _NUMBER):
                self._reject("bad_value", config.sn, f"not a number for {source.id}")
                return None
            # An int beyond float range, NaN, infinity, or more than the data type can hold after scale/offset.
            if isinstance(v, int) and not -(2**1023) < v < 2**1023:
                self._reject(
                    "out_of_range", config.sn, f"{source.data_type} {source.id} got an integer of {v.bit_length()} bits"
                )
                return None
            if not (math.isfinite(v) and source.low <= v <= source.high):
                self._reject("out_of_range", config.sn, f"{source.data_type} {source.id} got {float(v)!r}")
                return None
        elif kind == "bool":
            if isinstance(v, bool):
                pass
            elif isinstance(v, int) and v in (0, 1):
                v = bool(v)
            else:
                self._reject("bad_value", config.sn, f"not a bit for {source.id}")
                return None
        elif not isinstance(v, str):
            self._reject("bad_value", config.sn, f"not a string for {source.id}")
            return None
        elif len(v) > source.text_max or not _text_ok(v):
            self._reject("bad_text", config.sn, f"string of {len(v)} characters (NUL or over {source.text_max})")
            return None
        return source, {"id": source.id, "v": v, "ts": ts, "q": q}

    def _history_row(self, device_id: int, source: Source, value: dict[str, Any]) -> Row | None:
        history = source.history
        if history == "off" or value["q"] != 0:
            return None
        key = (device_id, source.id)
        v, ts = value["v"], value["ts"]
        last = self._last_stored.get(key)
        if last is not None:
            if history == "change":
                if last[0] == v:
                    return None
            elif history == "interval" and ts - last[1] < source.interval_ms:
                return None
        self._last_stored[key] = (v, ts)
        if isinstance(v, str):
            return (device_id, source.id, ts, None, v)
        return (device_id, source.id, ts, float(v), None)

    def _reject(self, reason: str, sn: str, detail: str) -> None:
        """Count a refusal by reason; log it the first time this gateway gives this reason."""
        self.stats["rejected"] += 1
        self.stats[f"rejected_{reason}"] += 1
        key = (sn, reason)
        if key in self._logged:
            return
        if len(self._logged) >= _LOGGED_MAX:
            self._logged.clear()
        self._logged.add(key)
        log.warning("rejected from %s (%s; later ones are only counted): %s", sn, reason, detail)

    # --- state ----------------------------------------------------------------------------------------------------

    def _seen(self, config: DeviceConfig) -> None:
        first = config.gateway_id not in self.last_seen
        self.last_seen[config.gateway_id] = time.monotonic()
        if first:
            self.states.put(config, True, {})

    async def on_state(self, sn: str, payload: bytes) -> None:
        if not payload:
            return  # a retained state being cleared
        body = self._parse(sn, payload, "state")
        if body is None:
            return
        if body.get("state") not in ("online", "offline"):
            self._reject("malformed", sn, "bad state message")
            return
        config = await self.configs.get(sn)
        if config is None:
            self._reject("unknown_device", sn, "state of an unknown SN")
            return
        online = body["state"] == "online"
        if online:
            self.last_seen[config.gateway_id] = time.monotonic()
        else:
            self.last_seen.pop(config.gateway_id, None)
        self.states.put(config, online, self._state_info(sn, body))

    def _state_info(self, sn: str, body: dict[str, Any]) -> dict[str, str]:
        """The gateway's IP, firmware version, model, VPN, whether it can upgrade itself and card's used flow (MB) from
        a state message; a bad field is left out (and counted)."""
        info: dict[str, str] = {}
        ip = body.get("ip")
        if ip is not None and ip != "":
            try:
                if not isinstance(ip, str) or len(ip) > GATEWAY_IP_MAX:
                    raise ValueError(ip)
                info["ip"] = str(ipaddress.ip_address(ip))
            except ValueError:
                self._reject("bad_state_field", sn, "ip is not an IP address")
        firmware = body.get("firmware_version")
        if firmware is not None:
            if isinstance(firmware, str) and len(firmware) <= GATEWAY_FIRMWARE_MAX and firmware.isprintable():
                info["firmware_version"] = firmware
            else:
                self._reject("bad_state_field", sn, "firmware_version is not a short printable string")
        model = body.get("model")
        if model is not None:
            if (
                isinstance(model, str)
                and 0 < len(model) <= GATEWAY_MODEL_MAX
                and model.isprintable()
                and "," not in model
            ):
                info["model"] = model
            else:
                self._reject("bad_state_field", sn, "model is not a short printable name")
        vpn = body.get("vpn")
        if vpn is not None:
            found = vpn_report(vpn)
            if found is None:
                self._reject("bad_state_field", sn, "vpn is not {state: open|closed, ip}")
            else:
                info["vpn_state"], info["vpn_ip"] = found
        upgrade = body.get("upgrade")
        if upgrade is not None:
            if isinstance(upgrade, bool):
                info["can_upgrade"] = "1" if upgrade else "0"
            else:
                self._reject("bad_state_field", sn, "upgrade is not true or false")
        used = body.get("flow_used_mb")
        if used is not None:
            if (
                isinstance(used, int | float)
                and not isinstance(used, bool)
                and math.isfinite(used)
                and 0 <= used <= FLOW_USED_MB_MAX
            ):
                info["flow_used_mb"] = repr(float(used))
            else:
                self._reject("bad_state_field", sn, "flow_used_mb is not a number of MB from 0 to 10^7")
        return info

    def forget_gateway(self, gateway_id: int) -> None:
        self.last_seen.pop(gateway_id, None)


async def wait_idle(writer: HistoryWriter, alarms: AlarmEngine, states: StateWorker | None = None) -> None:
    """Until everything accepted so far is in the database (tests)."""
    while writer.backlog():
        await writer.flush()
        await asyncio.sleep(0)
    await writer.flush()
    await alarms.drain()
    if states is not None:
        await states.drain()
