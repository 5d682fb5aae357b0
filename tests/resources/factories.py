"""Gallery factories: real PNG bytes built by hand and JPEG bytes from Pillow, and classifications and images made
over HTTP."""

import io
import random
import struct
import zlib
from typing import Any

from PIL import Image

from tests.conftest import Api
from tests.templates.factories import ok

PAD_WIDTH = 1024


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width: int = 4, height: int = 3, pad: int = 0) -> bytes:
    """A valid grey PNG of `width` x `height`; with `pad`, a PNG about `pad` bytes larger that stays as large when
    encoded again: `pad` more bytes of random pixels (rows of PAD_WIDTH below the picture), stored uncompressed."""
    rows = [b"\x00" + b"\x80" * width for _ in range(height)]
    if pad:
        width = max(width, PAD_WIDTH)
        rows = [row + b"\x80" * (width + 1 - len(row)) for row in rows]
        rows += [b"\x00" + random.randbytes(width) for _ in range(-(-pad // width))]
    header = struct.pack(">IIBBBBB", width, len(rows), 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"".join(rows), 0 if pad else 6))
        + _chunk(b"IEND", b"")
    )


def png_header(width: int, height: int) -> bytes:
    """A PNG signature and header that declare `width` x `height`, with one tiny IDAT (a file whose header lies)."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"\x00\x80"))
        + _chunk(b"IEND", b"")
    )


def jpeg(width: int = 5, height: int = 2, pad: int = 0) -> bytes:
    """A real JPEG of `width` x `height` (encoded by Pillow), after `pad` bytes of comment segments."""
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 80, 40)).save(out, format="JPEG")
    data = out.getvalue()
    comments = b""
    while pad > 0:
        take = min(pad, 65000)
        comments += b"\xff\xfe" + struct.pack(">H", take + 2) + b"c" * take
        pad -= take
    return data[:2] + comments + data[2:]


def pixels(data: bytes) -> tuple[str, tuple[int, int], bytes]:
    """An image's mode, size and decoded pixels."""
    with Image.open(io.BytesIO(data)) as image:
        return image.mode, image.size, image.tobytes()


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
