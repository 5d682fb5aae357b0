"""Request and response models of templates, publishing, the middleware overview and the gateway's
configuration (docs/api-templates.md)."""

from typing import Any, Literal

from pydantic import BaseModel

from iotyun.core.limits import (
    MOBILE_SIZE_DEFAULT,
    WEB_SIZE_DEFAULT,
    TemplateDescription,
    TemplateName,
    TemplateSoftType,
)
from iotyun.core.texts import ShownName
from iotyun.templates.screens.schemas import ScreenOut

TemplateType = Literal["standard", "nonstandard"]
DataVersion = Literal["1.0", "2.0"]
TemplateRelation = Literal["owner", "share"]
TemplateSort = Literal["updated_at", "name", "created_at"]
SortOrder = Literal["asc", "desc"]


class TemplateIn(BaseModel):
    name: TemplateName
    description: TemplateDescription = ""
    type: TemplateType = "standard"
    soft_type: TemplateSoftType = ""
    data_version: DataVersion = "1.0"
    width: int = WEB_SIZE_DEFAULT[0]
    height: int = WEB_SIZE_DEFAULT[1]
    mobile_width: int = MOBILE_SIZE_DEFAULT[0]
    mobile_height: int = MOBILE_SIZE_DEFAULT[1]
    group_id: int | None = None


class TemplateUpdateIn(TemplateIn):
    id: int


class TemplateCopyIn(BaseModel):
    id: int
    name: TemplateName | None = None


class TemplateIdIn(BaseModel):
    id: int


class TemplateOut(BaseModel):
    id: int
    name: str
    description: str
    type: TemplateType
    soft_type: str
    data_version: DataVersion
    width: int
    height: int
    mobile_width: int
    mobile_height: int
    source: str
    group_id: int | None
    group_name: ShownName | None
    owner_id: int
    owner_name: str
    published: bool
    published_version: int | None
    # The publication's number users see (v1 for the first publish); published_version is the edit it froze.
    published_release: int | None
    published_at: int | None
    version: int
    changed_since_publish: bool
    bound_count: int
    web_screens: int
    mobile_screens: int
    data_source_count: int
    relation: TemplateRelation
    permissions: list[str]
    created_at: int
    updated_at: int


class GroupSummary(BaseModel):
    id: int
    name: str
    is_default: bool
    count: int


class MiddlewareDevice(BaseModel):
    id: int
    sn_code: str
    alias: str
    dev_state: int | None
    firmware_version: str | None
    supported: bool
    missing_types: list[str]


class PublicationOut(BaseModel):
    version: int
    release: int
    published_at: int
    published_by: str


class HistoryEntry(BaseModel):
    action: str
    user_name: str
    detail: dict[str, Any]
    created_at: int


class DataSourceSummary(BaseModel):
    total: int
    by_type: dict[str, int]


class MiddlewareOut(BaseModel):
    template: TemplateOut
    screens: list[ScreenOut]
    groups: list[GroupSummary]
    data_sources: DataSourceSummary
    devices: list[MiddlewareDevice]
    publication: PublicationOut | None
    history: list[HistoryEntry]
    # The template's monitoring tables (templates/monitor_tables), for the overview's tab.
    monitor_tables: int = 0


class HomeNavItem(BaseModel):
    id: int
    name: str
    published: bool
    bound_count: int


class HomeNavOut(BaseModel):
    total: int
    published: int
    items: list[HomeNavItem]
