"""The versioned screen document (DESIGN §7, SPEC §3 "Screen element state"): its schema, the checks that need no
database, and `upgrade`, which turns a stored document of any older schema_version into the current one."""

import json
import re
from collections.abc import Callable, Iterator
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    JsonValue,
    StringConstraints,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import BodyBool
from iotyun.core.limits import (
    ANIMATION_EXPRESSION_MAX,
    ANIMATION_INPUTS_MAX,
    ANIMATION_PATH_POINTS_MAX,
    ANIMATION_PATH_POINTS_MIN,
    BACKGROUND_IMAGE_TYPES,
    CANVAS_GRID_MAX,
    CANVAS_SIZE_MAX,
    ELEMENT_ACTIONS_MAX,
    ELEMENT_ANIMATIONS_MAX,
    ELEMENT_BINDINGS_MAX,
    ELEMENT_ID_MAX,
    ELEMENT_NAME_MAX,
    ELEMENT_STATES_MAX,
    ELEMENT_STATES_MIN,
    ELEMENT_TYPES,
    FLICKER_FREQUENCY_DEFAULT,
    FLICKER_FREQUENCY_MAX,
    FLICKER_FREQUENCY_MIN,
    SCREEN_COORDINATE_MAX,
    SCREEN_DOCUMENT_MAX_BYTES,
    SCREEN_ELEMENTS_MAX,
    SCREEN_GROUPS_MAX,
    SCREEN_SCHEMA_VERSION,
    SCREEN_TEXT_MAX,
    SCREEN_URL_MAX,
    rule_error,
)
from iotyun.templates.screens import expression
from iotyun.templates.screens.element_settings import TYPED_SETTINGS, Key

# A document's version when it says none: what screens stored before the schema existed (a free JSON object).
LEGACY_VERSION = 0


def _element_type(value: str) -> str:
    if value not in ELEMENT_TYPES:
        raise rule_error(ErrorCode.ELEMENT_TYPE_UNKNOWN, type=value)
    return value


def _flicker_frequency(value: float) -> float:
    if not FLICKER_FREQUENCY_MIN <= value <= FLICKER_FREQUENCY_MAX:
        raise rule_error(ErrorCode.FLICKER_FREQUENCY_INVALID, min=FLICKER_FREQUENCY_MIN, max=FLICKER_FREQUENCY_MAX)
    return value


def _state_count(value: list[Any]) -> list[Any]:
    if not ELEMENT_STATES_MIN <= len(value) <= ELEMENT_STATES_MAX:
        raise rule_error(ErrorCode.STATE_COUNT_INVALID)
    return value


def _element_count(value: Any) -> Any:
    """More than SCREEN_ELEMENTS_MAX elements is refused with its own code, before each element is read."""
    if isinstance(value, list) and len(value) > SCREEN_ELEMENTS_MAX:
        raise rule_error(ErrorCode.SCREEN_ELEMENTS_LIMIT, limit=SCREEN_ELEMENTS_MAX)
    return value


_KEY = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
_IMAGE_SUFFIX = re.compile(r"\.(" + "|".join(BACKGROUND_IMAGE_TYPES) + r")$", re.IGNORECASE)


def _background_image(value: str) -> str:
    if not _IMAGE_SUFFIX.search(value.split("?", 1)[0].split("#", 1)[0]):
        raise rule_error(ErrorCode.SCREEN_BACKGROUND_INVALID)
    return value


Colour = Annotated[
    str, StringConstraints(pattern=r"^(#[0-9A-Fa-f]{3,8}|rgba?\([0-9.,%\s]{1,40}\)|transparent)$", max_length=64)
]
ImageUrl = Annotated[str, StringConstraints(min_length=1, max_length=SCREEN_URL_MAX)]
WebUrl = Annotated[str, StringConstraints(pattern=r"^https?://\S+$", max_length=SCREEN_URL_MAX)]
Ident = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]+$", min_length=1, max_length=ELEMENT_ID_MAX)]
# A settings key: snake_case, or camelCase where it names a state field (SPEC §3 "Screen element state": fontColor,
# backgroundColor, ...), since a state overrides the setting of the same name (web/src/designer/elements/look.ts).
SettingKey = Annotated[str, StringConstraints(pattern=r"^[a-z][A-Za-z0-9_]{0,31}$")]
Text = Annotated[str, StringConstraints(max_length=SCREEN_TEXT_MAX)]
Coordinate = Annotated[float, Field(ge=-SCREEN_COORDINATE_MAX, le=SCREEN_COORDINATE_MAX)]
Length = Annotated[float, Field(gt=0, le=SCREEN_COORDINATE_MAX)]
FlickerFrequency = Annotated[float, AfterValidator(_flicker_frequency)]


