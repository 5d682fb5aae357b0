"""HTTP routes of traffic (/yun/flow/analysis, /yun/flow/detail) and online time (/yun/online/analysis,
/yun/online/detail); docs/api-reports.md."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.limits import EPOCH_MS_MAX, EPOCH_MS_MIN
from iotyun.core.pagination import PageDep
from iotyun.reports.usage import online, traffic
from iotyun.reports.usage.dependencies import UsageDetail, UsageLister
from iotyun.reports.usage.schemas import FlowAnalysisOut, FlowDetailOut, OnlineAnalysisOut, OnlineDetailOut

router = APIRouter(tags=["reports"])

EpochMs = Annotated[int, Query(ge=EPOCH_MS_MIN, le=EPOCH_MS_MAX)]
Tz = Annotated[str, Query(max_length=64)]
Keyword = Annotated[str | None, Query(max_length=64)]


@router.get("/yun/flow/analysis")
@read_only
async def flow_analysis(
    actor: UsageLister,
    session: SessionDep,
    params: PageDep,
    keyword: Keyword = None,
    group_id: int | None = None,
    status: Annotated[str | None, Query(max_length=16)] = None,
) -> Envelope[FlowAnalysisOut]:
    return ok(await traffic.analysis(session, actor, params, keyword, group_id, status))


@router.get("/yun/flow/detail")
@read_only
async def flow_detail(
    device_id: int,
    start: EpochMs,
    end: EpochMs,
    actor: UsageDetail,
    session: SessionDep,
    tz: Tz | None = None,
    bucket: Annotated[str, Query(max_length=8)] = "day",
) -> Envelope[FlowDetailOut]:
    return ok(await traffic.detail(session, actor, device_id, start, end, tz or actor.time_zone, bucket))


@router.get("/yun/online/analysis")
@read_only
async def online_analysis(
    start: EpochMs,
    end: EpochMs,
    actor: UsageLister,
    session: SessionDep,
    params: PageDep,
    tz: Tz | None = None,
    keyword: Keyword = None,
    group_id: int | None = None,
) -> Envelope[OnlineAnalysisOut]:
    return ok(await online.analysis(session, actor, params, start, end, tz or actor.time_zone, keyword, group_id))


@router.get("/yun/online/detail")
@read_only
async def online_detail(
    device_id: int,
    start: EpochMs,
    end: EpochMs,
    actor: UsageDetail,
    session: SessionDep,
    tz: Tz | None = None,
    bucket: Annotated[str, Query(max_length=8)] = "day",
) -> Envelope[OnlineDetailOut]:
    return ok(await online.detail(session, actor, device_id, start, end, tz or actor.time_zone, bucket))
