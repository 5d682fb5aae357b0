"""Two tenants for authorization tests: the `two_tenants` fixture (tests/core/test_matrix.py).

Tenant "first" is made first, so its row ids are below the second tenant's in every table. It holds:
- `boss` the administrator; `chief` a secondary administrator bound to user group `group` (with sub-group `line`);
  `carl` a basic user (built-in user role) in `line`; `dora` a basic user in `other`, outside chief's groups;
  `bob` a user whose custom role `role` holds only P31000.
- a device each of boss, carl and dora (registered, gateway secret "secret123"), a device group each of boss,
  carl and dora, one template of boss, a mail recipient, a symbol of the tenant's library, an SVG in its gallery, a
  version of its software library, a brand (named "firstbrand", a logo, the domain first.example.com) and its
  custom menus; app keys (issue 36 point 4): boss's "firstkey" (every scope) and "firstread" (devices:read), and
  bob's "firstbobkey" (every scope, beyond his role: made in the database, since bob may not open the system area);
  an automation forward target "firsttarget" (kind table) with the test row it received; a video cloud account
  (app key "firstvideokey") and the template's camera slot "firstcam".
Tenant "second" holds its administrator `boss` with a device, a device group and a template, and his app key with
every scope.

Every name of the first tenant contains "first" (SNs "FIRST…"), of the second "second": a test finds a leak by
searching an answer for them. `First.ids` lists the first tenant's ids by kind; `out_of_chief` the ids and names
outside the secondary administrator's groups. To add an object, make it in `_seed_first` with a
"first" name and add its id to `ids` (and to `out_of_chief` when chief must not reach it).
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi import FastAPI

from iotyun.devices.models import DEV_ONLINE
from iotyun.system.appkeys import signing
from iotyun.system.appkeys.models import AppKey
from tests.conftest import Api
from tests.devices.factories import make_device
from tests.resources.factories import png
from tests.software.factories import gateway_package
from tests.system.appkeys import KeyClient

PASSWORD = "secret123"


@dataclass
class First:
    """The first tenant: its logged-in users and the ids of its objects by kind."""

    boss: Api
    chief: Api
    carl: Api
    dora: Api
    bob: Api
    ids: dict[str, list[int]] = field(default_factory=dict)
    # What chief must neither see nor change: ids by kind and the names that must not appear in his answers.
    out_of_chief: dict[str, list[int]] = field(default_factory=dict)
    out_of_chief_names: tuple[str, ...] = ()
    # App keys by name, signed as an integrator would.
    keys: dict[str, KeyClient] = field(default_factory=dict)


@dataclass
class Second:
    boss: Api
    ids: dict[str, list[int]] = field(default_factory=dict)
    keys: dict[str, KeyClient] = field(default_factory=dict)


@dataclass
class TwoTenants:
    app: FastAPI
    first: First
    second: Second
    new_api: Callable[[], Api]


async def _ok(resp: dict[str, Any]) -> Any:
    assert resp["meta"]["success"] == 1, resp
    return resp["data"]


async def _login(new_api: Callable[[], Api], name: str) -> Api:
    api = new_api()
    resp = await api.login(name, PASSWORD)
    assert resp["meta"]["success"] == 1, resp
    return api


async def _user(boss: Api, name: str, role_id: int, group_id: int | None, **body: Any) -> int:
    payload = {
        "user_name": name,
        "password": PASSWORD,
        "password2": PASSWORD,
        "role_id": role_id,
        "group_id": group_id,
        "must_change_password": False,
        **body,
    }
    return int((await _ok(await boss.post("/yun/userInfo", payload)))["id"])


ALL_SCOPES = ["devices:read", "history:read", "values:write", "devices:manage"]


async def _key(api: Api, name: str, scopes: list[str]) -> tuple[int, KeyClient]:
    """An app key of `api`'s user, with room for a whole matrix of calls."""
    body = {"name": name, "scopes": scopes, "rate_per_minute": 600, "daily_quota": 1000000}
    made = await _ok(await api.post("/yun/appkeys", body))
    return int(made["id"]), KeyClient(api.client, made["key_id"], made["secret"])


