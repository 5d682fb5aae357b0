"""The video clouds the server speaks to: one `Provider` interface (base.py), the local provider (no internet, the
default) and the Ezviz open platform's (docs/api-video.md "Providers")."""

from iotyun.core.config import Settings
from iotyun.video.providers.base import Camera, Provider, ProviderError, WrongKey
from iotyun.video.providers.ezviz import EzvizProvider
from iotyun.video.providers.local import LocalProvider

__all__ = ["Camera", "EzvizProvider", "LocalProvider", "Provider", "ProviderError", "WrongKey", "provider_for"]


def provider_for(settings: Settings) -> Provider:
    """The provider IOTYUN_VIDEO_PROVIDER names."""
    if settings.video_provider == "ezviz":
        return EzvizProvider(settings.video_ezviz_base)
    return LocalProvider(settings.video_local_token_seconds)
