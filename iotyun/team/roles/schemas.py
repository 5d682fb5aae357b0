"""Request and response models of the role endpoints."""

from typing import Literal

from pydantic import BaseModel, Field

from iotyun.core.inputs import BodyBool
from iotyun.core.limits import RoleName


class RoleIn(BaseModel):
    name: RoleName
    permissions: list[str] = Field(max_length=100)
    home_page: str | None = None
    dashboard_fullscreen: BodyBool = True
    # The role's items (core.permissions DEVICE_ITEMS / TEMPLATE_ITEMS; docs/api-team.md). Left out: a new role gets
    # the built-in user role's, an edited one keeps its own. Checked by the service (110409 unknown, 110423 beyond
    # the caller's own, 115014 more than 15 template items).
    device_permissions: list[str] | None = Field(default=None, max_length=50)
    template_permissions: list[str] | None = Field(default=None, max_length=50)


class RoleOut(BaseModel):
    id: int
    name: str
    code: str
    type: Literal["default", "custom"]
    permissions: list[str]
    home_page: str | None
    dashboard_fullscreen: bool
    device_permissions: list[str]
    template_permissions: list[str]
    user_count: int
    create_time: int


class PermissionNodeOut(BaseModel):
    code: str
    parent: str | None
    zh: str
    en: str
    route: str | None
