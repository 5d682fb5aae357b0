"""The demo compressor template's screens (screen documents, templates/screens/document.py), bound to its data
sources by name: a web screen of the template's size and a mobile one for phones, both on a grey high-performance
background (ISA-101: grey for what is normal, colour kept for what runs or alarms)."""

from typing import Any

from iotyun.templates.screens.document import ScreenDocument

# name, data type, rw, unit, decimals: what a screen needs of a data source.
Cell = tuple[str, str, str, str, int]

_BRIGHT = "#1d2129"
_MUTED = "#4e5969"
_PANEL = {"text": "", "backgroundColor": "#f7f8fa", "stroke": "#c9cdd4", "strokeWidth": 1, "radius": 6}
# The run light's and the compressor symbol's states on 运行状态.
RUNNING = {
    "by": "value",
    "items": [
        {"max": 0.5, "backgroundColor": "#c9cdd4"},
        {"min": 0.5, "backgroundColor": "#23c343"},
    ],
}
_PRESSURE_BANDS = [
    {"from": 0, "to": 1.0, "color": "#23c343"},
    {"from": 1.0, "to": 1.2, "color": "#f53f3f"},
]


class _Sheet:
    """Elements numbered in the order they are added (ids e1, e2, …), each bound by data-source name. A reading
    shows its source's unit and decimals (the designer's sample 123.456 then reads "123.46 MPa", not a wrapped
    "123.456 MPa"); tests/demo/test_screens.py holds every reading's box to its longest text."""

    def __init__(
        self, ids: dict[str, int], units: dict[str, str] | None = None, decimals: dict[str, int] | None = None
    ) -> None:
        self.ids = ids
        self.units = units or {}
        self.decimals = decimals or {}
        self.elements: list[dict[str, Any]] = []

    def add(self, type_: str, x: int, y: int, w: int, h: int, **fields: Any) -> None:
        n = len(self.elements) + 1
        placement = {"x": x, "y": y, "w": w, "h": h}
        self.elements.append({"id": f"e{n}", "type": type_, "placement": placement, "z": 0 if type_ == "rect" else n})
        self.elements[-1].update(fields)

    def bound(self, name: str, key: str = "value") -> dict[str, Any]:
        return {key: {"data_source_id": self.ids[name]}}

    def label(self, text: str, x: int, y: int, w: int = 120, size: int = 13) -> None:
        settings = {"text": text, "fontColor": _MUTED, "font": f"{size}px sans-serif", "textAlign": "left"}
        self.add("text", x, y, w, round(size * 1.7), settings=settings)

    def reading(self, name: str, x: int, y: int, w: int = 150, size: int = 22, align: str = "left") -> None:
        settings = {"fontColor": _BRIGHT, "font": f"bold {size}px sans-serif", "textAlign": align, "showUnit": True,
                    "unit": self.units.get(name, ""), "decimals": self.decimals.get(name)}  # fmt: skip
        self.add("value", x, y, w, round(size * 1.45), bindings=self.bound(name), settings=settings)

    def symbol(
        self,
        symbol: str,
        x: int,
        y: int,
        w: int,
        h: int,
        *,
        on: str | None = None,
        parts: list[str] | None = None,
        states: dict[str, Any] | None = None,
        spin: tuple[str, float] | None = None,
    ) -> None:
        """A symbol, grey at rest; bound to `on`, its parts (the first by default) coloured by `states`; with `spin`
        (a data source, rpm per unit), turning at that source's value times the rate (docs/designer-animation.md)."""
        settings = {"symbol": symbol, "parts": parts or []}
        fields: dict[str, Any] = {"settings": settings}
        if on is not None:
            fields.update(bindings=self.bound(on), states=states or RUNNING)
        if spin is not None:
            name, rate = spin
            fields["animations"] = [{"type": "spin", "data_source_id": self.ids[name], "speed": rate}]
        self.add("symbol", x, y, w, h, **fields)

    def pipe(
        self,
        x: int,
        y: int,
        w: int,
        h: int,
        points: list[list[float]],
        flow: str | None = None,
        fluid: str = "#3491fa",
        width: int = 12,
    ) -> None:
        """A pipe through `points` (per cent of its box), its fluid flowing while `flow` is non-zero."""
        settings = {"points": points, "stroke": "#86909c", "fillColor": "#d5d9de", "fluidColor": fluid,
                    "strokeWidth": width, "speed": 24}  # fmt: skip
        bindings = self.bound(flow, "flow") if flow else {}
        self.add("pipe", x, y, w, h, bindings=bindings, settings=settings)

    def light(self, name: str, x: int, y: int, size: int = 24, states: dict[str, Any] | None = None) -> None:
        light = {"shape": "circle", "text": ""}
        self.add("indicator", x, y, size, size, bindings=self.bound(name), states=states or RUNNING, settings=light)

    def trend(self, name: str, x: int, y: int, w: int, h: int) -> None:
        trend = {"window": 1, "window_unit": "hour", "unit": self.units.get(name, ""),
                 "decimals": self.decimals.get(name, 2), "names": [name]}  # fmt: skip
        self.add("chart", x, y, w, h, bindings=self.bound(name), settings=trend)

    def title(self, text: str, x: int, y: int, w: int, size: int) -> None:
        settings = {"text": text, "fontColor": _BRIGHT, "font": f"bold {size}px sans-serif", "textAlign": "left"}
        self.add("text", x, y, w, round(size * 1.6), settings=settings)

    def setpoint(self, x: int, y: int, w: int, h: int) -> None:
        """设定压力 (rw, 0.4–1.0 MPa): a write the server checks against the user's, the device's and the password's
        rules (telemetry/control.py). It names no password of its own: the demo devices have none, and it asks the
        one that guards the device once one is set (a control naming the device's password would refuse there)."""
        settings = {"min": 0.4, "max": 1.0, "decimals": 2, "confirm": False, "password": "none", "step": 0.01,
                    "unit": "MPa", "submit_button": True}  # fmt: skip
        self.add("input", x, y, w, h, bindings=self.bound("设定压力"), settings=settings)

    def document(self, width: int, height: int) -> dict[str, Any]:
        canvas = {"width": width, "height": height, "background": {"color": "#e5e8ed"}}
        return ScreenDocument.model_validate({"canvas": canvas, "elements": self.elements}).model_dump(mode="json")


