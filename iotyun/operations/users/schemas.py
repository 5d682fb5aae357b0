"""Tenants in aggregate, a tenant's users, and a user's permissions and quotas as an operator edits them."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from iotyun.team.schemas import QuotaOut


class TenantRow(BaseModel):
    """A tenant in aggregate: counts only."""

    id: int
    name: str
    code: str
    created_at: int
    users: int
    devices: int
    online: int


class TenantUserRow(BaseModel):
    """A user of the tenant the operator acts on."""

    id: int
    user_name: str
    nick_name: str
    role_code: str
    role_name: str
    is_active: bool
    last_login_at: int | None


class UserPrivilegeOut(BaseModel):
    user_id: int
    user_name: str
    tenant_id: int
    tenant_name: str
    role_code: str
    role_name: str
    # The codes the user's role gives (every code for the tenant's administrator) and those given to the user directly.
    role_permissions: list[str]
    direct_permissions: list[str]
    quotas: QuotaOut
    # The operator's ceiling of each quota for this user (null: the platform's value).
    granted: dict[str, int | None]
    # What the user holds of each quota the domains count; a ceiling may not go below it.
    used: dict[str, int]


class PermissionsData(BaseModel):
    user_id: int
    permissions: list[str] = Field(max_length=200)


class QuotasData(BaseModel):
    """The operator's ceiling of each quota (null: back to the platform's value)."""

    user_id: int
    device_share: int | None = None
    template_share: int | None = None
    template_create: int | None = None
    screens: int | None = None
    gallery_mb: int | None = None
    screen_versions_mb: int | None = None
    exports_kept: int | None = None
    sms_push: int | None = None
    wechat_push: int | None = None
    alarm_storage: int | None = None
    history_storage_mb: int | None = None


class PermissionsEdit(BaseModel):
    """SPEC §3 permission payload: `operator_type` names what is edited, `req_data` carries it."""

    operator_type: Literal["permissions"]
    req_data: PermissionsData


class QuotasEdit(BaseModel):
    operator_type: Literal["quotas"]
    req_data: QuotasData


UserPrivilegeIn = Annotated[PermissionsEdit | QuotasEdit, Field(discriminator="operator_type")]
