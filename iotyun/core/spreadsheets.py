"""Reading an uploaded xlsx, xls or csv file as rows of text cells, for every import (devices, data sources), and
writing export cells safely and answering an xlsx file.

An upload is untrusted: it is parsed in a worker thread (the event loop keeps serving), within bounds on its rows,
columns, cells, unpacked size, compression ratio and shared strings, and a time limit past which the parse is
abandoned (docs/api.md "Input limits"). Anything over a bound answers 110528, an unreadable file 110531.
"""

import csv
import io
import re
import time
import zipfile
from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import quote
from xml.etree.ElementTree import XMLPullParser

import anyio
import anyio.to_thread
import openpyxl
import xlrd
from fastapi.responses import Response
from openpyxl.cell import WriteOnlyCell

from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    IMPORT_CELLS_MAX,
    IMPORT_COLUMNS_MAX,
    IMPORT_MAX_BYTES,
    IMPORT_PARSE_SECONDS,
    IMPORT_ROWS_MAX,
    IMPORT_SHARED_STRINGS_MAX,
    IMPORT_UNZIPPED_MAX_BYTES,
    IMPORT_ZIP_RATIO_MAX,
)
from iotyun.core.texts import is_english

IMPORT_TYPES = (".xlsx", ".xls", ".csv")
XLSX_MEDIA = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# How an endpoint that answers an xlsx file declares it in the OpenAPI document.
XLSX_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"content": {XLSX_MEDIA: {"schema": {"type": "string", "format": "binary"}}}}
}
# A zip member is judged on its ratio only past this size: small XML parts compress far better than 100:1.
_RATIO_FROM_BYTES = 1024 * 1024
_SCAN_CHUNK_BYTES = 1024 * 1024
# sst > si > r > rPr > (b, color, ...): a real shared string is five levels deep.
_SHARED_STRING_DEPTH_MAX = 8
# Rows read, empty ones included (a sheet may format many empty rows, a crafted one claims a million).
_ROWS_SEEN_MAX = 2 * IMPORT_ROWS_MAX
# Parses in flight at once: each holds a worker thread and CPU, so a burst of imports cannot take them all.
_PARSERS = 2
_limiter: anyio.CapacityLimiter | None = None


class _TooLarge(Exception):
    """A parse bound was passed (rows, cells, size, ratio, strings or time)."""


def wants_english() -> bool:
    """Whether the caller reads English (import templates and exports title their columns in its language)."""
    return is_english()


def header_key(title: Any) -> str:
    """A column title as matched against the known ones: trimmed, lower-cased, without required-marks (*)."""
    return str(title or "").strip().lstrip("*").rstrip("*").strip().lower()


# --- export -----------------------------------------------------------------------------------------------------


def xlsx_response(content: bytes, name: str) -> Response:
    """An xlsx file as a download named `name` (a plain and an RFC 5987 UTF-8 file name; the plain one, for old
    clients, with `_` for what is not ASCII: a header is Latin-1)."""
    plain = name if name.isascii() else '"' + re.sub(r'[^\x20-\x7e]|["\\]', "_", name) + '"'
    disposition = f"attachment; filename={plain}; filename*=UTF-8''{quote(name)}"
    return Response(content, media_type=XLSX_MEDIA, headers={"Content-Disposition": disposition})


