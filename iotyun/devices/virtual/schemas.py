"""Request and response models of /yun/dev/fictitious and /yun/batch/dev/fictitious."""

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, Field

from iotyun.core.errors import ErrorCode
from iotyun.core.limits import (
    VIRTUAL_MEMBERS_MAX,
    VIRTUAL_PERMISSIONS,
    VIRTUAL_VERSIONS,
    ContactName,
    ContactPhone,
    DeviceAddress,
    VirtualName,
    rule_error,
)
from iotyun.core.texts import ShownName

BindingState = Literal["normal", "abnormal"]
AbnormalReason = Literal["sn_empty", "version_differs"]


def _version(value: str) -> str:
    if value not in VIRTUAL_VERSIONS:
        raise rule_error(ErrorCode.VIRTUAL_DEVICE_VERSION_MISMATCH, "version")
    return value


def _permissions(value: list[str]) -> list[str]:
    if any(p not in VIRTUAL_PERMISSIONS for p in value):
        raise rule_error(ErrorCode.PARAM_INVALID, "permissions")
    return [p for p in VIRTUAL_PERMISSIONS if p in value]


Version = Annotated[str, AfterValidator(_version)]
Permissions = Annotated[list[str], AfterValidator(_permissions)]
AreaCode = Annotated[str, Field(max_length=12)]
DEFAULT_PERMISSIONS = ["view"]


class VirtualIn(BaseModel):
    name: VirtualName
    group_id: int | None = None
    address: DeviceAddress = ""
    province_code: AreaCode = ""
    city_code: AreaCode = ""
    area_code: AreaCode = ""
    contact_name: ContactName = ""
    contact_phone: ContactPhone = ""
    device_id: int | None = None
    gps_device_id: int | None = None
    # A template the caller reads (own or shared with them); 115001 otherwise.
    template_id: int | None = None
    version: Version = "1.0"
    permissions: Permissions = Field(default_factory=lambda: list(DEFAULT_PERMISSIONS))
    member_ids: list[int] = Field(default_factory=list, max_length=VIRTUAL_MEMBERS_MAX)


class VirtualUpdateIn(BaseModel):
    """Fields left out stay as they are; `device_id: null` or `gps_device_id: null` unbinds."""

    id: int
    name: VirtualName | None = None
    group_id: int | None = None
    address: DeviceAddress | None = None
    province_code: AreaCode | None = None
    city_code: AreaCode | None = None
    area_code: AreaCode | None = None
    contact_name: ContactName | None = None
    contact_phone: ContactPhone | None = None
    device_id: int | None = None
    gps_device_id: int | None = None
    template_id: int | None = None
    version: Version | None = None
    permissions: Permissions | None = None
    member_ids: list[int] | None = Field(default=None, max_length=VIRTUAL_MEMBERS_MAX)


class MemberOut(BaseModel):
    device_id: int
    sn_code: str
    alias: str


class VirtualOut(BaseModel):
    id: int
    name: str
    group_id: int | None
    group_name: ShownName
    address: str
    province_code: str
    city_code: str
    area_code: str
    area_name: str
    contact_name: str
    contact_phone: str
    device_id: int | None
    # "" when no device is bound or the bound one is unregistered (or no longer visible to the owner).
    sn_code: str
    device_alias: str
    gps_device_id: int | None
    gps_sn_code: str
    template_id: int | None
    template_name: str | None
    version: str
    firmware_version: str
    device_firmware_version: str | None
    binding_state: BindingState
    abnormal_reason: AbnormalReason | None
    permissions: list[str]
    members: list[MemberOut]
    created_at: int


class RepairIn(BaseModel):
    id: int


class BatchCreateIn(BaseModel):
    device_ids: list[int] = Field(min_length=1, max_length=500)
    group_id: int | None = None
    version: Version = "1.0"


class BatchDeleteIn(BaseModel):
    ids: list[int] = Field(min_length=1, max_length=500)
