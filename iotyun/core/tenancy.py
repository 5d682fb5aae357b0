"""Tenant isolation: every tenant-owned table carries tenant_id, and a session bound to a tenant can only see its rows.

`bind_tenant(session, tenant_id)` is called once the caller is known; from then on every ORM SELECT, UPDATE and
DELETE on a TenantScoped model in that session gets `tenant_id = :tid` added (SQLAlchemy's with_loader_criteria),
so a repository that forgets its filter still cannot read another tenant's rows. `scoped()` is the explicit helper
repositories use for Core statements and for clarity.

Background work (the ingest, the alarm engine, retention, the telemetry runtime, the configuration cache) serves
every tenant at once: it opens its sessions with `system_session()`, marked as tenant-free on purpose, and such a
session can never be bound to a tenant. A request's session is never a system session.
"""

from typing import Any, TypeVar

from sqlalchemy import ForeignKey, Select, event
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import (
    Mapped,
    ORMExecuteState,
    Session,
    declared_attr,
    mapped_column,
    with_loader_criteria,
)

from iotyun.core.db import BACKGROUND_KEY, BigId

S = TypeVar("S", bound=Select[Any])

TENANT_KEY = "tenant_id"
# Execution option for the few lookups on keys unique across tenants (login names, phones, emails), which must not
# return rows to the caller, only answer "taken or not"; and for the reads of what another tenant's owner shared
# (devices/scope.py decides visibility first, the statement then names its rows itself). A statement carrying
# `.execution_options(all_tenants=True)` is not narrowed to the bound tenant. Background work uses a system session
# (below) instead, never this option.
ALL_TENANTS = "all_tenants"
# session.info key marking a system session (system_session()).
SYSTEM_KEY = "system"


class TenantScoped:
    """Mixin for tables owned by one tenant."""

    @declared_attr
    def tenant_id(cls) -> Mapped[int]:
        return mapped_column(BigId, ForeignKey("tenant.id", ondelete="CASCADE"), index=True)


def system_session(sessionmaker: async_sessionmaker[AsyncSession]) -> AsyncSession:
    """A session of background work: bound to no tenant, and marked so that the tenant criteria pass every tenant's
    rows on purpose (use it as `async with system_session(db.sessionmaker) as session`)."""
    return sessionmaker(info={SYSTEM_KEY: True, BACKGROUND_KEY: True})


def is_system(session: AsyncSession | Session) -> bool:
    return bool(session.info.get(SYSTEM_KEY))


def bind_tenant(session: AsyncSession | Session, tenant_id: int) -> None:
    if is_system(session):
        raise RuntimeError("a system session serves every tenant and cannot be bound to one")
    session.info[TENANT_KEY] = tenant_id


def bound_tenant(session: AsyncSession | Session) -> int | None:
    value = session.info.get(TENANT_KEY)
    return int(value) if value is not None else None


def scoped(stmt: S, model: type[TenantScoped], tenant_id: int) -> S:
    return stmt.where(model.tenant_id == tenant_id)


@event.listens_for(Session, "do_orm_execute")
def _tenant_criteria(state: ORMExecuteState) -> None:
    if is_system(state.session):
        return
    tenant_id = state.session.info.get(TENANT_KEY)
    if tenant_id is None or state.is_column_load or state.is_relationship_load:
        return
    if state.execution_options.get(ALL_TENANTS):
        return
    if state.is_select or state.is_update or state.is_delete:
        state.statement = state.statement.options(
            with_loader_criteria(TenantScoped, lambda cls: cls.tenant_id == tenant_id, include_aliases=True)
        )