_FLAME = {
    "by": "value",
    "items": [
        {"max": 0.5, "backgroundColor": "#c9cdd4"},
        {"min": 0.5, "backgroundColor": "#ff7d00", "stroke": "#d25f00"},
    ],
}
_DOOR = {
    "by": "value",
    "items": [
        {"max": 0.5, "backgroundColor": "#c9cdd4"},
        {"min": 0.5, "backgroundColor": "#ff7d00", "flicker": {"flickerType": "background", "flickerFrequency": 1}},
    ],
}
_STEAM_BANDS = [{"from": 0, "to": 1.25, "color": "#23c343"}, {"from": 1.25, "to": 1.6, "color": "#f53f3f"}]


def compressor_web(ids: dict[str, int], units: dict[str, str], decimals: dict[str, int]) -> dict[str, Any]:
    """The web screen (1120×630, the template's size): the machine, its air receiver and the pipe between them, the
    pressure on a gauge, a start/stop switch and the pressure setpoint, the motor's figures, a trend and the alarms.
    Browser tests read element ids: e2 shows 排气压力 and e3 排气温度 (web/e2e/device-screens.spec.ts), e22 is the
    setpoint, e23 the fan that turns with the motor (web/e2e/designer-preview.spec.ts)."""
    s = _Sheet(ids, units, decimals)
    s.title("空压机运行监控", 30, 18, 400, 24)  # e1
    s.reading("排气压力", 540, 300, 170)  # e2
    s.reading("排气温度", 930, 120, 170)  # e3
    s.add("switch", 150, 330, 96, 36, bindings=s.bound("运行状态"), settings={"on_text": "运行", "off_text": "停机"})
    s.add("time", 860, 24, 230, 32, settings={"fontColor": _MUTED, "textAlign": "right"})
    s.add("rect", 20, 70, 1080, 330, settings=_PANEL)
    s.symbol("compressor_reciprocating", 60, 120, 180, 180, on="运行状态")
    s.pipe(240, 198, 300, 24, [[0, 50], [100, 50]], flow="运行状态")
    s.symbol("tank_vertical", 540, 100, 120, 190)
    s.label("排气压力", 540, 278)
    gauge = {"min": 0, "max": 1.2, "decimals": 2, "unit": "MPa", "look": "needle", "bands": _PRESSURE_BANDS}
    s.add("gauge", 690, 100, 200, 180, bindings=s.bound("排气压力"), settings=gauge)
    s.label("排气温度", 930, 98)
    s.label("电机电流", 930, 178)
    s.reading("电机电流", 930, 200, 170)
    s.label("运行小时", 930, 258)
    s.reading("运行小时", 930, 280, 170)
    s.light("运行状态", 60, 336)
    s.label("启停", 96, 338, 50)
    s.trend("排气压力", 20, 416, 600, 200)
    s.add("alarm_list", 640, 416, 460, 200)
    s.label("设定压力", 300, 300)
    s.setpoint(300, 322, 220, 72)  # e22
    # The aftercooler's fan over the discharge line turns with the motor (its current × 2 rpm; still when stopped).
    s.symbol("fan", 350, 96, 80, 80, on="运行状态", parts=["blades"], spin=("电机电流", 2))  # e23
    s.label("后冷却风扇", 440, 126, 90)
    return s.document(1120, 630)


