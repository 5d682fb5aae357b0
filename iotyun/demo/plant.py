"""The demo's machines behind their simulated gateways (`iotyun serve --demo`): each ties its data sources together
as the plant would, where independent signals drew nonsense (a stopped compressor drawing 60 A, pressure as a
saw-tooth, alarms that rose and never came back).

- Air compressor: 运行状态 (a command bit that also switches by itself now and then, and by the screen's switch)
  drives it. Running, 排气压力 settles on 设定压力 as a first-order lag with the air demand wandering; stopped, it
  drains towards 0.15 MPa. 电机电流 follows the load, and is 0 A when stopped; 排气温度 lags towards 82–88 ℃ running
  and towards the room stopped; 运行小时 counts the hours run. Now and then a consumer closes (pressure over 1.0 MPa
  for a minute), the cooler fouls (temperature over 95 ℃ for a minute or two) or the motor's overload trips
  (故障字 bit 0 for half a minute): each rises and recovers.
- Boiler: 燃烧器 fires it; 蒸汽压力 and 出水温度 rise with the flame and fall without; 液位 swings with the feed
  pump; now and then the steam valve closes (pressure over 1.25 MPa) or the feed pump lags (液位 under 200 mm), and
  both recover.
- Cold store: a thermostat on 设定温度 switches 压缩机运行 (on above the setpoint + 1 ℃, off below − 1 ℃), and 库温
  falls while it runs and rises while it rests; now and then 库门 stands open, 库温 climbs past −12 ℃, and comes
  back once the door shuts.

Each model is chosen by its data sources' names (`process_for`); a gateway of another template keeps its own
independent signals. Models are pure over the times they are stepped at, so the tests step them without a clock.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from iotyun.gateway.modbus import Point, Value
from iotyun.gateway.simulate import Process

# The longest step a model integrates at once: a gateway that stalled does not jump its plant.
_DT_MAX = 5.0


def _number(value: Value, default: float) -> float:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float):
        return float(value)
    return default


def _on(value: Value) -> bool:
    return bool(value) if isinstance(value, bool | int | float) else False


def _lag(value: float, target: float, dt: float, tau: float) -> float:
    """A first-order lag's step towards `target` with time constant `tau` (s)."""
    return target + (value - target) * math.exp(-dt / tau)


@dataclass
class _Event:
    """Something that happens now and then for a while (a closed consumer, an open door): off, on for a drawn
    duration, then off for a drawn pause."""

    rng: random.Random
    duration: tuple[float, float]
    pause: tuple[float, float]
    first: tuple[float, float]
    until: float = -1.0
    next_at: float | None = None

    def active(self, t: float) -> bool:
        if self.next_at is None:
            self.next_at = t + self.rng.uniform(*self.first)
        if t >= self.next_at and t >= self.until:
            self.until = t + self.rng.uniform(*self.duration)
            self.next_at = self.until + self.rng.uniform(*self.pause)
        return t < self.until


@dataclass
class _Model:
    ids: dict[str, int]
    rng: random.Random
    last: float | None = None
    out: dict[int, Value] = field(default_factory=dict)
    dt_max: float = _DT_MAX

    def dt(self, t: float) -> float:
        dt = 0.0 if self.last is None else min(self.dt_max, max(0.0, t - self.last))
        self.last = t
        return dt

    def value(self, values: Mapping[int, Value], name: str) -> Value:
        return values.get(self.ids[name])

    def set(self, name: str, value: Value) -> None:
        self.out[self.ids[name]] = value


