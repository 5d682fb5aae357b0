"""Where an image's bytes live: `<data dir>/gallery/<first two key characters>/<key>.<ext>`, written once and never
changed (a new upload gets a new key), so they may be cached for a year.

The files follow the request's transaction (core/files.py): bytes written for an upload are removed again when it
rolls back, and the bytes of a deleted image only once the deletion commits."""

import asyncio
import re
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import files
from iotyun.core.config import API_PREFIX
from iotyun.resources.models import FILE_KEY_LENGTH

URL_PREFIX = f"{API_PREFIX}/yun/resourcesInfo/file/"
# A file name as served: the key and the type; anything else is never looked up (no path can be built from it).
FILE_NAME_RE = re.compile(rf"^([A-Za-z0-9_-]{{{FILE_KEY_LENGTH}}})\.(png|jpg|svg)$")
CACHE_CONTROL = "public, max-age=31536000, immutable"
# The type each stored image is served as.
CONTENT_TYPES = {"png": "image/png", "jpg": "image/jpeg", "svg": "image/svg+xml"}
# A served SVG (sanitised on upload, resources/svg.py) may draw and style itself and nothing else, even opened alone.
SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"


# A 3D model's files: `<data dir>/gallery/models/<2 chars>/<key>/<n>.<ext>`, the n-th file as uploaded, and served as
# `MODEL_URL_PREFIX<key>/<its uploaded name>`, so the .gltf's relative uris resolve beside it.
MODEL_URL_PREFIX = f"{API_PREFIX}/yun/resourcesInfo/model/file/"
MODEL_KEY_RE = re.compile(rf"^[A-Za-z0-9_-]{{{FILE_KEY_LENGTH}}}$")


def model_url_of(file_key: str, name: str) -> str:
    return f"{MODEL_URL_PREFIX}{file_key}/{quote(name)}"


def model_dir_of(root: Path, file_key: str) -> Path:
    return root / "models" / file_key[:2] / file_key


def model_file_of(root: Path, file_key: str, index: int, ext: str) -> Path:
    return model_dir_of(root, file_key) / f"{index}.{ext}"


def url_of(file_key: str, ext: str) -> str:
    return f"{URL_PREFIX}{file_key}.{ext}"


# What may stand around a URL in a text of a screen document (a CSS `url(...)`, a quoted attribute, a list).
_URL_SEPARATORS = re.compile(r"[\s\"'()<>,;]+")
# Characters a browser drops from a URL before reading it (WHATWG URL: ASCII tab and newline).
_URL_DROPPED = str.maketrans("", "", "\t\n\r")
_ROUTE = ("yun", "resourcesinfo", "file")


def _dot_resolved(path: str) -> list[str]:
    """A path's segments once empty and `.` segments are dropped and each `..` removes the one before it."""
    segments: list[str] = []
    for segment in path.split("/"):
        if segment in ("", "."):
            continue
        if segment == "..":
            if segments:
                segments.pop()
            continue
        segments.append(segment)
    return segments


def stored_name(url: str) -> tuple[str, str] | None:
    """The (key, ext) of the gallery file a URL reaches, however it is spelled: any origin (the host's case aside)
    or API base, `./`, `..` and doubled slashes, backslashes, percent-encoding (also doubled), a query string or a
    fragment; None when it reaches no gallery file. The route's words and the type are read case-blind, so a
    spelling the server would not serve may still count (an image is then kept, never one in use deleted)."""
    text = url.translate(_URL_DROPPED).strip().replace("\\", "/")
    for _ in range(3):  # percent-encoding, also of the percent signs themselves
        decoded = unquote(text)
        if decoded == text:
            break
        text = decoded.replace("\\", "/")
    try:
        path = urlsplit(text).path
    except ValueError:
        return None
    segments = _dot_resolved(path)
    if len(segments) < 4 or tuple(s.casefold() for s in segments[-4:-1]) != _ROUTE:
        return None
    key, dot, ext = segments[-1].rpartition(".")
    if not dot or FILE_NAME_RE.fullmatch(f"{key}.{ext.casefold()}") is None:
        return None
    return key, ext.casefold()


def names_file(text: str, file_key: str, ext: str) -> bool:
    """Whether a text of a screen document (a URL, or a longer text holding URLs) names the gallery file."""
    return any(stored_name(token) == (file_key, ext) for token in _URL_SEPARATORS.split(text) if token)


def path_of(root: Path, file_key: str, ext: str) -> Path:
    return root / file_key[:2] / f"{file_key}.{ext}"


async def write(session: AsyncSession, root: Path, file_key: str, ext: str, data: bytes) -> None:
    """Store an upload's bytes; they go again if the session rolls back."""
    path = path_of(root, file_key, ext)
    await asyncio.to_thread(files.write_atomically, path, data)
    files.remove_on_rollback(session, path)


def remove_on_commit(session: AsyncSession, root: Path, file_key: str, ext: str) -> None:
    """Remove a deleted image's bytes once the session commits."""
    files.remove_on_commit(session, path_of(root, file_key, ext))


def _write_model(folder: Path, model_files: list[tuple[str, bytes]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for index, (ext, data) in enumerate(model_files):
        files.write_atomically(folder / f"{index}.{ext}", data)


async def write_model(session: AsyncSession, root: Path, file_key: str, model_files: list[tuple[str, bytes]]) -> None:
    """Store a model's files, `(ext, bytes)` in upload order, in the model's own folder; the folder goes again if
    the session rolls back."""
    folder = model_dir_of(root, file_key)
    files.remove_on_rollback(session, folder)
    await asyncio.to_thread(_write_model, folder, model_files)


def remove_model_on_commit(session: AsyncSession, root: Path, file_key: str) -> None:
    """Remove a deleted model's folder once the session commits."""
    files.remove_on_commit(session, model_dir_of(root, file_key))
