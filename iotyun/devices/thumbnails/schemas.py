"""Request and response models of /yun/dev/dashboard."""

from typing import Annotated

from pydantic import AfterValidator, BaseModel, StringConstraints

from iotyun.core.errors import ErrorCode
from iotyun.core.limits import THUMBNAIL_GROUP_NAME_MAX, THUMBNAIL_GROUP_NOTES_MAX, THUMBNAILS_PER_GROUP_MAX, rule_error


def _at_most_per_group(value: list[int]) -> list[int]:
    value = list(dict.fromkeys(value))
    if len(value) > THUMBNAILS_PER_GROUP_MAX:
        raise rule_error(ErrorCode.THUMBNAIL_LIMIT, "device_ids")
    return value


GroupName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=THUMBNAIL_GROUP_NAME_MAX)]
GroupNotes = Annotated[str, StringConstraints(strip_whitespace=True, max_length=THUMBNAIL_GROUP_NOTES_MAX)]
DeviceIds = Annotated[list[int], AfterValidator(_at_most_per_group)]


class ThumbnailGroupIn(BaseModel):
    name: GroupName
    notes: GroupNotes = ""


class ThumbnailGroupUpdateIn(BaseModel):
    """Fields left out stay; `device_ids` replaces the group's thumbnails in that order."""

    id: int
    name: GroupName | None = None
    notes: GroupNotes | None = None
    device_ids: DeviceIds | None = None


class ThumbnailItemOut(BaseModel):
    """A thumbnail; one whose device the caller no longer reads (a share withdrawn, a distribution cancelled, a
    transfer) is gone: `available` false and nothing of the device but its id."""

    device_id: int
    sn_code: str
    alias: str
    # 1 online, 2 offline, null when unregistered.
    dev_state: int | None
    registered: bool
    report_time: int | None
    dev_model: str
    address: str
    available: bool = True


class ThumbnailGroupOut(BaseModel):
    id: int
    name: str
    notes: str
    position: int
    items: list[ThumbnailItemOut]
