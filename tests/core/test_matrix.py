"""The authorization matrix, generated from the OpenAPI document: every operation × {no token, a user whose role
lacks the operation's codes, the second tenant's administrator handed the first tenant's ids, the secondary
administrator handed ids outside his groups, app keys beyond their scopes or their owner's rights}. No answer carries a name, SN or user id it must not, and no write takes
effect: the first tenant's rows are compared before and after (SPEC §6, DESIGN §3, docs/security.md).

Requests are built from each operation's parameters and body schema: every id-like slot (path parameters, `id`,
`*_id`, `*_ids`, `ids`, `sn`, `sn_code`) gets the same candidate id, other required fields a plain value of their
type. The fixture is tests/core/fixtures.py.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
from fastapi import FastAPI
from fastapi.routing import APIRoute
from sqlalchemy import select, update

from iotyun.auth.dependencies import PermissionRequirement
from iotyun.auth.models import Role, User
from iotyun.core import security
from iotyun.core.config import API_PREFIX
from iotyun.core.permissions import ALL_CODES, NODES, Perm, PermNode, normalize
from iotyun.devices.models import Device
from iotyun.models import Base
from iotyun.operations.dependencies import OperatorRequirement
from iotyun.system.appkeys.scopes import SCOPE_EXTENSION
from tests.conftest import Api
from tests.core.fixtures import PASSWORD, TwoTenants, two_tenants
from tests.core.test_permissions import api_routes, declared
from tests.operations.conftest import make_operator, operator_login
from tests.system.appkeys import KeyClient

__all__ = ["two_tenants"]

# Rows that change on any request or are not tenant data (tokens, logs, nonces, throttles).
VOLATILE_TABLES = {"user_token", "user_log", "request_nonce", "captcha", "verify_code", "login_throttle"}
VOLATILE_COLUMNS = {"updated_at", "last_seen_at", "last_login_at", "login_count", "expires_at"}
# An app key's use: counted and noted at every call, refused ones too.
VOLATILE_COLUMNS |= {"last_used_at", "last_used_ip", "used_minute", "used_minute_count", "used_day", "used_day_count"}
# Calls that end the caller's own session: made last, or not at all, so the rest of the run keeps its token.
SELF_ENDING = {("POST", "/yun/user/logout"), ("POST", "/logout"), ("POST", "/administrator/logout")}
FIRST_NAMES = (
    "firstboss",
    "firstchief",
    "firstcarl",
    "firstdora",
    "firstbob",
    "firstrole",
    "firstgroup",
    "firstline",
    "firstother",
    "firstdgb",
    "firstdgc",
    "firstdgd",
    "firsttpl",
    "firstrule",
    "firstsym",
    "firstsvg",
    "firstdbg",
    "firstdash",
    "firstsecret",
    "f1sect",
    "firstpart",
    "firstsoft",
    "firstmtab",
    "firstmgrp",
    "firstbrand",
    "firstmenu",
    "firstboard",
    "firstlink",
    "firstside",
    "firstkey",
    "firstread",
    "firstbobkey",
    "firsttarget",
    "firstvideokey",
    "firstcam",
    "FIRST0001",
    "FIRST0002",
    "FIRST0003",
    "FIRST0004",
)
# Operations the second tenant's administrator gets a success answer from (its own rows) at least; 59 of 144 when
# this was written.
MIN_ANSWERED = 50
ID_PARAM = re.compile(r"^(id|ids|sn|sn_code|.*_id|.*_ids)$")


@dataclass(frozen=True)
class Operation:
    method: str
    path: str
    spec: dict[str, Any]
    marker: object


def operations(app: FastAPI) -> list[Operation]:
    """Every operation of the OpenAPI document with the access marker of its route."""
    markers: dict[tuple[str, str], object] = {}
    for route in api_routes(app):
        assert isinstance(route, APIRoute)
        (marker,) = declared(route)
        for method in route.methods or set():
            markers[(method, route.path)] = marker
    found = []
    for path, item in app.openapi()["paths"].items():
        for method, spec in item.items():
            local = path[len(API_PREFIX) :]
            found.append(Operation(method.upper(), local, spec, markers[(method.upper(), local)]))
    return found


class Requests:
    """Requests for one operation, built from its parameters and body schema."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.components = doc.get("components", {}).get("schemas", {})

    def _resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in schema:
            schema = self.components[schema["$ref"].rsplit("/", 1)[1]]
        for key in ("anyOf", "oneOf", "allOf"):
            if key in schema:
                options = [s for s in schema[key] if s.get("type") != "null"]
                return self._resolve(options[0]) if options else {"type": "null"}
        return schema

    def value(self, schema: dict[str, Any], name: str, candidate: int, sn: str, depth: int = 0) -> Any:
        schema = self._resolve(schema)
        kind = schema.get("type")
        if ID_PARAM.match(name):
            if name in ("sn", "sn_code"):
                return sn
            if kind == "array":
                return [candidate]
            if kind == "string":
                return str(candidate)
            return candidate
        if "enum" in schema:
            return schema["enum"][0]
        if kind == "object" or "properties" in schema:
            if depth > 3:
                return {}
            props: dict[str, Any] = schema.get("properties", {})
            wanted = [p for p in props if p in schema.get("required", []) or ID_PARAM.match(p)]
            return {p: self.value(props[p], p, candidate, sn, depth + 1) for p in wanted}
        if kind == "array":
            return [self.value(schema.get("items", {}), name, candidate, sn, depth + 1)]
        if kind == "integer":
            return max(int(schema.get("minimum", 1)), 1)
        if kind == "number":
            return 1.0
        if kind == "boolean":
            return False
        if kind == "string":
            return "x" * max(int(schema.get("minLength", 1)), 1)
        return None

    def build(self, op: Operation, candidate: int, sn: str) -> dict[str, Any]:
        path = op.path
        params: dict[str, Any] = {}
        headers: dict[str, str] = {}
        for prm in op.spec.get("parameters", []):
            value = self.value(prm.get("schema", {}), prm["name"], candidate, sn)
            if prm["in"] == "path":
                path = path.replace("{" + prm["name"] + "}", str(value))
            elif prm["in"] == "query" and (prm.get("required") or ID_PARAM.match(prm["name"])):
                params[prm["name"]] = value
            elif prm["in"] == "header":
                headers[prm["name"]] = "x"
        kwargs: dict[str, Any] = {"params": params, "headers": headers}
        content = op.spec.get("requestBody", {}).get("content", {})
        if "application/json" in content:
            kwargs["json"] = self.value(content["application/json"].get("schema", {}), "body", candidate, sn)
        elif content:
            kwargs["files"] = {"file": ("x.csv", b"sn\n", "text/csv")}
        return {"path": path, **kwargs}

    def has_ids(self, op: Operation) -> bool:
        return (
            "{" in op.path
            or any(ID_PARAM.match(p["name"]) for p in op.spec.get("parameters", []))
            or ("requestBody" in op.spec)
        )


