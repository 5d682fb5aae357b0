"""What a 3D model upload is (SPEC §5 "Models: gltf, bin, jpg, jpeg, png; exactly one gltf; no duplicates; total size
limit {size}"): its files checked by name, count, size and bytes, and its .gltf read as glTF 2.0 whose every uri
names one of the files uploaded beside it (or is a data: URI), every uploaded file named by it, each buffer's file as
long as declared and every bufferView and accessor inside what holds it; a refusal names the file at fault. Nothing here touches the database or the disk."""

import base64
import binascii
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import MODEL_FILE_NAME_MAX, MODEL_FILE_TYPES, MODEL_MAX_BYTES, MODEL_SIZE_TEXT
from iotyun.resources.images import judge, sniff

CONTENT_TYPES = {
    "gltf": "model/gltf+json",
    "bin": "application/octet-stream",
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
}


@dataclass(frozen=True, slots=True)
class ModelFile:
    name: str
    ext: str
    data: bytes


def _ext(name: str) -> str:
    return name.rsplit(".", 1)[1].lower() if "." in name else ""


def _plain_name(name: str) -> bool:
    """A file's own name: no folder, no hidden or dot name, no control character, not too long."""
    return (
        0 < len(name) <= MODEL_FILE_NAME_MAX
        and not name.startswith(".")
        and "/" not in name
        and "\\" not in name
        and all(ch >= " " and ch != "\x7f" for ch in name)
    )


def _refuse(code: ErrorCode, size: str | None = None) -> AppError:
    return AppError(code, field="files", size=size) if size else AppError(code, field="files")


def check_files(uploaded: list[tuple[str, bytes]]) -> list[ModelFile]:
    """The upload's files, the .gltf first, once every rule holds: each a plain name of an allowed type (114014),
    exactly one .gltf (114015), no name twice, case aside (114016), at most MODEL_MAX_BYTES together (114017), the
    images PNG or JPEG by their bytes (114014) and decoded whole (114018, 114019), the .gltf valid and every file
    one it names (114509, 114512, `check_gltf`)."""
    files = [ModelFile(name.strip(), _ext(name.strip()), data) for name, data in uploaded]
    if not files or any(not _plain_name(f.name) or f.ext not in MODEL_FILE_TYPES for f in files):
        raise _refuse(ErrorCode.MODEL_FILE_TYPE_INVALID)
    if sum(1 for f in files if f.ext == "gltf") != 1:
        raise _refuse(ErrorCode.MODEL_GLTF_COUNT)
    if len({f.name.casefold() for f in files}) != len(files):
        raise _refuse(ErrorCode.MODEL_FILE_DUPLICATE)
    if sum(len(f.data) for f in files) > MODEL_MAX_BYTES:
        raise _refuse(ErrorCode.MODEL_TOO_LARGE, size=MODEL_SIZE_TEXT)
    files = [_judged(f) for f in files]
    gltf = next(f for f in files if f.ext == "gltf")
    check_gltf(gltf.data, gltf.name, {f.name: f.data for f in files if f is not gltf})
    return [gltf, *(f for f in files if f is not gltf)]


def _judged(file: ModelFile) -> ModelFile:
    """A texture decoded whole and kept as encoded again from its pixels, as a gallery image is (images.judge):
    114014 when it is not a PNG or JPEG, 114018 or 114019 when it does not decode within bounds."""
    if file.ext not in ("png", "jpg", "jpeg"):
        return file
    if sniff(file.data) is None:
        raise _refuse(ErrorCode.MODEL_FILE_TYPE_INVALID)
    return ModelFile(file.name, file.ext, judge(file.data, field="files").data)


# Bytes of one component of an accessor (componentType) and the components of its type.
_COMPONENT_BYTES = {5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4}
_TYPE_COMPONENTS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16}
_IMAGE_EXTS = ("png", "jpg", "jpeg")


def _bad(file: str) -> AppError:
    """114509 naming the file at fault: a missing, truncated or badly declared one, or the .gltf itself."""
    return AppError(ErrorCode.MODEL_PARSE_FAILED, field="files", file=file)


