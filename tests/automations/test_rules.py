"""Automation rules over HTTP (issue 37 points 1, 5 and 7, docs/api-automations.md), on SQLite and PostgreSQL: a
rule is kept with its trigger, conditions and actions; every field is refused with its code and the field; a rule
names only its tenant's devices, data sources and recipients; copying, enabling and deleting; another tenant and a
role without P45000 are refused."""

from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import insert

from iotyun.automations.models import AutomationRule
from iotyun.automations.service import RULES_PER_TENANT_MAX
from iotyun.core.errors import ErrorCode
from iotyun.core.tenancy import system_session
from tests.automations.conftest import threshold_rule
from tests.conftest import Api, code
from tests.team.factories import Team
from tests.telemetry.factories import Plant, make_plant
from tests.templates.factories import ok

RULES = "/yun/automation/rules"


def refused(resp: dict[str, Any], expected: ErrorCode, field: str | None = None) -> None:
    assert code(resp) == expected, resp
    if field is not None:
        assert resp["meta"]["field"] == field, resp


async def test_a_rule_is_kept_and_read_back(team: Team, plant: Plant) -> None:
    body = threshold_rule(
        plant,
        enabled=False,
        conditions={"join": "or", "items": [{"source_id": plant.sources["温度"], "op": "ge", "value": 40}]},
    )
    made = ok(await team.admin.post(RULES, body))
    assert made["name"] == "压力过高停机" and made["enabled"] is False
    assert made["template_name"] and made["owner_name"] == "alice" and made["scope_name"] is None
    assert made["trigger"]["hold_s"] == 1 and made["trigger"]["hysteresis"] == 0
    assert made["actions"][0] == {
        "kind": "write",
        "source_id": plant.sources["运行"],
        "value": 0,
        "delay_s": 0,
        "repeat": 0,
        "every_s": 0,
    }
    assert ok(await team.admin.get(f"{RULES}/{made['id']}")) == made
    listed = ok(await team.admin.get(f"{RULES}?keyword=%E5%8E%8B%E5%8A%9B"))
    assert listed["total"] == 1 and listed["items"][0]["id"] == made["id"]
    assert ok(await team.admin.get(f"{RULES}?keyword=nothing"))["total"] == 0
    assert ok(await team.admin.get(f"{RULES}?enabled=true"))["total"] == 0
    device = ok(
        await team.admin.put(
            f"{RULES}/{made['id']}", {**body, "scope": "device", "scope_id": plant.device_id, "name": "单台"}
        )
    )
    assert device["scope_name"] == "1号空压机" and device["name"] == "单台"
    on = ok(await team.admin.put(f"{RULES}/{made['id']}/enabled", {"enabled": True}))
    assert on["enabled"] is True
    twin = ok(await team.admin.post(f"{RULES}/{made['id']}/copy", {}))
    assert twin["enabled"] is False and twin["name"] == "单台 (副本)" and twin["id"] != made["id"]
    ok(await team.admin.call("DELETE", f"{RULES}/{made['id']}"))
    refused(await team.admin.get(f"{RULES}/{made['id']}"), ErrorCode.AUTOMATION_RULE_NOT_FOUND)
    assert ok(await team.admin.get(RULES))["total"] == 1


