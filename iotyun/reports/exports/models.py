"""Export jobs, report schedules and the runner's lease (docs/api-exports.md).

- `export_job`: one file of the export centre, its owner's. queued → running → done | failed; a running job holds
  its own lease (`holder`, `lease_until`), so one left running by a dead process is taken up again. `claimed_at`
  (when a runner last claimed it) orders the queue round-robin between tenants and their users (repository.py). The file is
  `<data dir>/exports/<tenant>/<id>.xlsx` until `expires_at`.
- `report_schedule`: at most one per report; `next_run_at` is claimed by an atomic UPDATE, so a due run runs once.
- `job_lease` (core/lease.py): the process whose lease "exports" it is runs the export centre."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime
from iotyun.core.lease import JobLease
from iotyun.core.tenancy import TenantScoped

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
JOB_STATES = (QUEUED, RUNNING, DONE, FAILED)
REPORT, REPORT_DATA, HISTORY = "report", "report_data", "history"
JOB_KINDS = (REPORT, REPORT_DATA, HISTORY)
MANUAL, SCHEDULE = "manual", "schedule"
MAIL_STATES = ("sent", "partial", "skipped", "capped", "failed")


class ExportJob(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "export_job"
    __table_args__ = (Index("ix_export_job_tenant_claimed", "tenant_id", "owner_id", "claimed_at"),)

    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    title: Mapped[str] = mapped_column(String(64))
    file_name: Mapped[str] = mapped_column(String(128))
    state: Mapped[str] = mapped_column(String(16), default=QUEUED, index=True)
    progress: Mapped[int] = mapped_column(Integer, default=0)
    rows: Mapped[int | None] = mapped_column(Integer, default=None)
    size: Mapped[int | None] = mapped_column(BigInteger, default=None)
    error: Mapped[str | None] = mapped_column(String(255), default=None)
    source: Mapped[str] = mapped_column(String(16), default=MANUAL)
    report_id: Mapped[int | None] = mapped_column(BigId, default=None)
    # What to export: the range and zone resolved when the job was made, and the kind's own parameters.
    params: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    lang: Mapped[str] = mapped_column(String(8), default="zh")
    holder: Mapped[str | None] = mapped_column(String(64), default=None)
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    claimed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    # A scheduled run's mail (team/mail/delivery.py): sent, partial (addresses no longer allowed skipped), skipped
    # (none allowed), capped (a daily cap: nothing sent) or failed (the provider); the code and its text, in the
    # job's language, of why it was not sent whole.
    mail_state: Mapped[str | None] = mapped_column(String(16), default=None)
    mail_code: Mapped[int | None] = mapped_column(Integer, default=None)
    mail_note: Mapped[str | None] = mapped_column(String(255), default=None)


class ReportSchedule(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "report_schedule"

    report_id: Mapped[int] = mapped_column(BigId, ForeignKey("report.id", ondelete="CASCADE"), unique=True)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    frequency: Mapped[str] = mapped_column(String(8))
    hour: Mapped[int] = mapped_column(Integer, default=0)
    weekday: Mapped[int] = mapped_column(Integer, default=1)
    monthday: Mapped[int] = mapped_column(Integer, default=1)
    tz: Mapped[str] = mapped_column(String(64), default="UTC")
    emails: Mapped[list[str]] = mapped_column(JSON, default=list)
    lang: Mapped[str] = mapped_column(String(8), default="zh")
    next_run_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    last_run_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    last_job_id: Mapped[int | None] = mapped_column(BigId, default=None)


__all__ = ["DONE", "FAILED", "QUEUED", "RUNNING", "ExportJob", "JobLease", "ReportSchedule"]