async def call(api: Api, method: str, request: dict[str, Any]) -> httpx.Response:
    headers = {**api._headers(), **request["headers"]}
    kwargs = {k: v for k, v in request.items() if k not in ("path", "headers")}
    return await api.client.request(method, "/api" + request["path"], headers=headers, **kwargs)


async def key_call(key: KeyClient, method: str, request: dict[str, Any]) -> httpx.Response:
    """The generated request, signed with an app key over the query and body exactly as they are sent."""
    kwargs = {k: v for k, v in request.items() if k not in ("path", "headers")}
    built = key.client.build_request(method, "/api" + request["path"], headers=request["headers"], **kwargs)
    body = built.read()
    query = built.url.query.decode()
    built.headers.update(key.signed(method, request["path"], query, body))
    return await key.client.send(built)


def message(resp: httpx.Response) -> str:
    body = resp.json() if resp.headers.get("content-type", "").startswith("application/json") else {}
    return str(body.get("meta", {}).get("message", "")) if isinstance(body, dict) else ""


def answer_text(resp: httpx.Response) -> str:
    return resp.content.decode("utf-8", "replace")


def user_ids_in(value: Any) -> set[int]:
    """Ids that denote users: `user_id`/`owner_id`/... values and the `id` of an object that has a `user_name`."""
    found: set[int] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("user_id", "simulated_by", "actor_id", "owner_id", "user_ids") and isinstance(item, int):
                found.add(item)
            found |= user_ids_in(item)
        if "user_name" in value and isinstance(value.get("id"), int):
            found.add(value["id"])
    elif isinstance(value, list):
        for item in value:
            found |= user_ids_in(item)
    return found