def compressor_mobile(ids: dict[str, int], units: dict[str, str], decimals: dict[str, int]) -> dict[str, Any]:
    """The mobile screen (750×1334, the first mobile preset), drawn for a thumb: one column, large figures, a wide
    switch and setpoint, then the trend and the alarms. e2 shows 排气压力 here too."""
    s = _Sheet(ids, units, decimals)
    s.title("空压机运行监控", 32, 28, 460, 34)  # e1
    s.reading("排气压力", 48, 420, 320, 44)  # e2
    s.add("time", 440, 36, 280, 40, settings={"fontColor": _MUTED, "textAlign": "right", "font": "22px sans-serif"})
    s.add("rect", 24, 104, 702, 560, settings=_PANEL)
    s.symbol("compressor_reciprocating", 40, 130, 200, 200, on="运行状态")
    gauge = {"min": 0, "max": 1.2, "decimals": 2, "unit": "MPa", "look": "needle", "bands": _PRESSURE_BANDS}
    s.add("gauge", 450, 124, 260, 240, bindings=s.bound("排气压力"), settings=gauge)
    s.light("运行状态", 254, 140, 40)
    s.label("启停", 304, 144, 90, 24)
    switch = {"on_text": "运行", "off_text": "停机"}
    s.add("switch", 244, 196, 200, 84, bindings=s.bound("运行状态"), settings=switch)
    s.label("排气压力", 48, 384, 300, 24)
    s.label("排气温度", 390, 384, 300, 24)
    s.reading("排气温度", 390, 420, 320, 44)
    s.label("电机电流", 48, 512, 300, 24)
    s.reading("电机电流", 48, 548, 320, 44)
    s.label("运行小时", 390, 512, 300, 24)
    s.reading("运行小时", 390, 548, 320, 44)
    s.label("设定压力", 32, 684, 300, 24)
    s.setpoint(24, 720, 702, 150)
    s.trend("排气压力", 24, 890, 702, 220)
    s.add("alarm_list", 24, 1126, 702, 190)
    return s.document(750, 1334)


