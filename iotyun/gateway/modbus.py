"""Modbus side of the gateway: data-source configs ↔ registers (codec), read blocks (planner) and the TCP poller."""

from __future__ import annotations

import asyncio
import logging
import math
import struct
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Protocol

from pymodbus.client import AsyncModbusTcpClient
from pymodbus.exceptions import ModbusException

from iotyun.gateway.config_schema import DataSourceConfig, FaultConfig

log = logging.getLogger("iotyun.gateway.modbus")

Value = bool | int | float | str | None
# A read result: the shown value and its quality (docs/device-protocol.md "Values batch").
Reading = tuple[Value, int]

Q_GOOD, Q_FAILED, Q_STALE = 0, 1, 2

AREAS = ("coil", "discrete", "input", "holding")
BIT_AREAS = ("coil", "discrete")
WRITABLE_AREAS = ("coil", "holding")
_STRUCT = {"int16": "h", "uint16": "H", "int32": "i", "uint32": "I", "float32": "f", "float64": "d"}
_REGISTERS = {"bit": 1, "int16": 1, "uint16": 1, "int32": 2, "uint32": 2, "float32": 2, "float64": 4}
INTEGER_TYPES = ("int16", "uint16", "int32", "uint32")
FLOAT_TYPES = ("float32", "float64")
DATA_TYPES = ("bit", *INTEGER_TYPES, *FLOAT_TYPES, "string")
_INT_RANGE = {"int16": (-(2**15), 2**15 - 1), "uint16": (0, 2**16 - 1), "int32": (-(2**31), 2**31 - 1)}
_INT_RANGE["uint32"] = (0, 2**32 - 1)

# Modbus limits a read to 125 registers / 2000 bits; 120 leaves room for devices that answer fewer.
MAX_READ_REGISTERS = 120
MAX_READ_BITS = 2000
MAX_GAP = 8


class WriteRefused(Exception):
    """A write the gateway does not execute; `error` is the ack's error string (docs/device-protocol.md "Writes")."""

    def __init__(self, error: str) -> None:
        super().__init__(error)
        self.error = error


@dataclass(slots=True)
class Point:
    """One data source as the gateway reads it (a `data_sources` entry of `/api/dev/config`)."""

    id: int
    name: str = ""
    data_type: str = "uint16"
    area: str = "holding"
    address: int = 0
    bit_index: int | None = None
    byte_order: str = "big"
    word_order: str = "big"
    string_length: int | None = None
    rw: str = "r"
    scale: float = 1.0
    offset: float = 0.0
    decimals: int = 2
    min_value: float | None = None
    max_value: float | None = None
    faults: list[FaultConfig] = field(default_factory=list)
    device_sn: str | None = None

    @classmethod
    def from_config(cls, ds: DataSourceConfig) -> Point:
        """One validated config entry as a point; ValueError when the gateway cannot read it (an unknown type or
        area, a type its area cannot hold, a string without length, an address out of range)."""
        # The entry's own keys, as they are; two that a point reads its own way; the faults kept as models.
        own = {f.name for f in fields(cls)} - {"scale", "decimals", "faults"}
        point = cls(
            **ds.model_dump(include=own),
            scale=ds.scale or 1.0,
            decimals=max(0, ds.decimals),
            faults=list(ds.faults),
        )
        if point.data_type not in DATA_TYPES:
            raise ValueError(f"data_type {point.data_type!r}")
        if point.area not in AREAS:
            raise ValueError(f"area {point.area!r}")
        if point.area in BIT_AREAS and point.data_type != "bit":
            raise ValueError(f"{point.data_type} in the {point.area} area")
        if point.data_type == "string" and not point.string_length:
            raise ValueError("string without string_length")
        if not 0 <= point.address <= 65535:
            raise ValueError(f"address {point.address}")
        return point

    @property
    def in_bit_area(self) -> bool:
        return self.area in BIT_AREAS

    @property
    def width(self) -> int:
        """Registers (or bits, in a bit area) the point spans."""
        if self.in_bit_area:
            return 1
        if self.data_type == "string":
            return (int(self.string_length or 0) + 1) // 2
        return _REGISTERS[self.data_type]

    @property
    def is_numeric(self) -> bool:
        return self.data_type in INTEGER_TYPES or self.data_type in FLOAT_TYPES


# --- codec ------------------------------------------------------------------------------------------------------


def _swap_bytes(raw: bytes) -> bytes:
    out = bytearray(raw)
    out[0::2], out[1::2] = raw[1::2], raw[0::2]
    return bytes(out)


def registers_to_bytes(point: Point, registers: Sequence[int]) -> bytes:
    words = list(registers[: point.width])
    if len(words) < point.width:
        raise ValueError("short read")
    # Strings are byte sequences, not numbers: only the byte order inside each word applies to them.
    if point.word_order == "little" and point.data_type != "string":
        words.reverse()
    raw = b"".join((w & 0xFFFF).to_bytes(2, "big") for w in words)
    return _swap_bytes(raw) if point.byte_order == "little" else raw


