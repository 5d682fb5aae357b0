"""Packages of every kind the library takes, built byte by byte, and the upload call."""

import hashlib
import io
import json
import struct
import tarfile
import zipfile
from typing import Any

from tests.conftest import Api

PATH = "/software/version"


def gateway_package(
    version: str = "2.1.0",
    models: list[str] | None = None,
    *,
    manifest: dict[str, Any] | None = None,
    extra: dict[str, bytes] | None = None,
    links: bool = False,
) -> bytes:
    """An iotyun gateway package: a gzip tar of its manifest and the files a gateway installs."""
    doc: dict[str, Any] = manifest if manifest is not None else {"format": 1, "type": "device", "version": version}
    if models is not None and manifest is None:
        doc["models"] = models
    entries = {"iotyun-package.json": json.dumps(doc).encode(), "payload/iotyun/gateway/agent.py": b"print('hi')\n"}
    entries.update(extra or {})
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, data in entries.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        if links:
            link = tarfile.TarInfo("payload/escape")
            link.type = tarfile.SYMTYPE
            link.linkname = "/etc/passwd"
            tar.addfile(link)
    return out.getvalue()


def zipped(entries: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return out.getvalue()


def apk() -> bytes:
    return zipped({"AndroidManifest.xml": b"\x03\x00\x08\x00" * 16, "classes.dex": b"dex\n035\x00" + b"\0" * 64})


def ipa() -> bytes:
    return zipped({"Payload/Iotyun.app/Info.plist": b"<plist/>", "Payload/Iotyun.app/Iotyun": b"\xcf\xfa\xed\xfe"})


def pe_exe(body: int = 64) -> bytes:
    """A Windows executable: MZ, PE at 0x40, one section of `body` bytes right after the section table."""
    section_at = 0x40 + 24 + 40
    mz = b"MZ" + b"\0" * 0x3A + struct.pack("<I", 0x40)
    coff = b"PE\0\0" + struct.pack("<HHIIIHH", 0x14C, 1, 0, 0, 0, 0, 0x102)
    section = b".text\0\0\0" + struct.pack("<IIIIIIHHI", body, 0x1000, body, section_at, 0, 0, 0, 0, 0x60000020)
    return mz + coff + section + b"\x90" * body


def msi() -> bytes:
    header = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 22 + struct.pack("<H", 9)
    return header.ljust(512, b"\0") + b"\0" * 512 * 3


def deb() -> bytes:
    def member(name: str, data: bytes) -> bytes:
        header = f"{name:<16}{0:<12}{0:<6}{0:<6}{100644:<8}{len(data):<10}".encode() + b"`\n"
        return header + data + (b"\n" if len(data) % 2 else b"")

    return (
        b"!<arch>\n"
        + member("debian-binary", b"2.0\n")
        + member("control.tar.xz", b"x" * 31)
        + member("data.tar.xz", b"y" * 40)
    )


def elf(body: int = 128) -> bytes:
    """A 64-bit little-endian ELF whose section table (2 entries of 64 bytes) sits at its end."""
    shoff = 64 + body
    head = b"\x7fELF" + bytes([2, 1, 1]) + b"\0" * 9
    head += struct.pack("<HHIQQQIHHHHHH", 2, 0x3E, 1, 0, 0, shoff, 0, 64, 56, 0, 64, 2, 0)
    return head + b"\0" * body + b"\0" * 128


def dmg() -> bytes:
    return b"\0" * 4096 + b"koly" + b"\0" * 508


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


async def send(
    api: Api,
    data: bytes,
    *,
    software_type: int = 1,
    version: str = "2.1.0",
    models: list[str] | None = None,
    name: str = "package.tar.gz",
    **form: str,
) -> dict[str, Any]:
    """POST /software/version as the console sends it: one multipart request."""
    fields: dict[str, Any] = {"type": str(software_type), "version": version}
    if software_type == 1:
        fields["models"] = models if models is not None else ["IG-100"]
    fields["content_zh"] = form.pop("content_zh", "修复问题")
    fields["content_en"] = form.pop("content_en", "Fixes")
    fields.update(form)
    return await api.call("POST", PATH, data=fields, files=[("file", (name, data, "application/octet-stream"))])
