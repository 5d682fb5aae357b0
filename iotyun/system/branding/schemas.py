"""The brand as the console sends and reads it (docs/api-system.md "Personalization and white label")."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from iotyun.core.limits import BrandColor, BrandDomain, BrandFooter, BrandName, BrandSlogan, MapTheme

Slot = Literal["logo_light", "logo_dark", "favicon", "background"]
Language = Literal["zh", "en"]


class BrandImageOut(BaseModel):
    """An uploaded image: its id (what the brand names) and the address it is served at, without a token."""

    id: int
    slot: Slot
    url: str
    width: int
    height: int
    size_bytes: int


class BrandIn(BaseModel):
    """The whole brand, replacing what was saved. Empty texts, a null colour or a null map theme take the platform's
    own; a null image id leaves that place to the platform's image; a null domain binds none."""

    model_config = ConfigDict(extra="forbid")

    platform_name: BrandName = ""
    slogan: BrandSlogan = ""
    footer: BrandFooter = ""
    primary_color: BrandColor = None
    default_language: Language = "zh"
    map_theme: MapTheme | None = None
    domain: BrandDomain = None
    logo_light_id: int | None = None
    logo_dark_id: int | None = None
    favicon_id: int | None = None
    background_id: int | None = None


class BrandOut(BaseModel):
    """The tenant's brand as every user of the tenant reads it (the platform's defaults until one is saved)."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    platform_name: str
    slogan: str
    footer: str
    primary_color: str | None
    default_language: Language
    map_theme: MapTheme | None
    domain: str | None
    logo_light: BrandImageOut | None
    logo_dark: BrandImageOut | None
    favicon: BrandImageOut | None
    background: BrandImageOut | None
    # Counts the saves: a console that hears a `brand` frame reads the brand again.
    version: int
    updated_at: int | None


class BrandPublicOut(BaseModel):
    """What a browser arriving on a host sees before anyone signs in: the brand bound to that host, or the platform's
    (empty texts, null colour and images). Nothing else of the tenant."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    platform_name: str = ""
    slogan: str = ""
    footer: str = ""
    primary_color: str | None = None
    default_language: Language | None = None
    logo_light_url: str | None = None
    logo_dark_url: str | None = None
    favicon_url: str | None = None
    background_url: str | None = None
