"""The demo templates' main screens (issue 30 defect 6): valid screen documents bound to their own data sources,
drawn with the designer's symbols and pipes, and every value's box wide enough for its longest text at its font (the
designer's sample 123.456 and the widest value its source reports, with its unit), so nothing wraps or is cut."""

import re
from pathlib import Path
from typing import Any

import pytest

from iotyun.demo.templates import _TEMPLATES, screen_documents
from iotyun.templates.screens.document import ScreenDocument

SYMBOLS_DIR = Path(__file__).resolve().parents[2] / "web" / "src" / "designer" / "symbols"
# The element padding of a value's box (look.css .iot-el--box: 0 4px).
PADDING = 8
FONT = re.compile(r"^(italic )?(bold )?(\d+)px ")


def _em(ch: str) -> float:
    """A generous width of one character in em, for the widest of the console's sans-serif fonts (DejaVu Sans):
    digits, letters by case, narrow punctuation, CJK and the unit signs."""
    if ch.isdigit():
        return 0.64
    if ch in ".,:;'|/ ":
        return 0.34
    if ch in "-":
        return 0.37
    if ch in "mwMW%":
        return 0.98
    if ch in "℃℉‰":
        return 1.15
    if ch in "²³":
        return 0.42
    if ch.isascii() and ch.isupper():
        return 0.76
    if ch.isascii():
        return 0.62
    if "\u4e00" <= ch <= "\u9fff":
        return 1.0
    return 0.8


def text_width(text: str, size: float, bold: bool) -> float:
    return sum(_em(c) for c in text) * size * (1.1 if bold else 1.0)


def _formatted(value: float, decimals: int | None, unit: str) -> str:
    number = str(value) if decimals is None else f"{value:.{decimals}f}"
    return f"{number} {unit}" if unit else number


def _longest_texts(settings: dict[str, Any], data_type: str, low: float | None, high: float | None) -> list[str]:
    """The designer's sample (123.456) and the widest plausible value of the source, formatted as the element does."""
    decimals = settings.get("decimals")
    unit = settings.get("unit", "") if settings.get("showUnit", True) else ""
    if low is not None and high is not None:
        widest = max(low, high, key=abs)
    else:
        widest = 99999.0 if data_type in ("uint32", "int32") else -199.9 if unit in ("℃", "℉") else 999.9
    return [_formatted(123.456, decimals, unit), _formatted(widest, decimals, unit)]


def _designer_symbols() -> set[str]:
    text = "".join(p.read_text("utf-8") for p in SYMBOLS_DIR.glob("*.tsx"))
    return set(re.findall(r"defineSymbol\(\s*'([a-z_0-9]+)'", text))


def _screens() -> list[tuple[str, str, dict[str, Any], list[Any]]]:
    out = []
    for name, _description, sources, _sns, _published in _TEMPLATES:
        ids = {s[0]: n + 1 for n, s in enumerate(sources)}
        web, mobile = screen_documents(name, sources, ids)
        out.append((name, "web", web, sources))
        if mobile is not None:
            out.append((name, "mobile", mobile, sources))
    return out


SCREENS = _screens()


@pytest.mark.parametrize(("name", "kind", "document", "sources"), SCREENS, ids=[f"{s[0]}-{s[1]}" for s in SCREENS])
def test_a_demo_screen_is_valid_and_bound_to_its_own_sources(
    name: str, kind: str, document: dict[str, Any], sources: list[Any]
) -> None:
    assert ScreenDocument.model_validate(document).model_dump(mode="json") == document
    ids = set(range(1, len(sources) + 1))
    width, height = document["canvas"]["width"], document["canvas"]["height"]
    symbols = _designer_symbols()
    for element in document["elements"]:
        for binding in element["bindings"].values():
            assert binding["data_source_id"] in ids, (name, element["id"])
        p = element["placement"]
        assert p["x"] >= 0 and p["y"] >= 0 and p["x"] + p["w"] <= width and p["y"] + p["h"] <= height, element
        if element["type"] == "symbol":
            assert element["settings"]["symbol"] in symbols, element


@pytest.mark.parametrize(("name", "kind", "document", "sources"), SCREENS, ids=[f"{s[0]}-{s[1]}" for s in SCREENS])
def test_every_value_fits_its_box(name: str, kind: str, document: dict[str, Any], sources: list[Any]) -> None:
    by_id = {n + 1: s for n, s in enumerate(sources)}
    values = [e for e in document["elements"] if e["type"] == "value"]
    assert values
    for element in values:
        settings = element["settings"]
        source = by_id[element["bindings"]["value"]["data_source_id"]]
        assert settings["decimals"] == source[7], (name, element["id"])  # the source's decimals
        match = FONT.match(settings["font"])
        assert match, settings["font"]
        size, bold = int(match[3]), bool(match[2])
        box = element["placement"]
        for text in _longest_texts(settings, source[2], source[8], source[9]):
            need = text_width(text, size, bold) + PADDING
            assert need <= box["w"], f"{name} {kind} {element['id']}: {text!r} needs {need:.0f} px of {box['w']}"
        assert box["h"] >= size * 1.3, (name, element["id"])


def test_the_sample_that_wrapped_does_not_fit_a_box_of_the_old_width() -> None:
    """The estimate catches what was seen: "123.456 MPa" in bold 22 px wrapped in the old 120 px box."""
    assert text_width("123.456 MPa", 22, True) + PADDING > 120


@pytest.mark.parametrize("template", [t[0] for t in _TEMPLATES])
def test_the_machines_are_drawn_with_symbols_pipes_and_state_colours(template: str) -> None:
    document = next(d for name, kind, d, _ in SCREENS if name == template and kind == "web")
    types = [e["type"] for e in document["elements"]]
    assert types.count("symbol") >= 1 and types.count("pipe") >= 1
    stateful = [e for e in document["elements"] if e["type"] == "symbol" and e["states"]]
    assert stateful, "a symbol coloured by its machine's state"
    flowing = [e for e in document["elements"] if e["type"] == "pipe" and "flow" in e["bindings"]]
    assert flowing, "a pipe whose fluid flows while the machine runs"
