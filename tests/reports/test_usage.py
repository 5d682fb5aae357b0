"""Traffic and online time (issue 17 contract E): /yun/flow/analysis with its summary and filters, /yun/flow/detail
from known usage samples (a renewed package counts its new value as used, a drop nobody called a renewal does
not; the book's and the provider's renewals), /yun/online/analysis and /yun/online/detail
from known online/offline records (online at the start, still online at the end), and the rights: another tenant's
devices, a device the caller does not read, a lesser permission, bad bucket, zone or range (docs/api-reports.md)."""

import time
from datetime import UTC, date, datetime
from typing import Any

import httpx
from sqlalchemy import select

from iotyun.devices import flowcards
from iotyun.devices.models import DEV_ONLINE, DeviceGroup, DeviceLog, FlowCard, FlowSample
from tests.conftest import Api, code
from tests.devices.factories import Site, ok

HOUR = 3_600_000
DAY = 24 * HOUR
# 2026-03-01 00:00 in China.
T = int(datetime(2026, 2, 28, 16, tzinfo=UTC).timestamp() * 1000)
SHANGHAI = "Asia/Shanghai"


def at(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


def refused(answer: dict[str, Any]) -> tuple[int, str | None]:
    return code(answer), answer["meta"].get("field")


async def card(site: Site, device_id: int, tenant_id: int, **fields: Any) -> None:
    async with site.app.state.db.sessionmaker() as s:
        values: dict[str, Any] = {"iccid": f"8986{device_id:016d}", "total_mb": 200.0, **fields}
        s.add(FlowCard(tenant_id=tenant_id, device_id=device_id, **values))
        await s.commit()


async def samples(
    site: Site, device_id: int, tenant_id: int, points: list[tuple[int, float] | tuple[int, float, bool]]
) -> None:
    """Samples at (time, used MB[, renewal: a new package's counter starts here])."""
    async with site.app.state.db.sessionmaker() as s:
        s.add_all(
            FlowSample(
                tenant_id=tenant_id, device_id=device_id, time=at(p[0]), used_mb=p[1], renewal=len(p) > 2 and p[2]
            )
            for p in points
        )
        await s.commit()


async def events(site: Site, device_id: int, tenant_id: int, points: list[tuple[int, str]]) -> None:
    async with site.app.state.db.sessionmaker() as s:
        s.add_all(DeviceLog(tenant_id=tenant_id, device_id=device_id, time=at(t), action=a) for t, a in points)
        await s.commit()


async def group(site: Site, name: str) -> int:
    async with site.app.state.db.sessionmaker() as s:
        g = DeviceGroup(tenant_id=site.admin.tenant_id, name=name)
        s.add(g)
        await s.commit()
        return g.id


# --- traffic -----------------------------------------------------------------------------------------------------


async def test_flow_analysis(site: Site, other_tenant: Api) -> None:
    tid = site.admin.tenant_id or 0
    g = await group(site, "泵房")
    a = await site.device(alias="一号泵", group_id=g)
    b = await site.device(alias="二号泵")
    await site.device(alias="无卡")
    theirs = await site.device(owner=other_tenant)
    await card(site, a, tid, used_mb=190.0, warning_mb=20.0, package_name="月包", expiry_date=date(2027, 1, 1))
    await card(site, b, tid, used_mb=200.0, status="shutdown")
    await card(site, theirs, other_tenant.tenant_id or 0, used_mb=1.0)
    data = ok(await site.admin.get("/yun/flow/analysis"))
    assert data["total"] == 2
    first = data["items"][0]
    assert {k: first[k] for k in ("device_id", "name", "group_id", "group_name", "package_name")} == {
        "device_id": a,
        "name": "一号泵",
        "group_id": g,
        "group_name": "泵房",
        "package_name": "月包",
    }
    assert (first["used_mb"], first["remaining_mb"], first["warning"], first["expiry_date"]) == (
        190.0,
        10.0,
        True,
        "2027-01-01",
    )
    assert data["items"][1]["warning"] is False  # no warning level set
    assert data["summary"] == {"cards": 2, "warning": 1, "shutdown": 1, "used_mb": 390.0, "total_mb": 400.0}
    assert ok(await site.admin.get("/yun/flow/analysis", params={"keyword": "二号"}))["total"] == 1
    assert ok(await site.admin.get("/yun/flow/analysis", params={"keyword": f"{a:016d}"}))["total"] == 1  # iccid
    assert ok(await site.admin.get("/yun/flow/analysis", params={"group_id": g}))["total"] == 1
    shut = ok(await site.admin.get("/yun/flow/analysis", params={"status": "shutdown"}))
    assert ([i["device_id"] for i in shut["items"]], shut["summary"]["cards"]) == ([b], 1)
    assert [i["device_id"] for i in ok(await other_tenant.get("/yun/flow/analysis"))["items"]] == [theirs]
    # A user sees the cards of the devices he reads only.
    carl = await site.user("carl", ["P62000"])
    assert ok(await carl.get("/yun/flow/analysis"))["total"] == 0
    await site.grant(b, carl)
    assert [i["device_id"] for i in ok(await carl.get("/yun/flow/analysis"))["items"]] == [b]
    nobody = await site.user("nobody", ["P10000"])
    assert code(await nobody.get("/yun/flow/analysis")) == 100015


async def test_flow_detail(site: Site, other_tenant: Api) -> None:
    tid = site.admin.tenant_id or 0
    a = await site.device(alias="一号泵")
    await card(site, a, tid, used_mb=50.0, warning_mb=100.0)
    await samples(
        site,
        a,
        tid,
        [
            (T - 5 * DAY, 80.0),
            (T - HOUR, 100.0),  # the baseline: the last before the range
            (T + HOUR, 110.0),
            (T + 20 * HOUR, 130.0),
            (T + DAY + HOUR, 20.0, True),  # a new package, as the book or the provider said
            (T + DAY + 5 * HOUR, 50.0),
            (T + DAY + 6 * HOUR, 10.0),  # a drop nobody called a renewal: a correction, not used flow
            (T + DAY + 7 * HOUR, 40.0),
            (T + 10 * DAY, 70.0),  # after the range
        ],
    )
    params = {"device_id": a, "start": T, "end": T + 3 * DAY - 1, "tz": SHANGHAI, "bucket": "day"}
    data = ok(await site.admin.get("/yun/flow/detail", params=params))
    assert data["categories"] == [
        "2026-03-01T00:00:00+08:00",
        "2026-03-02T00:00:00+08:00",
        "2026-03-03T00:00:00+08:00",
    ]
    assert (data["used"], data["used_total"], data["remaining"]) == (
        [30.0, 80.0, 0.0],
        [130.0, 40.0, 40.0],
        [70.0, 160.0, 160.0],
    )
    assert (data["warning_mb"], data["card"]["device_id"], data["card"]["total_mb"]) == (100.0, a, 200.0)
    month = ok(await site.admin.get("/yun/flow/detail", params={**params, "bucket": "month", "end": T + 20 * DAY}))
    assert (month["categories"], month["used"], month["used_total"]) == (["2026-03-01T00:00:00+08:00"], [140.0], [70.0])
    # Refusals.
    theirs = await site.device(owner=other_tenant)
    await card(site, theirs, other_tenant.tenant_id or 0)
    no_card = await site.device()
    assert refused(await site.admin.get("/yun/flow/detail", params={**params, "device_id": theirs})) == (
        110506,
        "device_id",
    )
    assert refused(await site.admin.get("/yun/flow/detail", params={**params, "device_id": no_card})) == (
        110542,
        "device_id",
    )
    assert refused(await site.admin.get("/yun/flow/detail", params={**params, "bucket": "hour"})) == (100004, "bucket")
    assert refused(await site.admin.get("/yun/flow/detail", params={**params, "tz": "Mars/Olympus"})) == (100004, "tz")
    assert refused(await site.admin.get("/yun/flow/detail", params={**params, "end": T - 1})) == (118206, "end")
    assert refused(await site.admin.get("/yun/flow/detail", params={**params, "end": T + 367 * DAY})) == (
        100004,
        "start",
    )
    lister = await site.user("lister", ["P62000"])
    assert code(await lister.get("/yun/flow/detail", params=params)) == 100015
    detail = await site.user("detail", ["P62200"])
    assert refused(await detail.get("/yun/flow/detail", params=params)) == (110506, "device_id")
    await site.grant(a, detail)
    assert ok(await detail.get("/yun/flow/detail", params=params))["used"] == [30.0, 80.0, 0.0]


async def test_book_and_refresh_sample_the_used_flow(site: Site) -> None:
    a = await site.device()
    ok(await site.admin.post("/dev/card/binding", {"device_id": a, "iccid": "89860012345678901234"}))
    book = {"device_id": a, "total_mb": 100, "warning_mb": 10}
    ok(await site.admin.put("/dev/card/info", book))
    ok(await site.admin.put("/dev/card/info", {**book, "used_mb": 12.5}))
    ok(await site.admin.put("/dev/card/info", {**book, "used_mb": 12.5}))  # unchanged: no sample
    assert ok(await site.admin.put("/dev/card/info", {**book, "used_mb": 40}))["used_mb"] == 40
    assert code(await site.admin.put("/dev/card/info", {**book, "used_mb": -1})) == 100004
    async with site.app.state.db.sessionmaker() as s:
        got = (await s.scalars(select(FlowSample.used_mb).where(FlowSample.device_id == a))).all()
    assert list(got) == [12.5, 40.0]


async def test_renewals_come_from_the_book_or_the_provider(site: Site) -> None:
    """A lower used flow is a new package only with a later effective date (the book's or the provider's); a lower
    figure for the same package corrects the counter and counts nothing."""
    a = await site.device()
    ok(await site.admin.post("/dev/card/binding", {"device_id": a, "iccid": "89860012345678901234"}))
    book = {"device_id": a, "total_mb": 500, "effective_date": "2026-01-01"}
    ok(await site.admin.put("/dev/card/info", {**book, "used_mb": 100}))
    ok(await site.admin.put("/dev/card/info", {**book, "used_mb": 60}))  # a correction
    ok(await site.admin.put("/dev/card/info", {**book, "used_mb": 90}))
    ok(await site.admin.put("/dev/card/info", {**book, "effective_date": "2026-02-01", "used_mb": 5}))  # renewed
    facts = [
        {"effective_date": "2026-02-01", "used_mb": 25},
        {"effective_date": "2026-02-01", "used_mb": 15},  # the operator's correction
        {"effective_date": "2026-03-01", "used_mb": 7},  # the operator's renewal
        {"effective_date": "2026-03-01"},  # no figure: nothing sampled
    ]

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=facts.pop(0))

    settings = site.app.state.settings
    saved = (settings.flowcard_provider, settings.flowcard_url)
    settings.flowcard_provider, settings.flowcard_url = "webhook", "http://operator.test/cards"
    flowcards.webhook_transport = httpx.MockTransport(handler)
    try:
        for _ in range(4):
            ok(await site.admin.get("/dev/card/info", params={"device_id": a, "refresh": "true"}))
    finally:
        flowcards.webhook_transport = None
        settings.flowcard_provider, settings.flowcard_url = saved
    async with site.app.state.db.sessionmaker() as s:
        stmt = select(FlowSample.used_mb, FlowSample.renewal).where(FlowSample.device_id == a).order_by(FlowSample.id)
        got = [(float(v), bool(r)) for v, r in (await s.execute(stmt)).all()]
    assert got == [(100, False), (60, False), (90, False), (5, True), (25, False), (15, False), (7, True)]
    now = int(time.time() * 1000)
    params = {"device_id": a, "start": now - DAY, "end": now + DAY, "tz": "UTC", "bucket": "day"}
    # The first sample is the baseline; then 60 → 90, the renewal's 5, 5 → 25, the renewal's 7.
    assert sum(ok(await site.admin.get("/yun/flow/detail", params=params))["used"]) == 30 + 5 + 20 + 7