def boiler_web(ids: dict[str, int], units: dict[str, str], decimals: dict[str, int]) -> dict[str, Any]:
    """The boiler (1120×630): the feed water into the drum (its level as a tank), the boiler with its flame lit by
    燃烧器, the steam line out to the pressure gauge, the figures and the burner's switch, a trend and the alarms."""
    s = _Sheet(ids, units, decimals)
    s.title("锅炉运行监控", 30, 18, 400, 24)
    s.add("time", 860, 24, 230, 32, settings={"fontColor": _MUTED, "textAlign": "right"})
    s.add("rect", 20, 70, 1080, 330, settings=_PANEL)
    # Feed water: the pump, the pipe into the drum, the drum's level.
    s.label("给水", 44, 84, 80)
    s.pipe(40, 300, 90, 24, [[0, 50], [100, 50]], flow="燃烧器")
    s.symbol("pump_centrifugal", 110, 262, 90, 90, on="燃烧器")
    s.pipe(196, 300, 90, 24, [[0, 50], [100, 50]], flow="燃烧器")
    tank = {"min": 0, "max": 800, "unit": "mm", "decimals": 0, "showValue": True, "orientation": "vertical",
            "fillColor": "#3491fa", "backgroundColor": "#f2f3f5", "stroke": "#86909c", "fontColor": "#1d2129",
            "conditions": [{"min": None, "max": 200, "color": "#f53f3f"}]}  # fmt: skip
    s.label("汽包液位", 60, 108, 110)
    s.add("tank", 70, 134, 70, 120, bindings=s.bound("液位"), settings=tank)
    s.pipe(105, 250, 24, 60, [[50, 0], [50, 100]], flow="燃烧器")
    # The boiler, its flame on 燃烧器.
    s.symbol("boiler", 286, 110, 150, 250, on="燃烧器", parts=["flame"], states=_FLAME)
    s.light("燃烧器", 300, 84, 20, _FLAME)
    s.label("燃烧器", 328, 82, 80)
    # The steam line to the header, past the pressure gauge.
    s.pipe(436, 126, 260, 24, [[0, 50], [100, 50]], flow="燃烧器", fluid="#c9cdd4", width=14)
    s.symbol("valve_gate", 520, 104, 60, 60)
    s.label("蒸汽母管", 600, 96, 100)
    gauge = {"min": 0, "max": 1.6, "decimals": 2, "unit": "MPa", "look": "needle", "bands": _STEAM_BANDS}
    s.add("gauge", 700, 90, 200, 180, bindings=s.bound("蒸汽压力"), settings=gauge)
    # The figures.
    s.label("蒸汽压力", 930, 98)
    s.reading("蒸汽压力", 930, 120, 170)
    s.label("出水温度", 930, 168)
    s.reading("出水温度", 930, 190, 170)
    s.label("汽包液位", 930, 238)
    s.reading("液位", 930, 260, 170)
    s.label("燃烧器启停", 480, 300, 120)
    s.add("switch", 480, 326, 96, 36, bindings=s.bound("燃烧器"), settings={"on_text": "点火", "off_text": "熄火"})
    s.trend("蒸汽压力", 20, 416, 600, 200)
    s.add("alarm_list", 640, 416, 460, 200)
    return s.document(1120, 630)


