"""Online time (issue 17 contract E) from the device log's online/offline records (devices/service.py set_state):
a device's online periods clipped to [start, end] — online at `start` when its last record before it says online,
still online counted to min(now, end). The list reads every selected device's records in one statement (and the
devices in another) and sums them per device and per device group; the detail splits one device's periods per day or
hour in the viewer's zone and lists them newest first (at most ONLINE_PERIODS_MAX)."""

import time
from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import ONLINE_PERIODS_MAX, TRAFFIC_RANGE_MAX_DAYS
from iotyun.core.pagination import PageParams
from iotyun.reports.timezones import zone
from iotyun.reports.usage import buckets
from iotyun.reports.usage import repository as repo
from iotyun.reports.usage.schemas import (
    OnlineAnalysisOut,
    OnlineDetailOut,
    OnlineDevice,
    OnlineGroup,
    OnlinePeriod,
    OnlineRow,
)
from iotyun.telemetry.public import DAY_MS

Period = tuple[int, int]


def _now() -> int:
    return int(time.time() * 1000)


def _at(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


def periods(events: list[tuple[int, str]], start: int, stop: int) -> list[Period]:
    """The online periods within [start, stop] of a device's records in time order (those before `start` first)."""
    since: int | None = None
    found: list[Period] = []
    for ts, action in events:
        if ts < start:
            since = start if action == "online" else None
            continue
        if ts > stop:
            break
        if action == "online" and since is None:
            since = ts
        elif action == "offline" and since is not None:
            if ts > since:
                found.append((since, ts))
            since = None
    if since is not None and stop > since:
        found.append((since, stop))
    return found


def _range(start: int, end: int) -> None:
    if end < start:
        raise AppError(ErrorCode.REPORT_END_BEFORE_START, field="end")
    if end - start > TRAFFIC_RANGE_MAX_DAYS * DAY_MS:
        raise AppError(ErrorCode.PARAM_INVALID, field="start")


async def _events(
    session: AsyncSession, device_ids: list[int], start: int, end: int
) -> dict[int, list[tuple[int, str]]]:
    by_device: dict[int, list[tuple[int, str]]] = defaultdict(list)
    if device_ids:
        for d, t, action in await repo.online_events(session, device_ids, _at(start), _at(end)):
            by_device[d].append((epoch_ms(t) or 0, action))
    return by_device


async def analysis(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    start: int,
    end: int,
    tz: str,
    keyword: str | None,
    group_id: int | None,
) -> OnlineAnalysisOut:
    zone(tz)
    _range(start, end)
    devices = await repo.online_devices(session, actor, keyword, group_id)
    events = await _events(session, [int(d.id) for d in devices], start, end)
    stop = min(_now(), end)
    span = max(stop - start, 0)
    rows: list[OnlineRow] = []
    groups: dict[int | None, list[Any]] = {}
    for d in devices:
        found = periods(events.get(int(d.id), []), start, stop)
        online = sum(b - a for a, b in found)
        rows.append(
            OnlineRow(
                device_id=d.id,
                sn=d.sn,
                name=d.name,
                group_id=d.group_id,
                group_name=d.group_name,
                online_ms=online,
                offline_ms=span - online,
                ratio=round(online / span, 4) if span else 0.0,
                sessions=len(found),
                dev_state=d.dev_state,
            )
        )
        entry = groups.setdefault(d.group_id, [d.group_name, 0, 0])
        entry[1] += 1
        entry[2] += online
    first = (params.page - 1) * params.page_size
    return OnlineAnalysisOut(
        items=rows[first : first + params.page_size],
        total=len(rows),
        page=params.page,
        page_size=params.page_size,
        groups=[
            OnlineGroup(
                group_id=g,
                group_name=name,
                devices=n,
                online_ms=online,
                ratio=round(online / (n * span), 4) if span and n else 0.0,
            )
            for g, (name, n, online) in sorted(groups.items(), key=lambda kv: (kv[1][0] is None, kv[1][0] or ""))
        ],
    )


async def detail(
    session: AsyncSession, actor: Actor, device_id: int, start: int, end: int, tz: str, bucket: str
) -> OnlineDetailOut:
    """One readable device's online time per bucket and its periods (110506 for a device the caller does not read)."""
    z = zone(tz)
    buckets.check(start, end, bucket, ("day", "hour"))
    found_devices = await repo.online_devices(session, actor, None, None, device_id)
    if not found_devices:
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_id")
    d = found_devices[0]
    now = _now()
    stop = min(now, end)
    found = periods((await _events(session, [device_id], start, end)).get(device_id, []), start, stop)
    # A period reaching now is still going on: its end is null.
    still = stop == now and bool(found) and found[-1][1] == stop
    starts, categories = buckets.grid(start, end, bucket, z)
    stops = buckets.ends(starts, bucket, z, start)
    online = [sum(max(0, min(b, hi) - max(a, lo)) for a, b in found) for lo, hi in zip(starts, stops, strict=True)]
    return OnlineDetailOut(
        device=OnlineDevice(device_id=d.id, sn=d.sn, name=d.name, dev_state=d.dev_state),
        categories=categories,
        online_ms=online,
        periods=[
            OnlinePeriod(start=a, end=None if still and i == 0 else b)
            for i, (a, b) in enumerate(reversed(found[-ONLINE_PERIODS_MAX:]))
        ],
    )
