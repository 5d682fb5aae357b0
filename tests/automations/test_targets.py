"""Automations' forward targets over HTTP (docs/api-automations.md "Target"), on SQLite and PostgreSQL: made, listed,
changed and deleted by a holder of P45000, refused with their codes (117871-117875, 117879), another tenant's never
reached, a role without P45000 refused. The secret is sealed in the database, kept or cleared on update as asked,
and shows in no answer and no log line."""

import logging
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select

from iotyun.automations.models import AutomationRule, AutomationTarget
from iotyun.core import sealing
from iotyun.core.errors import ErrorCode
from iotyun.core.limits import AUTOMATION_TARGETS_PER_TENANT_MAX
from iotyun.core.tenancy import system_session
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.team.factories import Team

T = "/yun/automation/targets"
SECRET = "pw-Sup3r-s3cret!"


def http_body(url: str = "http://127.0.0.1:9/hook", **overrides: Any) -> dict[str, Any]:
    return {"name": "receiver", "kind": "http", "config": {"url": url, "headers": {"X-Plant": "north"}}, **overrides}


def db_body(kind: str = "mysql", **config: Any) -> dict[str, Any]:
    base = {
        "host": "db.example.com",
        "port": 3306,
        "database": "plant",
        "username": "writer",
        "table": "readings",
        "columns": {"sn": "sn", "v": "value", "at": "time"},
    }
    return {"name": f"{kind} sink", "kind": kind, "config": {**base, **config}, "secret": SECRET}


def mqtt_body(**config: Any) -> dict[str, Any]:
    base = {"host": "broker.example.com", "port": 1883, "tls": False, "username": "u", "topic": "plant/out", "qos": 1}
    return {"name": "broker", "kind": "mqtt", "config": {**base, **config}}


async def stored(app: FastAPI, target_id: int) -> AutomationTarget:
    async with system_session(app.state.db.sessionmaker) as s:
        row = (await s.execute(select(AutomationTarget).where(AutomationTarget.id == target_id))).scalar_one()
        return row


def refused(resp: dict[str, Any]) -> tuple[int, str | None]:
    return code(resp), resp["meta"]["field"]