def cold_store_web(ids: dict[str, int], units: dict[str, str], decimals: dict[str, int]) -> dict[str, Any]:
    """The cold store (1120×630): the room with its temperature large, humidity and door; the condensing unit
    outside (compressor and fan coloured while it runs) piped to the evaporator inside; the setpoint, a trend and
    the alarms."""
    s = _Sheet(ids, units, decimals)
    s.title("冷库温控", 30, 18, 400, 24)
    s.add("time", 860, 24, 230, 32, settings={"fontColor": _MUTED, "textAlign": "right"})
    s.add("rect", 20, 70, 1080, 330, settings=_PANEL)
    room = {"text": "", "backgroundColor": "#e8f3ff", "stroke": "#86909c", "strokeWidth": 2, "radius": 4}
    s.add("rect", 50, 96, 460, 284, settings=room)
    s.title("1 号冷藏间", 66, 104, 200, 16)
    s.label("库温", 90, 156, 100, 14)
    s.reading("库温", 90, 182, 260, 48)
    s.label("湿度", 90, 264, 100)
    s.reading("湿度", 90, 286, 150, 24)
    s.light("库门", 270, 268, 22, _DOOR)
    s.label("库门", 300, 268, 80)
    # The evaporator's fan inside, the condensing unit outside, the refrigerant lines between them.
    s.symbol("fan", 400, 110, 90, 90, on="压缩机运行", parts=["blades"], spin=("压缩机运行", 40))
    s.label("蒸发器", 410, 202, 80)
    s.pipe(490, 130, 160, 24, [[0, 50], [100, 50]], flow="压缩机运行", fluid="#14c9c9")
    s.pipe(490, 180, 160, 24, [[100, 50], [0, 50]], flow="压缩机运行", fluid="#3491fa")
    s.symbol("compressor_reciprocating", 650, 104, 130, 130, on="压缩机运行")
    s.symbol("cooling_tower", 800, 110, 80, 120, on="压缩机运行")
    s.light("压缩机运行", 650, 250, 22)
    s.label("压缩机运行", 680, 250, 120)
    s.label("设定温度", 650, 290)
    settings = {"min": -25, "max": -15, "decimals": 1, "confirm": True, "password": "none", "step": 0.5,
                "unit": units.get("设定温度", ""), "submit_button": True}  # fmt: skip
    s.add("input", 650, 312, 240, 72, bindings=s.bound("设定温度"), settings=settings)
    s.label("库温", 930, 98)
    s.reading("库温", 930, 120, 170)
    s.label("湿度", 930, 168)
    s.reading("湿度", 930, 190, 170)
    s.trend("库温", 20, 416, 600, 200)
    s.add("alarm_list", 640, 416, 460, 200)
    return s.document(1120, 630)


# The demo's 3D view (issue 38 point 1): the boiler house's models of the gallery (demo/models.py), by name.
MODEL_SCREEN_NAME = "3D 视图"
# The feed-water tank's level: 液位 0–800 mm fills the tank model's `level` node (its scale.y in metres).
_DRUM_MM = 800


def boiler_models_web(ids: dict[str, int], models: dict[str, tuple[int, str]], level_height: float) -> dict[str, Any]:
    """The boiler's 3D view (1120×630): the feed-water tank filled to 液位, the feed-pump skid coloured while
    燃烧器 runs (its motor and pump green, grey when stopped), and the burner's draft fan turning while it fires
    (燃烧器 × 120 rpm), with the figures beside them. `models` maps 储罐, 泵组 and 风机 to (gallery id, .gltf URL)."""
    s = _Sheet(ids, {"液位": "mm"}, {"液位": 0})
    s.title("锅炉房 3D 视图", 30, 18, 400, 24)
    s.add("rect", 20, 70, 1080, 540, settings=_PANEL)

    def model(name: str, x: int, y: int, **settings: Any) -> dict[str, Any]:
        model_id, url = models[name]
        fields: dict[str, Any] = {"settings": {"model_id": model_id, "model_url": url, "meshes": [], "drives": [],
                                               "spins": [], **settings}}  # fmt: skip
        s.add("model3d", x, y, 330, 420, **fields)
        return s.elements[-1]

    tank = model("储罐", 40, 130, drives=[{"key": "drive_1", "node": "level", "kind": "scale_y", "min": 0,
                                           "max": _DRUM_MM, "from_value": 0, "to_value": level_height}])  # fmt: skip
    tank["bindings"] = s.bound("液位", "drive_1")
    pump = model("泵组", 395, 130, meshes=["motor", "pump"])
    pump.update(bindings=s.bound("燃烧器"), states=RUNNING)
    fan = model("风机", 750, 130, spins=[{"key": "spin_1", "node": "blades", "axis": "z", "factor": 120}])
    fan["bindings"] = s.bound("燃烧器", "spin_1")
    s.label("给水箱液位", 60, 96, 120)
    s.reading("液位", 180, 90, 150)
    s.label("给水泵（随燃烧器）", 415, 96, 200)
    s.light("燃烧器", 620, 96)
    s.label("鼓风机", 770, 96, 120)
    return s.document(1120, 630)


