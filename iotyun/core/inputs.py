"""Request input guards: what every request must be before a handler sees it (docs/api.md "Input limits").

- `InputGuardMiddleware`: a query string or path holding NUL or invalid UTF-8 is refused before routing. A body is
  refused (HTTP 413 with the route's code) once past its route's limit: up front from its Content-Length, else
  while it is read, so an oversized body is never read in full (JSON_BODY_MAX_BYTES unless the endpoint declares
  more with `body_limit`). A JSON body is checked as it is read: strict UTF-8, at most JSON_DEPTH_MAX levels,
  integers within 64 bits, no NUL in any string or key, no NaN or Infinity; a JSON route answers 100020 to another
  content type.
- `check_params`: a dependency of every API route that refuses an integer query, path or form parameter outside
  64 bits (pydantic's int has no bound; the database has).
- `BodyBool`: the type of every boolean of a JSON body. JSON true or false only: pydantic's lax bool would take
  "true", "yes", "on", "1", 1 and 0 too. Query and form booleans stay `bool`: a query string holds only strings,
  so they parse as FastAPI parses them (true/false, 1/0, yes/no, on/off). tests/core/test_strict_bools.py holds
  every request body's booleans to it.
Each refusal is a catalogue code in the envelope, never a 500.
"""

import json
from collections.abc import Callable
from typing import Annotated, Any, TypeVar
from urllib.parse import unquote_to_bytes

from fastapi import HTTPException, Request, params
from fastapi.dependencies.models import Dependant
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import Strict
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from iotyun.core.envelope import error_body
from iotyun.core.errors import ErrorCode
from iotyun.core.limits import INT64_MAX, INT64_MIN, JSON_BODY_MAX_BYTES, JSON_DEPTH_MAX

E = TypeVar("E", bound=Callable[..., Any])

# A boolean of a JSON body: true or false, never a string or a number (100004 with the field).
BodyBool = Annotated[bool, Strict()]
_BODY_LIMIT = "__iotyun_body_limit__"
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class InputRejected(HTTPException):
    """A request refused while its body is read; rendered by app.py as the envelope of `code` (HTTP 200)."""

    def __init__(self, code: ErrorCode, field: str | None = None) -> None:
        super().__init__(status_code=200)
        self.code = code
        self.field = field


class BodyTooLarge(HTTPException):
    """A body past its route's limit; rendered by app.py as the envelope of `code` (its text filled from `params`)
    with HTTP 413."""

    def __init__(self, code: ErrorCode, params: dict[str, object] | None = None) -> None:
        super().__init__(status_code=413)
        self.code = code
        self.params = params or {}


# A route's body limit: the bytes, the code past them and the values of the code's text ("max {size} MB").
_Limit = tuple[int, ErrorCode, dict[str, object]]


def body_limit(max_bytes: int, code: ErrorCode, **params: object) -> Callable[[E], E]:
    """Let an endpoint take bodies up to `max_bytes` (instead of JSON_BODY_MAX_BYTES), answering `code` past it;
    `params` fill the code's text, so the refusal names the limit."""

    def mark(endpoint: E) -> E:
        setattr(endpoint, _BODY_LIMIT, (max_bytes, code, params))
        return endpoint

    return mark


def _limit_of(scope: Scope) -> _Limit:
    limit: _Limit = getattr(scope.get("endpoint"), _BODY_LIMIT, (JSON_BODY_MAX_BYTES, ErrorCode.PAYLOAD_TOO_LARGE, {}))
    return limit


# --- text and JSON ----------------------------------------------------------------------------------------------


def _text_ok(raw: bytes) -> bool:
    """Percent-decoded `raw` is UTF-8 without NUL."""
    decoded = unquote_to_bytes(raw.replace(b"+", b" "))
    if b"\x00" in decoded:
        return False
    try:
        decoded.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def bad_query_field(query_string: bytes) -> str | None:
    """The first query parameter whose name or value is not clean text ("query" when the name itself is not)."""
    for pair in query_string.split(b"&"):
        name, _, value = pair.partition(b"=")
        if not _text_ok(name):
            return "query"
        if not _text_ok(value):
            return unquote_to_bytes(name).decode("utf-8")
    return None


def _reject_constant(name: str) -> Any:
    raise ValueError(name)


def _checked_int(literal: str) -> int:
    value = int(literal)
    if not INT64_MIN <= value <= INT64_MAX:
        raise OverflowError(literal)
    return value


def _has_nul_escape(text: str) -> bool:
    """A NUL in a string or a key: JSON can only write it as the escape \\u0000 (a raw control character inside a
    string is a syntax error), one not itself escaped, i.e. after an even number of backslashes."""
    at = text.find("\\u0000")
    while at != -1:
        start = at
        while start > 0 and text[start - 1] == "\\":
            start -= 1
        if (at - start) % 2 == 0:
            return True
        at = text.find("\\u0000", at + 1)
    return False


