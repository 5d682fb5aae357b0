"""Request and response models of /yun/dashboard*, /yun/sector* and /weather/* (docs/api-dashboards.md)."""

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, Field

from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import BodyBool
from iotyun.core.limits import (
    DASHBOARD_AUDIENCE_MAX,
    DASHBOARD_HEIGHT_MAX,
    DASHBOARD_HEIGHT_MIN,
    DASHBOARD_THEMES,
    DASHBOARD_WIDTH_MAX,
    DASHBOARD_WIDTH_MIN,
    REPORT_CHART_THEMES,
    SECTOR_DASHBOARDS_MAX,
    SECTOR_INTERVAL_MAX_S,
    DashboardGroupName,
    DashboardName,
    SectorDescription,
    SectorName,
    rule_error,
)
from iotyun.dashboards.document import DashboardDocument

Id = Annotated[int, Field(ge=1, le=2**63 - 1)]


def _range(field: str, low: int, high: int) -> AfterValidator:
    def check(value: int) -> int:
        if not low <= value <= high:
            raise rule_error(ErrorCode.PARAM_INVALID, field, min=low, max=high)
        return value

    return AfterValidator(check)


Width = Annotated[int, _range("width", DASHBOARD_WIDTH_MIN, DASHBOARD_WIDTH_MAX)]
Height = Annotated[int, _range("height", DASHBOARD_HEIGHT_MIN, DASHBOARD_HEIGHT_MAX)]
Theme = Literal[DASHBOARD_THEMES]  # type: ignore[valid-type]
ChartTheme = Literal[REPORT_CHART_THEMES]  # type: ignore[valid-type]
Visibility = Literal["all", "partial"]


def _distinct(value: list[int]) -> list[int]:
    return list(dict.fromkeys(value))


Ids = Annotated[list[Id], Field(max_length=DASHBOARD_AUDIENCE_MAX), AfterValidator(_distinct)]


class Audience(BaseModel):
    """Who a partially visible dashboard is shown to (118007 when a chosen one is not of the tenant, or none is
    chosen); the administrator always sees every dashboard."""

    user_ids: Ids = []
    role_ids: Ids = []
    user_group_ids: Ids = []


class DashboardIn(BaseModel):
    name: DashboardName
    group_id: Id | None = None
    width: Width = 1920
    height: Height = 1080
    theme: Theme = "tech"
    chart_theme: ChartTheme = "blueTech"
    mobile: BodyBool = False
    free_move: BodyBool = False
    visibility: Visibility = "all"
    audience: Audience = Field(default_factory=Audience)


class DashboardUpdateIn(BaseModel):
    """A dashboard's settings; fields left out stay."""

    id: Id
    name: DashboardName | None = None
    group_id: Id | None = None
    # True: move it out of its group (group_id null means "leave it" otherwise).
    ungrouped: BodyBool = False
    width: Width | None = None
    height: Height | None = None
    theme: Theme | None = None
    chart_theme: ChartTheme | None = None
    mobile: BodyBool | None = None
    free_move: BodyBool | None = None
    visibility: Visibility | None = None
    audience: Audience | None = None


class DashboardSaveIn(BaseModel):
    """The editor's save: the document and the canvas settings beside it. `version` is the version the editor
    loaded: a dashboard saved by someone else since is refused (100023 on `version`), nothing is lost silently."""

    id: Id
    version: int
    name: DashboardName | None = None
    width: Width | None = None
    height: Height | None = None
    theme: Theme | None = None
    chart_theme: ChartTheme | None = None
    mobile: BodyBool | None = None
    free_move: BodyBool | None = None
    document: DashboardDocument


class DashboardCopyIn(BaseModel):
    id: Id
    # Left out: the original's name with " copy" (副本) and a number when taken.
    name: DashboardName | None = None


class DashboardReorderIn(BaseModel):
    """`ids` in their new order within `group_id` (null: the ungrouped ones); a dashboard of another group named here
    moves into this one."""

    group_id: Id | None = None
    ids: Annotated[list[Id], Field(min_length=1, max_length=500), AfterValidator(_distinct)]


