"""The alarm engine: each ingested value is judged against its data source's fault conditions; a condition that
starts to hold produces an alarm (type 1), one that stops holding recovers it (type 2). Records are written in order
by one worker that retries while the database is away, then pushed live."""

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.alarms import hooks as alarm_hooks
from iotyun.alarms import repository as alarm_repo
from iotyun.alarms import service as alarm_service
from iotyun.alarms.models import PRODUCED, RECOVERED, Alarm
from iotyun.core.tasks import Worker
from iotyun.core.tenancy import system_session
from iotyun.telemetry.configs import DeviceConfig
from iotyun.telemetry.realtime import Publisher
from iotyun.telemetry.ws_schemas import AlarmMessage, hub_event

log = logging.getLogger("iotyun.telemetry.alarm_engine")


@dataclass(frozen=True, slots=True)
class Change:
    kind: str  # "produce" | "recover"
    config: DeviceConfig
    source_id: int
    fault_key: str
    value: float | None
    ts: int


class AlarmEngine:
    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession], publish: Publisher) -> None:
        self.sessionmaker = sessionmaker
        self.publish = publish
        # (device_id, fault_key) of conditions holding now, as this process judges them.
        self.active: set[tuple[int, str]] = set()
        self.queue: asyncio.Queue[Change] = asyncio.Queue()
        self._worker = Worker("iotyun-alarm-engine", self._run)
        self.produced = 0
        self.recovered = 0

    async def load(self) -> None:
        async with system_session(self.sessionmaker) as session:
            self.active = await alarm_repo.open_faults(session)

    def evaluate(self, config: DeviceConfig, values: list[dict[str, Any]]) -> None:
        """Judge accepted values (in the ingest's event loop; no I/O here)."""
        device_id = config.device_id
        if device_id is None:
            return
        for v in values:
            source = config.sources.get(v["id"])
            if source is None or not source.faults or v.get("q", 0) != 0:
                continue
            for fault in source.faults:
                holds = fault.active(v["v"])
                if holds is None:
                    continue
                key = (device_id, fault.key)
                if holds and key not in self.active:
                    self.active.add(key)
                    self.queue.put_nowait(Change("produce", config, source.id, fault.key, _num(v["v"]), v["ts"]))
                elif not holds and key in self.active:
                    self.active.discard(key)
                    self.queue.put_nowait(Change("recover", config, source.id, fault.key, _num(v["v"]), v["ts"]))

    def start(self) -> None:
        self._worker.start()

    async def stop(self) -> None:
        await self._worker.stop()

    async def drain(self) -> None:
        """Wait until every queued change is written (tests, shutdown)."""
        await self.queue.join()

    async def _run(self) -> None:
        while True:
            change = await self.queue.get()
            backoff = 0.2
            while True:
                try:
                    events = await self._apply(change)
                    break
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    log.warning("alarm write failed, retrying in %.1fs: %s", backoff, exc)
                    await asyncio.sleep(backoff)
                    backoff = min(backoff * 2, 5.0)
            self.queue.task_done()
            for event in events:
                try:
                    await self.publish(event)
                except Exception:
                    log.exception("alarm push failed")

    async def _apply(self, change: Change) -> list[dict[str, Any]]:
        """Write the change; the live events it makes (each alarm it touched)."""
        config = change.config
        assert config.device_id is not None and config.tenant_id is not None and config.owner_id is not None
        when = datetime.fromtimestamp(change.ts / 1000, UTC)
        async with system_session(self.sessionmaker) as session:
            if change.kind == "produce":
                source = config.sources[change.source_id]
                fault = next(f for f in source.faults if f.key == change.fault_key)
                alarm = Alarm(
                    tenant_id=config.tenant_id,
                    device_id=config.device_id,
                    owner_id=config.owner_id,
                    sn=config.sn,
                    dev_alias=config.alias,
                    data_source_id=source.id,
                    data_source_name=source.name,
                    fault_key=change.fault_key,
                    alarm_name=fault.alarm_name,
                    alarm_level=fault.level,
                    alarm_type=PRODUCED,
                    alarm_info=fault.info,
                    value=change.value,
                    alarm_time=when,
                )
                session.add(alarm)
                await session.flush()
                await alarm_hooks.alarm_changed.call(session, [alarm], alarm_hooks.PRODUCED_EVENT)
                await alarm_service.trim_storage(session, config.owner_id)
                await session.commit()
                self.produced += 1
                return [hub_event(AlarmMessage(alarm=alarm_service.to_out(alarm)))]
            open_alarm = await alarm_repo.open_alarms(session, config.device_id, change.fault_key)
            if not open_alarm:
                return []
            for a in open_alarm:
                # A confirmed alarm stays confirmed; recover_time tells that its condition ended.
                if a.alarm_type == PRODUCED:
                    a.alarm_type = RECOVERED
                a.recover_time = when
            await session.flush()
            await alarm_hooks.alarm_changed.call(session, list(open_alarm), alarm_hooks.RECOVERED_EVENT)
            await session.commit()
            self.recovered += 1
            return [hub_event(AlarmMessage(alarm=alarm_service.to_out(a))) for a in open_alarm]


def _num(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float):
        return float(value)
    return None
