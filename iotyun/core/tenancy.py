"""Tenant isolation: every tenant-owned table carries tenant_id, and a session bound to a tenant can only see its rows.

`bind_tenant(session, tenant_id)` is called once the caller is known; from then on every ORM SELECT, UPDATE and
DELETE on a TenantScoped model in that session gets `tenant_id = :tid` added (SQLAlchemy's with_loader_criteria),
so a repository that forgets its filter still cannot read another tenant's rows. `scoped()` is the explicit helper
repositories use for Core statements and for clarity.
"""

from typing import Any, TypeVar

from sqlalchemy import ForeignKey, Select, event
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import (
    Mapped,
    ORMExecuteState,
    Session,
    declared_attr,
    mapped_column,
    with_loader_criteria,
)

from iotyun.core.db import BigId

S = TypeVar("S", bound=Select[Any])

TENANT_KEY = "tenant_id"
# Execution option for the few lookups on keys unique across tenants (login names, phones, emails): a statement
# carrying `.execution_options(all_tenants=True)` is not narrowed to the bound tenant. It must not return rows to
# the caller, only answer "taken or not".
ALL_TENANTS = "all_tenants"


class TenantScoped:
    """Mixin for tables owned by one tenant."""

    @declared_attr
    def tenant_id(cls) -> Mapped[int]:
        return mapped_column(BigId, ForeignKey("tenant.id", ondelete="CASCADE"), index=True)


def bind_tenant(session: AsyncSession | Session, tenant_id: int) -> None:
    session.info[TENANT_KEY] = tenant_id


def bound_tenant(session: AsyncSession | Session) -> int | None:
    value = session.info.get(TENANT_KEY)
    return int(value) if value is not None else None


def scoped(stmt: S, model: type[TenantScoped], tenant_id: int) -> S:
    return stmt.where(model.tenant_id == tenant_id)


@event.listens_for(Session, "do_orm_execute")
def _tenant_criteria(state: ORMExecuteState) -> None:
    tenant_id = state.session.info.get(TENANT_KEY)
    if tenant_id is None or state.is_column_load or state.is_relationship_load:
        return
    if state.execution_options.get(ALL_TENANTS):
        return
    if state.is_select or state.is_update or state.is_delete:
        state.statement = state.statement.options(
            with_loader_criteria(TenantScoped, lambda cls: cls.tenant_id == tenant_id, include_aliases=True)
        )