def leaks(resp: httpx.Response, names: tuple[str, ...], user_ids: set[int]) -> list[str]:
    text = answer_text(resp).lower()
    found = [n for n in names if n.lower() in text]
    if resp.headers.get("content-type", "").startswith("application/json"):
        data = resp.json().get("data") if isinstance(resp.json(), dict) else None
        found += [f"user {i}" for i in sorted(user_ids_in(data) & user_ids)]
    return found


Snapshot = dict[tuple[str, tuple[Any, ...]], tuple[Any, ...]]


async def snapshot(app: FastAPI, tenant_id: int) -> tuple[Snapshot, Snapshot]:
    """(rows of the tenant, rows of tables without a tenant) keyed by table and primary key, volatile columns left
    out."""
    tenant_rows: Snapshot = {}
    shared_rows: Snapshot = {}
    async with app.state.db.engine.connect() as conn:
        for table in Base.metadata.sorted_tables:
            if table.name in VOLATILE_TABLES:
                continue
            columns = [c for c in table.columns if c.name not in VOLATILE_COLUMNS]
            stmt = select(*columns)
            target = shared_rows
            if "tenant_id" in table.c:
                stmt = stmt.where(table.c.tenant_id == tenant_id)
                target = tenant_rows
            elif table.name == "tenant":
                stmt = stmt.where(table.c.id == tenant_id)
                target = tenant_rows
            pk = [i for i, c in enumerate(columns) if c.primary_key]
            for row in (await conn.execute(stmt)).all():
                target[(table.name, tuple(row[i] for i in pk))] = tuple(row)
    return tenant_rows, shared_rows


def changed(before: Snapshot, after: Snapshot, *, new_rows: bool) -> list[str]:
    out = [f"{k} changed or deleted" for k, row in before.items() if after.get(k) != row]
    if new_rows:
        out += [f"{k} added" for k in after if k not in before]
    return out


def without_codes(codes: tuple[str, ...]) -> list[str]:
    """All codes but `codes` and everything below them, so normalizing cannot bring them back."""
    banned = {c for c in codes if c in ALL_CODES}
    kept: list[str] = []
    for code in ALL_CODES:
        node: PermNode | None = NODES[Perm(code)]
        ancestors: set[str] = set()
        while node is not None:
            ancestors.add(node.code.value)
            node = NODES[node.parent] if node.parent else None
        if not ancestors & banned:
            kept.append(code)
    assert not normalize(kept) & banned
    return sorted(kept)


async def user_lacking(env: TwoTenants, codes: tuple[str, ...], cache: dict[tuple[str, ...], Api]) -> Api:
    """A logged-in user of the first tenant whose role holds every code but `codes` (and those below them)."""
    if codes in cache:
        return cache[codes]
    name = f"firstlack{len(cache)}"
    async with env.app.state.db.sessionmaker() as s:
        tenant_id = env.first.boss.tenant_id or 0
        role = Role(tenant_id=tenant_id, name=name, code=name, type="custom", permissions=without_codes(codes))
        s.add(role)
        await s.flush()
        s.add(
            User(
                tenant_id=tenant_id,
                user_name=name,
                password_hash=security.hash_password_sync(PASSWORD),
                role_id=role.id,
            )
        )
        await s.commit()
    api = env.new_api()
    resp = await api.login(name, PASSWORD)
    assert resp["meta"]["success"] == 1, resp
    cache[codes] = api
    return api


def ordered(ops: list[Operation]) -> Iterator[Operation]:
    """Reads first, then writes, then deletes; never the caller's own logout."""
    rank = {"GET": 0, "POST": 1, "PUT": 1, "PATCH": 1, "DELETE": 2}
    for op in sorted(ops, key=lambda o: (rank.get(o.method, 1), o.path)):
        if (op.method, op.path) not in SELF_ENDING:
            yield op


def answered(resp: httpx.Response) -> bool:
    """A success answer: the request passed validation and the handler ran to the end."""
    if not resp.headers.get("content-type", "").startswith("application/json"):
        return resp.status_code == 200
    body = resp.json()
    return isinstance(body, dict) and body.get("meta", {}).get("success") == 1


def session_ended(resp: httpx.Response) -> bool:
    """Whether a call ended the caller's session (e.g. a password reset of oneself revokes one's tokens)."""
    if not resp.headers.get("content-type", "").startswith("application/json"):
        return False
    body = resp.json()
    return isinstance(body, dict) and body.get("meta", {}).get("message") == "100009"


async def relogin(api: Api, name: str) -> None:
    api.forget()
    resp = await api.login(name, PASSWORD)
    assert resp["meta"]["success"] == 1, resp


