"""Shapes of the operator's own account and session, and of the audit (docs/api-operations.md)."""

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel


@dataclass(frozen=True, slots=True)
class OperatorActor:
    """The operator behind one request."""

    operator_id: int
    user_name: str
    scopes: frozenset[str]
    token_id: int
    client_ip: str = ""


class OperatorLoginIn(BaseModel):
    username: str = ""
    password: str = ""
    code: str = ""
    code_key: str = ""


class OperatorOut(BaseModel):
    id: int
    user_name: str
    display_name: str
    scopes: list[str]
    is_active: bool
    last_login_at: int | None


class OperatorSessionOut(BaseModel):
    x_Token: str
    operator: OperatorOut
    expires_at: int


class AuditOut(BaseModel):
    id: int
    operator_id: int
    operator_name: str
    action: str
    tenant_id: int | None
    tenant_name: str
    target_kind: str
    target_id: int | None
    target_name: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    result: str
    client_ip: str
    created_at: int


class OperatorScopesIn(BaseModel):
    scopes: list[str]
