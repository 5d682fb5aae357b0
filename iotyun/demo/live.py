"""`iotyun serve --demo`: the demo tenant's gateways run as simulated gateways inside the server process, so a
newcomer sees live values, alarms and writes at once (they speak MQTT to the server's broker like real ones)."""

import asyncio
import contextlib
import logging
import math
import random
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.alarms.models import CONFIRMED, RECOVERED, Alarm
from iotyun.core.tenancy import system_session
from iotyun.demo import devices as device_demo
from iotyun.demo import monitoring as device_monitoring_demo
from iotyun.demo import plant
from iotyun.demo.devices import DEMO_SECRET
from iotyun.devices import service as device_service
from iotyun.gateway.modbus import Point, Value
from iotyun.gateway.signals import NumberSignal, make_signal
from iotyun.gateway.simulate import run_simulated_gateways
from iotyun.telemetry.public import DeviceConfig, Row, Source, history_value, load_config, telemetry_of

log = logging.getLogger("iotyun.demo")


async def _demo_gateways(app: FastAPI) -> list[tuple[str, str]]:
    """The demo gateways the seed shows online (a simulated one keeps each of them online for real). Chosen by the
    seed's list, not by today's state: the broker sends their last wills when a server stops, which marks them
    offline before the next start."""
    async with system_session(app.state.db.sessionmaker) as session:
        sns = await device_service.existing_sns(session, device_demo.live_sns())
    return [(sn, DEMO_SECRET) for sn in sns]


HISTORY_DAYS = 7
HISTORY_STEP_MS = 5 * 60_000


def _band(source: Source) -> tuple[float, float]:
    """The normal band of a variable: the simulator's (its range, or below its fault thresholds), so the backfilled
    week and the live values continue each other."""
    signal = make_signal(Point.from_config(source.config), random.Random(source.id))
    if isinstance(signal, NumberSignal):
        return signal.lo, signal.hi
    return 0.0, 1.0


