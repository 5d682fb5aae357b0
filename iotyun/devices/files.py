"""Device spreadsheets: the batch import (xlsx, xls, csv; each row registers in its own SAVEPOINT so a failing row
changes nothing), its template, and the device-list export (xlsx, capped at SPEC §9's 5000 rows).

Column titles and words come from the text catalogue (core/texts.py): the import accepts the zh and en titles (and
the field names), the template and the export are written in the caller's language."""

import io
from datetime import UTC, datetime
from typing import Any

import openpyxl
from pydantic import TypeAdapter, ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.context import lang_var
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode, text
from iotyun.core.limits import EXPORT_ROW_CAP, DeviceGroupName, rule_app_error
from iotyun.core.spreadsheets import header_key, read_rows, safe_row
from iotyun.core.texts import both, phrase
from iotyun.devices import repository as repo
from iotyun.devices import service as device_service
from iotyun.devices.groups import repository as group_repo
from iotyun.devices.models import DEV_OFFLINE, DEV_ONLINE, DeviceGroup
from iotyun.devices.repository import DeviceFilter
from iotyun.devices.schemas import DeviceRegisterIn, ImportOut, ImportRowOut
from iotyun.team import service as team_service

# field -> other accepted titles (besides its zh and en titles, sheet.device.<field> in core/texts.py).
IMPORT_COLUMNS: dict[str, tuple[str, ...]] = {
    "sn_code": ("sn", "sn码", "设备sn", "序列号", "sn_code", "sncode"),
    "secret": ("设备密钥", "注册码", "secret"),
    "alias": ("设备别名", "设备名称", "alias"),
    "group": ("设备分组", "group", "group_name"),
    "address": ("安装地址", "address"),
    "contact_name": ("contact", "contact_name"),
    "contact_phone": ("电话", "phone", "contact_phone"),
    "contact_email": ("联系邮箱", "email", "contact_email"),
    "site_type": ("场景类型", "site type", "site_type"),
}

# Exported fields, in file order; each one's title is sheet.device.<field> in core/texts.py.
EXPORT_COLUMNS = (
    "sn_code",
    "alias",
    "dev_model",
    "firmware_version",
    "group_name",
    "registered",
    "dev_state",
    "ip",
    "report_time",
    "vpn_state",
    "flow_card",
    "address",
    "area_name",
    "contact_name",
    "contact_phone",
    "contact_email",
    "site_type",
    "owner_name",
    "created_at",
)


_TITLE_TO_FIELD = {
    header_key(t): field for field, others in IMPORT_COLUMNS.items() for t in (*both(f"sheet.device.{field}"), *others)
}


# --- importing -------------------------------------------------------------------------------------------------


_GROUP_NAME: TypeAdapter[str] = TypeAdapter(DeviceGroupName)


async def _group(session: AsyncSession, actor: Actor, name: str) -> DeviceGroup | None:
    """The named group of the caller's tenant, created when missing (the group name rules apply)."""
    if not name:
        return None
    try:
        name = _GROUP_NAME.validate_python(name)
    except ValidationError as exc:
        raise rule_app_error(exc, ErrorCode.IMPORT_ROW_INVALID, field="group") from exc
    group = await group_repo.group_named(session, actor.tenant_id, name)
    if group is None:
        group = DeviceGroup(tenant_id=actor.tenant_id, name=name, owner_id=actor.user_id)
        session.add(group)
        await session.flush()
    return group


def _row_values(columns: dict[int, str | None], cells: list[str]) -> dict[str, str]:
    return {f: cells[i] for i, f in columns.items() if f is not None and i < len(cells)}


def _row_body(values: dict[str, str]) -> DeviceRegisterIn | ValidationError:
    fields = {k: v for k, v in values.items() if k != "group" and (v or k in ("sn_code", "secret"))}
    try:
        return DeviceRegisterIn.model_validate(fields)
    except ValidationError as exc:
        return exc


