"""Request and response models of a template's monitoring tables and their design (docs/api-templates.md
"Monitoring tables").

The design is strict (an unknown field is refused, so a typo is never silently lost) and versioned like a screen's
document: `schema_version` 1 today."""

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import BodyBool
from iotyun.core.limits import (
    MIDDLEWARE_BANDS_MAX,
    MIDDLEWARE_COLUMN_TITLE_MAX,
    MIDDLEWARE_COLUMN_WIDTH_RANGE,
    MIDDLEWARE_COLUMNS_MAX,
    MIDDLEWARE_DECIMALS_MAX,
    MIDDLEWARE_DESCRIPTION_MAX,
    MIDDLEWARE_ROW_HEIGHT_RANGE,
    MIDDLEWARE_STALE_DEFAULT_S,
    MIDDLEWARE_STALE_RANGE_S,
    MiddlewareName,
    rule_error,
)

DESIGN_SCHEMA_VERSION = 1  # MonitorTableDesign.schema_version
_COLOR = r"^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$"

Color = Annotated[str, Field(pattern=_COLOR)]
Title = Annotated[str, Field(max_length=MIDDLEWARE_COLUMN_TITLE_MAX)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_serialization_defaults_required=True)


class Band(_Strict):
    """A colour band: a value in [min, max) (either end open when null) is drawn in `color` on `background`."""

    min: float | None = None
    max: float | None = None
    color: Color | None = None
    background: Color | None = None

    @model_validator(mode="after")
    def _ordered(self) -> "Band":
        if self.min is not None and self.max is not None and self.min >= self.max:
            raise ValueError("min must be below max")
        if self.color is None and self.background is None:
            raise ValueError("a band needs a colour or a background")
        return self


class Column(_Strict):
    """One data source of the template as a column."""

    source_id: int
    # Empty: the data source's name.
    title: Title = ""
    # A header over consecutive columns with the same group; empty: none.
    group: Title = ""
    width: int = Field(default=120, ge=MIDDLEWARE_COLUMN_WIDTH_RANGE[0], le=MIDDLEWARE_COLUMN_WIDTH_RANGE[1])
    # Null: the data source's own decimals and unit.
    decimals: int | None = Field(default=None, ge=0, le=MIDDLEWARE_DECIMALS_MAX)
    unit: str | None = Field(default=None, max_length=16)
    thousands: BodyBool = False
    align: Literal["left", "center", "right"] = "right"
    # Frozen columns stay on the left while the table scrolls sideways.
    frozen: BodyBool = False
    bands: list[Band] = Field(default_factory=list, max_length=MIDDLEWARE_BANDS_MAX)


class DeviceColumn(_Strict):
    """The first column: the device."""

    title: Title = ""
    width: int = Field(default=180, ge=MIDDLEWARE_COLUMN_WIDTH_RANGE[0], le=MIDDLEWARE_COLUMN_WIDTH_RANGE[1])
    show_sn: BodyBool = True
    show_state: BodyBool = True
    frozen: BodyBool = True


class MonitorTableDesign(_Strict):
    schema_version: Literal[1] = 1
    columns: list[Column] = Field(default_factory=list, max_length=MIDDLEWARE_COLUMNS_MAX)
    device: DeviceColumn = Field(default_factory=DeviceColumn)
    row_height: int = Field(default=36, ge=MIDDLEWARE_ROW_HEIGHT_RANGE[0], le=MIDDLEWARE_ROW_HEIGHT_RANGE[1])
    # A value older than this is greyed as stale.
    stale_after_s: int = Field(
        default=MIDDLEWARE_STALE_DEFAULT_S, ge=MIDDLEWARE_STALE_RANGE_S[0], le=MIDDLEWARE_STALE_RANGE_S[1]
    )

    @field_validator("columns")
    @classmethod
    def _each_source_once(cls, columns: list[Column]) -> list[Column]:
        seen: set[int] = set()
        for i, column in enumerate(columns):
            if column.source_id in seen:
                raise rule_error(ErrorCode.MIDDLEWARE_DESIGN_INVALID, f"design.columns.{i}.source_id")
            seen.add(column.source_id)
        return columns


def _design(value: Any, handler: ValidatorFunctionWrapHandler) -> MonitorTableDesign:
    """Any problem of a design as 115506 naming its place ("design.columns.3.width"); a rule's own code stays."""
    try:
        design: MonitorTableDesign = handler(value)
    except ValidationError as exc:
        first = exc.errors()[0]
        ctx = first.get("ctx") or {}
        if first.get("type") == "app_rule":
            raise rule_error(ErrorCode(int(ctx["code"])), ctx.get("field")) from None
        field = ".".join(["design", *(str(p) for p in first.get("loc", ()))])
        raise rule_error(ErrorCode.MIDDLEWARE_DESIGN_INVALID, field) from None
    return design


def _description(value: str) -> str:
    value = value.strip()
    if len(value) > MIDDLEWARE_DESCRIPTION_MAX:
        raise rule_error(ErrorCode.PARAM_INVALID, "description")
    return value


Description = Annotated[str, AfterValidator(_description)]


class MonitorTableIn(BaseModel):
    template_id: int
    name: MiddlewareName
    description: Description = ""
    # Left out: every data source of the template, in its order, as a column (at most the column limit).
    design: MonitorTableDesign | None = None

    @field_validator("design", mode="wrap")
    @classmethod
    def _check_design(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> MonitorTableDesign | None:
        return None if value is None else _design(value, handler)


class MonitorTableUpdateIn(BaseModel):
    """Fields left out stay. `revision` is the one the edit was loaded at: a save based on a replaced revision is
    refused (100023) unless `overwrite` says the editor chose to replace the other save knowingly."""

    id: int
    revision: int = Field(ge=0)
    overwrite: BodyBool = False
    name: MiddlewareName | None = None
    description: Description | None = None
    design: MonitorTableDesign | None = None

    @field_validator("design", mode="wrap")
    @classmethod
    def _check_design(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> MonitorTableDesign | None:
        return None if value is None else _design(value, handler)


class MonitorTableCopyIn(BaseModel):
    id: int
    name: MiddlewareName


class MonitorTableOrderIn(BaseModel):
    template_id: int
    ids: list[int] = Field(max_length=1000)


class MonitorTableSummary(BaseModel):
    id: int
    template_id: int
    name: str
    description: str
    sort: int
    revision: int
    columns: int
    updated_at: int


class SourceChoice(BaseModel):
    """A data source of the template, as the table designer offers it for a column."""

    id: int
    name: str
    group: str
    unit: str
    decimals: int
    data_type: str


class MonitorTableOut(MonitorTableSummary):
    design: MonitorTableDesign
    # Every data source of the template in its order (by group, then sort): what a column may show.
    sources: list[SourceChoice]
    # Column source ids whose data source the template no longer has (deleted since): shown as gaps, dropped at the
    # next save.
    missing_sources: list[int]