@pytest.mark.parametrize(
    ("change", "expected", "field"),
    [
        ({"name": ""}, ErrorCode.AUTOMATION_RULE_NAME_INVALID, "name"),
        ({"name": "a\nb"}, ErrorCode.AUTOMATION_RULE_NAME_INVALID, "name"),
        ({"name": "x" * 65}, ErrorCode.AUTOMATION_RULE_NAME_INVALID, "name"),
        ({"template_id": 999_999}, ErrorCode.AUTOMATION_SCOPE_INVALID, "template_id"),
        ({"scope": "device"}, ErrorCode.AUTOMATION_SCOPE_INVALID, "scope_id"),
        ({"scope": "device", "scope_id": 999_999}, ErrorCode.AUTOMATION_SCOPE_INVALID, "scope_id"),
        ({"scope": "group", "scope_id": 999_999}, ErrorCode.AUTOMATION_SCOPE_INVALID, "scope_id"),
        ({"scope": "template", "scope_id": 1}, ErrorCode.AUTOMATION_SCOPE_INVALID, "scope_id"),
        (
            {"trigger": {"kind": "threshold", "source_id": 999_999, "op": "gt", "value": 1}},
            ErrorCode.AUTOMATION_SOURCE_INVALID,
            "trigger.source_id",
        ),
        (
            {"trigger": {"kind": "change", "source_id": 999_999}},
            ErrorCode.AUTOMATION_SOURCE_INVALID,
            "trigger.source_id",
        ),
        (
            {"trigger": {"kind": "schedule", "schedule": {"type": "daily", "time": "24:00"}}},
            ErrorCode.AUTOMATION_SCHEDULE_INVALID,
            "trigger.schedule.time",
        ),
        (
            {"trigger": {"kind": "schedule", "schedule": {"type": "weekly", "time": "08:00", "weekdays": [0]}}},
            ErrorCode.AUTOMATION_SCHEDULE_INVALID,
            "trigger.schedule.weekdays",
        ),
        (
            {"trigger": {"kind": "schedule", "schedule": {"type": "cron", "cron": "61 * * * *"}}},
            ErrorCode.AUTOMATION_SCHEDULE_INVALID,
            "trigger.schedule.cron",
        ),
        ({"actions": []}, ErrorCode.AUTOMATION_ACTION_INVALID, "actions"),
        ({"rate_per_minute": 0}, ErrorCode.AUTOMATION_ACTION_INVALID, "rate_per_minute"),
        ({"rate_per_minute": 61}, ErrorCode.AUTOMATION_ACTION_INVALID, "rate_per_minute"),
        (
            {"actions": [{"kind": "webhook", "subscription_id": 999_999}]},
            ErrorCode.AUTOMATION_WEBHOOK_NOT_FOUND,
            "actions.0.subscription_id",
        ),
        (
            {"actions": [{"kind": "forward", "target_id": 999_999}]},
            ErrorCode.AUTOMATION_TARGET_NOT_FOUND,
            "actions.0.target_id",
        ),
        (
            {"actions": [{"kind": "notify", "channels": ["console"]}]},
            ErrorCode.AUTOMATION_RECIPIENT_INVALID,
            "actions.0.user_ids",
        ),
        (
            {"actions": [{"kind": "notify", "user_ids": [999_999]}]},
            ErrorCode.AUTOMATION_RECIPIENT_INVALID,
            "actions.0.user_ids",
        ),
        (
            {"actions": [{"kind": "notify", "role_ids": [999_999]}]},
            ErrorCode.AUTOMATION_RECIPIENT_INVALID,
            "actions.0.role_ids",
        ),
        (
            {"actions": [{"kind": "alarm", "mode": "raise", "name": ""}]},
            ErrorCode.AUTOMATION_ACTION_INVALID,
            "actions.0.name",
        ),
        (
            {"actions": [{"kind": "alarm", "mode": "raise", "name": "高", "level": 9}]},
            ErrorCode.AUTOMATION_ACTION_INVALID,
            "actions.0.level",
        ),
        ({"trigger": {"kind": "nonsense"}}, ErrorCode.PARAM_INVALID, None),
    ],
)
async def test_every_field_is_refused_with_its_code(
    team: Team, plant: Plant, change: dict[str, Any], expected: ErrorCode, field: str | None
) -> None:
    refused(await team.admin.post(RULES, {**threshold_rule(plant), **change}), expected, field)
    assert ok(await team.admin.get(RULES))["total"] == 0


async def test_ranges_and_data_sources_of_the_template(team: Team, plant: Plant) -> None:
    base = threshold_rule(plant)
    trigger = base["trigger"]
    cases: list[tuple[dict[str, Any], ErrorCode, str]] = [
        ({"trigger": {**trigger, "hold_s": -1}}, ErrorCode.AUTOMATION_TRIGGER_INVALID, "trigger.hold_s"),
        ({"trigger": {**trigger, "hold_s": 86_401}}, ErrorCode.AUTOMATION_TRIGGER_INVALID, "trigger.hold_s"),
        ({"trigger": {**trigger, "hysteresis": -0.1}}, ErrorCode.AUTOMATION_TRIGGER_INVALID, "trigger.hysteresis"),
        # 温度 is read-only: a write names a writable source
        (
            {"actions": [{"kind": "write", "source_id": plant.sources["温度"], "value": 1}]},
            ErrorCode.AUTOMATION_SOURCE_INVALID,
            "actions.0.source_id",
        ),
        (
            {"actions": [{"kind": "write", "source_id": plant.sources["运行"], "value": 1, "delay_s": -1}]},
            ErrorCode.AUTOMATION_ACTION_INVALID,
            "actions.0.delay_s",
        ),
        (
            {"actions": [{"kind": "write", "source_id": plant.sources["运行"], "value": 1, "repeat": 2}]},
            ErrorCode.AUTOMATION_ACTION_INVALID,
            "actions.0.every_s",
        ),
        (
            {
                "actions": [
                    {"kind": "write", "source_id": plant.sources["运行"], "value": 1, "repeat": 11, "every_s": 60}
                ]
            },
            ErrorCode.AUTOMATION_ACTION_INVALID,
            "actions.0.repeat",
        ),
        (
            {"conditions": {"items": [{"source_id": 999_999, "op": "gt", "value": 1}]}},
            ErrorCode.AUTOMATION_SOURCE_INVALID,
            "conditions.items.0.source_id",
        ),
        (
            {"conditions": {"items": [{"source_id": plant.sources["温度"], "op": "gt", "value": 1}] * 11}},
            ErrorCode.AUTOMATION_CONDITION_INVALID,
            "conditions.items",
        ),
        (
            {"actions": [{"kind": "write", "source_id": plant.sources["运行"], "value": 1}] * 11},
            ErrorCode.AUTOMATION_ACTION_INVALID,
            "actions",
        ),
    ]
    for change, expected, field in cases:
        refused(await team.admin.post(RULES, {**base, **change}), expected, field)
    ok(await team.admin.post(RULES, base))
    refused(await team.admin.post(RULES, base), ErrorCode.AUTOMATION_RULE_NAME_EXISTS, "name")