async def import_devices(session: AsyncSession, actor: Actor, filename: str, data: bytes) -> ImportOut:
    """Register every row as POST /dev/register would, all or nothing: each row is tried in its own SAVEPOINT so
    the report names every failing row with its reason, and if any row fails the whole import is rolled back (the
    rows that passed are reported valid but not registered)."""
    rows = await read_rows(filename, data, wrong_type=ErrorCode.IMPORT_FILE_TYPE_INVALID)
    while rows and not any(rows[-1]):
        rows.pop()
    if not rows:
        raise AppError(ErrorCode.IMPORT_FILE_EMPTY, field="file")
    columns = {i: _TITLE_TO_FIELD.get(header_key(t)) for i, t in enumerate(rows[0])}
    if "sn_code" not in columns.values():
        raise AppError(ErrorCode.IMPORT_TEMPLATE_MISMATCH, field="file")
    body_rows = [(n, r) for n, r in enumerate(rows[1:], start=2) if any(r)]
    if not body_rows:
        raise AppError(ErrorCode.IMPORT_FILE_EMPTY, field="file")
    lang = lang_var.get()
    report: list[ImportRowOut] = []
    seen: set[str] = set()
    parsed = [(number, _row_values(columns, cells)) for number, cells in body_rows]
    bodies = {number: _row_body(values) for number, values in parsed}
    # The secrets' argon2 work first, before the first write takes the database's write lock (core/db.py).
    checks: dict[int, device_service.SecretCheck] = {}
    for number, body in bodies.items():
        if isinstance(body, DeviceRegisterIn):
            checks[number] = await device_service.check_secret(session, body.sn_code, body.secret)
    outer = await session.begin_nested()
    for number, values in parsed:
        sn = values.get("sn_code", "")
        code = int(ErrorCode.SUCCESS)
        try:
            if sn and sn in seen:
                raise AppError(ErrorCode.IMPORT_SN_DUPLICATE, row=number)
            seen.add(sn)
            body = bodies[number]
            if isinstance(body, ValidationError):
                raise rule_app_error(body, ErrorCode.IMPORT_ROW_INVALID, row=number) from body
            async with session.begin_nested():
                group = await _group(session, actor, values.get("group", ""))
                await device_service.register(
                    session, actor, body, action="import", group=group, checked=checks.get(number)
                )
        except AppError as exc:
            code = exc.code
            message = exc.detail(lang)
        else:
            message = text(code, lang)
        report.append(ImportRowOut(row=number, sn_code=sn, ok=code == ErrorCode.SUCCESS, code=code, message=message))
    valid = sum(1 for r in report if r.ok)
    imported = valid == len(report)
    if imported:
        await outer.commit()
    else:
        await outer.rollback()
    return ImportOut(
        total=len(report),
        succeeded=valid if imported else 0,
        failed=len(report) - valid,
        imported=imported,
        rows=report,
    )


def template() -> bytes:
    """The import template: one header row in the caller's language."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append([phrase(f"sheet.device.{field}") for field in IMPORT_COLUMNS])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


# --- export ----------------------------------------------------------------------------------------------------


# Coded columns written as words in the caller's language: the word's key in core/texts.py by value.
_EXPORT_WORDS: dict[str, dict[Any, str]] = {
    "registered": {True: "sheet.yes", False: "sheet.no"},
    "dev_state": {DEV_ONLINE: "sheet.online", DEV_OFFLINE: "sheet.offline"},
    "vpn_state": {True: "sheet.on", False: "sheet.off"},
}


def _export_value(name: str, value: Any) -> Any:
    if name in ("report_time", "created_at") and value is not None:
        return datetime.fromtimestamp(value / 1000, UTC).strftime("%Y-%m-%d %H:%M:%S")
    word = _EXPORT_WORDS.get(name, {}).get(value)
    if word is not None:
        return phrase(word)
    if isinstance(value, bool):
        return int(value)
    return value


async def export_devices(
    session: AsyncSession, actor: Actor, f: DeviceFilter, sort: str, order: str, *, accept_cap: bool
) -> bytes:
    """The filtered device list as xlsx: 110525 (with the total) above the cap unless accepted, 110526 when empty."""
    total = await repo.count_devices(session, actor, f)
    if total == 0:
        raise AppError(ErrorCode.EXPORT_EMPTY)
    if total > EXPORT_ROW_CAP and not accept_cap:
        raise AppError(ErrorCode.EXPORT_ROW_LIMIT, total=total)
    rows, _ = await repo.devices_page(session, actor, f, None, sort=sort, order=order, limit=EXPORT_ROW_CAP)
    groups = await team_service.group_scope(session, actor)
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet()
    sheet.append([phrase(f"sheet.device.{name}") for name in EXPORT_COLUMNS])
    for row in rows:
        data = device_service.device_out(row, actor, groups).model_dump()
        sheet.append(safe_row(sheet, [_export_value(name, data[name]) for name in EXPORT_COLUMNS]))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
