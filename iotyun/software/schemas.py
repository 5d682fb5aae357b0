"""Request and response models of /software/version, /software/upgrade and /software/history
(docs/api-software.md)."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from iotyun.core.limits import SOFTWARE_CONTENT_MAX, UPGRADE_DEVICES_MAX
from iotyun.core.pagination import Page

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


# --- upgrades -----------------------------------------------------------------------------------------------------

# A rollout: 1 running, 2 paused, 3 cancelled, 4 finished. A device's upgrade: 1 updatable (waiting), 2 downloading,
# 3 download failed, 4 equipment updating, 5 updated, 6 update failed, 7 cancelled (software/models.py).
UpgradeState = Literal[1, 2, 3, 4]
UpgradeDeviceState = Literal[1, 2, 3, 4, 5, 6, 7]


class UpgradeCandidateOut(BaseModel):
    """A device the caller may upgrade to the chosen version, and whether it may now: `refusal` is the code that
    would refuse it (110579 the gateway said it cannot install upgrades, 116007 offline, 116008 already upgrading,
    116009 another model, 116012 already on the version or a newer one), None when it is updatable."""

    device_id: int
    sn_code: str
    dev_alias: str
    group_id: int | None
    group_name: str
    dev_model: str
    firmware_version: str
    dev_state: int
    updatable: bool
    refusal: int | None


class UpgradeCandidatesOut(Page[UpgradeCandidateOut]):
    # Every updatable device matching the filters (not only this page's), so "choose all updatable" needs no paging.
    updatable_ids: list[int]
    # The versions the tenant's devices report, for the "current version" filter.
    versions: list[str]


class UpgradeStartIn(BaseModel):
    """Start a rollout of a device-end version to `device_ids`, in waves: the first `first_wave` devices (0 or
    absent: every device at once), then `step_percent` of them per wave; a wave whose failed share passes
    `failure_percent` pauses the rollout (100: never)."""

    version_id: int
    device_ids: list[int] = Field(default_factory=list, max_length=UPGRADE_DEVICES_MAX)
    first_wave: int = Field(default=0, ge=0, le=UPGRADE_DEVICES_MAX)
    step_percent: int = Field(default=100, ge=1, le=100)
    failure_percent: int = Field(default=100, ge=0, le=100)


class UpgradeIdIn(BaseModel):
    id: int


class UpgradeCounts(BaseModel):
    """How many of a rollout's devices are in each state (keys are the device states 1–7)."""

    updatable: int = 0
    downloading: int = 0
    download_failed: int = 0
    updating: int = 0
    updated: int = 0
    update_failed: int = 0
    cancelled: int = 0


class UpgradeOut(BaseModel):
    id: int
    version_id: int | None
    to_version: str
    # 0 default (the device installs once idle), 1 forced.
    mode: SoftwareMode
    state: UpgradeState
    # Why it paused or ended: "failure_threshold", "by_user", "cancelled", or "".
    reason: str
    wave: int
    waves: int
    first_wave: int
    step_percent: int
    failure_percent: int
    total: int
    counts: UpgradeCounts
    created_by_name: str
    created_at: int
    finished_at: int | None


class UpgradeDeviceOut(BaseModel):
    """One device's upgrade: the history row (`/software/history`)."""

    id: int
    upgrade_id: int
    device_id: int | None
    sn_code: str
    dev_alias: str
    dev_model: str
    from_version: str
    to_version: str
    wave: int
    state: UpgradeDeviceState
    progress: int
    # Why it waits or how it ended: offline, busy, timeout, sha256, cancelled, … and the gateway's own words.
    reason: str
    created_by_name: str
    created_at: int
    updated_at: int
    finished_at: int | None


class UpgradeLinkOut(BaseModel):
    """A fresh download link for the gateway's current upgrade (docs/device-protocol.md "Upgrades")."""

    req_id: str
    url: str
    sha256: str
    size: int
    expires_at: int
