"""The project's own 3D models (issue 38 point 2): glTF 2.0 documents built from primitive shapes (boxes, cylinders,
frustums, discs and blades) in plain Python, a .gltf and one .bin of float32 positions and normals and uint16 (or,
past 65,535 vertices, uint32) indices, each part a named node with its own mesh so a screen can drive it:

- `pump_skid()`: `base`, `motor`, `pump`, `pipe_in`, `pipe_out`, `valve_stem` (a centrifugal pump and its motor on
  a steel skid, the suction pipe along the shaft, the discharge rising to a valve whose stem and handwheel rise);
- `tank()`: `shell` (semi-transparent), `level` (a cylinder of unit height standing on the floor of the tank: its
  node's scale.y is the filled height), `roof` (a cone), `ladder`;
- `fan()`: `housing` (a duct ring on a stand), `hub`, `blades` (a node on the fan's axis: a rotation about its local
  z axis turns the blades).

`detailed_fan()` is the fan tessellated to about 20,000 triangles, for measuring a screen's drawing. Units are
metres, y up. Every model passes gltf.check_files; POSITION accessors carry their exact min and max, as glTF
requires. Nothing here touches the database or the disk."""

import json
import math
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Vec = tuple[float, float, float]
Mat = tuple[Vec, Vec, Vec]  # rows

_FLOAT = 5126
_USHORT = 5123
_UINT = 5125
_ARRAY_BUFFER = 34962
_ELEMENT_ARRAY_BUFFER = 34963
IDENTITY: Mat = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def rot_x(a: float) -> Mat:
    c, s = math.cos(a), math.sin(a)
    return ((1.0, 0.0, 0.0), (0.0, c, -s), (0.0, s, c))


def rot_y(a: float) -> Mat:
    c, s = math.cos(a), math.sin(a)
    return ((c, 0.0, s), (0.0, 1.0, 0.0), (-s, 0.0, c))


def rot_z(a: float) -> Mat:
    c, s = math.cos(a), math.sin(a)
    return ((c, -s, 0.0), (s, c, 0.0), (0.0, 0.0, 1.0))


# A cylinder is built along y; these turn y onto x or z (right-handed, determinant 1, so the winding holds).
Y_TO_X: Mat = ((0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 0.0, 1.0))
Y_TO_Z: Mat = ((1.0, 0.0, 0.0), (0.0, 0.0, -1.0), (0.0, 1.0, 0.0))
Y_TO_NEG_Z: Mat = ((1.0, 0.0, 0.0), (0.0, 0.0, 1.0), (0.0, -1.0, 0.0))


def _apply(m: Mat, v: Vec) -> Vec:
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


@dataclass
class Geometry:
    """Triangles with a normal at every vertex, counter-clockwise seen from the side the normals face."""

    positions: list[Vec] = field(default_factory=list)
    normals: list[Vec] = field(default_factory=list)
    indices: list[int] = field(default_factory=list)

    def add(self, other: "Geometry", rotation: Mat = IDENTITY, offset: Vec = (0.0, 0.0, 0.0)) -> "Geometry":
        """`other` turned by `rotation` and moved by `offset`, appended; returns self to chain."""
        base = len(self.positions)
        for p in other.positions:
            q = _apply(rotation, p)
            self.positions.append((q[0] + offset[0], q[1] + offset[1], q[2] + offset[2]))
        self.normals.extend(_apply(rotation, n) for n in other.normals)
        self.indices.extend(base + i for i in other.indices)
        return self

    def quad(self, a: int, b: int, c: int, d: int) -> None:
        self.indices.extend((a, b, c, a, c, d))

    @property
    def triangles(self) -> int:
        return len(self.indices) // 3


def box(sx: float, sy: float, sz: float) -> Geometry:
    """A box of sides sx, sy, sz centred on the origin: 24 vertices, 12 triangles."""
    g = Geometry()
    hx, hy, hz = sx / 2, sy / 2, sz / 2
    # (normal, u axis, v axis) with u × v = normal, so the quad (−u−v, +u−v, +u+v, −u+v) faces outwards.
    faces: tuple[tuple[Vec, Vec, Vec], ...] = (
        ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
        ((-1, 0, 0), (0, 0, 1), (0, 1, 0)),
        ((0, 1, 0), (0, 0, 1), (1, 0, 0)),
        ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
        ((0, 0, 1), (1, 0, 0), (0, 1, 0)),
        ((0, 0, -1), (0, 1, 0), (1, 0, 0)),
    )
    for n, u, v in faces:
        base = len(g.positions)
        for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            g.positions.append(
                (
                    (n[0] + su * u[0] + sv * v[0]) * hx,
                    (n[1] + su * u[1] + sv * v[1]) * hy,
                    (n[2] + su * u[2] + sv * v[2]) * hz,
                )
            )
            g.normals.append((float(n[0]), float(n[1]), float(n[2])))
        g.quad(base, base + 1, base + 2, base + 3)
    return g


