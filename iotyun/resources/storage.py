"""Where an image's bytes live: `<data dir>/gallery/<first two key characters>/<key>.<ext>`, written once and never
changed (a new upload gets a new key), so they may be cached for a year.

The files follow the request's transaction: bytes written for an upload are removed again when it rolls back, and
the bytes of a deleted image are removed only once the deletion commits, so a failed request leaves neither a row
without its file nor (for long) a file without its row."""

import asyncio
import logging
import re
import shutil
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from iotyun.core.config import API_PREFIX
from iotyun.resources.models import FILE_KEY_LENGTH

log = logging.getLogger("iotyun.resources")

URL_PREFIX = f"{API_PREFIX}/yun/resourcesInfo/file/"
# A file name as served: the key and the type; anything else is never looked up (no path can be built from it).
FILE_NAME_RE = re.compile(rf"^([A-Za-z0-9_-]{{{FILE_KEY_LENGTH}}})\.(png|jpg|svg)$")
CACHE_CONTROL = "public, max-age=31536000, immutable"
# The type each stored image is served as.
CONTENT_TYPES = {"png": "image/png", "jpg": "image/jpeg", "svg": "image/svg+xml"}
# A served SVG (sanitised on upload, resources/svg.py) may draw and style itself and nothing else, even opened alone.
SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
# session.info keys: files to remove when the session's transaction commits, and when it rolls back.
_ON_COMMIT = "gallery_remove_on_commit"
_ON_ROLLBACK = "gallery_remove_on_rollback"


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


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".part")
    tmp.write_bytes(data)
    tmp.replace(path)


async def write(session: AsyncSession, root: Path, file_key: str, ext: str, data: bytes) -> None:
    """Store an upload's bytes; they go again if the session rolls back."""
    path = path_of(root, file_key, ext)
    await asyncio.to_thread(_write, path, data)
    session.info.setdefault(_ON_ROLLBACK, []).append(path)


def remove_on_commit(session: AsyncSession, root: Path, file_key: str, ext: str) -> None:
    """Remove a deleted image's bytes once the session commits."""
    session.info.setdefault(_ON_COMMIT, []).append(path_of(root, file_key, ext))


def _write_model(folder: Path, files: list[tuple[str, bytes]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for index, (ext, data) in enumerate(files):
        _write(folder / f"{index}.{ext}", data)


async def write_model(session: AsyncSession, root: Path, file_key: str, files: list[tuple[str, bytes]]) -> None:
    """Store a model's files, `(ext, bytes)` in upload order, in the model's own folder; the folder goes again if
    the session rolls back."""
    folder = model_dir_of(root, file_key)
    session.info.setdefault(_ON_ROLLBACK, []).append(folder)
    await asyncio.to_thread(_write_model, folder, files)


def remove_model_on_commit(session: AsyncSession, root: Path, file_key: str) -> None:
    """Remove a deleted model's folder once the session commits."""
    session.info.setdefault(_ON_COMMIT, []).append(model_dir_of(root, file_key))


def _unlink(paths: list[Path]) -> None:
    for path in paths:
        try:
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink(missing_ok=True)
        except OSError:  # the answer is sent already; a file left over is only space
            log.exception("gallery file %s not removed", path)


@event.listens_for(Session, "after_commit")
def _on_commit(session: Session) -> None:
    # A savepoint's release commits nothing yet.
    if session.in_nested_transaction():
        return
    session.info.pop(_ON_ROLLBACK, None)
    _unlink(session.info.pop(_ON_COMMIT, []))


@event.listens_for(Session, "after_rollback")
def _on_rollback(session: Session) -> None:
    if session.in_nested_transaction():
        return
    session.info.pop(_ON_COMMIT, None)
    _unlink(session.info.pop(_ON_ROLLBACK, []))
