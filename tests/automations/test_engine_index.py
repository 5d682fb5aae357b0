"""The engine's index (engine.Watch): each value steps only the rules watching its data source that can move on it,
and decides what stepping every rule of the template on every value decides (the engine before the index): the same
decisions, the same threshold states, the same count of evaluations, over random rules and values (numbers on both
sides of the thresholds, bools, strings, None, NaN, bad quality), thresholds held, reached, let go and claimed at
load."""

import random
from collections import Counter
from types import SimpleNamespace
from typing import Any

from iotyun.automations import evaluate as ev
from iotyun.automations.engine import AutomationEngine
from iotyun.telemetry.configs import DeviceConfig

TEMPLATE = 5
SOURCES = [101, 102, 103]
DEVICES = [1, 2, 3]


def compiled(n: int, rng: random.Random) -> ev.Compiled:
    source = rng.choice(SOURCES)
    if rng.random() < 0.2:
        trigger: dict[str, Any] = {"kind": "change", "source_id": source}
    else:
        trigger = {
            "kind": "threshold",
            "source_id": source,
            "op": rng.choice(["gt", "ge", "lt", "le", "eq", "ne"]),
            "value": rng.choice([0, 1, 2.5, 5, 7, 10]),
            "hold_s": rng.choice([0, 0, 1, 3]),
            "hysteresis": rng.choice([0, 0, 0.5, 2]),
        }
    items = [{"source_id": rng.choice(SOURCES), "op": "gt", "value": 3}] if rng.random() < 0.3 else []
    row = SimpleNamespace(
        id=n,
        tenant_id=1,
        owner_id=1,
        name=f"r{n}",
        version=1,
        template_id=TEMPLATE if rng.random() < 0.9 else TEMPLATE + 1,
        scope="template",
        trigger=trigger,
        conditions={"join": "and", "items": items},
        actions=[{"kind": "alarm", "mode": "raise", "name": "x", "level": 1}],
        rate_per_minute=6,
    )
    devices = frozenset(rng.sample(DEVICES, 2)) if rng.random() < 0.2 else None
    return ev.Compiled.of(row, devices)


class SteppingEveryRule(AutomationEngine):
    """The engine as it was before the index: every rule of the template, every value."""

    def evaluate(self, config: DeviceConfig, values: list[dict[str, Any]]) -> None:
        device_id = config.device_id
        assert device_id is not None
        rules = [r for r in self.rules.values() if r.template_id == config.template_id]
        batch = {x["id"]: x["v"] for x in values if x.get("q", 0) == 0}
        for rule in rules:
            if rule.devices is not None and device_id not in rule.devices:
                continue
            for v in values:
                if v["id"] != rule.source_id or v.get("q", 0) != 0:
                    continue
                self.stats["evaluated"] += 1
                key = (rule.id, device_id)
                state = self.states.get(key)
                if state is None:
                    state = self.states[key] = ev.new_state(rule)
                result = ev.step(rule, state, v["v"], v["ts"])
                if result is None:
                    if state.threshold is not None and state.threshold.since is not None:
                        self._holding[key] = (config.sn, config.alias, v["v"])
                    else:
                        self._holding.pop(key, None)
                    continue
                self._holding.pop(key, None)
                self._decide(result, rule, device_id, config.sn, config.alias, v["v"], v["ts"], batch)


def config_of(device_id: int) -> DeviceConfig:
    return DeviceConfig(
        gateway_id=device_id,
        sn=f"SN{device_id}",
        device_id=device_id,
        tenant_id=1,
        owner_id=1,
        alias=f"d{device_id}",
        template_id=TEMPLATE,
        version=1,
        sources={},
        groups={},
    )


def a_value(rng: random.Random) -> Any:
    roll = rng.random()
    if roll < 0.04:
        return rng.choice([True, False])
    if roll < 0.06:
        return rng.choice(["on", None, float("nan")])
    if roll < 0.4:
        return rng.choice([0, 1, 2.5, 5, 7, 10, -0.5, 12, 1.5, 8])
    return round(rng.uniform(-3, 14), 1)


def thresholds(engine: AutomationEngine) -> dict[tuple[int, int], tuple[int | None, bool]]:
    """Every threshold state not at rest (an absent state is at rest)."""
    return {
        k: (s.threshold.since, s.threshold.active)
        for k, s in engine.states.items()
        if s.threshold is not None and (s.threshold.since is not None or s.threshold.active)
    }


def test_the_index_decides_what_stepping_every_rule_decides() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        rules = {n: compiled(n, rng) for n in range(1, 40)}
        active = {(n, d) for n in rules for d in DEVICES if rng.random() < 0.05}
        engines = [AutomationEngine(None, lambda _: {}), SteppingEveryRule(None, lambda _: {})]  # type: ignore[arg-type]
        for engine in engines:
            engine.install(rules, {a for a in active if rules[a[0]].trigger.kind == "threshold"})
        ts = 1_000_000
        for _ in range(300):
            ts += rng.choice([0, 500, 1000, 2000])
            device = rng.choice(DEVICES)
            values = [
                {"id": rng.choice([*SOURCES, 999]), "v": a_value(rng), "ts": ts, "q": 0 if rng.random() < 0.95 else 1}
                for _ in range(rng.randint(1, 4))
            ]
            for engine in engines:
                engine.evaluate(config_of(device), values)
            if rng.random() < 0.1:
                for engine in engines:
                    engine._hold_ends(ts + 2500)
            index, every = engines
            assert thresholds(index) == thresholds(every), seed
            assert index._holding == every._holding, seed
        index, every = engines
        assert index.stats["evaluated"] == every.stats["evaluated"], seed

        def decided(engine: AutomationEngine) -> Counter[tuple[Any, ...]]:
            return Counter((d.kind, d.rule.id, d.device_id, d.ts, d.matched) for d in engine.decisions)

        assert decided(index) == decided(every), seed
        assert sum(decided(index).values()) > 0, seed