async def test_a_rule_names_only_its_own_tenants_things(
    app: FastAPI, team: Team, plant: Plant, other_tenant: Api
) -> None:
    theirs = await make_plant(other_tenant)
    # their template, their device, their data source: each refused on its field
    refused(
        await team.admin.post(RULES, {**threshold_rule(plant), "template_id": theirs.template_id}),
        ErrorCode.AUTOMATION_SCOPE_INVALID,
        "template_id",
    )
    refused(
        await team.admin.post(RULES, {**threshold_rule(plant), "scope": "device", "scope_id": theirs.device_id}),
        ErrorCode.AUTOMATION_SCOPE_INVALID,
        "scope_id",
    )
    stranger = {"kind": "threshold", "source_id": theirs.sources["出水压力"], "op": "gt", "value": 1}
    refused(
        await team.admin.post(RULES, {**threshold_rule(plant), "trigger": stranger}),
        ErrorCode.AUTOMATION_SOURCE_INVALID,
        "trigger.source_id",
    )
    mine = ok(await team.admin.post(RULES, threshold_rule(plant)))
    # the other tenant sees none of it, and can change none of it
    assert ok(await other_tenant.get(RULES))["total"] == 0
    for call in (
        other_tenant.get(f"{RULES}/{mine['id']}"),
        other_tenant.put(f"{RULES}/{mine['id']}", threshold_rule(theirs)),
        other_tenant.put(f"{RULES}/{mine['id']}/enabled", {"enabled": False}),
        other_tenant.post(f"{RULES}/{mine['id']}/copy", {}),
        other_tenant.call("DELETE", f"{RULES}/{mine['id']}"),
        other_tenant.get(f"{RULES}/{mine['id']}/trace"),
    ):
        refused(await call, ErrorCode.AUTOMATION_RULE_NOT_FOUND)
    assert ok(await team.admin.get(f"{RULES}/{mine['id']}"))["enabled"] is True


async def test_a_role_without_automations_is_refused(team: Team, plant: Plant) -> None:
    bob = await team.without()
    assert code(await bob.get(RULES)) == ErrorCode.NO_PRIVILEGE
    assert code(await bob.post(RULES, threshold_rule(plant))) == ErrorCode.NO_PRIVILEGE
    # a role given P45000 keeps rules over the devices it reads
    perms = ["P10000", "P30000", "P40000", "P41000", "P42000", "P45000"]
    assert await team.role("automator", perms, device_permissions=["history"])
    await team.user("carol", "automator")
    carol = await team.login("carol")
    assert ok(await carol.get(RULES))["total"] == 0
    # alice's template is not hers to read
    refused(await carol.post(RULES, threshold_rule(plant)), ErrorCode.AUTOMATION_SCOPE_INVALID, "template_id")
    # her role writes to no device: a rule of hers may not either (it would write as her); an alarm it may raise
    hers = await make_plant(carol)
    refused(await carol.post(RULES, threshold_rule(hers)), ErrorCode.AUTOMATION_WRITE_FORBIDDEN, "actions.0.source_id")
    alarm = [{"kind": "alarm", "mode": "raise", "name": "高压", "level": 2}]
    assert ok(await carol.post(RULES, threshold_rule(hers, actions=alarm)))["owner_name"] == "carol"


async def test_the_rule_limit(app: FastAPI, team: Team, plant: Plant) -> None:
    made = ok(await team.admin.post(RULES, threshold_rule(plant)))
    async with system_session(app.state.db.sessionmaker) as s:
        first = await s.get(AutomationRule, made["id"])
        assert first is not None
        rows = [
            {
                "tenant_id": first.tenant_id,
                "owner_id": first.owner_id,
                "name": f"r{i}",
                "enabled": False,
                "template_id": first.template_id,
                "scope": "template",
                "trigger": first.trigger,
                "conditions": {},
                "actions": first.actions,
            }
            for i in range(RULES_PER_TENANT_MAX - 1)
        ]
        await s.execute(insert(AutomationRule), rows)
        await s.commit()
    refused(
        await team.admin.post(RULES, {**threshold_rule(plant), "name": "one more"}), ErrorCode.AUTOMATION_RULE_LIMIT
    )
    refused(await team.admin.post(f"{RULES}/{made['id']}/copy", {}), ErrorCode.AUTOMATION_RULE_LIMIT)
