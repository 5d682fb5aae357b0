"""The ingest: gateway messages from the broker, checked against the device's published data sources, become live
values, alarm judgements and history rows. Bad input is counted and logged; it never stops the good values."""

import asyncio
import logging
import math
import time
from collections import Counter
from typing import Any

import orjson
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.alarms.engine import AlarmEngine
from iotyun.telemetry.configs import ConfigCache, DeviceConfig, Source
from iotyun.telemetry.models import ingest_cursor
from iotyun.telemetry.realtime import Hub
from iotyun.telemetry.store import HistoryWriter, Row

log = logging.getLogger("iotyun.telemetry.ingest")

# Reads stamped further than this in the future are refused (a gateway with a wrong clock would corrupt history).
FUTURE_TOLERANCE_MS = 24 * 3600 * 1000
EARLIEST_MS = 946_684_800_000  # 2000-01-01
TEXT_MAX = 255
_REJECT_LOG_EVERY = 100


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
        self._cursors: dict[int, tuple[int, int]] = {}
        self._last_stored: dict[tuple[int, int], tuple[Any, int]] = {}
        # gateway id -> monotonic time of its last message (the watchdog reads it)
        self.last_seen: dict[int, float] = {}
        self.state_handler: Any = None  # set by the runtime: async (config, online, info) -> None

    # --- values -------------------------------------------------------------------------------------------------

    async def on_values(self, sn: str, payload: bytes) -> None:
        self.stats["batches"] += 1
        try:
            await self._values(sn, payload)
        finally:
            self.stats["handled"] += 1

    async def _values(self, sn: str, payload: bytes) -> None:
        try:
            body = orjson.loads(payload)
        except orjson.JSONDecodeError:
            self._reject("malformed", sn, "not JSON")
            return
        if not isinstance(body, dict) or not isinstance(body.get("values"), list):
            self._reject("malformed", sn, "no values list")
            return
        config = await self.configs.get(sn)
        if config is None or config.device_id is None:
            self._reject("unknown_device", sn, "unregistered SN")
            return
        await self._seen(config)
        cursor = await self._sequence(config, body)
        if cursor is False:
            self.stats["duplicates"] += 1
            return
        accepted: list[dict[str, Any]] = []
        rows: list[Row] = []
        for item in body["values"]:
            checked = self._check(config, item)
            if checked is None:
                continue
            source, value = checked
            accepted.append(value)
            row = self._history_row(config.device_id, source, value)
            if row is not None:
                rows.append(row)
        self.stats["values"] += len(accepted)
        self.stats["stored"] += len(rows)
        self.writer.add(rows, config.gateway_id, cursor if isinstance(cursor, tuple) else None)
        if accepted:
            self.alarms.evaluate(config, accepted)
            await self.hub.publish({"type": "values", "device_id": config.device_id, "values": accepted})

    async def _sequence(self, config: DeviceConfig, body: dict[str, Any]) -> tuple[int, int] | bool:
        """(boot, seq) to commit with this batch, True for a batch without one, False for a duplicate."""
        boot, seq = body.get("boot"), body.get("seq")
        if not isinstance(boot, int) or not isinstance(seq, int) or isinstance(boot, bool) or isinstance(seq, bool):
            return True
        last = self._cursors.get(config.gateway_id)
        if last is None:
            last = await self._load_cursor(config.gateway_id)
        if last is not None and (boot < last[0] or (boot == last[0] and seq <= last[1])):
            return False
        self._cursors[config.gateway_id] = (boot, seq)
        return (boot, seq)

    async def _load_cursor(self, gateway_id: int) -> tuple[int, int] | None:
        async with self.sessionmaker() as session:
            row = (
                await session.execute(
                    select(ingest_cursor.c.boot, ingest_cursor.c.seq).where(ingest_cursor.c.gateway_id == gateway_id)
                )
            ).first()
        return None if row is None else (int(row[0]), int(row[1]))

    def _check(self, config: DeviceConfig, item: Any) -> tuple[Source, dict[str, Any]] | None:
        if not isinstance(item, dict):
            self._reject("malformed", config.sn, "value is not an object")
            return None
        sid = item.get("id")
        source = config.sources.get(sid) if isinstance(sid, int) else None
        if source is None:
            self._reject("unknown_source", config.sn, f"unknown data source {item.get('id')!r}")
            return None
        ts = item.get("ts")
        if not isinstance(ts, int | float) or isinstance(ts, bool) or not math.isfinite(ts):
            self._reject("bad_time", config.sn, f"bad ts for {source.id}")
            return None
        ts = int(ts)
        if ts < EARLIEST_MS or ts > time.time() * 1000 + FUTURE_TOLERANCE_MS:
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
            if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
                self._reject("bad_value", config.sn, f"{v!r} is not a number for {source.id}")
                return None
        elif kind == "bool":
            if isinstance(v, bool):
                pass
            elif v in (0, 1) and isinstance(v, int):
                v = bool(v)
            else:
                self._reject("bad_value", config.sn, f"{v!r} is not a bit for {source.id}")
                return None
        elif not isinstance(v, str) or len(v) > TEXT_MAX:
            self._reject("bad_value", config.sn, f"bad string for {source.id}")
            return None
        return source, {"id": source.id, "v": v, "ts": ts, "q": q}

    def _history_row(self, device_id: int, source: Source, value: dict[str, Any]) -> Row | None:
        if source.history == "off" or value["q"] != 0:
            return None
        key = (device_id, source.id)
        v, ts = value["v"], value["ts"]
        last = self._last_stored.get(key)
        if last is not None:
            if source.history == "change" and last[0] == v:
                return None
            if source.history == "interval" and ts - last[1] < source.interval_ms:
                return None
        self._last_stored[key] = (v, ts)
        if isinstance(v, str):
            return (device_id, source.id, ts, None, v)
        return (device_id, source.id, ts, float(v), None)

    def _reject(self, reason: str, sn: str, detail: str) -> None:
        self.stats["rejected"] += 1
        self.stats[f"rejected_{reason}"] += 1
        n = self.stats[f"rejected_{reason}"]
        if n <= 10 or n % _REJECT_LOG_EVERY == 0:
            log.warning("rejected from %s (%s, #%d): %s", sn, reason, n, detail)

    # --- state ----------------------------------------------------------------------------------------------------

    async def _seen(self, config: DeviceConfig) -> None:
        first = config.gateway_id not in self.last_seen
        self.last_seen[config.gateway_id] = time.monotonic()
        if first and self.state_handler is not None:
            await self.state_handler(config, True, {})

    async def on_state(self, sn: str, payload: bytes) -> None:
        if not payload:
            return  # a retained state being cleared
        try:
            body = orjson.loads(payload)
        except orjson.JSONDecodeError:
            self._reject("malformed", sn, "state is not JSON")
            return
        if not isinstance(body, dict) or body.get("state") not in ("online", "offline"):
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
        info = {k: body[k] for k in ("ip", "firmware_version") if isinstance(body.get(k), str)}
        if self.state_handler is not None:
            await self.state_handler(config, online, info)

    def forget_gateway(self, gateway_id: int) -> None:
        self.last_seen.pop(gateway_id, None)


async def wait_idle(writer: HistoryWriter, alarms: AlarmEngine) -> None:
    """Until everything accepted so far is in the database (tests)."""
    while writer.backlog():
        await writer.flush()
        await asyncio.sleep(0)
    await writer.flush()
    await alarms.drain()
