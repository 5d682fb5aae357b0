"""The time zones as the console reads and sets them (docs/api-system.md "Time zones")."""

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from iotyun.core.errors import ErrorCode
from iotyun.core.limits import rule_error
from iotyun.core.timezones import TIME_ZONE_MAX, is_zone


class ZoneOut(BaseModel):
    """A zone one may choose: its IANA id, its UTC offset now (minutes east, daylight saving included) and how a
    picker shows it ("(UTC+08:00) Asia/Shanghai")."""

    id: str
    offset: int
    label: str


class TimeZoneSettingsOut(BaseModel):
    """The caller's zones: the one every time of the console follows (`effective`), their own choice (`user`, None
    follows the tenant's) and the tenant's default (`tenant`)."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    effective: str
    user: str | None = None
    tenant: str


class TimeZonesOut(TimeZoneSettingsOut):
    """The zones one may choose, by offset then name, with the caller's settings."""

    zones: list[ZoneOut]


def _checked(value: Any) -> Any:
    # Before the length and type checks: any string not listed is an unknown zone (110578), a long one too.
    if isinstance(value, str) and not is_zone(value):
        raise rule_error(ErrorCode.TIMEZONE_INVALID, "time_zone")
    return value


# An IANA zone as /yun/timezone lists it (exactly: case matters).
Zone = Annotated[str, BeforeValidator(_checked), Field(max_length=TIME_ZONE_MAX)]


class UserZoneIn(BaseModel):
    """The user's own zone; null follows the tenant's. 110578 for a zone not listed."""

    model_config = ConfigDict(extra="forbid")

    time_zone: Zone | None = None


class TenantZoneIn(BaseModel):
    """The tenant's default zone. 110578 for a zone not listed."""

    model_config = ConfigDict(extra="forbid")

    time_zone: Zone
