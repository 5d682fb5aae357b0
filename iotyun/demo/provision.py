"""`iotyun simulate` provisioning: the `sim` tenant, its administrator, N gateways and a published template with M
data sources bound to them (idempotent: a second run adds what is missing)."""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import repository as auth_repository
from iotyun.auth import service as auth_service
from iotyun.auth.models import Role, User
from iotyun.core import security
from iotyun.core.config import Settings
from iotyun.core.db import Database
from iotyun.core.permissions import RoleCode
from iotyun.core.tenancy import system_session
from iotyun.core.texts import phrase
from iotyun.devices import service as device_service
from iotyun.devices.models import Device, Gateway
from iotyun.templates import changes
from iotyun.templates.models import (
    DataSource,
    DataSourceGroup,
    Template,
    TemplateBinding,
    TemplateLog,
    TemplatePublication,
    TemplateScreen,
)
from iotyun.templates.service import snapshot

log = logging.getLogger("iotyun.demo.provision")

SIM_TENANT = "sim"
SIM_USER = "sim"
SIM_SECRET = "simsecret"  # noqa: S105 - the documented secret of the simulated gateways
SIM_TEMPLATE = "仿真网关"
_CHUNK = 500


def sim_sn(n: int) -> str:
    return f"SIM{n:06d}"


def _source_row(i: int) -> dict[str, Any]:
    """The i-th (0-based) simulated data source: float32 holding registers, int16 input registers and coils in
    turn, every 4th temperature with a high-temperature fault and every 2nd switch writable."""
    n, kind = i // 3 + 1, i % 3
    if kind == 0:
        faults = []
        if n % 4 == 1:
            faults = [
                {
                    "kind": "compare",
                    "op": "gt",
                    "threshold": 80,
                    "bit_index": None,
                    "alarm_name": "温度过高",
                    "level": 2,
                    "info": "",
                }
            ]
        return {
            "name": f"温度{n}",
            "data_type": "float32",
            "area": "holding",
            "address": (n - 1) * 2,
            "rw": "r",
            "unit": "℃",
            "decimals": 1,
            "faults": faults,
        }
    if kind == 1:
        return {"name": f"计数{n}", "data_type": "int16", "area": "input", "address": n - 1, "unit": "", "decimals": 0}
    return {
        "name": f"开关{n}",
        "data_type": "bit",
        "area": "coil",
        "address": n - 1,
        "rw": "rw" if n % 2 == 0 else "r",
        "decimals": 0,
    }


async def _tenant_and_user(session: AsyncSession, settings: Settings) -> tuple[int, User]:
    tenant = await auth_repository.tenant_by_code(session, SIM_TENANT)
    if tenant is None:
        tenant, roles = await auth_service.create_tenant(session, "iotyun simulation", SIM_TENANT)
        role = roles[RoleCode.ADMINISTRATOR]
    else:
        role = (
            await session.execute(
                select(Role).where(Role.tenant_id == tenant.id, Role.code == RoleCode.ADMINISTRATOR.value)
            )
        ).scalar_one()
    user = (await session.execute(select(User).where(User.user_name == SIM_USER))).scalar_one_or_none()
    if user is None:
        user = User(
            tenant_id=tenant.id,
            user_name=SIM_USER,
            email=f"{SIM_USER}@sim.iotyun.local",
            password_hash=security.hash_password_sync(settings.demo_password),
            nick_name="仿真",
            company="iotyun",
            role_id=role.id,
        )
        session.add(user)
        await session.flush()
    elif user.tenant_id != tenant.id:
        raise RuntimeError(f"user {SIM_USER!r} exists in another tenant")
    return tenant.id, user


async def _template(session: AsyncSession, tenant_id: int, owner: User) -> Template:
    template = (
        await session.execute(select(Template).where(Template.owner_id == owner.id, Template.name == SIM_TEMPLATE))
    ).scalar_one_or_none()
    if template is not None:
        return template
    template = Template(tenant_id=tenant_id, owner_id=owner.id, name=SIM_TEMPLATE, description="iotyun simulate")
    session.add(template)
    await session.flush()
    session.add_all(
        TemplateScreen(
            tenant_id=tenant_id, template_id=template.id, kind=kind, name=phrase("name.main_screen"), is_main=True
        )
        for kind in ("web", "mobile")
    )
    session.add(
        DataSourceGroup(
            tenant_id=tenant_id, template_id=template.id, name=phrase("name.default_group"), is_default=True, sort=0
        )
    )
    session.add(
        TemplateLog(
            tenant_id=tenant_id,
            template_id=template.id,
            action="create",
            user_id=owner.id,
            user_name=owner.user_name,
            detail={"name": SIM_TEMPLATE},
        )
    )
    await session.flush()
    return template