class TestMatrix:
    async def test_every_operation(self, app: FastAPI, two_tenants: TwoTenants) -> None:
        env = two_tenants
        first, second = env.first, env.second
        ops = operations(app)
        assert len(ops) > 100
        build = Requests(app.openapi())
        first_users = set(first.ids["user"])
        first_names = FIRST_NAMES
        problems: list[str] = []

        # 1. No token: every operation that needs one answers 100009, and nothing of the first tenant shows.
        before = await snapshot(app, first.boss.tenant_id or 0)
        anonymous = env.new_api()
        for op in ordered(ops):
            resp = await call(anonymous, op.method, build.build(op, first.ids["user"][0], "FIRST0001"))
            needs_token = isinstance(op.marker, (PermissionRequirement, OperatorRequirement))
            if needs_token and resp.json()["meta"]["message"] != "100009":
                problems.append(f"no token: {op.method} {op.path} answered {resp.text[:200]}")
            problems += [f"no token: {op.method} {op.path} shows {x}" for x in leaks(resp, first_names, set())]

        # 2. Lacking the operation's codes: 100015. Nothing changed since before step 1.
        lacking: dict[tuple[str, ...], Api] = {}
        for op in ordered(ops):
            if isinstance(op.marker, OperatorRequirement):
                # No tenant user reaches an operator endpoint, the tenant's administrator included.
                resp = await call(first.boss, op.method, build.build(op, first.ids["user"][0], "FIRST0001"))
                if resp.json()["meta"]["message"] != "810101":
                    problems.append(f"tenant user: {op.method} {op.path} answered {resp.text[:200]}")
                continue
            if not isinstance(op.marker, PermissionRequirement):
                continue
            user = await user_lacking(env, op.marker.codes, lacking)
            resp = await call(user, op.method, build.build(op, first.ids["device"][0], "FIRST0001"))
            if resp.json()["meta"]["message"] != "100015":
                problems.append(f"lacking {op.marker.codes}: {op.method} {op.path} answered {resp.text[:200]}")
        after = await snapshot(app, first.boss.tenant_id or 0)
        # The lacking users and roles themselves are the only new rows.
        added = {k for k in after[0] if k not in before[0] and not str(after[0][k]).count("firstlack")}
        problems += [f"no token or lacking: {k} added" for k in added]
        problems += [f"no token or lacking: {x}" for x in changed(before[0], after[0], new_rows=False)]
        problems += [f"no token or lacking: {x}" for x in changed(before[1], after[1], new_rows=False)]

        # 3. The second tenant's administrator with every id of the first tenant: no leak, no write.
        candidates = sorted({i for ids in first.ids.values() for i in ids})
        before = await snapshot(app, first.boss.tenant_id or 0)
        answered_ok: set[tuple[str, str]] = set()
        for op in ordered(ops):
            for candidate in candidates if build.has_ids(op) else candidates[:1]:
                resp = await call(second.boss, op.method, build.build(op, candidate, "FIRST0001"))
                if answered(resp):
                    answered_ok.add((op.method, op.path))
                if session_ended(resp):
                    await relogin(second.boss, "secondboss")
                # The SN it sent may come back in an error; every other name of the first tenant may not.
                problems += [
                    f"other tenant: {op.method} {op.path} [{candidate}] shows {x}"
                    for x in leaks(resp, tuple(n for n in first_names if n != "FIRST0001"), first_users)
                ]
        after = await snapshot(app, first.boss.tenant_id or 0)
        # The generated requests reach handlers, not only validation: a floor against a generator gone blind.
        assert len(answered_ok) >= MIN_ANSWERED, sorted(answered_ok)
        problems += [f"other tenant: {x}" for x in changed(before[0], after[0], new_rows=True)]
        problems += [f"other tenant: {x}" for x in changed(before[1], after[1], new_rows=False)]

        # 4. The secondary administrator with ids outside his groups: none of them shows or changes.
        outside = sorted({i for ids in first.out_of_chief.values() for i in ids})
        outside_users = set(first.out_of_chief["user"])
        before = await snapshot(app, first.boss.tenant_id or 0)
        for op in ordered(ops):
            for candidate in outside if build.has_ids(op) else outside[:1]:
                # The SN slots carry his own user's device (FIRST0002), so both outside SNs may be searched for.
                resp = await call(first.chief, op.method, build.build(op, candidate, "FIRST0002"))
                if session_ended(resp):
                    await relogin(first.chief, "firstchief")
                problems += [
                    f"outside his group: {op.method} {op.path} [{candidate}] shows {x}"
                    for x in leaks(resp, first.out_of_chief_names, outside_users)
                ]
        after = await snapshot(app, first.boss.tenant_id or 0)
        protected = {(table, (i,)) for table, ids in _tables(first.out_of_chief).items() for i in ids}
        for key, row in before[0].items():
            owned_outside = key in protected or _owned_by(key[0], row, outside_users)
            if owned_outside and after[0].get(key) != row:
                problems.append(f"outside his group: {key} changed or deleted")

        # 5. A platform operator: their token opens no tenant endpoint, and every operator endpoint answers them
        # (with the first tenant's ids) without a server error.
        operator = env.new_api()
        await make_operator(app, "matrixops")
        assert (await operator_login(operator, "matrixops"))["meta"]["success"] == 1
        for op in ordered(ops):
            if isinstance(op.marker, PermissionRequirement):
                resp = await call(operator, op.method, build.build(op, first.ids["user"][0], "FIRST0001"))
                if resp.json()["meta"]["message"] != "100009":
                    problems.append(f"operator token: {op.method} {op.path} answered {resp.text[:200]}")
            elif isinstance(op.marker, OperatorRequirement):
                for candidate in candidates if build.has_ids(op) else candidates[:1]:
                    resp = await call(operator, op.method, build.build(op, candidate, "FIRST0001"))
                    if resp.status_code >= 500 or resp.json()["meta"]["message"] == "100003":
                        problems.append(f"operator: {op.method} {op.path} [{candidate}] answered {resp.text[:200]}")
                    if session_ended(resp):
                        assert (await operator_login(operator, "matrixops"))["meta"]["success"] == 1

        assert not problems, "\n".join(problems)


