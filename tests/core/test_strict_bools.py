"""Booleans of request bodies are JSON true or false only (core/inputs.py `BodyBool`): "true", "yes", "on", "1", 1
and 0 are refused with 100004 and the field, never coerced. Query booleans still parse from the query string."""

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from pydantic import TypeAdapter, ValidationError

from iotyun.templates.screens.document import ScreenDocument
from tests.conftest import Api
from tests.core.test_permissions import api_routes

LAX_TRUTHS: list[Any] = ["true", "false", "yes", "on", "1", "0", 1, 0]


def _body_fields(dependant: Dependant) -> list[Any]:
    found = list(dependant.body_params)
    for sub in dependant.dependencies:
        found += _body_fields(sub)
    return found


def _bool_schemas(schema: Any, where: str, out: list[tuple[str, dict[str, Any]]]) -> None:
    if isinstance(schema, dict):
        if "JsonValue" in str(schema.get("ref", "")):
            return  # free JSON (a screen element's settings): a value keeps its JSON type, nothing is coerced
        if schema.get("type") == "bool":
            out.append((where, schema))
        for key, value in schema.items():
            _bool_schemas(value, f"{where}.{key}" if key in ("fields", "schema") else where, out)
    elif isinstance(schema, list):
        for value in schema:
            _bool_schemas(value, where, out)


async def test_every_body_boolean_is_strict(app: FastAPI) -> None:
    """Every boolean reachable from a JSON body of the API (nested models, lists, optionals) is strict."""
    lax: list[str] = []
    counted = 0
    for route in api_routes(app):
        for field in _body_fields(route.dependant):
            schema = TypeAdapter(field.field_info.annotation).core_schema
            found: list[tuple[str, dict[str, Any]]] = []
            _bool_schemas(schema, route.path, found)
            counted += len(found)
            lax += [f"{sorted(route.methods or ())} {where}" for where, s in found if not s.get("strict")]
    assert counted >= 20, counted  # the walk finds the body booleans (RegisterIn.agree, ShareIn.can_write …)
    assert not lax, lax


async def test_a_string_for_a_boolean_is_refused_with_the_field(api: Api) -> None:
    for value in LAX_TRUTHS:
        body = {
            "user_name": "alice",
            "account": "13800000001",
            "sms_code": "123456",
            "password": "secret123",
            "password2": "secret123",
            "agree": value,
        }
        answer = await api.post("/user/register", body)
        assert (answer["meta"]["message"], answer["meta"]["field"]) == ("100004", "agree"), value


def test_nested_booleans_are_refused_with_their_path() -> None:
    for value in LAX_TRUTHS:
        with pytest.raises(ValidationError) as caught:
            ScreenDocument.model_validate({"canvas": {"grid": {"show": value}}})
        assert caught.value.errors()[0]["loc"] == ("canvas", "grid", "show"), value
    assert ScreenDocument.model_validate({"canvas": {"grid": {"show": True}}}).canvas.grid.show is True
