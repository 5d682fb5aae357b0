"""Request and response models of /yun/components/share (managing links) and /yun/shared/module (opening them
without logging in). Times are epoch milliseconds, as everywhere in the API."""

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, Field

from iotyun.alarms.schemas import AlarmOut
from iotyun.core.errors import ErrorCode
from iotyun.core.limits import (
    CONTROL_PASSWORD_MAX,
    EPOCH_MS_MAX,
    EPOCH_MS_MIN,
    SHARE_LINK_ACCESS_LIMIT_MAX,
    SHARE_LINK_DEVICES_MAX,
    SHARE_LINK_NOTE_MAX,
    SHARE_LINK_TOKEN_MAX,
    rule_error,
)
from iotyun.dashboards.schemas import DashboardOut, SectorOut, WeatherDailyOut, WeatherNowOut
from iotyun.reports.schemas import ReportOut, StatisticOut
from iotyun.telemetry.public import DeviceScreensOut, LiveOut, PasswordMode, WriteConfigOut


def _whole(field: str, low: int, high: int, allowed: tuple[int, ...] = ()) -> BeforeValidator:
    """A whole number in low…high (or one of `allowed`); anything else, a bool or a string included, is 100004."""

    def check(value: Any) -> Any:
        if value is None:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise rule_error(ErrorCode.PARAM_INVALID, field)
        if (allowed and value not in allowed) or not low <= value <= high:
            raise rule_error(ErrorCode.PARAM_INVALID, field)
        return value

    return BeforeValidator(check)


def _device_ids(value: list[int]) -> list[int]:
    """Duplicates dropped, at most SHARE_LINK_DEVICES_MAX; how many a link needs depends on its type (the service:
    SHARE_LINK_DEVICES_MIN for a configuration, none for a dashboard)."""
    value = list(dict.fromkeys(value))
    if len(value) > SHARE_LINK_DEVICES_MAX:
        raise rule_error(ErrorCode.LIMIT_REACHED, "device_ids", limit=SHARE_LINK_DEVICES_MAX)
    return value


def _note(value: str) -> str:
    value = value.strip()
    if len(value) > SHARE_LINK_NOTE_MAX:
        raise rule_error(ErrorCode.PARAM_INVALID, "note")
    return value


# 1 a configuration (the devices' screens), 2 a dashboard (issue 31 point 5), 3 a business sector's dashboards
# (point 6).
LinkType = Annotated[int, _whole("link_type", 1, 3)]
# 1 read-only (the screens), 2 with control (also writes, when the creator may write).
LinkPermission = Annotated[int, _whole("permission", 1, 2)]
UseState = Annotated[int, _whole("use_state", 0, 1)]
# Epoch ms; null never expires.
ExpireAt = Annotated[int | None, _whole("expire_at", EPOCH_MS_MIN, EPOCH_MS_MAX)]
# Opens allowed; null without limit.
AccessLimit = Annotated[int | None, _whole("access_limit", 1, SHARE_LINK_ACCESS_LIMIT_MAX)]
Note = Annotated[str, AfterValidator(_note)]
# A configuration link's 1-20 devices the caller reads, in the order the shared page shows them (duplicates
# dropped); none for a dashboard link.
LinkDeviceIds = Annotated[list[int], AfterValidator(_device_ids)]
Token = Annotated[str, Field(max_length=SHARE_LINK_TOKEN_MAX)]

LinkState = Literal["active", "expired", "exhausted", "disabled"]


Id = Annotated[int, Field(ge=1, le=2**63 - 1)]


class ShareLinkIn(BaseModel):
    link_type: LinkType
    device_ids: LinkDeviceIds = []
    permission: LinkPermission
    expire_at: ExpireAt = None
    access_limit: AccessLimit = None
    note: Note = ""
    # A dashboard link's dashboard (one the caller sees) and where its trees start: a device the caller reads and a
    # device group of the tenant, each optional.
    dashboard_id: Id | None = None
    # A sector link's sector (one of the tenant's).
    sector_id: Id | None = None
    device_id: Id | None = None
    group_id: Id | None = None


class ShareLinkUpdateIn(BaseModel):
    """Fields left out stay; `expire_at` or `access_limit` sent as null clear the expiry or the limit."""

    id: int
    permission: LinkPermission | None = None
    expire_at: ExpireAt = None
    access_limit: AccessLimit = None
    note: Note | None = None
    use_state: UseState | None = None
    device_ids: LinkDeviceIds | None = None
    # A dashboard link's starting device and group; sent as null: none.
    device_id: Id | None = None
    group_id: Id | None = None


