"""SPEC §9 storage limits per user (quota): history beyond history_storage_mb loses its oldest 1000 values at a
time; alarms beyond alarm_storage lose their oldest 200 (alarms.service.trim_storage)."""

import logging
from collections import defaultdict

from sqlalchemy import and_, delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms import service as alarm_service
from iotyun.alarms.models import Alarm
from iotyun.core.db import Database
from iotyun.core.limits import HISTORY_STORAGE_TRIM, HISTORY_VALUE_BYTES
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices.models import Device
from iotyun.team import service as team_service
from iotyun.telemetry.models import history_hour, history_value

log = logging.getLogger("iotyun.telemetry.retention")
_ALL = {ALL_TENANTS: True}


async def enforce(db: Database) -> dict[str, int]:
    """Apply both limits to every user who holds devices; returns how many values and alarms were deleted."""
    removed = {"values": 0, "alarms": 0}
    async with db.sessionmaker() as session:
        counts = (
            await session.execute(select(history_value.c.device_id, func.count()).group_by(history_value.c.device_id))
        ).all()
        owners = dict((await session.execute(select(Device.id, Device.owner_id).execution_options(**_ALL))).all())
        per_owner: dict[int, list[int]] = defaultdict(list)
        rows_of: dict[int, int] = defaultdict(int)
        for device_id, n in counts:
            owner = owners.get(int(device_id))
            if owner is None:
                continue
            per_owner[int(owner)].append(int(device_id))
            rows_of[int(owner)] += int(n)
        for owner, rows in rows_of.items():
            limit_mb = await team_service.quota_limit(session, owner, "history_storage_mb")
            if limit_mb is None:
                continue
            allowed = limit_mb * 1024 * 1024 // HISTORY_VALUE_BYTES
            if rows <= allowed:
                continue
            excess = rows - allowed
            # The oldest values go in steps of 1000 (SPEC §9), as many steps as it takes to get under the limit.
            n = -(-excess // HISTORY_STORAGE_TRIM) * HISTORY_STORAGE_TRIM
            removed["values"] += await _delete_oldest(session, per_owner[owner], n)
        alarm_owners = (
            await session.execute(select(Alarm.owner_id).group_by(Alarm.owner_id).execution_options(**_ALL))
        ).scalars()
        for owner in list(alarm_owners):
            removed["alarms"] += await alarm_service.trim_storage(session, int(owner))
        await session.commit()
    if removed["values"] or removed["alarms"]:
        log.info("storage limits: deleted %(values)d history values and %(alarms)d alarms", removed)
    return removed


async def _delete_oldest(session: AsyncSession, device_ids: list[int], n: int) -> int:
    cutoff = (
        await session.execute(
            select(history_value.c.ts)
            .where(history_value.c.device_id.in_(device_ids))
            .order_by(history_value.c.ts)
            .offset(n - 1)
            .limit(1)
        )
    ).scalar()
    if cutoff is None:
        result = await session.execute(delete(history_value).where(history_value.c.device_id.in_(device_ids)))
        await session.execute(delete(history_hour).where(history_hour.c.device_id.in_(device_ids)))
    else:
        result = await session.execute(
            delete(history_value).where(and_(history_value.c.device_id.in_(device_ids), history_value.c.ts <= cutoff))
        )
        # Rollup hours wholly before the cutoff go too, so aggregated and raw answers agree.
        await session.execute(
            delete(history_hour).where(
                and_(history_hour.c.device_id.in_(device_ids), history_hour.c.bucket + 3_600_000 <= cutoff)
            )
        )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