# --- online time -------------------------------------------------------------------------------------------------


async def test_online_analysis_and_detail(site: Site, other_tenant: Api) -> None:
    tid = site.admin.tenant_id or 0
    g = await group(site, "泵房")
    a = await site.device(alias="A", group_id=g)
    b = await site.device(alias="B")
    c = await site.device(alias="C", group_id=g)
    await site.online(a)
    # A: online since before the range; off 02:00-05:00; online to the end.
    await events(site, a, tid, [(T - 2 * DAY, "offline"), (T - HOUR, "online"), (T + 2 * HOUR, "offline")])
    await events(site, a, tid, [(T + 5 * HOUR, "online"), (T + 30 * HOUR, "offline")])
    # C: offline before the range; online 01:00-03:00.
    await events(site, c, tid, [(T - HOUR, "offline"), (T + HOUR, "online"), (T + 3 * HOUR, "offline")])
    theirs = await site.device(owner=other_tenant)
    await events(site, theirs, other_tenant.tenant_id or 0, [(T + HOUR, "online")])
    params = {"start": T, "end": T + DAY, "tz": SHANGHAI}
    data = ok(await site.admin.get("/yun/online/analysis", params=params))
    rows = {r["device_id"]: r for r in data["items"]}
    assert set(rows) == {a, b, c}
    assert (rows[a]["online_ms"], rows[a]["offline_ms"], rows[a]["sessions"], rows[a]["dev_state"]) == (
        21 * HOUR,
        3 * HOUR,
        2,
        DEV_ONLINE,
    )
    assert rows[a]["ratio"] == round(21 / 24, 4)
    assert (rows[b]["online_ms"], rows[b]["sessions"], rows[b]["ratio"]) == (0, 0, 0.0)
    assert (rows[c]["online_ms"], rows[c]["group_name"]) == (2 * HOUR, "泵房")
    assert data["groups"] == [
        {"group_id": g, "group_name": "泵房", "devices": 2, "online_ms": 23 * HOUR, "ratio": round(23 / 48, 4)},
        {"group_id": None, "group_name": None, "devices": 1, "online_ms": 0, "ratio": 0.0},
    ]
    filtered = ok(await site.admin.get("/yun/online/analysis", params={**params, "group_id": g, "page_size": 1}))
    assert (filtered["total"], [r["device_id"] for r in filtered["items"]]) == (2, [a])
    assert ok(await site.admin.get("/yun/online/analysis", params={**params, "keyword": "B"}))["total"] == 1
    # The detail: per hour, and the periods newest first.
    detail = ok(await site.admin.get("/yun/online/detail", params={**params, "device_id": a, "bucket": "hour"}))
    assert detail["device"] == {"device_id": a, "sn": detail["device"]["sn"], "name": "A", "dev_state": DEV_ONLINE}
    assert len(detail["categories"]) == 25 and detail["categories"][0] == "2026-03-01T00:00:00+08:00"
    assert detail["online_ms"][:6] == [HOUR, HOUR, 0, 0, 0, HOUR]
    assert sum(detail["online_ms"]) == 21 * HOUR
    assert detail["periods"] == [{"start": T + 5 * HOUR, "end": T + DAY}, {"start": T, "end": T + 2 * HOUR}]
    day = ok(await site.admin.get("/yun/online/detail", params={**params, "device_id": a, "bucket": "day"}))
    assert day["online_ms"] == [21 * HOUR, 0]


