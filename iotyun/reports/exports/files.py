"""Where the export centre keeps its files: `<data dir>/exports/<tenant>/<job id>.xlsx`, written whole (a temporary
file renamed into place, 0600) and removed with their job."""

import contextlib
import os
from pathlib import Path

from iotyun.core.config import Settings


def path(settings: Settings, tenant_id: int, job_id: int) -> Path:
    return Path(settings.data_dir) / "exports" / str(tenant_id) / f"{job_id}.xlsx"


def write(target: Path, content: bytes) -> None:
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    part = target.with_suffix(".part")
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(content)
    part.replace(target)


def read(target: Path) -> bytes | None:
    try:
        return target.read_bytes()
    except FileNotFoundError:
        return None


def remove(target: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        target.unlink()