class ShareDeviceOut(BaseModel):
    id: int
    # The device's alias (its SN when it has none); empty for a device that is gone.
    name: str
    # Empty for a device that is gone.
    sn: str
    # False: the device is gone from the link (its creator, or the caller, no longer reads it: a share withdrawn, a
    # distribution cancelled or taken back, a transfer). Nothing of it is shown and opening the link leaves it out;
    # it keeps its place should it be shared again.
    available: bool = True


class ShareDashboardOut(BaseModel):
    id: int
    # Empty when the caller no longer sees it (`available` false).
    name: str
    available: bool = True


class ShareLinkOut(BaseModel):
    id: int
    link_type: int
    permission: int
    # A dashboard link's dashboard and starting device and group (null for a configuration link).
    dashboard: ShareDashboardOut | None = None
    # A sector link's sector ({id, name}; name empty once it is gone).
    sector: ShareDashboardOut | None = None
    device_id: int | None = None
    group_id: int | None = None
    # The link's devices, in order; one its creator or the caller no longer reads is a gone entry (`available`
    # false, no name or SN).
    devices: list[ShareDeviceOut]
    expire_at: int | None
    access_limit: int | None
    use_count: int
    note: str
    use_state: int
    # What opening it answers now: active, expired (118304), exhausted (118303) or disabled (118305).
    state: LinkState
    # The secret of the link's URL (/share-cfg?token=…): only in the answer that made it (creating the link or
    # resetting its URL), null everywhere else: it is stored only hashed, so it cannot be shown again.
    token: str | None = None
    created_at: int


class ShareLinkResetIn(BaseModel):
    """Give the link a new token: the old URL stops opening at once and its open sockets close."""

    id: int


class SharedLinkOut(BaseModel):
    link_type: int
    permission: int
    expire_at: int | None
    note: str


class SharedUserOut(BaseModel):
    """The creator, as the shared page acts: their name and the rights the link grants (SPEC §3: in shared-user mode
    the token is null and roles come from here)."""

    user_name: str
    # P-codes the shared page may use: reading a device's screen and its alarms.
    permissions: list[str]
    # Device permissions: ["write"] for a control link whose creator may write, else [].
    device_permissions: list[str]


class SharedDeviceOut(BaseModel):
    id: int
    name: str
    sn: str
    # 1 online, 2 offline.
    dev_state: int


class SharedModuleOut(BaseModel):
    link: SharedLinkOut
    share_user: SharedUserOut
    devices: list[SharedDeviceOut]


class SharedDashboardOut(BaseModel):
    """What /share-db shows: the link, the creator as the page acts, the dashboard as the creator sees it (never
    editable), and the device and device group its trees start on."""

    link: SharedLinkOut
    share_user: SharedUserOut
    dashboard: DashboardOut
    device_id: int | None
    group_id: int | None


class SharedSectorOut(BaseModel):
    """What /detail?token= shows: the link, the creator as the page acts, and the sector with its dashboards as the
    creator sees them (each opened with /yun/shared/dashboard?token=&id=)."""

    link: SharedLinkOut
    share_user: SharedUserOut
    sector: SectorOut
    device_id: int | None
    group_id: int | None


class SharedDeviceScreenOut(BaseModel):
    """Everything one device's shared screen needs: its screens, the live seed, the write rules (writing off for a
    read-only link) and its active (unconfirmed) alarms."""

    screens: DeviceScreensOut
    live: LiveOut
    write_config: WriteConfigOut
    alarms: list[AlarmOut]


class SharedWriteIn(BaseModel):
    token: Token
    device_id: int
    data_source_id: int
    value: Any
    password: Annotated[str | None, Field(max_length=CONTROL_PASSWORD_MAX)] = None
    password_mode: PasswordMode = "none"  # noqa: S105 - a mode, not a password


class SharedTreeDeviceOut(BaseModel):
    """A device as a shared dashboard's device tree lists it: nothing of it but what the tree draws."""

    id: int
    # The alias, the SN when it has none.
    name: str
    sn: str
    # 1 online, 2 offline, null when unregistered.
    dev_state: int | None
    group_id: int | None


class SharedReportOut(BaseModel):
    """A report card's report and its statistic, in one call."""

    report: ReportOut
    statistic: StatisticOut


class SharedWeatherOut(BaseModel):
    now: WeatherNowOut
    daily: WeatherDailyOut


class SharedCameraOut(BaseModel):
    """The address a camera element or card of a shared page plays (docs/api-sharing.md "Cameras"): the device's own
    video address or its template's camera slot's live address, "" when there is none."""

    url: str
