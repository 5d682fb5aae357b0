"""Custom page SELECTs and the one conditional write, scoped to the caller's tenant."""

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Role, User
from iotyun.core.db import utcnow
from iotyun.core.tenancy import scoped
from iotyun.system.menus.models import CustomPageConfig


async def config(session: AsyncSession, tenant_id: int) -> CustomPageConfig | None:
    stmt = scoped(select(CustomPageConfig), CustomPageConfig, tenant_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def known_roles(session: AsyncSession, tenant_id: int, ids: Collection[int]) -> set[int]:
    """The ids among `ids` that are roles of the tenant."""
    if not ids:
        return set()
    stmt = select(Role.id).where(Role.tenant_id == tenant_id, Role.id.in_(set(ids)))
    return set((await session.execute(stmt)).scalars())


async def roles(session: AsyncSession, tenant_id: int) -> list[tuple[int, str, str]]:
    """The tenant's roles (id, name, code), built-in ones first."""
    stmt = select(Role.id, Role.name, Role.code).where(Role.tenant_id == tenant_id).order_by(Role.id)
    return [(i, n, c) for i, n, c in (await session.execute(stmt)).all()]


async def role_of(session: AsyncSession, tenant_id: int, user_id: int) -> int | None:
    stmt = select(User.role_id).where(User.tenant_id == tenant_id, User.id == user_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def save(
    session: AsyncSession, tenant_id: int, based_on: int, name: str, document: dict[str, Any]
) -> tuple[int, datetime] | None:
    """Store the tenant's document as the version after `based_on`: the new version and when it was stored, or None
    when the stored version is not `based_on` any more (another save came between). The check and the write are one
    UPDATE, so of two saves based on the same version exactly one wins; the tenant's row is made first (version 0)
    when it has none, once even when two first saves race (ON CONFLICT DO NOTHING)."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    make = dialect.insert(CustomPageConfig).values(tenant_id=tenant_id, custom_page_name="", version=0)
    await session.execute(make.on_conflict_do_nothing())
    stmt = (
        update(CustomPageConfig)
        .where(CustomPageConfig.tenant_id == tenant_id, CustomPageConfig.version == based_on)
        .values(
            version=CustomPageConfig.version + 1, custom_page_name=name, custom_page_json=document, updated_at=utcnow()
        )
        .returning(CustomPageConfig.version, CustomPageConfig.updated_at)
        .execution_options(synchronize_session=False)
    )
    found = (await session.execute(stmt)).first()
    return None if found is None else (int(found[0]), found[1])
