"""A bounded fuzz run of every operation of the OpenAPI document: generated inputs, valid and invalid, must never
answer a server error and every answer must match the schema it declares (issue 12, DESIGN §3). What a write saves
is read back (issue 29): after every successful POST or PUT, a GET of the same path (its list, or the item) and, for
what is computed from a saved definition (READ_BACKS: a report's statistic and table data), those endpoints on the
saved id; none may answer a server error, so an input that passes alone but breaks later is found. The document's
own body examples are sent first (valid inputs the generator seldom finds: reports whose rules all pass, one whose
range would start before year 1), then the generated cases.

Deterministic: a fixed seed (derandomized Hypothesis, no example database) and a fixed number of examples per
operation, so a run costs the same every time and a failure reproduces. The app runs in-process on its own
migrated database, driven from one event loop thread; a tenant administrator calls the token routes and signed
anonymous requests call the public ones.
"""

import asyncio
import os
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.errors import InvalidSchema
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import response_schema_conformance
from schemathesis.specs.openapi.examples import BodyExample, extract_top_level
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Scope, Send

from iotyun import migrate
from iotyun.app import create_app
from iotyun.auth.dependencies import AnonymousAccess, PublicAccess
from iotyun.core.config import Settings
from tests.conftest import CI, CodeLog, Signer, _create_pg_database, _drop_pg_database, _pg_answers, make_settings
from tests.core.test_permissions import api_routes, declared

# Examples per operation and generation mode, per database: ~170 operations x these stay within about two minutes
# in all on a busy two-core machine (8 on SQLite took 105 s of one worker's three). SQLite gets valid and invalid
# inputs; PostgreSQL valid ones, which is where the databases differ (NUL in text, column widths).
# IOTYUN_FUZZ_EXAMPLES raises both for a longer hunt.
_MORE = int(os.environ.get("IOTYUN_FUZZ_EXAMPLES", "0"))
PLAN: dict[str, tuple[int, tuple[GenerationMode, ...]]] = {
    "sqlite": (_MORE or 6, (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)),
    "postgresql": (_MORE or 6, (GenerationMode.POSITIVE,)),
}
CHECKS = [not_a_server_error, response_schema_conformance]
PASSWORD = "fuzzpass123"
# The API's routes in the order the app matches them (set by the test).
ROUTES: list[Any] = []
# Operations that end the caller's session: fuzzed last, so they do not log the administrator out of the others.
SESSION_ENDERS = ("/api/yun/user/logout", "/api/logout")


SIGN_MARK = b"x-fuzz-sign"
# What is computed from a saved definition: after a successful write of the key path answering data.id, these GETs
# (path, query besides `id`).
READ_BACKS: dict[str, tuple[tuple[str, dict[str, str]], ...]] = {
    "/api/yun/report/basic": (
        ("/api/yun/report/info", {}),
        ("/api/yun/report/statistic", {"tz": "Asia/Shanghai"}),
        ("/api/yun/report/table/data", {"tz": "Asia/Shanghai"}),
    ),
}