def frustum(
    r0: float,
    r1: float,
    height: float,
    segments: int,
    *,
    bottom: bool = True,
    top: bool = True,
    inside: bool = False,
    rings: int = 1,
) -> Geometry:
    """A cylinder (r0 = r1) or a cone frustum along y from 0 to `height`, radius r0 at the bottom and r1 at the top,
    its side smooth in `rings` bands, its caps flat discs when asked; `inside`: the side faces the axis (a duct's
    inner wall)."""
    g = Geometry()
    slope = (r0 - r1) / height if height else 0.0
    norm = math.hypot(1.0, slope)
    for ring in range(rings + 1):
        t = ring / rings
        r, y = r0 + (r1 - r0) * t, height * t
        for s in range(segments + 1):
            a = 2 * math.pi * s / segments
            ca, sa = math.cos(a), math.sin(a)
            g.positions.append((r * ca, y, -r * sa))
            n = (ca / norm, slope / norm, -sa / norm)
            g.normals.append((-n[0], -n[1], -n[2]) if inside else n)
    row = segments + 1
    for ring in range(rings):
        for s in range(segments):
            a, b = ring * row + s, ring * row + s + 1
            c, d = b + row, a + row
            if inside:
                g.quad(a, d, c, b)
            else:
                g.quad(a, b, c, d)
    for y, r, up, wanted in ((0.0, r0, -1.0, bottom), (height, r1, 1.0, top)):
        if not wanted or r <= 0:
            continue
        centre = len(g.positions)
        g.positions.append((0.0, y, 0.0))
        g.normals.append((0.0, up, 0.0))
        for s in range(segments + 1):
            a = 2 * math.pi * s / segments
            g.positions.append((r * math.cos(a), y, -r * math.sin(a)))
            g.normals.append((0.0, up, 0.0))
        for s in range(segments):
            i, j = centre + 1 + s, centre + 2 + s
            g.indices.extend((centre, i, j) if up > 0 else (centre, j, i))
    return g


def cylinder(radius: float, height: float, segments: int, **kw: Any) -> Geometry:
    return frustum(radius, radius, height, segments, **kw)


def disc(radius: float, thickness: float, segments: int) -> Geometry:
    """A flat disc (a flange, a handwheel) of `thickness` along y, centred on y = 0."""
    return Geometry().add(cylinder(radius, thickness, segments), offset=(0.0, -thickness / 2, 0.0))


def tube(outer: float, inner: float, length: float, segments: int) -> Geometry:
    """An open pipe along y from 0 to `length`: its outer and inner walls and the two annular ends."""
    g = Geometry()
    g.add(cylinder(outer, length, segments, bottom=False, top=False))
    g.add(cylinder(inner, length, segments, bottom=False, top=False, inside=True))
    for y, up in ((0.0, -1.0), (length, 1.0)):
        base = len(g.positions)
        for s in range(segments + 1):
            a = 2 * math.pi * s / segments
            ca, sa = math.cos(a), -math.sin(a)
            g.positions.extend(((outer * ca, y, outer * sa), (inner * ca, y, inner * sa)))
            g.normals.extend(((0.0, up, 0.0), (0.0, up, 0.0)))
        for s in range(segments):
            o0, i0, o1, i1 = base + 2 * s, base + 2 * s + 1, base + 2 * s + 2, base + 2 * s + 3
            if up > 0:
                g.quad(i0, o0, o1, i1)
            else:
                g.quad(i0, i1, o1, o0)
    return g


