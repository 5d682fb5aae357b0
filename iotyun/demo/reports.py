"""Demo reports and usage history for `iotyun seed --demo` (issue 17): 30 days of flow usage samples for the demo
cards, 30 days of online/offline records for the demo devices (each with a few outages), and four reports of the
administrator in the report group "运行报表" — a compressor's pressure hourly over the last 24 hours, two compressors'
exhaust temperature daily over the last 7 days, the alarms by level, and the online devices as an indicator card."""

import random
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core.db import utcnow
from iotyun.demo import devices as device_demo
from iotyun.devices.models import DEV_ONLINE, Device, DeviceLog, FlowCard, FlowSample, Gateway
from iotyun.reports import service as report_service
from iotyun.reports.models import Report, ReportGroup
from iotyun.reports.schemas import ReportConfig, ReportIn
from iotyun.templates.models import DataSource, Template

DAYS = 30
GROUP_NAME = "运行报表"
SAMPLE_EVERY = timedelta(hours=4)


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User]) -> None:
    """Runs after the demo devices and templates; does nothing without an administrator or when seeded before."""
    admin = users.get("admin")
    if admin is None:
        return
    existing = select(ReportGroup.id).where(ReportGroup.tenant_id == tenant_id, ReportGroup.owner_id == admin.id)
    if (await session.execute(existing.limit(1))).first() is not None:
        return
    now = utcnow()
    rng = random.Random(17)
    await _flow_samples(session, tenant_id, now, rng)
    await _online_history(session, tenant_id, now, rng)
    await _reports(session, tenant_id, admin)
    await session.flush()


async def _flow_samples(session: AsyncSession, tenant_id: int, now: datetime, rng: random.Random) -> None:
    """A sample every 4 hours over 30 days, ending at each card's used flow (more by day than by night)."""
    cards = (await session.scalars(select(FlowCard).where(FlowCard.tenant_id == tenant_id))).all()
    steps = int(timedelta(days=DAYS) / SAMPLE_EVERY)
    for card in cards:
        times = [now - SAMPLE_EVERY * (steps - i) for i in range(steps + 1)]
        increments = [rng.uniform(0.2, 1.0) * (2.5 if 8 <= (t.hour + 8) % 24 < 20 else 0.8) for t in times]
        scale = min(1.0, card.used_mb * 0.6 / max(sum(increments), 1e-9))
        value = card.used_mb - sum(increments) * scale
        for t, inc in zip(times, increments, strict=True):
            value += inc * scale
            session.add(FlowSample(tenant_id=tenant_id, device_id=card.device_id, time=t, used_mb=round(value, 2)))


async def _online_history(session: AsyncSession, tenant_id: int, now: datetime, rng: random.Random) -> None:
    """Each deployed demo device online since 30 days back with two to four outages (ten minutes to six hours); the
    ones offline now went offline when their gateway last reported."""
    stmt = (
        select(Device, Gateway)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(Device.tenant_id == tenant_id, Device.registered.is_(True))
        .order_by(Device.id)
    )
    start = now - timedelta(days=DAYS)
    spares = set(device_demo.spare_sns())
    for device, gateway in (await session.execute(stmt)).all():
        if device.sn in spares:
            continue
        online = gateway.dev_state == DEV_ONLINE
        last = gateway.report_time or now
        end = now if online else last
        events: list[tuple[datetime, str]] = [(start, "online")]
        span = (end - start).total_seconds()
        for _ in range(rng.randint(2, 4)):
            down = start + timedelta(seconds=rng.uniform(0.05, 0.9) * span)
            back = down + timedelta(minutes=rng.uniform(10, 360))
            if back < end:
                events += [(down, "offline"), (back, "online")]
        if not online:
            events.append((end, "offline"))
        for at, action in sorted(events):
            detail: dict[str, Any] | None = {"ip": gateway.ip} if action == "online" and gateway.ip else None
            session.add(
                DeviceLog(tenant_id=tenant_id, device_id=device.id, sn=device.sn, time=at, action=action, detail=detail)
            )


async def _reports(session: AsyncSession, tenant_id: int, admin: User) -> None:
    group = ReportGroup(tenant_id=tenant_id, owner_id=admin.id, name=GROUP_NAME)
    session.add(group)
    await session.flush()
    devices = {
        d.alias: d.id for d in (await session.scalars(select(Device).where(Device.tenant_id == tenant_id))).all()
    }
    sources = {
        s.name: s.id
        for s in (
            await session.scalars(
                select(DataSource)
                .join(Template, Template.id == DataSource.template_id)
                .where(Template.tenant_id == tenant_id, Template.name == "空压机监控")
            )
        ).all()
    }
    time_dim = [{"id": 38, "field_name": "时间"}]
    value = {"id": 41, "field_name": "值"}
    bodies: list[dict[str, Any]] = []
    if "1号空压机" in devices and "排气压力" in sources:
        bodies.append(
            {"title": "1号空压机排气压力（24 小时）", "chart_type": 3, "table_kind": 6, "dimension_field_id": time_dim,
             "compare_filed_id": [{"id": 39, "field_name": "设备"}], "aggregate_filed_id": value, "aggregation": "avg",
             "time_unit": "hour", "time_offset": 24, "fill": "linear", "refresh_interval": 60,
             "device_ids": [devices["1号空压机"]], "data_source_ids": [sources["排气压力"]]}
        )  # fmt: skip
    compressors = [devices[a] for a in ("1号空压机", "2号空压机", "冷却塔") if a in devices]
    if len(compressors) >= 2 and "排气温度" in sources:
        bodies.append(
            {"title": "空压机排气温度（7 天）", "chart_type": 4, "table_kind": 6, "dimension_field_id": time_dim,
             "compare_filed_id": [{"id": 39, "field_name": "设备"}], "aggregate_filed_id": value, "aggregation": "avg",
             "time_unit": "day", "time_offset": 7, "device_ids": compressors[:3],
             "data_source_ids": [sources["排气温度"]], "conditions": [{"min": 90, "color": "#f53f3f"}]}
        )  # fmt: skip
    bodies.append(
        {"title": "告警级别分布", "chart_type": 6, "table_kind": 7,
         "dimension_field_id": [{"id": 55, "field_name": "告警级别"}],
         "aggregate_filed_id": {"id": 57, "field_name": "告警数"}, "aggregation": "count", "time_unit": "day",
         "time_offset": 30, "theme": "orange"}
    )  # fmt: skip
    bodies.append(
        {"title": "在线设备数", "chart_type": 1, "table_kind": 8,
         "dimension_field_id": [{"id": 64, "field_name": "在线状态"}],
         "aggregate_filed_id": {"id": 66, "field_name": "设备数"}, "aggregation": "count", "refresh_interval": 30,
         "filters": [{"field_id": 64, "field_name": "在线状态", "operator": "eq", "value": 1}]}
    )  # fmt: skip
    for body in bodies:
        report = ReportIn.model_validate({**body, "group_id": group.id})
        report_service.check(report)
        session.add(
            Report(
                tenant_id=tenant_id,
                owner_id=admin.id,
                title=report.title,
                chart_type=report.chart_type,
                table_kind=report.table_kind,
                group_id=group.id,
                refresh_interval=report.refresh_interval,
                exportable=report.exportable,
                theme=report.theme,
                conditions=[c.model_dump(mode="json") for c in report.conditions],
                config=report.model_dump(mode="json", include=set(ReportConfig.model_fields)),
            )
        )
