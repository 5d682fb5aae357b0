"""Report definitions whose fields pass one by one but not together (docs/api-reports.md "Ranges a report may
produce"): refused when saved with their code and field, and when such a definition is already stored (saved before
the rule, or written to the database directly) its statistic, table data, export and scheduled run answer that code,
never a server error; on SQLite and PostgreSQL."""

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update

from iotyun.core.db import utcnow
from iotyun.core.errors import ErrorCode, text
from iotyun.core.limits import EPOCH_MS_MAX, REPORT_BUCKETS_MAX, REPORT_TIME_MAX_MS
from iotyun.reports.exports.models import ExportJob, ReportSchedule
from iotyun.reports.models import Report
from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.reports.exports.factories import runner
from tests.reports.test_definitions import PATH, body, history, make, refused

DAY = 86_400_000
YEAR = 366 * DAY
T = 1_790_000_000_000
STAT, TABLE, EXPORT = "/yun/report/statistic", "/yun/report/table/data", "/yun/exportFile"
LATE = REPORT_TIME_MAX_MS + DAY


def over_time(**over: Any) -> dict[str, Any]:
    """A device-info report counted over its time field (62), so its range is bucketed."""
    return body(**{"dimension_field_id": [{"id": 62, "field_name": "注册时间"}], "time_unit": "day", **over})


# (the definition's fields, the code and field its save answers); each field alone passes the schema.
BROKEN: list[tuple[dict[str, Any], tuple[int, str]]] = [
    ({"time_unit": "year", "time_offset": 100_000}, (118214, "time_offset")),
    ({"time_unit": "month", "time_offset": 100_000}, (118214, "time_offset")),
    ({"time_unit": "week", "time_offset": 100_000}, (118214, "time_offset")),
    ({"time_unit": "day", "time_offset": 40_000}, (118214, "time_offset")),
    ({"start": -(2**62), "end": T}, (118214, "start")),
    ({"start": T, "end": 2**62}, (118214, "end")),
    ({"time_unit": "year", "start": 0, "end": LATE}, (118214, "end")),
    ({"time_unit": "day", "start": 0, "end": REPORT_TIME_MAX_MS}, (118215, "time_unit")),
    ({"time_unit": "day", "time_offset": REPORT_BUCKETS_MAX + 1}, (118215, "time_unit")),
    ({"fill": "1e999"}, (100004, "fill")),
    ({"fill": "nan"}, (100004, "fill")),
    ({"filters": [{"field_id": 64, "operator": "eq", "value": 1e30}]}, (100004, "filters")),
    ({"filters": [{"field_id": 64, "operator": "range", "value": 0, "value2": 2**40}]}, (100004, "filters")),
    ({"filters": [{"field_id": 64, "operator": "gt", "value": "online"}]}, (100004, "filters")),
    ({"filters": [{"field_id": 62, "operator": "ge", "value": EPOCH_MS_MAX * 10}]}, (118214, "filters")),
    ({"filters": [{"field_id": 62, "operator": "le", "value": -1e300}]}, (118214, "filters")),
]


def _ids(case: tuple[dict[str, Any], tuple[int, str]]) -> str:
    return ",".join(f"{k}={v}" for k, v in case[0].items())[:40]


async def _store(site: Site, rid: int, **config: Any) -> None:
    """Writes fields into report `rid`'s stored definition as a row saved before the rules (or by hand) holds them."""
    async with site.app.state.db.sessionmaker() as s:
        report = await s.get(Report, rid)
        assert report is not None
        await s.execute(update(Report).where(Report.id == rid).values(config={**report.config, **config}))
        await s.commit()


async def _reads(api: Api, rid: int) -> list[dict[str, Any]]:
    """The statistic, table data and export of report `rid` over its own range."""
    params = {"id": rid, "tz": "Asia/Shanghai"}
    return [
        await api.get(STAT, params=params),
        await api.get(TABLE, params=params),
        await api.post(EXPORT, {"kind": "report_data", "report_id": rid, "tz": "Asia/Shanghai"}),
    ]


@pytest.mark.parametrize("case", BROKEN, ids=[_ids(c) for c in BROKEN])
async def test_refused_when_saved(site: Site, case: tuple[dict[str, Any], tuple[int, str]]) -> None:
    fields, expected = case
    answer = await site.admin.post(PATH, over_time(**fields))
    assert answer["status"] < 500 and refused(answer) == expected, answer["meta"]
    # Saving over an existing report refuses alike.
    rid = (await make(site.admin, title="ok"))["id"]
    again = await site.admin.put(PATH, {**over_time(**fields), "id": rid, "title": "ok"})
    assert refused(again) == expected


