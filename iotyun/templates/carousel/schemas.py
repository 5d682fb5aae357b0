"""Request and response models of /carousel and /carousel/dev."""

from typing import Annotated

from pydantic import AfterValidator, BaseModel

from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import BodyBool
from iotyun.core.limits import (
    CAROUSEL_DEVICES_PER_GROUP_MAX,
    CAROUSEL_INTERVAL_DEFAULT_S,
    CarouselGroupName,
    CarouselInterval,
    rule_error,
)


def _at_most_per_group(value: list[int]) -> list[int]:
    value = list(dict.fromkeys(value))
    if len(value) > CAROUSEL_DEVICES_PER_GROUP_MAX:
        raise rule_error(ErrorCode.LIMIT_REACHED, "device_ids", limit=CAROUSEL_DEVICES_PER_GROUP_MAX)
    return value


DeviceIds = Annotated[list[int], AfterValidator(_at_most_per_group)]


class CarouselGroupIn(BaseModel):
    """A new group, made in one request with its devices (in that order, duplicates dropped) and its rotation."""

    name: CarouselGroupName
    interval: CarouselInterval = CAROUSEL_INTERVAL_DEFAULT_S
    # Rotation needs a device (202005): true with no device is refused.
    rotate: BodyBool = False
    # Devices the caller reads (202007 otherwise); left out: an empty group, as before.
    device_ids: DeviceIds = []


class CarouselGroupUpdateIn(BaseModel):
    """Fields left out stay."""

    id: int
    name: CarouselGroupName | None = None
    interval: CarouselInterval | None = None
    rotate: BodyBool | None = None


class CarouselGroupOut(BaseModel):
    id: int
    name: str
    # Seconds each device's screen shows.
    interval: int
    # Intra-group rotation on or off.
    rotate: bool
    position: int
    # The group's devices the caller still reads.
    device_count: int


class CarouselDevicesIn(BaseModel):
    """`device_ids` replaces the group's devices, in that order (duplicates dropped)."""

    id: int
    device_ids: DeviceIds


class CarouselDeviceOut(BaseModel):
    """A device of a group; one the caller no longer reads (a share withdrawn, a distribution cancelled, a transfer)
    is gone: `available` false and nothing of the device but its id."""

    device_id: int
    sn_code: str
    alias: str
    # 1 online, 2 offline, null when unregistered.
    dev_state: int | None
    registered: bool
    # The template the device is bound to (null when none) and whether it has a main web screen to show.
    template_id: int | None
    has_main_screen: bool
    available: bool = True
