"""Data-source spreadsheets: the import (xlsx, xls, csv; each row in its own SAVEPOINT so a failing row changes
nothing; a row naming an existing data source updates it), its template, and the export, which writes the import's
columns so an exported file imports again as it is.

Column titles come from the text catalogue (core/texts.py): the import accepts the zh and en titles, the template
and the export are written in the caller's language. Cells hold the API's values (data types, areas, orders as
their codes; faults as the JSON list of DataSourceOut.faults)."""

import io
import json
from typing import Any

import openpyxl
from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.context import lang_var
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import rule_app_error
from iotyun.core.spreadsheets import header_key, read_rows, safe_row
from iotyun.core.texts import both, phrase
from iotyun.templates import access, changes
from iotyun.templates.datasources import repository as repo
from iotyun.templates.datasources import service
from iotyun.templates.datasources.schemas import (
    DataSourceGroupIn,
    DataSourceSpec,
    ImportErrorOut,
    ImportReportOut,
)
from iotyun.templates.models import DataSource, DataSourceGroup, Template

# Fields in file order (docs/api-templates.md "Import/export columns"); each one's title is
# sheet.data_source.<field> in core/texts.py.
COLUMNS = (
    "name",
    "group",
    "data_type",
    "area",
    "address",
    "bit_index",
    "byte_order",
    "word_order",
    "string_length",
    "rw",
    "scale",
    "offset",
    "unit",
    "decimals",
    "min_value",
    "max_value",
    "history",
    "history_interval_s",
    "aggregate",
    "faults",
    "device_sn",
)
_INT_FIELDS = ("address", "bit_index", "string_length", "decimals", "history_interval_s")

# The template's example row (sample data, the same in both languages).
EXAMPLE: dict[str, Any] = {
    "name": "temperature",
    "group": "",
    "data_type": "int16",
    "area": "holding",
    "address": 0,
    "bit_index": "",
    "byte_order": "big",
    "word_order": "big",
    "string_length": "",
    "rw": "r",
    "scale": 0.1,
    "offset": 0,
    "unit": "℃",
    "decimals": 1,
    "min_value": "",
    "max_value": "",
    "history": "interval",
    "history_interval_s": 60,
    "aggregate": "avg",
    "faults": json.dumps(
        [{"kind": "compare", "op": "gt", "threshold": 80, "alarm_name": "high", "level": 2, "info": ""}]
    ),
    "device_sn": "",
}


_TITLE_TO_FIELD = {header_key(t): field for field in COLUMNS for t in both(f"sheet.data_source.{field}")}


def _titles() -> list[str]:
    return [phrase(f"sheet.data_source.{field}") for field in COLUMNS]


# --- importing -------------------------------------------------------------------------------------------------


def _parse(field: str, text: str) -> Any:
    """A cell's value as DataSourceSpec reads it; an empty cell is the field's default."""
    if text == "":
        spec_field = DataSourceSpec.model_fields.get(field)
        if spec_field is None or spec_field.is_required():
            return text
        return spec_field.get_default(call_default_factory=True)
    if field == "faults":
        try:
            return json.loads(text)
        except ValueError as exc:
            raise AppError(ErrorCode.ALARM_CONDITION_INVALID, field="faults") from exc
    if field in _INT_FIELDS:
        try:
            number = float(text)
        except ValueError:
            return text
        return int(number) if number.is_integer() else text
    return text


async def _group(session: AsyncSession, template: Template, name: str) -> DataSourceGroup:
    """The named group of the template, created when missing (the group name rules apply)."""
    if not name:
        return await service.default_group(session, template)
    try:
        name = DataSourceGroupIn(template_id=template.id, name=name).name
    except ValidationError as exc:
        raise _with_field(rule_app_error(exc, ErrorCode.DATA_SOURCE_IMPORT_ROW_INVALID), "group") from exc
    found = await repo.group_named(session, template.id, name)
    if found is None:
        found = DataSourceGroup(
            tenant_id=template.tenant_id,
            template_id=template.id,
            name=name,
            sort=await repo.next_group_sort(session, template.id),
        )
        session.add(found)
        await session.flush()
    return found


def _with_field(error: AppError, field: str) -> AppError:
    error.field = field
    return error


async def _device_id(session: AsyncSession, actor: Actor, template: Template, row: DataSource | None, sn: str) -> Any:
    """The device of the row's SN; the one already set stays when its SN is given again."""
    if not sn:
        return None
    if row is not None and row.device_id is not None:
        current = await repo.device_sns(session, [row.device_id])
        if current.get(row.device_id) == sn:
            return row.device_id
    if template.data_version != service.DATA_VERSION_WITH_DEVICES:
        raise AppError(ErrorCode.PARAM_INVALID, field="device_sn")
    device = await repo.readable_device_of_sn(session, actor, sn)
    if device is None:
        raise AppError(ErrorCode.PARAM_INVALID, field="device_sn")
    return device.id