class _Strict(BaseModel):
    """Every part of the document refuses fields it does not know: a typo is an error, not a silent loss."""

    model_config = ConfigDict(extra="forbid")


class Grid(_Strict):
    show: BodyBool = False
    snap: BodyBool = False
    size: int = Field(default=10, ge=1, le=CANVAS_GRID_MAX)


class Background(_Strict):
    color: Colour | None = None
    image: Annotated[ImageUrl, AfterValidator(_background_image)] | None = None
    fit: Literal["stretch", "contain", "cover", "tile", "none"] = "stretch"


class Canvas(_Strict):
    """The drawing area; width and height left out mean the template's size for the screen's kind."""

    width: int | None = Field(default=None, ge=1, le=CANVAS_SIZE_MAX)
    height: int | None = Field(default=None, ge=1, le=CANVAS_SIZE_MAX)
    background: Background = Field(default_factory=Background)
    grid: Grid = Field(default_factory=Grid)


class Placement(_Strict):
    x: Coordinate = 0
    y: Coordinate = 0
    w: Length = 100
    h: Length = 40
    rotation: float = Field(default=0, ge=-360, le=360)


class Flicker(_Strict):
    """SPEC §3/§5: flickerType none (the frequency is then unused), background or text; seconds per period."""

    flickerType: Literal["none", "background", "text"] = "none"
    flickerFrequency: FlickerFrequency = FLICKER_FREQUENCY_DEFAULT


class State(_Strict):
    """One look of a stateful element (SPEC §3 "Screen element state"), chosen by a value range or by a bit."""

    # A value range is min ≤ value < max (min inclusive, max exclusive, a missing bound unbounded), so adjacent
    # ranges never overlap; the first matching state wins. The designer and the runtime resolve it so
    # (web/src/designer/elements/states.ts).
    min: float | None = None
    max: float | None = None
    bit: int | None = Field(default=None, ge=0, le=63)
    imgUrl: ImageUrl | None = None
    backgroundColor: Colour | None = None
    stroke: Colour | None = None
    textAlign: Literal["left", "center", "right"] | None = None
    fontColor: Colour | None = None
    font: Annotated[str, StringConstraints(max_length=200)] | None = None
    isUnderline: BodyBool = False
    text: Text | None = None
    flicker: Flicker | None = None


class States(_Strict):
    by: Literal["value", "bit"] = "value"
    items: Annotated[list[State], AfterValidator(_state_count)]


class Binding(_Strict):
    """A data source of the same template, by id: the device is supplied at runtime (DESIGN §7)."""

    data_source_id: int = Field(ge=1)


class WriteValue(_Strict):
    type: Literal["write_value"]
    data_source_id: int = Field(ge=1)
    value: float | Text
    confirm: BodyBool = False


class JumpScreen(_Strict):
    type: Literal["jump_screen"]
    screen_id: int = Field(ge=1)


class OpenPopup(_Strict):
    type: Literal["open_popup"]
    screen_id: int = Field(ge=1)


class OpenUrl(_Strict):
    type: Literal["open_url"]
    url: WebUrl
    new_tab: BodyBool = True


Action = Annotated[WriteValue | JumpScreen | OpenPopup | OpenUrl, Field(discriminator="type")]


# --- animation by value (docs/designer-animation.md) ---------------------------------------------------------------

# What the schema holds of an expression; longer than ANIMATION_EXPRESSION_MAX is refused by the save's own check
# (115222), so this only bounds what is read.
Expression = Annotated[str, StringConstraints(max_length=4 * ANIMATION_EXPRESSION_MAX)]


class _Animation(_Strict):
    """What drives an animation: one data source of the template, or an expression over `inputs` (named data
    sources of the template); the save refuses both or neither (115224)."""

    data_source_id: int | None = Field(default=None, ge=1)
    expression: Expression | None = None
    inputs: dict[Key, Binding] = Field(default_factory=dict, max_length=ANIMATION_INPUTS_MAX)


class _Ranged(_Animation):
    """A value from `min` to `max` (clamped) maps onto the kind's output range."""

    min: float = 0
    max: float = 100