def _without_lifespan(app: ASGIApp, signer: Signer) -> ASGIApp:
    """The app without its start-up work (broker, history writer): the fuzz run exercises the HTTP API only.

    A request marked `X-Fuzz-Sign` is signed here, over the bytes that actually arrive, as the console signs a
    token-less call (method, path and a digest of the body: docs/security.md)."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            raise RuntimeError("no lifespan")
        if scope["type"] == "http" and any(k == SIGN_MARK for k, _ in scope["headers"]):
            messages = []
            body = b""
            while True:
                message = await receive()
                messages.append(message)
                body += message.get("body", b"")
                if message["type"] != "http.request" or not message.get("more_body"):
                    break
            path = scope["path"].removeprefix("/api")
            signed = signer.headers(scope["method"], path, body)
            headers = [(k, v) for k, v in scope["headers"] if k != SIGN_MARK]
            headers += [(k.lower().encode(), v.encode()) for k, v in signed.items()]
            scope = {**scope, "headers": headers}
            replay = iter(messages)

            async def receive_again() -> Any:
                return next(replay, None) or await receive()

            await app(scope, receive_again, send)
            return
        await app(scope, receive, send)

    return wrapped


class Caller:
    """Headers for one generated request: the administrator's token, or a fresh signature for public routes."""

    def __init__(self, client: requests.Session, code_log: CodeLog) -> None:
        self.client = client
        self.code_log = code_log
        self.auth: dict[str, str] = {}
        self.revoked = False

    def read_back(self, path: str, params: dict[str, Any], headers: dict[str, str]) -> int:
        """GET `path` as the write's caller; its status (the app re-raises what it answered 500 for)."""
        return int(self.client.request("GET", path, params=params, headers=headers).status_code)

    def signed(self) -> dict[str, str]:
        """Asks the app's wrapper to sign the request as sent (_without_lifespan)."""
        return {SIGN_MARK.decode(): "1"}

    def _call(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        headers = {**(self.auth or self.signed()), "Accept-Language": "en"}
        resp = self.client.request(method, "/api" + path, json=body, headers=headers)
        result: dict[str, Any] = resp.json()
        return result

    def _captcha(self) -> tuple[str, str]:
        key = self._call("GET", "/yun/login/check/code")["data"]["code_key"]
        return key, self.code_log.captchas[key]

    def register_admin(self) -> None:
        account = f"fuzz{uuid.uuid4().hex[:6]}@example.com"
        key, answer = self._captcha()
        sent = self._call("POST", "/register/sms/num", {"account": account, "code": answer, "code_key": key})
        assert sent["meta"]["success"] == 1, sent
        body = {
            "user_name": "fuzzadmin",
            "account": account,
            "sms_code": self.code_log.codes[(account, "register")],
            "password": PASSWORD,
            "password2": PASSWORD,
            "agree": True,
        }
        registered = self._call("POST", "/user/register", body)
        assert registered["meta"]["success"] == 1, registered
        self.login()

    def login(self) -> None:
        self.auth, self.revoked = {}, False
        key, answer = self._captcha()
        body = {"username": "fuzzadmin", "password": PASSWORD, "code": answer, "code_key": key}
        data = self._call("POST", "/yun/v2/user/login", body)["data"]
        self.auth = {"X-Token": data["x_Token"], "X-User": str(data["user_id"]), "X-Tenant": str(data["tenant_id"])}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def fuzz_database(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str]]:
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("fuzzdb") / "iotyun.db"
        url = f"sqlite+aiosqlite:///{path}"
        migrate.upgrade(Settings(data_dir=path.parent), url)
        yield "sqlite", url
        return
    if not _pg_answers():
        if CI:
            pytest.fail("PostgreSQL at 127.0.0.1:5432 does not answer, and CI=true requires it")
        pytest.skip("PostgreSQL at 127.0.0.1:5432 does not answer")
    name = f"iotyun_fuzz_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    url = asyncio.run(_create_pg_database(name))
    migrate.upgrade(Settings(), url)
    yield "postgresql", url
    asyncio.run(_drop_pg_database(name))


def _public_paths(app: Any) -> set[tuple[str, str]]:
    found = set()
    for route in api_routes(app):
        if any(isinstance(m, PublicAccess | AnonymousAccess) for m in declared(route)):
            for method in route.methods or ():
                found.add((method, "/api" + route.path))
    return found


def test_every_operation(fuzz_database: tuple[str, str], tmp_path: Path, code_log: CodeLog) -> None:
    engine, url = fuzz_database
    examples, modes = PLAN[engine]
    app = create_app(make_settings(url, tmp_path))
    signer = Signer()
    served = _without_lifespan(app, signer)
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", served)
    schema.config.generation.update(allow_x00=True, codec="utf-8")
    public = _public_paths(app)
    ROUTES[:] = api_routes(app)
    readable = {"/api" + r.path for r in api_routes(app) if "GET" in (r.methods or ()) and "{" not in r.path}
    client = asgi.get_client(served)  # type: ignore[arg-type]
    caller = Caller(client, code_log)
    caller.register_admin()

    failures: list[str] = []
    counted = {"operations": 0, "requests": 0, "server_errors": 0, "read_backs": 0, "ungenerated": 0}
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    operations.sort(key=lambda op: op.path in SESSION_ENDERS)
    started = time.monotonic()
    for operation in operations:
        counted["operations"] += 1
        is_public = (operation.method.upper(), operation.path) in public
        for mode in modes:
            seen: set[str] = set()
            run = _runner(operation, mode, examples, caller, is_public, failures, seen, counted, readable)
            try:
                run()
            except Unsatisfiable:  # nothing to negate: an operation without parameters or body
                continue
            except InvalidSchema as exc:
                # Schemathesis' negative generator gave up on a schema it cannot negate at this point ("Cannot
                # generate an array with 1 demanded elements", seen on the screen document); the cases before it
                # ran. Which schema it trips on moves with the constants it draws from, so it is counted, not failed.
                if mode != GenerationMode.NEGATIVE:
                    raise
                counted["ungenerated"] += 1
                print(f"{operation.label} [negative]: the generator gave up ({exc})")
        if caller.revoked:  # the operation ended the session (logout): the next one gets a new one
            caller.login()
    elapsed = time.monotonic() - started
    print(
        f"fuzzed {counted['operations']} operations on {engine}: {counted['requests']} requests "
        f"({counted['read_backs']} reading back what was saved), {counted['server_errors']} server errors, "
        f"in {elapsed:.0f} s"
    )
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures)


