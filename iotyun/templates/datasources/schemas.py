"""Request and response models of /yun/module/dataSource, and the data-source rules that need no database (each
refusal carries its catalogue code, docs/api-templates.md "DataSourceOut")."""

import math
from typing import Annotated, Any, Literal, Self, TypeGuard

from pydantic import AfterValidator, BaseModel, BeforeValidator, Field, model_validator

from iotyun.core.errors import ErrorCode
from iotyun.core.limits import (
    AGGREGATES,
    ALARM_INFO_MAX,
    ALARM_LEVEL_MAX,
    ALARM_LEVEL_MIN,
    ALARM_NAME_MAX,
    BIT_AREAS,
    BYTE_ORDERS,
    DATA_SOURCE_UNIT_MAX,
    DATA_TYPE_REGISTERS,
    DATA_TYPES,
    DECIMALS_MAX,
    FAULT_BIT_MAX,
    FAULT_OPS,
    FAULTS_PER_DATA_SOURCE_MAX,
    HISTORY_INTERVAL_MAX_S,
    HISTORY_MODES,
    READ_ONLY_AREAS,
    REGISTER_ADDRESS_MAX,
    REGISTER_AREAS,
    REGISTER_BIT_MAX,
    STRING_LENGTH_MAX,
    DataSourceGroupName,
    DataSourceName,
    Stripped,
    rule_error,
)
from iotyun.core.texts import ShownName

RW_MODES = ("r", "rw")
FAULT_KINDS = ("compare", "bit")
# The same choices as response types, so the OpenAPI document names them (the request side checks them with codes).
RwName = Literal["r", "rw"]
ByteOrderName = Literal["big", "little"]
FaultKindName = Literal["compare", "bit"]
# Characters per register of a string.
STRING_CHARS_PER_REGISTER = 2


def _one_of(choices: tuple[str, ...], code: ErrorCode) -> AfterValidator:
    def check(value: str) -> str:
        if value not in choices:
            raise rule_error(code)
        return value

    return AfterValidator(check)


def _between(low: int, high: int, code: ErrorCode) -> AfterValidator:
    def check(value: int | None) -> int | None:
        if value is not None and not low <= value <= high:
            raise rule_error(code)
        return value

    return AfterValidator(check)


def _not_zero(value: float) -> float:
    if value == 0:
        raise rule_error(ErrorCode.PARAM_INVALID)
    return value


def _unit(value: str) -> str:
    if len(value) > DATA_SOURCE_UNIT_MAX:
        raise rule_error(ErrorCode.PARAM_INVALID)
    return value


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(value)


def _fault(item: Any) -> dict[str, Any]:
    """One alarm condition, normalized to every key (115409 for the condition, 115410 for the level)."""
    bad = rule_error(ErrorCode.ALARM_CONDITION_INVALID, "faults")
    if not isinstance(item, dict):
        raise bad
    kind = item.get("kind")
    op, threshold, bit_index = item.get("op"), item.get("threshold"), item.get("bit_index")
    if kind == "compare":
        if op not in FAULT_OPS or not _is_number(threshold):
            raise bad
        bit_index = None
    elif kind == "bit":
        if not _is_int(bit_index) or not 0 <= bit_index <= FAULT_BIT_MAX:
            raise bad
        op = threshold = None
    else:
        raise bad
    name, info = item.get("alarm_name"), item.get("info") or ""
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= ALARM_NAME_MAX:
        raise bad
    if not isinstance(info, str) or len(info) > ALARM_INFO_MAX:
        raise bad
    level = item.get("level")
    if not _is_int(level) or not ALARM_LEVEL_MIN <= level <= ALARM_LEVEL_MAX:
        raise rule_error(ErrorCode.ALARM_LEVEL_INVALID, "faults")
    return {
        "kind": kind,
        "op": op,
        "threshold": threshold,
        "bit_index": bit_index,
        "alarm_name": name.strip(),
        "level": level,
        "info": info,
    }


