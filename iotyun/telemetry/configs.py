"""What the ingest knows of a gateway: its registered device and the data sources of its published template."""

import asyncio
import logging
import math
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.core.limits import INGEST_TEXT_MAX
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices.models import Device, Gateway
from iotyun.templates import service as template_service

log = logging.getLogger("iotyun.telemetry.configs")

INTEGER_TYPES = frozenset({"int16", "uint16", "int32", "uint32"})
# The raw register value each numeric data type can hold; the shown value is raw × scale + offset (device-protocol).
TYPE_RANGES: dict[str, tuple[float, float]] = {
    "int16": (-(2**15), 2**15 - 1),
    "uint16": (0, 2**16 - 1),
    "int32": (-(2**31), 2**31 - 1),
    "uint32": (0, 2**32 - 1),
    "float32": (-3.4028234663852886e38, 3.4028234663852886e38),
    "float64": (-sys.float_info.max, sys.float_info.max),
}


@dataclass(frozen=True, slots=True)
class Fault:
    key: str
    kind: str  # "compare" or "bit"
    op: str | None
    threshold: float | None
    bit_index: int | None
    alarm_name: str
    level: int
    info: str

    def active(self, value: float | bool | str | None) -> bool | None:
        """Whether the condition holds for `value` (None: the value cannot be judged, e.g. a failed read)."""
        if value is None or isinstance(value, str):
            return None
        number = float(value)
        if self.kind == "bit":
            return bool((int(number) >> (self.bit_index or 0)) & 1)
        t = self.threshold if self.threshold is not None else 0.0
        return {
            "gt": number > t,
            "ge": number >= t,
            "lt": number < t,
            "le": number <= t,
            "eq": number == t,
            "ne": number != t,
        }.get(self.op or "", False)


@dataclass(frozen=True, slots=True)
class Source:
    """One published data source as the ingest checks and records it."""

    id: int
    name: str
    data_type: str
    rw: str
    unit: str
    decimals: int
    min_value: float | None
    max_value: float | None
    string_length: int | None
    history: str  # off | change | interval
    interval_ms: int
    group_id: int | None
    faults: tuple[Fault, ...]
    raw: dict[str, Any] = field(compare=False, repr=False)
    # The shown values the data type can carry (raw range × scale + offset, widened by half a rounding step), and
    # the longest string a string source takes: what the ingest accepts (docs/device-protocol.md "Values batch").
    low: float = -math.inf
    high: float = math.inf
    text_max: int = 0
    kind: str = "num"  # "bool" for bit, "str" for string, else "num" (what the ingest checks a value as)


@dataclass(frozen=True, slots=True)
class DeviceConfig:
    gateway_id: int
    sn: str
    device_id: int | None  # None: the gateway is not registered by any tenant
    tenant_id: int | None
    owner_id: int | None
    alias: str
    template_id: int | None
    version: int | None
    sources: dict[int, Source]
    groups: dict[int, str]


def shown_range(data_type: str, scale: Any, offset: Any, decimals: int) -> tuple[float, float]:
    """The shown values a numeric data type can produce: its raw range through raw × scale + offset (a scale of 0
    or none counts as 1, as the gateway agent does), widened by half a step of the rounding to `decimals`."""
    lo, hi = TYPE_RANGES.get(data_type, TYPE_RANGES["float64"])
    k = float(scale) if isinstance(scale, int | float) and scale not in (0, True, False) else 1.0
    b = float(offset) if isinstance(offset, int | float) and not isinstance(offset, bool) else 0.0
    if not (math.isfinite(k) and math.isfinite(b)):
        k, b = 1.0, 0.0
    a, c = lo * k + b, hi * k + b
    slack = 0.5 * 10.0 ** -max(0, min(decimals, 12))
    low, high = min(a, c) - slack, max(a, c) + slack
    # float64's range times a scale above 1 overflows to infinity: the value must still be finite (checked apart).
    return max(low, -sys.float_info.max), min(high, sys.float_info.max)


