"""Plausible signals for simulated data sources: ramps, sine plus noise, random steps and counters, with occasional
excursions past the data source's fault thresholds (so alarms fire and recover), toggling bits and status strings."""

from __future__ import annotations

import math
import random

from iotyun.gateway.modbus import FLOAT_TYPES, INTEGER_TYPES, Point, Value, shown

STATUS_WORDS = ("RUN", "IDLE", "STOP", "AUTO", "MANUAL", "FAULT")
_TYPE_RANGE: dict[str, tuple[float, float]] = {
    "int16": (0, 100),
    "uint16": (0, 1000),
    "int32": (0, 10000),
    "uint32": (0, 10000),
    "float32": (0, 100),
    "float64": (0, 100),
}
_RAW_LIMITS = {"int16": (-(2**15), 2**15 - 1), "uint16": (0, 2**16 - 1), "int32": (-(2**31), 2**31 - 1)}
_RAW_LIMITS["uint32"] = (0, 2**32 - 1)


def _thresholds(point: Point) -> tuple[float | None, float | None]:
    """The lowest "too high" and the highest "too low" compare threshold of the point's faults."""
    compare = [(f.op, float(f.threshold)) for f in point.faults if f.kind == "compare" and f.threshold is not None]
    high = [t for op, t in compare if op in ("gt", "ge")]
    low = [t for op, t in compare if op in ("lt", "le")]
    return (min(high) if high else None, max(low) if low else None)


class Signal:
    """One data source's simulated value over time; a write holds the written value from then on."""

    def __init__(self, point: Point, rng: random.Random) -> None:
        self.point = point
        self.rng = rng
        self.held: Value = None
        self._written = False

    def set(self, value: Value) -> None:
        self.held = value
        self._written = True

    def sample(self, t: float) -> Value:
        """The value at monotonic time t (seconds); successive calls move forward in time."""
        if self._written:
            return self.held
        return self.generate(t)

    def generate(self, t: float) -> Value:
        raise NotImplementedError


class BitSignal(Signal):
    """A bit that toggles after a random dwell (slow for writable command bits)."""

    def __init__(self, point: Point, rng: random.Random) -> None:
        super().__init__(point, rng)
        self.state = rng.random() < 0.5
        self.dwell = (120.0, 600.0) if point.rw == "rw" else (10.0, 120.0)
        self.next_change: float | None = None

    def generate(self, t: float) -> Value:
        if self.next_change is None:
            self.next_change = t + self.rng.uniform(*self.dwell)
        elif t >= self.next_change:
            self.state = not self.state
            self.next_change = t + self.rng.uniform(*self.dwell)
        return self.state


class StringSignal(Signal):
    """A status word from a small set, changing now and then."""

    def __init__(self, point: Point, rng: random.Random) -> None:
        super().__init__(point, rng)
        size = int(point.string_length or 0)
        self.words = [w[:size] for w in STATUS_WORDS if w[:size]] or [""]
        self.word = self.words[0]
        self.next_change: float | None = None

    def generate(self, t: float) -> Value:
        if self.next_change is None:
            self.next_change = t + self.rng.uniform(30, 300)
        elif t >= self.next_change:
            self.word = self.rng.choice(self.words)
            self.next_change = t + self.rng.uniform(30, 300)
        return self.word


