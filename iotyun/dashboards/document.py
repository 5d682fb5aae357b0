"""The dashboard document (DESIGN §8/§9, issue 31): its cards, each one of SPEC §1's 13 widget types with typed
settings, and the cards' places on two breakpoints (desktop and phone). Validated whole on save; the web's widget
registry (features/dashboard/widgets) reads the same shapes through api.gen.ts."""

import json
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, model_validator

from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import BodyBool
from iotyun.core.limits import (
    DASHBOARD_CARD_SETTINGS_BYTES_MAX,
    DASHBOARD_CARD_TITLE_MAX,
    DASHBOARD_CARDS_MAX,
    DASHBOARD_COLUMNS,
    DASHBOARD_CONTAINER_TABS_MAX,
    DASHBOARD_MOBILE_COLUMNS,
    DASHBOARD_ROWS_MAX,
    ELEMENT_BINDINGS_MAX,
    SECTOR_DASHBOARDS_MAX,
    TEMPLATE_CAMERAS_MAX,
    rule_error,
)
from iotyun.templates.screens.document import Binding, States
from iotyun.templates.screens.element_settings import Key, Model3dSettings

DOCUMENT_VERSION = 1
IFRAME_URL_MAX = 500
CardId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]+$", min_length=1, max_length=32)]
Title = Annotated[str, StringConstraints(strip_whitespace=True, max_length=DASHBOARD_CARD_TITLE_MAX)]
Colour = Annotated[str, StringConstraints(pattern=r"^(#[0-9a-fA-F]{6})?$")]
_WEB_URL = re.compile(r"^https?://[^\s<>\"'`]+$")


def _web_url(value: str) -> str:
    """ "" or an http(s) address: a framed page never runs javascript: or data: addresses."""
    if value and (len(value) > IFRAME_URL_MAX or not _WEB_URL.fullmatch(value)):
        raise rule_error(ErrorCode.URL_INVALID, "url")
    return value


WebUrl = Annotated[str, AfterValidator(_web_url)]
Id = Annotated[int, Field(ge=1, le=2**63 - 1)]
Seconds = Annotated[int, Field(ge=0, le=3600)]


class _Strict(BaseModel):
    """Every part refuses fields it does not know: a typo is an error, not a silent loss."""

    model_config = ConfigDict(extra="forbid")


# --- the settings of each widget type -----------------------------------------------------------------------------


class ReportSettings(_Strict):
    """A saved report's chart; `refresh_s` 0 keeps the report's own refresh."""

    report_id: Id | None = None
    refresh_s: Seconds = 0


class MapSettings(_Strict):
    """The devices of a device group (all the viewer reads when none) on the map, clustered, with their live state."""

    group_id: Id | None = None


class ConfigurationSettings(_Strict):
    """A device's screen through the screens runtime: `screen_id` none shows its template's main web screen; a card
    linked to a tree shows the chosen device instead of `device_id`."""

    device_id: Id | None = None
    screen_id: Id | None = None


class FaultSettings(_Strict):
    """Live unconfirmed alarms of a device group, or of one device (a linked card: the chosen one)."""

    group_id: Id | None = None
    device_id: Id | None = None
    limit: Annotated[int, Field(ge=1, le=50)] = 10


class TextSettings(_Strict):
    text: Annotated[str, StringConstraints(max_length=2000)] = ""
    font_size: Annotated[int, Field(ge=8, le=200)] = 24
    color: Colour = ""
    align: Literal["left", "center", "right"] = "center"
    bold: BodyBool = False


class TimeSettings(_Strict):
    """The time now; `zone` an IANA name, or none for the viewer's own zone."""

    format: Literal["datetime", "date", "time"] = "datetime"
    zone: Annotated[str, StringConstraints(max_length=64, pattern=r"^[A-Za-z0-9_+\-/]*$")] | None = None
    font_size: Annotated[int, Field(ge=8, le=200)] = 32


class WeatherSettings(_Strict):
    """Now and the next days at a place (/weather/now, /weather/daily)."""

    city: Annotated[str, StringConstraints(strip_whitespace=True, max_length=32)] = ""
    lat: Annotated[float, Field(ge=-90, le=90)] = 31.23
    lon: Annotated[float, Field(ge=-180, le=180)] = 121.47
    days: Annotated[int, Field(ge=1, le=7)] = 3


