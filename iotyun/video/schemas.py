"""Shapes of the video cloud account, its cameras and live addresses, and a template's camera slots
(docs/api-video.md)."""

from typing import Literal

from pydantic import BaseModel, Field

from iotyun.core.limits import (
    TEMPLATE_CAMERAS_MAX,
    VIDEO_APP_KEY_MAX,
    VIDEO_CAMERA_NAME_MAX,
    VIDEO_CHANNEL_MAX,
    VIDEO_SECRET_MAX,
    VIDEO_SERIAL_MAX,
)


class VideoAccountIn(BaseModel):
    app_key: str = Field(max_length=VIDEO_APP_KEY_MAX * 2)
    app_secret: str = Field(max_length=VIDEO_SECRET_MAX * 2)


class VideoAccountOut(BaseModel):
    """The tenant's account. The secret is never answered: `has_secret` says one is kept."""

    provider: str
    app_key: str
    has_secret: bool
    bound_at: int
    bound_by: int | None


class VideoTokenOut(BaseModel):
    """The server's token state, never the token: whether one is held and valid, and when it expires."""

    bound: bool
    provider: str
    valid: bool
    expires_at: int | None
    fetched_at: int | None


class CameraOut(BaseModel):
    serial: str
    channel: int
    name: str
    online: bool


class LiveAddressOut(BaseModel):
    serial: str
    channel: int
    protocol: Literal["hls", "flv", "rtmp"]
    url: str


class CameraSlot(BaseModel):
    name: str = Field(max_length=VIDEO_CAMERA_NAME_MAX * 2)
    serial: str = Field(max_length=VIDEO_SERIAL_MAX * 2)
    channel: int = Field(1, ge=1, le=VIDEO_CHANNEL_MAX)


class TemplateVideoIn(BaseModel):
    template_id: int
    cameras: list[CameraSlot] = Field(max_length=TEMPLATE_CAMERAS_MAX)


class TemplateVideoOut(BaseModel):
    template_id: int
    cameras: list[CameraSlot]
    updated_at: int | None
