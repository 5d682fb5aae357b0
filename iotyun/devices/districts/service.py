"""The bundled division tree (province → city → area, GB/T 2260 codes) and the lookups devices and virtual devices
use to validate and name a site's area codes. Source and licence: docs/decisions.md."""

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from iotyun.core.errors import AppError, ErrorCode
from iotyun.devices.districts.schemas import DistrictItem, DistrictPath, DistrictRef

DATA_FILE = "divisions.json"
# City-level placeholders of GB/T 2260 ("districts of the municipality", "counties", "county-level units directly
# under the province"): real codes, but left out of a joined site name ("北京市 朝阳区", not "北京市 市辖区 朝阳区").
PLACEHOLDER_NAMES = frozenset({"市辖区", "县", "省直辖县级行政区划", "自治区直辖县级行政区划"})


@dataclass(slots=True)
class Node:
    code: str
    name: str
    parent: str | None
    level: int
    children: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Tree:
    nodes: dict[str, Node]
    provinces: list[str]


def _add(tree: Tree, raw: dict[str, Any], parent: str | None, level: int) -> None:
    node = Node(code=raw["code"], name=raw["name"], parent=parent, level=level)
    tree.nodes[node.code] = node
    for child in raw.get("children", ()):
        node.children.append(child["code"])
        _add(tree, child, node.code, level + 1)


@lru_cache(maxsize=1)
def tree() -> Tree:
    """The division tree, read once from the package data."""
    raw = json.loads(resources.files(__package__).joinpath(DATA_FILE).read_text(encoding="utf-8"))
    result = Tree(nodes={}, provinces=[p["code"] for p in raw])
    for province in raw:
        _add(result, province, None, 1)
    return result


def exists(code: str) -> bool:
    """Whether `code` is a province, city or area of the dataset."""
    return code in tree().nodes


def valid_path(province: str, city: str, area: str) -> bool:
    """Whether the codes form a path from the top: each one empty or a child of the one before (deeper ones empty)."""
    nodes = tree().nodes
    parent: str | None = None
    ended = False
    for level, code in enumerate((province, city, area), start=1):
        if not code:
            ended = True
            continue
        node = nodes.get(code)
        if ended or node is None or node.level != level or node.parent != parent:
            return False
        parent = code
    return True


def check_path(province: str, city: str, area: str) -> None:
    """Refuse (111001, on the first wrong field) province/city/area codes that are unknown or do not nest."""
    for name, code in (("province_code", province), ("city_code", city), ("area_code", area)):
        if code and not exists(code):
            raise AppError(ErrorCode.DISTRICT_UNKNOWN, field=name)
    if not valid_path(province, city, area):
        raise AppError(ErrorCode.DISTRICT_UNKNOWN, field="area_code" if area else "city_code")


def name_path(province: str, city: str, area: str) -> str:
    """The site's area as "province city area" names (unknown or empty codes and placeholders left out)."""
    nodes = tree().nodes
    names = [nodes[c].name for c in (province, city, area) if c in nodes]
    return " ".join(n for n in names if n not in PLACEHOLDER_NAMES)


def children(parent_code: str | None) -> list[DistrictItem]:
    """The provinces (no parent) or the children of `parent_code`; 111001 for an unknown parent."""
    t = tree()
    if not parent_code:
        codes = t.provinces
    else:
        parent = t.nodes.get(parent_code)
        if parent is None:
            raise AppError(ErrorCode.DISTRICT_UNKNOWN, field="parent_code")
        codes = parent.children
    return [DistrictItem(code=c, name=t.nodes[c].name, leaf=not t.nodes[c].children) for c in codes]


def lookup(code: str) -> DistrictPath:
    """One division with its path from the province down; 111001 when unknown."""
    nodes = tree().nodes
    node = nodes.get(code)
    if node is None:
        raise AppError(ErrorCode.DISTRICT_UNKNOWN, field="code")
    path: list[DistrictRef] = []
    current: Node | None = node
    while current is not None:
        path.append(DistrictRef(code=current.code, name=current.name))
        current = nodes.get(current.parent) if current.parent else None
    return DistrictPath(code=node.code, name=node.name, path=path[::-1])
