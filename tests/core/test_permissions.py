"""Every endpoint declares how it may be called, and the declared code is enforced (SPEC §2, §6)."""

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from sqlalchemy import select, update

from iotyun.api import ROUTERS
from iotyun.auth.dependencies import AnonymousAccess, PermissionRequirement, PublicAccess
from iotyun.auth.models import Role, User
from iotyun.core.permissions import (
    ALL_CODES,
    DEFAULT_PAGES,
    NODES,
    TREE,
    Perm,
    default_page,
    menu_permission,
    normalize,
)
from iotyun.operations.dependencies import OperatorRequirement
from tests.conftest import Api, code

MARKERS = (PermissionRequirement, PublicAccess, AnonymousAccess, OperatorRequirement)


def declared(route: APIRoute) -> list[object]:
    found: list[object] = []
    stack = list(route.dependant.dependencies)
    while stack:
        dep = stack.pop()
        if isinstance(dep.call, MARKERS):
            found.append(dep.call)
        stack.extend(dep.dependencies)
    return found


def api_routes(app: FastAPI) -> list[APIRoute]:
    """Every API endpoint, with its path as served (under /api)."""
    routes = []
    for router in ROUTERS:
        for r in router.routes:
            assert isinstance(r, APIRoute), r
            routes.append(r)
    return routes


class TestTree:
    def test_every_code_is_a_node_with_zh_and_en(self) -> None:
        assert {n.code for n in TREE} == set(Perm)
        for node in TREE:
            assert node.zh and node.en and (node.parent is None or node.parent in NODES)

    def test_one_root(self) -> None:
        assert [n.code for n in TREE if n.parent is None] == [Perm.ROOT]

    @pytest.mark.parametrize(("perm", "path"), [(c.value, p) for c, p in DEFAULT_PAGES])
    def test_default_page_mapping(self, perm: str, path: str) -> None:
        assert default_page(perm) == path

    @pytest.mark.parametrize("perm", ["", None, "P30000", "P99999"])
    def test_default_page_otherwise_index(self, perm: str | None) -> None:
        assert default_page(perm) == "/index"

    def test_normalize_adds_ancestors_and_drops_unknown(self) -> None:
        assert normalize(["P41600", "bogus"]) == {"P41600", "P41000", "P40000", "P00000"}

    def test_menu_permission_prefers_role_home_page(self) -> None:
        granted = normalize(["P10000", "P53000"])
        assert menu_permission(granted, "P53000") == "P53000"
        assert menu_permission(granted, None) == "P10000"
        assert menu_permission(normalize(["P31000"]), None) == "P31000"
        assert menu_permission(frozenset(), None) == "P10000"


class TestEveryEndpointDeclares:
    def test_exactly_one_marker(self, app: FastAPI) -> None:
        routes = api_routes(app)
        assert routes
        for route in routes:
            markers = declared(route)
            assert len(markers) == 1, f"{sorted(route.methods or set())} {route.path} declares {markers}"

    def test_every_router_is_served(self, app: FastAPI) -> None:
        served = {p for p in app.openapi()["paths"]}
        listed = {"/api" + r.path for r in api_routes(app)}
        assert served == listed

    async def test_without_token_100009(self, app: FastAPI, api: Api) -> None:
        for route in api_routes(app):
            (marker,) = declared(route)
            if not isinstance(marker, PermissionRequirement):
                continue
            for method in route.methods or set():
                resp = await api.client.request(method, "/api" + route.path)
                assert resp.json()["meta"]["message"] == "100009", (method, route.path)

    async def test_without_code_100015(self, app: FastAPI, api: Api) -> None:
        """A user whose role grants nothing is refused by every token endpoint that needs a code."""
        await api.register("alice", "13800000001")
        async with app.state.db.sessionmaker() as s:
            user = (await s.execute(select(User).where(User.user_name == "alice"))).scalar_one()
            role = Role(tenant_id=user.tenant_id, name="nothing", code="nothing", permissions=[])
            s.add(role)
            await s.flush()
            await s.execute(update(User).where(User.id == user.id).values(role_id=role.id))
            await s.commit()
        for route in api_routes(app):
            (marker,) = declared(route)
            if not isinstance(marker, PermissionRequirement) or marker.during_password_change:
                continue
            for method in route.methods or set():
                body = await api.call(method, route.path)
                assert code(body) == 100015, (method, route.path)

    async def test_administrator_has_every_code(self, api: Api) -> None:
        data = await api.register("alice", "13800000001")
        assert set(data["grantedPermissions"].split(",")) == ALL_CODES


class TestRolePayload:
    async def test_custom_role_home_page_and_direct_permissions(self, app: FastAPI, api: Api) -> None:
        await api.register("alice", "13800000001")
        async with app.state.db.sessionmaker() as s:
            user = (await s.execute(select(User).where(User.user_name == "alice"))).scalar_one()
            role = Role(tenant_id=user.tenant_id, name="ops", code="ops", permissions=["P31000"], home_page="P31000")
            s.add(role)
            await s.flush()
            await s.execute(
                update(User).where(User.id == user.id).values(role_id=role.id, direct_permissions=["P73000"])
            )
            await s.commit()
        data: dict[str, Any] = (await api.get("/yun/user/config"))["data"]
        granted = set(data["grantedPermissions"].split(","))
        assert granted == {"P00000", "P30000", "P31000", "P70000", "P73000"}
        assert data["menuPermissions"] == "P31000" and data["defaultPage"] == "/device/devgroup"
        assert data["roles"] == ["ops"]

    async def test_administrator2_is_modelled(self, app: FastAPI, api: Api) -> None:
        await api.register("alice", "13800000001")
        async with app.state.db.sessionmaker() as s:
            user = (await s.execute(select(User).where(User.user_name == "alice"))).scalar_one()
            role = (
                await s.execute(select(Role).where(Role.tenant_id == user.tenant_id, Role.code == "user"))
            ).scalar_one()
            await s.execute(update(User).where(User.id == user.id).values(role_id=role.id, is_admin2=True))
            await s.commit()
        data = (await api.get("/yun/user/config"))["data"]
        assert data["roles"] == ["user", "administrator2"] and data["is_admin2"] is True
