"""Request and response models of /yun/module/bind."""

from pydantic import BaseModel, Field

from iotyun.core.texts import ShownName

# A batch is one page of the binding list at most.
BIND_BATCH_MAX = 500


class BindIn(BaseModel):
    template_id: int
    device_ids: list[int] = Field(min_length=1, max_length=BIND_BATCH_MAX)


class BindDeviceOut(BaseModel):
    id: int
    sn_code: str
    alias: str
    dev_state: int | None
    firmware_version: str
    vpn_state: bool
    group_name: ShownName | None


class BindRowOut(BaseModel):
    """One of the caller's devices as the binding page shows it against the chosen template."""

    device: BindDeviceOut
    bound_template_id: int | None
    bound_template_name: str | None
    # Whether the device's firmware reads every data type the chosen template uses.
    supported: bool
    missing_types: list[str]
