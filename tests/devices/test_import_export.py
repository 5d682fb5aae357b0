"""Batch import (xlsx, xls, csv; per-row report, all or nothing) and the device-list export."""

import asyncio
import io
from collections.abc import Callable
from typing import Any

import openpyxl
import pytest
import xlwt
from fastapi import FastAPI
from sqlalchemy import select, text

from iotyun.core.limits import IMPORT_MAX_BYTES
from iotyun.devices.models import Device, DeviceGroup, Gateway
from tests.conftest import Api, code
from tests.devices.factories import logs, make_device, register
from tests.team.factories import Team

HEADER = ["SN码", "密钥", "别名", "分组", "地址", "联系人", "联系电话", "邮箱", "站点类型"]
ROWS = [
    ["IMP001", "secret123", "1号机", "车间一", "A 路", "张三", "13800000002", "", "工厂"],
    ["IMP002", "123", "2号机", "新分组", "", "", "", "", ""],  # short secret: fails, and its group is not created
    ["IMP003", "secret123", "", "", "", "", "12", "", ""],  # bad phone
    ["IMP001", "secret123", "", "", "", "", "", "", ""],  # repeated in the file
    ["BAD-SN", "secret123", "", "", "", "", "", "", ""],
    ["IMP004", "secret123", "4号机", "分组名字超过十个字符了吧", "", "", "", "", ""],
    ["IMP005", "secret123", "5号机", "车间一", "", "", "", "", ""],
]
EXPECTED = [(2, True, 100001), (3, False, 110573), (4, False, 110560), (5, False, 110532), (6, False, 110502),
            (7, False, 112003), (8, True, 100001)]  # fmt: skip