async def _sources(session: AsyncSession, template: Template, points: int) -> bool:
    """Add data sources up to `points`; True when some were added."""
    have = await session.scalar(
        select(func.count()).select_from(DataSource).where(DataSource.template_id == template.id)
    )
    have = int(have or 0)
    if have >= points:
        return False
    group = (
        await session.execute(
            select(DataSourceGroup).where(DataSourceGroup.template_id == template.id, DataSourceGroup.is_default)
        )
    ).scalar_one()
    for i in range(have, points):
        row = _source_row(i)
        session.add(
            DataSource(
                tenant_id=template.tenant_id,
                template_id=template.id,
                group_id=group.id,
                history="change",
                sort=i,
                **row,
            )
        )
        if (i + 1) % _CHUNK == 0:
            await session.flush()
    await session.flush()
    return True


async def _devices(session: AsyncSession, tenant_id: int, owner: User, template: Template, count: int) -> None:
    group = await device_service.default_group(session, tenant_id)
    sns = [sim_sn(n) for n in range(1, count + 1)]
    secret_hash = security.hash_password_sync(SIM_SECRET, device=True)
    for start in range(0, len(sns), _CHUNK):
        chunk = sns[start : start + _CHUNK]
        gateways = {g.sn: g for g in (await session.scalars(select(Gateway).where(Gateway.sn.in_(chunk)))).all()}
        for sn in chunk:
            if sn not in gateways:
                gateways[sn] = Gateway(sn=sn, secret_hash=secret_hash, model="SIM", firmware_version="sim")
                session.add(gateways[sn])
        await session.flush()
        registered = {
            d.sn: d
            for d in (await session.scalars(select(Device).where(Device.sn.in_(chunk), Device.registered))).all()
        }
        for i, sn in enumerate(chunk):
            if sn in registered:
                if registered[sn].tenant_id != tenant_id:
                    log.warning("%s is registered in another tenant; not simulated", sn)
                continue
            registered[sn] = Device(
                tenant_id=tenant_id,
                gateway_id=gateways[sn].id,
                sn=sn,
                owner_id=owner.id,
                alias=f"仿真网关{start + i + 1}",
                group_id=group.id,
            )
            session.add(registered[sn])
        await session.flush()
        ids = [d.id for d in registered.values() if d.tenant_id == tenant_id]
        bound = set(
            (await session.scalars(select(TemplateBinding.device_id).where(TemplateBinding.device_id.in_(ids)))).all()
        )
        session.add_all(
            TemplateBinding(tenant_id=tenant_id, device_id=i, template_id=template.id, bound_by=owner.id)
            for i in ids
            if i not in bound
        )
        await session.flush()


async def _publish(session: AsyncSession, template: Template, owner: User, changed: bool) -> None:
    if changed and template.published:
        template.version += 1
    exists = await session.scalar(
        select(TemplatePublication.id).where(
            TemplatePublication.template_id == template.id, TemplatePublication.version == template.version
        )
    )
    if exists is not None and template.published:
        return
    groups = list(
        (await session.scalars(select(DataSourceGroup).where(DataSourceGroup.template_id == template.id))).all()
    )
    sources = list(
        (
            await session.scalars(
                select(DataSource).where(DataSource.template_id == template.id).order_by(DataSource.sort)
            )
        ).all()
    )
    screens = list(
        (await session.scalars(select(TemplateScreen).where(TemplateScreen.template_id == template.id))).all()
    )
    release = await changes.freeze(session, template, snapshot(template, groups, sources, screens, {}), owner.id)
    session.add(
        TemplateLog(
            tenant_id=template.tenant_id,
            template_id=template.id,
            action="publish",
            user_id=owner.id,
            user_name=owner.user_name,
            detail={"version": template.version, "release": release},
        )
    )
    await session.flush()


async def provision(session: AsyncSession, settings: Settings, devices: int, points: int) -> list[tuple[str, str]]:
    """Ensure the sim tenant, `devices` gateways SIM000001… and a published template of at least `points` data
    sources bound to them; the gateways' (sn, secret)."""
    tenant_id, owner = await _tenant_and_user(session, settings)
    template = await _template(session, tenant_id, owner)
    changed = await _sources(session, template, max(points, 1))
    await _devices(session, tenant_id, owner, template, devices)
    await _publish(session, template, owner, changed)
    return [(sim_sn(n), SIM_SECRET) for n in range(1, devices + 1)]


async def run(settings: Settings, devices: int, points: int) -> list[tuple[str, str]]:
    """provision() in its own database session, committed."""
    db = Database(settings.resolved_database_url)
    try:
        async with system_session(db.sessionmaker) as session:
            gateways = await provision(session, settings, devices, points)
            await session.commit()
    finally:
        await db.dispose()
    log.info("provisioned %d simulated gateways (tenant %s, user %s)", len(gateways), SIM_TENANT, SIM_USER)
    return gateways
