"""The SVG sanitiser of the gallery and the tenant symbol library (issue 30 points 11 and 2; docs/security.md
"SVG uploads"). An uploaded SVG is never stored as sent: it is parsed, walked against a whitelist, and written out
again from what survived, so nothing the whitelist does not name can reach a browser.

Refused (an error, nothing stored):
- more than SVG_MAX_BYTES (114022);
- not well-formed XML, not UTF-8, or a root that is not `<svg>` (114020);
- any DOCTYPE: no DTD and no entity is ever read, so no billion laughs and no external entity (114021). The stdlib
  expat parser is driven directly and stopped at the DOCTYPE's first byte, as defusedxml's `forbid_dtd` would;
- more than SVG_ELEMENTS_MAX elements or deeper than SVG_DEPTH_MAX (114023), counted while parsing;
- nothing drawable left once sanitised, or no size (neither a viewBox nor numeric width and height) (114024).

Stripped (the rest is kept and the caller is told what went, `Stripped`):
- elements outside the whitelist, with everything inside them: `script`, `foreignObject`, `iframe`, SMIL animation
  (`animate`, `set`, … could rewrite an href to `javascript:`), anything in another namespace; an `<a>` is unwrapped
  (its children kept, the link dropped);
- attributes outside the whitelist: every event handler (`on*`), every `data-*` and `xmlns:*` the file brings;
- references that leave the document: `href` / `xlink:href` other than a same-document `#fragment` (an `<image>`
  may also hold a `data:image/png|jpeg|gif|webp` URI), any `url(...)` other than `url(#fragment)` in an attribute
  or a `style` declaration;
- a `<style>` element that holds `@import`, an external `url()`, `expression(`, `javascript:`, a backslash escape or
  a `<`, whole; the same in a `style` attribute drops that declaration only;
- comments, processing instructions and text outside text elements.

What is written: `<svg xmlns="http://www.w3.org/2000/svg" viewBox=… width=… height=…>` and the kept elements with
their kept attributes, every value escaped; `href` is written without a namespace prefix. For a symbol every kept
element except the root gets `data-iot-id="n<k>"` (k in document order), the handle by which the symbol editor
marks parts. Nothing here touches the database or the disk."""

import re
from collections import Counter
from dataclasses import dataclass, field
from xml.parsers import expat

from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SVG_DEPTH_MAX, SVG_ELEMENTS_MAX, SVG_MAX_BYTES

SVG_NS = "http://www.w3.org/2000/svg"

# Elements kept, with their attributes checked. Containers and shapes, text, paint servers, clipping, masking,
# markers, symbols and filters: what a drawing needs, nothing that runs or fetches.
_ELEMENTS = frozenset(
    {
        "svg", "g", "defs", "symbol", "use", "title", "desc", "metadata",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
        "text", "tspan", "textPath",
        "linearGradient", "radialGradient", "stop", "pattern",
        "clipPath", "mask", "marker", "image", "style",
        "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feFlood", "feGaussianBlur",
        "feMerge", "feMergeNode", "feOffset", "feFuncA", "feFuncR", "feFuncG", "feFuncB", "feDropShadow",
        "feMorphology",
    }
)  # fmt: skip
# Unwrapped: the element goes, its children stay.
_UNWRAPPED = frozenset({"a", "switch"})
# Elements whose text is kept.
_TEXT_ELEMENTS = frozenset({"text", "tspan", "textPath", "title", "desc", "style"})
# Elements that draw (a file of none of them is refused as empty).
_DRAWING = frozenset({"path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "image", "use"})
# Elements that may carry an href, and those whose href may be a raster data: URI.
_HREF_ELEMENTS = frozenset(
    {"use", "image", "textPath", "linearGradient", "radialGradient", "pattern", "filter", "mpath"}
)
_DATA_URI_ELEMENTS = frozenset({"image"})

_ATTRIBUTES = frozenset(
    {
        # core and structure
        "id", "class", "style", "transform", "viewBox", "preserveAspectRatio", "width", "height", "x", "y",
        "xml:space", "lang", "xml:lang", "version",
        # geometry
        "d", "cx", "cy", "r", "rx", "ry", "x1", "y1", "x2", "y2", "points", "pathLength",
        "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset", "method", "spacing", "side",
        # presentation
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "opacity", "color",
        "display", "visibility", "overflow", "clip-path", "clip-rule", "mask", "filter", "marker-start",
        "marker-mid", "marker-end", "paint-order", "vector-effect", "shape-rendering", "text-rendering",
        "image-rendering", "color-interpolation", "color-interpolation-filters", "mix-blend-mode", "isolation",
        "font-family", "font-size", "font-weight", "font-style", "font-variant", "font-stretch", "text-anchor",
        "dominant-baseline", "alignment-baseline", "baseline-shift", "letter-spacing", "word-spacing",
        "text-decoration", "writing-mode", "direction", "unicode-bidi", "white-space",
        # paint servers, clipping, markers
        "offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform", "spreadMethod", "fx", "fy",
        "fr", "patternUnits", "patternContentUnits", "patternTransform", "clipPathUnits", "maskUnits",
        "maskContentUnits", "markerUnits", "markerWidth", "markerHeight", "refX", "refY", "orient",
        # filters
        "filterUnits", "primitiveUnits", "in", "in2", "result", "stdDeviation", "mode", "type", "values",
        "operator", "k1", "k2", "k3", "k4", "flood-color", "flood-opacity", "tableValues", "slope", "intercept",
        "amplitude", "exponent", "radius", "edgeMode",
        # links (checked below)
        "href", "xlink:href",
    }
)  # fmt: skip

_URL_RE = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
_FRAGMENT_RE = re.compile(r"^#[A-Za-z_][\w.:-]*$")
_DATA_IMAGE_RE = re.compile(r"^data:image/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$", re.IGNORECASE)
# What no kept CSS may hold: a fetch, script in old browsers, an escape that could spell either, markup.
_CSS_FORBIDDEN = re.compile(r"@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding|\\|<", re.IGNORECASE)
_NUMBER_RE = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$")


@dataclass(frozen=True, slots=True)
class Stripped:
    """What the sanitiser took out: a kind (`element`, `attribute`, `reference`, `style`, `link`) and its name."""

    kind: str
    name: str
    count: int


@dataclass(slots=True)
class SanitisedSvg:
    text: str
    width: float
    height: float
    # The `data-iot-id`s given, in document order (empty when ids were not asked for).
    ids: list[str]
    stripped: list[Stripped]
    # Which id each kept element drew with: `data-iot-id` → the element's name (the editor shows it).
    kinds: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True)
class _Node:
    name: str
    attrs: dict[str, str]
    children: list["_Node | str"] = field(default_factory=list)


class _Refused(Exception):
    def __init__(self, code: ErrorCode, **params: str | int) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, str | int] = params


