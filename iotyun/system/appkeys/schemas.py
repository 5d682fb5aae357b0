"""Shapes of the app keys (docs/api-system.md "Open API")."""

from typing import Literal

from pydantic import BaseModel, Field

from iotyun.core.limits import (
    APP_KEY_IPS_MAX,
    APP_KEY_QUOTA_DEFAULT,
    APP_KEY_QUOTA_MAX,
    APP_KEY_RATE_DEFAULT,
    APP_KEY_RATE_MAX,
    APP_KEY_SCOPES,
    AppKeyScope,
)

AppKeyState = Literal["active", "expired", "revoked"]


class AppKeyIn(BaseModel):
    """A new key as its form sends it. No IP: any address; no expiry: until revoked."""

    name: str = Field(max_length=200)
    scopes: list[AppKeyScope] = Field(max_length=len(APP_KEY_SCOPES))
    expires_at: int | None = None
    allowed_ips: list[str] = Field([], max_length=APP_KEY_IPS_MAX * 2)
    rate_per_minute: int = Field(APP_KEY_RATE_DEFAULT, ge=1, le=APP_KEY_RATE_MAX)
    daily_quota: int = Field(APP_KEY_QUOTA_DEFAULT, ge=1, le=APP_KEY_QUOTA_MAX)


class AppKeyOut(BaseModel):
    id: int
    key_id: str
    name: str
    scopes: list[AppKeyScope]
    allowed_ips: list[str]
    rate_per_minute: int
    daily_quota: int
    # Calls counted today (UTC).
    used_today: int
    expires_at: int | None
    revoked_at: int | None
    last_used_at: int | None
    last_used_ip: str
    state: AppKeyState
    owner_id: int
    owner_name: str
    created_at: int


class AppKeyCreatedOut(AppKeyOut):
    # Shown this once: the server keeps only its hash.
    secret: str