def _faults(value: Any) -> list[dict[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > FAULTS_PER_DATA_SOURCE_MAX:
        raise rule_error(ErrorCode.ALARM_CONDITION_INVALID, "faults")
    return [_fault(item) for item in value]


DataType = Annotated[str, _one_of(DATA_TYPES, ErrorCode.DATA_SOURCE_TYPE_INVALID)]
ByteOrder = Annotated[str, _one_of(BYTE_ORDERS, ErrorCode.DATA_SOURCE_TYPE_INVALID)]
RegisterArea = Annotated[str, _one_of(REGISTER_AREAS, ErrorCode.REGISTER_ADDRESS_INVALID)]
RwMode = Annotated[str, _one_of(RW_MODES, ErrorCode.REGISTER_ADDRESS_INVALID)]
HistoryMode = Annotated[str, _one_of(HISTORY_MODES, ErrorCode.HISTORY_SETTING_INVALID)]
Aggregate = Annotated[str, _one_of(AGGREGATES, ErrorCode.HISTORY_SETTING_INVALID)]
Address = Annotated[int, _between(0, REGISTER_ADDRESS_MAX, ErrorCode.REGISTER_ADDRESS_INVALID)]
RegisterBit = Annotated[int | None, _between(0, REGISTER_BIT_MAX, ErrorCode.REGISTER_ADDRESS_INVALID)]
StringLength = Annotated[int | None, _between(1, STRING_LENGTH_MAX, ErrorCode.DATA_SOURCE_TYPE_INVALID)]
HistoryInterval = Annotated[int | None, _between(1, HISTORY_INTERVAL_MAX_S, ErrorCode.HISTORY_SETTING_INVALID)]
Decimals = Annotated[int, _between(0, DECIMALS_MAX, ErrorCode.PARAM_INVALID)]
Finite = Annotated[float, Field(allow_inf_nan=False)]
Scale = Annotated[Finite, AfterValidator(_not_zero)]
Unit = Annotated[str, Stripped, AfterValidator(_unit)]
Faults = Annotated[list[dict[str, Any]], BeforeValidator(_faults)]


def registers(data_type: str, string_length: int | None) -> int:
    """Registers (or bits) a value of this type spans from its address."""
    if data_type == "string":
        return math.ceil((string_length or 1) / STRING_CHARS_PER_REGISTER)
    return DATA_TYPE_REGISTERS[data_type]


class DataSourceSpec(BaseModel):
    """A data source's own settings, checked field by field and then together; settings that do not apply to the
    type, area or history mode (bit_index, string_length, history_interval_s) are stored empty."""

    name: DataSourceName
    data_type: DataType
    area: RegisterArea
    address: Address
    bit_index: RegisterBit = None
    byte_order: ByteOrder = "big"
    word_order: ByteOrder = "big"
    string_length: StringLength = None
    rw: RwMode = "r"
    scale: Scale = 1.0
    offset: Finite = 0.0
    unit: Unit = ""
    decimals: Decimals = 2
    min_value: Finite | None = None
    max_value: Finite | None = None
    history: HistoryMode = "off"
    history_interval_s: HistoryInterval = None
    aggregate: Aggregate = "avg"
    faults: Faults = Field(default_factory=list)
    # Data version 2.0 only (checked against the template): the real device the value is read from.
    device_id: int | None = None

    @model_validator(mode="after")
    def _together(self) -> Self:
        bad_address = ErrorCode.REGISTER_ADDRESS_INVALID
        if self.data_type == "bit":
            if self.area in BIT_AREAS:
                self.bit_index = None
            elif self.bit_index is None:
                raise rule_error(bad_address, "bit_index")
        else:
            if self.area not in ("input", "holding"):
                raise rule_error(bad_address, "area")
            self.bit_index = None
        if self.data_type == "string":
            if self.string_length is None:
                raise rule_error(ErrorCode.DATA_SOURCE_TYPE_INVALID, "string_length")
        else:
            self.string_length = None
        if self.address + registers(self.data_type, self.string_length) - 1 > REGISTER_ADDRESS_MAX:
            raise rule_error(bad_address, "address")
        if self.rw == "rw" and self.area in READ_ONLY_AREAS:
            raise rule_error(bad_address, "rw")
        if (self.min_value is None) != (self.max_value is None):
            raise rule_error(
                ErrorCode.DATA_SOURCE_RANGE_INVALID, "min_value" if self.min_value is None else "max_value"
            )
        if self.min_value is not None and self.max_value is not None and self.min_value > self.max_value:
            raise rule_error(ErrorCode.DATA_SOURCE_RANGE_INVALID, "min_value")
        if self.history == "interval":
            if self.history_interval_s is None:
                raise rule_error(ErrorCode.HISTORY_SETTING_INVALID, "history_interval_s")
        else:
            self.history_interval_s = None
        return self


class DataSourceIn(DataSourceSpec):
    """group_id left out: the template's default group."""

    template_id: int
    group_id: int | None = None
    sort: int | None = None


class DataSourceUpdateIn(DataSourceSpec):
    """Every setting is replaced; group_id and sort left out stay as they are."""

    id: int
    group_id: int | None = None
    sort: int | None = None


class DataSourceDeleteIn(BaseModel):
    template_id: int
    ids: list[int] = Field(min_length=1, max_length=5000)


class FaultOut(BaseModel):
    # Defaults: a condition stored before every key was normalized (an older demo seed) still reads.
    kind: FaultKindName
    op: str | None = None
    threshold: float | None = None
    bit_index: int | None = None
    alarm_name: str
    level: int
    info: str = ""


class DataSourceOut(BaseModel):
    id: int
    template_id: int
    group_id: int
    group_name: ShownName
    name: str
    data_type: str
    area: str
    address: int
    bit_index: int | None
    byte_order: ByteOrderName
    word_order: ByteOrderName
    string_length: int | None
    rw: RwName
    scale: float
    offset: float
    unit: str
    decimals: int
    min_value: float | None
    max_value: float | None
    history: str
    history_interval_s: int | None
    aggregate: str
    faults: list[FaultOut]
    device_id: int | None
    device_sn: str | None
    sort: int
    created_at: int


class DataSourceGroupIn(BaseModel):
    template_id: int
    name: DataSourceGroupName


class DataSourceGroupUpdateIn(BaseModel):
    id: int
    name: DataSourceGroupName


class DataSourceGroupOut(BaseModel):
    id: int
    template_id: int
    name: ShownName
    is_default: bool
    sort: int
    # Data sources in the group.
    count: int


class ImportErrorOut(BaseModel):
    row: int
    field: str | None
    code: int
    message: str


class ImportReportOut(BaseModel):
    total: int
    created: int
    updated: int
    failed: int
    errors: list[ImportErrorOut]