def _parse(data: bytes) -> _Node:
    """The document as a tree of nodes, from expat with no namespace processing, no DTD and no entities."""
    parser = expat.ParserCreate(encoding="utf-8")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    root = _Node("#document", {})
    stack: list[_Node] = [root]
    count = 0

    def doctype(*_: object) -> int:
        raise _Refused(ErrorCode.SVG_DTD_REFUSED)

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal count
        count += 1
        if count > SVG_ELEMENTS_MAX or len(stack) > SVG_DEPTH_MAX:
            raise _Refused(ErrorCode.SVG_TOO_COMPLEX, elements=SVG_ELEMENTS_MAX, depth=SVG_DEPTH_MAX)
        node = _Node(name, dict(attrs))
        stack[-1].children.append(node)
        stack.append(node)

    def end(_: str) -> None:
        stack.pop()

    def text(value: str) -> None:
        stack[-1].children.append(value)

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    parser.UnparsedEntityDeclHandler = doctype
    parser.ExternalEntityRefHandler = doctype
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except _Refused:
        raise
    except (expat.ExpatError, ValueError, UnicodeError):
        raise _Refused(ErrorCode.SVG_UNREADABLE) from None
    elements = [c for c in root.children if isinstance(c, _Node)]
    if len(elements) != 1 or elements[0].name != "svg":
        raise _Refused(ErrorCode.SVG_UNREADABLE)
    return elements[0]


def looks_like_svg(data: bytes) -> bool:
    """Whether an upload claims to be SVG (XML text whose first element is `svg`): a claim only, judged by
    `sanitise`."""
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head.startswith(b"<"):
        return False
    return re.search(rb"<svg[\s>/]", head) is not None


def _url_ok(value: str) -> bool:
    """Every url(...) in a value names a fragment of this document."""
    return all(_FRAGMENT_RE.match(m.group(2).strip()) for m in _URL_RE.finditer(value)) and (
        "url(" not in _URL_RE.sub("", value).lower()
    )


def _css_ok(value: str) -> bool:
    return _CSS_FORBIDDEN.search(value) is None and _url_ok(value)


def _clean_style(value: str, tally: Counter[tuple[str, str]]) -> str:
    kept = []
    for declaration in value.split(";"):
        if not declaration.strip():
            continue
        if _css_ok(declaration):
            kept.append(declaration.strip())
        else:
            tally["style", declaration.split(":", 1)[0].strip()[:32] or "style"] += 1
    return "; ".join(kept)


def _number(value: str | None) -> float | None:
    match = _NUMBER_RE.match(value or "")
    return float(match.group(1)) if match else None


