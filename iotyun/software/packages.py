"""What an uploaded software package is, judged by its bytes and never by its name (issue 34 point 1; docs/api-
software.md "Packages"): the type the uploader chose must match what the bytes are, the whole file must be there
(an archive read to its end, an executable's sections inside the file), and a gateway package must say of itself
what the upload says of it. Anything else is 116001 and nothing is kept.

- Device end: an iotyun gateway package, a gzip-compressed tar holding `iotyun-package.json` at its root
  (`{"format": 1, "type": "device", "version": "2.1.0", "models": ["IG-100"]}`, models optional) beside the files the
  gateway installs. Its version must be the one uploaded; its models, when it names any, must include each one the
  upload names (116009). Every entry is a plain file or folder with a relative name that stays inside the package:
  no links, devices, absolute names or `..` (a gateway unpacks it).
- Mobile: an Android APK (a zip with AndroidManifest.xml and classes.dex) or an iOS IPA (a zip with Payload/*.app/).
- PC: a Windows executable (MZ, then a PE header whose sections end inside the file) or installer (MSI, a compound
  document), a Debian package (an ar archive with debian-binary whose members end at the file's end), a Linux ELF
  (an AppImage; its section table inside the file), a macOS disk image (DMG, its `koly` trailer at the end), or a
  portable zip.

Zips are checked whole (each entry's CRC), gzip tars read to their end; either may unpack to at most
SOFTWARE_UNPACKED_MAX_BYTES in SOFTWARE_MEMBERS_MAX entries. Nothing here touches the database; it is CPU and disk
work on a file, run in a thread by its callers."""

import gzip
import json
import logging
import re
import struct
import tarfile
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO, Any

from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    SOFTWARE_MANIFEST,
    SOFTWARE_MANIFEST_MAX_BYTES,
    SOFTWARE_MEMBERS_MAX,
    SOFTWARE_UNPACKED_MAX_BYTES,
)
from iotyun.software.models import TYPE_DEVICE, TYPE_MOBILE, TYPE_PC

log = logging.getLogger("iotyun.software")

MANIFEST_FORMAT = 1
_CHUNK = 1024 * 1024
_GZIP = b"\x1f\x8b"
_ZIP = b"PK\x03\x04"
_MZ = b"MZ"
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_AR = b"!<arch>\n"
_ELF = b"\x7fELF"
_IPA_APP = re.compile(r"^Payload/[^/]+\.app/")
_TYPE_NAMES = {TYPE_DEVICE: "device", TYPE_MOBILE: "mobile", TYPE_PC: "pc"}


@dataclass(frozen=True, slots=True)
class PackageFacts:
    # What the bytes are: gateway, apk, ipa, exe, msi, deb, elf, dmg, zip.
    kind: str
    # What the package runs on: gateway; android, ios; windows, macos, linux, any.
    platform: str
    # A gateway package's own word on itself.
    manifest_version: str | None = None
    manifest_models: tuple[str, ...] = ()


class _Invalid(Exception):
    """The bytes are not a package of the chosen type (the reason is logged, the answer is 116001)."""


def invalid(field: str = "file") -> AppError:
    return AppError(ErrorCode.UPGRADE_FILE_INVALID, field=field)


def judge(path: Path, software_type: int) -> PackageFacts:
    """What the file at `path` is, when it is a whole package of `software_type`; 116001 (AppError) otherwise."""
    try:
        with path.open("rb") as f:
            head = f.read(64)
            size = f.seek(0, 2)
            f.seek(0)
            if software_type == TYPE_DEVICE:
                if head.startswith(_GZIP):
                    return _gateway_package(f)
                raise _Invalid("a device package is a gzip tar")
            if software_type == TYPE_MOBILE:
                if head.startswith(_ZIP):
                    return _mobile(f)
                raise _Invalid("a mobile package is an APK or IPA")
            if software_type == TYPE_PC:
                return _pc(f, head, size)
            raise _Invalid("unknown type")
    except _Invalid as e:
        log.info("software package refused: %s", e)
        raise invalid() from None
    except (OSError, EOFError, tarfile.TarError, zipfile.BadZipFile, struct.error, ValueError, zlib.error) as e:
        # A damaged or truncated archive: zlib, tarfile and zipfile each raise their own.
        log.info("software package refused: %s", type(e).__name__)
        raise invalid() from None


