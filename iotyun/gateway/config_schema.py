"""The gateway's configuration document (`GET /api/dev/config`, docs/device-protocol.md): the one schema the server
builds, its ingest reads and the gateway agent checks what it fetches against.

It lives with the gateway because the agent ships alone and imports nothing of the server; the server imports it
from here (docs/architecture.md). It depends on pydantic only.

Keys a newer or older server adds are ignored, so an agent keeps running on what it knows. A missing key without a
default fails validation: the agent refuses the document and keeps its last good configuration. The keys with a
default are the ones a gateway can do without; the server always sends every key (the OpenAPI document marks them
all as present in its answer)."""

from pydantic import BaseModel, ConfigDict, Field, ValidationError


class _Part(BaseModel):
    model_config = ConfigDict(extra="ignore", json_schema_serialization_defaults_required=True)


class FaultConfig(_Part):
    """One alarm condition of a data source: the server evaluates it on ingest; the gateway need not act on it."""

    kind: str = "compare"  # "compare" (op against threshold) or "bit" (bit_index of the raw value set)
    op: str | None = None  # gt, ge, lt, le, eq, ne
    # As the designer stored it: an integer threshold stays an integer on the wire.
    threshold: int | float | None = None
    bit_index: int | None = None
    alarm_name: str = ""
    level: int = 1
    info: str = ""


class GroupConfig(_Part):
    """A data-source group of the template."""

    id: int
    name: str = ""


class DataSourceConfig(_Part):
    """One data source as the gateway reads it: where (area, address, bit), how (type, orders, scale, offset),
    whether it may be written and within which range, how the server records it and when it raises an alarm."""

    id: int
    name: str = ""
    group_id: int | None = None
    data_type: str  # bit, int16, uint16, int32, uint32, float32, float64, string
    area: str  # coil, discrete, input, holding
    address: int  # the 0-based Modbus protocol address
    bit_index: int | None = None  # a bit inside a register (data type bit in input/holding)
    byte_order: str = "big"
    word_order: str = "big"
    string_length: int | None = None
    rw: str = "r"  # "r" or "rw"
    scale: float = 1.0  # shown value = raw × scale + offset
    offset: float = 0.0
    unit: str = ""
    decimals: int = 2
    min_value: float | None = None  # the range a write must lie in, when set
    max_value: float | None = None
    history: str = "off"  # off, change, interval
    history_interval_s: int | None = None
    aggregate: str = "avg"
    faults: list[FaultConfig] = Field(default_factory=list)
    # Data version 2.0: the SN of the gateway that reads this variable; None: the requesting gateway itself.
    device_sn: str | None = None


class GatewayConfig(_Part):
    """The publication of the template bound to the gateway's device: what it reads and how."""

    sn_code: str
    template_id: int
    version: int
    published_at: int | None = None  # epoch milliseconds
    data_version: str = "1.0"
    groups: list[GroupConfig] = Field(default_factory=list)
    data_sources: list[DataSourceConfig] = Field(default_factory=list)


def problems(error: ValidationError) -> str:
    """A validation error in one line, each problem as `where: what` (e.g. `data_sources.0.id: Field required`)."""
    return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or '-'}: {e['msg']}" for e in error.errors())