@pytest.mark.parametrize("case", BROKEN, ids=[_ids(c) for c in BROKEN])
async def test_stored_answers_its_code(site: Site, case: tuple[dict[str, Any], tuple[int, str]]) -> None:
    fields, expected = case
    rid = (await make(site.admin, **over_time()))["id"]
    await _store(site, rid, **fields)
    for answer in await _reads(site.admin, rid):
        assert answer["status"] < 500 and refused(answer) == expected, answer["meta"]
    # The definition itself still reads back, to be corrected.
    assert ok(await site.admin.get("/yun/report/info", params={"id": rid}))["id"] == rid
    assert any(r["id"] == rid for r in ok(await site.admin.get(PATH))["items"])


async def test_a_viewer_range_beyond_the_dates(site: Site) -> None:
    rid = (await make(site.admin, **over_time(time_unit="year")))["id"]
    late = await site.admin.get(STAT, params={"id": rid, "start": 0, "end": EPOCH_MS_MAX, "tz": "Pacific/Kiritimati"})
    assert late["status"] < 500 and refused(late) == (118214, "end")
    fits = await site.admin.get(STAT, params={"id": rid, "start": 0, "end": REPORT_TIME_MAX_MS, "tz": "UTC"})
    assert len(ok(fits)["categories"]) > 7000


async def test_history_data_over_a_year_is_refused_when_saved(site: Site) -> None:
    d = await site.device()
    answer = await site.admin.post(PATH, history([d], time_unit="day", time_offset=400))
    assert refused(answer) == (118217, "time_offset")
    answer = await site.admin.post(PATH, history([d], time_unit="month", start=T, end=T + 2 * YEAR))
    assert refused(answer) == (118217, "start")


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ({"time_offset": "many"}, (118216, "time_offset")),
        ({"time_unit": "fortnight"}, (118216, "time_unit")),
        ({"filters": [{"field_id": 64}]}, (118216, "filters")),
        ({"dimension_field_id": []}, (118203, "dimension_field_id")),
        ({"aggregation": "median"}, (118216, "aggregation")),
        ({"filters": [{"field_id": 64, "operator": "null"}] * 21}, (118211, "filters")),
    ],
)
async def test_a_stored_definition_that_does_not_parse(
    site: Site, config: dict[str, Any], expected: tuple[int, str]
) -> None:
    rid = (await make(site.admin, **over_time()))["id"]
    await _store(site, rid, **config)
    for answer in await _reads(site.admin, rid):
        assert answer["status"] < 500 and refused(answer) == expected, answer["meta"]
    assert ok(await site.admin.get("/yun/report/info", params={"id": rid}))["id"] == rid
    assert any(r["id"] == rid for r in ok(await site.admin.get(PATH))["items"])


async def test_a_stored_history_report_over_too_many_series(site: Site) -> None:
    d = await site.device()
    async with site.app.state.db.sessionmaker() as s:
        config = history([d, *range(10**6, 10**6 + 10)])
        keys = ("dimension_field_id", "compare_filed_id", "aggregate_filed_id", "aggregation", "time_unit")
        report = Report(
            tenant_id=site.admin.tenant_id,
            owner_id=site.admin.user_id,
            title="many",
            chart_type=3,
            table_kind=6,
            config={k: config[k] for k in (*keys, "device_ids")} | {"data_source_ids": [1, 2]},
        )
        s.add(report)
        await s.commit()
        rid = report.id
    for answer in await _reads(site.admin, rid):
        assert answer["status"] < 500 and refused(answer) == (118208, "compare_filed_id"), answer["meta"]


async def test_a_scheduled_run_of_a_stored_broken_definition_fails_with_its_code(site: Site) -> None:
    rid = (await make(site.admin, **over_time()))["id"]
    schedule = {"report_id": rid, "frequency": "daily", "hour": 0, "tz": "UTC", "emails": []}
    ok(await site.admin.put("/yun/report/schedule", schedule))
    await _store(site, rid, time_unit="year", time_offset=100_000)
    now = utcnow()
    async with site.app.state.db.sessionmaker() as s:
        await s.execute(
            update(ReportSchedule).where(ReportSchedule.report_id == rid).values(next_run_at=now - timedelta(seconds=1))
        )
        await s.commit()
    assert await runner(site.app, "a").tick(now) == 1
    async with site.app.state.db.sessionmaker() as s:
        (made,) = [j for j in (await s.execute(ExportJob.__table__.select())).all() if j.report_id == rid]
    assert (made.state, made.error) == ("failed", text(ErrorCode.REPORT_TIME_OUT_OF_RANGE, "zh", field="time_offset"))
    assert code(await site.admin.get(STAT, params={"id": rid, "tz": "UTC"})) == 118214


async def test_the_list_filter_by_chart_type_outside_the_types(site: Site) -> None:
    await make(site.admin)
    for value in (2**40, 0, 9):
        answer = await site.admin.get(PATH, params={"chart_type": value})
        assert answer["status"] < 500 and refused(answer) == (100004, "chart_type"), answer["meta"]
    assert len(ok(await site.admin.get(PATH, params={"chart_type": 6}))["items"]) == 1
