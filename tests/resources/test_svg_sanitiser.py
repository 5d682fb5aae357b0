"""The SVG sanitiser against a corpus of hostile files (resources/svg.py, docs/security.md "SVG uploads"): what is
refused is refused with its code, what is stripped never reaches the stored text, and a clean drawing survives."""

import re

import pytest

from iotyun.core.errors import AppError
from iotyun.core.limits import SVG_DEPTH_MAX, SVG_ELEMENTS_MAX, SVG_MAX_BYTES
from iotyun.resources import svg

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 64 64"'


def wrap(body: str, root_attrs: str = "") -> bytes:
    return f"{HEAD}{root_attrs}>{body}<rect width='10' height='10'/></svg>".encode()


def refused(data: bytes) -> int:
    with pytest.raises(AppError) as caught:
        svg.sanitise(data)
    return caught.value.code


def kept(data: bytes) -> svg.SanitisedSvg:
    return svg.sanitise(data, with_ids=True)


# Nothing of these may appear in any stored text, whatever the spelling of the file.
FORBIDDEN = re.compile(
    r"<script|onload|onclick|onmouseover|javascript:|foreignObject|http:|https:|@import|<iframe|<set|<animate", re.I
)

STRIPPED = {
    "script element": "<script>alert(document.cookie)</script>",
    "script with CDATA": "<script><![CDATA[fetch('//evil')]]></script>",
    "prefixed script": "<h:script xmlns:h='http://www.w3.org/1999/xhtml'>alert(1)</h:script>",
    "event handler": "<circle r='3' onclick='alert(1)' onmouseover='alert(2)'/>",
    "javascript href": "<a href='javascript:alert(1)'><circle r='3'/></a>",
    "javascript xlink:href": "<a xlink:href='javascript:alert(1)'><circle r='3'/></a>",
    "external xlink:href": "<use xlink:href='http://evil.example/s.svg#x'/>",
    "external use href": "<use href='https://evil.example/s.svg#x'/>",
    "external image": "<image href='http://evil.example/track.png' width='5' height='5'/>",
    "foreignObject": "<foreignObject><iframe xmlns='http://www.w3.org/1999/xhtml' src='http://evil'/></foreignObject>",
    "external url() in style attribute": "<rect width='5' height='5' style='fill:url(http://evil/x#g)'/>",
    "external url() in presentation attribute": "<rect width='5' height='5' fill='url(https://evil/x#g)'/>",
    "style element importing": "<style>@import url(http://evil/x.css); rect{fill:red}</style>",
    "style element with external url": "<style>rect{fill:url('https://evil/a#b')}</style>",
    "style element with escape": "<style>rect{background:u\\72l(http://evil)}</style>",
    "javascript in style attribute": "<rect width='5' height='5' style='background:javascript:alert(1)'/>",
    "smil set rewriting href": "<a><set attributeName='href' to='javascript:alert(1)'/><circle r='2'/></a>",
    "animate": "<circle r='2'><animate attributeName='r' values='2;http:'/></circle>",
    "iframe": "<iframe src='https://evil'/>",
}


@pytest.mark.parametrize("body", STRIPPED.values(), ids=STRIPPED.keys())
def test_a_hostile_part_is_stripped_and_reported(body: str) -> None:
    result = kept(wrap(body))
    assert not FORBIDDEN.search(result.text.replace(svg.SVG_NS, "")), result.text
    assert result.stripped, "what was stripped is reported"


def test_an_onload_on_the_root_is_stripped() -> None:
    result = kept(wrap("", " onload='alert(1)'"))
    assert "onload" not in result.text
    assert [(s.kind, s.name) for s in result.stripped] == [("attribute", "onload")]


def test_a_clean_drawing_survives_with_ids_and_same_document_references() -> None:
    data = (
        f"{HEAD}><defs><linearGradient id='g'><stop offset='0' stop-color='#fff'/></linearGradient></defs>"
        "<g id='body' fill='url(#g)'><path d='M0 0h10v10z' style='stroke:#333;stroke-width:2'/></g>"
        "<use xlink:href='#body' x='20'/><text x='1' y='9'>罐 &amp; 泵</text></svg>"
    ).encode()
    result = kept(data)
    assert result.stripped == []
    assert 'fill="url(#g)"' in result.text and 'href="#body"' in result.text and "罐 &amp; 泵" in result.text
    assert result.ids == ["n1", "n2", "n3", "n4", "n5", "n6", "n7"]
    assert result.kinds["n4"] == "g" and result.kinds["n5"] == "path"
    assert result.text.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"')
    # What is kept parses again to the same text (the stored form is a fixed point).
    assert svg.sanitise(result.text.encode(), with_ids=True).text == result.text


def test_a_raster_data_uri_image_is_kept_an_svg_one_is_not() -> None:
    png = "data:image/png;base64,iVBORw0KGgo="
    assert png in kept(wrap(f"<image href='{png}' width='4' height='4'/>")).text
    assert "data:image/svg" not in kept(wrap("<image href='data:image/svg+xml;base64,PHN2Zz4=' width='4'/>")).text


def test_billion_laughs_is_refused_before_any_entity_expands() -> None:
    lol = (
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lollollollollollollollollollol">'
        + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(9))
        + ']><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>&j;</text></svg>'
    ).encode()
    assert refused(lol) == 114021


@pytest.mark.parametrize(
    "data",
    [
        b'<!DOCTYPE svg SYSTEM "http://evil/x.dtd"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
        b'<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg viewBox="0 0 1 1"><text>&xxe;</text></svg>',
        b'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg/>',
    ],
    ids=["external dtd", "external entity", "public doctype"],
)
def test_any_doctype_is_refused(data: bytes) -> None:
    assert refused(data) == 114021


@pytest.mark.parametrize(
    "data",
    [
        b"\x89PNG\r\n\x1a\n not xml",
        b"<html><body><script>alert(1)</script></body></html>",
        b"<svg viewBox='0 0 1 1'><rect></svg>",
        b"plain text",
        b"<svg viewBox='0 0 1 1'><text>&undefined;</text></svg>",
    ],
    ids=["png", "html root", "not well formed", "text", "undefined entity"],
)
def test_what_is_not_svg_is_refused(data: bytes) -> None:
    assert refused(data) == 114020


def test_too_large_deep_or_many_is_refused() -> None:
    big = wrap("<!--" + "x" * SVG_MAX_BYTES + "-->")
    assert refused(big) == 114022
    deep = wrap("<g>" * (SVG_DEPTH_MAX + 1) + "</g>" * (SVG_DEPTH_MAX + 1))
    assert refused(deep) == 114023
    many = wrap("<rect/>" * (SVG_ELEMENTS_MAX + 1))
    assert refused(many) == 114023


def test_nothing_drawable_or_no_size_is_refused() -> None:
    assert refused(wrap("<script>1</script>").replace(b"<rect width='10' height='10'/>", b"")) == 114024
    assert refused(b'<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>') == 114024
    sized = kept(b'<svg xmlns="http://www.w3.org/2000/svg" width="40px" height="20"><rect width="1"/></svg>')
    assert 'viewBox="0 0 40 20"' in sized.text


def test_looks_like_svg() -> None:
    assert svg.looks_like_svg(b'\xef\xbb\xbf<?xml version="1.0"?>\n<svg xmlns="x">')
    assert not svg.looks_like_svg(b"\x89PNG\r\n")