class CardOutline(BaseModel):
    """A card's place on the desktop grid and its widget type: the dashboards list draws its thumbnail from them."""

    type: str
    x: int
    y: int
    w: int
    h: int


class DashboardSummaryOut(BaseModel):
    id: int
    name: str
    group_id: int | None
    width: int
    height: int
    theme: str
    chart_theme: str
    mobile: bool
    free_move: bool
    visibility: Visibility
    position: int
    card_count: int
    # The cards as placed on the desktop grid (its layout's order).
    outline: list[CardOutline]
    owner_name: str
    updated_at: int
    version: int
    # The caller's rights on it (118005 and 118006 otherwise).
    can_edit: bool
    can_fullscreen: bool


class DashboardOut(DashboardSummaryOut):
    document: DashboardDocument
    # Who it is shown to: to those who may edit it; empty lists for the others.
    audience: Audience


class DashboardGroupIn(BaseModel):
    name: DashboardGroupName


class DashboardGroupUpdateIn(BaseModel):
    id: Id
    name: DashboardGroupName


class DashboardGroupOut(BaseModel):
    id: int
    name: str
    position: int
    # The dashboards in it the caller sees.
    dashboard_count: int


# --- sectors --------------------------------------------------------------------------------------------------------

SectorDashboardIds = Annotated[list[Id], Field(max_length=SECTOR_DASHBOARDS_MAX), AfterValidator(_distinct)]


class SectorIn(BaseModel):
    name: SectorName
    description: SectorDescription = ""
    # A gallery image's address (the gallery's /yun/resourcesInfo URL), or "".
    image: Annotated[str, Field(max_length=500, pattern=r"^(/[^\s<>\"']*)?$")] = ""
    dashboard_ids: SectorDashboardIds = []
    interval: Annotated[int, Field(ge=0, le=SECTOR_INTERVAL_MAX_S)] = 0


class SectorUpdateIn(BaseModel):
    id: Id
    name: SectorName | None = None
    description: SectorDescription | None = None
    image: Annotated[str, Field(max_length=500, pattern=r"^(/[^\s<>\"']*)?$")] | None = None
    dashboard_ids: SectorDashboardIds | None = None
    interval: Annotated[int, Field(ge=0, le=SECTOR_INTERVAL_MAX_S)] | None = None


class SectorReorderIn(BaseModel):
    ids: Annotated[list[Id], Field(min_length=1, max_length=500), AfterValidator(_distinct)]


class SectorDashboardOut(BaseModel):
    id: int
    name: str
    width: int
    height: int
    theme: str
    # False: the caller may not see it (hidden from them, or gone); only its id is shown.
    available: bool = True


class SectorOut(BaseModel):
    id: int
    name: str
    description: str
    image: str
    interval: int
    position: int
    dashboards: list[SectorDashboardOut]


# --- weather --------------------------------------------------------------------------------------------------------


class WeatherNowOut(BaseModel):
    provider: str
    # WMO weather interpretation code (0 clear … 99 thunderstorm with hail), shared by every provider.
    code: int
    temperature: float
    humidity: float
    wind_speed: float
    wind_direction: float
    observed_at: int


class WeatherDayOut(BaseModel):
    date: str
    code: int
    temperature_max: float
    temperature_min: float
    precipitation: float


class WeatherDailyOut(BaseModel):
    provider: str
    days: list[WeatherDayOut]


class NetOut(BaseModel):
    """The network monitor's counts (issue 31 point 3): the devices the viewer reads (in the group when one is
    named) by state, and their unconfirmed alarms."""

    total: int
    online: int
    offline: int
    unregistered: int
    alarms: int


class AudienceOptionOut(BaseModel):
    """A user, role or user group a dashboard may be shown to: its id and name only (the dashboard editor needs no
    team rights to choose them)."""

    id: int
    name: str
