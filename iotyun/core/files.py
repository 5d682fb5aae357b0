"""Files that follow a session's transaction: bytes written for a request are removed again when it rolls back, and
the bytes of something deleted are removed only once the deletion commits, so a failed request leaves neither a row
without its file nor (for long) a file without its row. The gallery (resources/storage.py) and the software library
(software/storage.py) keep their files this way."""

import logging
import shutil
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

log = logging.getLogger("iotyun.files")

# session.info keys: files to remove when the session's transaction commits, and when it rolls back.
_ON_COMMIT = "files_remove_on_commit"
_ON_ROLLBACK = "files_remove_on_rollback"


def remove_on_rollback(session: AsyncSession, path: Path) -> None:
    """Remove `path` (a file or a folder) if the session's transaction rolls back."""
    session.info.setdefault(_ON_ROLLBACK, []).append(path)


def remove_on_commit(session: AsyncSession, path: Path) -> None:
    """Remove `path` (a file or a folder) once the session's transaction commits."""
    session.info.setdefault(_ON_COMMIT, []).append(path)


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` at `path` through a `.part` file beside it, so a reader never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".part")
    tmp.write_bytes(data)
    tmp.replace(path)


def unlink_all(paths: list[Path]) -> None:
    for path in paths:
        try:
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink(missing_ok=True)
        except OSError:  # the answer is sent already; a file left over is only space
            log.exception("file %s not removed", path)


@event.listens_for(Session, "after_commit")
def _on_commit(session: Session) -> None:
    # A savepoint's release commits nothing yet.
    if session.in_nested_transaction():
        return
    session.info.pop(_ON_ROLLBACK, None)
    unlink_all(session.info.pop(_ON_COMMIT, []))


@event.listens_for(Session, "after_rollback")
def _on_rollback(session: Session) -> None:
    if session.in_nested_transaction():
        return
    session.info.pop(_ON_COMMIT, None)
    unlink_all(session.info.pop(_ON_ROLLBACK, []))