class Compressor(_Model):
    NAMES = ("运行状态", "设定压力", "排气压力", "排气温度", "电机电流", "运行小时", "故障字")

    def __init__(self, ids: dict[str, int], rng: random.Random) -> None:
        super().__init__(ids, rng)
        self.pressure = 0.62
        self.temperature = 78.0
        self.hours_s = rng.uniform(11_000, 14_000) * 3600
        self.demand = 0.0
        self.blocked = _Event(rng, (40, 80), (600, 1500), (90, 240))
        self.fouled = _Event(rng, (60, 120), (900, 1800), (300, 600))
        self.overload = _Event(rng, (20, 40), (900, 2400), (200, 500))

    def step(self, t: float, values: Mapping[int, Value]) -> dict[int, Value]:
        dt = self.dt(t)
        self.out = {}
        running = _on(self.value(values, "运行状态"))
        setpoint = min(1.0, max(0.4, _number(self.value(values, "设定压力"), 0.7)))
        blocked, fouled, overload = self.blocked.active(t), self.fouled.active(t), self.overload.active(t)
        # The air demand wanders slowly (a random walk pulled back to 0).
        self.demand += self.rng.gauss(0, 0.004) * math.sqrt(max(dt, 0.01)) - self.demand * dt / 300
        if running:
            target = setpoint + self.demand + (0.45 if blocked else 0.0)
            self.pressure = _lag(self.pressure, target, dt, 20.0)
            heat = 82.0 + 8.0 * (self.pressure - 0.6) + (20.0 if fouled else 0.0)
            self.temperature = _lag(self.temperature, heat, dt, 45.0 if fouled else 120.0)
            self.hours_s += dt
        else:
            self.pressure = _lag(self.pressure, 0.15, dt, 90.0)
            self.temperature = _lag(self.temperature, 32.0, dt, 400.0)
        noise = self.rng.gauss(0, 0.002)
        self.set("排气压力", round(max(0.0, self.pressure + noise), 3))
        self.set("排气温度", round(self.temperature + self.rng.gauss(0, 0.1), 2))
        current = 36.0 + 34.0 * self.pressure + self.rng.gauss(0, 0.6) if running else 0.0
        self.set("电机电流", round(current))
        self.set("运行小时", int(self.hours_s // 3600))
        self.set("故障字", 1 if overload and running else 0)
        return self.out


class Boiler(_Model):
    NAMES = ("燃烧器", "蒸汽压力", "出水温度", "液位")

    def __init__(self, ids: dict[str, int], rng: random.Random) -> None:
        super().__init__(ids, rng)
        self.pressure = 0.9
        self.water = 82.0
        self.level = 520.0
        self.pump_on = True
        self.closed = _Event(rng, (40, 90), (900, 1800), (120, 300))
        self.lagging = _Event(rng, (180, 240), (900, 2000), (300, 600))

    def step(self, t: float, values: Mapping[int, Value]) -> dict[int, Value]:
        dt = self.dt(t)
        self.out = {}
        firing = _on(self.value(values, "燃烧器"))
        closed, lagging = self.closed.active(t), self.lagging.active(t)
        target = (1.05 + (0.4 if closed else 0.0)) if firing else 0.35
        self.pressure = _lag(self.pressure, target, dt, 30.0 if firing else 180.0)
        self.water = _lag(self.water, 86.0 if firing else 72.0, dt, 150.0)
        # The feed pump keeps the drum between 450 and 600 mm (on below, off above); lagging, it feeds nothing.
        if self.level < 450:
            self.pump_on = True
        elif self.level > 600:
            self.pump_on = False
        feed = 0.0 if lagging or not self.pump_on else 4.0
        steam = 2.5 if firing else 0.5
        self.level = max(0.0, self.level + (feed - steam) * dt)
        self.set("蒸汽压力", round(self.pressure + self.rng.gauss(0, 0.003), 3))
        self.set("出水温度", round(min(90.0, max(70.0, self.water + self.rng.gauss(0, 0.1))), 2))
        self.set("液位", round(self.level + self.rng.gauss(0, 0.5), 1))
        return self.out


class ColdStore(_Model):
    NAMES = ("库温", "设定温度", "湿度", "压缩机运行", "库门")

    def __init__(self, ids: dict[str, int], rng: random.Random) -> None:
        super().__init__(ids, rng)
        self.temperature = -18.0
        self.humidity = 82.0
        self.cooling = True
        self.door = _Event(rng, (120, 240), (900, 1800), (60, 180))

    def step(self, t: float, values: Mapping[int, Value]) -> dict[int, Value]:
        dt = self.dt(t)
        self.out = {}
        setpoint = min(-15.0, max(-25.0, _number(self.value(values, "设定温度"), -20.0)))
        door = self.door.active(t)
        if self.temperature > setpoint + 1.0:
            self.cooling = True
        elif self.temperature < setpoint - 1.0:
            self.cooling = False
        # Cooling pulls towards −30 ℃, the room towards +5 ℃ through the walls, much faster through the open door.
        if self.cooling:
            self.temperature = _lag(self.temperature, -30.0, dt, 900.0)
        self.temperature = _lag(self.temperature, 5.0, dt, 150.0 if door else 3000.0)
        self.humidity = _lag(self.humidity, 88.0 if door else 80.0, dt, 200.0)
        self.set("库温", round(self.temperature + self.rng.gauss(0, 0.03), 2))
        self.set("湿度", round(min(90.0, max(70.0, self.humidity + self.rng.gauss(0, 0.2))), 1))
        self.set("压缩机运行", self.cooling)
        self.set("库门", door)
        return self.out


_MODELS: tuple[type[Compressor] | type[Boiler] | type[ColdStore], ...] = (Compressor, Boiler, ColdStore)


def process_for(points: Sequence[Point], dt_max: float = _DT_MAX) -> Process | None:
    """The demo machine whose data sources the gateway has (by name), seeded by its points, or None. `dt_max` is the
    longest step it integrates at once (the backfill steps a week at 30 s)."""
    ids = {p.name: p.id for p in points}
    for model in _MODELS:
        if all(name in ids for name in model.NAMES):
            seed = ":".join(str(ids[name]) for name in model.NAMES)
            process = model({name: ids[name] for name in model.NAMES}, random.Random(seed))
            process.dt_max = dt_max
            return process
    return None