class NumberSignal(Signal):
    """A number inside a normal band (min/max, or below/above the fault thresholds, or a default per data type),
    shaped as sine plus noise, random steps, a sawtooth ramp or a slow counter; with occasional excursions past
    the fault thresholds."""

    def __init__(self, point: Point, rng: random.Random) -> None:
        super().__init__(point, rng)
        self.high_alarm, self.low_alarm = _thresholds(point)
        self.lo, self.hi = self._band()
        shapes = ["sine", "sine", "steps", "ramp"]
        if point.data_type == "uint32" and self.high_alarm is None and self.low_alarm is None:
            shapes = ["counter"]
        self.shape = rng.choice(shapes)
        self.period = rng.uniform(60, 600)
        self.phase = rng.uniform(0, 2 * math.pi)
        self.noise = (self.hi - self.lo) * 0.02
        self.level = rng.uniform(self.lo, self.hi)
        self.next_step: float | None = None
        self.t0: float | None = None
        self.excursion_until = -1.0
        self.excursion_value = 0.0
        # The first excursion comes soon after start so a demo shows an alarm within minutes.
        self.next_excursion: float | None = None
        self.bit_faults = [f.bit_index for f in point.faults if f.kind == "bit" and f.bit_index is not None]
        if point.rw == "rw":
            self.shape = "hold"
            self.level = (self.lo + self.hi) / 2

    def _band(self) -> tuple[float, float]:
        p = self.point
        if p.min_value is not None and p.max_value is not None and p.max_value > p.min_value:
            return p.min_value, p.max_value
        high, low = self.high_alarm, self.low_alarm
        if high is not None and low is not None and high > low:
            span = high - low
            return low + span * 0.1, high - span * 0.1
        if high is not None:
            width = max(abs(high) * 0.6, 1.0)
            return high - width, high - width * 0.15
        if low is not None:
            width = max(abs(low) * 0.6, 1.0)
            return low + width * 0.15, low + width
        lo, hi = _TYPE_RANGE.get(p.data_type, (0.0, 100.0))
        if p.min_value is not None:
            lo = max(lo, p.min_value)
        if p.max_value is not None:
            hi = min(hi, p.max_value)
        return (lo, hi) if hi > lo else (lo, lo + 1)

    def _normal(self, t: float) -> float:
        assert self.t0 is not None
        span = self.hi - self.lo
        if self.shape == "hold":
            return self.level
        if self.shape == "sine":
            mid, amp = (self.lo + self.hi) / 2, span * 0.4
            return (
                mid
                + amp * math.sin(2 * math.pi * (t - self.t0) / self.period + self.phase)
                + self.rng.gauss(0, self.noise)
            )
        if self.shape == "ramp":
            return self.lo + span * (((t - self.t0) / self.period + self.phase / (2 * math.pi)) % 1.0)
        if self.shape == "counter":
            if self.next_step is None or t >= self.next_step:
                if self.next_step is not None:
                    self.level += 1
                self.next_step = t + self.rng.uniform(30, 120)
            return self.level
        if self.next_step is None or t >= self.next_step:
            self.level = self.rng.uniform(self.lo, self.hi)
            self.next_step = t + self.rng.uniform(10, 60)
        return self.level + self.rng.gauss(0, self.noise / 2)

    def _excursion(self, t: float) -> float | None:
        if self.high_alarm is None and self.low_alarm is None and not self.bit_faults:
            return None
        if self.next_excursion is None:
            self.next_excursion = t + self.rng.uniform(30, 180)
        if t >= self.next_excursion:
            self.excursion_until = t + self.rng.uniform(15, 45)
            self.next_excursion = self.excursion_until + self.rng.uniform(180, 900)
            margin = (self.hi - self.lo) * self.rng.uniform(0.05, 0.2)
            if self.bit_faults:
                self.excursion_value = float(1 << self.rng.choice(self.bit_faults))
            elif self.high_alarm is not None and (self.low_alarm is None or self.rng.random() < 0.5):
                self.excursion_value = self.high_alarm + margin
            else:
                assert self.low_alarm is not None
                self.excursion_value = self.low_alarm - margin
        if t < self.excursion_until:
            return self.excursion_value + (0 if self.bit_faults else self.rng.gauss(0, self.noise / 2))
        return None

    def generate(self, t: float) -> Value:
        if self.t0 is None:
            self.t0 = t
        p = self.point
        excursion = self._excursion(t)
        if self.bit_faults:
            value = excursion if excursion is not None else 0.0
        else:
            value = excursion if excursion is not None else self._normal(t)
        if p.min_value is not None:
            value = max(value, p.min_value)
        if p.max_value is not None:
            value = min(value, p.max_value)
        raw = (value - p.offset) / p.scale
        if p.data_type in INTEGER_TYPES:
            low, high = _RAW_LIMITS[p.data_type]
            raw = min(max(round(raw), low), high)
        return shown(p, raw)


def make_signal(point: Point, rng: random.Random) -> Signal:
    """The signal that suits the point's data type, writability and faults."""
    if point.data_type == "bit":
        return BitSignal(point, rng)
    if point.data_type == "string":
        return StringSignal(point, rng)
    if point.data_type in INTEGER_TYPES or point.data_type in FLOAT_TYPES:
        return NumberSignal(point, rng)
    raise ValueError(point.data_type)
