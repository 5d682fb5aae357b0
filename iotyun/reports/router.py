"""HTTP routes of reports: definitions (/yun/report/basic, /yun/report/info) and their statistic
(/yun/report/statistic); docs/api-reports.md."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.limits import EPOCH_MS_MAX, EPOCH_MS_MIN
from iotyun.core.pagination import Page, PageDep
from iotyun.reports import service, statistic
from iotyun.reports.dependencies import ConfigsDep, ReportEditor, ReportLister, ReportReader, ReportViewer
from iotyun.reports.schemas import ReportIdIn, ReportIn, ReportOut, ReportUpdateIn, StatisticOut

router = APIRouter(tags=["reports"])

EpochMs = Annotated[int | None, Query(ge=EPOCH_MS_MIN, le=EPOCH_MS_MAX)]


@router.get("/yun/report/basic")
async def list_reports(
    actor: ReportLister,
    session: SessionDep,
    params: PageDep,
    title: Annotated[str | None, Query(max_length=64)] = None,
    chart_type: int | None = None,
) -> Envelope[Page[ReportOut]]:
    return ok(await service.list_reports(session, actor, params, title, chart_type))


@router.post("/yun/report/basic")
async def create_report(
    body: ReportIn, actor: ReportEditor, session: SessionDep, configs: ConfigsDep
) -> Envelope[ReportOut]:
    return ok(await service.create(session, actor, configs, body))


@router.put("/yun/report/basic")
async def update_report(
    body: ReportUpdateIn, actor: ReportEditor, session: SessionDep, configs: ConfigsDep
) -> Envelope[ReportOut]:
    return ok(await service.update(session, actor, configs, body))


@router.delete("/yun/report/basic")
async def delete_report(
    report_id: Annotated[int, Query(alias="id")], actor: ReportLister, session: SessionDep
) -> Envelope[None]:
    await service.delete(session, actor, report_id)
    return ok()


@router.post("/yun/report/basic/copy")
async def copy_report(body: ReportIdIn, actor: ReportLister, session: SessionDep) -> Envelope[ReportOut]:
    return ok(await service.copy(session, actor, body))


@router.get("/yun/report/info")
async def report_info(
    report_id: Annotated[int, Query(alias="id")], actor: ReportReader, session: SessionDep
) -> Envelope[ReportOut]:
    return ok(await service.info(session, actor, report_id))


@router.get("/yun/report/statistic")
@read_only
async def report_statistic(
    report_id: Annotated[int, Query(alias="id")],
    actor: ReportViewer,
    session: SessionDep,
    configs: ConfigsDep,
    start: EpochMs = None,
    end: EpochMs = None,
    tz: Annotated[str, Query(max_length=64)] = "UTC",
) -> Envelope[StatisticOut]:
    return ok(await statistic.statistic(session, actor, configs, report_id, start, end, tz))
