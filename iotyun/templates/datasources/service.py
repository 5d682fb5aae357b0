"""Data-source rules: names unique in a template, groups of the same template (one default group that stays), a
real device only for data version 2.0 and only one the caller reads; reads need the template, writes the owner or
the `data_source` item, and every write counts as a change of the template (templates.changes)."""

from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.pagination import Page, PageParams
from iotyun.core.texts import both, phrase
from iotyun.devices import scope
from iotyun.templates import access, changes
from iotyun.templates.access import Held
from iotyun.templates.datasources import repository as repo
from iotyun.templates.datasources.schemas import (
    DataSourceDeleteIn,
    DataSourceGroupIn,
    DataSourceGroupOut,
    DataSourceGroupUpdateIn,
    DataSourceIn,
    DataSourceOut,
    DataSourceSpec,
    DataSourceUpdateIn,
    FaultOut,
)
from iotyun.templates.models import DataSource, DataSourceGroup, Template

DATA_VERSION_WITH_DEVICES = "2.0"
# Fields of DataSourceSpec stored as they are on the row.
SPEC_FIELDS: tuple[str, ...] = tuple(DataSourceSpec.model_fields)

READ, WRITE, EXPORT = "view", "data_source", "export"


# --- DataSourceOut ---------------------------------------------------------------------------------------------


def _out(row: DataSource, group_name: str, sns: dict[int, str]) -> DataSourceOut:
    return DataSourceOut(
        id=row.id,
        template_id=row.template_id,
        group_id=row.group_id,
        group_name=group_name,
        name=row.name,
        data_type=row.data_type,
        area=row.area,
        address=row.address,
        bit_index=row.bit_index,
        byte_order=row.byte_order,
        word_order=row.word_order,
        string_length=row.string_length,
        rw=row.rw,
        scale=row.scale,
        offset=row.offset,
        unit=row.unit,
        decimals=row.decimals,
        min_value=row.min_value,
        max_value=row.max_value,
        history=row.history,
        history_interval_s=row.history_interval_s,
        aggregate=row.aggregate,
        faults=[FaultOut.model_validate(f) for f in row.faults or []],
        device_id=row.device_id,
        device_sn=sns.get(row.device_id) if row.device_id is not None else None,
        sort=row.sort,
        created_at=epoch_ms(row.created_at) or 0,
    )


async def outs(session: AsyncSession, rows: Sequence[tuple[DataSource, str]]) -> list[DataSourceOut]:
    """DataSourceOut of (data source, group name) pairs, device SNs read in one query."""
    sns = await repo.device_sns(session, {ds.device_id for ds, _ in rows if ds.device_id is not None})
    return [_out(ds, name, sns) for ds, name in rows]


async def _one_out(session: AsyncSession, row: DataSource, group: DataSourceGroup) -> DataSourceOut:
    return (await outs(session, [(row, group.name)]))[0]


# --- shared rules ----------------------------------------------------------------------------------------------


async def default_group(session: AsyncSession, template: Template) -> DataSourceGroup:
    """The template's default group (made again when missing, for templates stored before groups existed)."""
    found = await repo.default_group(session, template.id)
    if found is not None:
        return found
    for name in both("name.default_group"):
        named = await repo.group_named(session, template.id, name)
        if named is not None:
            named.is_default = True
            await session.flush()
            return named
    group = DataSourceGroup(
        tenant_id=template.tenant_id, template_id=template.id, name=phrase("name.default_group"), is_default=True
    )
    session.add(group)
    await session.flush()
    return group


async def _group_of(session: AsyncSession, template: Template, group_id: int | None) -> DataSourceGroup:
    if group_id is None:
        return await default_group(session, template)
    group = await repo.group(session, group_id)
    if group is None or group.template_id != template.id:
        raise AppError(ErrorCode.PARAM_INVALID, field="group_id")
    return group


