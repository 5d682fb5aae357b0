"""One device as the operator acting on it sees it: its gateway, VPN and flow card (docs/api-operations.md)."""

from pydantic import BaseModel, Field

from iotyun.devices.schemas import FlowCardOut


class DeviceSnIn(BaseModel):
    sn: str = Field(min_length=1, max_length=19)


class TestFlow(BaseModel):
    """A card in its operator's test period carries SPEC §9's test flow (FLOW_CARD_TEST_MB)."""

    total_mb: float
    used_mb: float
    left_mb: float
    exhausted: bool


class OperatedDevice(BaseModel):
    sn: str
    tenant_id: int
    tenant_name: str
    dev_model: str
    firmware_version: str
    back_end_version: str
    dev_state: int
    report_time: int | None
    vpn_state: bool
    vpn_ip: str
    card: FlowCardOut | None
    # Only while the card is in its test period.
    test_flow: TestFlow | None