class IframeSettings(_Strict):
    """A page framed in a sandbox; only http(s) addresses."""

    url: WebUrl = ""


class CameraSettings(_Strict):
    """A device's camera (issue 38 point 4): one of its template's camera slots (/yun/module/video, by index) or its
    own video address; a card linked to the device tree plays the picked device's."""

    device_id: Id | None = None
    source: Literal["slot", "device"] = "slot"
    slot: Annotated[int, Field(ge=0, lt=TEMPLATE_CAMERAS_MAX)] = 0
    muted: BodyBool = True


class Model3dCardSettings(_Strict):
    """A gallery 3D model drawn for a device (issue 38 point 1), as the screens' `model3d` element draws it: `model`
    the element's settings, `bindings` data sources of the device's template by key (`value` feeds `states`, whose
    colour recolours the model's nodes; each drive's and spin's key its own); a card linked to the device tree draws
    for the picked device."""

    device_id: Id | None = None
    model: Model3dSettings = Field(default_factory=Model3dSettings)
    bindings: dict[Key, Binding] = Field(default_factory=dict, max_length=ELEMENT_BINDINGS_MAX)
    states: States | None = None


class NetMonitorSettings(_Strict):
    """Online, offline and alarm counts and traffic of a device group, or of every device the viewer reads."""

    group_id: Id | None = None


class DashboardToggleSettings(_Strict):
    """Switches among chosen dashboards, rotating every `interval_s` (0: by hand only)."""

    dashboard_ids: Annotated[list[Id], Field(max_length=SECTOR_DASHBOARDS_MAX)] = Field(default_factory=list)
    interval_s: Seconds = 0


class DeviceTreeSettings(_Strict):
    """Devices by group; picking one re-points the cards linked to the device tree."""

    group_id: Id | None = None


class GroupTreeSettings(_Strict):
    """Device groups; picking one re-points the cards linked to the group tree."""


# --- cards ----------------------------------------------------------------------------------------------------------


class _CardBase(_Strict):
    id: CardId
    title: Title = ""
    show_title: BodyBool = True
    # A card following a tree: the device (device tree) or the group (group tree) picked in presentation.
    link: Literal["none", "device", "group"] = "none"


class ReportCard(_CardBase):
    type: Literal["report"]
    settings: ReportSettings = Field(default_factory=ReportSettings)


class MapCard(_CardBase):
    type: Literal["map"]
    settings: MapSettings = Field(default_factory=MapSettings)


class ConfigurationCard(_CardBase):
    type: Literal["configuration"]
    settings: ConfigurationSettings = Field(default_factory=ConfigurationSettings)


class FaultCard(_CardBase):
    type: Literal["fault"]
    settings: FaultSettings = Field(default_factory=FaultSettings)


class TextCard(_CardBase):
    type: Literal["text"]
    settings: TextSettings = Field(default_factory=TextSettings)


class TimeCard(_CardBase):
    type: Literal["time"]
    settings: TimeSettings = Field(default_factory=TimeSettings)


class WeatherCard(_CardBase):
    type: Literal["weather"]
    settings: WeatherSettings = Field(default_factory=WeatherSettings)


class IframeCard(_CardBase):
    type: Literal["iframe"]
    settings: IframeSettings = Field(default_factory=IframeSettings)


class CameraCard(_CardBase):
    type: Literal["camera"]
    settings: CameraSettings = Field(default_factory=CameraSettings)


class Model3dCard(_CardBase):
    type: Literal["model3d"]
    settings: Model3dCardSettings = Field(default_factory=Model3dCardSettings)


class NetMonitorCard(_CardBase):
    type: Literal["netMonitor"]
    settings: NetMonitorSettings = Field(default_factory=NetMonitorSettings)


class DashboardToggleCard(_CardBase):
    type: Literal["dashboardToggle"]
    settings: DashboardToggleSettings = Field(default_factory=DashboardToggleSettings)


class DeviceTreeCard(_CardBase):
    type: Literal["deviceTree"]
    settings: DeviceTreeSettings = Field(default_factory=DeviceTreeSettings)


class GroupTreeCard(_CardBase):
    type: Literal["groupTree"]
    settings: GroupTreeSettings = Field(default_factory=GroupTreeSettings)


