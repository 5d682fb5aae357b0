"""What each scope of an app key opens: the operations a key may call (marked `x-app-key-scope` in the OpenAPI
document, from which /documentAppKey is generated), and the page codes and device items the owner's rights are
narrowed to while the key calls them. A route not named here answers no key (117846), whatever its owner holds."""

from dataclasses import dataclass

from fastapi import APIRouter
from fastapi.routing import APIRoute

from iotyun.core.permissions import DEVICE_EDIT, DEVICE_HISTORY, DEVICE_WRITE, Perm

# The OpenAPI extension naming the scope an operation needs.
SCOPE_EXTENSION = "x-app-key-scope"


@dataclass(frozen=True, slots=True)
class Scope:
    codes: frozenset[str]
    items: frozenset[str]
    operations: tuple[tuple[str, str], ...]


SCOPES: dict[str, Scope] = {
    "devices:read": Scope(
        frozenset({Perm.ROOT, Perm.HOME, Perm.DEVICE}),
        frozenset(),
        (("GET", "/dev"), ("GET", "/dev/basic/{device_id}"), ("GET", "/dev/stateInfo"), ("GET", "/rDev")),
    ),
    "history:read": Scope(frozenset({Perm.ROOT, Perm.HOME}), frozenset({DEVICE_HISTORY}), (("GET", "/hDev"),)),
    "values:write": Scope(
        frozenset({Perm.ROOT, Perm.HOME}),
        frozenset({DEVICE_WRITE}),
        (("GET", "/yun/v2/rDev/config"), ("POST", "/yun/rDev")),
    ),
    "devices:manage": Scope(
        frozenset({Perm.ROOT, Perm.DEVICE}),
        frozenset({DEVICE_EDIT}),
        (("POST", "/dev/register"), ("PUT", "/dev/update"), ("DELETE", "/dev/register")),
    ),
}


def codes_of(scopes: list[str]) -> frozenset[str]:
    return frozenset(c for s in scopes if s in SCOPES for c in SCOPES[s].codes)


def items_of(scopes: list[str]) -> frozenset[str]:
    return frozenset(i for s in scopes if s in SCOPES for i in SCOPES[s].items)


def mark_routes(routers: tuple[APIRouter, ...]) -> None:
    """Mark each operation a scope opens with `x-app-key-scope` (read back by the key check and the OpenAPI
    document). Fails when a scope names an operation no router serves."""
    wanted = {op: name for name, scope in SCOPES.items() for op in scope.operations}
    found: set[tuple[str, str]] = set()
    for router in routers:
        for route in router.routes:
            if not isinstance(route, APIRoute):
                continue
            for method in route.methods or set():
                name = wanted.get((method, route.path))
                if name is not None:
                    route.openapi_extra = {**(route.openapi_extra or {}), SCOPE_EXTENSION: name}
                    found.add((method, route.path))
    missing = set(wanted) - found
    if missing:
        raise RuntimeError(f"app key scopes name operations no router serves: {sorted(missing)}")


def scope_of(route: object) -> str | None:
    """The scope a route needs from a key, None when no key may call it."""
    extra = getattr(route, "openapi_extra", None) or {}
    value = extra.get(SCOPE_EXTENSION)
    return value if isinstance(value, str) else None
