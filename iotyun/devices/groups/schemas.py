"""Request and response models of /yun/dev/group."""

from pydantic import BaseModel, Field

from iotyun.core.limits import DeviceGroupName, DeviceGroupNotes
from iotyun.core.texts import ShownName


class DeviceGroupIn(BaseModel):
    name: DeviceGroupName
    notes: DeviceGroupNotes = ""


class DeviceGroupUpdateIn(BaseModel):
    """Notes left out stay as they are."""

    id: int
    name: DeviceGroupName
    notes: DeviceGroupNotes | None = None


class DeviceGroupOut(BaseModel):
    id: int
    name: ShownName
    notes: str
    is_default: bool
    # Registered devices in the group.
    device_count: int
    created_at: int
    # Whether the caller may rename and delete it (its maker, their secondary administrator, the administrator).
    editable: bool


class GroupMoveIn(BaseModel):
    group_id: int
    device_ids: list[int] = Field(min_length=1, max_length=500)