def _source(raw: dict[str, Any]) -> Source:
    faults = tuple(
        Fault(
            key=f"{raw['id']}:{i}",
            kind=str(f.get("kind", "compare")),
            op=f.get("op"),
            threshold=None if f.get("threshold") is None else float(f["threshold"]),
            bit_index=f.get("bit_index"),
            alarm_name=str(f.get("alarm_name", "")),
            level=int(f.get("level", 1)),
            info=str(f.get("info", "")),
        )
        for i, f in enumerate(raw.get("faults") or [])
    )
    data_type = str(raw.get("data_type", "float32"))
    decimals = int(raw.get("decimals", 2))
    low, high = shown_range(data_type, raw.get("scale"), raw.get("offset"), decimals)
    length = raw.get("string_length")
    text_max = min(length, INGEST_TEXT_MAX) if isinstance(length, int) and length > 0 else INGEST_TEXT_MAX
    return Source(
        id=int(raw["id"]),
        name=str(raw.get("name", "")),
        data_type=data_type,
        rw=str(raw.get("rw", "r")),
        unit=str(raw.get("unit", "")),
        decimals=decimals,
        min_value=raw.get("min_value"),
        max_value=raw.get("max_value"),
        string_length=raw.get("string_length"),
        history=str(raw.get("history", "off")),
        interval_ms=int(raw.get("history_interval_s") or 0) * 1000,
        group_id=raw.get("group_id"),
        faults=faults,
        raw=raw,
        low=low,
        high=high,
        text_max=text_max,
        kind={"bit": "bool", "string": "str"}.get(data_type, "num"),
    )


async def load(session: AsyncSession, sn: str) -> DeviceConfig | None:
    """The config of the gateway with this SN, or None for an SN no gateway has."""
    gateway = (
        await session.execute(
            select(Gateway.id, Gateway.sn).where(Gateway.sn == sn).execution_options(**{ALL_TENANTS: True})
        )
    ).first()
    if gateway is None:
        return None
    device = (
        await session.execute(
            select(Device.id, Device.tenant_id, Device.owner_id, Device.alias)
            .where(Device.gateway_id == gateway.id, Device.registered.is_(True))
            .execution_options(**{ALL_TENANTS: True})
        )
    ).first()
    published = await template_service.published_config(session, sn) if device is not None else None
    sources = {int(raw["id"]): _source(raw) for raw in (published or {}).get("data_sources", [])}
    groups = {int(g["id"]): str(g.get("name", "")) for g in (published or {}).get("groups", [])}
    return DeviceConfig(
        gateway_id=int(gateway.id),
        sn=str(gateway.sn),
        device_id=None if device is None else int(device.id),
        tenant_id=None if device is None else int(device.tenant_id),
        owner_id=None if device is None else int(device.owner_id),
        alias="" if device is None else str(device.alias),
        template_id=None if published is None else int(published["template_id"]),
        version=None if published is None else int(published["version"]),
        sources=sources,
        groups=groups,
    )


class ConfigCache:
    """Gateway configs by SN, reloaded after `ttl` seconds (a publish, a registration or a rename shows within it)
    or at once after invalidate()."""

    def __init__(
        self, sessionmaker: async_sessionmaker[AsyncSession], ttl: float = 5.0, unknown_ttl: float = 1.0
    ) -> None:
        self.sessionmaker = sessionmaker
        self.ttl = ttl
        # An SN without a registered device is asked again sooner: it may be registered any moment.
        self.unknown_ttl = unknown_ttl
        self._items: dict[str, tuple[float, DeviceConfig | None]] = {}
        self._refreshing: dict[str, asyncio.Task[DeviceConfig | None]] = {}

    async def get(self, sn: str) -> DeviceConfig | None:
        now = time.monotonic()
        hit = self._items.get(sn)
        if hit is not None:
            known = hit[1] is not None and hit[1].device_id is not None
            if now - hit[0] < (self.ttl if known else self.unknown_ttl):
                return hit[1]
            if known:
                # A registered gateway's values go on with what is known while it is read again in the background:
                # the database's latency (or absence) never holds the message loop up.
                if sn not in self._refreshing:
                    task = asyncio.create_task(self._refresh(sn, hit), name=f"iotyun-config-{sn}")
                    self._refreshing[sn] = task
                    task.add_done_callback(lambda _: self._refreshing.pop(sn, None))
                return hit[1]
        return await self._refresh(sn, hit)

    async def _refresh(self, sn: str, hit: tuple[float, DeviceConfig | None] | None) -> DeviceConfig | None:
        now = time.monotonic()
        try:
            async with self.sessionmaker() as session:
                config = await load(session, sn)
        except Exception:
            if hit is None:
                raise
            # The database is away: keep running on what we knew (a running site must not lose values for it).
            log.warning("config reload for %s failed; using the cached one", sn, exc_info=True)
            self._items[sn] = (now, hit[1])
            return hit[1]
        if self._items.get(sn) is hit:  # not invalidated (nor refreshed) meanwhile
            self._items[sn] = (now, config)
        return config

    def close(self) -> None:
        """Stop the background reloads (the runtime is stopping)."""
        for task in list(self._refreshing.values()):
            task.cancel()
        self._refreshing.clear()

    def invalidate(self, sn: str | None = None) -> None:
        if sn is None:
            self._items.clear()
        else:
            self._items.pop(sn, None)
