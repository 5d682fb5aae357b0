"""HTTP routes of reports: definitions (/yun/report/basic, /yun/report/info) and their statistic
(/yun/report/statistic); docs/api-reports.md."""

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Response

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok, ok_json
from iotyun.core.limits import EPOCH_MS_MAX, EPOCH_MS_MIN, INT64_MAX, REPORT_CHART_TYPES
from iotyun.core.pagination import Page, PageDep
from iotyun.reports import groups, service, statistic
from iotyun.reports.dependencies import ReportEditor, ReportLister, ReportReader, ReportViewer
from iotyun.reports.schemas import (
    ReportGroupIn,
    ReportGroupOut,
    ReportGroupUpdateIn,
    ReportIdIn,
    ReportIn,
    ReportOut,
    ReportUpdateIn,
    StatisticOut,
    TableDataOut,
)
from iotyun.telemetry.public import ConfigsDep

router = APIRouter(tags=["reports"])

EpochMs = Annotated[int | None, Query(ge=EPOCH_MS_MIN, le=EPOCH_MS_MAX)]
# The device a history report is drawn for instead of its own (a dashboard card following the device tree).
DeviceQuery = Annotated[int | None, Query(ge=1, le=INT64_MAX)]


@router.get("/yun/report/basic")
async def list_reports(
    actor: ReportLister,
    session: SessionDep,
    params: PageDep,
    title: Annotated[str | None, Query(max_length=64)] = None,
    chart_type: Annotated[int | None, Query(ge=min(REPORT_CHART_TYPES), le=max(REPORT_CHART_TYPES))] = None,
    group_id: Annotated[int | None, Query(ge=0)] = None,
) -> Envelope[Page[ReportOut]]:
    return ok(await service.list_reports(session, actor, params, title, chart_type, group_id))


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


# A 30-day hourly report holds ~22,000 numbers: serialized once (ok_json), not validated again as a return value.
@router.get("/yun/report/statistic", response_model=Envelope[StatisticOut])
@read_only
async def report_statistic(
    report_id: Annotated[int, Query(alias="id")],
    actor: ReportViewer,
    session: SessionDep,
    configs: ConfigsDep,
    start: EpochMs = None,
    end: EpochMs = None,
    tz: Annotated[str | None, Query(max_length=64)] = None,
    device: DeviceQuery = None,
) -> Response:
    return ok_json(
        await statistic.statistic(session, actor, configs, report_id, start, end, tz or actor.time_zone, device)
    )


@router.get("/yun/report/group")
async def list_report_groups(actor: ReportLister, session: SessionDep) -> Envelope[list[ReportGroupOut]]:
    return ok(await groups.list_groups(session, actor))


@router.post("/yun/report/group")
async def create_report_group(
    body: ReportGroupIn, actor: ReportLister, session: SessionDep
) -> Envelope[ReportGroupOut]:
    return ok(await groups.create(session, actor, body))


@router.put("/yun/report/group")
async def rename_report_group(
    body: ReportGroupUpdateIn, actor: ReportLister, session: SessionDep
) -> Envelope[ReportGroupOut]:
    return ok(await groups.rename(session, actor, body))


@router.delete("/yun/report/group")
async def delete_report_group(
    group_id: Annotated[int, Query(alias="id")], actor: ReportLister, session: SessionDep
) -> Envelope[None]:
    await groups.delete(session, actor, group_id)
    return ok()


@router.get("/yun/report/table/data")
@read_only
async def report_table_data(
    report_id: Annotated[int, Query(alias="id")],
    actor: ReportViewer,
    session: SessionDep,
    configs: ConfigsDep,
    params: PageDep,
    start: EpochMs = None,
    end: EpochMs = None,
    tz: Annotated[str | None, Query(max_length=64)] = None,
    sort_by: Annotated[str, Query(max_length=32)] = "category",
    order: Literal["asc", "desc"] = "asc",
) -> Envelope[TableDataOut]:
    return ok(
        await statistic.table_data(
            session, actor, configs, report_id, start, end, tz or actor.time_zone, params, sort_by, order
        )
    )
