"""Where a software package's bytes live: `<data dir>/software/<first two key characters>/<key>.pkg`, written once
and never changed (a new version gets a new key). An upload is received into `<data dir>/software/incoming/`,
hashed and judged there, and moved into place; the stored files follow the request's transaction (core/files.py)."""

import asyncio
import hashlib
import os
import secrets
import stat
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from fastapi import UploadFile
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import files
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SOFTWARE_INCOMING_MAX_AGE_S, SOFTWARE_PACKAGE_MAX_BYTES, SOFTWARE_PACKAGE_SIZE_TEXT

CHUNK = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Received:
    path: Path
    size: int
    sha256: str


@dataclass(frozen=True, slots=True)
class Package:
    """A stored package ready to be sent: its file and that file's stat (read once, for the length, the ETag and the
    ranges), the name it downloads as and its SHA-256."""

    path: Path
    stat: os.stat_result
    name: str
    sha256: str


def root_of(data_dir: Path) -> Path:
    return data_dir / "software"


def sweep_incoming(root: Path, now: float, max_age_s: float = SOFTWARE_INCOMING_MAX_AGE_S) -> int:
    """Remove the uploads a killed process left in the incoming folder (run at start-up): how many went."""
    removed = 0
    for path in (root / "incoming").glob("*.part"):
        try:
            if path.stat().st_mtime < now - max_age_s:
                path.unlink()
                removed += 1
        except OSError:  # gone already, or another server's sweep took it
            continue
    return removed


def path_of(root: Path, file_key: str) -> Path:
    return root / file_key[:2] / f"{file_key}.pkg"


def _stat(path: Path) -> os.stat_result | None:
    try:
        result = path.stat()
    except OSError:
        return None
    return result if stat.S_ISREG(result.st_mode) else None


async def package(root: Path, file_key: str, name: str, sha256: str) -> Package | None:
    """The package stored under `file_key`, or None when its file is missing (one thread hop: the response reuses
    this stat instead of taking its own)."""
    path = path_of(root, file_key)
    result = await asyncio.to_thread(_stat, path)
    return None if result is None else Package(path, result, name, sha256)


def new_key() -> str:
    return secrets.token_urlsafe(24)


def _copy(source: BinaryIO, path: Path) -> tuple[int, str] | None:
    """Copy `source` to `path`, hashing it; None once it passes the size cap (the copy is left unfinished)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    size = 0
    with path.open("wb") as out:
        while chunk := source.read(CHUNK):
            size += len(chunk)
            if size > SOFTWARE_PACKAGE_MAX_BYTES:
                return None
            digest.update(chunk)
            out.write(chunk)
    return size, digest.hexdigest()


@asynccontextmanager
async def received(root: Path, upload: UploadFile) -> AsyncIterator[Received]:
    """An upload copied into the incoming folder, counted and hashed; 116002 past the size cap, 116001 when empty.
    The copy is removed when the block ends, unless `keep` moved it into place within it."""
    path = root / "incoming" / f"{new_key()}.part"
    try:
        await upload.seek(0)
        copied = await asyncio.to_thread(_copy, upload.file, path)
        if copied is None:
            raise AppError(ErrorCode.UPGRADE_FILE_TOO_LARGE, field="file", size=SOFTWARE_PACKAGE_SIZE_TEXT)
        size, sha256 = copied
        if size == 0:
            raise AppError(ErrorCode.UPGRADE_FILE_INVALID, field="file")
        yield Received(path, size, sha256)
    finally:
        await asyncio.to_thread(path.unlink, missing_ok=True)


def _place(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(source, target)


async def keep(session: AsyncSession, root: Path, received: Received, file_key: str) -> None:
    """Move a judged upload into place under `file_key`; it goes again if the session rolls back."""
    target = path_of(root, file_key)
    files.remove_on_rollback(session, target)
    await asyncio.to_thread(_place, received.path, target)


def remove_on_commit(session: AsyncSession, root: Path, file_key: str) -> None:
    """Remove a deleted version's package once the deletion commits."""
    files.remove_on_commit(session, path_of(root, file_key))