# --- device end: the gateway package ------------------------------------------------------------------------------


def _safe_member(member: tarfile.TarInfo) -> None:
    if not (member.isfile() or member.isdir()):
        raise _Invalid(f"entry {member.name!r} is neither a file nor a folder")
    name = PurePosixPath(member.name)
    if name.is_absolute() or ".." in name.parts or "\\" in member.name or "\x00" in member.name:
        raise _Invalid(f"entry {member.name!r} leaves the package")


def _gateway_package(f: IO[bytes]) -> PackageFacts:
    manifest: bytes | None = None
    members = unpacked = 0
    # The tar is read as a stream out of the gzip, and the gzip then to its very end, where its CRC and length are
    # checked: a file cut anywhere, or damaged, fails.
    with gzip.GzipFile(fileobj=f, mode="rb") as gz, tarfile.open(fileobj=gz, mode="r|") as tar:
        for member in tar:
            members += 1
            unpacked += max(member.size, 0)
            if members > SOFTWARE_MEMBERS_MAX or unpacked > SOFTWARE_UNPACKED_MAX_BYTES:
                raise _Invalid("the package unpacks to too much")
            _safe_member(member)
            if member.isfile() and PurePosixPath(member.name).as_posix().lstrip("./") == SOFTWARE_MANIFEST:
                if manifest is not None:
                    raise _Invalid("two manifests")
                if member.size > SOFTWARE_MANIFEST_MAX_BYTES:
                    raise _Invalid("the manifest is too large")
                extracted = tar.extractfile(member)
                if extracted is None:
                    raise _Invalid("the manifest cannot be read")
                manifest = extracted.read()
        while chunk := gz.read(_CHUNK):
            unpacked += len(chunk)
            if unpacked > SOFTWARE_UNPACKED_MAX_BYTES:
                raise _Invalid("the package unpacks to too much")
    if manifest is None:
        raise _Invalid(f"no {SOFTWARE_MANIFEST}")
    return _manifest_facts(manifest)


def _manifest_facts(raw: bytes) -> PackageFacts:
    try:
        doc: Any = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _Invalid("the manifest is not JSON") from None
    if not isinstance(doc, dict) or doc.get("format") != MANIFEST_FORMAT or doc.get("type") != "device":
        raise _Invalid("the manifest is not a device package's")
    version = doc.get("version")
    models = doc.get("models", [])
    if not isinstance(version, str) or not isinstance(models, list) or not all(isinstance(m, str) for m in models):
        raise _Invalid("the manifest's version or models are not text")
    return PackageFacts("gateway", "gateway", version, tuple(models))


# --- mobile and zips -------------------------------------------------------------------------------------------


def _checked_zip(f: IO[bytes]) -> list[str]:
    """The names of a whole zip: its directory read, its size bounded, every entry's CRC checked."""
    with zipfile.ZipFile(f) as z:
        infos = z.infolist()
        if len(infos) > SOFTWARE_MEMBERS_MAX or sum(i.file_size for i in infos) > SOFTWARE_UNPACKED_MAX_BYTES:
            raise _Invalid("the archive unpacks to too much")
        bad = z.testzip()
        if bad is not None:
            raise _Invalid(f"entry {bad!r} is damaged")
        return [i.filename for i in infos]


def _mobile(f: IO[bytes]) -> PackageFacts:
    names = _checked_zip(f)
    present = set(names)
    if "AndroidManifest.xml" in present and "classes.dex" in present:
        return PackageFacts("apk", "android")
    if any(_IPA_APP.match(n) for n in names):
        return PackageFacts("ipa", "ios")
    raise _Invalid("neither an APK nor an IPA")