async def _key_in_db(app: FastAPI, api: Api, name: str, scopes: list[str]) -> tuple[int, KeyClient]:
    """An app key of a user who may not make one (a role without the system area): what his rights then allow."""
    secret = signing.new_secret()
    async with app.state.db.sessionmaker() as s:
        row = AppKey(
            tenant_id=api.tenant_id, key_id=signing.new_key_id(), name=name, owner_id=api.user_id,
            signing_key=signing.signing_key(secret), scopes=scopes, allowed_ips=[], rate_per_minute=600,
            daily_quota=1000000, last_used_ip="", used_minute=0, used_minute_count=0, used_day=0, used_day_count=0,
        )  # fmt: skip
        s.add(row)
        await s.commit()
        return row.id, KeyClient(api.client, row.key_id, secret)


async def _device(app: FastAPI, owner: Api, sn: str) -> int:
    return await make_device(app, tenant_id=owner.tenant_id or 0, owner_id=owner.user_id or 0, sn=sn)


async def _seed_first(app: FastAPI, new_api: Callable[[], Api]) -> First:
    boss = new_api()
    await boss.register("firstboss", "13800000001")
    roles = {r["code"]: r["id"] for r in (await _ok(await boss.get("/yun/user/role")))["items"]}
    role = int((await _ok(await boss.post("/yun/user/role", {"name": "firstrole", "permissions": ["P31000"]})))["id"])
    group = int((await _ok(await boss.post("/yun/user/group", {"name": "firstgroup"})))["id"])
    line = int((await _ok(await boss.post("/yun/user/group", {"name": "firstline", "parent_id": group})))["id"])
    other = int((await _ok(await boss.post("/yun/user/group", {"name": "firstother"})))["id"])
    chief_id = await _user(boss, "firstchief", roles["administrator2"], group)
    carl_id = await _user(boss, "firstcarl", roles["user"], line)
    dora_id = await _user(boss, "firstdora", roles["user"], other)
    bob_id = await _user(boss, "firstbob", role, line)
    chief, carl, dora, bob = [await _login(new_api, n) for n in ("firstchief", "firstcarl", "firstdora", "firstbob")]
    devices = [
        await _device(app, boss, "FIRST0001"),
        await _device(app, carl, "FIRST0002"),
        await _device(app, dora, "FIRST0003"),
    ]
    device_groups = [
        int((await _ok(await api.post("/yun/dev/group", {"name": name})))["id"])
        for api, name in ((boss, "firstdgb"), (carl, "firstdgc"), (dora, "firstdgd"))
    ]
    template = int((await _ok(await boss.post("/yun/module", {"name": "firsttpl"})))["id"])
    # A monitoring table of that template (issue 35): another tenant neither reads, edits, copies, reorders nor deletes
    # it, and its name never shows in another tenant's answers.
    automation_rule = await _ok(
        await boss.post(
            "/yun/automation/rules",
            {
                "name": "firstrule",
                "template_id": template,
                "scope": "template",
                "trigger": {"kind": "online"},
                "actions": [{"kind": "alarm", "mode": "raise", "name": "firstalarm", "level": 1}],
            },
        )
    )
    table = await _ok(await boss.post("/yun/module/middleware/table", {"template_id": template, "name": "firstmtab"}))
    # A group of monitoring tables and a monitor setting of boss (issue 35): another tenant neither reads, renames,
    # reorders nor deletes the group, nor sees its name; the setting is boss's alone.
    monitor_group = await _ok(await boss.post("/yun/monitor/group", {"name": "firstmgrp"}))
    await _ok(await boss.put("/yun/monitor/setting", {"refresh_s": 30, "density": "compact"}))
    # A mail recipient of the tenant (docs/api-mail.md): neither another tenant nor chief may remove it.
    await _ok(await boss.post("/yun/mail/recipients", {"address": "firstmail@example.com"}))
    recipient = int((await _ok(await boss.get("/yun/mail/recipients")))[0]["id"])
    # A symbol of its own and an SVG in its gallery (issue 30): neither may be read, marked, renamed or deleted by
    # another tenant, and the symbol's name never shows in another tenant's answers.
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect id="firstpart" width="10" height="10"/></svg>'
    symbol = await boss.call(
        "POST", "/yun/resourcesInfo/symbol", data={"name": "firstsym", "category": "tank"},
        files={"file": ("s.svg", svg, "image/svg+xml")},
    )  # fmt: skip
    image = await boss.call(
        "POST", "/yun/resourcesInfo", data={"name": "firstsvg", "use": "image"},
        files={"file": ("i.svg", svg, "image/svg+xml")},
    )  # fmt: skip
    # A dashboard group, a dashboard shown to everyone, one shown to firstrole only, and a sector holding both
    # (issue 31): another tenant reads, edits, copies, reorders and deletes none of them, nor sees their names.
    dashboard_group = int((await _ok(await boss.post("/yun/dashboard/group", {"name": "firstdbg"})))["id"])
    shown = await _ok(await boss.post("/yun/dashboard", {"name": "firstdash", "group_id": dashboard_group}))
    partial = await _ok(
        await boss.post(
            "/yun/dashboard", {"name": "firstsecret", "visibility": "partial", "audience": {"role_ids": [role]}}
        )
    )
    sector = await _ok(
        await boss.post("/yun/sector", {"name": "f1sect", "dashboard_ids": [int(shown["id"]), int(partial["id"])]})
    )
    # Its custom menus (issue 36): an entry shown to firstrole only and one opening firstsecret; another tenant
    # neither reads nor replaces them, nor sees their names.
    menus = {
        "sidebar_title": "firstside",
        "top_bar_title": "firsttop",
        "side": [
            {"id": "m1", "name": "firstmenu", "kind": "page", "url": "https://example.com/"},
            {"id": "m2", "name": "firstboard", "kind": "dashboard", "dashboard_id": int(partial["id"])},
        ],
        "top": [
            {
                "id": "m3",
                "name": "firstlink",
                "kind": "page",
                "url": "/index",
                "visibility": "roles",
                "role_ids": [role],
            }
        ],
    }
    await _ok(await boss.put("/yun/customPage", {"version": 0, "document": menus}))
    # A version of its software library (issue 34): another tenant neither reads, edits, fetches nor deletes it.
    version = await boss.call(
        "POST", "/software/version",
        data={"type": "1", "version": "1.0.0", "models": ["IG-100"], "content_en": "firstsoft"},
        files={"file": ("firstsoft.tar.gz", gateway_package("1.0.0"), "application/gzip")},
    )  # fmt: skip
    version_id = int((await _ok(version))["id"])
    # A rollout of that version to a gateway of its own (issue 34): another tenant neither reads its history nor
    # pauses, resumes or cancels it, and the device's SN never shows in its answers.
    upgraded = await make_device(
        app, tenant_id=boss.tenant_id or 0, owner_id=boss.user_id or 0, sn="FIRST0004",
        model="IG-100", firmware_version="0.9.0", dev_state=DEV_ONLINE,
    )  # fmt: skip
    upgrade = await _ok(await boss.post("/software/upgrade", {"version_id": version_id, "device_ids": [upgraded]}))
    # A brand with a logo and a white-label domain (issue 36): another tenant neither reads, replaces, resets nor
    # names its image, nor binds its domain, and its name shows on no other host's login page.
    logo = await boss.call(
        "POST", "/yun/individuation/image", data={"slot": "logo_light"},
        files={"file": ("firstlogo.png", png(), "image/png")},
    )  # fmt: skip
    logo_id = int((await _ok(logo))["id"])
    await _ok(
        await boss.put(
            "/yun/individuation",
            {"platform_name": "firstbrand", "domain": "first.example.com", "logo_light_id": logo_id},
        )
    )
    # App keys (issue 36 point 4): no other tenant reads or revokes them; each calls only what its scopes and its
    # owner's rights allow (tests/core/test_matrix.py TestAppKeys).
    key_all, all_client = await _key(boss, "firstkey", ALL_SCOPES)
    key_read, read_client = await _key(boss, "firstread", ["devices:read"])
    key_bob, bob_client = await _key_in_db(app, bob, "firstbobkey", ALL_SCOPES)
    keys = {"firstkey": all_client, "firstread": read_client, "firstbobkey": bob_client}
    # A forward target of automations (issue 37), kind `table` (no network), with a row it received: no other tenant
    # lists, changes, tries, deletes or reads it, nor sees its name (P45000: neither chief nor bob holds it).
    target = await _ok(await boss.post("/yun/automation/targets", {"name": "firsttarget", "kind": "table"}))
    tried = await _ok(await boss.post(f"/yun/automation/targets/{target['id']}/test"))
    assert tried["ok"] is True, tried
    # A video cloud account (issue 38) and the template's camera slots: no other tenant reads, unbinds or rebinds
    # them, nor lists the account's cameras (the local provider: no network).
    await _ok(await boss.post("/third/party/account", {"app_key": "firstvideokey", "app_secret": "firstvideosecret"}))
    cams = [{"name": "firstcam", "serial": "LOCAL0001", "channel": 1}]
    await _ok(await boss.put("/yun/module/video", {"template_id": template, "cameras": cams}))
    ids = {
        "user": [boss.user_id or 0, chief_id, carl_id, dora_id, bob_id],
        "role": [role, *roles.values()],
        "group": [group, line, other],
        "device": devices,
        "device_group": device_groups,
        "template": [template],
        "monitor_table": [int(table["id"])],
        "monitor_group": [int(monitor_group["id"])],
        "mail_recipient": [recipient],
        "symbol": [int((await _ok(symbol))["symbol"]["id"])],
        "image": [int((await _ok(image))["id"])],
        "dashboard": [int(shown["id"]), int(partial["id"])],
        "dashboard_group": [dashboard_group],
        "sector": [int(sector["id"])],
        "software_version": [version_id],
        "software_upgrade": [int(upgrade["id"])],
        "brand_image": [logo_id],
        "app_key": [key_all, key_read, key_bob],
        "automation_rule": [int(automation_rule["id"])],
        "automation_target": [int(target["id"])],
    }
    out_of_chief = {
        "user": [boss.user_id or 0, dora_id],
        "group": [other],
        "device": [devices[0], devices[2]],
        "device_group": [device_groups[0], device_groups[2]],
        "template": [template],
    }
    names = ("firstdora", "firstother", "FIRST0001", "FIRST0003")
    return First(boss, chief, carl, dora, bob, ids, out_of_chief, names, keys)


async def _seed_second(app: FastAPI, new_api: Callable[[], Api]) -> Second:
    boss = new_api()
    await boss.register("secondboss", "13900000009")
    device = await _device(app, boss, "SECOND0001")
    group = int((await _ok(await boss.post("/yun/dev/group", {"name": "seconddg"})))["id"])
    template = int((await _ok(await boss.post("/yun/module", {"name": "secondtpl"})))["id"])
    _, key = await _key(boss, "secondkey", ALL_SCOPES)
    return Second(boss, {"device": [device], "device_group": [group], "template": [template]}, {"secondkey": key})


@pytest.fixture
async def two_tenants(app: FastAPI, new_api: Callable[[], Api]) -> TwoTenants:
    first = await _seed_first(app, new_api)
    second = await _seed_second(app, new_api)
    return TwoTenants(app, first, second, new_api)