def xlsx(rows: list[list[Any]]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def xls(rows: list[list[Any]]) -> bytes:
    book = xlwt.Workbook()
    sheet = book.add_sheet("devices")
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            sheet.write(r, c, value)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def csv_bytes(rows: list[list[Any]]) -> bytes:
    return "\n".join(",".join(str(v) for v in row) for row in rows).encode("utf-8-sig")


async def upload(api: Api, name: str, content: bytes) -> dict[str, Any]:
    return await api.call("POST", "/dev/import/batchInsert", files={"file": (name, content)})


class TestImport:
    async def test_anonymous_and_without(self, api: Api, team: Team) -> None:
        nobody = await team.without()
        assert code(await upload(nobody, "a.csv", b"SN\nX1")) == 100015
        nobody.forget()
        assert code(await upload(nobody, "a.csv", b"SN\nX1")) == 100009

    async def _check(self, app: FastAPI, api: Api, name: str, build: Callable[[list[list[Any]]], bytes]) -> None:
        resp = await upload(api, name, build([HEADER, *ROWS]))
        assert resp["meta"]["success"] == 1, resp
        data = resp["data"]
        # All or nothing: five rows fail, so the two valid ones are reported but not registered.
        assert (data["total"], data["succeeded"], data["failed"], data["imported"]) == (7, 0, 5, False)
        assert [(r["row"], r["ok"], r["code"]) for r in data["rows"]] == EXPECTED
        assert all(r["message"] for r in data["rows"])
        # The short secret's row says what length a secret needs, not merely that it is wrong.
        assert "6–32" in data["rows"][1]["message"] and "3" in data["rows"][1]["message"]
        async with app.state.db.sessionmaker() as s:
            assert (await s.scalars(select(Gateway.sn))).all() == []
            assert (await s.scalars(select(DeviceGroup.name))).all() == []
        assert await logs(app, "import") == []
        valid = [row for row, (_, ok, _) in zip(ROWS, EXPECTED, strict=True) if ok]
        resp = await upload(api, name, build([HEADER, *valid]))
        data = resp["data"]
        assert (data["total"], data["succeeded"], data["failed"], data["imported"]) == (2, 2, 0, True), resp
        async with app.state.db.sessionmaker() as s:
            assert sorted((await s.scalars(select(Gateway.sn))).all()) == ["IMP001", "IMP005"]
            assert sorted((await s.scalars(select(DeviceGroup.name))).all()) == ["车间一"]
            device = (await s.scalars(select(Device).where(Device.sn == "IMP001"))).one()
            assert (device.alias, device.contact_phone, device.site_type) == ("1号机", "13800000002", "工厂")
        assert [e.sn for e in await logs(app, "import")] == ["IMP001", "IMP005"]

    async def test_xlsx(self, app: FastAPI, team: Team) -> None:
        await self._check(app, team.admin, "devices.xlsx", xlsx)

    async def test_xls(self, app: FastAPI, team: Team) -> None:
        await self._check(app, team.admin, "devices.XLS", xls)

    async def test_csv_with_english_titles(self, app: FastAPI, team: Team) -> None:
        header = ["SN", "Secret", "Alias", "Group", "Address", "Contact", "Phone", "Email", "Site type"]
        await self._check(app, team.admin, "devices.csv", lambda rows: csv_bytes([header, *rows[1:]]))

    async def test_registered_elsewhere_row(self, team: Team, other_tenant: Api) -> None:
        await register(other_tenant, "IMP001")
        data = (await upload(team.admin, "d.csv", csv_bytes([["SN", "secret"], ["IMP001", "secret123"]])))["data"]
        assert [(r["ok"], r["code"]) for r in data["rows"]] == [(False, 110504)]

    async def test_file_errors(self, app: FastAPI, team: Team) -> None:
        assert code(await upload(team.admin, "devices.txt", b"SN\nX1")) == 110527
        assert code(await upload(team.admin, "devices.csv", b"")) == 110529
        assert code(await upload(team.admin, "devices.csv", "SN码\n\n".encode())) == 110529
        assert code(await upload(team.admin, "devices.xlsx", xlsx([HEADER]))) == 110529
        assert code(await upload(team.admin, "devices.csv", b"name,age\nx,1")) == 110531
        assert code(await upload(team.admin, "devices.xlsx", b"not a workbook")) == 110531
        big = b"SN\n" + b"X" * IMPORT_MAX_BYTES
        assert code(await upload(team.admin, "devices.csv", big)) == 110528
        async with app.state.db.sessionmaker() as s:
            assert (await s.scalars(select(Gateway))).all() == []

    async def test_template(self, team: Team) -> None:
        resp = await team.admin.client.get("/api/dev/import/batchInsert", headers=team.admin._headers())
        assert resp.status_code == 200 and resp.headers["content-type"].startswith("application/vnd.openxmlformats")
        sheet = openpyxl.load_workbook(io.BytesIO(resp.content)).active
        assert sheet is not None
        assert [c.value for c in sheet[1]] == HEADER


class TestExport:
    async def test_file(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        await register(team.admin, "EXP1", alias="1号机")
        await register(team.admin, "EXP2", alias="2号机")
        await register(other_tenant, "EXP3")
        resp = await team.admin.client.get(
            "/api/dev", params={"format": "xlsx", "sort": "sn_code", "order": "asc"}, headers=team.admin._headers()
        )
        assert resp.status_code == 200 and "attachment" in resp.headers["content-disposition"]
        sheet = openpyxl.load_workbook(io.BytesIO(resp.content)).active
        assert sheet is not None
        rows = list(sheet.iter_rows(values_only=True))
        assert rows[0][:3] == ("SN码", "别名", "型号")
        assert [r[:2] for r in rows[1:]] == [("EXP1", "1号机"), ("EXP2", "2号机")]

    async def test_empty(self, team: Team) -> None:
        assert code(await team.admin.get("/dev", params={"format": "xlsx"})) == 110526

    async def test_cap_needs_confirmation(self, app: FastAPI, team: Team) -> None:
        tid, uid = team.admin.tenant_id or 0, team.admin.user_id or 0
        async with app.state.db.sessionmaker() as s:
            gateways = [Gateway(sn=f"CAP{i:05d}", secret_hash="x") for i in range(5001)]
            s.add_all(gateways)
            await s.flush()
            s.add_all(Device(tenant_id=tid, owner_id=uid, gateway_id=g.id, sn=g.sn) for g in gateways)
            await s.commit()
        resp = await team.admin.get("/dev", params={"format": "xlsx"})
        assert code(resp) == 110525 and "5001" in resp["meta"]["detail"]
        page = (await team.admin.get("/dev", params={"page_size": 200}))["data"]
        assert page["total"] == 5001 and len(page["items"]) == 200
        resp2 = await team.admin.client.get(
            "/api/dev", params={"format": "xlsx", "accept_cap": "true"}, headers=team.admin._headers()
        )
        sheet = openpyxl.load_workbook(io.BytesIO(resp2.content), read_only=True).worksheets[0]
        assert sum(1 for _ in sheet.iter_rows()) == 5001  # header + the first 5000

    async def test_factory_rows_export_unregistered_facts_empty(self, app: FastAPI, team: Team) -> None:
        tid, uid = team.admin.tenant_id or 0, team.admin.user_id or 0
        await make_device(app, tenant_id=tid, owner_id=uid, sn="U1", registered=False)
        resp = await team.admin.client.get("/api/dev", params={"format": "xlsx"}, headers=team.admin._headers())
        sheet = openpyxl.load_workbook(io.BytesIO(resp.content)).active
        assert sheet is not None
        row = next(sheet.iter_rows(min_row=2, values_only=True))
        assert row[0] == "U1" and row[2] is None

    async def test_export_writes_words_in_the_callers_language(self, app: FastAPI, team: Team) -> None:
        """Registered, state and VPN as words (not 1/0/2), in the caller's language."""
        tid, uid = team.admin.tenant_id or 0, team.admin.user_id or 0
        await make_device(app, tenant_id=tid, owner_id=uid, sn="U1")
        for lang, expected in (("zh", ("是", "离线", "关闭")), ("en", ("Yes", "Offline", "Off"))):
            headers = {**team.admin._headers(), "Accept-Language": lang}
            resp = await team.admin.client.get("/api/dev", params={"format": "xlsx"}, headers=headers)
            sheet = openpyxl.load_workbook(io.BytesIO(resp.content)).active
            assert sheet is not None
            header = next(sheet.iter_rows(max_row=1, values_only=True))
            row = dict(zip(header, next(sheet.iter_rows(min_row=2, values_only=True)), strict=True))
            names = ("已注册", "在线状态", "VPN") if lang == "zh" else ("Registered", "State", "VPN")
            assert tuple(row[n] for n in names) == expected


class TestImportUnderWriteLoad:
    """SQLite: another connection commits all the time (as the history writer does under ingest); an import neither
    fails with "database is locked" nor keeps rows of a failed attempt."""

    async def test_import_while_another_writer_commits(self, app: FastAPI, team: Team) -> None:
        engine = app.state.db.engine
        if engine.dialect.name != "sqlite":
            pytest.skip("the write lock under test is SQLite's")
        async with engine.begin() as conn:
            await conn.execute(text("CREATE TABLE IF NOT EXISTS load_probe (id INTEGER PRIMARY KEY, n INTEGER)"))
        stop = asyncio.Event()
        commits = 0

        async def writer() -> None:
            nonlocal commits
            while not stop.is_set():
                async with engine.begin() as conn:
                    await conn.execute(text("INSERT INTO load_probe (n) VALUES (1)"))
                commits += 1
                await asyncio.sleep(0)

        task = asyncio.create_task(writer())
        try:
            rows = [[f"LOAD{i:03d}", "secret123", f"{i}号机", "车间一", "", "", "", "", ""] for i in range(10)]
            resp = await upload(team.admin, "load.xlsx", xlsx([HEADER, *rows]))
        finally:
            stop.set()
            await task
            async with engine.begin() as conn:
                await conn.execute(text("DROP TABLE load_probe"))
        assert resp["status"] == 200 and resp["meta"]["success"] == 1, resp
        assert (resp["data"]["succeeded"], resp["data"]["imported"]) == (10, True), resp["data"]
        assert commits > 0
        async with app.state.db.sessionmaker() as s:
            assert len((await s.scalars(select(Gateway.sn).where(Gateway.sn.like("LOAD%")))).all()) == 10
