"""The server's MQTT link decodes PUBLISH packets with paho's own decoder, its property tables shared
(telemetry/mqtt.py _SharedTables): every packet must decode exactly as paho alone decodes it."""

import struct

import pytest
from paho.mqtt import _packet
from paho.mqtt.enums import MQTTProtocolVersion
from paho.mqtt.exception import MalformedPacket
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from iotyun.telemetry import mqtt

V5 = MQTTProtocolVersion.MQTTv5
QOS1 = 0x32  # PUBLISH, QoS 1


def publish_packet(properties: bytes, payload: bytes = b'{"values": []}', mid: int = 7) -> bytes:
    topic = b"iotyun/dev/SN1/values"
    return struct.pack("!H", len(topic)) + topic + struct.pack("!H", mid) + properties + payload


def with_properties() -> bytes:
    props = Properties(PacketTypes.PUBLISH)  # type: ignore[no-untyped-call]
    props.UserProperty = ("site", "north")
    props.UserProperty = ("line", "2")
    props.MessageExpiryInterval = 30
    props.ContentType = "application/json"
    packed: bytes = props.pack()  # type: ignore[no-untyped-call]
    return packed


def decoded(packet: bytes) -> tuple[object, ...]:
    result = _packet.decode_publish(QOS1, packet, V5)
    assert result.properties is not None
    return (result.topic, result.mid, result.qos, result.payload, str(result.properties), result.properties.json())  # type: ignore[no-untyped-call]


@pytest.fixture
def paho_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_packet, "Properties", Properties)


def test_every_packet_decodes_as_paho_alone_decodes_it(paho_alone: None, monkeypatch: pytest.MonkeyPatch) -> None:
    packets = [
        publish_packet(b"\x00"),
        publish_packet(with_properties()),
        publish_packet(b"\x00", payload=b""),
        publish_packet(with_properties(), payload=b"\x00" * 3000, mid=65535),
    ]
    expected = [decoded(p) for p in packets]
    mqtt.use_shared_property_tables()
    assert getattr(_packet, "Properties") is mqtt._SharedTables  # noqa: B009
    # Twice, in both orders: the shared tables must carry nothing from one packet to the next.
    assert [decoded(p) for p in packets] == expected
    assert [decoded(p) for p in reversed(packets)] == list(reversed(expected))
    mqtt.use_shared_property_tables()  # idempotent
    assert getattr(_packet, "Properties") is mqtt._SharedTables  # noqa: B009


def test_a_malformed_property_block_is_still_refused(paho_alone: None) -> None:
    mqtt.use_shared_property_tables()
    with pytest.raises(MalformedPacket):
        _packet.decode_publish(QOS1, publish_packet(b"\x05\x63"), V5)


def test_outgoing_properties_still_pack() -> None:
    props = mqtt._SharedTables(PacketTypes.CONNECT)
    props.SessionExpiryInterval = 300
    props.ReceiveMaximum = 65535
    reference = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
    reference.SessionExpiryInterval = 300
    reference.ReceiveMaximum = 65535
    assert props.pack() == reference.pack()  # type: ignore[no-untyped-call]
