"""The drawings of the system gallery's shipped images (resources/system_gallery.py), and a small PNG writer: pure
Python with zlib, no imaging library. The files in `resources/shipped/` were made once with

    PYTHONPATH=. .venv/bin/python -m iotyun.resources.system_art

and are committed; the server only reads them. Backgrounds are 1920x1080 RGB, the equipment 256x256 and the icons and
buttons 64x64 RGBA, drawn from signed distances (a shape's edge is anti-aliased by its distance to the pixel) in the
greys of the designer's symbols (web/src/designer/symbols/style.ts) with a colour where a picture means one."""

import math
import struct
import sys
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

RGB = tuple[int, int, int]
RGBA = tuple[float, float, float, float]
# A signed distance in pixels: negative inside the shape.
Sdf = Callable[[float, float], float]

STROKE: RGB = (0x5B, 0x64, 0x70)
FILL: RGB = (0xD5, 0xD9, 0xDE)
FILL_DARK: RGB = (0xAA, 0xB1, 0xBA)
FILL_LIGHT: RGB = (0xEE, 0xF0, 0xF2)
WATER: RGB = (0x3B, 0x82, 0xC4)

# --- PNG -----------------------------------------------------------------------------------------------------------


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _filtered(row: bytes, prev: bytes | None, bpp: int) -> bytes:
    """The row with the PNG filter (Sub or Up) whose bytes sum smallest, which deflate packs best."""
    sub = bytes((row[i] - (row[i - bpp] if i >= bpp else 0)) & 0xFF for i in range(len(row)))
    if prev is None:
        return b"\x01" + sub
    up = bytes((a - b) & 0xFF for a, b in zip(row, prev, strict=True))

    def cost(data: bytes) -> int:
        return sum(v if v < 128 else 256 - v for v in data)

    return b"\x02" + up if cost(up) < cost(sub) else b"\x01" + sub


def png(width: int, height: int, rows: Sequence[bytes], alpha: bool) -> bytes:
    """A PNG of 8-bit RGB or RGBA rows."""
    bpp = 4 if alpha else 3
    raw = bytearray()
    prev: bytes | None = None
    for row in rows:
        raw += _filtered(row, prev, bpp)
        prev = row
    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + _chunk(b"IEND", b"")
    )


# --- colour --------------------------------------------------------------------------------------------------------


def mix(a: RGB, b: RGB, t: float) -> RGB:
    t = min(1.0, max(0.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def hexrgb(value: str) -> RGB:
    return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))


# --- backgrounds ---------------------------------------------------------------------------------------------------

W, H = 1920, 1080
Pixel = Callable[[int, int], RGB]


def render_rgb(width: int, height: int, pixel: Pixel) -> bytes:
    rows = [bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height)]
    return png(width, height, rows, alpha=False)


def _grid_weight(v: int, minor: int, major: int) -> float:
    """1 on a major line, 0.5 on a minor one, 0 between (lines one pixel wide, majors two)."""
    if v % major in (0, major - 1):
        return 1.0
    return 0.5 if v % minor == 0 else 0.0


def _grid(base: Callable[[int, int], RGB], line: RGB, minor: int, major: int, strength: float) -> Pixel:
    def pixel(x: int, y: int) -> RGB:
        w = max(_grid_weight(x, minor, major), _grid_weight(y, minor, major))
        colour = base(x, y)
        return mix(colour, line, w * strength) if w else colour

    return pixel


def _radial(centre: tuple[float, float], inner: RGB, outer: RGB, reach: float) -> Callable[[int, int], RGB]:
    cx, cy = centre

    def pixel(x: int, y: int) -> RGB:
        return mix(inner, outer, math.hypot(x - cx, y - cy) / reach)

    return pixel


def _linear(start: RGB, end: RGB, dx: float, dy: float) -> Callable[[int, int], RGB]:
    """A gradient along (dx, dy) across the whole canvas."""
    span = abs(dx) * W + abs(dy) * H

    def pixel(x: int, y: int) -> RGB:
        return mix(start, end, (x * dx + y * dy) / span)

    return pixel


