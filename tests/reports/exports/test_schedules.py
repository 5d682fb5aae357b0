"""Scheduled reports (docs/api-exports.md "Scheduled reports"): the next run in the schedule's zone across month
ends and daylight saving, the period a run exports, the schedule's calls and their refusals, and a run: claimed
once, a job of the report's owner with a sheet per device, mailed with the file attached to the outbox; on SQLite
and PostgreSQL."""

import email
import io
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email import policy
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import openpyxl
import pytest
from fastapi import FastAPI
from sqlalchemy import update

from iotyun.auth.senders import mail_outbox_path
from iotyun.reports.exports.models import ReportSchedule
from iotyun.reports.exports.scheduled import start_due
from iotyun.reports.exports.schedules import next_run, period, period_label
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.reports.exports.factories import HOUR, MIN, SHANGHAI, history_report, job, put, rows, runner, workbook
from tests.team.factories import Team
from tests.team.mail.factories import verify
from tests.telemetry.factories import Plant

CN = ZoneInfo(SHANGHAI)
NY = ZoneInfo("America/New_York")
SCHEDULE = "/yun/report/schedule"


def at(y: int, mo: int, d: int, h: int = 0, mi: int = 0, z: ZoneInfo = CN) -> datetime:
    return datetime(y, mo, d, h, mi, tzinfo=z).astimezone(UTC)


@pytest.mark.parametrize(
    ("frequency", "weekday", "monthday", "hour", "z", "after", "expected"),
    [
        ("daily", 1, 1, 8, CN, at(2026, 1, 31, 7), at(2026, 1, 31, 8)),
        ("daily", 1, 1, 8, CN, at(2026, 1, 31, 8), at(2026, 2, 1, 8)),  # strictly after
        ("daily", 1, 1, 0, CN, at(2026, 12, 31, 23), at(2027, 1, 1, 0)),
        ("weekly", 1, 1, 0, CN, at(2026, 1, 4, 12), at(2026, 1, 5, 0)),  # Sunday → Monday
        ("weekly", 1, 1, 0, CN, at(2026, 1, 5, 0), at(2026, 1, 12, 0)),
        ("weekly", 7, 1, 23, CN, at(2026, 1, 5, 0), at(2026, 1, 11, 23)),
        ("monthly", 1, 28, 23, CN, at(2026, 1, 28, 23), at(2026, 2, 28, 23)),
        ("monthly", 1, 1, 6, CN, at(2026, 12, 15), at(2027, 1, 1, 6)),
        ("monthly", 1, 28, 0, CN, at(2026, 2, 27), at(2026, 2, 28, 0)),
        # New York moves to summer time on 2026-03-08: 09:00 local is 14:00 UTC before, 13:00 UTC after.
        ("daily", 1, 1, 9, NY, at(2026, 3, 7, 10, z=NY), at(2026, 3, 8, 9, z=NY)),
    ],
)
def test_next_run(
    frequency: str, weekday: int, monthday: int, hour: int, z: ZoneInfo, after: datetime, expected: datetime
) -> None:
    assert next_run(frequency, hour, weekday, monthday, z, after) == expected
    if z is NY:
        assert expected.hour == 13


@pytest.mark.parametrize(
    ("frequency", "run_at", "start", "end", "label"),
    [
        ("daily", at(2026, 3, 1, 8), at(2026, 2, 28), at(2026, 3, 1), "2026-02-28"),
        ("weekly", at(2026, 1, 12, 0), at(2026, 1, 5), at(2026, 1, 12), "2026-01-05 – 2026-01-11"),
        ("weekly", at(2026, 1, 14, 9), at(2026, 1, 5), at(2026, 1, 12), "2026-01-05 – 2026-01-11"),
        ("monthly", at(2026, 3, 1, 0), at(2026, 2, 1), at(2026, 3, 1), "2026-02"),
        ("monthly", at(2026, 1, 28, 23), at(2025, 12, 1), at(2026, 1, 1), "2025-12"),
    ],
)
def test_period_just_ended(frequency: str, run_at: datetime, start: datetime, end: datetime, label: str) -> None:
    assert period(frequency, CN, run_at) == (start, end)
    assert period_label(frequency, CN, start, end) == label


def _schedule(report_id: int, **over: Any) -> dict[str, Any]:
    return {"report_id": report_id, "frequency": "daily", "hour": 0, "tz": SHANGHAI, "emails": [], **over}


