"""Request and response models of /software/version (docs/api-software.md)."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from iotyun.core.limits import SOFTWARE_CONTENT_MAX

SoftwareType = Literal[1, 2, 3]
SoftwareMode = Literal[0, 1]
SoftwareState = Literal[0, 1]
Content = Annotated[str, Field(max_length=SOFTWARE_CONTENT_MAX)]


class SoftwareVersionOut(BaseModel):
    id: int
    # 1 device end, 2 mobile, 3 PC.
    type: SoftwareType
    version: str
    # Gateway models (device end) or the package's platform (mobile, PC).
    models: list[str]
    content_zh: str
    content_en: str
    # 0 default, 1 forced.
    mode: SoftwareMode
    # 1 published, 0 withdrawn.
    state: SoftwareState
    # What the bytes are (gateway, apk, ipa, exe, msi, deb, elf, dmg, zip), the name as uploaded, size, SHA-256.
    kind: str
    file_name: str
    size: int
    sha256: str
    created_by_name: str
    created_at: int
    updated_at: int


class SoftwareVersionUpdateIn(BaseModel):
    """The update content, the mode and the update state of a version; its package and number never change (a new
    package is a new version). A field left out stays."""

    id: int
    content_zh: Content | None = None
    content_en: Content | None = None
    mode: SoftwareMode | None = None
    state: SoftwareState | None = None


class LatestVersionOut(BaseModel):
    """Is there a newer published version for this type and platform (or gateway model), and must it be taken."""

    newer: bool
    # The newest published version fitting the asker; None when there is none.
    latest: SoftwareVersionOut | None
    # Whether the asker must take it: the newest is forced, or a forced version lies between the asker's and it.
    forced: bool
    # Where to fetch its package (under /api) with the same credentials (the console's token).
    download_url: str | None