def _count(value: object, minimum: int = 0) -> int | None:
    """A JSON integer of at least `minimum` (never a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        return None
    return value


def _data_length(uri: str) -> int | None:
    """The bytes a base64 `data:` URI holds, None when it does not decode."""
    head, _, payload = uri.partition(",")
    if not head.endswith(";base64"):
        return len(unquote(payload).encode("utf-8"))
    try:
        return len(base64.b64decode(payload, validate=True))
    except (ValueError, binascii.Error):
        return None


def _items(doc: dict[str, Any], key: str, name: str) -> list[dict[str, Any]]:
    items = doc.get(key, [])
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise _bad(name)
    return items


def _element_bytes(accessor: dict[str, Any], name: str) -> int:
    """An accessor's element size in bytes, a matrix's columns each padded to 4 bytes as glTF 2.0 lays them out."""
    kind, of = accessor.get("type"), _count(accessor.get("componentType"))
    component = _COMPONENT_BYTES.get(of) if of is not None else None
    components = _TYPE_COMPONENTS.get(kind) if isinstance(kind, str) else None
    if component is None or components is None:
        raise _bad(name)
    if kind in ("MAT2", "MAT3", "MAT4"):
        side = {4: 2, 9: 3, 16: 4}[components]
        return side * (-(-side * component // 4) * 4)
    return component * components


def check_gltf(data: bytes, name: str, files: dict[str, bytes]) -> None:
    """A .gltf (`name`, the other uploaded files `files` by name) is glTF 2.0 whose every part fits, else 114509
    naming the file at fault: UTF-8 JSON with an `asset` whose `version` starts with "2" (the .gltf); every
    `buffers[].uri` a `.bin` of the upload and every `images[].uri` a PNG or JPEG of it (or a `data:` URI),
    percent-decoded (a missing texture, `../x.bin`, `https://…`: that uri); a buffer's file at least its
    `byteLength` long (a truncated .bin); every bufferView inside its buffer and every accessor inside its
    bufferView (the .gltf). An uploaded file that no uri names is refused with 114512 naming it."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise _bad(name) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("asset"), dict):
        raise _bad(name)
    version = doc["asset"].get("version")
    if not isinstance(version, str) or not version.startswith("2"):
        raise _bad(name)
    used: set[str] = set()
    buffer_lengths: list[int] = []
    for buffer in _items(doc, "buffers", name):
        length = _count(buffer.get("byteLength"), 1)
        uri = buffer.get("uri")
        if length is None or not isinstance(uri, str):
            raise _bad(name)
        if uri.startswith("data:"):
            held = _data_length(uri)
            if held is None or held < length:
                raise _bad(name)
        else:
            file = unquote(uri)
            if file not in files or _ext(file) != "bin":
                raise _bad(file)
            if len(files[file]) < length:
                raise _bad(file)
            used.add(file)
        buffer_lengths.append(length)
    for image in _items(doc, "images", name):
        uri = image.get("uri")
        if uri is None:
            continue
        if not isinstance(uri, str):
            raise _bad(name)
        if not uri.startswith("data:"):
            file = unquote(uri)
            if file not in files or _ext(file) not in _IMAGE_EXTS:
                raise _bad(file)
            used.add(file)
    view_lengths: list[tuple[int, int | None]] = []
    for view in _items(doc, "bufferViews", name):
        index = _count(view.get("buffer"))
        length = _count(view.get("byteLength"), 1)
        offset = _count(view.get("byteOffset", 0))
        stride = _count(view["byteStride"], 4) if "byteStride" in view else None
        if index is None or length is None or offset is None or index >= len(buffer_lengths):
            raise _bad(name)
        if ("byteStride" in view and stride is None) or offset + length > buffer_lengths[index]:
            raise _bad(name)
        view_lengths.append((length, stride))
    for accessor in _items(doc, "accessors", name):
        count = _count(accessor.get("count"), 1)
        offset = _count(accessor.get("byteOffset", 0))
        size = _element_bytes(accessor, name)
        if count is None or offset is None:
            raise _bad(name)
        if "bufferView" not in accessor:
            continue
        index = _count(accessor["bufferView"])
        if index is None or index >= len(view_lengths):
            raise _bad(name)
        length, stride = view_lengths[index]
        if offset + (stride or size) * (count - 1) + size > length:
            raise _bad(name)
    for file in files:
        if file not in used:
            raise AppError(ErrorCode.MODEL_FILE_UNUSED, field="files", file=file)