def check_json(body: bytes) -> None:
    """Raise InputRejected unless `body` is JSON FastAPI may parse safely (see the module's docstring). Syntax
    errors are left to FastAPI (100004 with the position)."""
    try:
        decoded = body.decode("utf-8")
    except UnicodeDecodeError:
        raise InputRejected(ErrorCode.PARAM_INVALID, "body") from None
    if _has_nul_escape(decoded):
        raise InputRejected(ErrorCode.PARAM_INVALID, "body")
    try:
        value = json.loads(decoded, parse_int=_checked_int, parse_constant=_reject_constant)
    except RecursionError:
        raise InputRejected(ErrorCode.PARAM_INVALID, "body") from None
    except OverflowError:
        raise InputRejected(ErrorCode.PARAM_INVALID, "body") from None
    except json.JSONDecodeError:
        return
    except ValueError:  # NaN, Infinity
        raise InputRejected(ErrorCode.PARAM_INVALID, "body") from None
    _check_depth(value)


def _check_depth(value: Any) -> None:
    """At most JSON_DEPTH_MAX levels of containers, walked a level at a time: the text search above and this check a
    320 KB screen document in 6 ms, where a walk of every string with its depth took 20 (benchmark B7's save)."""
    level = [value] if type(value) is dict or type(value) is list else []
    depth = 1
    while level:
        if depth > JSON_DEPTH_MAX:
            raise InputRejected(ErrorCode.PARAM_INVALID, "body")
        deeper: list[Any] = []
        for item in level:
            for child in item.values() if type(item) is dict else item:
                if type(child) is dict or type(child) is list:
                    deeper.append(child)
        level = deeper
        depth += 1


def _length(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def _is_json(content_type: str) -> bool:
    main = content_type.split(";", 1)[0].strip().lower()
    return main == "application/json" or (main.startswith("application/") and main.endswith("+json"))


def _wants_json(scope: Scope) -> bool:
    """The matched route takes a JSON body (not a form)."""
    route = scope.get("route")
    if not isinstance(route, APIRoute) or route.body_field is None:
        return False
    return not any(isinstance(p.field_info, params.Form) for p in route.dependant.body_params)


class InputGuardMiddleware:
    """Refuses unclean query strings and paths at once, and checks a JSON body as the route reads it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        field = bad_query_field(scope.get("query_string", b""))
        if field is None and ("\x00" in scope.get("path", "") or not _text_ok(scope.get("raw_path") or b"")):
            field = "path"
        if field is not None:
            await JSONResponse(error_body(ErrorCode.PARAM_INVALID, field=field))(scope, receive, send)
            return
        if scope.get("method") not in _BODY_METHODS:
            await self.app(scope, receive, send)
            return
        headers = {k: v.decode("latin-1") for k, v in scope["headers"] if k in (b"content-type", b"content-length")}
        content_type = headers.get(b"content-type", "")
        declared = _length(headers.get(b"content-length"))
        is_json = _is_json(content_type)
        chunks: list[bytes] = []
        received = 0
        limit: _Limit | None = None

        async def guarded_receive() -> Message:
            nonlocal limit, received
            if limit is None:
                # First read: the route is known now.
                limit = _limit_of(scope)
                if declared is not None and declared > limit[0]:
                    raise BodyTooLarge(limit[1], limit[2])
                if content_type and not is_json and _wants_json(scope):
                    raise InputRejected(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "body")
            message = await receive()
            if message["type"] == "http.request":
                chunk = message.get("body", b"")
                received += len(chunk)
                if received > limit[0]:
                    raise BodyTooLarge(limit[1], limit[2])
                if is_json:
                    chunks.append(chunk)
                    if not message.get("more_body", False):
                        check_json(b"".join(chunks))
            return message

        await self.app(scope, guarded_receive, send)


# --- integer parameters -----------------------------------------------------------------------------------------

_INT_PARAMS: dict[int, tuple[tuple[str, str], ...]] = {}


def _is_int(annotation: Any) -> bool:
    """int, int | None, list[int] and list[int] | None."""
    if annotation is int:
        return True
    args = [a for a in getattr(annotation, "__args__", ()) if a is not type(None)]
    if getattr(annotation, "__origin__", None) is list:
        return args == [int]
    return bool(args) and all(_is_int(a) for a in args)


def _int_params(dependant: Dependant) -> tuple[tuple[str, str], ...]:
    """(location, alias) of every integer query, path and form parameter of an endpoint and its dependencies."""
    found: list[tuple[str, str]] = []
    stack = [dependant]
    while stack:
        dep = stack.pop()
        for location, fields in (("query", dep.query_params), ("path", dep.path_params), ("form", dep.body_params)):
            for param in fields:
                if _is_int(param.field_info.annotation):
                    found.append((location, param.alias))
        stack.extend(dep.dependencies)
    return tuple(found)


def _out_of_range(raw: str | None) -> bool:
    if raw is None:
        return False
    try:
        value = int(raw.strip())
    except ValueError:
        return False  # pydantic answers it
    return not INT64_MIN <= value <= INT64_MAX


async def check_params(request: Request) -> None:
    """Refuse (100004 with the field) an integer parameter beyond 64 bits, before any handler or query runs."""
    route = request.scope.get("route")
    if not isinstance(route, APIRoute):
        return
    params = _INT_PARAMS.get(id(route))
    if params is None:
        params = _INT_PARAMS[id(route)] = _int_params(route.dependant)
    for location, name in params:
        if location == "query":
            values = request.query_params.getlist(name)
        elif location == "path":
            values = [str(request.path_params.get(name, ""))]
        else:
            form = await request.form()
            values = [v for v in form.getlist(name) if isinstance(v, str)]
        if any(_out_of_range(v) for v in values):
            raise InputRejected(ErrorCode.PARAM_INVALID, name)
