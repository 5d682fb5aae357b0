"""Request and response models of the export centre (/yun/exportFile, /exportFile/download) and of report schedules
(/yun/report/schedule); docs/api-exports.md."""

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, Field

from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import BodyBool
from iotyun.core.limits import EPOCH_MS_MAX, EPOCH_MS_MIN, REPORT_SCHEDULE_EMAILS_MAX, is_email, rule_error

EpochMs = Annotated[int, Field(ge=EPOCH_MS_MIN, le=EPOCH_MS_MAX)]
Kind = Literal["report", "report_data", "history"]
State = Literal["queued", "running", "done", "failed"]
Frequency = Literal["daily", "weekly", "monthly"]
MailState = Literal["sent", "partial", "skipped", "capped", "failed"]


class ExportIn(BaseModel):
    """`report` / `report_data`: report_id with start, end (else the report's range) and tz; `history`: a device's
    history as /yun/his/export takes it (device_id, data_source_ids, start, end, bucket, agg, fill, tz)."""

    kind: Kind
    report_id: int | None = None
    device_id: int | None = None
    data_source_ids: list[int] = Field([], max_length=100)
    start: EpochMs | None = None
    end: EpochMs | None = None
    tz: str | None = Field(None, max_length=64)
    bucket: str = Field("raw", max_length=16)
    agg: str = Field("avg", max_length=16)
    fill: str = Field("none", max_length=32)
    confirm: BodyBool = False


class ExportJobOut(BaseModel):
    id: int
    kind: Kind
    title: str
    file_name: str
    state: State
    progress: int
    rows: int | None
    size: int | None
    error: str | None
    source: Literal["manual", "schedule"]
    report_id: int | None
    created_at: int
    finished_at: int | None
    expires_at: int
    # A scheduled run's mail: what it did and, unless sent whole, why (in the caller's language at the run).
    mail_state: MailState | None = None
    mail_note: str | None = None


def _emails(value: list[str]) -> list[str]:
    if len(value) > REPORT_SCHEDULE_EMAILS_MAX:
        raise rule_error(ErrorCode.PARAM_INVALID, "emails")
    cleaned = [v.strip() for v in value]
    if any(not is_email(v) for v in cleaned):
        raise rule_error(ErrorCode.EMAIL_INVALID, "emails")
    return list(dict.fromkeys(v.lower() for v in cleaned))


class ScheduleIn(BaseModel):
    """`weekday` (1–7, Monday = 1) counts for weekly schedules, `monthday` (1–28) for monthly ones."""

    report_id: int
    enabled: BodyBool = True
    frequency: Frequency
    hour: int = Field(ge=0, le=23)
    weekday: int = Field(1, ge=1, le=7)
    monthday: int = Field(1, ge=1, le=28)
    tz: str | None = Field(None, max_length=64)
    emails: Annotated[list[Annotated[str, Field(max_length=254)]], AfterValidator(_emails)] = []


class ScheduleOut(ScheduleIn):
    """`last_mail_state` / `last_mail_note`: what the last run's mail did (ExportJobOut.mail_state)."""

    tz: str

    id: int
    next_run_at: int
    last_run_at: int | None
    last_job_id: int | None
    last_mail_state: MailState | None = None
    last_mail_note: str | None = None