class Spin(_Animation):
    """Turns continuously at value × speed revolutions per minute, backwards for a negative value; 0 or none holds."""

    type: Literal["spin"]
    speed: float = Field(default=1, gt=0, le=1000)


class Rotate(_Ranged):
    """Turns to an angle: `from_angle` degrees at min, `to_angle` at max."""

    type: Literal["rotate"]
    from_angle: float = Field(default=0, ge=-3600, le=3600)
    to_angle: float = Field(default=360, ge=-3600, le=3600)


PathPoint = Annotated[list[Coordinate], Field(min_length=2, max_length=2)]


class Move(_Ranged):
    """Moves along `points` (offsets from its place, canvas pixels): the first at min, the last at max."""

    type: Literal["move"]
    points: list[PathPoint] = Field(
        default_factory=lambda: [[0.0, 0.0], [100.0, 0.0]],
        min_length=ANIMATION_PATH_POINTS_MIN,
        max_length=ANIMATION_PATH_POINTS_MAX,
    )


class Scale(_Ranged):
    type: Literal["scale"]
    from_scale: float = Field(default=0, ge=0, le=10)
    to_scale: float = Field(default=1, ge=0, le=10)


class Fill(_Ranged):
    """Shows the part of the element up to the level (min empty, max full), rising in `direction`."""

    type: Literal["fill"]
    direction: Literal["up", "down", "left", "right"] = "up"


class Visible(_Animation):
    """Shown while the value is not 0 (`invert`: while it is 0); shown while there is no value."""

    type: Literal["visible"]
    invert: BodyBool = False


class Opacity(_Ranged):
    type: Literal["opacity"]
    from_opacity: float = Field(default=0, ge=0, le=1)
    to_opacity: float = Field(default=1, ge=0, le=1)


Animation = Annotated[Spin | Rotate | Move | Scale | Fill | Visible | Opacity, Field(discriminator="type")]


# The element types whose ends may be attached to another element's port (web/src/designer/model/connectors.ts).
PATH_TYPES = frozenset({"pipe", "line", "polyline"})
PortId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,32}$")]


class Anchor(_Strict):
    """A port of another element of the same document: the element's id and the port's id (one of its four sides,
    `top` / `right` / `bottom` / `left`, a path's `start` / `end`, or a port its symbol declares). The port is not
    checked here: the designer treats one the element lacks as detached."""

    element: Ident
    port: PortId


class Attach(_Strict):
    """Where the ends of a pipe, line or polyline are attached. The designer keeps the stored points on the ports as
    the targets move, so the runtime draws the stored points as they are."""

    start: Anchor | None = None
    end: Anchor | None = None


class Element(_Strict):
    id: Ident
    type: Annotated[str, AfterValidator(_element_type)]
    # The user's name for it (the layers panel); empty: the designer names it (a bound source, a symbol's kind).
    name: Annotated[str, StringConstraints(max_length=ELEMENT_NAME_MAX)] = ""
    placement: Placement = Field(default_factory=Placement)
    z: int = Field(default=0, ge=-1_000_000, le=1_000_000)
    group: Ident | None = None
    locked: BodyBool = False
    hidden: BodyBool = False
    # What each type draws with (text, colours, ranges, ...): open for the designer's registry, JSON values only.
    settings: dict[SettingKey, JsonValue] = Field(default_factory=dict)
    bindings: dict[Key, Binding] = Field(default_factory=dict, max_length=ELEMENT_BINDINGS_MAX)
    states: States | None = None
    flicker: Flicker = Field(default_factory=Flicker)
    actions: list[Action] = Field(default_factory=list, max_length=ELEMENT_ACTIONS_MAX)
    animations: list[Animation] = Field(default_factory=list, max_length=ELEMENT_ANIMATIONS_MAX)
    # A pipe's, line's or polyline's ends attached to other elements' ports; absent when neither is.
    attach: Attach | None = None

    @field_validator("settings")
    @classmethod
    def _typed_settings(cls, value: dict[str, JsonValue], info: ValidationInfo) -> dict[str, JsonValue]:
        """A type with a settings schema (TYPED_SETTINGS) has its settings held to it, as stored (defaults left out)."""
        schema = TYPED_SETTINGS.get(str(info.data.get("type")))
        if schema is None:
            return value
        return schema.model_validate(value).model_dump(mode="json", exclude_unset=True)


