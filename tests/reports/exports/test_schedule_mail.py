"""A scheduled run's mail goes through the delivery core (docs/api-mail.md): at send time only the addresses the
tenant may still mail (a user who left, a recipient removed: skipped and recorded), within the tenant's daily caps
counted exactly under concurrency (a run over a cap sends nothing, nor does any later that day, and says why on the
job and the schedule); a title with control characters is refused at save (create, update, copy) and one stored
before the rule is mailed under a one-line subject. On SQLite and PostgreSQL."""

import asyncio
import email.message
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.auth.models import User
from iotyun.core.errors import ErrorCode
from iotyun.core.tenancy import system_session
from iotyun.reports.exports.models import ReportSchedule
from iotyun.reports.exports.schedules import period
from iotyun.reports.models import Report
from iotyun.team.mail.delivery import MailCaps, take_message
from iotyun.team.mail.models import MailDay
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.reports.exports.factories import MIN, SHANGHAI, history_report, job, put, runner
from tests.team.factories import Team
from tests.team.mail.factories import RECIPIENTS, outbox, verify
from tests.telemetry.factories import Plant

SCHEDULE = "/yun/report/schedule"
CN = ZoneInfo(SHANGHAI)


async def _tenant(app: FastAPI, user_name: str = "alice") -> int:
    async with app.state.db.sessionmaker() as s:
        return int((await s.execute(select(User.tenant_id).where(User.user_name == user_name))).scalar_one())


async def _schedule(api: Api, rid: int, emails: list[str]) -> dict[str, Any]:
    body = {"report_id": rid, "frequency": "daily", "hour": 0, "tz": SHANGHAI, "emails": emails}
    answer: dict[str, Any] = await api.put(SCHEDULE, body)
    return answer


async def _run(app: FastAPI, api: Api, rid: int) -> dict[str, Any]:
    """Make the schedule due now, run it, and answer its job."""
    _, due = period("daily", CN, datetime.now(UTC))
    async with app.state.db.sessionmaker() as s:
        await s.execute(update(ReportSchedule).where(ReportSchedule.report_id == rid).values(next_run_at=due))
        await s.commit()
    assert await runner(app, "a").tick(due + timedelta(seconds=5)) == 1
    saved = ok(await api.get(SCHEDULE, params={"report_id": rid}))
    return await job(api, saved["last_job_id"])


async def _report(app: FastAPI, team: Team, plant: Plant) -> int:
    """A history report with a value in the day a run now exports."""
    day, _ = period("daily", CN, datetime.now(UTC))
    src = plant.sources["出水压力"]
    await put(app, plant.device_id, src, [(int(day.timestamp() * 1000) + 10 * MIN, 1.0)])
    return await history_report(team.admin, [plant.device_id], [src])


def _reports(app: FastAPI) -> list[email.message.EmailMessage]:
    return [m for _, m in outbox(app) if m["Subject"].startswith("定时报表")]


async def test_at_send_time_addresses_no_longer_allowed_are_skipped_and_recorded(
    app: FastAPI, team: Team, plant: Plant, new_api: Callable[[], Api]
) -> None:
    rid = await _report(app, team, plant)
    bob = await team.user("bob", email="bob@example.com")
    for address in ("ops@example.com", "keep@example.com"):
        await verify(app, team.admin, new_api(), address)
    ok(await _schedule(team.admin, rid, ["ops@example.com", "keep@example.com", "bob@example.com"]))
    # A recipient removed and a user gone after the schedule was saved.
    listed = {r["address"]: r["id"] for r in ok(await team.admin.get(RECIPIENTS))}
    ok(await team.admin.call("DELETE", RECIPIENTS, params={"id": listed["ops@example.com"]}))
    async with app.state.db.sessionmaker() as s:
        await s.execute(update(User).where(User.id == bob["id"]).values(email=None))
        await s.commit()
    made = await _run(app, team.admin, rid)
    assert made["state"] == "done", made["error"]
    assert made["mail_state"] == "partial"
    assert made["mail_note"] == "未验证的收件人已跳过：ops@example.com, bob@example.com"
    (mail,) = _reports(app)
    assert mail["To"] == "keep@example.com"
    saved = ok(await team.admin.get(SCHEDULE, params={"report_id": rid}))
    assert (saved["last_mail_state"], saved["last_mail_note"]) == ("partial", made["mail_note"])
    # Nobody left: nothing is sent, and the run says so.
    ok(await team.admin.call("DELETE", RECIPIENTS, params={"id": listed["keep@example.com"]}))
    again = await _run(app, team.admin, rid)
    assert (again["mail_state"], again["mail_note"]) == (
        "skipped",
        "未验证的收件人已跳过：ops@example.com, keep@example.com, bob@example.com",
    )
    assert len(_reports(app)) == 1


