"""Request and response models of /yun/resourcesInfo/symbol."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from iotyun.core.limits import SYMBOL_PARTS_MAX, SymbolName

SymbolCategory = Literal[
    "pump", "valve", "tank", "pipe", "motor", "fan", "compressor", "exchanger", "meter", "conveyor", "electrical",
    "sensor", "other",
]  # fmt: skip


class StrippedOut(BaseModel):
    """What the sanitiser took out of an upload: `element`, `attribute`, `reference` (a link or url() leaving the
    document), `style` (a declaration or a <style>) or `link` (an <a> unwrapped), its name, how many times."""

    kind: str
    name: str
    count: int


class SymbolPart(BaseModel):
    """A marked part: an element of the symbol by the `data-iot-id` the server gave it, named in zh, en or both (the
    reader sees their language's name, else the other)."""

    id: str
    zh: str = ""
    en: str = ""


class SymbolOut(BaseModel):
    id: int
    name: str
    category: str
    # The sanitised SVG, readable without a token (what a screen document stores beside the symbol's id).
    url: str
    width: float
    height: float
    parts: list[SymbolPart]
    # Every element the editor may mark, in document order: its `data-iot-id` and its SVG element name.
    elements: list[tuple[str, str]]
    size_bytes: int
    created_at: int
    updated_at: int


class SymbolImportOut(BaseModel):
    """An import's answer, or a preview's (`symbol` None): the sanitised SVG and what was stripped."""

    symbol: SymbolOut | None
    svg: str
    stripped: list[StrippedOut]


class SymbolUpdateIn(BaseModel):
    """Rename, move to another category, mark parts, or any of them; a field left out stays."""

    id: int
    name: SymbolName | None = None
    category: SymbolCategory | None = None
    parts: Annotated[list[SymbolPart], Field(max_length=SYMBOL_PARTS_MAX)] | None = None
