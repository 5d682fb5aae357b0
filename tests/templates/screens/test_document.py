"""The screen document schema: what it keeps, what it refuses with which code, and how older documents upgrade
(templates/screens/document.py, held on save by ScreenDesignIn)."""

from typing import Any

import pytest
from pydantic import ValidationError

from iotyun.templates.screens.document import ScreenDocument, remap, upgrade
from iotyun.templates.screens.schemas import ScreenDesignIn


def element(**fields: Any) -> dict[str, Any]:
    return {"id": "e1", "type": "indicator", "placement": {"x": 10, "y": 20, "w": 80, "h": 40}, **fields}


def states(n: int) -> dict[str, Any]:
    return {"by": "value", "items": [{"min": i, "max": i + 1, "backgroundColor": "#00ff00"} for i in range(n)]}


FULL: dict[str, Any] = {
    "schema_version": 1,
    "canvas": {
        "width": 1120,
        "height": 630,
        "background": {"color": "#0b1a2e", "image": "/gallery/plant.png", "fit": "cover"},
        "grid": {"show": True, "snap": True, "size": 8},
    },
    "elements": [
        element(
            z=3,
            group="g1",
            locked=True,
            settings={"decimals": 2, "label": "出水压力", "ranges": [1, 2]},
            bindings={"value": {"data_source_id": 7}},
            states={
                "by": "bit",
                "items": [
                    {"bit": 0, "text": "停", "fontColor": "#999", "textAlign": "center", "isUnderline": True},
                    {"bit": 1, "imgUrl": "/gallery/run.svg", "flicker": {"flickerType": "text"}},
                ],
            },
            flicker={"flickerType": "background", "flickerFrequency": 0.01},
            actions=[
                {"type": "write_value", "data_source_id": 7, "value": 1, "confirm": True},
                {"type": "jump_screen", "screen_id": 3},
                {"type": "open_popup", "screen_id": 4},
                {"type": "open_url", "url": "https://example.com/manual", "new_tab": False},
            ],
        )
    ],
    "groups": [{"id": "g1", "name": "泵组"}],
}


def refusal(document: Any, **body: Any) -> tuple[int, str]:
    """The catalogue code and field a save of `document` is refused with."""
    with pytest.raises(ValidationError) as caught:
        ScreenDesignIn.model_validate({"id": 1, "revision": 1, "document": document, **body})
    first = caught.value.errors()[0]
    assert first["type"] == "app_rule", first
    ctx = first.get("ctx") or {}
    return int(ctx["code"]), str(ctx.get("field"))