def bg_tech_blue() -> bytes:
    glow = _radial((W / 2, H * 0.45), hexrgb("#123a73"), hexrgb("#050f24"), W * 0.62)
    return render_rgb(W, H, _grid(glow, hexrgb("#2bb3ff"), 40, 200, 0.22))


def bg_tech_frame() -> bytes:
    base = _radial((W / 2, H / 2), hexrgb("#0c2244"), hexrgb("#040b18"), W * 0.6)
    cyan, dim = hexrgb("#39c6ff"), hexrgb("#1d4f7a")
    inset, bracket, header = 28, 120, 96

    def pixel(x: int, y: int) -> RGB:
        left, right, top, bottom = x - inset, W - 1 - inset - x, y - inset, H - 1 - inset - y
        if min(left, right, top, bottom) < 0:
            return base(x, y)
        near_x = min(left, right) < bracket
        near_y = min(top, bottom) < bracket
        edge = min(left, right, top, bottom)
        if edge < 4 and near_x and near_y:
            return cyan  # a corner bracket
        if edge < 1:
            return dim  # the frame
        if top < header and abs(x - W / 2) < W * 0.22 and top > header - 3:
            return cyan  # the title bar's underline
        if top < header and abs(x - W / 2) < W * 0.22:
            return mix(base(x, y), hexrgb("#15427a"), 0.6 * (1 - top / header))
        return base(x, y)

    return render_rgb(W, H, pixel)


def bg_deep_navy() -> bytes:
    return render_rgb(W, H, _radial((W / 2, H * 0.35), hexrgb("#1b3a6b"), hexrgb("#050b1a"), W * 0.7))


def bg_blueprint() -> bytes:
    base = _linear(hexrgb("#1f5593"), hexrgb("#173f73"), 0.3, 1.0)
    return render_rgb(W, H, _grid(base, hexrgb("#ffffff"), 20, 100, 0.24))


def bg_dot_matrix() -> bytes:
    base = _radial((W / 2, H / 2), hexrgb("#151c26"), hexrgb("#07090d"), W * 0.65)
    dot = hexrgb("#2f81f7")

    def pixel(x: int, y: int) -> RGB:
        d = math.hypot((x % 24) - 12, (y % 24) - 12)
        colour = base(x, y)
        return mix(colour, dot, 0.55 * min(1.0, max(0.0, 2.0 - d))) if d < 2.0 else colour

    return render_rgb(W, H, pixel)


def bg_slate() -> bytes:
    return render_rgb(W, H, _linear(hexrgb("#34404e"), hexrgb("#11161d"), 1.0, 1.0))


def bg_teal() -> bytes:
    return render_rgb(W, H, _linear(hexrgb("#0f766e"), hexrgb("#0b2f5e"), 1.0, 0.6))


def bg_light_grid() -> bytes:
    def base(x: int, y: int) -> RGB:
        return hexrgb("#f5f7fa")

    return render_rgb(W, H, _grid(base, hexrgb("#c5cfdb"), 32, 160, 0.8))


def bg_light_blue() -> bytes:
    return render_rgb(W, H, _linear(hexrgb("#ffffff"), hexrgb("#d6e6f7"), 0.2, 1.0))


# A plant's floor plan: halls in concrete tones, walls, and the yellow lines of the aisles between them.
_HALLS: tuple[tuple[int, int, int, int, str], ...] = (
    (60, 60, 760, 470, "#cfcbc1"),
    (60, 530, 760, 1020, "#c4c0b5"),
    (900, 60, 1860, 380, "#d6d2c9"),
    (900, 440, 1360, 1020, "#c9c5ba"),
    (1420, 440, 1860, 1020, "#d1cdc3"),
)