# A text starting with one of these is a formula (or its start) to a spreadsheet (OWASP, CSV injection).
_FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def is_formula_like(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(_FORMULA_PREFIXES)


def safe_row(sheet: Any, values: Iterable[Any]) -> list[Any]:
    """A row for a write-only sheet whose formula-like texts stay text: typed as a string (openpyxl would type a
    leading = as a formula) with Excel's quote prefix (so editing the cell does not evaluate it either). The text
    itself is unchanged; numbers, dates and booleans pass as they are."""
    row: list[Any] = []
    for value in values:
        if is_formula_like(value):
            cell = WriteOnlyCell(sheet, value)
            cell.data_type = "s"
            cell.quotePrefix = True
            row.append(cell)
        else:
            row.append(value)
    return row


def decimals_format(decimals: int | None) -> str:
    """Excel's number format of a value with `decimals` places ('0.00' for 2, '0' for 0); 'General' when unknown."""
    if decimals is None:
        return "General"
    places = max(0, min(decimals, 15))
    return "0." + "0" * places if places else "0"


def formatted(sheet: Any, value: Any, number_format: str) -> Any:
    """A cell of `value` shown in `number_format` (a date cell, a number at its decimals); a gap stays empty."""
    if value is None or isinstance(value, str):
        return value
    cell = WriteOnlyCell(sheet, value)
    cell.number_format = number_format
    return cell


# --- import -----------------------------------------------------------------------------------------------------


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


class _Budget:
    """Counts what a parse has read and stops it past a bound or its deadline."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.cells = 0
        self.rows = 0
        self.seen = 0

    def tick(self) -> None:
        if time.monotonic() > self.deadline:
            raise _TooLarge("time")

    def row(self, values: Iterable[Any]) -> list[str]:
        self.tick()
        self.seen += 1
        if self.seen > _ROWS_SEEN_MAX:
            raise _TooLarge("rows")
        cells = [_cell(v) for v in values]
        filled = sum(1 for c in cells if c)
        if filled:
            self.rows += 1
            self.cells += filled
        if self.rows > IMPORT_ROWS_MAX + 1 or self.cells > IMPORT_CELLS_MAX:
            raise _TooLarge("rows")
        return cells


def _check_zip(data: bytes, budget: _Budget) -> None:
    """Refuse a zip bomb before openpyxl unpacks anything: total and per-member unpacked size and ratio (zipfile
    reads no member past its declared size), XML without a DTD, a bounded count of shared strings."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = archive.infolist()
        if sum(m.file_size for m in members) > IMPORT_UNZIPPED_MAX_BYTES:
            raise _TooLarge("unzipped")
        for member in members:
            if member.file_size > _RATIO_FROM_BYTES and member.file_size > IMPORT_ZIP_RATIO_MAX * max(
                member.compress_size, 1
            ):
                raise _TooLarge("ratio")
            if member.filename.endswith((".xml", ".rels")) and _declares_entities(archive, member, budget):
                raise AppError(ErrorCode.IMPORT_TEMPLATE_MISMATCH, field="file")
        strings = next((m for m in members if m.filename.lower().endswith("sharedstrings.xml")), None)
        if strings is not None:
            _count_shared_strings(archive.open(strings), budget)


def _declares_entities(archive: zipfile.ZipFile, member: zipfile.ZipInfo, budget: _Budget) -> bool:
    """Whether an XML part has a DTD (entity expansion); an xlsx written by a spreadsheet program never has one."""
    tail = b""
    with archive.open(member) as part:
        while chunk := part.read(_SCAN_CHUNK_BYTES):
            budget.tick()
            window = tail + chunk
            if b"<!DOCTYPE" in window or b"<!ENTITY" in window:
                return True
            tail = chunk[-16:]
    return False


def _count_shared_strings(part: Any, budget: _Budget) -> None:
    """Stream the shared strings once: at most IMPORT_SHARED_STRINGS_MAX entries, nested at most a few levels."""
    parser: XMLPullParser[Any] = XMLPullParser(events=("start", "end"))
    count = depth = 0
    with part:
        while chunk := part.read(64 * 1024):
            budget.tick()
            parser.feed(chunk)
            for event, item in parser.read_events():  # type: ignore[misc]
                element: Any = item
                if event == "start":
                    depth += 1
                    if depth > _SHARED_STRING_DEPTH_MAX:
                        raise _TooLarge("depth")
                    if element.tag.endswith("}si") or element.tag == "si":
                        count += 1
                        if count > IMPORT_SHARED_STRINGS_MAX:
                            raise _TooLarge("strings")
                else:
                    depth -= 1
                    element.clear()


def _rows_xlsx(data: bytes, budget: _Budget) -> list[list[str]]:
    _check_zip(data, budget)
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        sheet = book.worksheets[0]
        # The declared dimension is ignored (a crafted one spans A1:XFD1048576); only the first columns are read.
        sheet.reset_dimensions()
        rows: Iterator[tuple[Any, ...]] = sheet.iter_rows(min_row=1, max_col=IMPORT_COLUMNS_MAX, values_only=True)
        return [budget.row(values) for values in rows]
    finally:
        book.close()


def _rows_xls(data: bytes, budget: _Budget) -> list[list[str]]:
    book = xlrd.open_workbook(file_contents=data, on_demand=True)
    try:
        sheet = book.sheet_by_index(0)
        if sheet.nrows > IMPORT_ROWS_MAX + 1 or sheet.nrows * min(sheet.ncols, IMPORT_COLUMNS_MAX) > IMPORT_CELLS_MAX:
            raise _TooLarge("rows")
        columns = min(sheet.ncols, IMPORT_COLUMNS_MAX)
        return [budget.row(sheet.row_values(i, 0, columns)) for i in range(sheet.nrows)]
    finally:
        book.release_resources()


def _rows_csv(data: bytes, budget: _Budget) -> list[list[str]]:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            decoded = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise AppError(ErrorCode.IMPORT_TEMPLATE_MISMATCH, field="file")
    return [budget.row(row[:IMPORT_COLUMNS_MAX]) for row in csv.reader(io.StringIO(decoded))]


_READERS = {".csv": _rows_csv, ".xlsx": _rows_xlsx, ".xls": _rows_xls}


def _parse(kind: str, data: bytes, deadline: float) -> list[list[str]]:
    """Runs in a worker thread."""
    budget = _Budget(deadline)
    try:
        return _READERS[kind](data, budget)
    except (AppError, _TooLarge):
        raise
    except Exception as exc:
        raise AppError(ErrorCode.IMPORT_TEMPLATE_MISMATCH, field="file") from exc


def _too_large() -> AppError:
    return AppError(ErrorCode.IMPORT_FILE_TOO_LARGE, field="file", rows=IMPORT_ROWS_MAX)


async def read_rows(filename: str, data: bytes, *, wrong_type: ErrorCode) -> list[list[str]]:
    """The file's rows as text cells, parsed off the event loop: `wrong_type` for a name that is not
    xlsx/xls/csv, 110528 over a bound (size, rows, cells, unpacked size, ratio, time), 110529 empty, 110531
    unreadable."""
    global _limiter
    name = filename.lower()
    kind = next((t for t in IMPORT_TYPES if name.endswith(t)), None)
    if kind is None:
        raise AppError(wrong_type, field="file")
    if len(data) > IMPORT_MAX_BYTES:
        raise _too_large()
    if not data:
        raise AppError(ErrorCode.IMPORT_FILE_EMPTY, field="file")
    if _limiter is None:
        _limiter = anyio.CapacityLimiter(_PARSERS)
    deadline = time.monotonic() + IMPORT_PARSE_SECONDS
    try:
        # The worker stops itself at the deadline; should a single step outlast it, the request stops waiting and
        # the abandoned thread ends on its own.
        with anyio.fail_after(IMPORT_PARSE_SECONDS + 1):
            return await anyio.to_thread.run_sync(
                _parse, kind, data, deadline, limiter=_limiter, abandon_on_cancel=True
            )
    except (_TooLarge, TimeoutError):
        raise _too_large() from None
