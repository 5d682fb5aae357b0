"""The demo's machines behind their simulated gateways tell a coherent story (issue 30 defect 6): a stopped
compressor draws no current, pressure moves like a plant (bounded steps, no saw-tooth), and every alarm that rises
also recovers within the simulated horizon. The models are stepped at the gateways' 1 Hz without a clock."""

import itertools
from collections.abc import Callable, Mapping

import pytest

from iotyun.demo import plant
from iotyun.demo.templates import _BOILER, _COLD, _COMPRESSOR, _Source
from iotyun.gateway.config_schema import FaultConfig
from iotyun.gateway.modbus import Point, Value
from iotyun.gateway.simulate import SimulatedSource

HORIZON_S = 4 * 3600


def _points(sources: list[_Source]) -> list[Point]:
    return [
        Point(
            id=i + 1,
            name=name,
            data_type=data_type,
            area=area,
            address=address,
            rw=rw,
            decimals=decimals,
            min_value=low,
            max_value=high,
            faults=[FaultConfig.model_validate(f) for f in faults],
        )
        for i, (name, _g, data_type, area, address, rw, _u, decimals, low, high, _h, faults) in enumerate(sources)
    ]


def _run(
    sources: list[_Source], inputs: Callable[[float], Mapping[str, Value]], horizon: int = HORIZON_S
) -> tuple[list[Point], list[dict[str, Value]]]:
    """Each second's values by name: the inputs (commands, setpoints) as given, the rest from the process."""
    points = _points(sources)
    process = plant.process_for(points)
    assert process is not None
    by_name = {p.name: p.id for p in points}
    names = {v: k for k, v in by_name.items()}
    rows = []
    for t in range(horizon):
        given = {by_name[k]: v for k, v in inputs(float(t)).items()}
        out = process.step(float(t), given)
        rows.append({names[i]: v for i, v in {**given, **out}.items()})
    return points, rows


def _compressor_inputs(t: float) -> dict[str, Value]:
    # Runs, stops for 20 minutes at the end of each hour, at a setpoint of 0.7 MPa.
    return {"运行状态": (t % 3600) < 2400, "设定压力": 0.7}


def _fires(op: str, threshold: float, value: float) -> bool:
    return {"gt": value > threshold, "ge": value >= threshold, "lt": value < threshold, "le": value <= threshold}[op]


def _alarm_spans(points: list[Point], rows: list[dict[str, Value]]) -> dict[str, list[tuple[int, int | None]]]:
    """Each fault condition's alarm spans (start second, end second or None while it lasts at the horizon)."""
    spans: dict[str, list[tuple[int, int | None]]] = {}
    for point in points:
        for fault in point.faults:
            key = fault.alarm_name
            spans[key] = []
            start: int | None = None
            for t, row in enumerate(rows):
                value = row[point.name]
                assert isinstance(value, int | float)
                if fault.kind == "bit":
                    assert fault.bit_index is not None
                    on = bool(int(value) >> fault.bit_index & 1)
                else:
                    assert fault.op is not None and fault.threshold is not None
                    on = _fires(fault.op, float(fault.threshold), float(value))
                if on and start is None:
                    start = t
                elif not on and start is not None:
                    spans[key].append((start, t))
                    start = None
            if start is not None:
                spans[key].append((start, None))
    return spans


def _assert_alarms_rise_and_recover(points: list[Point], rows: list[dict[str, Value]], names: set[str]) -> None:
    spans = _alarm_spans(points, rows)
    for name in names:
        assert spans[name], f"{name} never rose in {HORIZON_S} s"
        # Every span but one still running in the last ten minutes has ended.
        for start, end in spans[name]:
            assert end is not None or start > len(rows) - 600, f"{name} rose at {start} s and never recovered"
            if end is not None:
                assert end - start < 900, f"{name} lasted {end - start} s"


def test_a_stopped_compressor_draws_no_current_and_a_running_one_does() -> None:
    _, rows = _run(_COMPRESSOR, _compressor_inputs)
    for row in rows:
        if row["运行状态"]:
            continue
        assert row["电机电流"] == 0
    running = [row["电机电流"] for row in rows[600:2400]]
    assert all(isinstance(a, int) and 40 <= a <= 90 for a in running)


def test_compressor_pressure_moves_like_a_plant_not_a_saw_tooth() -> None:
    _, rows = _run(_COMPRESSOR, _compressor_inputs)
    pressure = [float(row["排气压力"]) for row in rows]  # type: ignore[arg-type]
    steps = [b - a for a, b in itertools.pairwise(pressure)]
    # Bounded: no step of a second moves it by more than 0.05 MPa (a saw-tooth dropped from top to bottom at once).
    assert max(abs(s) for s in steps) < 0.05
    # Not periodic: the running hours' pressure wanders around the setpoint instead of repeating a ramp.
    running = pressure[600:2400]
    assert 0.6 < sum(running) / len(running) < 0.85
    rises = sum(1 for s in steps[600:2400] if s > 0)
    assert 0.3 < rises / 1800 < 0.7
    # Stopped, it drains: lower at the end of the stop than at its start.
    assert pressure[3590] < pressure[2400] - 0.2


def test_compressor_temperature_follows_its_running() -> None:
    _, rows = _run(_COMPRESSOR, _compressor_inputs)
    temperature = [float(row["排气温度"]) for row in rows]  # type: ignore[arg-type]
    assert temperature[3599] < temperature[2399] - 5  # cooled while stopped
    hours = [row["运行小时"] for row in rows]
    assert hours == sorted(hours)  # type: ignore[type-var]


def test_compressor_alarms_rise_and_recover() -> None:
    points, rows = _run(_COMPRESSOR, _compressor_inputs)
    _assert_alarms_rise_and_recover(points, rows, {"排气压力过高", "排气温度过高", "电机过载"})


def test_boiler_alarms_rise_and_recover_and_its_steam_follows_the_burner() -> None:
    points, rows = _run(_BOILER, lambda t: {"燃烧器": (t % 5400) < 4800})
    _assert_alarms_rise_and_recover(points, rows, {"蒸汽压力过高", "液位过低"})
    pressure = [float(row["蒸汽压力"]) for row in rows]  # type: ignore[arg-type]
    assert max(abs(b - a) for a, b in itertools.pairwise(pressure)) < 0.03
    assert pressure[5399] < pressure[4799] - 0.2  # the flame out, the steam falls


def test_cold_store_thermostat_and_door() -> None:
    points, rows = _run(_COLD, lambda t: {"设定温度": -20.0})
    _assert_alarms_rise_and_recover(points, rows, {"库温过高"})
    # The compressor runs above the setpoint's band and rests below it; the door's openings warm the room.
    for row in rows[1:]:
        temperature = float(row["库温"])  # type: ignore[arg-type]
        if temperature > -18.5:
            assert row["压缩机运行"] is True
        if temperature < -21.5:
            assert row["压缩机运行"] is False
    assert any(row["库门"] for row in rows)


def test_other_templates_keep_their_own_signals() -> None:
    assert plant.process_for([Point(id=1, name="A相电压", data_type="float32")]) is None


@pytest.mark.parametrize("sources", [_COMPRESSOR, _BOILER, _COLD])
def test_a_simulated_gateway_applies_its_process_and_keeps_writes(sources: list[_Source]) -> None:
    source = SimulatedSource("IOT0000001", plant.process_for)
    source.configure(_points(sources))
    assert source.process is not None
    values = source.sample(0.0)
    assert set(values) == {p.id for p in _points(sources)}