async def _held_data_source(session: AsyncSession, actor: Actor, data_source_id: int) -> tuple[Held, DataSource]:
    """A data source of a template the caller edits: 115401 when it is not one the caller reads."""
    row = await repo.data_source(session, data_source_id)
    found = None if row is None else await access.held(session, actor, row.template_id)
    if row is None or found is None:
        raise AppError(ErrorCode.DATA_SOURCE_NOT_FOUND, field="id")
    if not found.can(WRITE):
        raise AppError(ErrorCode.TEMPLATE_NO_EDIT_PERMISSION)
    return found, row


async def _check_device(
    session: AsyncSession, actor: Actor, template: Template, device_id: int | None, current: int | None, field: str
) -> None:
    """A real device only in a 2.0 template and only one the caller reads; one already set may stay as it is."""
    if device_id is None or device_id == current:
        return
    if template.data_version != DATA_VERSION_WITH_DEVICES:
        raise AppError(ErrorCode.PARAM_INVALID, field=field)
    if await scope.readable_device(session, actor, device_id) is None:
        raise AppError(ErrorCode.PARAM_INVALID, field=field)


async def save(
    session: AsyncSession,
    actor: Actor,
    template: Template,
    row: DataSource | None,
    spec: DataSourceSpec,
    group: DataSourceGroup,
    *,
    sort: int | None = None,
    device_field: str = "device_id",
) -> DataSource:
    """Create (row None) or overwrite a data source with checked settings; 115404 when the name is taken."""
    same = await repo.data_source_named(session, template.id, spec.name)
    if same is not None and (row is None or same.id != row.id):
        raise AppError(ErrorCode.DATA_SOURCE_NAME_EXISTS, field="name")
    await _check_device(session, actor, template, spec.device_id, row.device_id if row else None, device_field)
    values: dict[str, Any] = {f: getattr(spec, f) for f in SPEC_FIELDS}
    if row is None:
        if sort is None:
            sort = await repo.next_data_source_sort(session, template.id)
        row = DataSource(tenant_id=template.tenant_id, template_id=template.id, group_id=group.id, sort=sort, **values)
        session.add(row)
    else:
        for key, value in values.items():
            setattr(row, key, value)
        row.group_id = group.id
        if sort is not None:
            row.sort = sort
    await session.flush()
    return row


def current_values(row: DataSource) -> dict[str, Any]:
    """A stored data source's settings, as DataSourceSpec reads them."""
    return {f: getattr(row, f) for f in SPEC_FIELDS}


# --- data sources ----------------------------------------------------------------------------------------------


async def list_data_sources(
    session: AsyncSession,
    actor: Actor,
    template_id: int,
    params: PageParams,
    *,
    q: str | None,
    group_id: int | None,
    data_type: str | None,
) -> Page[DataSourceOut]:
    """A page of a template's data sources, by group then sort."""
    held = await access.template_for(session, actor, template_id, READ)
    rows, total = await repo.data_sources_page(
        session, held.template.id, params, q=q, group_id=group_id, data_type=data_type
    )
    return Page(items=await outs(session, rows), total=total, page=params.page, page_size=params.page_size)


async def create(session: AsyncSession, actor: Actor, body: DataSourceIn) -> DataSourceOut:
    """A new data source (in the default group unless one is named)."""
    held = await access.template_for(session, actor, body.template_id, WRITE)
    group = await _group_of(session, held.template, body.group_id)
    row = await save(session, actor, held.template, None, body, group, sort=body.sort)
    await changes.record(session, held.template, actor, "data_source_create", {"name": row.name})
    return await _one_out(session, row, group)


async def update(session: AsyncSession, actor: Actor, body: DataSourceUpdateIn) -> DataSourceOut:
    """Replace a data source's settings (its group and sort stay unless given)."""
    held, row = await _held_data_source(session, actor, body.id)
    group = await _group_of(session, held.template, body.group_id if body.group_id is not None else row.group_id)
    row = await save(session, actor, held.template, row, body, group, sort=body.sort)
    await changes.record(session, held.template, actor, "data_source_update", {"name": row.name})
    return await _one_out(session, row, group)


