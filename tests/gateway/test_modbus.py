"""The codec between data sources and Modbus registers, and the read planner."""

import struct

import pytest

from iotyun.gateway.config_schema import DataSourceConfig
from iotyun.gateway.modbus import (
    Point,
    WriteRefused,
    check_write,
    decode,
    encode,
    encode_bit,
    plan,
    registers_to_bytes,
)

ORDERS = [("big", "big"), ("big", "little"), ("little", "big"), ("little", "little")]


def point(**kw: object) -> Point:
    return Point.from_config(entry(**{"rw": "rw", **kw}))


def entry(**kw: object) -> DataSourceConfig:
    """A `data_sources` entry of the configuration: a uint16 holding register at 0 unless told otherwise."""
    return DataSourceConfig.model_validate({"id": 1, "data_type": "uint16", "area": "holding", "address": 0, **kw})


class TestDecodeEncode:
    @pytest.mark.parametrize(("byte_order", "word_order"), ORDERS)
    @pytest.mark.parametrize(
        ("data_type", "value"),
        [
            ("int16", -1234),
            ("uint16", 54321),
            ("int32", -123456789),
            ("uint32", 3_000_000_000),
            ("float32", 12.5),
            ("float64", -98765.4321),
        ],
    )
    def test_round_trip(self, data_type: str, value: float, byte_order: str, word_order: str) -> None:
        p = point(data_type=data_type, byte_order=byte_order, word_order=word_order, decimals=4)
        registers = encode(p, value)
        assert len(registers) == p.width
        assert decode(p, registers) == pytest.approx(value)

    def test_abcd_is_the_modbus_default(self) -> None:
        p = point(data_type="float32")
        assert encode(p, 1.0) == [0x3F80, 0x0000]

    def test_cdab_swaps_words(self) -> None:
        p = point(data_type="float32", word_order="little")
        assert encode(p, 1.0) == [0x0000, 0x3F80]

    def test_badc_swaps_bytes(self) -> None:
        p = point(data_type="float32", byte_order="little")
        assert encode(p, 1.0) == [0x803F, 0x0000]

    def test_float64_word_swap_reverses_the_four_words(self) -> None:
        p = point(data_type="float64", word_order="little")
        raw = struct.pack(">d", 3.5)
        words = [int.from_bytes(raw[i : i + 2], "big") for i in range(0, 8, 2)]
        assert encode(p, 3.5) == words[::-1]
        assert registers_to_bytes(p, words[::-1]) == raw

    def test_scale_offset_and_decimals(self) -> None:
        p = point(data_type="int16", scale=0.1, offset=-40, decimals=1)
        assert encode(p, 25.3) == [653]
        assert decode(p, [653]) == 25.3

    def test_no_decimals_gives_an_int(self) -> None:
        p = point(data_type="float32", decimals=0)
        value = decode(p, encode(p, 41.7))
        assert value == 42
        assert isinstance(value, int)

    def test_float32_is_rounded_to_decimals(self) -> None:
        p = point(data_type="float32", decimals=2)
        assert decode(p, encode(p, 0.82)) == 0.82

    def test_nan_reads_as_none(self) -> None:
        p = point(data_type="float32")
        assert decode(p, [0x7FC0, 0x0000]) is None

    @pytest.mark.parametrize("byte_order", ["big", "little"])
    def test_string(self, byte_order: str) -> None:
        p = point(data_type="string", string_length=7, byte_order=byte_order)
        registers = encode(p, "RUN")
        assert len(registers) == 4
        assert decode(p, registers) == "RUN"

    def test_string_big_endian_layout(self) -> None:
        p = point(data_type="string", string_length=4)
        assert encode(p, "AB") == [0x4142, 0x0000]

    def test_bit_in_a_coil(self) -> None:
        p = point(data_type="bit", area="coil")
        assert decode(p, [True]) is True
        assert decode(p, [False]) is False

    def test_bit_in_a_register(self) -> None:
        p = point(data_type="bit", area="holding", bit_index=3)
        assert decode(p, [0b1000]) is True
        assert decode(p, [0b0111]) is False
        assert encode_bit(p, 0b0001, True) == 0b1001
        assert encode_bit(p, 0xFFFF, False) == 0xFFF7


