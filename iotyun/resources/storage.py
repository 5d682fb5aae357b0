"""Where an image's bytes live: `<data dir>/gallery/<first two key characters>/<key>.<ext>`, written once and never
changed (a new upload gets a new key), so they may be cached for a year."""

import asyncio
import re
from pathlib import Path

from iotyun.core.config import API_PREFIX
from iotyun.resources.models import FILE_KEY_LENGTH

URL_PREFIX = f"{API_PREFIX}/yun/resourcesInfo/file/"
# A file name as served: the key and the type; anything else is never looked up (no path can be built from it).
FILE_NAME_RE = re.compile(rf"^([A-Za-z0-9_-]{{{FILE_KEY_LENGTH}}})\.(png|jpg)$")
CACHE_CONTROL = "public, max-age=31536000, immutable"


def url_of(file_key: str, ext: str) -> str:
    return f"{URL_PREFIX}{file_key}.{ext}"


def path_of(root: Path, file_key: str, ext: str) -> Path:
    return root / file_key[:2] / f"{file_key}.{ext}"


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".part")
    tmp.write_bytes(data)
    tmp.replace(path)


async def write(root: Path, file_key: str, ext: str, data: bytes) -> None:
    await asyncio.to_thread(_write, path_of(root, file_key, ext), data)


async def remove(root: Path, file_key: str, ext: str) -> None:
    await asyncio.to_thread(path_of(root, file_key, ext).unlink, missing_ok=True)