def blade(
    r0: float, r1: float, chord: float, root_pitch: float, tip_pitch: float, radial: int, chordwise: int
) -> Geometry:
    """A thin twisted blade in the xy plane along +x from r0 to r1 (both faces drawn, so a plate needs no edge),
    its chord turned about x from `root_pitch` at the root to `tip_pitch` at the tip, narrowing towards the tip:
    2 × 2 × radial × chordwise triangles."""
    g = Geometry()
    for face in (1.0, -1.0):
        base = len(g.positions)
        for i in range(radial + 1):
            t = i / radial
            r = r0 + (r1 - r0) * t
            pitch = root_pitch + (tip_pitch - root_pitch) * t
            width = chord * (1.0 - 0.35 * t)
            cp, sp = math.cos(pitch), math.sin(pitch)
            for j in range(chordwise + 1):
                c = width * (j / chordwise - 0.5)
                g.positions.append((r, c * cp, c * sp))
                g.normals.append((0.0, -sp * face, cp * face))
        row = chordwise + 1
        for i in range(radial):
            for j in range(chordwise):
                a, b = base + i * row + j, base + (i + 1) * row + j
                c, d = b + 1, a + 1
                if face > 0:
                    g.quad(a, b, c, d)
                else:
                    g.quad(a, d, c, b)
    return g


@dataclass(frozen=True)
class Material:
    name: str
    rgba: tuple[float, float, float, float]
    metallic: float = 0.1
    roughness: float = 0.6

    def as_gltf(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "pbrMetallicRoughness": {
                "baseColorFactor": list(self.rgba),
                "metallicFactor": self.metallic,
                "roughnessFactor": self.roughness,
            },
        }
        if self.rgba[3] < 1.0:
            out.update(alphaMode="BLEND", doubleSided=True)
        return out


@dataclass(frozen=True)
class Part:
    """A named node with its own mesh, placed by translation, rotation (a quaternion x, y, z, w) and scale."""

    name: str
    geometry: Geometry
    material: Material
    translation: Vec = (0.0, 0.0, 0.0)
    rotation: tuple[float, float, float, float] | None = None
    scale: Vec | None = None
    double_sided: bool = False


@dataclass(frozen=True)
class Model:
    key: str  # the files' stem: <key>.gltf and <key>.bin
    parts: tuple[Part, ...]

    @property
    def triangles(self) -> int:
        return sum(p.geometry.triangles for p in self.parts)

    def files(self) -> list[tuple[str, bytes]]:
        """The upload as the console would send it: the .gltf first, then its one .bin."""
        gltf, data = to_gltf(self)
        return [(f"{self.key}.gltf", gltf), (f"{self.key}.bin", data)]


def _pad4(blob: bytearray) -> None:
    blob.extend(b"\0" * (-len(blob) % 4))


def to_gltf(model: Model) -> tuple[bytes, bytes]:
    """The .gltf (UTF-8 JSON) and its .bin: per part a mesh of one primitive, its POSITION, NORMAL and indices each
    in its own 4-byte aligned bufferView."""
    blob = bytearray()
    views: list[dict[str, Any]] = []
    accessors: list[dict[str, Any]] = []
    materials: list[Material] = []
    meshes: list[dict[str, Any]] = []
    nodes: list[dict[str, Any]] = []

    def view(data: bytes, target: int, stride: int | None = None) -> int:
        _pad4(blob)
        item: dict[str, Any] = {"buffer": 0, "byteOffset": len(blob), "byteLength": len(data), "target": target}
        if stride:
            item["byteStride"] = stride
        blob.extend(data)
        views.append(item)
        return len(views) - 1

    for part in model.parts:
        g = part.geometry
        positions = struct.pack(f"<{3 * len(g.positions)}f", *(c for p in g.positions for c in p))
        normals = struct.pack(f"<{3 * len(g.normals)}f", *(c for n in g.normals for c in n))
        # The bounds as float32 holds them: what a loader reads from the .bin.
        stored = struct.unpack(f"<{3 * len(g.positions)}f", positions)
        lows = [min(stored[k::3]) for k in range(3)]
        highs = [max(stored[k::3]) for k in range(3)]
        wide = len(g.positions) > 0xFFFF
        indices = struct.pack(f"<{len(g.indices)}{'I' if wide else 'H'}", *g.indices)
        pos_acc = len(accessors)
        accessors.append(
            {
                "bufferView": view(positions, _ARRAY_BUFFER, 12),
                "componentType": _FLOAT,
                "count": len(g.positions),
                "type": "VEC3",
                "min": lows,
                "max": highs,
            }
        )
        accessors.append(
            {
                "bufferView": view(normals, _ARRAY_BUFFER, 12),
                "componentType": _FLOAT,
                "count": len(g.normals),
                "type": "VEC3",
            }
        )
        accessors.append(
            {
                "bufferView": view(indices, _ELEMENT_ARRAY_BUFFER),
                "componentType": _UINT if wide else _USHORT,
                "count": len(g.indices),
                "type": "SCALAR",
            }
        )
        if part.material not in materials:
            materials.append(part.material)
        meshes.append(
            {
                "name": part.name,
                "primitives": [
                    {
                        "attributes": {"POSITION": pos_acc, "NORMAL": pos_acc + 1},
                        "indices": pos_acc + 2,
                        "material": materials.index(part.material),
                        "mode": 4,
                    }
                ],
            }
        )
        node: dict[str, Any] = {"name": part.name, "mesh": len(meshes) - 1, "translation": list(part.translation)}
        if part.rotation is not None:
            node["rotation"] = list(part.rotation)
        if part.scale is not None:
            node["scale"] = list(part.scale)
        nodes.append(node)
    _pad4(blob)
    material_docs = [m.as_gltf() for m in materials]
    for part in model.parts:
        if part.double_sided:
            material_docs[materials.index(part.material)]["doubleSided"] = True
    doc = {
        "asset": {"version": "2.0", "generator": "iotyun models3d"},
        "scene": 0,
        "scenes": [{"name": model.key, "nodes": [0]}],
        "nodes": [{"name": model.key, "children": list(range(1, len(nodes) + 1))}, *nodes],
        "meshes": meshes,
        "materials": material_docs,
        "accessors": accessors,
        "bufferViews": views,
        "buffers": [{"uri": f"{model.key}.bin", "byteLength": len(blob)}],
    }
    # The root node is the model; the parts' nodes follow it (their mesh indices are unchanged).
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), bytes(blob)


