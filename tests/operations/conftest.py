"""Operations fixtures: an operator made as `iotyun operator create` makes one, signed in; the device tests' site
(a tenant whose administrator owns devices) and another tenant."""

from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI

from iotyun.operations import service
from iotyun.operations.scopes import SCOPES
from tests.conftest import Api
from tests.devices.conftest import other_tenant, site, team

__all__ = ["other_tenant", "site", "team"]

OPERATOR_PASSWORD = "operator-secret"


async def make_operator(app: FastAPI, name: str, scopes: tuple[str, ...] = SCOPES) -> int:
    async with app.state.db.sessionmaker() as session:
        op = await service.create_operator(session, name, OPERATOR_PASSWORD, list(scopes))
        await session.commit()
        return op.id


async def operator_login(api: Api, name: str, password: str = OPERATOR_PASSWORD) -> dict[str, Any]:
    key, answer = await api.captcha()
    body = await api.post(
        "/administrator/login", {"username": name, "password": password, "code": answer, "code_key": key}
    )
    if body["meta"]["success"] == 1:
        api.token = body["data"]["x_Token"]
    return body


@pytest.fixture
async def operator(app: FastAPI, new_api: Callable[[], Api]) -> Api:
    """An operator holding every scope, signed in."""
    await make_operator(app, "opsroot")
    api = new_api()
    body = await operator_login(api, "opsroot")
    assert body["meta"]["success"] == 1, body
    return api


@pytest.fixture
def login_operator(app: FastAPI, new_api: Callable[[], Api]) -> Callable[..., Any]:
    async def make(name: str, scopes: tuple[str, ...]) -> Api:
        await make_operator(app, name, scopes)
        api = new_api()
        body = await operator_login(api, name)
        assert body["meta"]["success"] == 1, body
        return api

    return make
