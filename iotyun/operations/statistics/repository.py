"""The SELECTs of device statistics: one GROUP BY over registered devices and their gateways."""

from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Tenant
from iotyun.devices.models import DEV_ONLINE, Device, Gateway
from iotyun.operations.statistics.schemas import GroupBy


def _key(by: GroupBy) -> Any:
    return {
        "state": Gateway.dev_state,
        "model": Gateway.model,
        "version": Gateway.back_end_version,
        "province": Device.province_code,
        "tenant": Device.tenant_id,
    }[by]


def _where(start: datetime | None, end: datetime | None, tenant_id: int | None) -> list[ColumnElement[bool]]:
    where: list[ColumnElement[bool]] = [Device.registered.is_(True)]
    if start is not None and end is not None:
        where += [Device.registered_at >= start, Device.registered_at < end]
    if tenant_id is not None:
        where.append(Device.tenant_id == tenant_id)
    return where


_ONLINE = func.sum(case((Gateway.dev_state == DEV_ONLINE, 1), else_=0))


async def grouped(
    session: AsyncSession, by: GroupBy, start: datetime | None, end: datetime | None, tenant_id: int | None
) -> list[tuple[Any, int, int, int]]:
    """(key, tenant id, devices, online) per group and tenant: one scan answers the groups, the totals and how many
    tenants have devices (docs/api-operations.md; bench/operator_statistics.py)."""
    key = _key(by).label("key")
    stmt = (
        select(key, Device.tenant_id, func.count(Device.id), _ONLINE)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(*_where(start, end, tenant_id))
        .group_by(key, Device.tenant_id)
    )
    return [(k, int(t), int(n), int(o or 0)) for k, t, n, o in (await session.execute(stmt)).all()]


async def tenant_names(session: AsyncSession, ids: list[int]) -> dict[int, str]:
    if not ids:
        return {}
    rows = await session.execute(select(Tenant.id, Tenant.name).where(Tenant.id.in_(ids)))
    return {int(i): n for i, n in rows.all()}


async def tenant_exists(session: AsyncSession, tenant_id: int) -> bool:
    return await session.get(Tenant, tenant_id) is not None