STEEL = Material("steel", (0.55, 0.57, 0.6, 1.0), metallic=0.8, roughness=0.4)
SKID = Material("skid", (0.93, 0.68, 0.12, 1.0), metallic=0.3, roughness=0.6)
MOTOR = Material("motor", (0.12, 0.38, 0.7, 1.0), metallic=0.4, roughness=0.5)
PUMP = Material("pump", (0.16, 0.5, 0.36, 1.0), metallic=0.4, roughness=0.5)
PIPE = Material("pipe", (0.7, 0.72, 0.74, 1.0), metallic=0.7, roughness=0.35)
VALVE = Material("valve", (0.8, 0.12, 0.1, 1.0), metallic=0.3, roughness=0.5)
SHELL = Material("shell", (0.78, 0.86, 0.93, 0.35), metallic=0.2, roughness=0.3)
LIQUID = Material("liquid", (0.1, 0.45, 0.85, 0.9), metallic=0.0, roughness=0.2)
ROOF = Material("roof", (0.6, 0.64, 0.68, 1.0), metallic=0.6, roughness=0.45)
LADDER = Material("ladder", (0.95, 0.78, 0.1, 1.0), metallic=0.3, roughness=0.6)
HOUSING = Material("housing", (0.32, 0.36, 0.4, 1.0), metallic=0.6, roughness=0.45)
HUB = Material("hub", (0.2, 0.22, 0.25, 1.0), metallic=0.7, roughness=0.35)
BLADE = Material("blade", (0.75, 0.78, 0.82, 1.0), metallic=0.5, roughness=0.4)


