"""`iotyun seed --demo`: the demo tenant, its administrator and a few team members (idempotent)."""

import logging

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import service as auth_service
from iotyun.auth.models import Tenant, User
from iotyun.core import security
from iotyun.core.config import Settings
from iotyun.core.db import Database
from iotyun.core.permissions import RoleCode

log = logging.getLogger("iotyun.seed")

DEMO_TENANT = "demo"
# (user name, role, nick name): the administrator plus an operator and a group administrator to log in as.
DEMO_USERS = (
    ("admin", RoleCode.ADMINISTRATOR, "管理员"),
    ("operator", RoleCode.USER, "操作员"),
    ("groupadmin", RoleCode.ADMINISTRATOR2, "组管理员"),
)


async def seed_demo(session: AsyncSession, settings: Settings) -> bool:
    """Create the demo tenant unless it exists; True when created."""
    existing = (await session.execute(select(Tenant).where(Tenant.code == DEMO_TENANT))).scalar_one_or_none()
    if existing is not None:
        return False
    tenant, roles = await auth_service.create_tenant(session, "iotyun demo", DEMO_TENANT)
    password_hash = security.hash_password(settings.demo_password)
    for name, role, nick in DEMO_USERS:
        session.add(
            User(
                tenant_id=tenant.id,
                user_name=name,
                email=f"{name}@demo.iotyun.local",
                password_hash=password_hash,
                nick_name=nick,
                company="iotyun",
                role_id=roles[role].id,
                is_admin2=role == RoleCode.ADMINISTRATOR2,
            )
        )
    await session.flush()
    return True


async def run(settings: Settings) -> None:
    db = Database(settings.resolved_database_url)
    try:
        async with db.sessionmaker() as session:
            created = await seed_demo(session, settings)
            await session.commit()
        log.info("demo tenant %s", "created" if created else "already present")
    finally:
        await db.dispose()