class TestScreenDocument:
    def test_round_trip(self) -> None:
        saved = ScreenDesignIn.model_validate({"id": 1, "revision": 1, "document": FULL}).document
        dumped = saved.model_dump(mode="json")
        assert ScreenDocument.model_validate(dumped) == saved
        assert dumped["elements"][0]["actions"][0]["type"] == "write_value"
        assert dumped["elements"][0]["states"]["items"][1]["flicker"]["flickerFrequency"] == 0.5
        assert dumped["canvas"]["background"]["image"] == "/gallery/plant.png"

    def test_empty_object_is_an_empty_screen(self) -> None:
        saved = ScreenDesignIn.model_validate({"id": 1, "revision": 1, "document": {}}).document
        assert saved == ScreenDocument() and saved.elements == [] and saved.canvas.width is None

    @pytest.mark.parametrize("count", [1, 256])
    def test_refuses_state_count(self, count: int) -> None:
        code, field = refusal({"elements": [element(states=states(count))]})
        assert (code, field) == (110518, "document.elements.0.states.items")

    def test_keeps_2_and_255_states(self) -> None:
        for count in (2, 255):
            ScreenDesignIn.model_validate(
                {"id": 1, "revision": 1, "document": {"elements": [element(states=states(count))]}}
            )

    @pytest.mark.parametrize("frequency", [0, 1001, -1])
    def test_refuses_flicker_frequency(self, frequency: float) -> None:
        flicker = {"flickerType": "text", "flickerFrequency": frequency}
        code, field = refusal({"elements": [element(flicker=flicker)]})
        assert (code, field) == (115213, "document.elements.0.flicker.flickerFrequency")

    def test_refuses_unknown_element_type(self) -> None:
        assert refusal({"elements": [element(type="hologram")]}) == (115212, "document.elements.0.type")

    def test_camera_settings(self) -> None:
        """A camera element (issue 38 point 4) names a template camera slot by index, or the device's address; other
        keys (the look's) pass; a wrong source, slot or flag is refused at its setting."""
        kept = ScreenDocument.model_validate(
            {
                "elements": [
                    element(type="camera", settings={"source": "slot", "slot": 15, "muted": True, "border": 1}),
                    element(id="e2", type="camera", settings={"source": "device", "controls": False}),
                    element(id="e3", type="camera"),
                ]
            }
        )
        assert [e.settings.get("source") for e in kept.elements] == ["slot", "device", None]
        for settings in (
            {"source": "cloud"},
            {"slot": 16},
            {"slot": -1},
            {"slot": "1"},
            {"slot": True},
            {"slot": 1.5},
            {"muted": "yes"},
            {"controls": 0},
        ):
            refused = refusal({"elements": [element(type="camera", settings=settings)]})
            assert refused[0] == 115207 and refused[1].startswith("document.elements.0.settings."), (settings, refused)

    def test_settings_keys_may_name_state_fields(self) -> None:
        settings = {"fontColor": "#fff", "backgroundColor": "#000", "isUnderline": True, "on_value": 1}
        saved = ScreenDesignIn.model_validate(
            {"id": 1, "revision": 1, "document": {"elements": [element(settings=settings)]}}
        )
        assert saved.document.elements[0].settings == settings
        for key in ("Font", "1x", "a-b", "x" * 33):
            assert refusal({"elements": [element(settings={key: 1})]})[0] == 115207, key

    def test_an_element_keeps_its_name_up_to_64_characters(self) -> None:
        """Issue 30 point 7: every element may be renamed; optional, so an older document reads as unnamed."""
        saved = ScreenDesignIn.model_validate(
            {"id": 1, "revision": 1, "document": {"elements": [element(name="1号罐液位"), element(id="e2")]}}
        )
        assert [e.name for e in saved.document.elements] == ["1号罐液位", ""]
        ScreenDesignIn.model_validate({"id": 1, "revision": 1, "document": {"elements": [element(name="x" * 64)]}})
        assert refusal({"elements": [element(name="x" * 65)]}) == (115207, "document.elements.0.name")

    def test_refuses_unknown_fields(self) -> None:
        assert refusal({"elements": [element(colour="red")]}) == (115207, "document.elements.0.colour")
        assert refusal({"pages": []}) == (115207, "document.pages")

    def test_refuses_duplicate_ids_and_unknown_groups(self) -> None:
        assert refusal({"elements": [element(), element()]}) == (115207, "document.elements")
        assert refusal({"elements": [element(group="nope")]}) == (115207, "document.elements.0.group")

    def test_keeps_a_pipe_attached_to_elements_of_the_document(self) -> None:
        pump = element(id="pump", type="symbol", settings={"symbol": "pump_centrifugal"})
        attach = {"start": {"element": "pump", "port": "outlet"}, "end": {"element": "tank", "port": "left"}}
        pipe = element(id="p1", type="pipe", attach=attach)
        document = {"elements": [pump, element(id="tank", type="tank"), pipe]}
        saved = ScreenDesignIn.model_validate({"id": 1, "revision": 1, "document": document}).document
        assert saved.model_dump(mode="json")["elements"][2]["attach"] == attach
        # Absent, it reads as none; one end alone is fine.
        assert saved.elements[0].attach is None
        one = element(id="p1", type="line", attach={"end": {"element": "pump", "port": "top"}})
        ScreenDesignIn.model_validate({"id": 1, "revision": 1, "document": {"elements": [pump, one]}})

    def test_refuses_an_attachment_to_a_missing_element_itself_or_from_a_non_path(self) -> None:
        pump = element(id="pump", type="symbol")
        to = {"element": "gone", "port": "left"}
        pipe = element(id="p1", type="pipe", attach={"start": to})
        assert refusal({"elements": [pump, pipe]}) == (115225, "document.elements.1.attach.start")
        itself = element(id="p1", type="polyline", attach={"end": {"element": "p1", "port": "start"}})
        assert refusal({"elements": [pump, itself]}) == (115226, "document.elements.1.attach.end")
        rect = element(id="r1", type="rect", attach={"start": {"element": "pump", "port": "left"}})
        assert refusal({"elements": [pump, rect]}) == (115227, "document.elements.1.attach")
        bad_port = element(id="p1", type="pipe", attach={"start": {"element": "pump", "port": "in let"}})
        assert refusal({"elements": [pump, bad_port]})[0] == 115207

    def test_refuses_background_image_not_jpg_or_png(self) -> None:
        code, field = refusal({"canvas": {"background": {"image": "/gallery/a.gif"}}})
        assert (code, field) == (115206, "document.canvas.background.image")

    def test_refuses_non_objects_and_oversize(self) -> None:
        for bad in ([1], "x", None, 3):
            assert refusal(bad) == (115207, "document")
        assert refusal({"blob": "x" * (2 * 1024 * 1024)}) == (115208, "document")

    def test_refuses_more_than_1000_elements_with_its_own_code(self) -> None:
        many = [element(id=f"e{i}") for i in range(1001)]
        assert refusal({"elements": many}) == (115215, "document.elements")
        kept = ScreenDesignIn.model_validate({"id": 1, "revision": 1, "document": {"elements": many[:1000]}})
        assert len(kept.document.elements) == 1000

    def test_refuses_newer_version(self) -> None:
        assert refusal({"schema_version": 2}) == (115211, "document.schema_version")
        assert refusal({}, schema_version=9) == (115211, "document.schema_version")