def _served_by(path: str, operation: Any) -> bool:
    """Whether the app routes `path` (as sent, under /api) to `operation` itself rather than to another route."""
    local = path.removeprefix("/api")
    scope = {"type": "http", "path": local, "method": operation.method.upper()}
    for route in ROUTES:
        if route.matches(scope)[0] == Match.FULL:
            return bool(str(route.path) == str(operation.path).removeprefix("/api"))
    return True


def _runner(
    operation: Any,
    mode: GenerationMode,
    examples: int,
    caller: Caller,
    is_public: bool,
    failures: list[str],
    seen: set[str],
    counted: dict[str, int],
    readable: set[str],
) -> Callable[[], None]:
    strategy = operation.as_strategy(generation_mode=mode)

    def check(case: Any) -> None:
        headers = caller.signed() if is_public else dict(caller.auth)
        headers["Accept-Language"] = "en"
        counted["requests"] += 1
        try:
            response = case.call(headers=headers)
        except requests.exceptions.ReadTimeout:
            failures.append(f"{operation.label} [{mode.value}] timed out")
            return
        except Exception as exc:  # the app answered 500 and re-raised what it logged
            counted["server_errors"] += 1
            key = f"{operation.label} [{mode.value}] 500 {type(exc).__name__}"
            if key not in seen:
                seen.add(key)
                failures.append(f"{key}: {str(exc)[:300]}\n  {case.as_curl_command()[:400]}")
            return
        content_type = response.headers.get("content-type") or [""]  # schemathesis' response: a list per header
        answer: dict[str, Any] = {}
        if str(content_type[0]).startswith("application/json"):
            answer = response.json()
            caller.revoked |= answer.get("meta", {}).get("message") == "100009" and not is_public
        if operation.method.upper() in ("POST", "PUT") and answer.get("meta", {}).get("success") == 1:
            _read_back(operation, mode, answer.get("data"), caller, headers, failures, seen, counted, readable)
        # A generated path value can spell a sibling route's literal segment (`/yun/module/group` for
        # `/yun/module/{template_id}`, drawn from the constants the generator collects): that route answers, rightly,
        # in its own shape. Only a server error counts then.
        checks = CHECKS if _served_by(case.formatted_path, operation) else [not_a_server_error]
        try:
            case.validate_response(response, checks=checks, headers=headers)
        except Exception as exc:  # every failure is collected, so one run reports them all
            if response.status_code >= 500:
                counted["server_errors"] += 1
            key = f"{operation.label} [{mode.value}] {type(exc).__name__}"
            if key not in seen:
                seen.add(key)
                failures.append(f"{key}: {str(exc)[:600]}\n  {case.as_curl_command()[:400]}")

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy, _=st.just(None))
    def generated(case: Any, _: None) -> None:
        check(case)

    def run() -> None:
        # The document's own body examples first (a valid input the generator seldom finds, such as a report whose
        # rules all pass), then the generated cases.
        if mode == GenerationMode.POSITIVE and "{" not in operation.path:
            for found in extract_top_level(operation):
                if isinstance(found, BodyExample):
                    check(operation.Case(body=found.value, media_type=found.media_type))
        generated()

    return run


def _read_back(
    operation: Any,
    mode: GenerationMode,
    data: Any,
    caller: Caller,
    headers: dict[str, str],
    failures: list[str],
    seen: set[str],
    counted: dict[str, int],
    readable: set[str],
) -> None:
    """Reads back what a successful write saved: GET of its path, and READ_BACKS on the saved id."""
    reads: list[tuple[str, dict[str, Any]]] = []
    if operation.path in readable:
        reads.append((operation.path, {}))
    saved = data.get("id") if isinstance(data, dict) else None
    if isinstance(saved, int):
        reads += [(path, {**query, "id": saved}) for path, query in READ_BACKS.get(operation.path, ())]
    for path, params in reads:
        counted["requests"] += 1
        counted["read_backs"] += 1
        try:
            status = caller.read_back(path, params, headers)
        except Exception as exc:  # the app answered 500 and re-raised what it logged
            status, detail = 500, f"{type(exc).__name__}: {str(exc)[:300]}"
        else:
            detail = ""
        if status >= 500:
            counted["server_errors"] += 1
            key = f"{operation.label} [{mode.value}] then GET {path}: {status}"
            if key not in seen:
                seen.add(key)
                failures.append(f"{key} {detail}\n  params {params}")
