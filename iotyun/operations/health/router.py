"""Full-network monitoring (scope monitoring): the platform now, its trends, the alerts and their acknowledgement."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.db import utcnow
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.runtime import SettingsDep
from iotyun.operations.dependencies import MonitoringOperator
from iotyun.operations.health import service
from iotyun.operations.health.schemas import AlertOut, AlertsOut, HealthOut, Metric, TrendOut

router = APIRouter(tags=["operations"])


@router.get("/administrator/health")
@read_only
async def health(_: MonitoringOperator, session: SessionDep, settings: SettingsDep) -> Envelope[HealthOut]:
    return ok(await service.now(session, settings, utcnow()))


@router.get("/administrator/health/trend")
@read_only
async def trend(
    _: MonitoringOperator, session: SessionDep, metric: Metric, hours: Annotated[int, Query()] = 24
) -> Envelope[TrendOut]:
    return ok(await service.trend(session, metric, hours, utcnow()))


@router.get("/administrator/alerts")
@read_only
async def alerts(_: MonitoringOperator, session: SessionDep) -> Envelope[AlertsOut]:
    return ok(await service.alerts(session, utcnow()))


@router.post("/administrator/alerts/{alert_id}/ack")
async def ack(alert_id: int, actor: MonitoringOperator, session: SessionDep) -> Envelope[AlertOut]:
    return ok(await service.ack(session, actor, alert_id, utcnow()))
