"""An upload's type and size in pixels are read from its bytes (SPEC §5 "background images jpg or png")."""

from iotyun.resources.images import ImageFacts, sniff
from tests.resources.factories import jpeg, png


def test_png() -> None:
    assert sniff(png(40, 30)) == ImageFacts("png", "image/png", 40, 30)


def test_jpeg_size_from_its_frame_header_after_other_segments() -> None:
    assert sniff(jpeg(640, 480, pad=70_000)) == ImageFacts("jpg", "image/jpeg", 640, 480)


def test_text_gif_and_truncated_headers_are_not_images() -> None:
    assert sniff(b"hello, I am a .png") is None
    assert sniff(b"GIF89a\x01\x00\x01\x00") is None
    assert sniff(png()[:20]) is None
    assert sniff(jpeg()[:12]) is None


def test_zero_sized_images_are_refused() -> None:
    assert sniff(png(0, 3)) is None
    assert sniff(jpeg(5, 0)) is None
