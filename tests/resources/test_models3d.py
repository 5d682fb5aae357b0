"""The project's own 3D models (resources/models3d.py): valid uploads under gltf.check_files, each part a named node
and mesh a screen can drive, POSITION bounds that are the data's (as glTF requires), faces wound to match their
normals, a few thousand triangles each, and the heavy fan of about 20,000 triangles."""

import json
import math
import struct
from typing import Any

import pytest

from iotyun.resources import models3d
from iotyun.resources.gltf import check_files

PARTS = {
    "pump_skid": ["base", "motor", "pump", "pipe_in", "pipe_out", "valve_stem"],
    "tank": ["shell", "level", "roof", "ladder"],
    "fan": ["housing", "hub", "blades"],
}
_FORMATS = {5126: "f", 5123: "H", 5125: "I"}
_WIDTH = {"SCALAR": 1, "VEC3": 3}


def _read(doc: dict[str, Any], data: bytes, index: int) -> list[Any]:
    """An accessor's values from the .bin (tightly packed or strided as its view says)."""
    acc = doc["accessors"][index]
    view = doc["bufferViews"][acc["bufferView"]]
    width, fmt = _WIDTH[acc["type"]], _FORMATS[acc["componentType"]]
    size = struct.calcsize("<" + fmt) * width
    stride = view.get("byteStride", size)
    start = view.get("byteOffset", 0) + acc.get("byteOffset", 0)
    items = [struct.unpack_from(f"<{width}{fmt}", data, start + k * stride) for k in range(acc["count"])]
    return items if width > 1 else [i[0] for i in items]


def _built(model: models3d.Model) -> tuple[dict[str, Any], bytes]:
    files = check_files(model.files())
    return json.loads(files[0].data), files[1].data


@pytest.mark.parametrize("build", [b for _, _, b in models3d.DEMO_MODELS], ids=[k for k, _, _ in models3d.DEMO_MODELS])
def test_the_demo_models_are_valid_uploads_with_named_parts(build: Any) -> None:
    model = build()
    names = [n for n, _ in model.files()]
    assert names == [f"{model.key}.gltf", f"{model.key}.bin"]
    doc, _ = _built(model)  # every stricter rule of an upload holds
    assert doc["asset"]["version"] == "2.0"
    parts = [n["name"] for n in doc["nodes"][1:]]
    assert parts == PARTS[model.key] == [m["name"] for m in doc["meshes"]]
    assert doc["nodes"][0]["children"] == list(range(1, len(parts) + 1))
    assert 500 <= model.triangles <= 5000
    assert all(len(m["pbrMetallicRoughness"]["baseColorFactor"]) == 4 for m in doc["materials"])


def test_position_bounds_are_the_data_and_faces_match_their_normals() -> None:
    for _, _, build in models3d.DEMO_MODELS:
        doc, data = _built(build())
        for mesh in doc["meshes"]:
            (prim,) = mesh["primitives"]
            pos_acc = doc["accessors"][prim["attributes"]["POSITION"]]
            positions = _read(doc, data, prim["attributes"]["POSITION"])
            normals = _read(doc, data, prim["attributes"]["NORMAL"])
            indices = _read(doc, data, prim["indices"])
            assert pos_acc["min"] == [min(p[k] for p in positions) for k in range(3)], mesh["name"]
            assert pos_acc["max"] == [max(p[k] for p in positions) for k in range(3)], mesh["name"]
            assert all(abs(math.hypot(*n) - 1) < 1e-5 for n in normals), mesh["name"]
            assert max(indices) < len(positions) and len(indices) % 3 == 0
            for t in range(0, len(indices), 3):
                a, b, c = (positions[i] for i in indices[t : t + 3])
                u = [b[k] - a[k] for k in range(3)]
                v = [c[k] - a[k] for k in range(3)]
                face = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
                if math.hypot(*face) < 1e-9:
                    continue  # a degenerate sliver at a cone's apex
                normal = [sum(normals[i][k] for i in indices[t : t + 3]) for k in range(3)]
                assert sum(face[k] * normal[k] for k in range(3)) > 0, (mesh["name"], t)


def test_the_drivable_nodes() -> None:
    doc, data = _built(models3d.tank(level=0.5))
    nodes = {n["name"]: n for n in doc["nodes"]}
    level = nodes["level"]
    assert level["scale"][1] == pytest.approx(0.5 * models3d.LEVEL_HEIGHT)
    mesh = doc["meshes"][level["mesh"]]
    bounds = doc["accessors"][mesh["primitives"][0]["attributes"]["POSITION"]]
    assert (bounds["min"][1], bounds["max"][1]) == (0.0, 1.0)  # unit height: scale.y is the filled height
    assert doc["materials"][mesh["primitives"][0]["material"]]["pbrMetallicRoughness"]["baseColorFactor"][3] < 1
    shell = doc["materials"][doc["meshes"][nodes["shell"]["mesh"]]["primitives"][0]["material"]]
    assert shell["alphaMode"] == "BLEND" and shell["pbrMetallicRoughness"]["baseColorFactor"][3] < 1

    doc, data = _built(models3d.fan())
    blades = next(n for n in doc["nodes"] if n["name"] == "blades")
    mesh = doc["meshes"][blades["mesh"]]
    bounds = doc["accessors"][mesh["primitives"][0]["attributes"]["POSITION"]]
    # Centred on the axis (z): turning the node about z keeps the blades inside the duct.
    assert all(abs(bounds["min"][k] + bounds["max"][k]) < 0.2 for k in (0, 1))
    assert all(math.hypot(p[0], p[1]) < 1.0 for p in _read(doc, data, mesh["primitives"][0]["attributes"]["POSITION"]))


def test_the_heavy_fan_has_about_twenty_thousand_triangles() -> None:
    model = models3d.detailed_fan()
    assert 18_000 <= model.triangles <= 22_000
    doc, _ = _built(model)
    counted = sum(doc["accessors"][m["primitives"][0]["indices"]]["count"] for m in doc["meshes"]) // 3
    assert counted == model.triangles