async def delete(session: AsyncSession, actor: Actor, body: DataSourceDeleteIn) -> None:
    """Delete data sources of one template; all or nothing (115401 when one is not the template's)."""
    held = await access.template_for(session, actor, body.template_id, WRITE)
    ids = list(dict.fromkeys(body.ids))
    rows = await repo.data_sources_of(session, held.template.id, ids)
    if len(rows) != len(ids):
        raise AppError(ErrorCode.DATA_SOURCE_NOT_FOUND, field="ids")
    names = [r.name for r in rows]
    for row in rows:
        await session.delete(row)
    await session.flush()
    await changes.record(session, held.template, actor, "data_source_delete", {"names": names})


# --- groups ----------------------------------------------------------------------------------------------------


def _group_out(group: DataSourceGroup, count: int) -> DataSourceGroupOut:
    return DataSourceGroupOut(
        id=group.id,
        template_id=group.template_id,
        name=group.name,
        is_default=group.is_default,
        sort=group.sort,
        count=count,
    )


async def _held_group(session: AsyncSession, actor: Actor, group_id: int) -> tuple[Held, DataSourceGroup]:
    """A group of a template the caller edits: 115401 when it is not one the caller reads."""
    group = await repo.group(session, group_id)
    found = None if group is None else await access.held(session, actor, group.template_id)
    if group is None or found is None:
        raise AppError(ErrorCode.DATA_SOURCE_NOT_FOUND, field="id")
    if not found.can(WRITE):
        raise AppError(ErrorCode.TEMPLATE_NO_EDIT_PERMISSION)
    return found, group


async def _check_group_name(session: AsyncSession, template_id: int, name: str, exclude: int | None = None) -> None:
    same = await repo.group_named(session, template_id, name)
    if same is None and name in both("name.default_group"):
        # The default group's stored name in the other language: both read the same to a user of that language.
        same = await repo.default_group(session, template_id)
    if same is not None and same.id != exclude:
        raise AppError(ErrorCode.DATA_SOURCE_NAME_EXISTS, field="name")


async def list_groups(session: AsyncSession, actor: Actor, template_id: int) -> list[DataSourceGroupOut]:
    """A template's groups, default first, with their data source counts."""
    held = await access.template_for(session, actor, template_id, READ)
    await default_group(session, held.template)
    return [_group_out(g, n) for g, n in await repo.groups_with_counts(session, held.template.id)]


async def create_group(session: AsyncSession, actor: Actor, body: DataSourceGroupIn) -> DataSourceGroupOut:
    """A new group, last in order."""
    held = await access.template_for(session, actor, body.template_id, WRITE)
    await default_group(session, held.template)
    await _check_group_name(session, held.template.id, body.name)
    group = DataSourceGroup(
        tenant_id=held.template.tenant_id,
        template_id=held.template.id,
        name=body.name,
        sort=await repo.next_group_sort(session, held.template.id),
    )
    session.add(group)
    await session.flush()
    await changes.record(session, held.template, actor, "data_source_group_create", {"name": group.name})
    return _group_out(group, 0)


async def update_group(session: AsyncSession, actor: Actor, body: DataSourceGroupUpdateIn) -> DataSourceGroupOut:
    """Rename a group (the default group too)."""
    held, group = await _held_group(session, actor, body.id)
    await _check_group_name(session, held.template.id, body.name, exclude=group.id)
    old = group.name
    group.name = body.name
    await session.flush()
    await changes.record(session, held.template, actor, "data_source_group_update", {"name": group.name, "old": old})
    return _group_out(group, await repo.group_count(session, group.id))


async def delete_group(session: AsyncSession, actor: Actor, group_id: int) -> None:
    """Delete an empty group that is not the default one (115413 otherwise)."""
    held, group = await _held_group(session, actor, group_id)
    if group.is_default or await repo.group_count(session, group.id) > 0:
        raise AppError(ErrorCode.DATA_SOURCE_IN_USE, field="id")
    name = group.name
    await session.delete(group)
    await session.flush()
    await changes.record(session, held.template, actor, "data_source_group_delete", {"name": name})