async def _import_row(
    session: AsyncSession, actor: Actor, template: Template, values: dict[str, str]
) -> tuple[DataSource, bool]:
    """Create or update the data source of one row; answers it and whether it was created."""
    name = values.get("name", "").strip()
    row = await repo.data_source_named(session, template.id, name) if name else None
    fields: dict[str, Any] = service.current_values(row) if row is not None else {}
    for field, text in values.items():
        if field not in ("group", "device_sn"):
            fields[field] = _parse(field, text)
    if "device_sn" in values:
        fields["device_id"] = await _device_id(session, actor, template, row, values["device_sn"])
    try:
        spec = DataSourceSpec.model_validate(fields)
    except ValidationError as exc:
        error = rule_app_error(exc, ErrorCode.DATA_SOURCE_IMPORT_ROW_INVALID)
        if error.field == "device_id":
            error.field = "device_sn"
        raise error from exc
    if "group" in values or row is None:
        group = await _group(session, template, values.get("group", ""))
    else:
        group = await _group_by_id(session, template, row.group_id)
    saved = await service.save(session, actor, template, row, spec, group, device_field="device_sn")
    return saved, row is None


async def _group_by_id(session: AsyncSession, template: Template, group_id: int) -> DataSourceGroup:
    found = await repo.group(session, group_id)
    return found if found is not None else await service.default_group(session, template)


async def import_data_sources(
    session: AsyncSession, actor: Actor, template_id: int, filename: str, data: bytes
) -> ImportReportOut:
    """Create or update a data source per row, each in its own SAVEPOINT; answers the counts and the failed rows."""
    held = await access.template_for(session, actor, template_id, service.WRITE)
    template = held.template
    rows = await read_rows(filename, data, wrong_type=ErrorCode.DATA_SOURCE_IMPORT_TYPE_INVALID)
    while rows and not any(rows[-1]):
        rows.pop()
    if not rows:
        raise AppError(ErrorCode.IMPORT_FILE_EMPTY, field="file")
    columns = {i: _TITLE_TO_FIELD.get(header_key(t)) for i, t in enumerate(rows[0])}
    if "name" not in columns.values():
        raise AppError(ErrorCode.IMPORT_TEMPLATE_MISMATCH, field="file")
    body_rows = [(n, r) for n, r in enumerate(rows[1:], start=2) if any(r)]
    if not body_rows:
        raise AppError(ErrorCode.IMPORT_FILE_EMPTY, field="file")
    lang = lang_var.get()
    created = updated = 0
    errors: list[ImportErrorOut] = []
    for number, cells in body_rows:
        values = {f: (cells[i] if i < len(cells) else "") for i, f in columns.items() if f is not None}
        try:
            async with session.begin_nested():
                _, is_new = await _import_row(session, actor, template, values)
        except AppError as exc:
            exc.params.setdefault("row", number)
            errors.append(ImportErrorOut(row=number, field=exc.field, code=exc.code, message=exc.detail(lang)))
            continue
        if is_new:
            created += 1
        else:
            updated += 1
    if created or updated:
        detail = {"file": filename[:100], "created": created, "updated": updated, "failed": len(errors)}
        await changes.record(session, template, actor, "data_source_import", detail)
    return ImportReportOut(total=len(body_rows), created=created, updated=updated, failed=len(errors), errors=errors)


def import_template() -> bytes:
    """The import template: the header row in the caller's language and one example row."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(_titles())
    sheet.append([EXAMPLE[f] for f in COLUMNS])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


# --- export ----------------------------------------------------------------------------------------------------


def _export_row(ds: DataSource, group_name: str, sns: dict[int, str]) -> list[Any]:
    values: dict[str, Any] = service.current_values(ds)
    values["group"] = group_name
    values["faults"] = json.dumps(ds.faults, ensure_ascii=False) if ds.faults else ""
    values["device_sn"] = sns.get(ds.device_id, "") if ds.device_id is not None else ""
    return ["" if values[f] is None else values[f] for f in COLUMNS]


async def export_data_sources(session: AsyncSession, actor: Actor, template_id: int) -> bytes:
    """Every data source of the template as xlsx, in the import's columns (owner or the `export` item)."""
    held = await access.template_for(session, actor, template_id, service.EXPORT)
    rows = await repo.all_data_sources(session, held.template.id)
    sns = await repo.device_sns(session, {ds.device_id for ds, _ in rows if ds.device_id is not None})
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet()
    sheet.append(_titles())
    for ds, group_name in rows:
        sheet.append(safe_row(sheet, _export_row(ds, group_name, sns)))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
