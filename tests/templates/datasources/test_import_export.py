"""Data-source import (xlsx, xls, csv; per-row report, no half-applied row, known names update), its template,
and the export, which imports again as it is (docs/api-templates.md "Data sources")."""

import csv
import io
import json
from typing import Any

import openpyxl
import xlwt
from fastapi import FastAPI

from iotyun.core.limits import IMPORT_MAX_BYTES
from tests.conftest import Api, code
from tests.devices.factories import register
from tests.team.factories import Team
from tests.templates.datasources.factories import add, add_group, counts, groups, listed, share_row, version
from tests.templates.factories import make_template, ok, template_logs

IMPORT = "/yun/module/dataSource/import"
EXPORT = "/yun/module/dataSource/export"

ZH = ["名称", "分组", "数据类型", "寄存器区", "地址", "位", "字节序", "字序", "字符长度", "读写", "倍率", "偏移", "单位",
      "小数位", "最小值", "最大值", "历史记录", "记录间隔", "聚合", "报警", "设备SN"]  # fmt: skip
EN = ["name", "group", "data_type", "area", "address", "bit_index", "byte_order", "word_order", "string_length", "rw",
      "scale", "offset", "unit", "decimals", "min_value", "max_value", "history", "history_interval_s", "aggregate",
      "faults", "device_sn"]  # fmt: skip
FAULTS = [{"kind": "compare", "op": "ge", "threshold": 1.5, "alarm_name": "超压", "level": 3, "info": "泄压"}]


def row(name: str, **cells: Any) -> list[Any]:
    """A file row in EN/ZH column order: an int16 holding register at 0 unless cells say otherwise."""
    values = {"data_type": "int16", "area": "holding", "address": 0, **cells, "name": name}
    return [values.get(f, "") for f in EN]


ROWS = [
    row("温度", data_type="float32", area="input", address=10, group="车间一", unit="℃"),  # updates the existing one
    row(
        "压力",
        data_type="float32",
        address=2,
        group="车间一",
        faults=json.dumps(FAULTS, ensure_ascii=False),
        history="interval",
        history_interval_s=60,
        min_value=0,
        max_value=1.6,
        scale=0.01,
    ),
    row("坏行", data_type="int8", group="新分组"),  # its group is not created
    row("x" * 33),
    row("地址错", address="abc"),
    row("量程", min_value=5),
    row("报警", faults="not json"),
    row("级别", faults=json.dumps([{**FAULTS[0], "level": 9}])),
    row("开关", data_type="bit", area="coil", address=5, rw="rw"),
    row("设备", device_sn="DS0001"),  # a 1.0 template names no device
    row("状态位", data_type="bit", area="holding", address=1),
]
EXPECTED_ERRORS = [(4, "data_type", 115405), (5, "name", 115403), (6, "address", 115412), (7, "max_value", 115407),
                   (8, "faults", 115409), (9, "faults", 115410), (11, "device_sn", 100004),
                   (12, "bit_index", 115406)]  # fmt: skip


