"""What an uploaded image is, judged by decoding it and never by its name or its header alone (SPEC §5 "background
images jpg or png"; docs/security.md "Gallery files"): PNG or JPEG by its signature (114010), within
IMAGE_PIXELS_MAX pixels and IMAGE_SIDE_MAX on a side by the size its header declares, checked before a pixel is
decoded (a decompression bomb, 114019), then decoded whole by Pillow (a truncated, damaged or disguised file,
such as a PNG signature followed by HTML, 114018). What is kept is the decoded picture encoded again (PNG
losslessly, JPEG at JPEG_QUALITY): the stored bytes are exactly what was judged, with nothing appended, embedded or
left over. SVG is not accepted at all. Nothing here touches the database or the disk; it is CPU work, run in a
thread by its callers."""

import io
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from PIL import Image, ImageFile, UnidentifiedImageError

from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import IMAGE_DECODERS, IMAGE_PIXELS_MAX, IMAGE_SIDE_MAX

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_JPEG_START = b"\xff\xd8\xff"
# Pillow's own guard, at the same bound: it refuses (DecompressionBombError) what is more than twice this size, and
# warns above it; ours (below) refuses anything above it before decoding.
Image.MAX_IMAGE_PIXELS = IMAGE_PIXELS_MAX
ImageFile.LOAD_TRUNCATED_IMAGES = False
JPEG_QUALITY = 92
# Pillow's format name, and what the gallery calls it.
_FORMATS = {"PNG": ("png", "image/png"), "JPEG": ("jpg", "image/jpeg")}


@dataclass(frozen=True, slots=True)
class ImageFacts:
    ext: str
    content_type: str
    width: int
    height: int


@dataclass(frozen=True, slots=True)
class JudgedImage:
    facts: ImageFacts
    # The image encoded again from its decoded pixels: what is stored and served.
    data: bytes


def sniff(data: bytes) -> str | None:
    """The type an upload claims by its signature ("png" or "jpg"), or None: a claim only, judged by `judge`."""
    if data.startswith(_PNG_SIGNATURE):
        return "png"
    if data.startswith(_JPEG_START):
        return "jpg"
    return None


def _unreadable(field: str) -> AppError:
    return AppError(ErrorCode.IMAGE_UNREADABLE, field=field)


def _encode(image: Image.Image, fmt: str) -> bytes:
    out = io.BytesIO()
    icc = image.info.get("icc_profile")
    extra: dict[str, object] = {"icc_profile": icc} if icc else {}
    if fmt == "PNG":
        if "transparency" in image.info:
            extra["transparency"] = image.info["transparency"]
        image.save(out, format="PNG", **extra)
    else:
        # No comment segment (Pillow would copy the upload's): only the picture and its colour profile are kept.
        image.save(out, format="JPEG", quality=JPEG_QUALITY, comment=b"", **extra)
    return out.getvalue()


def judge(data: bytes, field: str = "file") -> JudgedImage:
    """Decode an upload as a PNG or JPEG image and encode it again; 114010 for another type, 114019 for more
    pixels than IMAGE_PIXELS_MAX, 114018 for anything that does not decode whole."""
    claimed = sniff(data)
    if claimed is None:
        raise AppError(ErrorCode.IMAGE_TYPE_INVALID, field=field)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=("PNG", "JPEG")) as probe:
                fmt = probe.format or ""
                width, height = probe.size
                if fmt not in _FORMATS or _FORMATS[fmt][0] != claimed:
                    raise AppError(ErrorCode.IMAGE_TYPE_INVALID, field=field)
                if width <= 0 or height <= 0:
                    raise _unreadable(field)
                if width * height > IMAGE_PIXELS_MAX or max(width, height) > IMAGE_SIDE_MAX:
                    raise AppError(ErrorCode.IMAGE_PIXELS_TOO_MANY, field=field, limit=IMAGE_PIXELS_MAX)
                # The file's own structure: a PNG's chunk checksums and its end chunk.
                probe.verify()
            # verify() leaves the image unusable; the pixels are decoded from a second reading.
            with Image.open(io.BytesIO(data), formats=(fmt,)) as image:
                image.load()
                if image.size != (width, height):
                    raise _unreadable(field)
                stored = _encode(image, fmt)
    except AppError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise AppError(ErrorCode.IMAGE_PIXELS_TOO_MANY, field=field, limit=IMAGE_PIXELS_MAX) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
        # Not decodable: a damaged or truncated file, or a signature in front of something else (HTML, a script).
        raise _unreadable(field) from None
    except Exception:
        raise _unreadable(field) from None
    ext, content_type = _FORMATS[fmt]
    return JudgedImage(ImageFacts(ext, content_type, width, height), stored)


_T = TypeVar("_T")
_limiter: anyio.CapacityLimiter | None = None


async def in_decoder(work: Callable[..., _T], *args: Any) -> _T:
    """Run decoding work (`judge`, or a model's files) in a worker thread, at most IMAGE_DECODERS at once in the
    process: a decoded picture takes up to 4 bytes a pixel, so a burst of uploads waits for a decoder rather than
    taking the server's memory."""
    global _limiter
    if _limiter is None:
        _limiter = anyio.CapacityLimiter(IMAGE_DECODERS)
    return await anyio.to_thread.run_sync(work, *args, limiter=_limiter)
