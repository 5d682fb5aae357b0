"""The upgrades runner (DESIGN §9): one per server process, and of those only the holder of the database lease
"upgrades" works. Each tick, per rollout under way (software/upgrades.py):

- an install that came back on its new version (the gateway's state message) is updated; a device upgrade that
  heard nothing from its gateway for UPGRADE_STALL_S (UPGRADE_INSTALL_S while installing) has timed out;
- a running rollout's current waves send their commands to the gateways that are online (at most
  UPGRADE_SEND_PER_TICK a tick), each with a fresh download link, committed before it is published;
- once every device of the current wave has ended, the rollout pauses when the wave's failed share passed its
  threshold, or goes on to its next wave, or finishes; its starter hears of a pause and of the end in their inbox.

Tests call `tick(now)` directly."""

import logging
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import lease
from iotyun.core.db import Database, utcnow
from iotyun.core.limits import (
    UPGRADE_INSTALL_S,
    UPGRADE_LEASE_S,
    UPGRADE_SEND_PER_TICK,
    UPGRADE_STALL_S,
    UPGRADE_TICK_S,
)
from iotyun.core.tenancy import system_session
from iotyun.devices.models import DEV_ONLINE
from iotyun.messages import service as message_service
from iotyun.software import semver_text
from iotyun.software import upgrade_repository as repo
from iotyun.software.models import (
    DEVICE_ACTIVE,
    DEVICE_DOWNLOAD_FAILED,
    DEVICE_FAILED,
    DEVICE_UPDATE_FAILED,
    DEVICE_UPDATED,
    DEVICE_UPDATING,
    UPGRADE_CANCELLED,
    UPGRADE_FINISHED,
    UPGRADE_PAUSED,
    UPGRADE_RUNNING,
    SoftwareUpgrade,
    SoftwareUpgradeDevice,
)
from iotyun.software.upgrades import COMMAND_LEAF, CommandSender, command, end, issue_link, tell_finished

log = logging.getLogger("iotyun.software.runner")
LEASE_NAME = "upgrades"


