"""Which data types a gateway's firmware reads: firmware before 2.0.0 reads the legacy types only; later firmware,
and a gateway that has not reported a version yet, reads every type (docs/api-templates.md "Binding")."""

import re
from collections.abc import Iterable

from iotyun.core.limits import DATA_TYPES, FIRMWARE_FULL_TYPES_FROM, LEGACY_FIRMWARE_TYPES

_VERSION = re.compile(r"(\d+)(?:\.(\d+))?(?:\.(\d+))?")


def firmware_types(firmware_version: str | None) -> frozenset[str]:
    """The data types a firmware version reads."""
    match = _VERSION.search(firmware_version or "")
    if match is None:
        return frozenset(DATA_TYPES)
    version = tuple(int(part or 0) for part in match.groups())
    return frozenset(DATA_TYPES if version >= FIRMWARE_FULL_TYPES_FROM else LEGACY_FIRMWARE_TYPES)


def missing_types(firmware_version: str | None, used: Iterable[str]) -> list[str]:
    """The used data types the firmware does not read, in catalogue order."""
    readable = firmware_types(firmware_version)
    wanted = set(used)
    return [t for t in DATA_TYPES if t in wanted and t not in readable]
