"""Access markers of the export centre and schedules: the export centre is any logged-in user's own (each export
re-checks the rights of the call whose data it exports, reports/exports/build.py); a schedule is set by whoever
edits reports (P61100)."""

from typing import Annotated

from fastapi import Depends, Request

from iotyun.auth.dependencies import LoggedIn
from iotyun.reports.dependencies import ReportEditor
from iotyun.reports.exports.runner import ExportRunner

ExportUser = LoggedIn
ScheduleEditor = ReportEditor


async def _runner(request: Request) -> ExportRunner:
    runner: ExportRunner = request.app.state.exports
    return runner


RunnerDep = Annotated[ExportRunner, Depends(_runner)]