def _curve(source: Source, band: tuple[float, float], ts: int, rng: random.Random) -> float | None:
    """A plausible week of one variable: a daily cycle inside its normal band, with noise."""
    if source.kind == "str":
        return None
    if source.kind == "bool":
        return float((ts // 3_600_000) % 5 != 0)
    lo, hi = band
    mid, amp = (lo + hi) / 2, (hi - lo) / 3
    day = (ts % 86_400_000) / 86_400_000
    value = mid + amp * math.sin(2 * math.pi * day) + rng.gauss(0, amp / 10)
    return round(min(hi, max(lo, value)), source.decimals)


PLANT_STEP_MS = 30_000


def _plant_week(config: DeviceConfig, now: int) -> dict[int, list[tuple[int, float]]]:
    """The week of the values a demo machine drives (iotyun/demo/plant.py), stepped every 30 s from the same inputs
    the curves give (its command bits on four hours in five, setpoints mid-band), kept every 5 minutes: the trend a
    screen opens on continues into the live values instead of contradicting them."""
    sources = list(config.sources.values())
    process = plant.process_for([Point.from_config(s.config) for s in sources], dt_max=PLANT_STEP_MS / 1000)
    if process is None:
        return {}
    rng = random.Random(config.sn)
    inputs: dict[int, Value] = {}
    for source in sources:
        if source.kind == "num":
            lo, hi = _band(source)
            inputs[source.id] = round((lo + hi) / 2, source.decimals)
    kept: dict[int, list[tuple[int, float]]] = {}
    start = now - HISTORY_DAYS * 86_400_000
    for ts in range(start, now, PLANT_STEP_MS):
        for source in sources:
            if source.kind == "bool":
                inputs[source.id] = bool(_curve(source, (0.0, 1.0), ts, rng))
        out = process.step((ts - start) / 1000, inputs)
        if (ts - start) % HISTORY_STEP_MS:
            continue
        for ds_id, value in out.items():
            if isinstance(value, bool | int | float):
                kept.setdefault(ds_id, []).append((ts, float(value)))
    return kept


async def backfill(app: FastAPI) -> int:
    """A week of history and a few past alarms for the demo's bound gateways, once (their history is empty)."""
    telemetry = telemetry_of(app)
    added = 0
    now = int(time.time() * 1000) // HISTORY_STEP_MS * HISTORY_STEP_MS
    for sn, _ in await _demo_gateways(app):
        async with system_session(app.state.db.sessionmaker) as session:
            config = await load_config(session, sn)
            if config is None or config.device_id is None or not config.sources:
                continue
            seen = await session.execute(
                select(history_value.c.ts).where(history_value.c.device_id == config.device_id).limit(1)
            )
            if seen.first() is not None:
                continue
        rng = random.Random(sn)
        rows: list[Row] = []
        driven = _plant_week(config, now)
        for source in config.sources.values():
            if source.history == "off":
                continue
            if source.id in driven:
                rows.extend((config.device_id, source.id, ts, v, None) for ts, v in driven[source.id])
                continue
            band = _band(source)
            for ts in range(now - HISTORY_DAYS * 86_400_000, now, HISTORY_STEP_MS):
                value = _curve(source, band, ts, rng)
                if value is not None:
                    rows.append((config.device_id, source.id, ts, value, None))
        telemetry.writer.add(rows, config.gateway_id, None)
        await telemetry.writer.flush()
        added += len(rows)
        await _past_alarms(app, config, now)
    return added


async def _past_alarms(app: FastAPI, config: DeviceConfig, now: int) -> None:
    """Three earlier occurrences of each fault condition: confirmed, recovered, and one still to confirm."""
    assert config.device_id is not None and config.tenant_id is not None and config.owner_id is not None
    async with system_session(app.state.db.sessionmaker) as session:
        for source in config.sources.values():
            for fault in source.faults:
                for days_ago, state in ((5, CONFIRMED), (2, RECOVERED), (0.2, RECOVERED)):
                    start = datetime.fromtimestamp((now - days_ago * 86_400_000) / 1000, UTC)
                    session.add(
                        Alarm(
                            tenant_id=config.tenant_id,
                            device_id=config.device_id,
                            owner_id=config.owner_id,
                            sn=config.sn,
                            dev_alias=config.alias,
                            data_source_id=source.id,
                            data_source_name=source.name,
                            fault_key=fault.key,
                            alarm_name=fault.alarm_name,
                            alarm_level=fault.level,
                            alarm_type=state,
                            alarm_info=fault.info,
                            value=fault.threshold,
                            alarm_time=start,
                            recover_time=start + timedelta(minutes=12),
                            confirm_time=start + timedelta(minutes=30) if state == CONFIRMED else None,
                            confirm_user_name="admin" if state == CONFIRMED else None,
                            alarm_note="已复位" if state == CONFIRMED else None,
                        )
                    )
        await session.commit()


TRACK_EVERY_S = 300.0


async def extend_tracks(app: FastAPI) -> int:
    """The demo's GPS devices drive on: their tracks reach up to now (the map plays back the last 24 hours)."""
    async with system_session(app.state.db.sessionmaker) as session:
        added = await device_monitoring_demo.extend_tracks(session, device_demo.seeded_sns())
        await session.commit()
    return added


async def _drive(app: FastAPI, stop: asyncio.Event) -> None:
    while not stop.is_set():
        try:
            await extend_tracks(app)
        except Exception:
            log.exception("demo GPS tracks could not be extended")
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(TRACK_EVERY_S):  # not wait_for: on 3.11 it can lose a cancellation
                await stop.wait()


def attach(app: FastAPI, http_port: int) -> None:
    """Run the demo's simulated gateways while `app` runs (started after telemetry, stopped before it)."""
    stop = asyncio.Event()
    tasks: list[asyncio.Task[Any]] = []

    async def on_start(app: FastAPI) -> None:
        telemetry = telemetry_of(app)
        if not telemetry.started:
            return
        try:
            added = await backfill(app)
            if added:
                log.info("demo: backfilled %d history values", added)
        except Exception:
            log.exception("demo history backfill failed")
        tasks.append(asyncio.create_task(_drive(app, stop), name="iotyun-demo-tracks"))
        gateways = await _demo_gateways(app)
        if telemetry.dynsec is not None:
            # Seeded with their documented secret, never registered through the API: their broker accounts now.
            for sn, secret in gateways:
                await telemetry.dynsec.gateway_keyed(sn, secret)
        host, port, _ = telemetry.mqtt_public
        data_dir = app.state.settings.data_dir / "demo-gateways"
        server = f"http://127.0.0.1:{http_port}"
        tasks.append(
            asyncio.create_task(
                run_simulated_gateways(
                    server,
                    host,
                    port,
                    gateways,
                    stop,
                    rate_hz=1.0,
                    data_dir=data_dir,
                    period_s=30,
                    # The firmware the seed recorded: virtual devices bound to them compare it (SPEC §4).
                    firmware={sn: fw for sn, _ in gateways if (fw := device_demo.firmware(sn))},
                    # The machines behind them tie their values together (a stopped compressor draws no current).
                    plant=plant.process_for,
                ),
                name="iotyun-demo-gateways",
            )
        )
        log.info("demo: %d simulated gateways (%s)", len(gateways), ", ".join(sn for sn, _ in gateways))

    async def on_stop(_: FastAPI) -> None:
        stop.set()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, 5)

    app.state.on_start.append(on_start)
    app.state.on_stop.append(on_stop)