def _size(root: _Node) -> tuple[float, float, str]:
    box = root.attrs.get("viewBox")
    if box:
        parts = re.split(r"[\s,]+", box.strip())
        try:
            x, y, w, h = (float(p) for p in parts)
        except ValueError:
            raise _Refused(ErrorCode.SVG_EMPTY) from None
        if w > 0 and h > 0:
            return w, h, f"{x:g} {y:g} {w:g} {h:g}"
    w_attr, h_attr = _number(root.attrs.get("width")), _number(root.attrs.get("height"))
    if w_attr and h_attr:
        return w_attr, h_attr, f"0 0 {w_attr:g} {h_attr:g}"
    raise _Refused(ErrorCode.SVG_EMPTY)


def _escape(value: str, attribute: bool = False) -> str:
    value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return value.replace('"', "&quot;") if attribute else value


class _Writer:
    def __init__(self, with_ids: bool) -> None:
        self.with_ids = with_ids
        self.out: list[str] = []
        self.tally: Counter[tuple[str, str]] = Counter()
        self.ids: list[str] = []
        self.kinds: dict[str, str] = {}
        self.drawn = 0

    def attributes(self, node: _Node) -> list[tuple[str, str]]:
        kept: list[tuple[str, str]] = []
        for name, value in node.attrs.items():
            low = name.lower()
            if low.startswith("on"):
                self.tally["attribute", name] += 1
                continue
            if name not in _ATTRIBUTES:
                if not (low.startswith("xmlns") or low == "data-iot-id"):
                    self.tally["attribute", name] += 1
                continue
            if name in ("href", "xlink:href"):
                target = value.strip()
                fragment = _FRAGMENT_RE.match(target) is not None
                data_uri = node.name in _DATA_URI_ELEMENTS and _DATA_IMAGE_RE.match(target) is not None
                if node.name not in _HREF_ELEMENTS or not (fragment or data_uri):
                    self.tally["reference", target[:64]] += 1
                    continue
                kept.append(("href", target))
                continue
            if name == "style":
                cleaned = _clean_style(value, self.tally)
                if cleaned:
                    kept.append((name, cleaned))
                continue
            if not _url_ok(value):
                self.tally["reference", value.strip()[:64]] += 1
                continue
            if _CSS_FORBIDDEN.search(value):
                self.tally["attribute", name] += 1
                continue
            kept.append((name, value))
        return kept

    def node(self, node: _Node) -> None:
        if node.name in _UNWRAPPED:
            self.tally["link" if node.name == "a" else "element", node.name] += 1
            self.children(node)
            return
        if node.name not in _ELEMENTS:
            self.tally["element", node.name] += 1
            return
        if node.name == "style":
            css = "".join(c for c in node.children if isinstance(c, str))
            if not _css_ok(css):
                self.tally["style", "style"] += 1
                return
            self.out.append(f"<style>{_escape(css)}</style>")
            return
        attrs = self.attributes(node)
        if self.with_ids:
            ident = f"n{len(self.ids) + 1}"
            self.ids.append(ident)
            self.kinds[ident] = node.name
            attrs.append(("data-iot-id", ident))
        if node.name in _DRAWING:
            self.drawn += 1
        text = "".join(f' {k}="{_escape(v, True)}"' for k, v in attrs)
        self.out.append(f"<{node.name}{text}>")
        self.children(node)
        self.out.append(f"</{node.name}>")

    def children(self, node: _Node) -> None:
        for child in node.children:
            if isinstance(child, _Node):
                self.node(child)
            elif node.name in _TEXT_ELEMENTS:
                self.out.append(_escape(child))


def sanitise(data: bytes, *, with_ids: bool = False, field_name: str = "file") -> SanitisedSvg:
    """An uploaded SVG as kept: refused with an AppError (114020-114024) or rewritten from its whitelisted parts."""
    try:
        if len(data) > SVG_MAX_BYTES:
            raise _Refused(ErrorCode.SVG_TOO_LARGE, size=f"{SVG_MAX_BYTES // 1024} KB")
        root = _parse(data)
        width, height, view_box = _size(root)
        writer = _Writer(with_ids)
        root_attrs = [
            (k, v) for k, v in writer.attributes(root) if k not in ("width", "height", "viewBox", "x", "y", "version")
        ]
        writer.children(root)
        if writer.drawn == 0:
            raise _Refused(ErrorCode.SVG_EMPTY)
    except _Refused as refused:
        error = AppError(refused.code, field=field_name)
        error.params = dict(refused.params)
        raise error from None
    head = "".join(f' {k}="{_escape(v, True)}"' for k, v in root_attrs)
    text = (
        f'<svg xmlns="{SVG_NS}" viewBox="{view_box}" width="{width:g}" height="{height:g}"{head}>'
        + "".join(writer.out)
        + "</svg>"
    )
    stripped = [Stripped(kind, name, count) for (kind, name), count in sorted(writer.tally.items())]
    return SanitisedSvg(text, width, height, writer.ids, stripped, writer.kinds)