# One cell of a generic screen's panel per data source: 5 across, 2 down.
_CELL_W, _CELL_H, _CELLS_ACROSS = 210, 150, 5


def generic_web(
    title: str, ids: dict[str, int], sources: list[Cell], machines: list[str] | None = None
) -> dict[str, Any]:
    """A web screen for a demo template (1120×630): the title, the plant's `machines` (symbols, in the state of the
    template's first bit, joined by pipes whose fluid flows while it is on), one panel cell per data source (name,
    data type, rw, unit, decimals) — a figure, a setpoint, a light or a switch as the source is read or written,
    numeric or a bit — then a trend of the first figure and the device's alarms."""
    s = _Sheet(ids, {n: u for n, _, _, u, _ in sources}, {n: d for n, _, _, _, d in sources})
    return _generic(s, title, sources, machines or [])


_MACHINE = 110


def _generic(s: _Sheet, title: str, sources: list[Cell], machines: list[str]) -> dict[str, Any]:
    s.title(title, 30, 18, 600, 24)
    s.add("time", 860, 24, 230, 32, settings={"fontColor": _MUTED, "textAlign": "right"})
    shown = sources[: 2 * _CELLS_ACROSS]
    rows = -(-len(shown) // _CELLS_ACROSS)
    drawing = _MACHINE + 20 if machines else 0
    bottom = 70 + 30 + rows * _CELL_H + drawing
    s.add("rect", 20, 70, 1080, bottom - 70, settings=_PANEL)
    switch_bit = next((name for name, data_type, _, _, _ in shown if data_type == "bit"), None)
    top = bottom - drawing - 10
    gap = (1000 - len(machines) * _MACHINE) // max(1, len(machines) - 1) if len(machines) > 1 else 0
    for n, symbol in enumerate(machines):
        x = 60 + n * (_MACHINE + gap)
        s.symbol(symbol, x, top, _MACHINE, _MACHINE, on=switch_bit)
        if n + 1 < len(machines):
            s.pipe(x + _MACHINE, top + _MACHINE // 2 - 12, gap, 24, [[0, 50], [100, 50]], flow=switch_bit)
    first_figure: str | None = None
    for n, (name, data_type, rw, unit, decimals) in enumerate(shown):
        x = 44 + (n % _CELLS_ACROSS) * _CELL_W
        y = 92 + (n // _CELLS_ACROSS) * _CELL_H
        if data_type == "bit":
            s.light(name, x, y + 2)
            s.label(name, x + 34, y + 3, 150)
            if "w" in rw:
                switch = {"on_text": "开", "off_text": "关"}
                s.add("switch", x, y + 40, 96, 36, bindings=s.bound(name), settings=switch)
            continue
        s.label(name, x, y, 180)
        if "w" in rw:
            settings = {"decimals": decimals, "confirm": True, "password": "none", "step": 0.1, "unit": unit,
                        "submit_button": True}  # fmt: skip
            s.add("input", x, y + 26, 190, 72, bindings=s.bound(name), settings=settings)
        else:
            s.reading(name, x, y + 26, 200, 24)
            first_figure = first_figure or name
    if first_figure:
        s.trend(first_figure, 20, bottom + 16, 600, 600 - bottom)
    s.add("alarm_list", 640, bottom + 16, 460, 600 - bottom)
    return s.document(1120, 630)
