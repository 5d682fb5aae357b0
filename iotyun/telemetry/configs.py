"""What the ingest knows of a gateway: its registered device and the data sources of its published template."""

import asyncio
import logging
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.core.limits import INGEST_TEXT_MAX
from iotyun.core.tenancy import system_session
from iotyun.devices import repository as device_repo
from iotyun.gateway.config_schema import DataSourceConfig, GatewayConfig
from iotyun.telemetry import conditions
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
        """Whether the condition holds for `value` (None: the value cannot be judged, e.g. a failed read); judged by
        telemetry/conditions.py, as the automations' thresholds are."""
        if self.kind == "bit":
            return conditions.bit(value, self.bit_index or 0)
        return conditions.compare(self.op or "", value, self.threshold if self.threshold is not None else 0.0)


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
    config: DataSourceConfig = field(compare=False, repr=False)
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


def _source(ds: DataSourceConfig) -> Source:
    faults = tuple(
        Fault(
            key=f"{ds.id}:{i}",
            kind=f.kind,
            op=f.op,
            threshold=None if f.threshold is None else float(f.threshold),
            bit_index=f.bit_index,
            alarm_name=f.alarm_name,
            level=f.level,
            info=f.info,
        )
        for i, f in enumerate(ds.faults)
    )
    low, high = shown_range(ds.data_type, ds.scale, ds.offset, ds.decimals)
    length = ds.string_length
    text_max = min(length, INGEST_TEXT_MAX) if length is not None and length > 0 else INGEST_TEXT_MAX
    return Source(
        id=ds.id,
        name=ds.name,
        data_type=ds.data_type,
        rw=ds.rw,
        unit=ds.unit,
        decimals=ds.decimals,
        min_value=ds.min_value,
        max_value=ds.max_value,
        string_length=ds.string_length,
        history=ds.history,
        interval_ms=(ds.history_interval_s or 0) * 1000,
        group_id=ds.group_id,
        faults=faults,
        config=ds,
        low=low,
        high=high,
        text_max=text_max,
        kind={"bit": "bool", "string": "str"}.get(ds.data_type, "num"),
    )


# The data sources and groups of one publication, parsed once: (template id, version) -> (sources, groups).
Parsed = tuple[dict[int, Source], dict[int, str]]
_PARSED_MAX = 1000
# SNs a reload query asks for at once (bound parameters stay well under every database's limit).
LOAD_CHUNK = 500
# How long a reload waits for the other gateways turning stale at the same moment.
RELOAD_GATHER_S = 0.05


def parse_publication(published: GatewayConfig) -> Parsed:
    sources = {ds.id: _source(ds) for ds in published.data_sources}
    groups = {g.id: g.name for g in published.groups}
    return sources, groups


async def load(
    session: AsyncSession, sn: str, parsed: dict[tuple[int, int], Parsed] | None = None
) -> DeviceConfig | None:
    """The config of the gateway with this SN, or None for an SN no gateway has."""
    return (await load_many(session, [sn], parsed)).get(sn)


async def load_many(
    session: AsyncSession, sns: Sequence[str], parsed: dict[tuple[int, int], Parsed] | None = None
) -> dict[str, DeviceConfig]:
    """The configs of the gateways with these SNs (an SN no gateway has is left out), in two light queries. With
    `parsed`, a publication already parsed there is taken as it is, and one parsed now is kept there: the devices of
    one template share it, and a reload that finds nothing changed parses nothing."""
    found: dict[str, DeviceConfig] = {}
    for start in range(0, len(sns), LOAD_CHUNK):
        found.update(await _load_chunk(session, sns[start : start + LOAD_CHUNK], parsed))
    return found


