"""The `model3d` element's settings (issue 38 point 1) are held to their schema: a model by id and .gltf URL
together, a camera of two points of three numbers, the nodes a state recolours, drives and spins each on a binding
key of its own, within the limits of core/limits.py; the element's bindings go through the same checks as any."""

from typing import Any

import pytest
from pydantic import ValidationError

from iotyun.core.limits import MODEL3D_DRIVE_KINDS, MODEL3D_DRIVES_MAX, MODEL3D_MESHES_MAX, MODEL3D_SPINS_MAX
from iotyun.templates.screens.document import ScreenDocument, model_ids
from iotyun.templates.screens.element_settings import ModelDrive

URL = "/api/yun/resourcesInfo/model/file/KEY/pump.gltf"


def element(**settings: Any) -> dict[str, Any]:
    return {"id": "m1", "type": "model3d", "settings": settings}


def read(**settings: Any) -> ScreenDocument:
    return ScreenDocument.model_validate({"elements": [element(**settings)]})


def test_a_full_element_reads_as_stored() -> None:
    settings = {
        "model_id": 7,
        "model_url": URL,
        "camera": {"position": [3, 2.5, 4], "target": [0, 0.5, 0]},
        "meshes": ["motor", "pump"],
        "drives": [{"key": "level", "node": "level", "kind": "scale_y", "min": 0, "max": 10, "to_value": 1}],
        "spins": [{"key": "speed", "node": "blades", "axis": "z", "factor": 0.5}],
    }
    document = read(**settings)
    assert document.elements[0].settings["drives"] == [
        {"key": "level", "node": "level", "kind": "scale_y", "min": 0.0, "max": 10.0, "to_value": 1.0}
    ]
    assert document.elements[0].settings["camera"] == {"position": [3.0, 2.5, 4.0], "target": [0.0, 0.5, 0.0]}
    assert list(model_ids(document)) == [7]
    assert list(model_ids(ScreenDocument.model_validate({"elements": [element()]}))) == []


def test_the_drive_kinds_are_the_limits() -> None:
    kinds = ModelDrive.model_fields["kind"].annotation.__args__  # type: ignore[union-attr]
    assert tuple(kinds) == MODEL3D_DRIVE_KINDS


@pytest.mark.parametrize(
    ("settings", "where"),
    [
        ({"model_id": 7}, ("settings",)),
        ({"model_url": URL}, ("settings",)),
        ({"model_id": 0, "model_url": URL}, ("settings", "model_id")),
        ({"model_id": 7, "model_url": "https://cdn.example.com/x.glb"}, ("settings", "model_url")),
        ({"colour": "#fff"}, ("settings", "colour")),
        ({"camera": {"position": [1, 2], "target": [0, 0, 0]}}, ("settings", "camera", "position")),
        ({"camera": {"position": [1, 2, 3], "target": [0, 0, 1e9]}}, ("settings", "camera", "target", 2)),
        ({"meshes": [""]}, ("settings", "meshes", 0)),
        ({"meshes": ["m"] * (MODEL3D_MESHES_MAX + 1)}, ("settings", "meshes")),
        ({"drives": [{"key": "d", "node": "n", "kind": "scale_x"}]}, ("settings", "drives", 0, "kind")),
        ({"drives": [{"key": "d", "node": "n", "kind": "scale_y", "min": 5, "max": 5}]}, ("settings", "drives", 0)),
        ({"drives": [{"key": "value", "node": "n", "kind": "scale_y"}]}, ("settings",)),
        (
            {"drives": [{"key": "d", "node": "n", "kind": "scale_y"}], "spins": [{"key": "d", "node": "n"}]},
            ("settings",),
        ),
        (
            {"drives": [{"key": f"d{i}", "node": "n", "kind": "scale_y"} for i in range(MODEL3D_DRIVES_MAX + 1)]},
            ("settings", "drives"),
        ),
        ({"spins": [{"key": f"s{i}", "node": "n"} for i in range(MODEL3D_SPINS_MAX + 1)]}, ("settings", "spins")),
        ({"spins": [{"key": "s", "node": "n", "axis": "w"}]}, ("settings", "spins", 0, "axis")),
        ({"spins": [{"key": "s", "node": "n", "factor": 1e6}]}, ("settings", "spins", 0, "factor")),
    ],
)
def test_refused_settings_name_their_place(settings: dict[str, Any], where: tuple[Any, ...]) -> None:
    with pytest.raises(ValidationError) as refused:
        read(**settings)
    assert refused.value.errors()[0]["loc"][:2] == ("elements", 0)
    assert refused.value.errors()[0]["loc"][2:] == ("settings", *where[1:])


def test_a_drive_or_spin_without_its_node_yet_is_kept() -> None:
    """The designer adds a drive before the person picks its node: saved as it is, it moves nothing."""
    document = read(drives=[{"key": "d", "node": "", "kind": "scale_y"}], spins=[{"key": "s", "node": ""}])
    assert document.elements[0].settings["drives"] == [{"key": "d", "node": "", "kind": "scale_y"}]
    with pytest.raises(ValidationError):
        read(drives=[{"key": "d", "node": "n" * 65, "kind": "scale_y"}])


def test_other_types_keep_open_settings() -> None:
    document = ScreenDocument.model_validate({"elements": [{"id": "t", "type": "text", "settings": {"drives": 1}}]})
    assert document.elements[0].settings == {"drives": 1}