class TestManage:
    async def test_table_target_made_listed_changed_deleted(self, team: Team) -> None:
        made = ok(await team.admin.post(T, {"name": " side table ", "kind": "table", "config": {"ignored": 1}}))
        assert made["name"] == "side table" and made["kind"] == "table" and made["config"] == {}
        assert made["has_secret"] is False and "secret" not in made and "sealed_secret" not in made
        assert ok(await team.admin.get(T))["list"] == [made]
        changed = ok(await team.admin.put(f"{T}/{made['id']}", {"name": "renamed", "kind": "table"}))
        assert changed["name"] == "renamed" and changed["id"] == made["id"]
        assert ok(await team.admin.call("DELETE", f"{T}/{made['id']}")) is None
        assert ok(await team.admin.get(T))["list"] == []

    async def test_configs_are_kept_as_checked(self, app: FastAPI, team: Team) -> None:
        mysql = ok(await team.admin.post(T, db_body("mysql", extra="dropped")))
        assert mysql["config"] == {**db_body()["config"]} and mysql["has_secret"] is True
        pg = ok(await team.admin.post(T, db_body("postgresql", port=None, table="iot.readings")))
        assert pg["config"]["port"] == 5432 and pg["config"]["table"] == "iot.readings"
        mqtt = ok(await team.admin.post(T, mqtt_body()))
        assert mqtt["config"]["topic"] == "plant/out" and mqtt["has_secret"] is False
        app.state.settings.forward_allow_private = True
        http = ok(await team.admin.post(T, http_body()))
        assert http["config"] == {"url": "http://127.0.0.1:9/hook", "headers": {"X-Plant": "north"}}

    async def test_refusals_name_their_field(self, app: FastAPI, team: Team) -> None:
        post = team.admin.post
        name_invalid = ErrorCode.AUTOMATION_TARGET_NAME_INVALID
        for name in (" ", "x" * 65, "line\nbreak", "tab\there"):
            assert refused(await post(T, {"name": name, "kind": "table"})) == (name_invalid, "name")
        ok(await post(T, {"name": "taken", "kind": "table"}))
        assert refused(await post(T, {"name": "taken", "kind": "table"})) == (name_invalid, "name")
        assert code(await post(T, {"name": "k", "kind": "ftp"})) == ErrorCode.PARAM_INVALID
        bad = ErrorCode.AUTOMATION_TARGET_CONFIG_INVALID
        # A loopback or private receiver only with IOTYUN_FORWARD_ALLOW_PRIVATE; a URL of another scheme never.
        assert refused(await post(T, http_body())) == (bad, "config.url")
        assert refused(await post(T, http_body("http://10.1.2.3/x"))) == (bad, "config.url")
        assert refused(await post(T, http_body("ftp://example.com/x"))) == (bad, "config.url")
        assert refused(await post(T, http_body("https://user:pw@example.com/x"))) == (bad, "config.url")
        reserved = http_body(
            "https://example.com/x", config={"url": "https://example.com/x", "headers": {"Authorization": "x"}}
        )
        assert refused(await post(T, reserved)) == (bad, "config.headers")
        assert refused(await post(T, db_body(host="192.168.1.10"))) == (bad, "config.host")
        app.state.settings.forward_allow_private = True
        # This server's own port on this host, whatever the setting.
        own = app.state.settings.port
        assert refused(await post(T, http_body(f"http://127.0.0.1:{own}/api"))) == (bad, "config.url")
        assert refused(await post(T, db_body(host="127.0.0.1", port=own))) == (bad, "config.port")
        assert refused(await post(T, db_body(host="bad host!"))) == (bad, "config.host")
        assert refused(await post(T, db_body(port=0))) == (bad, "config.port")
        assert refused(await post(T, db_body(port="3306"))) == (bad, "config.port")
        assert refused(await post(T, db_body(table="readings; DROP TABLE x"))) == (bad, "config.table")
        assert refused(await post(T, db_body(table="a.b.c"))) == (bad, "config.table")
        assert refused(await post(T, db_body(columns={}))) == (bad, "config.columns")
        assert refused(await post(T, db_body(columns={"sn": "password"}))) == (bad, "config.columns")
        assert refused(await post(T, db_body(columns={"1sn": "sn"}))) == (bad, "config.columns")
        assert refused(await post(T, db_body(columns={'sn"': "sn"}))) == (bad, "config.columns")
        assert refused(await post(T, db_body(database=""))) == (bad, "config.database")
        assert refused(await post(T, mqtt_body(topic="plant/#"))) == (bad, "config.topic")
        assert refused(await post(T, mqtt_body(topic="plant/+/x"))) == (bad, "config.topic")
        assert refused(await post(T, mqtt_body(topic=""))) == (bad, "config.topic")
        assert refused(await post(T, mqtt_body(qos=2))) == (bad, "config.qos")
        assert refused(await post(T, mqtt_body(tls="yes"))) == (bad, "config.tls")
        # Nothing refused was written.
        assert [t["name"] for t in ok(await team.admin.get(T))["list"]] == ["taken"]

    async def test_limit(self, app: FastAPI, team: Team) -> None:
        async with system_session(app.state.db.sessionmaker) as s:
            for i in range(AUTOMATION_TARGETS_PER_TENANT_MAX - 1):
                s.add(AutomationTarget(tenant_id=team.admin.tenant_id, name=f"t{i}", kind="table", config={}))
            await s.commit()
        ok(await team.admin.post(T, {"name": "last", "kind": "table"}))
        assert code(await team.admin.post(T, {"name": "one more", "kind": "table"})) == 117875

    async def test_in_use_by_a_rule(self, app: FastAPI, team: Team) -> None:
        used = ok(await team.admin.post(T, {"name": "used", "kind": "table"}))
        free = ok(await team.admin.post(T, {"name": "free", "kind": "table"}))
        forward = {"kind": "forward", "target_id": used["id"], "source_ids": [], "delay_s": 0, "repeat": 0}
        other = {"kind": "webhook", "subscription_id": free["id"], "delay_s": 0, "repeat": 0}
        async with system_session(app.state.db.sessionmaker) as s:
            s.add(
                AutomationRule(
                    tenant_id=team.admin.tenant_id, name="r", owner_id=team.admin.user_id, template_id=1,
                    scope="template", trigger={"kind": "online"}, conditions={"join": "and", "items": []},
                    actions=[other, forward],
                )
            )  # fmt: skip
            await s.commit()
        assert code(await team.admin.call("DELETE", f"{T}/{used['id']}")) == 117873
        assert ok(await team.admin.call("DELETE", f"{T}/{free['id']}")) is None
        assert [t["id"] for t in ok(await team.admin.get(T))["list"]] == [used["id"]]


