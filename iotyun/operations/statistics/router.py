"""GET /administrator/devices/statistics: device statistics across tenants (scope statistics)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.operations.dependencies import StatisticsOperator
from iotyun.operations.statistics import service
from iotyun.operations.statistics.schemas import DeviceStatistics, GroupBy

router = APIRouter(tags=["operations"])


@router.get("/administrator/devices/statistics")
@read_only
async def device_statistics(
    _: StatisticsOperator,
    session: SessionDep,
    by: GroupBy = "state",
    start: Annotated[int | None, Query()] = None,
    end: Annotated[int | None, Query()] = None,
    tenant_id: int | None = None,
) -> Envelope[DeviceStatistics]:
    return ok(await service.device_statistics(session, by, start, end, tenant_id))