class Group(_Strict):
    id: Ident
    name: Annotated[str, StringConstraints(max_length=64)] = ""
    parent: Ident | None = None
    locked: BodyBool = False
    hidden: BodyBool = False


class ScreenDocument(_Strict):
    """A screen's design, schema_version 1."""

    schema_version: Literal[1] = 1
    canvas: Canvas = Field(default_factory=Canvas)
    elements: Annotated[list[Element], BeforeValidator(_element_count)] = Field(default_factory=list)
    groups: list[Group] = Field(default_factory=list, max_length=SCREEN_GROUPS_MAX)

    def data_source_ids(self) -> Iterator[tuple[int, int]]:
        """(element index, data source id) of every binding and every write."""
        for i, element in enumerate(self.elements):
            for binding in element.bindings.values():
                yield i, binding.data_source_id
            for action in element.actions:
                if isinstance(action, WriteValue):
                    yield i, action.data_source_id

    def animation_source_ids(self) -> Iterator[tuple[str, int]]:
        """(field, data source id) of every data source an animation reads, by itself or as an input."""
        for i, element in enumerate(self.elements):
            for j, animation in enumerate(element.animations):
                field = f"elements.{i}.animations.{j}"
                if animation.data_source_id is not None:
                    yield f"{field}.data_source_id", animation.data_source_id
                for key, binding in animation.inputs.items():
                    yield f"{field}.inputs.{key}", binding.data_source_id

    def screen_ids(self) -> Iterator[tuple[int, int]]:
        """(element index, screen id) of every jump and pop-up."""
        for i, element in enumerate(self.elements):
            for action in element.actions:
                if isinstance(action, JumpScreen | OpenPopup):
                    yield i, action.screen_id


def _strings(value: JsonValue) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def model_ids(document: ScreenDocument) -> Iterator[int]:
    """The gallery model of every 3D model element of a document."""
    for element in document.elements:
        if element.type == "model3d":
            model_id = element.settings.get("model_id")
            if isinstance(model_id, int) and not isinstance(model_id, bool):
                yield model_id


def image_urls(document: ScreenDocument) -> Iterator[str]:
    """Every place a document may name an image: the canvas background, each state's imgUrl and any text in an
    element's settings (an image element's source is a setting of the designer's registry)."""
    if document.canvas.background.image:
        yield document.canvas.background.image
    for element in document.elements:
        if element.states is not None:
            yield from (s.imgUrl for s in element.states.items if s.imgUrl)
        for value in element.settings.values():
            yield from _strings(value)


# --- checks that need no database ------------------------------------------------------------------------------


