"""Simulated gateways: the real agent with generated values instead of a PLC, many of them in one event loop
(`iotyun simulate`, and `iotyun serve --demo` for the demo gateways)."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import httpx

from iotyun.gateway.agent import FIRMWARE_VERSION, AgentConfig, GatewayAgent
from iotyun.gateway.modbus import Q_GOOD, Point, Reading, Value, check_write, decode, encode
from iotyun.gateway.signals import Signal, make_signal

log = logging.getLogger("iotyun.gateway.simulate")


class SimulatedSource:
    """A value source that generates each point's signal; a write holds the written value."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.signals: dict[int, Signal] = {}

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

    async def read_all(self) -> dict[int, Reading]:
        t = time.monotonic()
        return {ds_id: (signal.sample(t), Q_GOOD) for ds_id, signal in self.signals.items()}

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


class SimulatedGateway(GatewayAgent):
    """The gateway agent reading a SimulatedSource."""

    def __init__(self, config: AgentConfig, http: httpx.AsyncClient | None = None) -> None:
        super().__init__(config, SimulatedSource(config.sn), http)


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
) -> None:
    """Run one simulated gateway per (sn, secret) until `stop` is set, buffering under `data_dir`. `firmware` names
    the version a gateway reports (default: the agent's own)."""
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
