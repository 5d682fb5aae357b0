"""Request and response models of the account endpoints (docs/api.md)."""

from typing import Self

from pydantic import BaseModel, model_validator

from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import BodyBool
from iotyun.core.limits import Account, Company, Password, UserName, VerifyCode, rule_error


class _PasswordPair(BaseModel):
    password: Password
    password2: str

    @model_validator(mode="after")
    def _passwords_match(self) -> Self:
        if self.password != self.password2:
            raise rule_error(ErrorCode.PASSWORD_MISMATCH, "password2")
        return self


class CaptchaOut(BaseModel):
    enabled: bool
    code_key: str
    img: str
    expires_in: int


class SendCodeIn(BaseModel):
    account: Account
    code: str = ""
    code_key: str = ""


class SendCodeOut(BaseModel):
    expires_in: int
    resend_after: int


class RegisterIn(_PasswordPair):
    user_name: UserName
    account: Account
    sms_code: VerifyCode
    company: Company = ""
    agree: BodyBool = False


class LoginIn(BaseModel):
    username: str = ""
    password: str = ""
    code: str = ""
    code_key: str = ""


class ResetPasswordIn(_PasswordPair):
    account: Account
    sms_code: VerifyCode


class ChangePasswordIn(_PasswordPair):
    old_password: str = ""


class SessionOut(BaseModel):
    user_id: int
    user_name: str
    nick_name: str
    tenant_id: int
    tenant_name: str
    x_Token: str | None = None
    pub_key: str | None = None
    pri_key: str | None = None
    expires_at: int
    roles: list[str]
    role_name: str
    grantedPermissions: str
    menuPermissions: str
    defaultPage: str
    must_change_password: bool
    old_user: bool
    is_admin2: bool
    simulated_by: int | None = None
    # The role's device and template permission items in force (docs/api-team.md "Device and template permissions";
    # every item for the administrator), for screens that act on many devices at once (alarm confirmation).
    device_permissions: list[str]
    template_permissions: list[str]


class HeartOut(BaseModel):
    server_time: int
    expires_at: int
