"""What a 3D model upload is (SPEC §5 "Models: gltf, bin, jpg, jpeg, png; exactly one gltf; no duplicates; total size
limit {size}"): its files checked by name, count, size and bytes, and its .gltf read as JSON whose every uri names
one of the files uploaded beside it (or is a data: URI). Nothing here touches the database or the disk."""

import json
from dataclasses import dataclass
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
# The glTF 2.0 arrays whose items may name a file by `uri`.
_URI_ARRAYS = ("buffers", "images")


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
    images PNG or JPEG by their bytes (114014) and decoded whole (114018, 114019), the .gltf valid (114509, `check_gltf`)."""
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
    check_gltf(gltf.data, {f.name for f in files if f is not gltf})
    return [gltf, *(f for f in files if f is not gltf)]


def _judged(file: ModelFile) -> ModelFile:
    """A texture decoded whole and kept as encoded again from its pixels, as a gallery image is (images.judge):
    114014 when it is not a PNG or JPEG, 114018 or 114019 when it does not decode within bounds."""
    if file.ext not in ("png", "jpg", "jpeg"):
        return file
    if sniff(file.data) is None:
        raise _refuse(ErrorCode.MODEL_FILE_TYPE_INVALID)
    return ModelFile(file.name, file.ext, judge(file.data, field="files").data)


def _uri_ok(uri: object, names: set[str]) -> bool:
    """A data: URI, or a relative reference to one of `names` (percent-decoded, as glTF writes them): never a
    folder, a parent, an absolute path or another scheme."""
    if not isinstance(uri, str):
        return False
    if uri.startswith("data:"):
        return True
    return unquote(uri) in names


def check_gltf(data: bytes, names: set[str]) -> None:
    """A .gltf is a UTF-8 JSON object with an `asset` object, and every buffer's and image's uri names a file of the
    upload (114509 otherwise: not JSON, or a uri that was not uploaded, such as `../x.bin` or `https://…`)."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise _refuse(ErrorCode.MODEL_PARSE_FAILED) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("asset"), dict):
        raise _refuse(ErrorCode.MODEL_PARSE_FAILED)
    for key in _URI_ARRAYS:
        items = doc.get(key, [])
        if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
            raise _refuse(ErrorCode.MODEL_PARSE_FAILED)
        for item in items:
            if "uri" in item and not _uri_ok(item["uri"], names):
                raise _refuse(ErrorCode.MODEL_PARSE_FAILED)