def version_of(document: dict[str, Any], default: int = LEGACY_VERSION) -> int:
    """The schema_version a document says it has (`default` when it says none or nonsense)."""
    value = document.get("schema_version", default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def too_large(document: Any) -> bool:
    return len(json.dumps(document, ensure_ascii=False).encode()) > SCREEN_DOCUMENT_MAX_BYTES


def animation_problem(document: ScreenDocument) -> tuple[str, ErrorCode, dict[str, object]] | None:
    """The first animation that cannot run as written, as (field, code, text values): both or neither of a data
    source and an expression, an empty input range (115224), an expression that does not parse, calls an unknown
    function, names no input of its own or is too long or deep (115219-115222)."""
    for i, element in enumerate(document.elements):
        for j, animation in enumerate(element.animations):
            field = f"elements.{i}.animations.{j}"
            if (animation.data_source_id is None) == (animation.expression is None):
                return field, ErrorCode.ANIMATION_INVALID, {}
            if isinstance(animation, _Ranged) and not animation.min < animation.max:
                return f"{field}.max", ErrorCode.ANIMATION_INVALID, {}
            if animation.expression is not None:
                try:
                    expression.check(animation.expression, set(animation.inputs))
                except expression.ExpressionError as e:
                    return f"{field}.expression", e.code, e.params
    return None


def references(document: ScreenDocument) -> list[str]:
    """What a well-formed document still gets wrong inside itself: duplicate ids, unknown groups."""
    problems = []
    ids = [e.id for e in document.elements]
    group_ids = [g.id for g in document.groups]
    if len(set(ids)) != len(ids):
        problems.append("elements")
    if len(set(group_ids)) != len(group_ids):
        problems.append("groups")
    known = set(group_ids)
    for i, element in enumerate(document.elements):
        if element.group is not None and element.group not in known:
            problems.append(f"elements.{i}.group")
    for i, group in enumerate(document.groups):
        if group.parent is not None and group.parent not in known:
            problems.append(f"groups.{i}.parent")
    return problems


def attachments(document: ScreenDocument) -> tuple[ErrorCode, str] | None:
    """The first attachment the document gets wrong, as (code, field): an attach on an element that is no pipe, line
    or polyline (115227), an end attached to the element itself (115226) or to an id the document lacks (115225)."""
    ids = {e.id for e in document.elements}
    for i, element in enumerate(document.elements):
        if element.attach is None:
            continue
        if element.type not in PATH_TYPES and (element.attach.start or element.attach.end):
            return ErrorCode.ELEMENT_ATTACH_TYPE, f"elements.{i}.attach"
        for end in ("start", "end"):
            anchor: Anchor | None = getattr(element.attach, end)
            if anchor is None:
                continue
            if anchor.element == element.id:
                return ErrorCode.ELEMENT_ATTACH_SELF, f"elements.{i}.attach.{end}"
            if anchor.element not in ids:
                return ErrorCode.ELEMENT_ATTACH_TARGET_UNKNOWN, f"elements.{i}.attach.{end}"
    return None


# --- upgrading older documents ---------------------------------------------------------------------------------


def _legacy_element(i: int, raw: Any) -> dict[str, Any] | None:
    """A version 0 element ({type, x, y, w, h, ...free keys}) as a version 1 element, or None when it cannot be."""
    if not isinstance(raw, dict) or raw.get("type") not in ELEMENT_TYPES:
        return None
    placement = {k: raw[k] for k in ("x", "y", "w", "h", "rotation") if isinstance(raw.get(k), int | float)}
    settings = {
        k: v for k, v in raw.items() if k not in ("id", "type", "x", "y", "w", "h", "rotation") and _KEY.match(k)
    }
    candidate = {"id": f"e{i + 1}", "type": raw["type"], "placement": placement, "settings": settings}
    try:
        return Element.model_validate(candidate).model_dump(mode="json")
    except ValidationError:
        return None


def _from_0(document: dict[str, Any]) -> dict[str, Any]:
    """Version 0, the free object stored before the schema: its known elements keep their place and their own keys
    (as settings, a data source's name included); the background colour moves to the canvas; the rest is dropped."""
    background = document.get("background")
    colour = background.get("color") if isinstance(background, dict) else None
    try:
        canvas = Canvas.model_validate({"background": {"color": colour}}).model_dump(mode="json")
    except ValidationError:
        canvas = Canvas().model_dump(mode="json")
    raw_elements = document.get("elements")
    elements = [
        e
        for e in (
            _legacy_element(i, raw) for i, raw in enumerate(raw_elements if isinstance(raw_elements, list) else [])
        )
        if e is not None
    ]
    return {"schema_version": 1, "canvas": canvas, "elements": elements[:SCREEN_ELEMENTS_MAX], "groups": []}


# Step n turns a document of version n into one of version n + 1.
_STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _from_0}


def upgrade(document: dict[str, Any] | None) -> ScreenDocument:
    """A stored document of any version up to the current one, as the current schema. Never refuses an older
    document: one that cannot be read (a row written by hand) reads as an empty screen."""
    current = dict(document or {})
    version = version_of(current)
    while version < SCREEN_SCHEMA_VERSION and version in _STEPS:
        current = _STEPS[version](current)
        version += 1
    try:
        return ScreenDocument.model_validate(current)
    except ValidationError:
        return ScreenDocument()


def remap(document: ScreenDocument, sources: dict[int, int], screens: dict[int, int]) -> ScreenDocument:
    """The document of a copied template: each data source and screen id replaced by its copy's (ids without a copy
    are kept, and a publish of the copy refuses them)."""
    copied = document.model_copy(deep=True)
    for element in copied.elements:
        for animation in element.animations:
            if animation.data_source_id is not None:
                animation.data_source_id = sources.get(animation.data_source_id, animation.data_source_id)
            for binding in animation.inputs.values():
                binding.data_source_id = sources.get(binding.data_source_id, binding.data_source_id)
        for binding in element.bindings.values():
            binding.data_source_id = sources.get(binding.data_source_id, binding.data_source_id)
        for action in element.actions:
            if isinstance(action, WriteValue):
                action.data_source_id = sources.get(action.data_source_id, action.data_source_id)
            elif isinstance(action, JumpScreen | OpenPopup):
                action.screen_id = screens.get(action.screen_id, action.screen_id)
    return copied
