"""Telemetry payloads (docs/api-telemetry.md)."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from iotyun.core.inputs import BodyBool
from iotyun.core.limits import CONTROL_PASSWORD_MAX
from iotyun.core.texts import ShownName
from iotyun.devices.schemas import Relation
from iotyun.templates.screens.schemas import RuntimeScreenOut, StateTextOut


class LiveItem(BaseModel):
    id: int
    name: str
    group_id: int | None
    group_name: ShownName
    data_type: str
    rw: str
    unit: str
    decimals: int
    min_value: float | None
    max_value: float | None
    string_length: int | None
    value: Any = None
    ts: int | None = None
    quality: int | None = None
    # The words the device's published screens show for its values (运行 / 停止), first match wins.
    state_texts: list[StateTextOut] = Field(default_factory=list)


class DeviceScreensOut(BaseModel):
    """The screens a device shows (its bound template's latest publication); none when it has no published template."""

    device_id: int
    template_id: int | None
    # The publication's number users see (v1 for the first publish).
    release: int | None
    screens: list[RuntimeScreenOut]


class LiveOut(BaseModel):
    device_id: int
    sn_code: str
    dev_alias: str
    dev_state: int
    report_time: int | None
    template_id: int | None
    template_version: int | None
    can_write: bool
    password_required: bool
    # The device has its own control password (a control asking for "the device's password" needs it).
    device_password_set: bool
    # The server's offline timeout (IOTYUN_OFFLINE_AFTER_SECONDS) in ms: a value older than this greys out on screens.
    offline_timeout_ms: int
    items: list[LiveItem]


class DevicePrivilegesOut(BaseModel):
    """GET /dev/privileges: what the caller may do on a device they read (telemetry/privileges.py)."""

    device_id: int
    relation: Relation
    # Always true: a device the caller does not read answers 110506.
    read: bool
    # The device items (core.permissions DEVICE_ITEMS) the caller may use on this device now, in catalogue order.
    device_permissions: list[str]
    # The template bound to the device (null: none), and the template items the caller may use on it (none when the
    # template is not theirs nor shared with them).
    template_id: int | None
    template_permissions: list[str]


class WriteConfigOut(BaseModel):
    user_can_write: bool
    device_can_write: bool
    online: bool
    # A password guards the device's writes: its own, else its tenant's default. Required whatever a control says.
    password_required: bool
    # The device has its own control password (a control asking for "the device's password" needs it).
    device_password_set: bool


# The password a screen's control asks for (its `settings.password`, docs/designer-controls.md): none, the tenant's
# default ("global") or the device's own ("device"). A write naming one that is not set is refused (110583/110584).
PasswordMode = Literal["none", "global", "device"]


class WriteIn(BaseModel):
    device_id: int
    data_source_id: int
    value: Any
    password: Annotated[str | None, Field(max_length=CONTROL_PASSWORD_MAX)] = None
    password_mode: PasswordMode = "none"  # noqa: S105 - a mode, not a password


class WriteOut(BaseModel):
    req_id: str
    value: Any
    old_value: Any
    ack_time: int


class ControlsOut(BaseModel):
    global_password_set: bool
    device_password_set: bool


class ControlsIn(BaseModel):
    device_id: int | None = None
    password: Annotated[str | None, Field(max_length=CONTROL_PASSWORD_MAX)] = None


class AccessOut(BaseModel):
    mqtt_host: str
    mqtt_port: int
    embedded: bool
    config_path: str
    topic_prefix: str


class HookIn(BaseModel):
    username: str = ""
    password: str = ""
    clientid: str = ""
    # The gateway's address, when the broker sends it (EMQX: ${peerhost}); the device-secret throttle counts it.
    peerhost: str = ""
    topic: str | None = None
    action: str | None = None


class VpnIn(BaseModel):
    """Open (true) or close (false) the VPN of the device's gateway."""

    device_id: int
    open: BodyBool


class VpnOut(BaseModel):
    device_id: int
    vpn_state: bool
    # The gateway's address inside the VPN while it is open ("" when closed or not reported).
    vpn_ip: str
