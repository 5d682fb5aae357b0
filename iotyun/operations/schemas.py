"""Shapes of the operator's own account and session, and of the audit (docs/api-operations.md)."""

from dataclasses import dataclass
from typing import Any, Literal, Self

from pydantic import BaseModel, model_validator

from iotyun.core.errors import ErrorCode
from iotyun.core.limits import OperatorEmail, OperatorPhone, rule_error

# The channels a platform alert may take to an operator (notifications/channels.py EMAIL, SMS).
AlertChannel = Literal["email", "sms"]
ALERT_CHANNELS: tuple[AlertChannel, ...] = ("email", "sms")


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
    email: str
    phone: str
    # The channels alerts take to this operator now (those chosen that have an address).
    alert_channels: list[AlertChannel]


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


class OperatorContactIn(BaseModel):
    """An operator's own contacts (PUT /administrator/me, `iotyun operator contact`): each address optional ("" none),
    `alert_channels` null for every channel that has an address. A channel chosen without its address answers that
    address's code (110304, 110303)."""

    email: OperatorEmail = ""
    phone: OperatorPhone = ""
    alert_channels: list[AlertChannel] | None = None

    @model_validator(mode="after")
    def _channels_have_addresses(self) -> Self:
        if self.alert_channels is not None:
            if "email" in self.alert_channels and not self.email:
                raise rule_error(ErrorCode.EMAIL_INVALID, "email")
            if "sms" in self.alert_channels and not self.phone:
                raise rule_error(ErrorCode.PHONE_INVALID, "phone")
            self.alert_channels = [c for c in ALERT_CHANNELS if c in self.alert_channels]
        return self
