"""`iotyun seed --demo`: the demo tenant, its administrator and a few team members (idempotent)."""

import logging

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import repository as auth_repository
from iotyun.auth import service as auth_service
from iotyun.auth.models import User
from iotyun.core import security
from iotyun.core.config import Settings
from iotyun.core.db import Database
from iotyun.core.permissions import RoleCode
from iotyun.core.tenancy import system_session
from iotyun.demo import automations as automation_demo
from iotyun.demo import dashboards as dashboard_demo
from iotyun.demo import devices as device_demo
from iotyun.demo import messages as message_demo
from iotyun.demo import models as model_demo
from iotyun.demo import monitoring as device_monitoring_demo
from iotyun.demo import reports as report_demo
from iotyun.demo import software as software_demo
from iotyun.demo import templates as template_demo
from iotyun.demo import video as video_demo
from iotyun.team.models import UserGroup

log = logging.getLogger("iotyun.demo.seed")

DEMO_TENANT = "demo"
# User groups: (name, parent name). The group administrator runs "Plant A" and its workshop.
DEMO_GROUPS: tuple[tuple[str, str | None], ...] = (("Plant_A", None), ("Workshop_1", "Plant_A"), ("Plant_B", None))
# (user name, role, nick name, group): the administrator plus an operator and a group administrator to log in as.
DEMO_USERS: tuple[tuple[str, RoleCode, str, str | None], ...] = (
    ("admin", RoleCode.ADMINISTRATOR, "管理员", None),
    ("operator", RoleCode.USER, "操作员", "Workshop_1"),
    ("groupadmin", RoleCode.ADMINISTRATOR2, "组管理员", "Plant_A"),
    ("inspector", RoleCode.USER, "巡检员", "Plant_B"),
)


async def seed_demo(session: AsyncSession, settings: Settings) -> bool:
    """Create the demo tenant unless it exists; True when created."""
    existing = await auth_repository.tenant_by_code(session, DEMO_TENANT)
    if existing is not None:
        return False
    tenant, roles = await auth_service.create_tenant(session, "iotyun demo", DEMO_TENANT)
    groups: dict[str, UserGroup] = {}
    for label, parent in DEMO_GROUPS:
        group = UserGroup(tenant_id=tenant.id, name=label, parent_id=groups[parent].id if parent else None)
        session.add(group)
        await session.flush()
        groups[label] = group
    password_hash = security.hash_password_sync(settings.demo_password)
    users: dict[str, User] = {}
    for name, role, nick, group_name in DEMO_USERS:
        users[name] = User(
            tenant_id=tenant.id,
            user_name=name,
            email=f"{name}@demo.example.com",  # example.com: reserved, accepted by find-password
            password_hash=password_hash,
            nick_name=nick,
            company="iotyun",
            role_id=roles[role].id,
            is_admin2=role == RoleCode.ADMINISTRATOR2,
            group_id=groups[group_name].id if group_name else None,
        )
        session.add(users[name])
    await session.flush()
    await device_demo.seed(session, tenant.id, users)
    await device_monitoring_demo.seed(session, tenant.id, users)
    # The gallery's 3D models before the templates: the boiler's 3D view shows them.
    await model_demo.seed(session, tenant.id, users, settings.data_dir)
    await template_demo.seed(session, tenant.id, users)
    await report_demo.seed(session, tenant.id, users)
    await video_demo.seed(session, tenant.id, users, settings)
    await dashboard_demo.seed(session, tenant.id, users)
    await message_demo.seed(session, tenant.id, users)
    await software_demo.seed(session, tenant.id, users, settings.data_dir)
    await automation_demo.seed(session, tenant.id, users, settings)
    return True


async def _top_up(session: AsyncSession, settings: Settings) -> None:
    """A demo tenant seeded before a later demo part existed gets that part (the dashboards, issue 31; the software
    library, issue 34; the monitoring tables, issue 35; the automations, issue 37; the 3D models, issue 38)."""
    tenant = await auth_repository.tenant_by_code(session, DEMO_TENANT)
    if tenant is None:
        return
    admin = (await session.scalars(select(User).where(User.tenant_id == tenant.id, User.user_name == "admin"))).first()
    if admin is not None:
        await dashboard_demo.seed(session, tenant.id, {"admin": admin})
        await software_demo.seed(session, tenant.id, {"admin": admin}, settings.data_dir)
    await template_demo.add_monitor_tables(session, tenant.id)
    if admin is not None:
        await automation_demo.seed(session, tenant.id, {"admin": admin}, settings)
        await model_demo.seed(session, tenant.id, {"admin": admin}, settings.data_dir)
        await video_demo.seed(session, tenant.id, {"admin": admin}, settings)
        await dashboard_demo.seed_boiler_3d(session, tenant.id, admin)


async def run(settings: Settings) -> None:
    db = Database(settings.resolved_database_url)
    try:
        async with system_session(db.sessionmaker) as session:
            created = await seed_demo(session, settings)
            if not created:
                await _top_up(session, settings)
            await session.commit()
        log.info("demo tenant %s", "created" if created else "already present")
    finally:
        await db.dispose()