class TestSecret:
    async def test_sealed_kept_cleared_and_never_shown(
        self, app: FastAPI, team: Team, caplog: pytest.LogCaptureFixture
    ) -> None:
        caplog.set_level(logging.DEBUG)
        app.state.settings.forward_allow_private = True
        made = await team.admin.post(T, http_body(secret=SECRET))
        target = ok(made)
        assert target["has_secret"] is True and SECRET not in str(made)
        row = await stored(app, target["id"])
        assert row.sealed_secret and SECRET not in row.sealed_secret
        assert SECRET not in str([getattr(row, c.name) for c in AutomationTarget.__table__.columns])
        assert sealing.unseal(row.sealed_secret, app.state.settings) == SECRET
        answers = [made, await team.admin.get(T)]
        # Left out, or null: kept.
        body = http_body(name="renamed")
        answers.append(await team.admin.put(f"{T}/{target['id']}", body))
        answers.append(await team.admin.put(f"{T}/{target['id']}", {**body, "secret": None}))
        assert ok(answers[-1])["has_secret"] is True
        assert sealing.unseal((await stored(app, target["id"])).sealed_secret, app.state.settings) == SECRET
        # A test against a receiver that is not there: the reason, never the secret.
        tried = await team.admin.post(f"{T}/{target['id']}/test")
        answers.append(tried)
        assert ok(tried)["ok"] is False and ok(tried)["retry"] is True and ok(tried)["error"]
        # "": cleared.
        answers.append(await team.admin.put(f"{T}/{target['id']}", {**body, "secret": ""}))
        assert ok(answers[-1])["has_secret"] is False
        assert (await stored(app, target["id"])).sealed_secret == ""
        for answer in answers:
            assert SECRET not in str(answer)
        assert SECRET not in caplog.text


class TestAccess:
    async def test_another_tenants_target_does_not_exist(self, team: Team, other_tenant: Api) -> None:
        mine = ok(await team.admin.post(T, {"name": "mine", "kind": "table"}))
        path = f"{T}/{mine['id']}"
        assert code(await other_tenant.put(path, {"name": "x", "kind": "table"})) == 117871
        assert code(await other_tenant.call("DELETE", path)) == 117871
        assert code(await other_tenant.post(f"{path}/test")) == 117871
        assert code(await other_tenant.get(f"{path}/rows")) == 117871
        assert ok(await other_tenant.get(T))["list"] == []
        # Names are the tenant's own.
        ok(await other_tenant.post(T, {"name": "mine", "kind": "table"}))
        assert [t["name"] for t in ok(await team.admin.get(T))["list"]] == ["mine"]

    async def test_p45000_is_required(self, team: Team) -> None:
        mine = ok(await team.admin.post(T, {"name": "mine", "kind": "table"}))
        nobody = await team.without()
        assert code(await nobody.get(T)) == ErrorCode.NO_PRIVILEGE
        assert code(await nobody.post(T, {"name": "x", "kind": "table"})) == ErrorCode.NO_PRIVILEGE
        assert code(await nobody.call("DELETE", f"{T}/{mine['id']}")) == ErrorCode.NO_PRIVILEGE
        await team.role("automations", ["P45000"])
        await team.user("automator", "automations")
        automator = await team.login("automator")
        assert [t["id"] for t in ok(await automator.get(T))["list"]] == [mine["id"]]


class TestRows:
    async def test_a_table_targets_rows_newest_first(self, team: Team) -> None:
        side = ok(await team.admin.post(T, {"name": "side", "kind": "table"}))
        for _ in range(2):
            tried = ok(await team.admin.post(f"{T}/{side['id']}/test"))
            assert tried == {"ok": True, "error": "", "retry": False}
        page = ok(await team.admin.get(f"{T}/{side['id']}/rows", params={"page_size": 1}))
        assert page["total"] == 2 and len(page["items"]) == 1
        newest = page["items"][0]
        assert newest["sn"] == "TEST" and newest["value"] == 1 and newest["rule_id"] == 0
        second = ok(await team.admin.get(f"{T}/{side['id']}/rows", params={"page": 2, "page_size": 1}))["items"][0]
        assert second["id"] < newest["id"] and second["firing_key"] != newest["firing_key"]
        mqtt = ok(await team.admin.post(T, mqtt_body()))
        assert code(await team.admin.get(f"{T}/{mqtt['id']}/rows")) == 117879
