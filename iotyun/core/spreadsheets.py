"""Reading an uploaded xlsx, xls or csv file as rows of text cells, for every import (devices, data sources)."""

import csv
import io
from typing import Any

import openpyxl
import xlrd

from iotyun.core.context import lang_var
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import IMPORT_MAX_BYTES

IMPORT_TYPES = (".xlsx", ".xls", ".csv")


def wants_english() -> bool:
    """Whether the caller reads English (import templates and exports title their columns in its language)."""
    return lang_var.get().lower().startswith("en")


def header_key(title: Any) -> str:
    """A column title as matched against the known ones: trimmed, lower-cased, without required-marks (*)."""
    return str(title or "").strip().lstrip("*").rstrip("*").strip().lower()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _rows_xlsx(data: bytes) -> list[list[str]]:
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    sheet = book.worksheets[0]
    return [[_cell(v) for v in row] for row in sheet.iter_rows(values_only=True)]


def _rows_xls(data: bytes) -> list[list[str]]:
    sheet = xlrd.open_workbook(file_contents=data).sheet_by_index(0)
    return [[_cell(v) for v in sheet.row_values(i)] for i in range(sheet.nrows)]


def _rows_csv(data: bytes) -> list[list[str]]:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            decoded = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise AppError(ErrorCode.IMPORT_TEMPLATE_MISMATCH, field="file")
    return [[c.strip() for c in row] for row in csv.reader(io.StringIO(decoded))]


def read_rows(filename: str, data: bytes, *, wrong_type: ErrorCode) -> list[list[str]]:
    """The file's rows as text cells: `wrong_type` for a name that is not xlsx/xls/csv, 110528 too large, 110529
    empty, 110531 unreadable."""
    name = filename.lower()
    kind = next((t for t in IMPORT_TYPES if name.endswith(t)), None)
    if kind is None:
        raise AppError(wrong_type, field="file")
    if len(data) > IMPORT_MAX_BYTES:
        raise AppError(ErrorCode.IMPORT_FILE_TOO_LARGE, field="file")
    if not data:
        raise AppError(ErrorCode.IMPORT_FILE_EMPTY, field="file")
    try:
        if kind == ".csv":
            return _rows_csv(data)
        return _rows_xlsx(data) if kind == ".xlsx" else _rows_xls(data)
    except AppError:
        raise
    except Exception as exc:
        raise AppError(ErrorCode.IMPORT_TEMPLATE_MISMATCH, field="file") from exc