class TestCheckWrite:
    def test_readonly(self) -> None:
        with pytest.raises(WriteRefused, match="readonly"):
            check_write(point(data_type="int16", rw="r"), 1)

    def test_input_registers_are_readonly(self) -> None:
        with pytest.raises(WriteRefused, match="readonly"):
            check_write(point(data_type="int16", area="input"), 1)

    def test_out_of_min_max(self) -> None:
        p = point(data_type="float32", min_value=0, max_value=1.6)
        assert check_write(p, 1.6) == 1.6
        with pytest.raises(WriteRefused, match="range"):
            check_write(p, 1.61)
        with pytest.raises(WriteRefused, match="range"):
            check_write(p, -0.1)

    def test_outside_the_data_type(self) -> None:
        with pytest.raises(WriteRefused, match="range"):
            check_write(point(data_type="uint16"), 70000)
        with pytest.raises(WriteRefused, match="range"):
            check_write(point(data_type="int16"), "12")

    def test_string_too_long(self) -> None:
        with pytest.raises(WriteRefused, match="range"):
            check_write(point(data_type="string", string_length=2), "RUN")

    def test_bit_accepts_booleans_and_0_1(self) -> None:
        p = point(data_type="bit", area="coil")
        assert check_write(p, 1) is True
        assert check_write(p, False) is False
        with pytest.raises(WriteRefused, match="range"):
            check_write(p, 2)


class TestFromConfig:
    def test_rejects_a_word_type_in_a_bit_area(self) -> None:
        with pytest.raises(ValueError, match="coil"):
            Point.from_config(entry(data_type="int16", area="coil"))

    def test_rejects_a_string_without_length(self) -> None:
        with pytest.raises(ValueError, match="string_length"):
            Point.from_config(entry(data_type="string"))

    def test_widths(self) -> None:
        widths = {t: point(data_type=t).width for t in ("int16", "uint32", "float32", "float64")}
        assert widths == {"int16": 1, "uint32": 2, "float32": 2, "float64": 4}
        assert point(data_type="string", string_length=5).width == 3


class TestPlan:
    def test_groups_per_area_and_merges_small_gaps(self) -> None:
        points = [
            Point(id=1, data_type="float32", area="holding", address=0),
            Point(id=2, data_type="uint16", area="holding", address=10),  # gap of 8 after 0..1
            Point(id=3, data_type="uint16", area="holding", address=20),  # gap of 9: new block
            Point(id=4, data_type="int16", area="input", address=0),
            Point(id=5, data_type="bit", area="coil", address=5),
            Point(id=6, data_type="bit", area="coil", address=1),
        ]
        blocks = [(b.area, b.start, b.count, [p.id for p in b.points]) for b in plan(points)]
        assert blocks == [
            ("coil", 1, 5, [6, 5]),
            ("input", 0, 1, [4]),
            ("holding", 0, 11, [1, 2]),
            ("holding", 20, 1, [3]),
        ]

    def test_caps_a_block_at_120_registers(self) -> None:
        points = [Point(id=i, data_type="float32", area="holding", address=i * 2) for i in range(100)]
        blocks = plan(points)
        assert [b.count for b in blocks] == [120, 80]
        assert sum(len(b.points) for b in blocks) == 100

    def test_caps_a_bit_block_at_2000(self) -> None:
        points = [Point(id=i, data_type="bit", area="discrete", address=i) for i in range(2500)]
        assert [b.count for b in plan(points)] == [2000, 500]

    def test_bits_of_one_register_share_the_read(self) -> None:
        points = [Point(id=i, data_type="bit", area="holding", address=7, bit_index=i) for i in range(16)]
        blocks = plan(points)
        assert len(blocks) == 1
        assert (blocks[0].start, blocks[0].count, len(blocks[0].points)) == (7, 1, 16)