class TestAppKeys:
    async def test_keys_never_exceed_their_scopes_or_their_owner(self, app: FastAPI, two_tenants: TwoTenants) -> None:
        """Every operation with boss's devices:read key, with bob's key of every scope (his role holds only P31000),
        and with the second tenant's key of every scope handed the first tenant's ids: an operation outside a key's
        scopes answers 117846, one beyond its owner's rights 100015, nothing of the first tenant shows to the
        second, and no call of them changes a row of the first tenant."""
        env = two_tenants
        first, second = env.first, env.second
        ops = list(ordered(operations(app)))
        build = Requests(app.openapi())
        problems: list[str] = []
        before = await snapshot(app, first.boss.tenant_id or 0)
        reader, bobs = first.keys["firstread"], first.keys["firstbobkey"]
        bob_codes = normalize(["P31000"])
        for op in ops:
            if not isinstance(op.marker, PermissionRequirement):
                continue  # open or operators' endpoints: a key is no token there (steps 1 and 5 of the matrix)
            scope = op.spec.get(SCOPE_EXTENSION)
            request = build.build(op, first.ids["device"][0], "FIRST0001")
            got = message(await key_call(reader, op.method, request))
            if scope != "devices:read" and got != "117846":
                problems.append(f"devices:read key: {op.method} {op.path} answered {got}")
            if scope == "devices:read" and got.startswith("1178"):
                problems.append(f"devices:read key refused its own scope: {op.method} {op.path} answered {got}")
            # bob's role reaches device groups (P31000, so the device pages P30000 above it), not the home page.
            got = message(await key_call(bobs, op.method, request))
            beyond = not set(op.marker.codes) & bob_codes
            if scope is None:
                fine = got == "117846"
            elif beyond:
                fine = got == "100015"
            else:  # the key passes; his rights decide what it reaches (the snapshot: nothing of boss's changes)
                fine = not got.startswith("1178")
            if not fine:
                problems.append(f"bob's key: {op.method} {op.path} answered {got}")
        after = await snapshot(app, first.boss.tenant_id or 0)
        problems += [f"keys: {x}" for x in changed(before[0], after[0], new_rows=True)]
        problems += [f"keys: {x}" for x in changed(before[1], after[1], new_rows=False)]

        # The second tenant's key of every scope with every id of the first tenant.
        candidates = sorted({i for ids in first.ids.values() for i in ids})
        theirs = second.keys["secondkey"]
        keyed = [op for op in ops if op.spec.get(SCOPE_EXTENSION)]
        assert len(keyed) >= 8, keyed
        for op in keyed:
            for candidate in candidates if build.has_ids(op) else candidates[:1]:
                resp = await key_call(theirs, op.method, build.build(op, candidate, "FIRST0001"))
                if message(resp).startswith("1178"):
                    problems.append(f"second tenant's key: {op.method} {op.path} answered {message(resp)}")
                problems += [
                    f"second tenant's key: {op.method} {op.path} [{candidate}] shows {x}"
                    for x in leaks(resp, tuple(n for n in FIRST_NAMES if n != "FIRST0001"), set(first.ids["user"]))
                ]
        final = await snapshot(app, first.boss.tenant_id or 0)
        problems += [f"second tenant's key: {x}" for x in changed(after[0], final[0], new_rows=True)]
        assert not problems, "\n".join(problems)


