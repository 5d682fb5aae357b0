"""The export centre's rules (docs/api-exports.md): a job is asked for with the rights of the call whose data it
exports and counted at once (110525 over EXPORT_ROW_CAP rows unless confirmed, 110526 when empty); the runner writes
it later, taking jobs round-robin between tenants and users; a user has at most EXPORT_QUEUED_PER_USER_MAX jobs
waiting or running (201805), a tenant EXPORT_QUEUED_PER_TENANT_MAX (201806). A job and its file are their owner's
alone: anyone else's answers 201802 as if it did not exist."""

import asyncio
import re
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.config import Settings
from iotyun.core.context import lang_var
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    EXPORT_KEEP_DAYS,
    EXPORT_QUEUED_PER_TENANT_MAX,
    EXPORT_QUEUED_PER_USER_MAX,
    EXPORT_TITLE_MAX,
)
from iotyun.core.pagination import Page, PageParams
from iotyun.core.texts import phrase
from iotyun.reports import repository as reports_repo
from iotyun.reports import service as reports_service
from iotyun.reports import statistic
from iotyun.reports.exports import build, files
from iotyun.reports.exports import repository as repo
from iotyun.reports.exports.models import DONE, HISTORY, MANUAL, REPORT_DATA, ExportJob
from iotyun.reports.exports.schemas import ExportIn, ExportJobOut
from iotyun.reports.timezones import zone
from iotyun.team import hooks as team_hooks
from iotyun.team import quotas as team_quotas
from iotyun.telemetry.public import ConfigCache, check_cap

_UNSAFE_FILE_CHARS = re.compile(r'[\\/:*?"<>|\x00-\x1f]')


def out(job: ExportJob) -> ExportJobOut:
    return ExportJobOut(
        id=job.id,
        kind=job.kind,
        title=job.title,
        file_name=job.file_name,
        state=job.state,
        progress=job.progress,
        rows=job.rows,
        size=job.size,
        error=job.error,
        source=job.source,
        report_id=job.report_id,
        created_at=epoch_ms(job.created_at) or 0,
        finished_at=epoch_ms(job.finished_at),
        expires_at=epoch_ms(job.expires_at) or 0,
        mail_state=job.mail_state,
        mail_note=job.mail_note,
    )


def file_name(title: str, tz: str, at: datetime) -> str:
    """`<title>-<local yyyymmdd-hhmmss>.xlsx`, the title without characters a file name cannot hold."""
    stamp = at.astimezone(zone(tz)).strftime("%Y%m%d-%H%M%S")
    return f"{_UNSAFE_FILE_CHARS.sub('_', title).strip() or 'export'}-{stamp}.xlsx"


def new_job(
    tenant_id: int, owner_id: int, kind: str, title: str, params: dict[str, object], now: datetime, **fields: object
) -> ExportJob:
    title = title[:EXPORT_TITLE_MAX]
    return ExportJob(
        tenant_id=tenant_id,
        owner_id=owner_id,
        kind=kind,
        title=title,
        file_name=file_name(title, str(params.get("tz", "UTC")), now),
        params=params,
        created_at=now,
        expires_at=now + timedelta(days=EXPORT_KEEP_DAYS),
        **fields,
    )


async def claim_kept(session: AsyncSession, actor: Actor) -> None:
    """Room for one more file in the caller's export centre: their exports_kept quota (SPEC §3, 100019 beyond it;
    deleting a file or its expiry makes room), counted exactly under concurrency (team_quotas.claim_quota)."""

    async def used() -> int:
        return await repo.owned_count(session, actor)

    await team_quotas.claim_quota(session, actor.user_id, "exports_kept", 1, used)


async def create(session: AsyncSession, actor: Actor, configs: ConfigCache, body: ExportIn) -> ExportJobOut:
    """Check and count the export now, queue its file. Without `tz`, in the caller's effective zone."""
    if body.tz is None:
        body = body.model_copy(update={"tz": actor.time_zone})
    zone(body.tz or actor.time_zone)
    await _check_waiting(session, actor)
    if body.kind == HISTORY:
        title, params, total = await _history(session, actor, configs, body)
    else:
        title, params, total = await _report(session, actor, configs, body)
    check_cap(total, accept_cap=body.confirm)
    await claim_kept(session, actor)
    # Again under the caller's quota lock (claim_kept holds it to the commit): one user's parallel requests end at
    # the cap exactly; the first check spared a refused request the gathering.
    await _check_waiting(session, actor)
    job = new_job(
        actor.tenant_id, actor.user_id, body.kind, title, params, utcnow(), report_id=body.report_id, source=MANUAL
    )
    job.lang = lang_var.get()
    session.add(job)
    await session.flush()
    return out(job)


