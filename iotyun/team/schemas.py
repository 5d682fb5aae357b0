"""Request and response models of the user, quota, simulated-login, cancellation and user-log endpoints."""

from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, BeforeValidator, Field, model_validator

from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import BodyBool
from iotyun.core.limits import (
    QUOTA_MAX,
    Account,
    Company,
    Email,
    Nickname,
    Password,
    Phone,
    UserName,
    VerifyCode,
    rule_error,
)


def _blank_is_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


# An optional phone or email: a form's empty field arrives as "" and means none.
OptPhone = Annotated[Phone | None, BeforeValidator(_blank_is_none)]
OptEmail = Annotated[Email | None, BeforeValidator(_blank_is_none)]

UserSort = Literal["create_time", "-create_time", "last_login_time", "-last_login_time", "user_name", "-user_name"]


class _PasswordPair(BaseModel):
    password: Password
    password2: str

    @model_validator(mode="after")
    def _passwords_match(self) -> Self:
        if self.password != self.password2:
            raise rule_error(ErrorCode.PASSWORD_MISMATCH, "password2")
        return self


class UserTag(BaseModel):
    # SPEC §3 tag kinds: 2 organisation (the group), 3 role, 4 user (e.g. "administrator2")
    kind: Literal[2, 3, 4]
    label: str


class UserOut(BaseModel):
    id: int
    user_name: str
    nick_name: str
    phone: str | None
    email: str | None
    company: str
    role_id: int
    role_name: str
    role_code: str
    group_id: int | None
    group_name: str | None
    is_admin2: bool
    is_active: Literal[0, 1]
    must_change_password: bool
    last_login_time: int | None
    create_time: int
    direct_permissions: list[str]
    tags: list[UserTag]


class UserCreateIn(_PasswordPair):
    user_name: UserName
    nick_name: Nickname = ""
    phone: OptPhone = None
    email: OptEmail = None
    company: Company = ""
    role_id: int
    group_id: int | None = None
    is_admin2: BodyBool = False
    must_change_password: BodyBool = True


class UserUpdateIn(BaseModel):
    """Fields left out stay as they are; `group_id: null` takes the user out of their group."""

    nick_name: Nickname | None = None
    phone: OptPhone = None
    email: OptEmail = None
    company: Company | None = None
    role_id: int | None = None
    group_id: int | None = None
    is_admin2: BodyBool | None = None


class ActiveIn(BaseModel):
    is_active: Literal[0, 1]


class PasswordIn(_PasswordPair):
    pass


class PrivilegeIn(BaseModel):
    direct_permissions: list[str] = Field(max_length=100)


class PrivilegeOut(BaseModel):
    role_permissions: list[str]
    direct_permissions: list[str]


class MyPrivilegesOut(BaseModel):
    """The caller's effective rights, computed as for the session payload."""

    roles: list[str]
    permissions: list[str]
    direct_permissions: list[str]
    role_permissions: list[str]
    menu_permission: str
    default_page: str
    # The role's device and template permission items in force (every item for the administrator).
    device_permissions: list[str]
    template_permissions: list[str]


class BindCodeIn(BaseModel):
    account: Account


class BindIn(BaseModel):
    account: Account
    sms_code: VerifyCode


class QuotaIn(BaseModel):
    """Every quota: a whole number at most the platform's value (100019 above it), or null for the platform's value
    (core/limits.py QUOTA_DEFAULTS, changed by the operator with IOTYUN_QUOTA_<NAME>)."""

    device_share: int | None = Field(default=None, ge=0, le=QUOTA_MAX)
    template_share: int | None = Field(default=None, ge=0, le=QUOTA_MAX)
    template_create: int | None = Field(default=None, ge=0, le=QUOTA_MAX)
    screens: int | None = Field(default=None, ge=0, le=QUOTA_MAX)
    gallery_mb: int | None = Field(default=None, ge=0, le=QUOTA_MAX)
    screen_versions_mb: int | None = Field(default=None, ge=0, le=QUOTA_MAX)
    exports_kept: int | None = Field(default=None, ge=0, le=QUOTA_MAX)
    sms_push: int | None = Field(default=None, ge=0, le=QUOTA_MAX)
    wechat_push: int | None = Field(default=None, ge=0, le=QUOTA_MAX)
    alarm_storage: int | None = Field(default=None, ge=0, le=QUOTA_MAX)
    history_storage_mb: int | None = Field(default=None, ge=0, le=QUOTA_MAX)


class QuotaValues(BaseModel):
    """A value of every quota."""

    device_share: int
    template_share: int
    template_create: int
    screens: int
    gallery_mb: int
    screen_versions_mb: int
    exports_kept: int
    sms_push: int
    wechat_push: int
    alarm_storage: int
    history_storage_mb: int


class QuotaOut(QuotaIn):
    """The user's own values (null: the platform's), the platform's values, which are also the most an
    administrator may set, and the limits in force (the smaller of the two)."""

    user_id: int
    platform: QuotaValues
    effective: QuotaValues


class SimulateIn(BaseModel):
    user_id: int


class CancelIn(BaseModel):
    password: str = ""


class UserLogOut(BaseModel):
    id: int
    time: int
    user_id: int
    user_name: str
    actor_name: str | None
    action: str
    target: str
    detail: dict[str, Any] | None
    ip: str
