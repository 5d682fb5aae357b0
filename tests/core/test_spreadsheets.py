"""Untrusted spreadsheets (issue 12 point 5): an import is parsed off the event loop within bounds and a time limit,
and every export writes formula-like text as text."""

import io
import threading
import time
import zipfile
from collections.abc import Callable
from typing import Any

import anyio
import anyio.to_thread
import openpyxl
import pytest
from fastapi import FastAPI
from openpyxl.utils import get_column_letter
from sqlalchemy import select

from iotyun.core import spreadsheets
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import IMPORT_ROWS_MAX, IMPORT_SHARED_STRINGS_MAX
from iotyun.devices.models import Device
from iotyun.telemetry.history import export_xlsx
from tests.conftest import Api, code

HEADER = ["SN码", "密钥", "别名"]
SHEET = "xl/worksheets/sheet1.xml"
STRINGS = "xl/sharedStrings.xml"
NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
# Bounded waits: a healthy run needs a fraction of these.
WAIT_S = 30.0


def workbook(rows: list[list[Any]]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def replace_parts(data: bytes, parts: dict[str, bytes], extra: dict[str, bytes] | None = None) -> bytes:
    """`data` (an xlsx) with some parts rewritten and others added, compressed as a spreadsheet program would."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for item in source.infolist():
            target.writestr(item.filename, parts.get(item.filename, source.read(item.filename)))
        for name, content in (extra or {}).items():
            target.writestr(name, content)
    return out.getvalue()


def sheet_xml(rows: str, dimension: str = "A1:C2") -> bytes:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{NS}"><dimension ref="{dimension}"/>'
        f"<sheetData>{rows}</sheetData></worksheet>"
    ).encode()


def inline_row(number: int, values: list[str]) -> str:
    cells = "".join(f'<c r="{chr(65 + i)}{number}" t="inlineStr"><is><t>{v}</t></is></c>' for i, v in enumerate(values))
    return f'<row r="{number}">{cells}</row>'


def with_shared_strings(data: bytes, strings: bytes) -> bytes:
    """`data` (an xlsx, which openpyxl writes with inline strings) with a shared strings part wired in."""
    source = zipfile.ZipFile(io.BytesIO(data))
    types = source.read("[Content_Types].xml").replace(
        b"</Types>",
        b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        b'spreadsheetml.sharedStrings+xml"/></Types>',
    )
    rels = source.read("xl/_rels/workbook.xml.rels").replace(
        b"</Relationships>",
        b'<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
        b'sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    )
    parts = {"[Content_Types].xml": types, "xl/_rels/workbook.xml.rels": rels}
    return replace_parts(data, parts, {STRINGS: strings})


async def upload(api: Api, name: str, content: bytes) -> dict[str, Any]:
    return await api.call("POST", "/dev/import/batchInsert", files={"file": (name, content)})


@pytest.fixture
async def admin(api: Api) -> Api:
    await api.register("alice", "13800000001")
    return api


class TestCraftedFiles:
    async def test_huge_dimension_reads_only_the_real_rows(self, admin: Api) -> None:
        rows = inline_row(1, HEADER) + inline_row(2, ["DIM001", "secret123", "x"])
        data = replace_parts(workbook([HEADER]), {SHEET: sheet_xml(rows, "A1:XFD1048576")})
        body = await upload(admin, "d.xlsx", data)
        assert [(r["sn_code"], r["ok"]) for r in body["data"]["rows"]] == [("DIM001", True)]

    async def test_a_million_claimed_rows_are_refused(self, app: FastAPI, admin: Api) -> None:
        rows = inline_row(1, HEADER) + inline_row(1048576, ["FAR001", "secret123", "x"])
        data = replace_parts(workbook([HEADER]), {SHEET: sheet_xml(rows)})
        body = await upload(admin, "d.xlsx", data)
        assert code(body) == 110528 and str(IMPORT_ROWS_MAX) in body["meta"]["detail"]
        async with app.state.db.sessionmaker() as s:
            assert (await s.scalars(select(Device))).all() == []

    async def test_many_empty_cells_in_a_row_are_not_read(self, admin: Api) -> None:
        empty = "".join(f'<c r="{get_column_letter(i)}2"/>' for i in range(4, 16385))
        rows = inline_row(1, HEADER) + inline_row(2, ["WIDE01", "secret123", "x"]).replace("</row>", empty + "</row>")
        data = replace_parts(workbook([HEADER]), {SHEET: sheet_xml(rows, "A1:XFD2")})
        body = await upload(admin, "d.xlsx", data)
        assert [(r["sn_code"], r["ok"]) for r in body["data"]["rows"]] == [("WIDE01", True)]

    async def test_zip_bomb(self, admin: Api) -> None:
        padding = b" " * (40 * 1024 * 1024)  # 40 MB of whitespace packs into ~40 KB
        bomb = sheet_xml(inline_row(1, HEADER)).replace(b"<sheetData>", b"<sheetData>" + padding)
        data = replace_parts(workbook([HEADER]), {SHEET: bomb})
        assert len(data) < 200_000
        assert code(await upload(admin, "d.xlsx", data)) == 110528

    async def test_deep_shared_strings(self, admin: Api) -> None:
        deep = "<r>" * 5000 + "</r>" * 5000
        strings = f'<?xml version="1.0"?><sst xmlns="{NS}" count="1" uniqueCount="1"><si>{deep}</si></sst>'.encode()
        data = with_shared_strings(workbook([HEADER, ["DEEP01", "secret123", "x"]]), strings)
        assert code(await upload(admin, "d.xlsx", data)) == 110528

    async def test_too_many_shared_strings(self, admin: Api) -> None:
        many = "".join(f"<si><t>{i}</t></si>" for i in range(IMPORT_SHARED_STRINGS_MAX + 1))
        strings = f'<?xml version="1.0"?><sst xmlns="{NS}">{many}</sst>'.encode()
        data = with_shared_strings(workbook([HEADER, ["STR001", "secret123", "x"]]), strings)
        assert code(await upload(admin, "d.xlsx", data)) == 110528

    async def test_entity_declarations(self, admin: Api) -> None:
        laughs = b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]>'
        data = replace_parts(
            workbook([HEADER, ["ENT001", "secret123", "x"]]),
            {SHEET: sheet_xml(inline_row(1, HEADER)).replace(b'<?xml version="1.0" encoding="UTF-8"?>', laughs)},
        )
        assert code(await upload(admin, "d.xlsx", data)) == 110531


class Gate:
    """Holds the next workbook parse until `release` is set (at most WAIT_S): `started` tells that it began,
    `resumed` that it went on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started, self.release, self.resumed = threading.Event(), threading.Event(), threading.Event()
        real: Callable[..., Any] = openpyxl.load_workbook

        def gated(*args: Any, **kwargs: Any) -> Any:
            self.started.set()
            self.release.wait(WAIT_S)
            self.resumed.set()
            return real(*args, **kwargs)

        monkeypatch.setattr(openpyxl, "load_workbook", gated)


async def _wait_for(event: threading.Event) -> None:
    """Wait (bounded) for a worker thread's event without blocking the loop."""
    assert await anyio.to_thread.run_sync(event.wait, WAIT_S)


class TestOffTheEventLoop:
    async def test_other_requests_are_served_while_a_file_is_parsed(
        self, admin: Api, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        gate = Gate(monkeypatch)
        # The crafted file of the report: a claimed A1:XFD1048576 sheet (today's main read it on the event loop).
        rows = inline_row(1, HEADER) + inline_row(2, ["LOOP01", "secret123", "x"])
        data = replace_parts(workbook([HEADER]), {SHEET: sheet_xml(rows, "A1:XFD1048576")})
        order: list[str] = []

        async def importing() -> None:
            body = await upload(admin, "d.xlsx", data)
            assert body["meta"]["success"] == 1, body
            order.append("import")

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(importing)
            await _wait_for(gate.started)
            # The parse is held in its worker: this request is answered meanwhile, not after it.
            assert (await admin.get("/yun/user/group"))["meta"]["success"] == 1
            order.append("other request" if not gate.resumed.is_set() else "other request after the parse")
            gate.release.set()
        assert order == ["other request", "import"]

    async def test_a_parse_over_its_time_limit_is_abandoned(self, admin: Api, monkeypatch: pytest.MonkeyPatch) -> None:
        gate = Gate(monkeypatch)
        monkeypatch.setattr(spreadsheets, "IMPORT_PARSE_SECONDS", 0.2)
        try:
            body = await upload(admin, "d.xlsx", workbook([HEADER, ["SLOW01", "secret123", "x"]]))
            assert gate.started.is_set() and not gate.resumed.is_set()  # answered while the worker is still held
            assert code(body) == 110528
        finally:
            gate.release.set()

    async def test_the_worker_stops_at_its_deadline(self) -> None:
        rows = [[str(i)] for i in range(5000)]
        with pytest.raises(spreadsheets._TooLarge):
            spreadsheets._parse(".xlsx", workbook(rows), time.monotonic() - 1)

    async def test_rows_and_cells_are_bounded(self) -> None:
        csv_data = ("SN\n" + "X\n" * (IMPORT_ROWS_MAX + 1)).encode()
        with pytest.raises(AppError) as caught:
            await spreadsheets.read_rows("d.csv", csv_data, wrong_type=ErrorCode.IMPORT_FILE_TYPE_INVALID)
        assert caught.value.code == 110528


FORMULAS = ['=HYPERLINK("http://x","y")', "+1+2", "-3+4", "@SUM(A1)", "\tx", "\rx"]


def _cells(content: bytes) -> list[Any]:
    sheet = openpyxl.load_workbook(io.BytesIO(content)).worksheets[0]
    return [cell for row in sheet.iter_rows() for cell in row]


def _assert_text(cells: list[Any], values: list[str]) -> None:
    found = {c.value: c for c in cells if c.value in values}
    assert set(found) == set(values)
    for cell in found.values():
        assert cell.data_type == "s" and cell.quotePrefix, cell.value


class TestExportsKeepFormulasAsText:
    async def test_device_export(self, admin: Api) -> None:
        for i, alias in enumerate(FORMULAS[:4]):
            made = await admin.post("/dev/register", {"sn_code": f"FX{i}", "secret": "secret123", "alias": alias})
            assert made["meta"]["success"] == 1, made
        resp = await admin.client.get("/api/dev", params={"format": "xlsx"}, headers=admin._headers())
        _assert_text(_cells(resp.content), FORMULAS[:4])

    def test_history_export(self) -> None:
        class Source:
            id, name, unit, decimals = 1, "=1+1", "", 2

        points: dict[int, list[Any]] = {1: [[0, "@cmd"], [1000, 5.0]]}
        content = export_xlsx([Source()], points, 0, accept_cap=False, english=True)  # type: ignore[list-item]
        cells = _cells(content)
        _assert_text(cells, ["=1+1", "@cmd"])
        assert 5.0 in [c.value for c in cells]

    def test_rows_with_plain_values_are_unchanged(self) -> None:
        book = openpyxl.Workbook(write_only=True)
        sheet = book.create_sheet()
        assert spreadsheets.safe_row(sheet, ["a", 1, -2, None])[1:] == [1, -2, None]