async def _check_waiting(session: AsyncSession, actor: Actor) -> None:
    """201805 when the caller has EXPORT_QUEUED_PER_USER_MAX jobs queued or running, 201806 when his tenant has
    EXPORT_QUEUED_PER_TENANT_MAX: the queue is shared by every tenant, so no one fills it."""
    own, tenant = await repo.waiting(session, actor.tenant_id, actor.user_id)
    if own >= EXPORT_QUEUED_PER_USER_MAX:
        raise AppError(ErrorCode.EXPORT_USER_QUEUE_FULL, limit=EXPORT_QUEUED_PER_USER_MAX)
    if tenant >= EXPORT_QUEUED_PER_TENANT_MAX:
        raise AppError(ErrorCode.EXPORT_TENANT_QUEUE_FULL, limit=EXPORT_QUEUED_PER_TENANT_MAX)


async def _report(
    session: AsyncSession, actor: Actor, configs: ConfigCache, body: ExportIn
) -> tuple[str, dict[str, object], int]:
    if body.report_id is None:
        raise AppError(ErrorCode.PARAM_INVALID, field="report_id")
    if not actor.can(*build.REPORT_CODES):
        raise AppError(ErrorCode.NO_PRIVILEGE)
    report = await reports_service.get(session, actor, body.report_id)
    config = reports_service.stored_config(report)
    # The range resolved now, so the file holds what was counted.
    start, end = statistic.time_range(config, body.start, body.end, int(time.time() * 1000))
    tz = body.tz or actor.time_zone
    _, stat = await build.report_statistic(session, actor, configs, body.kind, report.id, start, end, tz)
    title = phrase("export.title.data", title=report.title) if body.kind == REPORT_DATA else report.title
    return title, {"start": start, "end": end, "tz": tz}, len(stat.categories)


async def _history(
    session: AsyncSession, actor: Actor, configs: ConfigCache, body: ExportIn
) -> tuple[str, dict[str, object], int]:
    for name in ("device_id", "start", "end"):
        if getattr(body, name) is None:
            raise AppError(ErrorCode.PARAM_INVALID, field=name)
    assert body.device_id is not None
    if not body.data_source_ids:
        raise AppError(ErrorCode.PARAM_INVALID, field="data_source_ids")
    params: dict[str, object] = {
        "device_id": body.device_id,
        "data_source_ids": list(dict.fromkeys(body.data_source_ids)),
        "start": body.start,
        "end": body.end,
        "bucket": body.bucket,
        "agg": body.agg,
        "fill": body.fill,
        "tz": body.tz,
    }
    q = build.history_query(params)
    _, rows = await build.device_history(session, actor, configs, body.device_id, body.data_source_ids, q)
    names = await reports_repo.device_names(session, [body.device_id])
    return phrase("export.title.history", device=names.get(body.device_id, "")), params, len(rows)


async def history(
    session: AsyncSession, actor: Actor, params: PageParams, state: str | None, kind: str | None
) -> Page[ExportJobOut]:
    rows, total = await repo.page(session, actor, params, state, kind)
    return Page(items=[out(j) for j in rows], total=total, page=params.page, page_size=params.page_size)


async def _own(session: AsyncSession, actor: Actor, job_id: int) -> ExportJob:
    job = await repo.own_job(session, actor, job_id)
    if job is None or job.expires_at <= datetime.now(UTC):
        raise AppError(ErrorCode.EXPORT_FILE_NOT_FOUND, field="id")
    return job


async def download(session: AsyncSession, actor: Actor, settings: Settings, job_id: int) -> tuple[bytes, str]:
    """The file's bytes and name: 201802 not the caller's job (or gone), 201803 not done yet."""
    job = await _own(session, actor, job_id)
    if job.state != DONE:
        raise AppError(ErrorCode.EXPORT_FILE_NOT_READY, field="id")
    content = await asyncio.to_thread(files.read, files.path(settings, job.tenant_id, job.id))
    if content is None:
        raise AppError(ErrorCode.EXPORT_FILE_NOT_FOUND, field="id")
    return content, job.file_name


async def delete(session: AsyncSession, actor: Actor, settings: Settings, job_id: int) -> None:
    """The job and its file (a job still running: the runner drops the file it writes, its row being gone)."""
    job = await _own(session, actor, job_id)
    await session.delete(job)
    await session.flush()
    files.remove(files.path(settings, job.tenant_id, job.id))


async def _quota_usage(session: AsyncSession, tenant_id: int, user_id: int) -> dict[str, int]:
    """Files and queued jobs in the user's export centre (their exports_kept quota)."""
    return {"exports_kept": await repo.kept_by(session, tenant_id, user_id)}


team_hooks.quota_usage.connect(_quota_usage)
