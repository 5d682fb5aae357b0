"""The demo compressor template's screens (screen documents, templates/screens/document.py), bound to its data
sources by name: a web screen of the template's size and a mobile one for phones, both on a grey high-performance
background (ISA-101: grey for what is normal, colour kept for what runs or alarms)."""

from typing import Any

from iotyun.templates.screens.document import ScreenDocument

_BRIGHT = "#1d2129"
_MUTED = "#4e5969"
_PANEL = {"text": "", "backgroundColor": "#f7f8fa", "stroke": "#c9cdd4", "strokeWidth": 1, "radius": 6}
# The run light's and the compressor symbol's states on 运行状态.
_RUNNING = {
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
    """Elements numbered in the order they are added (ids e1, e2, …), each bound by data-source name."""

    def __init__(self, ids: dict[str, int], units: dict[str, str] | None = None) -> None:
        self.ids = ids
        self.units = units or {}
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

    def reading(self, name: str, x: int, y: int, w: int = 120, size: int = 22) -> None:
        settings = {"fontColor": _BRIGHT, "font": f"bold {size}px sans-serif", "textAlign": "left", "showUnit": True,
                    "unit": self.units.get(name, "")}  # fmt: skip
        self.add("value", x, y, w, round(size * 1.45), bindings=self.bound(name), settings=settings)

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


def compressor_web(ids: dict[str, int], units: dict[str, str]) -> dict[str, Any]:
    """The web screen (1120×630, the template's size): the machine, its air receiver and the pipe between them, the
    pressure on a gauge, a start/stop switch and the pressure setpoint, the motor's figures, a trend and the alarms.
    Browser tests read element ids: e2 shows 排气压力 (web/e2e/device-screens.spec.ts), e22 is the setpoint."""
    s = _Sheet(ids, units)
    s.title("空压机运行监控", 30, 18, 400, 24)  # e1
    s.reading("排气压力", 560, 300)  # e2
    s.reading("排气温度", 960, 200)
    s.add("switch", 150, 330, 96, 36, bindings=s.bound("运行状态"), settings={"on_text": "运行", "off_text": "停机"})
    s.add("time", 860, 24, 230, 32, settings={"fontColor": _MUTED, "textAlign": "right"})
    s.add("rect", 20, 70, 1080, 330, settings=_PANEL)
    symbol = {"symbol": "compressor_reciprocating", "parts": []}
    s.add("symbol", 60, 120, 180, 180, bindings=s.bound("运行状态"), states=_RUNNING, settings=symbol)
    pipe = {"stroke": "#86909c", "fillColor": "#d5d9de", "fluidColor": "#3491fa"}
    s.add("pipe", 240, 198, 300, 24, bindings=s.bound("运行状态", "flow"), settings=pipe)
    s.add("symbol", 540, 100, 120, 190, settings={"symbol": "tank_vertical", "parts": []})
    s.label("排气压力", 560, 278)
    gauge = {"min": 0, "max": 1.2, "decimals": 2, "unit": "MPa", "look": "needle", "bands": _PRESSURE_BANDS}
    s.add("gauge", 690, 100, 200, 180, bindings=s.bound("排气压力"), settings=gauge)
    s.label("排气温度", 960, 178)
    s.label("电机电流", 960, 238)
    s.reading("电机电流", 960, 260)
    s.label("运行小时", 960, 298)
    s.reading("运行小时", 960, 320)
    light = {"shape": "circle", "text": ""}
    s.add("indicator", 60, 336, 24, 24, bindings=s.bound("运行状态"), states=_RUNNING, settings=light)
    s.label("启停", 96, 338, 50)
    trend = {"window": 1, "window_unit": "hour", "unit": "MPa", "decimals": 2, "names": ["排气压力"]}
    s.add("chart", 20, 416, 600, 200, bindings=s.bound("排气压力"), settings=trend)
    s.add("alarm_list", 640, 416, 460, 200)
    s.label("设定压力", 300, 300)
    s.setpoint(300, 322, 220, 72)  # e21
    return s.document(1120, 630)


def compressor_mobile(ids: dict[str, int], units: dict[str, str]) -> dict[str, Any]:
    """The mobile screen (750×1334, the first mobile preset), drawn for a thumb: one column, large figures, a wide
    switch and setpoint, then the trend and the alarms. e2 shows 排气压力 here too."""
    s = _Sheet(ids, units)
    s.title("空压机运行监控", 32, 28, 460, 34)  # e1
    s.reading("排气压力", 48, 420, 300, 44)  # e2
    s.add("time", 440, 36, 280, 40, settings={"fontColor": _MUTED, "textAlign": "right", "font": "22px sans-serif"})
    s.add("rect", 24, 104, 702, 560, settings=_PANEL)
    symbol = {"symbol": "compressor_reciprocating", "parts": []}
    s.add("symbol", 40, 130, 200, 200, bindings=s.bound("运行状态"), states=_RUNNING, settings=symbol)
    gauge = {"min": 0, "max": 1.2, "decimals": 2, "unit": "MPa", "look": "needle", "bands": _PRESSURE_BANDS}
    s.add("gauge", 450, 124, 260, 240, bindings=s.bound("排气压力"), settings=gauge)
    light = {"shape": "circle", "text": ""}
    s.add("indicator", 254, 140, 40, 40, bindings=s.bound("运行状态"), states=_RUNNING, settings=light)
    s.label("启停", 304, 144, 90, 24)
    switch = {"on_text": "运行", "off_text": "停机"}
    s.add("switch", 244, 196, 200, 84, bindings=s.bound("运行状态"), settings=switch)
    s.label("排气压力", 48, 384, 300, 24)
    s.label("排气温度", 400, 384, 300, 24)
    s.reading("排气温度", 400, 420, 300, 44)
    s.label("电机电流", 48, 512, 300, 24)
    s.reading("电机电流", 48, 548, 300, 44)
    s.label("运行小时", 400, 512, 300, 24)
    s.reading("运行小时", 400, 548, 300, 44)
    s.label("设定压力", 32, 684, 300, 24)
    s.setpoint(24, 720, 702, 150)
    trend = {"window": 1, "window_unit": "hour", "unit": "MPa", "decimals": 2, "names": ["排气压力"]}
    s.add("chart", 24, 890, 702, 220, bindings=s.bound("排气压力"), settings=trend)
    s.add("alarm_list", 24, 1126, 702, 190)
    return s.document(750, 1334)


# One cell of a generic screen's panel per data source: 5 across, 2 down.
_CELL_W, _CELL_H, _CELLS_ACROSS = 210, 150, 5


def generic_web(title: str, ids: dict[str, int], sources: list[tuple[str, str, str, str]]) -> dict[str, Any]:
    """A plain web screen for a demo template (1120×630): the title, one panel cell per data source (name, data
    type, rw, unit) — a figure, a setpoint, a light or a switch as the source is read or written, numeric or a bit —
    then a trend of the first figure and the device's alarms."""
    return _generic(_Sheet(ids, {name: unit for name, _, _, unit in sources}), title, sources)


def _generic(s: _Sheet, title: str, sources: list[tuple[str, str, str, str]]) -> dict[str, Any]:
    s.title(title, 30, 18, 600, 24)
    s.add("time", 860, 24, 230, 32, settings={"fontColor": _MUTED, "textAlign": "right"})
    shown = sources[: 2 * _CELLS_ACROSS]
    rows = -(-len(shown) // _CELLS_ACROSS)
    bottom = 70 + 30 + rows * _CELL_H
    s.add("rect", 20, 70, 1080, bottom - 70, settings=_PANEL)
    first_figure: tuple[str, str] | None = None
    for n, (name, data_type, rw, unit) in enumerate(shown):
        x = 44 + (n % _CELLS_ACROSS) * _CELL_W
        y = 92 + (n // _CELLS_ACROSS) * _CELL_H
        if data_type == "bit":
            light = {"shape": "circle", "text": ""}
            s.add("indicator", x, y + 2, 24, 24, bindings=s.bound(name), states=_RUNNING, settings=light)
            s.label(name, x + 34, y + 3, 150)
            if "w" in rw:
                switch = {"on_text": "开", "off_text": "关"}
                s.add("switch", x, y + 40, 96, 36, bindings=s.bound(name), settings=switch)
            continue
        s.label(name, x, y, 180)
        if "w" in rw:
            settings = {"decimals": 2, "confirm": True, "password": "none", "step": 0.1, "unit": unit,
                        "submit_button": True}  # fmt: skip
            s.add("input", x, y + 26, 190, 72, bindings=s.bound(name), settings=settings)
        else:
            s.reading(name, x, y + 26, 190, 28)
            first_figure = first_figure or (name, unit)
    if first_figure:
        name, unit = first_figure
        trend = {"window": 1, "window_unit": "hour", "unit": unit, "decimals": 2, "names": [name]}
        s.add("chart", 20, bottom + 16, 600, 600 - bottom, bindings=s.bound(name), settings=trend)
    s.add("alarm_list", 640, bottom + 16, 460, 600 - bottom)
    return s.document(1120, 630)
