"""Simulated gateways: the real agent with generated values instead of a PLC, many of them in one event loop
(`iotyun simulate`, and `iotyun serve --demo` for the demo gateways)."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import httpx

from iotyun.gateway.agent import FIRMWARE_VERSION, AgentConfig, GatewayAgent
from iotyun.gateway.modbus import Q_GOOD, Point, Reading, Value, check_write, decode, encode
from iotyun.gateway.signals import Signal, make_signal
from iotyun.gateway.upgrade import SimulatedInstaller
from iotyun.gateway.vpn import SimulatedVpn

log = logging.getLogger("iotyun.gateway.simulate")


class Process(Protocol):
    """A plant behind a simulated gateway: it ties its points together (a stopped machine draws no current), reading
    each poll's generated values (written ones included) and returning the ones it drives, by data-source id."""

    def step(self, t: float, values: Mapping[int, Value]) -> dict[int, Value]: ...


# Makes the process of a gateway from its points, or None when none applies (each point then keeps its own signal).
ProcessFactory = Callable[[Sequence[Point]], Process | None]


class SimulatedSource:
    """A value source that generates each point's signal; a write holds the written value. A `process` (made from
    the points by `plant`) may drive some of them from the others."""

    def __init__(self, seed: str, plant: ProcessFactory | None = None) -> None:
        self.seed = seed
        self.signals: dict[int, Signal] = {}
        self.plant = plant
        self.process: Process | None = None

    def configure(self, points: Sequence[Point]) -> None:
        # A configuration refetch keeps the signals (and written values) of the points that stayed the same.
        old = self.signals
        self.signals = {}
        for p in points:
            kept = old.get(p.id)
            if kept is not None and kept.point == p:
                self.signals[p.id] = kept
            else:
                self.signals[p.id] = make_signal(p, random.Random(f"{self.seed}:{p.id}"))
        if self.plant is not None and (self.process is None or old.keys() != self.signals.keys()):
            self.process = self.plant(points)

    def sample(self, t: float) -> dict[int, Value]:
        """Every point's value at monotonic time t: its signal's, then the process's where it drives the point."""
        values = {ds_id: signal.sample(t) for ds_id, signal in self.signals.items()}
        if self.process is not None:
            values.update(self.process.step(t, values))
        return values

    async def read_all(self) -> dict[int, Reading]:
        return {ds_id: (value, Q_GOOD) for ds_id, value in self.sample(time.monotonic()).items()}

    async def write(self, point: Point, value: Any) -> Value:
        checked = check_write(point, value)
        # Through the registers and back, so the value is what a PLC would hold (integer rounding, float32).
        stored = checked if point.data_type in ("bit", "string") else decode(point, encode(point, checked))
        signal = self.signals.get(point.id)
        if signal is not None:
            signal.set(stored)
        return stored

    async def close(self) -> None:
        return None


# How long a simulated gateway takes to "install" an upgrade.
INSTALL_S = 2.0


class SimulatedGateway(GatewayAgent):
    """The gateway agent reading a SimulatedSource."""

    def __init__(
        self, config: AgentConfig, http: httpx.AsyncClient | None = None, plant: ProcessFactory | None = None
    ) -> None:
        super().__init__(config, SimulatedSource(config.sn, plant), http)
        # An upgrade downloads and checks the package for real, then "installs" by reporting the new version.
        self.installer = SimulatedInstaller(self.report_version, INSTALL_S)
        self.vpn = SimulatedVpn(config.sn)


async def run_simulated_gateways(
    server_url: str,
    mqtt_host: str,
    mqtt_port: int,
    gateways: list[tuple[str, str]],
    stop: asyncio.Event,
    *,
    data_dir: Path,
    rate_hz: float = 1.0,
    period_s: float = 60.0,
    firmware: Mapping[str, str] | None = None,
    plant: ProcessFactory | None = None,
) -> None:
    """Run one simulated gateway per (sn, secret) until `stop` is set, buffering under `data_dir`. `firmware` names
    the version a gateway reports (default: the agent's own); `plant` makes each gateway's process from its points
    (the demo's machines)."""
    poll_s = 1.0 / rate_hz if rate_hz > 0 else 1.0
    limits = httpx.Limits(max_connections=32, max_keepalive_connections=32)
    async with httpx.AsyncClient(timeout=30.0, limits=limits) as http:
        agents = [
            SimulatedGateway(
                AgentConfig(
                    sn=sn,
                    secret=secret,
                    server=server_url,
                    mqtt_host=mqtt_host,
                    mqtt_port=mqtt_port,
                    poll_s=poll_s,
                    period_s=period_s,
                    data_dir=data_dir,
                    firmware_version=(firmware or {}).get(sn, FIRMWARE_VERSION),
                ),
                http=http,
                plant=plant,
            )
            for sn, secret in gateways
        ]
        log.info("%d simulated gateways at %.3g Hz → %s:%s", len(agents), rate_hz, mqtt_host, mqtt_port)
        # Spread the start-up so many gateways do not fetch their configuration in the same instant.
        spread = min(5.0, 0.005 * len(agents))
        rng = random.Random()

        async def start(agent: GatewayAgent) -> None:
            await asyncio.sleep(rng.uniform(0, spread))
            try:
                await agent.run()
            except Exception:
                log.exception("%s: simulated gateway failed", agent.sn)

        async with asyncio.TaskGroup() as tg:
            for agent in agents:
                tg.create_task(start(agent))
            await stop.wait()
            for agent in agents:
                agent.stop()
