"""HTTP routes of a template's monitoring tables (SPEC's "middlewares"; docs/api-templates.md "Monitoring tables").
They live under /yun/module/middleware, whose GET is the template's overview page."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.templates.dependencies import TemplateUser
from iotyun.templates.monitor_tables import service
from iotyun.templates.monitor_tables.schemas import (
    MonitorTableCopyIn,
    MonitorTableIn,
    MonitorTableOrderIn,
    MonitorTableOut,
    MonitorTableSummary,
    MonitorTableUpdateIn,
)

router = APIRouter(tags=["templates"])


@router.get("/yun/module/middleware/tables")
async def list_tables(
    template_id: int, actor: TemplateUser, session: SessionDep
) -> Envelope[list[MonitorTableSummary]]:
    return ok(await service.list_tables(session, actor, template_id))


@router.get("/yun/module/middleware/table")
async def get_table(
    table_id: Annotated[int, Query(alias="id")], actor: TemplateUser, session: SessionDep
) -> Envelope[MonitorTableOut]:
    return ok(await service.get(session, actor, table_id))


@router.post("/yun/module/middleware/table")
async def create_table(body: MonitorTableIn, actor: TemplateUser, session: SessionDep) -> Envelope[MonitorTableOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/module/middleware/table")
async def update_table(
    body: MonitorTableUpdateIn, actor: TemplateUser, session: SessionDep
) -> Envelope[MonitorTableOut]:
    return ok(await service.update(session, actor, body))


@router.delete("/yun/module/middleware/table")
async def delete_table(
    table_id: Annotated[int, Query(alias="id")], actor: TemplateUser, session: SessionDep
) -> Envelope[None]:
    await service.delete(session, actor, table_id)
    return ok()


@router.post("/yun/module/middleware/table/copy")
async def copy_table(body: MonitorTableCopyIn, actor: TemplateUser, session: SessionDep) -> Envelope[MonitorTableOut]:
    return ok(await service.copy(session, actor, body))


@router.put("/yun/module/middleware/table/order")
async def order_tables(
    body: MonitorTableOrderIn, actor: TemplateUser, session: SessionDep
) -> Envelope[list[MonitorTableSummary]]:
    return ok(await service.reorder(session, actor, body))
