"""SPEC §9 storage limits per user (quota): history beyond history_storage_mb loses its oldest 1000 values at a
time; alarms beyond alarm_storage lose their oldest 200 (alarms.service.trim_storage). On PostgreSQL a whole past
month partition of the history whose values all go is dropped instead of deleted (telemetry/partitions.py)."""

import logging
from collections import defaultdict

from iotyun.alarms import repository as alarm_repo
from iotyun.alarms import service as alarm_service
from iotyun.core.db import Database
from iotyun.core.limits import HISTORY_STORAGE_TRIM, HISTORY_VALUE_BYTES
from iotyun.core.tenancy import system_session
from iotyun.devices import repository as device_repo
from iotyun.team import quotas as team_quotas
from iotyun.telemetry import partitions
from iotyun.telemetry import repository as repo

log = logging.getLogger("iotyun.telemetry.retention")


async def enforce(db: Database) -> dict[str, int]:
    """Apply both limits to every user who holds devices; returns how many values and alarms were deleted."""
    removed = {"values": 0, "alarms": 0}
    async with system_session(db.sessionmaker) as session:
        counts = await repo.stored_per_device(session)
        owners = await device_repo.device_owners(session)
        per_owner: dict[int, list[int]] = defaultdict(list)
        rows_of: dict[int, int] = defaultdict(int)
        for device_id, n in counts.items():
            owner = owners.get(device_id)
            if owner is None:
                continue
            per_owner[owner].append(device_id)
            rows_of[owner] += n
        for owner, rows in rows_of.items():
            limit_mb = await team_quotas.quota_limit(session, owner, "history_storage_mb")
            allowed = limit_mb * 1024 * 1024 // HISTORY_VALUE_BYTES
            if rows <= allowed:
                continue
            excess = rows - allowed
            # The oldest values go in steps of 1000 (SPEC §9), as many steps as it takes to get under the limit. On a
            # partitioned PostgreSQL history, partition by partition: a past month holding only these devices' values,
            # all going, is dropped rather than deleted row by row (telemetry/partitions.py).
            n = -(-excess // HISTORY_STORAGE_TRIM) * HISTORY_STORAGE_TRIM
            removed["values"] += await partitions.delete_oldest_values(session, per_owner[owner], n)
            # Committed at once: a dropped partition holds history_value's lock until then (the ingest waits).
            await session.commit()
        for owner in await alarm_repo.alarm_owner_ids(session):
            removed["alarms"] += await alarm_service.trim_storage(session, owner)
        await session.commit()
    if removed["values"] or removed["alarms"]:
        log.info("storage limits: deleted %(values)d history values and %(alarms)d alarms", removed)
    return removed
