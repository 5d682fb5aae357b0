"""Where a brand image's bytes live: `<data dir>/brand/<first two key characters>/<key>.<ext>`, written once and
never changed (a new upload gets a new key), served at `URL_PREFIX<key>.<ext>` without a token (the login page shows
them before anyone signs in; the unguessable key is the right to read). The files follow the request's transaction
(core/files.py), as the gallery's do."""

import asyncio
import re
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import files
from iotyun.core.config import API_PREFIX
from iotyun.system.branding.models import FILE_KEY_LENGTH

URL_PREFIX = f"{API_PREFIX}/yun/individuation/file/"
FILE_NAME_RE = re.compile(rf"^([A-Za-z0-9_-]{{{FILE_KEY_LENGTH}}})\.(png|jpg|svg)$")
CACHE_CONTROL = "public, max-age=31536000, immutable"
# A served SVG (sanitised on upload) may draw and style itself and nothing else, even opened alone.
SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"


def url_of(file_key: str, ext: str) -> str:
    return f"{URL_PREFIX}{file_key}.{ext}"


def path_of(root: Path, file_key: str, ext: str) -> Path:
    return root / file_key[:2] / f"{file_key}.{ext}"


async def write(session: AsyncSession, root: Path, file_key: str, ext: str, data: bytes) -> None:
    """Store an upload's bytes; they go again if the session rolls back."""
    path = path_of(root, file_key, ext)
    await asyncio.to_thread(files.write_atomically, path, data)
    files.remove_on_rollback(session, path)


def remove_on_commit(session: AsyncSession, root: Path, file_key: str, ext: str) -> None:
    """Remove a dropped image's bytes once the session commits."""
    files.remove_on_commit(session, path_of(root, file_key, ext))