class UpgradeRunner(lease.LeasedLoop):
    lease_name = LEASE_NAME
    every = UPGRADE_TICK_S

    def __init__(self, db: Database, telemetry: CommandSender, holder: str | None = None) -> None:
        super().__init__(db.sessionmaker, holder)
        self.db = db
        self.telemetry = telemetry

    async def run(self) -> None:
        await self.tick()

    async def tick(self, now: datetime | None = None) -> int:
        """One round if this runner holds the lease: the commands it sent."""
        now = now or utcnow()
        if not await self.holds(now, UPGRADE_LEASE_S):
            return 0
        async with system_session(self.db.sessionmaker) as session:
            ids = await repo.open_upgrade_ids(session)
        sent = 0
        for upgrade_id in ids:
            try:
                sent += await self.step(upgrade_id, now, UPGRADE_SEND_PER_TICK - sent)
            except Exception:
                log.warning("upgrade %s: tick failed; tried again at the next", upgrade_id, exc_info=True)
        return sent

    async def step(self, upgrade_id: int, now: datetime, budget: int) -> int:
        async with system_session(self.db.sessionmaker) as session:
            upgrade, version = await repo.with_version(session, upgrade_id)
            if upgrade is None:
                return 0
            await tell_finished(session, self._follow(await repo.in_flight(session, upgrade_id), upgrade, now))
            outgoing: list[tuple[SoftwareUpgradeDevice, str]] = []
            if upgrade.state == UPGRADE_RUNNING and version is not None and budget > 0:
                for device, dev_state in await repo.to_send(session, upgrade, budget * 2):
                    if dev_state != DEV_ONLINE:
                        device.reason = "offline"
                        continue
                    if len(outgoing) < budget:
                        url, _ = issue_link(device, now)
                        device.sent_at, device.reason = now, ""
                        outgoing.append((device, url))
            await session.flush()
            await self._advance(session, upgrade, now)
            commands = [
                (d.sn, command(d, version, upgrade.mode, url, now)) for d, url in outgoing if version is not None
            ]
            await session.commit()
        unsent = []
        for sn, body in commands:
            try:
                await self.telemetry.send_command(sn, COMMAND_LEAF, body)
            except Exception as exc:
                log.warning("upgrade command to %s not sent (%s); sent again at the next tick", sn, exc)
                unsent.append(str(body["req_id"]))
        if unsent:
            async with system_session(self.db.sessionmaker) as session:
                for device in await repo.by_req_ids(session, unsent):
                    if device.state in DEVICE_ACTIVE and device.reported_at is None:
                        device.sent_at, device.link_digest, device.link_expires_at = None, "", None
                await session.commit()
        return len(commands) - len(unsent)

    def _follow(
        self, rows: list[tuple[SoftwareUpgradeDevice, str, int]], upgrade: SoftwareUpgrade, now: datetime
    ) -> list[SoftwareUpgradeDevice]:
        """Installs that came back on their version, and device upgrades whose gateway went silent; those it ended."""
        ended: list[SoftwareUpgradeDevice] = []
        for device, firmware, dev_state in rows:
            if device.state == DEVICE_UPDATING and dev_state == DEV_ONLINE:
                have, wanted = semver_text.reported(firmware), semver_text.reported(device.to_version)
                if have is not None and wanted is not None and have.compare(wanted) == 0:
                    device.progress = 100
                    end(device, DEVICE_UPDATED, "", now)
                    ended.append(device)
                    continue
            last = device.reported_at or device.sent_at or now
            limit = UPGRADE_INSTALL_S if device.state == DEVICE_UPDATING else UPGRADE_STALL_S
            if now - last > timedelta(seconds=limit):
                state = DEVICE_UPDATE_FAILED if device.state == DEVICE_UPDATING else DEVICE_DOWNLOAD_FAILED
                end(device, state, "timeout", now)
                ended.append(device)
        return ended

    async def _advance(self, session: AsyncSession, upgrade: SoftwareUpgrade, now: datetime) -> None:
        """Pause, go on to the next wave, or finish, once the current wave has ended."""
        if upgrade.state == UPGRADE_CANCELLED:
            if not any(s in DEVICE_ACTIVE for s in (await repo.counts(session, [upgrade.id])).get(upgrade.id, {})):
                upgrade.finished_at = now
            return
        if upgrade.state != UPGRADE_RUNNING:
            return
        states = await repo.wave_states(session, upgrade.id, upgrade.wave)
        if any(states.get(s, 0) for s in DEVICE_ACTIVE):
            return
        size = sum(states.values())
        failed = sum(states.get(s, 0) for s in DEVICE_FAILED)
        if size and failed * 100 > upgrade.failure_percent * size and upgrade.failure_percent < 100:
            upgrade.state, upgrade.reason = UPGRADE_PAUSED, "failure_threshold"
            await self._tell(session, upgrade, "paused", failed=failed, size=size)
            return
        if upgrade.wave + 1 < upgrade.waves:
            upgrade.wave += 1
            return
        upgrade.state, upgrade.finished_at = UPGRADE_FINISHED, now
        totals = (await repo.counts(session, [upgrade.id])).get(upgrade.id, {})
        await self._tell(
            session,
            upgrade,
            "finished",
            updated=totals.get(DEVICE_UPDATED, 0),
            failed=sum(totals.get(s, 0) for s in DEVICE_FAILED),
            size=upgrade.total,
        )

    async def _tell(self, session: AsyncSession, upgrade: SoftwareUpgrade, what: str, **counts: int) -> None:
        if upgrade.created_by is None:
            return
        await message_service.deliver(
            session,
            upgrade.tenant_id,
            [upgrade.created_by],
            "upgrade",
            text_key=f"messages.upgrade.{what}",
            params={"version": upgrade.to_version, "wave": upgrade.wave + 1, "waves": upgrade.waves, **counts},
            link=("upgrade", upgrade.id),
        )
