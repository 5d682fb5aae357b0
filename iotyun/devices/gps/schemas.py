"""Request and response models of /dev/map, /yun/dev/gps and /dev/gps/history."""

import math
from typing import Annotated

from pydantic import AfterValidator, BaseModel, Field

from iotyun.core.errors import ErrorCode
from iotyun.core.limits import rule_error


def _within(limit: float) -> AfterValidator:
    def check(value: float) -> float:
        if not math.isfinite(value) or not -limit <= value <= limit:
            raise rule_error(ErrorCode.LOCATION_INVALID)
        return value

    return AfterValidator(check)


Latitude = Annotated[float, _within(90)]
Longitude = Annotated[float, _within(180)]


class MapTiles(BaseModel):
    # IOTYUN_MAP_TILE_URL; null: the console shows its bundled offline base map.
    url: str | None
    attribution: str
    subdomains: str
    max_zoom: int


class MapItem(BaseModel):
    id: int
    sn_code: str
    alias: str
    dev_state: int | None
    registered: bool
    latitude: float
    longitude: float
    address: str
    located_at: int | None


class MapOut(BaseModel):
    tiles: MapTiles
    theme: str
    items: list[MapItem]


class GpsIn(BaseModel):
    device_id: int
    latitude: Latitude
    longitude: Longitude
    speed: Annotated[float, Field(ge=0, allow_inf_nan=False)] | None = None
    # Epoch ms of the fix; now when left out.
    time: Annotated[int, Field(ge=0)] | None = None


class GpsPositionOut(BaseModel):
    device_id: int
    latitude: float | None
    longitude: float | None
    located_at: int | None


class TrackPoint(BaseModel):
    time: int
    latitude: float
    longitude: float
    speed: float | None


class GpsHistoryOut(BaseModel):
    points: list[TrackPoint]
