"""Request and response models of the account endpoints (docs/api.md)."""

from typing import Literal, Self

from pydantic import BaseModel, Field, model_validator

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
    # The time zone every time of the console follows (the user's own, else the tenant's), the user's own choice
    # (None: the tenant's) and the tenant's default (docs/api-system.md "Time zones").
    time_zone: str
    user_time_zone: str | None = None
    tenant_time_zone: str


class HeartOut(BaseModel):
    server_time: int
    expires_at: int


class ValidateReqOut(BaseModel):
    """GET/POST /validateReq: the signature passed (docs/api.md "Testing a signature")."""

    valid: bool
    server_time: int
    # The key the request was signed with; null for a call made with a token (nothing was signed).
    pub_key: str | None = None


class ContactOut(BaseModel):
    """GET /user/phoneTel: the signed-in user's phone and email, masked (null when the account has none)."""

    phone: str | None = None
    email: str | None = None


# --- QR sign-in (docs/api.md "QR sign-in") ---------------------------------------------------------------------

QrStatus = Literal["waiting", "scanned", "confirmed", "cancelled", "expired"]


class QrCodeOut(BaseModel):
    """A new QR sign-in ticket: its key (shown once, in the QR code's address) and when it expires."""

    key: str
    expires_at: int
    expires_in: int


class QrKeyIn(BaseModel):
    key: str = Field(min_length=1, max_length=64)


class QrConfirmIn(QrKeyIn):
    accept: BodyBool = False


class QrStatusOut(BaseModel):
    status: QrStatus
    # 0 once expired or gone.
    expires_at: int = 0
    # The session, once, to the key pair that made the ticket, after its confirmation.
    session: SessionOut | None = None


class QrScanOut(BaseModel):
    """What the confirming user is shown of the browser asking to sign in."""

    user_name: str
    client_ip: str
    user_agent: str
    created_at: int
    expires_at: int
