"""Device statistics across tenants (SPEC §6 operations management): by state, model, version, province or tenant,
over the devices registered in a range. Aggregates only. A range must have both ends, start before end (810107),
and at most STATISTICS_RANGE_DAYS_MAX days (810108); an unknown tenant is 810104."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import STATISTICS_BUCKETS_MAX
from iotyun.devices.districts import service as districts
from iotyun.devices.models import DEV_ONLINE
from iotyun.operations.ranges import checked_range
from iotyun.operations.statistics import repository as repo
from iotyun.operations.statistics.schemas import DeviceStatistics, GroupBy, StatBucket


async def device_statistics(
    session: AsyncSession, by: GroupBy, start: int | None, end: int | None, tenant_id: int | None
) -> DeviceStatistics:
    begin, finish = checked_range(start, end)
    if tenant_id is not None and not await repo.tenant_exists(session, tenant_id):
        raise AppError(ErrorCode.MONITOR_TENANT_NOT_FOUND, field="tenant_id")
    by_key: dict[object, list[int]] = {}
    tenants: set[int] = set()
    for key, tenant, n, on in await repo.grouped(session, by, begin, finish, tenant_id):
        tenants.add(tenant)
        counts = by_key.setdefault(key, [0, 0])
        counts[0] += n
        counts[1] += on
    rows = sorted(((k, n, o) for k, (n, o) in by_key.items()), key=lambda r: (-r[1], str(r[0])))
    total = sum(n for _, n, _ in rows)
    online = sum(o for _, _, o in rows)
    head, rest = rows[:STATISTICS_BUCKETS_MAX], rows[STATISTICS_BUCKETS_MAX:]
    names = await repo.tenant_names(session, [int(str(k)) for k, _, _ in head]) if by == "tenant" else {}
    buckets = [StatBucket(key=str(k or ""), label=_label(by, k, names), total=n, online=o) for k, n, o in head]
    other = (
        StatBucket(key="", label="", total=sum(n for _, n, _ in rest), online=sum(o for _, _, o in rest))
        if rest
        else None
    )
    return DeviceStatistics(
        by=by, total=total, online=online, offline=total - online, tenants=len(tenants), buckets=buckets, other=other
    )


def _label(by: GroupBy, key: object, names: dict[int, str]) -> str:
    if by == "tenant":
        return names.get(int(str(key)), "")
    if by == "province":
        return districts.name_path(str(key or ""), "", "")
    if by == "state":
        return "online" if key == DEV_ONLINE else "offline"
    return str(key or "")
