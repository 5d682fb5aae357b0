"""The ingest decides the common value (a known source, an int ts, quality 0-2, a number in range or a bit) on a
fast path: it must accept exactly what the full checks accept, with the same value, and leave every refusal to them."""

import itertools
import math
import time
from collections import Counter
from typing import Any

from iotyun.gateway.config_schema import DataSourceConfig
from iotyun.telemetry.configs import DeviceConfig, _source
from iotyun.telemetry.ingest import EARLIEST_MS, Ingest

SOURCES: list[dict[str, Any]] = [
    {"id": 1, "data_type": "int16", "history": "change"},
    {"id": 2, "data_type": "uint16", "scale": 0.1, "offset": -5, "decimals": 1, "history": "change"},
    {"id": 3, "data_type": "float32", "history": "interval", "history_interval_s": 60},
    {"id": 4, "data_type": "float64", "history": "off"},
    {"id": 5, "data_type": "bit", "history": "change"},
    {"id": 6, "data_type": "string", "string_length": 4, "history": "change"},
    {"id": 7, "data_type": "uint32", "history": "change"},
]
NOW = int(time.time() * 1000)
LATEST = NOW + 24 * 3600 * 1000
IDS: list[Any] = [1, 2, 3, 4, 5, 6, 7, 99, True, "1", None, 1.0]
TSS: list[Any] = [NOW, NOW + 0.5, EARLIEST_MS, EARLIEST_MS - 1, LATEST, LATEST + 1, True, "now", None, math.inf]
QS: list[Any] = [0, 1, 2, 3, -1, 0.0, 1.0, True, False, None, "0"]
VS: list[Any] = [
    0,
    1,
    -1,
    2**15 - 1,
    2**15,
    -(2**15),
    -(2**15) - 1,
    2**16,
    2**32,
    2**70,
    2**1100,
    -6.5,
    6548.0,
    6549.0,
    0.5,
    1e39,
    -1e39,
    math.nan,
    math.inf,
    True,
    False,
    None,
    "ok",
    "long text",
    "a\x00b",
    [1],
]


def ingest() -> Ingest:
    ing = Ingest.__new__(Ingest)
    ing.stats = Counter()
    ing._logged = set()
    ing._last_stored = {}
    return ing


def test_the_fast_path_accepts_exactly_what_the_full_checks_accept() -> None:
    entries = [DataSourceConfig.model_validate({"area": "holding", "address": 0, **raw}) for raw in SOURCES]
    sources = {ds.id: _source(ds) for ds in entries}
    config = DeviceConfig(1, "SN1", 1, 1, 1, "a", 1, 1, sources, {})
    fast, full = ingest(), ingest()
    items: list[Any] = ["nonsense", 3, None, [], {}]
    for sid, ts, q, v in itertools.product(IDS, TSS, QS, VS):
        item: dict[str, Any] = {"id": sid, "ts": ts, "q": q, "v": v}
        items.append(item)
        if sid == 1 and ts == NOW:
            items += [{k: x for k, x in item.items() if k != key} for key in ("q", "v", "ts", "id")]
    accepted = 0
    for item in items:
        got, want = fast._check(config, item, LATEST), full._check_slow(config, item, LATEST)
        assert got == want, item
        if want is not None:
            accepted += 1
            assert got is not None and got[1] == want[1] and type(got[1]["v"]) is type(want[1]["v"]), item
    # Refusals are counted alike, by reason.
    assert fast.stats == full.stats
    assert accepted > 500 and fast.stats["rejected"] > 5000
