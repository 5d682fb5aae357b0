"""Monitoring-table rules (docs/api-templates.md "Monitoring tables"): reading a template's tables needs the
template (`view`), changing them its `design` item (the owner holds every item); names unique in the template; at
most MIDDLEWARES_PER_TEMPLATE_MAX a template; every column a data source of that template, each at most once; a save
based on a replaced revision is refused (100023) unless the editor overwrites knowingly. Each change is logged in
the template's history without counting as a change of its content: a gateway never reads a monitoring table, so the
template is not "changed since publish" by one."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import MIDDLEWARE_COLUMNS_MAX, MIDDLEWARES_PER_TEMPLATE_MAX
from iotyun.core.texts import shown_name
from iotyun.templates import access, changes
from iotyun.templates.access import Held
from iotyun.templates.datasources import repository as ds_repo
from iotyun.templates.models import DataSource, MonitorTable, Template
from iotyun.templates.monitor_tables import repository as repo
from iotyun.templates.monitor_tables.schemas import (
    Column,
    MonitorTableCopyIn,
    MonitorTableDesign,
    MonitorTableIn,
    MonitorTableOrderIn,
    MonitorTableOut,
    MonitorTableSummary,
    MonitorTableUpdateIn,
    SourceChoice,
)

READ, WRITE = "view", "design"


def design_of(row: MonitorTable) -> MonitorTableDesign:
    """The stored design as a model (stored designs were validated when saved; a field added later takes its
    default)."""
    return MonitorTableDesign.model_validate(row.design or {})


def summary(row: MonitorTable) -> MonitorTableSummary:
    """A table as lists show it (the monitor area's too)."""
    return MonitorTableSummary(
        id=row.id,
        template_id=row.template_id,
        name=row.name,
        description=row.description,
        sort=row.sort,
        revision=row.revision,
        columns=len((row.design or {}).get("columns") or []),
        updated_at=epoch_ms(row.updated_at) or 0,
    )


async def _out(session: AsyncSession, row: MonitorTable) -> MonitorTableOut:
    design = design_of(row)
    choices = await repo.source_choices(session, row.template_id)
    present = {ds.id for ds, _ in choices}
    return MonitorTableOut(
        **summary(row).model_dump(),
        design=design,
        sources=[
            SourceChoice(
                id=ds.id,
                name=ds.name,
                group=shown_name(group),
                unit=ds.unit,
                decimals=ds.decimals,
                data_type=ds.data_type,
            )
            for ds, group in choices
        ],
        missing_sources=[c.source_id for c in design.columns if c.source_id not in present],
    )


async def _held_table(session: AsyncSession, actor: Actor, table_id: int, item: str) -> tuple[Held, MonitorTable]:
    """The table and its template as the caller holds it: 115501 for a table the caller does not read (whatever the
    reason, so an id of another tenant says nothing), 115019 when the item is not held."""
    row = await repo.table(session, table_id)
    if row is None or await access.held(session, actor, row.template_id) is None:
        raise AppError(ErrorCode.MIDDLEWARE_NOT_FOUND, field="id")
    return await access.template_for(session, actor, row.template_id, item), row


async def _checked_design(session: AsyncSession, template: Template, design: MonitorTableDesign) -> dict[str, object]:
    """The design as stored, once every column is a data source of the template (115506 naming the column)."""
    present = await repo.sources_among(session, template.id, {c.source_id for c in design.columns})
    for i, column in enumerate(design.columns):
        if column.source_id not in present:
            raise AppError(ErrorCode.MIDDLEWARE_DESIGN_INVALID, field=f"design.columns.{i}.source_id")
    return design.model_dump(mode="json")


async def _check_name(session: AsyncSession, template_id: int, name: str, exclude: int | None = None) -> None:
    if await repo.name_taken(session, template_id, name, exclude):
        raise AppError(ErrorCode.MIDDLEWARE_NAME_EXISTS, field="name")


async def _next_sort(session: AsyncSession, template_id: int) -> int:
    count, last = await repo.count_and_last_sort(session, template_id)
    if count >= MIDDLEWARES_PER_TEMPLATE_MAX:
        raise AppError(ErrorCode.MIDDLEWARE_LIMIT, limit=MIDDLEWARES_PER_TEMPLATE_MAX)
    return last + 1


async def list_tables(session: AsyncSession, actor: Actor, template_id: int) -> list[MonitorTableSummary]:
    held = await access.template_for(session, actor, template_id, READ)
    return [summary(row) for row in await repo.tables_of(session, held.template.id)]


async def get(session: AsyncSession, actor: Actor, table_id: int) -> MonitorTableOut:
    _, row = await _held_table(session, actor, table_id, READ)
    return await _out(session, row)


async def create(session: AsyncSession, actor: Actor, body: MonitorTableIn) -> MonitorTableOut:
    """A new table, last in order; without a design, every data source of the template as a column."""
    held = await access.template_for(session, actor, body.template_id, WRITE)
    template = held.template
    await _check_name(session, template.id, body.name)
    sort = await _next_sort(session, template.id)
    if body.design is None:
        ids = await repo.source_ids(session, template.id)
        design = MonitorTableDesign(columns=[Column(source_id=i) for i in ids[:MIDDLEWARE_COLUMNS_MAX]])
    else:
        design = body.design
    row = MonitorTable(
        tenant_id=template.tenant_id,
        template_id=template.id,
        name=body.name,
        description=body.description,
        sort=sort,
        revision=1,
        design=await _checked_design(session, template, design),
    )
    session.add(row)
    await session.flush()
    await changes.record(session, template, actor, "monitor_table_create", {"name": row.name}, bump=False)
    return await _out(session, row)


async def update(session: AsyncSession, actor: Actor, body: MonitorTableUpdateIn) -> MonitorTableOut:
    """Rename, describe or redesign a table: a new revision (100023 when based on a replaced one)."""
    held, row = await _held_table(session, actor, body.id, WRITE)
    if body.name is not None and body.name != row.name:
        await _check_name(session, row.template_id, body.name, exclude=row.id)
    design = await _checked_design(session, held.template, body.design) if body.design is not None else None
    revision = await repo.next_revision(session, row.id, None if body.overwrite else body.revision)
    if revision is None:
        raise AppError(ErrorCode.CONFLICT, field="revision")
    row.revision = revision
    if body.name is not None:
        row.name = body.name
    if body.description is not None:
        row.description = body.description
    if design is not None:
        row.design = design
    await session.flush()
    await changes.record(session, held.template, actor, "monitor_table_update", {"name": row.name}, bump=False)
    return await _out(session, row)


async def delete(session: AsyncSession, actor: Actor, table_id: int) -> None:
    held, row = await _held_table(session, actor, table_id, WRITE)
    name = row.name
    await session.delete(row)
    await session.flush()
    await changes.record(session, held.template, actor, "monitor_table_delete", {"name": name}, bump=False)


async def copy(session: AsyncSession, actor: Actor, body: MonitorTableCopyIn) -> MonitorTableOut:
    """A copy of a table in the same template, under a new name, last in order."""
    held, row = await _held_table(session, actor, body.id, WRITE)
    await _check_name(session, row.template_id, body.name)
    sort = await _next_sort(session, row.template_id)
    copied = MonitorTable(
        tenant_id=row.tenant_id,
        template_id=row.template_id,
        name=body.name,
        description=row.description,
        sort=sort,
        revision=1,
        design=dict(row.design or {}),
    )
    session.add(copied)
    await session.flush()
    detail = {"name": copied.name, "from_name": row.name}
    await changes.record(session, held.template, actor, "monitor_table_copy", detail, bump=False)
    return await _out(session, copied)


async def reorder(session: AsyncSession, actor: Actor, body: MonitorTableOrderIn) -> list[MonitorTableSummary]:
    """The template's tables in the order given: every one of them, each once (100004 otherwise)."""
    held = await access.template_for(session, actor, body.template_id, WRITE)
    rows = await repo.tables_of(session, held.template.id)
    if len(body.ids) != len(rows) or set(body.ids) != {r.id for r in rows}:
        raise AppError(ErrorCode.PARAM_INVALID, field="ids")
    position = {table_id: i for i, table_id in enumerate(body.ids)}
    for row in rows:
        row.sort = position[row.id]
    await session.flush()
    await changes.record(session, held.template, actor, "monitor_table_order", {}, bump=False)
    return [summary(r) for r in sorted(rows, key=lambda r: r.sort)]


async def copy_tables(session: AsyncSession, source_id: int, copied: Template, sources: dict[int, int]) -> None:
    """A template's copy gets its tables, each column following its data source to the copy's (`sources`: old id →
    new id); a column whose data source was not copied is left out."""
    for row in await repo.tables_of(session, source_id):
        design = dict(row.design or {})
        design["columns"] = [
            {**column, "source_id": sources[column["source_id"]]}
            for column in design.get("columns") or []
            if column.get("source_id") in sources
        ]
        session.add(
            MonitorTable(
                tenant_id=copied.tenant_id,
                template_id=copied.id,
                name=row.name,
                description=row.description,
                sort=row.sort,
                revision=1,
                design=design,
            )
        )
    await session.flush()


async def find(session: AsyncSession, table_id: int) -> MonitorTable | None:
    """A table by id, whoever reads it: for the monitor area, which decides by the devices its viewer reads."""
    return await repo.table(session, table_id)


async def column_sources(session: AsyncSession, row: MonitorTable) -> dict[int, DataSource]:
    """The data sources behind the table's columns that its template still has, by id."""
    design = design_of(row)
    found = await ds_repo.data_sources_of(session, row.template_id, [c.source_id for c in design.columns])
    return {ds.id: ds for ds in found}


async def count(session: AsyncSession, template_id: int) -> int:
    """How many tables the template has (its overview's tab)."""
    return (await repo.count_and_last_sort(session, template_id))[0]
