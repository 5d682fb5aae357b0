"""Simulated signals: plausible ranges, excursions past fault thresholds and back, writes that stick."""

import random

import pytest

from iotyun.gateway.config_schema import FaultConfig
from iotyun.gateway.modbus import Point, WriteRefused
from iotyun.gateway.signals import STATUS_WORDS, make_signal
from iotyun.gateway.simulate import SimulatedSource

HOUR = 3600


def run(p: Point, seconds: int = 2 * HOUR, seed: int = 1) -> list[object]:
    signal = make_signal(p, random.Random(seed))
    return [signal.sample(float(t)) for t in range(seconds)]


HIGH_FAULT = FaultConfig(kind="compare", op="gt", threshold=1.0, alarm_name="高", level=2)


@pytest.mark.parametrize("seed", range(5))
def test_a_high_fault_fires_and_recovers(seed: int) -> None:
    values = run(Point(id=1, data_type="float32", decimals=2, faults=[HIGH_FAULT]), seed=seed)
    above = [v for v in values if isinstance(v, float) and v > 1.0]
    assert above, "no excursion in two hours"
    assert len(above) < len(values) * 0.3
    assert values[-1] is not None
    # Excursions end: after the first one the signal is back under the threshold at some point.
    first = next(i for i, v in enumerate(values) if isinstance(v, float) and v > 1.0)
    assert any(isinstance(v, float) and v <= 1.0 for v in values[first:])


def test_respects_decimals_and_min_max() -> None:
    values = run(Point(id=1, data_type="float32", decimals=1, min_value=10, max_value=20))
    assert all(isinstance(v, float) and 10 <= v <= 20 for v in values)
    assert all(round(float(str(v)), 1) == v for v in values)
    assert len(set(values)) > 10


def test_integers_are_ints_in_their_type() -> None:
    values = run(Point(id=1, data_type="uint16", decimals=0))
    assert all(isinstance(v, int) and 0 <= v <= 65535 for v in values)


def test_a_fault_word_sets_its_fault_bits_now_and_then() -> None:
    faults = [FaultConfig(kind="bit", bit_index=1, alarm_name="相序", level=5)]
    values = run(Point(id=1, data_type="uint16", decimals=0, faults=faults))
    assert set(values) == {0, 2}


def test_counters_only_go_up() -> None:
    values = run(Point(id=1, data_type="uint32", decimals=0))
    ints = [int(str(v)) for v in values]
    assert ints == sorted(ints)
    assert ints[-1] > ints[0]


def test_bits_toggle() -> None:
    values = run(Point(id=1, data_type="bit", area="coil"))
    assert {True, False} <= set(values)


def test_strings_come_from_a_small_set() -> None:
    values = run(Point(id=1, data_type="string", area="holding", string_length=4))
    assert set(values) <= {w[:4] for w in STATUS_WORDS}
    assert len(set(values)) > 1


async def test_a_write_becomes_the_value() -> None:
    source = SimulatedSource("SIM1")
    setpoint = Point(id=1, data_type="float32", rw="rw", min_value=0.4, max_value=1.0, decimals=2)
    counter = Point(id=2, data_type="int16", area="input", decimals=0)
    source.configure([setpoint, counter])
    assert await source.write(setpoint, 0.75) == 0.75
    readings = await source.read_all()
    assert readings[1] == (0.75, 0)
    with pytest.raises(WriteRefused, match="range"):
        await source.write(setpoint, 1.5)
    with pytest.raises(WriteRefused, match="readonly"):
        await source.write(counter, 3)
    # A configuration refetch with the same point keeps the written value.
    source.configure([Point(id=1, data_type="float32", rw="rw", min_value=0.4, max_value=1.0, decimals=2)])
    assert (await source.read_all())[1] == (0.75, 0)