async def test_still_online_counts_to_now(site: Site) -> None:
    tid = site.admin.tenant_id or 0
    a = await site.device()
    now = int(time.time() * 1000)
    await events(site, a, tid, [(now - 3 * DAY, "online")])
    data = ok(await site.admin.get("/yun/online/analysis", params={"start": now - DAY, "end": now + DAY}))
    row = data["items"][0]
    assert DAY <= row["online_ms"] <= DAY + 60_000
    assert row["offline_ms"] == 0 and row["ratio"] == 1.0
    params = {"device_id": a, "start": now - DAY, "end": now + DAY, "bucket": "day"}
    detail = ok(await site.admin.get("/yun/online/detail", params=params))
    assert detail["periods"] == [{"start": now - DAY, "end": None}]  # still going on


async def test_online_refusals(site: Site, other_tenant: Api) -> None:
    a = await site.device()
    theirs = await site.device(owner=other_tenant)
    params = {"device_id": a, "start": T, "end": T + DAY, "tz": SHANGHAI, "bucket": "day"}
    path = "/yun/online/detail"
    assert refused(await site.admin.get(path, params={**params, "device_id": theirs})) == (110506, "device_id")
    assert refused(await site.admin.get(path, params={**params, "bucket": "week"})) == (100004, "bucket")
    assert refused(await site.admin.get(path, params={**params, "bucket": "hour", "end": T + 32 * DAY})) == (
        118210,
        "start",
    )
    assert refused(await site.admin.get(path, params={**params, "end": T - 1})) == (118206, "end")
    assert refused(await site.admin.get(path, params={**params, "tz": "Nowhere/City"})) == (100004, "tz")
    analysis = "/yun/online/analysis"
    assert refused(await site.admin.get(analysis, params={"start": T, "end": T - 1})) == (118206, "end")
    assert refused(await site.admin.get(analysis, params={"start": T, "end": T + 400 * DAY})) == (100004, "start")
    assert refused(await site.admin.get(analysis, params={"start": T, "end": T + DAY, "tz": "x/y"})) == (100004, "tz")
    assert code(await site.admin.get(analysis, params={"start": T})) == 100004
    assert ok(await other_tenant.get(analysis, params={"start": T, "end": T + DAY}))["total"] == 1
    carl = await site.user("carl", ["P62000"])
    assert ok(await carl.get(analysis, params={"start": T, "end": T + DAY}))["total"] == 0
    assert code(await carl.get(path, params=params)) == 100015
    dora = await site.user("dora", ["P62200"])
    assert refused(await dora.get(path, params=params)) == (110506, "device_id")
    nobody = await site.user("nobody", ["P10000"])
    assert code(await nobody.get(analysis, params={"start": T, "end": T + DAY})) == 100015