async def test_a_run_over_a_daily_cap_sends_nothing_more_that_day(
    app: FastAPI, team: Team, plant: Plant, new_api: Callable[[], Api]
) -> None:
    rid = await _report(app, team, plant)
    await team.user("bob", email="bob@example.com")
    await team.user("carl", email="carl@example.com")
    ok(await _schedule(team.admin, rid, ["bob@example.com", "carl@example.com"]))
    app.state.settings.mail_recipients_per_day = 3
    first = await _run(app, team.admin, rid)
    assert first["mail_state"] == "sent"
    second = await _run(app, team.admin, rid)
    assert (second["mail_state"], second["mail_note"]) == ("capped", "今日邮件收件人数已达上限（3），今天不再发送")
    assert len(_reports(app)) == 1
    saved = ok(await team.admin.get(SCHEDULE, params={"report_id": rid}))
    assert (saved["last_mail_state"], saved["last_mail_note"]) == ("capped", second["mail_note"])
    # The day is closed: a message within both caps is not sent either.
    ok(await _schedule(team.admin, rid, ["bob@example.com"]))
    third = await _run(app, team.admin, rid)
    assert third["mail_state"] == "capped"
    assert len(_reports(app)) == 1
    async with app.state.db.sessionmaker() as s:
        (day,) = (await s.execute(select(MailDay))).scalars()
    assert (day.messages, day.recipients, day.closed) == (1, 2, True)


@pytest.mark.parametrize(
    ("caps", "each", "passing", "refusal"),
    [
        (MailCaps(messages=5, recipients=1000, verifications=0), 1, 5, ErrorCode.MAIL_DAILY_MESSAGES_LIMIT),
        (MailCaps(messages=1000, recipients=10, verifications=0), 3, 3, ErrorCode.MAIL_DAILY_RECIPIENTS_LIMIT),
    ],
)
async def test_the_caps_hold_exactly_under_concurrency(
    app: FastAPI, team: Team, caps: MailCaps, each: int, passing: int, refusal: ErrorCode
) -> None:
    tenant = await _tenant(app)
    now = datetime.now(UTC)

    async def one() -> ErrorCode | None:
        async with system_session(app.state.db.sessionmaker) as s:
            answer = await take_message(s, tenant, each, caps, now)
            await s.commit()
            return answer

    answers = await asyncio.gather(*(one() for _ in range(12)))
    assert sum(a is None for a in answers) == passing
    assert {a for a in answers if a is not None} <= {refusal, ErrorCode.MAIL_DAILY_MESSAGES_LIMIT}
    async with app.state.db.sessionmaker() as s:
        (day,) = (await s.execute(select(MailDay))).scalars()
    assert (day.messages, day.recipients, day.closed) == (passing, passing * each, True)
    # Another tenant's day is its own.
    async with system_session(app.state.db.sessionmaker) as s:
        other = await s.execute(select(MailDay).where(MailDay.tenant_id != tenant))
        assert other.first() is None


@pytest.mark.parametrize(
    "title",
    ["压力\r\n曲线", "压力\n曲线", "压\x1b力", "压力\x85曲线", "压力\u2028曲线", "压\u2029力", "a\x7fb"],
)
async def test_a_title_with_control_characters_is_refused(app: FastAPI, team: Team, plant: Plant, title: str) -> None:
    refused = await team.admin.post("/yun/report/basic", {"title": title, "chart_type": 1, "table_kind": 6})
    assert (code(refused), refused["meta"]["field"]) == (117814, "title"), refused
    rid = await history_report(team.admin, [plant.device_id], [plant.sources["出水压力"]])
    refused = await team.admin.put("/yun/report/basic", {"id": rid, "title": title, "chart_type": 1, "table_kind": 6})
    assert (code(refused), refused["meta"]["field"]) == (117814, "title"), refused


async def test_a_stored_title_with_cr_lf_is_mailed_under_a_safe_subject_and_not_copied(
    app: FastAPI, team: Team, plant: Plant
) -> None:
    rid = await _report(app, team, plant)
    await team.user("bob", email="bob@example.com")
    ok(await _schedule(team.admin, rid, ["bob@example.com"]))
    # Stored before titles were checked: straight into the database.
    async with app.state.db.sessionmaker() as s:
        await s.execute(update(Report).where(Report.id == rid).values(title="压力\r\nBcc: victim@example.com"))
        await s.commit()
    made = await _run(app, team.admin, rid)
    assert made["mail_state"] == "sent"
    (mail,) = _reports(app)
    assert mail["Bcc"] is None
    assert mail["To"] == "bob@example.com"
    assert "\r" not in mail["Subject"] and "\n" not in mail["Subject"]
    assert mail["Subject"].startswith("定时报表：压力 Bcc: victim@example.com（")
    refused = await team.admin.post("/yun/report/basic/copy", {"id": rid})
    assert (code(refused), refused["meta"]["field"]) == (117814, "title")