def bg_plant_floor() -> bytes:
    ground, wall, lane = hexrgb("#b7b3a8"), hexrgb("#5f5d58"), hexrgb("#e0b03a")
    halls = [(x0, y0, x1, y1, hexrgb(c)) for x0, y0, x1, y1, c in _HALLS]

    def pixel(x: int, y: int) -> RGB:
        for x0, y0, x1, y1, colour in halls:
            if x0 <= x <= x1 and y0 <= y <= y1:
                edge = min(x - x0, x1 - x, y - y0, y1 - y)
                if edge < 8:
                    return wall
                # The hall's floor: slabs of 120 px in two tones.
                return colour if (x // 120 + y // 120) % 2 else mix(colour, ground, 0.15)
        # The aisles: a dashed yellow line down their middle.
        if abs(x - 830) < 4 and (y // 40) % 2 == 0:
            return lane
        if abs(y - 500) < 4 and x < 830 and (x // 40) % 2 == 0:
            return lane
        if abs(y - 410) < 4 and x > 830 and (x // 40) % 2 == 0:
            return lane
        return ground

    return render_rgb(W, H, pixel)


# --- pictures (signed distances) -----------------------------------------------------------------------------------


def circle(cx: float, cy: float, r: float) -> Sdf:
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def box(x0: float, y0: float, x1: float, y1: float, r: float = 0.0) -> Sdf:
    """A rectangle with corners rounded by r."""
    cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - r, (y1 - y0) / 2 - r

    def d(x: float, y: float) -> float:
        qx, qy = abs(x - cx) - hx, abs(y - cy) - hy
        return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r

    return d


def polygon(points: Sequence[tuple[float, float]]) -> Sdf:
    """Any simple polygon (the even-odd rule decides the sign)."""

    def d(x: float, y: float) -> float:
        best = math.inf
        inside = False
        n = len(points)
        for i in range(n):
            ax, ay = points[i]
            bx, by = points[i - 1]
            ex, ey = bx - ax, by - ay
            wx, wy = x - ax, y - ay
            t = min(1.0, max(0.0, (wx * ex + wy * ey) / (ex * ex + ey * ey)))
            best = min(best, math.hypot(wx - ex * t, wy - ey * t))
            if (ay > y) != (by > y) and x < ax + (y - ay) * ex / ey:
                inside = not inside
        return -best if inside else best

    return d


def union(*shapes: Sdf) -> Sdf:
    return lambda x, y: min(s(x, y) for s in shapes)


def cut(shape: Sdf, hole: Sdf) -> Sdf:
    return lambda x, y: max(shape(x, y), -hole(x, y))


Paint = Callable[[float, float], RGB]


def flat(colour: RGB) -> Paint:
    return lambda x, y: colour


def shaded(colour: RGB, top: float, bottom: float, lighter: float = 0.35) -> Paint:
    """Lighter at `top`, the colour itself at `bottom`: a soft light from above."""
    white: RGB = (255, 255, 255)
    return lambda x, y: mix(colour, white, lighter * (1 - (y - top) / max(1.0, bottom - top)))


# A layer: its shape, its fill, and its outline's colour and width (0: none).
Layer = tuple[Sdf, Paint, RGB, float]


def layer(shape: Sdf, paint: Paint, outline: RGB = STROKE, width: float = 3.0) -> Layer:
    return (shape, paint, outline, width)


def render_rgba(size: int, layers: Sequence[Layer]) -> bytes:
    rows: list[bytes] = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            x, y = px + 0.5, py + 0.5
            r = g = b = a = 0.0
            for shape, paint, outline, width in layers:
                d = shape(x, y)
                if d > width + 1:
                    continue
                fill_cover = min(1.0, max(0.0, 0.5 - d))
                colours: list[tuple[RGB, float]] = [(paint(x, y), fill_cover)]
                if width:
                    colours.append((outline, min(1.0, max(0.0, width / 2 + 0.5 - abs(d)))))
                for (cr, cg, cb), cover in colours:
                    if cover <= 0:
                        continue
                    # Source over, premultiplied.
                    r, g, b = cr * cover + r * (1 - cover), cg * cover + g * (1 - cover), cb * cover + b * (1 - cover)
                    a = cover + a * (1 - cover)
            if a <= 0:
                row += b"\x00\x00\x00\x00"
            else:
                row += bytes((round(r / a), round(g / a), round(b / a), round(a * 255)))
        rows.append(bytes(row))
    return png(size, size, rows, alpha=True)


def eq_tank() -> bytes:
    body = box(64, 24, 192, 212, 48)
    liquid = box(68, 120, 188, 208, 0)
    return render_rgba(
        256,
        [
            layer(box(76, 200, 92, 244), flat(FILL_DARK)),
            layer(box(164, 200, 180, 244), flat(FILL_DARK)),
            layer(body, shaded(FILL, 24, 212)),
            layer(lambda x, y: max(liquid(x, y), body(x, y) + 4), shaded(WATER, 120, 212, 0.25), WATER, 0),
            layer(box(200, 60, 212, 196, 6), flat(FILL_LIGHT)),
            layer(box(202, 120, 210, 194, 4), flat(WATER), WATER, 0),
            layer(box(120, 12, 136, 26), flat(FILL_DARK)),
        ],
    )


def eq_pump() -> bytes:
    return render_rgba(
        256,
        [
            layer(box(40, 204, 216, 228, 4), flat(FILL_DARK)),
            layer(polygon([(80, 204), (176, 204), (160, 170), (96, 170)]), flat(FILL_DARK)),
            layer(box(128, 58, 232, 98, 4), shaded(FILL, 58, 98)),
            layer(box(222, 50, 240, 106, 3), flat(FILL_DARK)),
            layer(box(16, 118, 70, 158, 4), shaded(FILL, 118, 158)),
            layer(box(8, 110, 26, 166, 3), flat(FILL_DARK)),
            layer(circle(128, 138, 68), shaded(FILL, 70, 206)),
            layer(circle(128, 138, 26), shaded(FILL_DARK, 112, 164)),
            layer(circle(128, 138, 8), flat(STROKE), STROKE, 0),
        ],
    )


def eq_valve() -> bytes:
    left = polygon([(44, 112), (44, 200), (128, 156)])
    right = polygon([(212, 112), (212, 200), (128, 156)])
    return render_rgba(
        256,
        [
            layer(box(4, 138, 48, 174, 3), shaded(FILL, 138, 174)),
            layer(box(208, 138, 252, 174, 3), shaded(FILL, 138, 174)),
            layer(union(left, right), shaded(FILL, 112, 200)),
            layer(box(122, 60, 134, 156), flat(FILL_DARK)),
            layer(box(56, 40, 200, 64, 12), shaded(hexrgb("#c0392b"), 40, 64, 0.3)),
            layer(circle(128, 156, 10), flat(STROKE), STROKE, 0),
        ],
    )


def eq_motor() -> bytes:
    body = box(28, 84, 188, 204, 16)

    def fin(i: int) -> Sdf:
        strip = box(44 + 22 * i, 80, 50 + 22 * i, 208)
        return lambda x, y: max(strip(x, y), body(x, y) + 8)

    return render_rgba(
        256,
        [
            layer(box(40, 204, 176, 226, 3), flat(FILL_DARK)),
            layer(box(184, 132, 236, 156, 3), shaded(FILL_DARK, 132, 156)),
            layer(box(180, 96, 200, 192, 6), shaded(FILL, 96, 192)),
            layer(body, shaded(FILL, 84, 204)),
            *(layer(fin(i), flat(FILL_DARK), STROKE, 0) for i in range(7)),
            layer(box(80, 52, 136, 86, 4), shaded(FILL, 52, 86)),
            layer(box(96, 40, 120, 54, 2), flat(FILL_DARK)),
        ],
    )


def _blade(angle: float) -> Sdf:
    """A fan blade: a quadrilateral from the hub outwards, turned by `angle`."""
    c, s = math.cos(angle), math.sin(angle)
    shape = [(22.0, -12.0), (84.0, -30.0), (92.0, 8.0), (22.0, 12.0)]
    return polygon([(128 + x * c - y * s, 128 + x * s + y * c) for x, y in shape])


def eq_fan() -> bytes:
    housing = cut(circle(128, 128, 112), circle(128, 128, 98))
    blades = union(*(_blade(i * math.pi / 2 + 0.3) for i in range(4)))
    return render_rgba(
        256,
        [
            layer(circle(128, 128, 98), flat(FILL_LIGHT), STROKE, 0),
            layer(blades, shaded(FILL_DARK, 30, 226)),
            layer(housing, shaded(FILL, 16, 240)),
            layer(circle(128, 128, 24), shaded(FILL, 104, 152)),
            layer(circle(128, 128, 6), flat(STROKE), STROKE, 0),
        ],
    )


def _light(colour: str) -> bytes:
    lit = hexrgb(colour)
    white: RGB = (255, 255, 255)

    def glow(x: float, y: float) -> RGB:
        return mix(mix(lit, white, 0.55), lit, math.hypot(x - 26, y - 24) / 26)

    return render_rgba(
        64,
        [
            layer(circle(32, 32, 30), shaded(hexrgb("#4b5563"), 2, 62, 0.4), STROKE, 2),
            layer(circle(32, 32, 22), glow, mix(lit, (0, 0, 0), 0.35), 2),
            layer(circle(25, 23, 5), lambda x, y: (255, 255, 255), white, 0),
        ],
    )


def icon_run() -> bytes:
    return _light("#22c55e")


def icon_warning() -> bytes:
    return _light("#f59e0b")


def icon_fault() -> bytes:
    return _light("#ef4444")


def _button(colour: str, mark: Sdf) -> bytes:
    face = hexrgb(colour)
    return render_rgba(
        64,
        [
            layer(circle(32, 32, 30), shaded(FILL, 2, 62), STROKE, 2),
            layer(circle(32, 32, 23), shaded(face, 9, 55, 0.3), mix(face, (0, 0, 0), 0.3), 2),
            layer(mark, flat((255, 255, 255)), (255, 255, 255), 0),
        ],
    )


def btn_start() -> bytes:
    return _button("#16a34a", polygon([(26, 21), (26, 43), (44, 32)]))


def btn_stop() -> bytes:
    return _button("#dc2626", box(23, 23, 41, 41, 2))


DRAWINGS: dict[str, Callable[[], bytes]] = {
    "bg_tech_blue": bg_tech_blue,
    "bg_tech_frame": bg_tech_frame,
    "bg_deep_navy": bg_deep_navy,
    "bg_blueprint": bg_blueprint,
    "bg_dot_matrix": bg_dot_matrix,
    "bg_slate": bg_slate,
    "bg_teal": bg_teal,
    "bg_light_grid": bg_light_grid,
    "bg_light_blue": bg_light_blue,
    "bg_plant_floor": bg_plant_floor,
    "eq_tank": eq_tank,
    "eq_pump": eq_pump,
    "eq_valve": eq_valve,
    "eq_motor": eq_motor,
    "eq_fan": eq_fan,
    "icon_run": icon_run,
    "icon_warning": icon_warning,
    "icon_fault": icon_fault,
    "btn_start": btn_start,
    "btn_stop": btn_stop,
}


def main(argv: list[str]) -> int:
    """Write the drawings named in argv (all when none) into resources/shipped/."""
    out = Path(__file__).parent / "shipped"
    out.mkdir(exist_ok=True)
    for key in argv or list(DRAWINGS):
        data = DRAWINGS[key]()
        (out / f"{key}.png").write_bytes(data)
        print(f"{key}.png {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