INBOX = "/yun/messageCenter/receive"


class TestAfterAShareEnds:
    async def test_no_read_of_a_withdrawn_device(self, app: FastAPI, two_tenants: TwoTenants) -> None:
        """The first tenant shares a device with the second, which puts it in a share link, a carousel group and a
        thumbnail group; the share is withdrawn, the device renamed: no read the second tenant can make, with any id
        it holds, shows the device's SN or its new name (docs/decisions.md "A device that is gone")."""
        env = two_tenants
        first, second = env.first, env.second
        device = first.ids["device"][0]
        async with app.state.db.sessionmaker() as s:
            await s.execute(update(Device).where(Device.id == device).values(alias="firstpump"))
            await s.commit()
        shared = await first.boss.post("/dev/share", {"device_ids": [device], "accounts": ["secondboss"]})
        assert shared["meta"]["success"] == 1, shared
        link = await second.boss.post(
            "/yun/components/share", {"link_type": 1, "device_ids": [device], "permission": 1}
        )
        carousel = await second.boss.post("/carousel", {"name": "secondcar"})
        thumbs = await second.boss.post("/yun/dev/dashboard", {"name": "secondthumb"})
        made = [link, carousel, thumbs]
        assert all(r["meta"]["success"] == 1 for r in made), made
        ids = [int(r["data"]["id"]) for r in made]
        for path, body in (
            ("/carousel/dev", {"id": ids[1], "device_ids": [device]}),
            ("/yun/dev/dashboard", {"id": ids[2], "device_ids": [device]}),
        ):
            resp = await second.boss.put(path, body)
            assert resp["meta"]["success"] == 1, resp
        assert "firstpump" in str(await second.boss.get("/carousel/dev", params={"id": ids[1]}))
        params = {"device_id": device, "user_id": second.boss.user_id}
        withdrawn = await first.boss.call("DELETE", "/dev/share", params=params)
        assert withdrawn["meta"]["success"] == 1, withdrawn
        async with app.state.db.sessionmaker() as s:
            await s.execute(update(Device).where(Device.id == device).values(alias="firstrenamed"))
            await s.commit()

        build = Requests(app.openapi())
        problems: list[str] = []
        candidates = sorted({device, *ids, *second.ids["device"]})
        for op in ordered(operations(app)):
            if op.method != "GET":
                continue
            # The inbox keeps the message of the share as it was sent (a record of what the receiver was told
            # then, like a mail: docs/decisions.md "Messages are records"); the device's live name and its SN
            # never appear there either.
            hidden = ("FIRST0001", "firstrenamed") if op.path == INBOX else ("FIRST0001", "firstpump", "firstrenamed")
            for candidate in candidates if build.has_ids(op) else candidates[:1]:
                answer = await call(second.boss, op.method, build.build(op, candidate, "SECOND0001"))
                problems += [
                    f"after the share ended: {op.path} [{candidate}] shows {x}" for x in leaks(answer, hidden, set())
                ]
        assert not problems, "\n".join(problems)
        told = (await second.boss.get(INBOX))["data"]["items"]
        assert [(m["text_key"], m["params"]["name"]) for m in told] == [("messages.share.device", "firstpump")]


def _tables(ids: dict[str, list[int]]) -> dict[str, list[int]]:
    names = {
        "user": "user_account",
        "group": "user_group",
        "device": "device",
        "device_group": "device_group",
        "template": "template",
    }
    return {names[k]: v for k, v in ids.items() if k in names}


def _owned_by(table_name: str, row: tuple[Any, ...], users: set[int]) -> bool:
    table = Base.metadata.tables[table_name]
    columns = [c.name for c in table.columns if c.name not in VOLATILE_COLUMNS]
    return any(name in ("owner_id", "user_id") and row[i] in users for i, name in enumerate(columns))