def pump_skid(segments: int = 24) -> Model:
    """A centrifugal pump driven by an electric motor on a steel skid (about 2.4 × 1.6 × 1.0 m): the shaft along x,
    the suction pipe on the pump's axis, the discharge rising from the volute's top to a gate valve."""
    base = Geometry()
    base.add(box(2.4, 0.12, 1.0), offset=(0.0, 0.06, 0.0))  # deck plate
    for z in (-0.45, 0.45):
        base.add(box(2.4, 0.16, 0.1), offset=(0.0, 0.08, z))  # channel rails
    base.add(box(0.7, 0.18, 0.5), offset=(-0.55, 0.21, 0.0))  # motor plinth
    base.add(box(0.5, 0.14, 0.5), offset=(0.45, 0.19, 0.0))  # pump plinth
    motor = Geometry()
    motor.add(cylinder(0.24, 0.8, segments), Y_TO_X, (-0.95, 0.0, 0.0))  # frame, along x from −0.95 to −0.15
    for k in range(8):  # cooling fins
        motor.add(box(0.72, 0.56, 0.025), rot_x(k * math.pi / 8), (-0.55, 0.0, 0.0))
    motor.add(cylinder(0.18, 0.12, segments), Y_TO_X, (-1.07, 0.0, 0.0))  # fan cowl
    motor.add(box(0.22, 0.16, 0.22), offset=(-0.55, 0.3, 0.0))  # terminal box
    motor.add(cylinder(0.04, 0.25, 12), Y_TO_X, (-0.15, 0.0, 0.0))  # shaft to the coupling
    pump = Geometry()
    pump.add(cylinder(0.32, 0.26, segments), Y_TO_X, (-0.13, 0.0, 0.0))  # volute, centred on the node
    pump.add(cylinder(0.14, 0.2, segments), Y_TO_X, (-0.33, 0.0, 0.0))  # bearing housing
    pump.add(cylinder(0.1, 0.2, segments), offset=(0.0, 0.28, 0.0))  # discharge nozzle
    pump.add(box(0.3, 0.22, 0.36), offset=(-0.05, -0.28, 0.0))  # foot
    pipe_in = Geometry()
    pipe_in.add(cylinder(0.09, 0.75, segments), Y_TO_X, (0.0, 0.0, 0.0))  # from the volute's face to the skid edge
    for x in (0.02, 0.73):
        pipe_in.add(disc(0.16, 0.04, segments), Y_TO_X, (x, 0.0, 0.0))  # flanges
    pipe_out = Geometry()
    pipe_out.add(cylinder(0.08, 0.6, segments))  # riser from the nozzle
    pipe_out.add(disc(0.15, 0.04, segments), offset=(0.0, 0.02, 0.0))
    pipe_out.add(box(0.22, 0.26, 0.22), offset=(0.0, 0.5, 0.0))  # valve body
    pipe_out.add(cylinder(0.08, 0.8, segments), Y_TO_X, (0.0, 0.8, 0.0))  # elbowed header to +x
    pipe_out.add(box(0.18, 0.18, 0.18), offset=(0.0, 0.8, 0.0))  # elbow
    pipe_out.add(disc(0.15, 0.04, segments), Y_TO_X, (0.78, 0.8, 0.0))
    valve_stem = Geometry()
    valve_stem.add(cylinder(0.025, 0.3, 12))  # stem, rising from the bonnet
    valve_stem.add(disc(0.14, 0.03, segments), offset=(0.0, 0.3, 0.0))  # handwheel
    for k in range(3):
        valve_stem.add(box(0.26, 0.02, 0.03), rot_y(k * math.pi / 3), (0.0, 0.3, 0.0))  # spokes
    pump_axis = (0.45, 0.52, 0.0)
    nozzle_top = (pump_axis[0], pump_axis[1] + 0.48, 0.0)
    return Model(
        "pump_skid",
        (
            Part("base", base, SKID),
            Part("motor", motor, MOTOR, (0.0, 0.52, 0.0)),
            Part("pump", pump, PUMP, pump_axis),
            Part("pipe_in", pipe_in, PIPE, (pump_axis[0] + 0.13, pump_axis[1], 0.0)),
            Part("pipe_out", pipe_out, PIPE, nozzle_top),
            Part("valve_stem", valve_stem, VALVE, (nozzle_top[0], nozzle_top[1] + 0.63, 0.0)),
        ),
    )


# The tank's inside: the level's cylinder stands on the bottom at LEVEL_FLOOR and fills at most LEVEL_HEIGHT.
TANK_RADIUS = 1.0
TANK_HEIGHT = 3.0
LEVEL_FLOOR = 0.25
LEVEL_HEIGHT = TANK_HEIGHT - LEVEL_FLOOR - 0.05


