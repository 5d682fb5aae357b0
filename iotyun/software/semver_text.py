"""Versions as semantic versioning 2.0.0 (semver.org, through the `semver` library): `MAJOR.MINOR.PATCH`, an
optional pre-release after `-` and build metadata after `+`, no leading `v`, no leading zeros. A version the library
does not read is 116005; order is the standard's (a pre-release below its release, build metadata ignored)."""

from semver import Version

from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SOFTWARE_VERSION_MAX


def parse(text: str, field: str = "version") -> Version:
    """The version `text` names, strictly; 116005 for anything else."""
    if not text or len(text) > SOFTWARE_VERSION_MAX:
        raise AppError(ErrorCode.SOFTWARE_VERSION_INVALID, field=field)
    try:
        return Version.parse(text)
    except (ValueError, TypeError):
        raise AppError(ErrorCode.SOFTWARE_VERSION_INVALID, field=field) from None


def reported(text: str | None) -> Version | None:
    """A version a device or client reports of itself, read leniently (`v2.1`, `2.1` are 2.1.0, and a product name
    before a slash is skipped: `iotyun-gateway/0.1.0` is 0.1.0); None when it names none. Only the library's own
    versions are strict."""
    if not text:
        return None
    cleaned = text.strip().rpartition("/")[2].strip().removeprefix("v").removeprefix("V")
    try:
        return Version.parse(cleaned, optional_minor_and_patch=True)
    except (ValueError, TypeError):
        return None