async def test_calls_and_refusals(
    app: FastAPI, team: Team, plant: Plant, other_tenant: Api, new_api: Callable[[], Api]
) -> None:
    rid = await history_report(team.admin, [plant.device_id], [plant.sources["出水压力"]])
    await verify(app, team.admin, new_api(), "ops@example.com")
    assert ok(await team.admin.get(SCHEDULE, params={"report_id": rid})) is None
    body = _schedule(rid, frequency="weekly", weekday=3, hour=7, emails=["Ops@Example.com", "ops@example.com"])
    saved = ok(await team.admin.put(SCHEDULE, body))
    assert (saved["frequency"], saved["weekday"], saved["hour"], saved["emails"]) == (
        "weekly",
        3,
        7,
        ["ops@example.com"],
    )
    assert (saved["enabled"], saved["last_run_at"], saved["last_job_id"]) == (True, None, None)
    local = datetime.fromtimestamp(saved["next_run_at"] / 1000, CN)
    assert (local.isoweekday(), local.hour, local.minute) == (3, 7, 0)
    assert ok(await team.admin.get(SCHEDULE, params={"report_id": rid})) == saved
    monthly = ok(await team.admin.put(SCHEDULE, _schedule(rid, frequency="monthly", monthday=28)))
    assert monthly["id"] == saved["id"]
    assert datetime.fromtimestamp(monthly["next_run_at"] / 1000, CN).day == 28
    # Refusals change nothing.
    refusals = [
        (_schedule(rid, emails=["not-an-address"]), 110304, "emails"),
        (_schedule(rid, emails=["ops@example.com", "stranger@example.com"]), 117805, "stranger@example.com"),
        (_schedule(rid, emails=[f"u{i}@example.com" for i in range(11)]), 100004, "emails"),
        (_schedule(rid, tz="Mars/Olympus"), 100004, "tz"),
        (_schedule(rid, hour=24), 100004, "hour"),
        (_schedule(rid, frequency="hourly"), 100004, "frequency"),
        (_schedule(rid, frequency="monthly", monthday=29), 100004, "monthday"),
    ]
    for wrong, expected, field in refusals:
        answer = await team.admin.put(SCHEDULE, wrong)
        assert (code(answer), answer["meta"]["field"]) == (expected, field), wrong
    assert code(await other_tenant.put(SCHEDULE, _schedule(rid))) == 118212
    assert code(await other_tenant.get(SCHEDULE, params={"report_id": rid})) == 118212
    assert code(await other_tenant.call("DELETE", SCHEDULE, params={"report_id": rid})) == 118212
    await team.role("viewer", ["P61400"])
    await team.user("vera", "viewer")
    vera = await team.login("vera")
    assert code(await vera.put(SCHEDULE, _schedule(rid))) == 100015
    assert ok(await team.admin.get(SCHEDULE, params={"report_id": rid})) == monthly
    assert ok(await team.admin.call("DELETE", SCHEDULE, params={"report_id": rid})) is None
    assert ok(await team.admin.get(SCHEDULE, params={"report_id": rid})) is None


def _mails(folder: Path) -> list[email.message.EmailMessage]:
    found = []
    for path in sorted(folder.glob("*.eml")):
        message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        assert isinstance(message, email.message.EmailMessage)
        found.append(message)
    return found


async def test_a_scheduled_run_exports_the_day_before_and_mails_it(
    app: FastAPI, team: Team, plant: Plant, new_api: Callable[[], Api]
) -> None:
    for address in ("ops@example.com", "boss@example.com"):
        await verify(app, team.admin, new_api(), address)
    src, temp = plant.sources["出水压力"], plant.sources["温度"]
    # The last midnight in China is due (a file made then is still kept); the day before it is exported.
    day, due = period("daily", CN, datetime.now(UTC))
    label = day.astimezone(CN).date().isoformat()
    t0 = int(day.timestamp() * 1000)
    await put(app, plant.device_id, src, [(t0 + 10 * MIN, 1.0), (t0 + 20 * MIN, 3.0), (t0 + HOUR, 5.0)])
    await put(app, plant.device_id, temp, [(t0 + 10 * MIN, 40.0)])
    await put(app, plant.device_id, src, [(t0 + 25 * HOUR, 9.0)])  # the next day: not in the period
    rid = await history_report(team.admin, [plant.device_id], [src, temp], compare_filed_id=[{"id": 40}])
    ok(await team.admin.put(SCHEDULE, _schedule(rid, emails=["ops@example.com", "boss@example.com"])))
    async with app.state.db.sessionmaker() as s:
        await s.execute(update(ReportSchedule).where(ReportSchedule.report_id == rid).values(next_run_at=due))
        await s.commit()
    a, b = runner(app, "a"), runner(app, "b")
    now = due + timedelta(seconds=5)
    assert await b.tick(due - timedelta(seconds=10)) == 0  # not due yet: b holds the lease with nothing to do
    assert await a.tick(now) == 0  # due, but b holds the lease
    assert await b.tick(now) == 1
    # Claimed once: neither the same runner nor another starts it again.
    assert await start_due(app.state.db.sessionmaker, now) == 0
    assert await b.tick(now + timedelta(seconds=1)) == 0
    saved = ok(await team.admin.get(SCHEDULE, params={"report_id": rid}))
    assert saved["next_run_at"] == int((due + timedelta(days=1)).timestamp() * 1000)
    assert saved["last_run_at"] == int(now.timestamp() * 1000)
    made = await job(team.admin, saved["last_job_id"])
    assert (made["source"], made["state"], made["report_id"], made["title"]) == (
        "schedule",
        "done",
        rid,
        f"压力曲线 {label}",
    )
    book = await workbook(team.admin, made["id"])
    assert book.sheetnames == ["压力曲线", "1号空压机"]
    assert rows(book)[0] == ["时间", "出水压力 (MPa)", "温度"]  # A1 named, each series with its own unit
    assert [r[1:] for r in rows(book)[1:]] == [[2.0, 40.0], [5.0, None]]
    assert rows(book, 1)[0] == ["时间", "出水压力 (MPa)", "温度"]
    assert [r[1:] for r in rows(book, 1)[1:]] == [[2.0, 40.0], [5.0, None]]
    (mail,) = _mails(mail_outbox_path(app.state.settings))
    assert mail["To"] == "ops@example.com, boss@example.com"
    assert ((await job(team.admin, made["id"]))["mail_state"], made["mail_note"]) == ("sent", None)
    assert ok(await team.admin.get(SCHEDULE, params={"report_id": rid}))["last_mail_state"] == "sent"
    assert mail["Subject"] == f"定时报表：压力曲线（{label}）"
    assert "压力曲线" in mail.get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    (attachment,) = list(mail.iter_attachments())
    assert attachment.get_filename() == made["file_name"]
    attached = openpyxl.load_workbook(io.BytesIO(attachment.get_content()))
    assert attached.sheetnames == book.sheetnames
