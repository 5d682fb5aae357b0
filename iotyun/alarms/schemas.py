"""Alarm payloads (docs/api-telemetry.md "Alarms")."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from iotyun.core.limits import ALARM_NOTE_MAX, ALARM_SHELVE_MAX_MINUTES, ALARM_SHELVE_MIN_MINUTES


class AlarmOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    id: int
    device_id: int
    sn_code: str
    dev_alias: str
    data_source_id: int
    data_source_name: str
    alarm_name: str
    alarm_level: int
    alarm_type: int
    alarm_info: str
    value: float | None
    alarm_time: int
    recover_time: int | None
    confirm_time: int | None
    confirm_user_name: str | None = Field(alias="confirm_userName")
    alarm_note: str | None
    # Shelved until (epoch ms) by whom and why; null when not shelved now.
    shelved_until: int | None
    shelved_by: str | None
    shelve_reason: str | None


class AlarmCountOut(BaseModel):
    unconfirmed: int
    today: int


class ConfirmIn(BaseModel):
    ids: Annotated[list[int], Field(min_length=1, max_length=500)]
    note: Annotated[str, Field(max_length=ALARM_NOTE_MAX)] = ""


class ShelveIn(BaseModel):
    """Silence alarms for `minutes`, saying why (the user log keeps it)."""

    ids: Annotated[list[int], Field(min_length=1, max_length=500)]
    minutes: Annotated[int, Field(ge=ALARM_SHELVE_MIN_MINUTES, le=ALARM_SHELVE_MAX_MINUTES)]
    reason: Annotated[str, Field(min_length=1, max_length=ALARM_NOTE_MAX)]


class UnshelveIn(BaseModel):
    ids: Annotated[list[int], Field(min_length=1, max_length=500)]
