"""An upload is judged by decoding it (SPEC §5 "background images jpg or png"; docs/security.md "Gallery files"): its
type by its signature and decoder, its size by its pixels, and what is kept is the decoded picture encoded again."""

import io
import random
import zlib

import pytest
from PIL import Image

from iotyun.core.errors import AppError
from iotyun.core.limits import IMAGE_PIXELS_MAX
from iotyun.resources.images import ImageFacts, judge, sniff
from tests.resources.factories import jpeg, pixels, png, png_header


def refused(data: bytes) -> int:
    with pytest.raises(AppError) as caught:
        judge(data)
    return int(caught.value.code)


def test_png() -> None:
    judged = judge(png(40, 30))
    assert judged.facts == ImageFacts("png", "image/png", 40, 30)
    assert pixels(judged.data) == pixels(png(40, 30))


def test_jpeg_size_from_its_pixels_after_other_segments() -> None:
    judged = judge(jpeg(640, 480, pad=70_000))
    assert judged.facts == ImageFacts("jpg", "image/jpeg", 640, 480)
    # The comment segments are not kept: only the picture, encoded again.
    assert len(judged.data) < 70_000 and b"ccccccccccccccc" not in judged.data


def test_text_gif_and_svg_are_not_images() -> None:
    assert sniff(b"hello, I am a .png") is None
    assert refused(b"hello, I am a .png") == 114010
    assert refused(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;") == 114010
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    assert refused(svg) == 114010


def test_truncated_files_do_not_decode() -> None:
    assert refused(png(40, 30)[:20]) == 114018
    assert refused(png(40, 30)[:-20]) == 114018
    assert refused(jpeg(64, 48)[:12]) == 114018
    assert refused(jpeg(64, 48)[:-40]) == 114018


def test_a_png_signature_followed_by_html_is_refused() -> None:
    html = b"<html><body><script>alert(document.cookie)</script></body></html>"
    assert refused(b"\x89PNG\r\n\x1a\n" + html) == 114018
    assert refused(b"\xff\xd8\xff" + html) == 114018


def test_a_header_that_lies_about_the_size_is_refused() -> None:
    # 1000 x 1000 declared, two bytes of pixels: the size is the pixels', and there are none.
    assert refused(png_header(1000, 1000)) == 114018


def test_zero_sized_images_are_refused() -> None:
    assert refused(png_header(0, 3)) == 114018


def test_a_decompression_bomb_is_refused_before_it_is_decoded() -> None:
    # 100 000 x 100 000 pixels declared (10 GB decoded): refused from the header alone.
    assert refused(png_header(100_000, 100_000)) == 114019
    assert refused(png_header(IMAGE_PIXELS_MAX // 1000 + 1, 1000)) == 114019
    # A real bomb, small on disk: 5000 x 5000 zero pixels compress to about 25 KB.
    rows = b"\x00" * 5001 * 5000
    bomb = png_header(5000, 5000).replace(_idat(b"\x00\x80"), _idat_raw(zlib.compress(rows, 9)))
    assert len(bomb) < 100_000 and refused(bomb) == 114019


def test_what_follows_the_picture_is_not_kept() -> None:
    html = b"<html><script>alert(1)</script></html>"
    judged = judge(png(8, 8) + html)
    assert b"<script>" not in judged.data and pixels(judged.data) == pixels(png(8, 8))


def test_transparency_and_colour_survive_encoding_again() -> None:
    out = io.BytesIO()
    image = Image.new("P", (4, 4), 1)
    image.putpalette([0, 0, 0, 255, 0, 0] + [0] * 762)
    image.save(out, format="PNG", transparency=0)
    judged = judge(out.getvalue())
    with Image.open(io.BytesIO(judged.data)) as again:
        assert again.mode == "P" and again.info.get("transparency") == 0
    rgba = io.BytesIO()
    Image.new("RGBA", (3, 2), (10, 20, 30, 40)).save(rgba, format="PNG")
    assert pixels(judge(rgba.getvalue()).data) == pixels(rgba.getvalue())


def _idat(data: bytes) -> bytes:
    return _idat_raw(zlib.compress(data))


def _idat_raw(compressed: bytes) -> bytes:
    import struct

    return (
        struct.pack(">I", len(compressed)) + b"IDAT" + compressed + struct.pack(">I", zlib.crc32(b"IDAT" + compressed))
    )


def test_damaged_files_are_refused_with_a_code_never_an_error() -> None:
    """A fuzz run over damaged PNG and JPEG files (bytes flipped, cut, repeated): each is judged, or refused with one
    of the gallery's codes; nothing else escapes the decoder."""
    rng = random.Random(29)
    sources = [png(40, 30), png(8, 8, pad=2000), jpeg(64, 48), jpeg(16, 16, pad=300)]
    codes: set[int] = set()
    for _ in range(400):
        data = bytearray(rng.choice(sources))
        for _ in range(rng.randint(1, 8)):
            if not data:
                break
            at = rng.randrange(len(data))
            match rng.randrange(3):
                case 0:
                    data[at] = rng.randrange(256)
                case 1:
                    del data[at : at + rng.randint(1, 64)]
                case _:
                    data[at:at] = data[at : at + rng.randint(1, 64)]
        try:
            judged = judge(bytes(data))
        except AppError as exc:
            codes.add(int(exc.code))
        else:
            assert judged.facts.width > 0 and judged.facts.height > 0
            assert pixels(judged.data)[1] == (judged.facts.width, judged.facts.height)
    assert codes <= {114010, 114018, 114019}