def bytes_to_registers(point: Point, raw: bytes) -> list[int]:
    if point.byte_order == "little":
        raw = _swap_bytes(raw)
    words = [int.from_bytes(raw[i : i + 2], "big") for i in range(0, len(raw), 2)]
    if point.word_order == "little" and point.data_type != "string":
        words.reverse()
    return words


def shown(point: Point, raw: float) -> int | float | None:
    """raw × scale + offset, rounded to the point's decimals (an int when it has none); None when not finite."""
    value = raw * point.scale + point.offset
    if not math.isfinite(value):
        return None
    if point.decimals <= 0:
        return round(value)
    return round(value, point.decimals)


def decode(point: Point, data: Sequence[int] | Sequence[bool]) -> Value:
    """Registers (or bits) starting at the point's address → the shown value."""
    if point.in_bit_area:
        return bool(data[0])
    if point.data_type == "bit":
        return bool((int(data[0]) >> (point.bit_index or 0)) & 1)
    raw = registers_to_bytes(point, [int(r) for r in data])
    if point.data_type == "string":
        return raw.decode("utf-8", errors="replace").replace("\x00", "")
    number: float = struct.unpack(">" + _STRUCT[point.data_type], raw)[0]
    return shown(point, number)


def _as_bit(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    raise WriteRefused("range")


def check_write(point: Point, value: Any) -> Value:
    """The value a write of `value` puts on the point, normalized; WriteRefused ("readonly", "range") otherwise."""
    if point.rw != "rw" or point.area not in WRITABLE_AREAS:
        raise WriteRefused("readonly")
    if point.data_type == "bit":
        return _as_bit(value)
    if point.data_type == "string":
        if not isinstance(value, str) or len(value.encode()) > int(point.string_length or 0):
            raise WriteRefused("range")
        return value
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise WriteRefused("range")
    if (point.min_value is not None and value < point.min_value) or (
        point.max_value is not None and value > point.max_value
    ):
        raise WriteRefused("range")
    encode(point, value)
    return value


def encode(point: Point, value: Any) -> list[int]:
    """The shown value → the point's registers ((v − offset) / scale); WriteRefused("range") when it does not fit.
    Bits have no registers of their own: see encode_bit."""
    if point.data_type == "string":
        raw = str(value).encode()
        size = point.width * 2
        if len(raw) > int(point.string_length or 0):
            raise WriteRefused("range")
        return bytes_to_registers(point, raw.ljust(size, b"\x00"))
    if point.data_type == "bit":
        raise ValueError("bits are written with encode_bit")
    raw_value = (float(value) - point.offset) / point.scale
    if point.data_type in INTEGER_TYPES:
        integer = round(raw_value)
        low, high = _INT_RANGE[point.data_type]
        if not low <= integer <= high:
            raise WriteRefused("range")
        packed = struct.pack(">" + _STRUCT[point.data_type], integer)
    else:
        try:
            packed = struct.pack(">" + _STRUCT[point.data_type], raw_value)
        except OverflowError:
            raise WriteRefused("range") from None
    return bytes_to_registers(point, packed)


def encode_bit(point: Point, register: int, value: bool) -> int:
    """A register with the point's bit set to `value` and every other bit kept."""
    mask = 1 << (point.bit_index or 0)
    return (register | mask) if value else (register & ~mask & 0xFFFF)


# --- read planner -----------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Block:
    """One read request: `count` registers (or bits) of `area` from `start`, covering `points`."""

    area: str
    start: int
    count: int
    points: list[Point]

    @property
    def end(self) -> int:
        return self.start + self.count


def plan(
    points: Iterable[Point],
    max_registers: int = MAX_READ_REGISTERS,
    max_bits: int = MAX_READ_BITS,
    max_gap: int = MAX_GAP,
) -> list[Block]:
    """Group points per area into contiguous read blocks, merging gaps of at most `max_gap` addresses."""
    by_area: dict[str, list[Point]] = {}
    for p in points:
        by_area.setdefault(p.area, []).append(p)
    blocks: list[Block] = []
    for area in AREAS:
        limit = max_bits if area in BIT_AREAS else max_registers
        current: Block | None = None
        for p in sorted(by_area.get(area, []), key=lambda q: (q.address, q.width)):
            p_end = p.address + p.width
            if (
                current is not None
                and p.address - current.end <= max_gap
                and max(current.end, p_end) - current.start <= limit
            ):
                current.count = max(current.end, p_end) - current.start
                current.points.append(p)
                continue
            current = Block(area, p.address, p.width, [p])
            blocks.append(current)
    return blocks


# --- value sources ----------------------------------------------------------------------------------------------


class ValueSource(Protocol):
    """Where a gateway's values come from: a PLC over Modbus TCP, or the simulator."""

    def configure(self, points: Sequence[Point]) -> None: ...

    async def read_all(self) -> dict[int, Reading]: ...

    async def write(self, point: Point, value: Any) -> Value: ...

    async def close(self) -> None: ...


class ModbusPoller:
    """Reads a device's points over Modbus TCP in planned blocks and executes writes."""

    def __init__(self, host: str, port: int = 502, device_id: int = 1, timeout: float = 3.0) -> None:
        self.host, self.port, self.device_id, self.timeout = host, port, device_id, timeout
        self._client_instance: AsyncModbusTcpClient | None = None
        self._lock = asyncio.Lock()
        self._blocks: list[Block] = []
        self._next_connect = 0.0
        self._backoff = 1.0
        self._was_connected = False

    @property
    def _client(self) -> AsyncModbusTcpClient:
        # Made on first use: pymodbus binds its client to the running event loop.
        if self._client_instance is None:
            # Reconnection is ours (with backoff between polls), not pymodbus's background loop.
            self._client_instance = AsyncModbusTcpClient(
                self.host, port=self.port, timeout=self.timeout, retries=1, reconnect_delay=0
            )
        return self._client_instance

    def configure(self, points: Sequence[Point]) -> None:
        self._blocks = plan(points)

    @property
    def blocks(self) -> list[Block]:
        return self._blocks

    async def _ensure_connected(self) -> bool:
        if self._client.connected:
            return True
        now = time.monotonic()
        if now < self._next_connect:
            return False
        ok = await self._client.connect()
        if ok:
            self._backoff = 1.0
            self._was_connected = True
            log.info("modbus %s:%s connected", self.host, self.port)
            return True
        self._next_connect = now + self._backoff
        if self._was_connected or self._backoff == 1.0:
            log.warning("modbus %s:%s unreachable, retrying in %.0f s", self.host, self.port, self._backoff)
        self._was_connected = False
        self._backoff = min(self._backoff * 2, 30.0)
        return False

    async def _read(self, block: Block) -> Sequence[int] | Sequence[bool]:
        c, start, count, dev = self._client, block.start, block.count, self.device_id
        if block.area == "coil":
            rr = await c.read_coils(start, count=count, device_id=dev)
        elif block.area == "discrete":
            rr = await c.read_discrete_inputs(start, count=count, device_id=dev)
        elif block.area == "input":
            rr = await c.read_input_registers(start, count=count, device_id=dev)
        else:
            rr = await c.read_holding_registers(start, count=count, device_id=dev)
        if rr.isError():
            raise ModbusException(str(rr))
        return rr.bits if block.area in BIT_AREAS else rr.registers

    async def read_all(self) -> dict[int, Reading]:
        """Every configured point's (value, quality); a block whose read failed gives (None, 1) for its points."""
        out: dict[int, Reading] = {}
        async with self._lock:
            connected = await self._ensure_connected()
            for block in self._blocks:
                data: Sequence[int] | Sequence[bool] | None = None
                if connected:
                    try:
                        data = await self._read(block)
                    except (TimeoutError, ModbusException, OSError) as exc:
                        log.warning("modbus read %s %d+%d failed: %s", block.area, block.start, block.count, exc)
                        connected = self._client.connected
                for p in block.points:
                    if data is None:
                        out[p.id] = (None, Q_FAILED)
                        continue
                    try:
                        value = decode(p, data[p.address - block.start :])
                    except (ValueError, struct.error, IndexError):
                        value = None
                    out[p.id] = (value, Q_GOOD if value is not None else Q_FAILED)
        return out

    async def write(self, point: Point, value: Any) -> Value:
        """Write the shown value and answer the value read back; WriteRefused on a refused or failed write."""
        value = check_write(point, value)
        async with self._lock:
            if not await self._ensure_connected():
                raise WriteRefused(f"modbus: {self.host}:{self.port} unreachable")
            try:
                await self._write(point, value)
                block = Block(point.area, point.address, point.width, [point])
                return decode(point, await self._read(block))
            except (TimeoutError, ModbusException, OSError) as exc:
                raise WriteRefused(f"modbus: {exc}") from exc

    async def _write(self, point: Point, value: Any) -> None:
        c, dev = self._client, self.device_id
        if point.area == "coil":
            rr = await c.write_coil(point.address, bool(value), device_id=dev)
        elif point.data_type == "bit":
            # A bit inside a holding register: keep the register's other bits.
            current = await c.read_holding_registers(point.address, count=1, device_id=dev)
            if current.isError():
                raise ModbusException(str(current))
            register = encode_bit(point, current.registers[0], bool(value))
            rr = await c.write_register(point.address, register, device_id=dev)
        else:
            registers = encode(point, value)
            if len(registers) == 1:
                rr = await c.write_register(point.address, registers[0], device_id=dev)
            else:
                rr = await c.write_registers(point.address, registers, device_id=dev)
        if rr.isError():
            raise ModbusException(str(rr))

    async def close(self) -> None:
        if self._client_instance is not None:
            self._client_instance.close()
