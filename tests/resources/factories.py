"""Gallery factories: real PNG and JPEG bytes built by hand (no imaging library), and classifications and images made
over HTTP."""

import struct
import zlib
from typing import Any

from tests.conftest import Api
from tests.templates.factories import ok


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width: int = 4, height: int = 3, pad: int = 0) -> bytes:
    """A valid grey PNG of `width` x `height`, grown by `pad` bytes of a text chunk."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    extra = _chunk(b"tEXt", b"pad\x00" + b"x" * pad) if pad else b""
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + extra
        + _chunk(b"IDAT", zlib.compress(rows))
        + _chunk(b"IEND", b"")
    )


def jpeg(width: int = 5, height: int = 2, pad: int = 0) -> bytes:
    """JPEG headers up to the frame header (SOF0 naming the size), after an APP0 segment and `pad` bytes of comment."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    comments = b""
    while pad > 0:
        take = min(pad, 65000)
        comments += b"\xff\xfe" + struct.pack(">H", take + 2) + b"c" * take
        pad -= take
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + comments + sof + b"\xff\xd9"


async def classify(api: Api, name: str = "泵") -> int:
    return int(ok(await api.post("/yun/resourcesClassify", {"name": name}))["id"])


async def send(
    api: Api, classify_id: int, data: bytes, name: str = "pump", use: str = "image", filename: str = "a.png"
) -> dict[str, Any]:
    """POST /yun/resourcesInfo as the browser sends it (multipart), answering the envelope."""
    form = {"classify_id": str(classify_id), "name": name, "use": use}
    return await api.call("POST", "/yun/resourcesInfo", data=form, files={"file": (filename, data, "image/png")})


async def upload(api: Api, classify_id: int, data: bytes | None = None, **kw: Any) -> dict[str, Any]:
    """An image uploaded over HTTP; fails the test when refused."""
    image: dict[str, Any] = ok(await send(api, classify_id, data if data is not None else png(), **kw))
    return image