async def _load_chunk(
    session: AsyncSession, sns: Sequence[str], parsed: dict[tuple[int, int], Parsed] | None
) -> dict[str, DeviceConfig]:
    rows = await device_repo.gateways_with_devices(session, sns)
    device_ids = [int(r[2]) for r in rows if r[2] is not None]
    stamps = await template_service.published_stamps(session, device_ids) if device_ids else {}
    found: dict[str, DeviceConfig] = {}
    for gateway_id, gateway_sn, device_id, tenant_id, owner_id, alias in rows:
        sn = str(gateway_sn)
        if sn in found:
            continue  # one registered device per gateway; the first stands should there ever be two
        template_id: int | None = None
        version: int | None = None
        sources: dict[int, Source] = {}
        groups: dict[int, str] = {}
        stamp = stamps.get(int(device_id)) if device_id is not None else None
        if stamp is not None:
            known = parsed.get(stamp) if parsed is not None else None
            if known is not None:
                (template_id, version), (sources, groups) = stamp, known
            else:
                published = await template_service.published_config(session, sn)
                if published is not None:
                    template_id, version = published.template_id, published.version
                    sources, groups = parse_publication(published)
                    if parsed is not None:
                        if len(parsed) >= _PARSED_MAX:
                            parsed.clear()
                        parsed[(template_id, version)] = (sources, groups)
        found[sn] = DeviceConfig(
            gateway_id=int(gateway_id),
            sn=sn,
            device_id=None if device_id is None else int(device_id),
            tenant_id=None if tenant_id is None else int(tenant_id),
            owner_id=None if owner_id is None else int(owner_id),
            alias="" if alias is None else str(alias),
            template_id=template_id,
            version=version,
            sources=sources,
            groups=groups,
        )
    return found


class ConfigCache:
    """Gateway configs by SN, reloaded after `ttl` seconds (a publish, a registration or a rename shows within it)
    or at once after invalidate(). A registered gateway's values go on with what is known while it is read again in
    the background, every stale one in one batch: the database's latency (or absence) never holds the message loop
    up, and a thousand gateways cost a few queries per reload, not two each."""

    def __init__(
        self, sessionmaker: async_sessionmaker[AsyncSession], ttl: float = 5.0, unknown_ttl: float = 1.0
    ) -> None:
        self.sessionmaker = sessionmaker
        self.ttl = ttl
        # An SN without a registered device is asked again sooner: it may be registered any moment.
        self.unknown_ttl = unknown_ttl
        self._items: dict[str, tuple[float, DeviceConfig | None]] = {}
        self._stale: dict[str, tuple[float, DeviceConfig | None]] = {}
        self._reload: asyncio.Task[None] | None = None
        self._parsed: dict[tuple[int, int], Parsed] = {}
        self.reloads = 0

    async def get(self, sn: str) -> DeviceConfig | None:
        now = time.monotonic()
        hit = self._items.get(sn)
        if hit is not None:
            known = hit[1] is not None and hit[1].device_id is not None
            if now - hit[0] < (self.ttl if known else self.unknown_ttl):
                return hit[1]
            if known:
                if sn not in self._stale:
                    self._stale[sn] = hit
                    if self._reload is None or self._reload.done():
                        self._reload = asyncio.create_task(self._reload_stale(), name="iotyun-config-reload")
                return hit[1]
        return await self._refresh(sn, hit)

    async def _refresh(self, sn: str, hit: tuple[float, DeviceConfig | None] | None) -> DeviceConfig | None:
        now = time.monotonic()
        try:
            async with system_session(self.sessionmaker) as session:
                config = await load(session, sn, self._parsed)
        except Exception:
            if hit is None:
                raise
            log.warning("config reload for %s failed; using the cached one", sn, exc_info=True)
            self._items[sn] = (now, hit[1])
            return hit[1]
        if self._items.get(sn) is hit:  # not invalidated (nor refreshed) meanwhile
            self._items[sn] = (now, config)
        return config

    async def _reload_stale(self) -> None:
        # The other gateways that turn stale at this moment join the batch.
        await asyncio.sleep(RELOAD_GATHER_S)
        while self._stale:
            batch, self._stale = self._stale, {}
            now = time.monotonic()
            self.reloads += 1
            try:
                async with system_session(self.sessionmaker) as session:
                    configs: dict[str, DeviceConfig | None] = dict(await load_many(session, list(batch), self._parsed))
            except Exception:
                # The database is away: keep running on what we knew (a running site must not lose values for it).
                log.warning("config reload of %d gateways failed; using the cached ones", len(batch), exc_info=True)
                configs = {sn: hit[1] for sn, hit in batch.items()}
            for sn, hit in batch.items():
                if self._items.get(sn) is hit:  # not invalidated (nor refreshed) meanwhile
                    self._items[sn] = (now, configs.get(sn))

    def close(self) -> None:
        """Stop the background reloads (the runtime is stopping)."""
        if self._reload is not None:
            self._reload.cancel()
            self._reload = None
        self._stale.clear()

    def invalidate(self, sn: str | None = None) -> None:
        if sn is None:
            self._items.clear()
        else:
            self._items.pop(sn, None)