class TestUpgrade:
    def test_legacy_document_keeps_its_known_elements(self) -> None:
        legacy = {
            "elements": [
                {"type": "text", "x": 40, "y": 30, "w": 400, "h": 40, "text": "空压机运行监控"},
                {"type": "value", "x": 40, "y": 100, "data_source": "排气压力"},
                {"type": "hologram", "x": 1},
                "not an element",
            ],
            "background": {"color": "#0b1a2e"},
        }
        upgraded = upgrade(legacy)
        assert upgraded.schema_version == 1
        assert upgraded.canvas.background.color == "#0b1a2e"
        assert [(e.id, e.type) for e in upgraded.elements] == [("e1", "text"), ("e2", "value")]
        assert upgraded.elements[0].placement.w == 400 and upgraded.elements[0].settings == {"text": "空压机运行监控"}
        assert upgraded.elements[1].settings == {"data_source": "排气压力"}

    def test_empty_and_unreadable_documents_read_as_empty_screens(self) -> None:
        assert upgrade({}) == ScreenDocument()
        assert upgrade(None) == ScreenDocument()
        assert upgrade({"schema_version": 1, "elements": "broken"}) == ScreenDocument()

    def test_current_document_is_unchanged(self) -> None:
        current = ScreenDocument.model_validate(FULL)
        assert upgrade(current.model_dump(mode="json")) == current

    def test_remap_names_the_copies(self) -> None:
        copied = remap(ScreenDocument.model_validate(FULL), {7: 70}, {3: 30})
        first = copied.elements[0]
        assert first.bindings["value"].data_source_id == 70
        assert [a.model_dump().get("data_source_id") or a.model_dump().get("screen_id") for a in first.actions[:3]] == [
            70,
            30,
            4,
        ]
