"""What an uploaded file is, judged by its bytes and never by its name (SPEC §5 "background images jpg or png"):
its type and its size in pixels, read from the PNG header or the JPEG frame header without decoding the image."""

from dataclasses import dataclass

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_JPEG_START = b"\xff\xd8\xff"
# JPEG start-of-frame markers carry the size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding) do not.
_SOF_MARKERS = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
# Markers without a length field: TEM, RST0-7 (and SOI/EOI, handled apart).
_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})


@dataclass(frozen=True, slots=True)
class ImageFacts:
    ext: str
    content_type: str
    width: int
    height: int


def _png(data: bytes) -> ImageFacts | None:
    # The first chunk of a PNG is IHDR: length (4), type (4), width (4), height (4).
    if len(data) < 24 or data[12:16] != b"IHDR":
        return None
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return ImageFacts("png", "image/png", width, height)


def _jpeg(data: bytes) -> ImageFacts | None:
    pos = 2
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            return None
        marker = data[pos + 1]
        if marker == 0xFF:  # fill byte
            pos += 1
            continue
        if marker in _STANDALONE:
            pos += 2
            continue
        if marker == 0xD9:  # end of image before any frame
            return None
        length = int.from_bytes(data[pos + 2 : pos + 4], "big")
        if length < 2:
            return None
        if marker in _SOF_MARKERS:
            if pos + 9 > len(data):
                return None
            height = int.from_bytes(data[pos + 5 : pos + 7], "big")
            width = int.from_bytes(data[pos + 7 : pos + 9], "big")
            return ImageFacts("jpg", "image/jpeg", width, height)
        pos += 2 + length
    return None


def sniff(data: bytes) -> ImageFacts | None:
    """The facts of a PNG or JPEG image, or None for anything else (another type, a truncated header, zero size)."""
    if data.startswith(_PNG_SIGNATURE):
        facts = _png(data)
    elif data.startswith(_JPEG_START):
        facts = _jpeg(data)
    else:
        return None
    if facts is None or facts.width <= 0 or facts.height <= 0:
        return None
    return facts
