"""Request and response models of the device registry, sharing, flow card and device-log endpoints
(docs/api-devices.md): the field names are the contract the web console is built on."""

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, Field

from iotyun.core.inputs import BodyBool
from iotyun.core.limits import (
    FLOW_USED_MB_MAX,
    ContactEmail,
    ContactName,
    ContactPhone,
    DeviceAddress,
    DeviceAlias,
    DeviceRemark,
    DeviceSecret,
    Iccid,
    SiteType,
    SnCode,
    VideoUrl,
)
from iotyun.core.texts import ShownName

Relation = Literal["owner", "admin", "group", "distribution", "share"]
DeviceSort = Literal["sn_code", "alias", "dev_state", "report_time", "created_at", "group_name"]
SortOrder = Literal["asc", "desc"]


class FlowCardOut(BaseModel):
    iccid: str
    package_name: str
    effective_date: date | None
    expiry_date: date | None
    total_mb: float
    used_mb: float
    remaining_mb: float
    warning_mb: float
    warning: bool
    status: str
    operator_state: str
    provider: str
    refreshed_at: int | None
    # The last figure a gateway reported that was not taken (below the counter without a renewal, or past the
    # package), and when (epoch ms); docs/api-reports.md "Traffic".
    suspect_mb: float | None = None
    suspect_at: int | None = None


class DeviceOut(BaseModel):
    id: int
    sn_code: str
    alias: str
    dev_model: str | None
    firmware_version: str | None
    back_end_version: str | None
    shipment_no: str | None
    group_id: int | None
    group_name: ShownName | None
    address: str
    province_code: str
    city_code: str
    area_code: str
    area_name: str
    contact_name: str
    contact_phone: str
    contact_email: str
    site_type: str
    remark: str
    video_url: str
    registered: bool
    registered_at: int | None
    dev_state: int | None
    ip: str | None
    report_time: int | None
    vpn_state: bool | None
    vpn_ip: str | None
    flow_card: str | None
    latitude: float | None
    longitude: float | None
    owner_id: int
    owner_name: str
    relation: Relation
    can_manage: bool
    can_write: bool
    created_at: int


class DeviceDetailOut(DeviceOut):
    share_count: int
    share_remaining: int
    flow_card_info: FlowCardOut | None


class SnCheckOut(BaseModel):
    sn_code: str
    valid: bool
    known: bool
    registered_here: bool
    registered_elsewhere: bool


class _SiteFields(BaseModel):
    alias: DeviceAlias | None = None
    group_id: int | None = None
    address: DeviceAddress | None = None
    province_code: str | None = None
    city_code: str | None = None
    area_code: str | None = None
    contact_name: ContactName | None = None
    contact_phone: ContactPhone | None = None
    contact_email: ContactEmail | None = None
    site_type: SiteType | None = None


class DeviceRegisterIn(_SiteFields):
    sn_code: SnCode
    # Missing or blank reads as a wrong secret (110573), as the contract asks.
    secret: DeviceSecret = Field(default="", validate_default=True)


class DeviceUpdateIn(_SiteFields):
    id: int
    remark: DeviceRemark | None = None
    video_url: VideoUrl | None = None
    allow_write: BodyBool | None = None


class ModelCount(BaseModel):
    model: str
    count: int


class GroupState(BaseModel):
    group_id: int | None
    group_name: ShownName | None
    online: int
    offline: int


class StateInfoOut(BaseModel):
    total: int
    online: int
    offline: int
    unregistered: int
    virtual_devices: int
    by_model: list[ModelCount]
    by_group: list[GroupState]


class GrantOut(BaseModel):
    user_id: int
    user_name: str
    nick_name: str
    can_write: bool
    created_at: int


class SharesOut(BaseModel):
    items: list[GrantOut]
    remaining: int


class ShareIn(BaseModel):
    device_ids: list[int] = Field(min_length=1)
    accounts: list[str] = Field(min_length=1)
    can_write: BodyBool = False


class ReceivedShareGroupIn(BaseModel):
    """Where the receiver files a device shared with them: one of their tenant's groups, or null for "shared with me"."""

    device_id: int
    group_id: int | None


class TransferIn(BaseModel):
    device_ids: list[int] = Field(min_length=1)
    account: str


class DistributeIn(BaseModel):
    device_ids: list[int] = Field(min_length=1)
    user_ids: list[int] = Field(min_length=1)
    can_write: BodyBool = False


class DistributionCancelIn(BaseModel):
    device_ids: list[int] = Field(min_length=1)
    user_ids: list[int] = Field(min_length=1)


class TakebackIn(BaseModel):
    device_ids: list[int] = Field(min_length=1)


class ImportRowOut(BaseModel):
    row: int
    sn_code: str
    ok: bool
    code: int
    message: str


class ImportOut(BaseModel):
    """An import's verdict. All or nothing: `imported` is false when any row failed, and then no row was
    registered (`succeeded` is 0; rows with `ok` passed their checks but were rolled back with the rest)."""

    total: int
    succeeded: int
    failed: int
    imported: bool
    rows: list[ImportRowOut]


class CardBindIn(BaseModel):
    device_id: int
    iccid: Iccid


class CardBookIn(BaseModel):
    device_id: int
    package_name: str = Field(default="", max_length=64)
    effective_date: date | None = None
    expiry_date: date | None = None
    total_mb: float = Field(default=0, ge=0)
    warning_mb: float = Field(default=0, ge=0)
    # The used flow as the owner reads it off the operator (the local provider's book); None keeps it. A change is
    # sampled for the traffic detail.
    used_mb: float | None = Field(default=None, ge=0, le=FLOW_USED_MB_MAX, allow_inf_nan=False)


class CardActivateIn(BaseModel):
    device_id: int


class DeviceLogOut(BaseModel):
    id: int
    time: int
    device_id: int | None
    sn: str
    action: str
    user_name: str
    detail: dict[str, Any] | None
    # What the detail's ids name, so the console shows names: "user:<id>" and "group:<id>" → name (users and groups
    # of the caller's tenant only; an id without an entry is left unnamed).
    names: dict[str, str] = {}