def tank(segments: int = 40, level: float = 0.6) -> Model:
    """A vertical storage tank (2 m across, 3 m high on a ring skirt) with a cone roof and a caged ladder; `level`
    (0–1) is the fill the node `level` shows: its scale.y is level × LEVEL_HEIGHT metres."""
    shell = Geometry()
    shell.add(
        cylinder(TANK_RADIUS, TANK_HEIGHT - LEVEL_FLOOR + 0.05, segments, top=False),
        offset=(0.0, LEVEL_FLOOR - 0.05, 0.0),
    )
    shell.add(tube(TANK_RADIUS * 0.9, TANK_RADIUS * 0.86, LEVEL_FLOOR - 0.05, segments))  # skirt
    shell.add(tube(TANK_RADIUS + 0.03, TANK_RADIUS, 0.06, segments), offset=(0.0, TANK_HEIGHT - 0.06, 0.0))  # rim
    liquid = cylinder(TANK_RADIUS * 0.97, 1.0, segments)
    roof = Geometry()
    roof.add(frustum(TANK_RADIUS + 0.05, 0.12, 0.45, segments, bottom=True, top=True))
    roof.add(cylinder(0.12, 0.12, 16), offset=(0.0, 0.45, 0.0))  # vent
    ladder = Geometry()
    rung_count = 12
    for z in (-0.2, 0.2):
        ladder.add(box(0.05, TANK_HEIGHT + 0.9, 0.05), offset=(0.0, (TANK_HEIGHT + 0.9) / 2, z))  # rails
    for k in range(rung_count):
        ladder.add(box(0.03, 0.03, 0.4), offset=(0.0, 0.3 + k * (TANK_HEIGHT + 0.3) / rung_count, 0.0))
    for k in range(4):  # the safety cage's hoops
        y = 2.0 + k * 0.55
        ladder.add(box(0.55, 0.04, 0.04), offset=(0.3, y, -0.28))
        ladder.add(box(0.55, 0.04, 0.04), offset=(0.3, y, 0.28))
        ladder.add(box(0.04, 0.04, 0.6), offset=(0.56, y, 0.0))
    return Model(
        "tank",
        (
            Part("shell", shell, SHELL),
            Part("level", liquid, LIQUID, (0.0, LEVEL_FLOOR, 0.0), scale=(1.0, max(level, 0.001) * LEVEL_HEIGHT, 1.0)),
            Part("roof", roof, ROOF, (0.0, TANK_HEIGHT, 0.0)),
            Part("ladder", ladder, LADDER, (TANK_RADIUS + 0.12, 0.0, 0.0)),
        ),
    )


FAN_AXIS_HEIGHT = 1.3


def fan(segments: int = 36, blades: int = 6, radial: int = 6, chordwise: int = 2) -> Model:
    """An axial fan (a 2 m duct ring on a stand): the motor and hub on the duct's axis, `blades` twisted blades; the
    node `blades` sits on the axis (z) at the hub, so turning it about z turns the blades."""
    housing = Geometry()
    housing.add(tube(1.05, 1.0, 0.5, segments), Y_TO_Z, (0.0, 0.0, -0.25))  # the duct ring, along z
    for z in (-0.25, 0.25):
        housing.add(tube(1.12, 1.04, 0.05, segments), Y_TO_Z, (0.0, 0.0, z - 0.025))  # flanges
    housing.add(cylinder(0.22, 0.45, segments), Y_TO_Z, (0.0, 0.0, 0.05))  # the motor behind the hub
    for k in range(4):  # struts from the motor to the ring, behind the blades
        a = math.pi / 4 + k * math.pi / 2
        housing.add(box(0.8, 0.05, 0.05), rot_z(a), (0.61 * math.cos(a), 0.61 * math.sin(a), 0.2))
    for x in (-0.75, 0.75):  # the stand's legs, from the floor up to the ring, and their feet
        housing.add(box(0.12, 0.62, 0.3), offset=(x, -FAN_AXIS_HEIGHT + 0.31, 0.0))
        housing.add(box(0.4, 0.06, 0.6), offset=(x, -FAN_AXIS_HEIGHT + 0.03, 0.0))
    hub = Geometry()
    hub.add(cylinder(0.2, 0.18, segments), Y_TO_Z, (0.0, 0.0, -0.2))
    hub.add(frustum(0.2, 0.03, 0.16, segments, bottom=False), Y_TO_NEG_Z, (0.0, 0.0, -0.2))  # nose cone, upstream
    rotor = Geometry()
    for k in range(blades):
        rotor.add(
            blade(0.18, 0.96, 0.36, math.radians(40), math.radians(18), radial, chordwise),
            rot_z(2 * math.pi * k / blades),
        )
    return Model(
        "fan",
        (
            Part("housing", housing, HOUSING, (0.0, FAN_AXIS_HEIGHT, 0.0)),
            Part("hub", hub, HUB, (0.0, FAN_AXIS_HEIGHT, 0.0)),
            Part("blades", rotor, BLADE, (0.0, FAN_AXIS_HEIGHT, -0.11), double_sided=True),
        ),
    )


def detailed_fan() -> Model:
    """The fan tessellated to about 20,000 triangles (finely curved ring and hub, finely bent blades): a heavy model
    for measuring how a screen draws."""
    model = fan(segments=160, blades=8, radial=40, chordwise=12)
    return Model("fan_detailed", model.parts)


# The demo gallery's models: (key, name shown in the gallery, builder).
DEMO_MODELS: tuple[tuple[str, str, Callable[[], Model]], ...] = (
    ("pump_skid", "泵组", pump_skid),
    ("tank", "储罐", tank),
    ("fan", "风机", fan),
)
