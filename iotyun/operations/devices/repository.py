"""The device an operator names by SN, with its gateway and tenant (the request's session is tenant-free)."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Tenant
from iotyun.devices.models import Device, FlowCard, Gateway


async def device_by_sn(session: AsyncSession, sn: str) -> tuple[Device, Gateway, Tenant] | None:
    stmt = (
        select(Device, Gateway, Tenant)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .join(Tenant, Tenant.id == Device.tenant_id)
        .where(Device.sn == sn, Device.registered.is_(True))
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else (row[0], row[1], row[2])


async def card_of(session: AsyncSession, device_id: int) -> FlowCard | None:
    result: FlowCard | None = await session.scalar(select(FlowCard).where(FlowCard.device_id == device_id))
    return result
