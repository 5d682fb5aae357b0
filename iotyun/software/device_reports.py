"""What gateways report of their upgrades (`iotyun/dev/{sn}/upgrade_state`, docs/device-protocol.md "Upgrades"),
written by one task off the MQTT message loop, a batch per transaction, each message acknowledged to the broker
only once its change is committed (a crash before that has the broker deliver it again; applying a report twice
changes nothing more).

A report moves its device's upgrade forward only: waiting (the device waits to be idle) → downloading (with its
percent) → updating → updated, or to an end (download failed, update failed) from any state under way. A report of
another gateway's upgrade, of one that has ended, or that is not a report is dropped (and counted)."""

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.core.db import utcnow
from iotyun.core.limits import UPGRADE_REASON_MAX
from iotyun.core.tasks import QueueWorker
from iotyun.core.tenancy import system_session
from iotyun.software import semver_text
from iotyun.software import upgrade_repository as repo
from iotyun.software.models import (
    DEVICE_ACTIVE,
    DEVICE_DOWNLOAD_FAILED,
    DEVICE_DOWNLOADING,
    DEVICE_UPDATABLE,
    DEVICE_UPDATE_FAILED,
    DEVICE_UPDATED,
    DEVICE_UPDATING,
    SoftwareUpgradeDevice,
)
from iotyun.software.upgrades import end, tell_finished

log = logging.getLogger("iotyun.software.reports")
BATCH = 200
RETRY_S = 1.0
# Failed tries after which reports that cannot be written are dropped (a minute: the broker would keep delivering
# them again, and the gateway repeats its state anyway).
GIVE_UP_AFTER = 60
# How far along each state under way is: a report never moves an upgrade back.
_RANK = {DEVICE_UPDATABLE: 0, DEVICE_DOWNLOADING: 1, DEVICE_UPDATING: 2}
REPORT_STATES = ("waiting", "downloading", "download_failed", "updating", "updated", "failed")

Done = Callable[[], None]


@dataclass(slots=True)
class Report:
    sn: str
    req_id: str
    state: str
    progress: int | None
    version: str
    reason: str


def parse(sn: str, payload: bytes) -> Report | None:
    """A report as the protocol defines it, or None."""
    try:
        body = orjson.loads(payload)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(body, dict):
        return None
    req_id, state = body.get("req_id"), body.get("state")
    if not isinstance(req_id, str) or not 1 <= len(req_id) <= 32 or state not in REPORT_STATES:
        return None
    progress = body.get("progress")
    if isinstance(progress, bool) or not isinstance(progress, int | float) or not 0 <= progress <= 100:
        progress = None
    version = body.get("version")
    reason = body.get("reason")
    return Report(
        sn=sn,
        req_id=req_id,
        state=str(state),
        progress=None if progress is None else int(progress),
        version=version if isinstance(version, str) and len(version) <= 64 and version.isprintable() else "",
        reason=reason[:UPGRADE_REASON_MAX] if isinstance(reason, str) and reason.isprintable() else "",
    )


def apply(device: SoftwareUpgradeDevice, report: Report, now: datetime) -> bool:
    """Move the device's upgrade as the report says; whether it changed."""
    if device.state not in DEVICE_ACTIVE or device.sn != report.sn:
        return False
    device.reported_at = now
    state = report.state
    if state == "waiting":
        if device.state == DEVICE_UPDATABLE:
            device.reason = "busy"
        return True
    if state == "downloading":
        if _RANK[device.state] > _RANK[DEVICE_DOWNLOADING]:
            return True
        progress = report.progress if report.progress is not None else device.progress
        device.progress = max(device.progress, progress) if device.state == DEVICE_DOWNLOADING else progress
        device.state, device.reason = DEVICE_DOWNLOADING, ""
        return True
    if state == "updating":
        device.state, device.progress, device.reason = DEVICE_UPDATING, 100, ""
        return True
    if state == "download_failed":
        end(device, DEVICE_DOWNLOAD_FAILED, report.reason or "download", now)
        return True
    if state == "failed":
        end(device, DEVICE_UPDATE_FAILED, report.reason or "failed", now)
        return True
    # updated: on the version it was sent, or it failed to become it.
    have, wanted = semver_text.reported(report.version), semver_text.reported(device.to_version)
    if report.version and (have is None or wanted is None or have.compare(wanted) != 0):
        end(device, DEVICE_UPDATE_FAILED, f"version {report.version}", now)
        return True
    device.progress = 100
    end(device, DEVICE_UPDATED, "", now)
    return True


class UpgradeReports(QueueWorker):
    """The queue of reports between the MQTT link and the database (Telemetry.upgrade_reports)."""

    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession]) -> None:
        super().__init__("iotyun-upgrade-reports")
        self.sessionmaker = sessionmaker
        self.stats: Counter[str] = Counter()
        self._queue: list[tuple[str, bytes, Done]] = []

    def __call__(self, sn: str, payload: bytes, done: Done) -> None:
        self._queue.append((sn, payload, done))
        self.wake()

    async def work(self) -> None:
        failures = 0
        while self._queue:
            batch = self._queue[:BATCH]
            try:
                if failures < 2:
                    await self.write(batch)
                else:
                    await self._one_by_one(batch, give_up=failures >= GIVE_UP_AFTER)
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.warning("upgrade reports not written (%d); retrying", failures, exc_info=True)
                await asyncio.sleep(RETRY_S)
                continue
            failures = 0
            del self._queue[: len(batch)]
            for _, _, done in batch:
                done()

    async def _one_by_one(self, batch: list[tuple[str, bytes, Any]], give_up: bool) -> None:
        """A batch that failed twice: each report in its own transaction, so one that cannot be written (a poison
        message) is dropped (counted, logged) without holding the others back. When none can be written the database
        is likely away: the batch is tried again, until `give_up`."""
        failed = 0
        for item in batch:
            try:
                await self.write([item])
            except Exception:
                failed += 1
                if failed == len(batch) and not give_up:
                    raise
                self.stats["failed"] += 1
                log.warning("upgrade report of %s dropped: it cannot be written", item[0], exc_info=True)

    async def write(self, batch: list[tuple[str, bytes, Any]]) -> None:
        reports = []
        for sn, payload, _ in batch:
            report = parse(sn, payload)
            if report is None:
                self.stats["malformed"] += 1
            else:
                reports.append(report)
        if not reports:
            return
        now = utcnow()
        async with system_session(self.sessionmaker) as session:
            found = await repo.under_way(session, {(r.sn, r.req_id) for r in reports})
            ended: list[SoftwareUpgradeDevice] = []
            for report in reports:
                device = found.get((report.sn, report.req_id))
                was_active = device is not None and device.state in DEVICE_ACTIVE
                if device is None or not apply(device, report, now):
                    self.stats["dropped"] += 1
                    continue
                self.stats["applied"] += 1
                if was_active and device.state not in DEVICE_ACTIVE:
                    ended.append(device)
            await tell_finished(session, ended)
            await session.commit()
