"""Build an iotyun gateway package of the agent (`iotyun gateway-package`, docs/gateway.md "Upgrades"): a gzip tar of
`iotyun-package.json` and `payload/iotyun/`, the iotyun Python package the agent runs from once installed. The
server's library takes it as a device-end version (docs/api-software.md "Packages")."""

import io
import json
import tarfile
from pathlib import Path

import iotyun

MANIFEST = "iotyun-package.json"
_SKIP_DIRS = {"__pycache__"}
_SKIP_SUFFIXES = {".pyc", ".pyo"}


def _files(source: Path) -> list[Path]:
    return sorted(
        p
        for p in source.rglob("*")
        if p.is_file() and not _SKIP_DIRS & set(p.relative_to(source).parts) and p.suffix not in _SKIP_SUFFIXES
    )


def build_package(
    out: Path,
    version: str,
    models: list[str],
    *,
    source: Path | None = None,
    replace: dict[str, bytes] | None = None,
) -> Path:
    """Write the package of `source` (default: the iotyun package this runs from) as `version` to `out`.
    `replace` swaps files of the payload by their path under it (`iotyun/gateway/agent.py`), for tests."""
    source = source or Path(iotyun.__file__).parent
    manifest: dict[str, object] = {"format": 1, "type": "device", "version": version}
    if models:
        manifest["models"] = models
    out.parent.mkdir(parents=True, exist_ok=True)
    extra: dict[str, bytes | None] = dict(replace or {})
    with tarfile.open(out, "w:gz") as tar:
        _add(tar, MANIFEST, json.dumps(manifest).encode())
        for path in _files(source):
            name = f"iotyun/{path.relative_to(source).as_posix()}"
            swapped = extra.pop(name, None)
            _add(tar, f"payload/{name}", path.read_bytes() if swapped is None else swapped)
        for name, data in extra.items():
            _add(tar, f"payload/{name}", data or b"")
    return out


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))