# A container's tab holds one card of any type but a container.
InnerCard = Annotated[
    ReportCard
    | MapCard
    | ConfigurationCard
    | FaultCard
    | TextCard
    | TimeCard
    | WeatherCard
    | IframeCard
    | NetMonitorCard
    | DashboardToggleCard
    | DeviceTreeCard
    | GroupTreeCard
    | CameraCard
    | Model3dCard,
    Field(discriminator="type"),
]


class ContainerTab(_Strict):
    title: Title = ""
    card: InnerCard


class ContainerSettings(_Strict):
    """Tabs, each holding one widget; `interval_s` rotates them (0: by hand only)."""

    tabs: Annotated[list[ContainerTab], Field(max_length=DASHBOARD_CONTAINER_TABS_MAX)] = Field(default_factory=list)
    interval_s: Seconds = 0


class ContainerCard(_CardBase):
    type: Literal["container"]
    settings: ContainerSettings = Field(default_factory=ContainerSettings)


Card = Annotated[
    ReportCard
    | MapCard
    | ConfigurationCard
    | FaultCard
    | TextCard
    | TimeCard
    | WeatherCard
    | IframeCard
    | ContainerCard
    | NetMonitorCard
    | DashboardToggleCard
    | DeviceTreeCard
    | GroupTreeCard
    | CameraCard
    | Model3dCard,
    Field(discriminator="type"),
]


class LayoutItem(_Strict):
    """A card's place on a breakpoint's grid, in columns and rows (react-grid-layout's `i, x, y, w, h`)."""

    i: CardId
    x: Annotated[int, Field(ge=0, le=DASHBOARD_COLUMNS - 1)]
    y: Annotated[int, Field(ge=0, le=DASHBOARD_ROWS_MAX)]
    w: Annotated[int, Field(ge=1, le=DASHBOARD_COLUMNS)]
    h: Annotated[int, Field(ge=1, le=DASHBOARD_ROWS_MAX)]


class Layouts(_Strict):
    """The desktop grid (DASHBOARD_COLUMNS wide) and the phone's (DASHBOARD_MOBILE_COLUMNS wide; empty: the console
    stacks the cards in desktop order)."""

    desktop: list[LayoutItem] = Field(default_factory=list)
    mobile: list[LayoutItem] = Field(default_factory=list)


def _settings_size(card: BaseModel, field: str) -> None:
    size = len(json.dumps(card.model_dump(mode="json"), separators=(",", ":"), ensure_ascii=False).encode())
    if size > DASHBOARD_CARD_SETTINGS_BYTES_MAX:
        raise rule_error(ErrorCode.PARAM_INVALID, field, limit=DASHBOARD_CARD_SETTINGS_BYTES_MAX)


class DashboardDocument(_Strict):
    """A dashboard's cards and layouts, version 1."""

    version: Literal[1] = 1
    cards: Annotated[list[Card], Field(max_length=DASHBOARD_CARDS_MAX)] = Field(default_factory=list)
    layouts: Layouts = Field(default_factory=Layouts)

    @model_validator(mode="after")
    def _consistent(self) -> "DashboardDocument":
        ids: set[str] = set()
        for n, card in enumerate(self.cards):
            if card.id in ids:
                raise rule_error(ErrorCode.PARAM_INVALID, f"cards.{n}.id")
            ids.add(card.id)
            _settings_size(card, f"cards.{n}.settings")
        for name, columns in (("desktop", DASHBOARD_COLUMNS), ("mobile", DASHBOARD_MOBILE_COLUMNS)):
            placed: set[str] = set()
            for n, item in enumerate(getattr(self.layouts, name)):
                field = f"layouts.{name}.{n}"
                if item.i not in ids or item.i in placed:
                    raise rule_error(ErrorCode.PARAM_INVALID, f"{field}.i")
                if item.x + item.w > columns:
                    raise rule_error(ErrorCode.PARAM_INVALID, f"{field}.w")
                placed.add(item.i)
            if name == "desktop" and placed != ids:
                raise rule_error(ErrorCode.PARAM_INVALID, "layouts.desktop")
        return self

    def cards_and_tabs(self) -> list[Any]:
        """Every card, those inside containers' tabs included."""
        out: list[Any] = []
        for card in self.cards:
            out.append(card)
            if isinstance(card, ContainerCard):
                out.extend(tab.card for tab in card.settings.tabs)
        return out


def read(stored: dict[str, Any]) -> DashboardDocument:
    """A stored document as the current version (an empty one for a dashboard never saved)."""
    return DashboardDocument.model_validate(stored) if stored else DashboardDocument()
