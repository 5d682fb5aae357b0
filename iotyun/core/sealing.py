"""Short secrets sealed at rest (a forward target's password or token, docs/api-automations.md "Target"): Fernet
(AES-128-CBC with HMAC-SHA256, cryptography's), so the database alone never gives them away.

The key is the setting `seal_key` (IOTYUN_SEAL_KEY, a Fernet key). Unset, a key is made once in
`<data dir>/seal.key` (mode 0600) and read from there afterwards. Several servers on several hosts must share one key:
set IOTYUN_SEAL_KEY on all of them (docs/operations.md). Nothing here logs a secret, sealed or not."""

import os
import threading
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

from iotyun.core.config import Settings

KEY_FILE = "seal.key"
_lock = threading.Lock()
_keys: dict[tuple[str, str], Fernet] = {}


class SealError(ValueError):
    """A sealed value that does not open with this server's key (another key, or not sealed here). Its text never
    holds the value."""


def _file_key(path: Path) -> bytes:
    """The key kept in `path`, made there first (mode 0600, created exclusively: two processes starting together keep
    one)."""
    try:
        return path.read_bytes().strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = Fernet.generate_key()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_bytes().strip()
    with os.fdopen(fd, "wb") as out:
        out.write(key)
    return key


def _fernet(settings: Settings) -> Fernet:
    configured = settings.seal_key.strip()
    cache_key = (configured, "" if configured else str(settings.data_dir.resolve()))
    with _lock:
        found = _keys.get(cache_key)
        if found is None:
            raw = configured.encode() if configured else _file_key(settings.data_dir / KEY_FILE)
            try:
                found = Fernet(raw)
            except ValueError:
                raise SealError("the seal key is not a Fernet key (IOTYUN_SEAL_KEY or <data dir>/seal.key)") from None
            _keys[cache_key] = found
        return found


def seal(value: str, settings: Settings) -> str:
    """`value` sealed (ASCII text); "" stays "" (no secret)."""
    if not value:
        return ""
    return _fernet(settings).encrypt(value.encode()).decode("ascii")


def unseal(sealed: str, settings: Settings) -> str:
    """The value `seal` sealed; "" for "". SealError when it does not open with this server's key."""
    if not sealed:
        return ""
    try:
        return _fernet(settings).decrypt(sealed.encode("ascii")).decode()
    except (InvalidToken, UnicodeError):
        raise SealError("a sealed secret does not open with this server's seal key") from None
