"""HTTP routes of the export centre (/yun/exportFile, /exportFile/download) and report schedules
(/yun/report/schedule); docs/api-exports.md."""

from typing import Annotated

from fastapi import APIRouter, BackgroundTasks, Query
from fastapi.responses import Response

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.core.runtime import SettingsDep
from iotyun.core.spreadsheets import XLSX_RESPONSES, xlsx_response
from iotyun.reports.exports import schedule_service, service
from iotyun.reports.exports.dependencies import ExportUser, RunnerDep, ScheduleEditor
from iotyun.reports.exports.schemas import ExportIn, ExportJobOut, Kind, ScheduleIn, ScheduleOut, State
from iotyun.telemetry.public import ConfigsDep

router = APIRouter(tags=["exports"])


@router.post("/yun/exportFile")
async def create_export(
    body: ExportIn,
    actor: ExportUser,
    session: SessionDep,
    configs: ConfigsDep,
    runner: RunnerDep,
    background: BackgroundTasks,
) -> Envelope[ExportJobOut]:
    # The runner looks at once once the answer is out (the request's session committed the job by then).
    background.add_task(runner.wake)
    return ok(await service.create(session, actor, configs, body))


@router.get("/yun/exportFile/history")
@read_only
async def export_history(
    actor: ExportUser,
    session: SessionDep,
    params: PageDep,
    state: State | None = None,
    kind: Kind | None = None,
) -> Envelope[Page[ExportJobOut]]:
    return ok(await service.history(session, actor, params, state, kind))


@router.get("/exportFile/download", responses=XLSX_RESPONSES)
@read_only
async def download_export(
    job_id: Annotated[int, Query(alias="id")], actor: ExportUser, session: SessionDep, settings: SettingsDep
) -> Response:
    return xlsx_response(*await service.download(session, actor, settings, job_id))


@router.delete("/yun/exportFile/history")
async def delete_export(
    job_id: Annotated[int, Query(alias="id")], actor: ExportUser, session: SessionDep, settings: SettingsDep
) -> Envelope[None]:
    await service.delete(session, actor, settings, job_id)
    return ok()


@router.get("/yun/report/schedule")
@read_only
async def get_schedule(actor: ScheduleEditor, session: SessionDep, report_id: int) -> Envelope[ScheduleOut | None]:
    return ok(await schedule_service.get(session, actor, report_id))


@router.put("/yun/report/schedule")
async def put_schedule(body: ScheduleIn, actor: ScheduleEditor, session: SessionDep) -> Envelope[ScheduleOut]:
    return ok(await schedule_service.put(session, actor, body))


@router.delete("/yun/report/schedule")
async def delete_schedule(actor: ScheduleEditor, session: SessionDep, report_id: int) -> Envelope[None]:
    await schedule_service.delete(session, actor, report_id)
    return ok()