# --- PC -----------------------------------------------------------------------------------------------------------


def _pc(f: IO[bytes], head: bytes, size: int) -> PackageFacts:
    if head.startswith(_MZ):
        _check_pe(f, size)
        return PackageFacts("exe", "windows")
    if head.startswith(_OLE):
        _check_ole(f, size)
        return PackageFacts("msi", "windows")
    if head.startswith(_AR):
        _check_deb(f, size)
        return PackageFacts("deb", "linux")
    if head.startswith(_ELF):
        _check_elf(f, head, size)
        return PackageFacts("elf", "linux")
    if head.startswith(_ZIP):
        _checked_zip(f)
        return PackageFacts("zip", "any")
    if size >= 512:
        f.seek(size - 512)
        if f.read(4) == b"koly":
            return PackageFacts("dmg", "macos")
    raise _Invalid("not an installer, executable, disk image or zip")


def _read_at(f: IO[bytes], offset: int, length: int) -> bytes:
    f.seek(offset)
    data = f.read(length)
    if len(data) != length:
        raise _Invalid("the file ends early")
    return data


def _check_pe(f: IO[bytes], size: int) -> None:
    (pe_at,) = struct.unpack("<I", _read_at(f, 0x3C, 4))
    if _read_at(f, pe_at, 4) != b"PE\x00\x00":
        raise _Invalid("MZ without a PE header")
    sections, _, _, _, optional_size = struct.unpack("<HIIIH", _read_at(f, pe_at + 6, 16))
    table = pe_at + 24 + optional_size
    end = 0
    for i in range(sections):
        raw_size, raw_at = struct.unpack("<II", _read_at(f, table + 40 * i + 16, 8))
        end = max(end, raw_at + raw_size)
    if end > size:
        raise _Invalid("the executable's sections end past the file")


def _check_ole(f: IO[bytes], size: int) -> None:
    (shift,) = struct.unpack("<H", _read_at(f, 0x1E, 2))
    if shift not in (9, 12) or size < 512 or (size - 512) % (1 << shift):
        raise _Invalid("a compound document of broken length")


def _check_deb(f: IO[bytes], size: int) -> None:
    offset = len(_AR)
    members = 0
    while offset < size:
        header = _read_at(f, offset, 60)
        if header[58:60] != b"`\n":
            raise _Invalid("a damaged ar member")
        name = header[:16].decode("ascii", "replace").strip()
        if members == 0 and name not in ("debian-binary", "debian-binary/"):
            raise _Invalid("an ar archive that is no Debian package")
        members += 1
        end = offset + 60 + int(header[48:58].decode("ascii").strip())
        if end > size:
            raise _Invalid("the Debian package ends early")
        # Members start on even offsets; the last one's padding byte may be left out.
        offset = end + (end % 2)
    if members < 3:
        raise _Invalid("a Debian package holds debian-binary, control and data")


def _check_elf(f: IO[bytes], head: bytes, size: int) -> None:
    if len(head) < 64 or head[4] not in (1, 2) or head[5] not in (1, 2):
        raise _Invalid("a damaged ELF header")
    order = "<" if head[5] == 1 else ">"
    if head[4] == 2:
        (shoff,) = struct.unpack(order + "Q", head[0x28:0x30])
        shentsize, shnum = struct.unpack(order + "HH", head[0x3A:0x3E])
    else:
        (shoff,) = struct.unpack(order + "I", head[0x20:0x24])
        shentsize, shnum = struct.unpack(order + "HH", head[0x2E:0x32])
    if shoff + shentsize * shnum > size:
        raise _Invalid("the ELF's section table ends past the file")


def type_name(software_type: int) -> str:
    return _TYPE_NAMES.get(software_type, "unknown")