def xlsx(rows: list[list[Any]]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for r in rows:
        sheet.append(r)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def xls(rows: list[list[Any]]) -> bytes:
    book = xlwt.Workbook()
    sheet = book.add_sheet("data sources")
    for r, values in enumerate(rows):
        for c, value in enumerate(values):
            sheet.write(r, c, value)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def csv_bytes(rows: list[list[Any]]) -> bytes:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue().encode("utf-8-sig")


async def upload(api: Api, template_id: int, name: str, content: bytes) -> dict[str, Any]:
    return await api.call("POST", IMPORT, data={"template_id": str(template_id)}, files={"file": (name, content)})


async def download(api: Api, path: str, **params: Any) -> bytes:
    resp = await api.client.get("/api" + path, params=params, headers=api._headers())
    assert resp.status_code == 200, resp.text
    assert resp.headers["content-type"].startswith("application/vnd.openxmlformats"), resp.text
    return resp.content


def sheet_rows(content: bytes) -> list[list[Any]]:
    sheet = openpyxl.load_workbook(io.BytesIO(content)).worksheets[0]
    return [list(r) for r in sheet.iter_rows(values_only=True)]


def comparable(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """DataSourceOut without what belongs to one template's rows (ids, order numbers, times)."""
    dropped = ("id", "template_id", "group_id", "created_at", "sort")
    return [{k: v for k, v in item.items() if k not in dropped} for item in items]


class TestImport:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await upload(api, 1, "a.csv", b"name\nx")) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        template = await make_template(team.admin)
        nobody = await team.without()
        assert code(await upload(nobody, template["id"], "a.csv", b"name\nx")) == 100015

    async def test_other_tenant_sees_nothing(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        assert code(await upload(other_tenant, template["id"], "a.xlsx", xlsx([EN, row("x")]))) == 115001
        assert (await counts(app))[0] == 0

    async def test_receiver_without_the_data_source_item(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        theirs = await make_template(other_tenant)
        await share_row(app, theirs["id"], team.admin.user_id or 0, ["view", "export"])
        assert code(await upload(team.admin, theirs["id"], "a.xlsx", xlsx([EN, row("x")]))) == 115019
        assert (await counts(app))[0] == 0

    async def _check(self, app: FastAPI, api: Api, name: str, content: bytes) -> None:
        template = await make_template(api)
        tid = template["id"]
        existing = await add(api, tid, "温度", faults=FAULTS)
        await register(api, "DS0001")
        before = await version(app, tid)
        resp = await upload(api, tid, name, content)
        assert resp["meta"]["success"] == 1, resp
        data = resp["data"]
        assert (data["total"], data["created"], data["updated"], data["failed"]) == (11, 2, 1, 8)
        assert [(e["row"], e["field"], e["code"]) for e in data["errors"]] == EXPECTED_ERRORS
        assert all(e["message"] for e in data["errors"])
        assert "6" in data["errors"][2]["message"]  # 115412 names its row
        items = (await listed(api, tid))["items"]
        assert [(d["name"], d["group_name"]) for d in items] == [
            ("开关", "默认分组"),
            ("温度", "车间一"),
            ("压力", "车间一"),
        ]
        temp, pressure, switch = items[1], items[2], items[0]
        assert temp["id"] == existing["id"]
        assert (temp["data_type"], temp["area"], temp["address"], temp["unit"], temp["faults"]) == (
            "float32",
            "input",
            10,
            "℃",
            [],
        )
        assert pressure["faults"] == [{**FAULTS[0], "bit_index": None}]
        assert (pressure["history"], pressure["history_interval_s"], pressure["min_value"], pressure["max_value"]) == (
            "interval",
            60,
            0.0,
            1.6,
        )
        assert (pressure["scale"], pressure["byte_order"]) == (0.01, "big")
        assert (switch["data_type"], switch["area"], switch["rw"], switch["bit_index"]) == ("bit", "coil", "rw", None)
        assert [g["name"] for g in await groups(api, tid)] == ["默认分组", "车间一"]
        assert await version(app, tid) == before + 1
        assert (await template_logs(app, tid))[-1] == "data_source_import"

    async def test_xlsx(self, app: FastAPI, team: Team) -> None:
        await self._check(app, team.admin, "sources.xlsx", xlsx([ZH, *ROWS]))

    async def test_xls(self, app: FastAPI, team: Team) -> None:
        await self._check(app, team.admin, "sources.XLS", xls([ZH, *ROWS]))

    async def test_csv_with_english_titles(self, app: FastAPI, team: Team) -> None:
        await self._check(app, team.admin, "sources.csv", csv_bytes([EN, *ROWS]))

    async def test_columns_left_out_keep_their_values(self, team: Team) -> None:
        template = await make_template(team.admin)
        tid = template["id"]
        line = await add_group(team.admin, tid, "line")
        await add(team.admin, tid, "温度", unit="℃", group_id=line["id"], faults=FAULTS)
        data = ok(await upload(team.admin, tid, "a.csv", csv_bytes([["名称", "地址"], ["温度", "7"], ["新", "8"]])))
        assert (data["created"], data["updated"], data["failed"]) == (0, 1, 1)
        assert [(e["row"], e["field"], e["code"]) for e in data["errors"]] == [(3, "data_type", 115412)]
        item = (await listed(team.admin, tid))["items"][0]
        assert (item["address"], item["unit"], item["group_name"], len(item["faults"])) == (7, "℃", "line", 1)

    async def test_device_sn_in_a_2_0_template(self, team: Team, other_tenant: Api) -> None:
        await register(team.admin, "DS0001")
        await register(other_tenant, "DS0002")
        template = await make_template(team.admin, "v2", data_version="2.0")
        rows = [EN, row("a", device_sn="DS0001"), row("b", device_sn="DS0002"), row("c", device_sn="NOPE"), row("d")]
        data = ok(await upload(team.admin, template["id"], "a.xlsx", xlsx(rows)))
        assert (data["created"], data["failed"]) == (2, 2)
        assert [(e["row"], e["field"], e["code"]) for e in data["errors"]] == [
            (3, "device_sn", 100004),
            (4, "device_sn", 100004),
        ]
        items = (await listed(team.admin, template["id"]))["items"]
        assert [(d["name"], d["device_sn"]) for d in items] == [("a", "DS0001"), ("d", None)]

    async def test_file_errors(self, app: FastAPI, team: Team) -> None:
        template = await make_template(team.admin)
        tid = template["id"]
        before = await version(app, tid)
        assert code(await upload(team.admin, tid, "sources.txt", b"name\nx")) == 115411
        assert code(await upload(team.admin, tid, "sources.json", b"[]")) == 115411
        assert code(await upload(team.admin, tid, "sources.csv", b"")) == 110529
        assert code(await upload(team.admin, tid, "sources.xlsx", xlsx([ZH]))) == 110529
        assert code(await upload(team.admin, tid, "sources.csv", b"sn,age\nx,1")) == 110531
        assert code(await upload(team.admin, tid, "sources.xlsx", b"not a workbook")) == 110531
        big = b"name\n" + b"x" * IMPORT_MAX_BYTES
        assert code(await upload(team.admin, tid, "sources.csv", big)) == 110528
        assert (await counts(app))[0] == 0 and await version(app, tid) == before


class TestImportTemplate:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get(IMPORT)) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await nobody.get(IMPORT)) == 100015

    async def test_titles_by_language_and_the_example_imports(self, team: Team) -> None:
        rows = sheet_rows(await download(team.admin, IMPORT))
        assert rows[0] == ZH and len(rows) == 2
        team.admin.lang = "en"
        content = await download(team.admin, IMPORT)
        assert sheet_rows(content)[0] == EN
        template = await make_template(team.admin)
        data = ok(await upload(team.admin, template["id"], "template.xlsx", content))
        assert (data["created"], data["failed"]) == (1, 0), data


class TestExport:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get(EXPORT, params={"template_id": 1})) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        template = await make_template(team.admin)
        nobody = await team.without()
        assert code(await nobody.get(EXPORT, params={"template_id": template["id"]})) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        assert code(await other_tenant.get(EXPORT, params={"template_id": template["id"]})) == 115001

    async def test_receiver_needs_the_export_item(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        theirs = await make_template(other_tenant)
        await add(other_tenant, theirs["id"], "压力")
        await share_row(app, theirs["id"], team.admin.user_id or 0, ["view", "data_source"])
        assert code(await team.admin.get(EXPORT, params={"template_id": theirs["id"]})) == 115019
        second = await make_template(other_tenant, "second")
        await add(other_tenant, second["id"], "流量")
        await share_row(app, second["id"], team.admin.user_id or 0, ["export"])
        rows = sheet_rows(await download(team.admin, EXPORT, template_id=second["id"]))
        assert [r[0] for r in rows] == ["名称", "流量"]

    async def test_round_trip(self, team: Team) -> None:
        device = await register(team.admin, "DS0001")
        source = await make_template(team.admin, "source", data_version="2.0")
        sid = source["id"]
        line = await add_group(team.admin, sid, "泵房")
        await add(team.admin, sid, "温度", unit="℃", scale=0.1, offset=-40, decimals=1, faults=FAULTS)
        await add(team.admin, sid, "型号", data_type="string", string_length=20, address=100, byte_order="little")
        await add(team.admin, sid, "运行", data_type="bit", area="holding", bit_index=3, rw="rw", group_id=line["id"])
        await add(team.admin, sid, "急停", data_type="bit", area="discrete", address=9, group_id=line["id"],
                  faults=[{"kind": "bit", "bit_index": 0, "alarm_name": "急停", "level": 5, "info": ""}])  # fmt: skip
        await add(team.admin, sid, "流量", data_type="float64", area="input", address=65532, word_order="little",
                  min_value=-1.5, max_value=1e6, history="interval", history_interval_s=86400, aggregate="max",
                  device_id=device["id"])  # fmt: skip
        await add(team.admin, sid, "计数", data_type="uint32", history="change", aggregate="sum", group_id=line["id"])
        team.admin.lang = "en"
        # Listed in the language of the export: the default group reads "Default" in it.
        original = (await listed(team.admin, sid))["items"]
        content = await download(team.admin, EXPORT, template_id=sid)
        rows = sheet_rows(content)
        assert rows[0] == EN and len(rows) == 7
        copy = await make_template(team.admin, "copy", data_version="2.0")
        data = ok(await upload(team.admin, copy["id"], "export.xlsx", content))
        assert (data["created"], data["updated"], data["failed"]) == (6, 0, 0), data
        assert comparable((await listed(team.admin, copy["id"]))["items"]) == comparable(original)
        # Importing the export into its own template updates every row and changes nothing.
        data = ok(await upload(team.admin, sid, "export.xlsx", content))
        assert (data["created"], data["updated"], data["failed"]) == (0, 6, 0), data
        assert (await listed(team.admin, sid))["items"] == original

    async def test_empty_template_exports_the_titles(self, team: Team) -> None:
        template = await make_template(team.admin)
        assert sheet_rows(await download(team.admin, EXPORT, template_id=template["id"])) == [ZH]
