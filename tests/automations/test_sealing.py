"""Short secrets sealed at rest (core/sealing.py): a round trip, "" kept "", the key from IOTYUN_SEAL_KEY or a key file
made once with mode 0600, another key refused without the value in the error."""

import stat
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from iotyun.core import sealing
from iotyun.core.config import Settings

SECRET = "pw-Sup3r-s3cret!"


def test_round_trip_with_a_key_file_made_once(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    sealed = sealing.seal(SECRET, settings)
    assert SECRET not in sealed and sealed != SECRET
    assert sealing.unseal(sealed, settings) == SECRET
    key_file = tmp_path / sealing.KEY_FILE
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    kept = key_file.read_bytes()
    # Another process (no cache) takes the same file, and opens what the first sealed.
    sealing._keys.clear()
    assert sealing.unseal(sealed, settings) == SECRET
    assert sealing.seal("other", settings) != "" and key_file.read_bytes() == kept
    # Each sealing differs (a fresh IV), both open.
    assert sealing.seal(SECRET, settings) != sealed


def test_nothing_sealed_is_nothing(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    assert sealing.seal("", settings) == ""
    assert sealing.unseal("", settings) == ""
    assert not (tmp_path / sealing.KEY_FILE).exists()


def test_the_configured_key_wins_and_another_key_is_refused(tmp_path: Path) -> None:
    key = Fernet.generate_key().decode()
    configured = Settings(data_dir=tmp_path, seal_key=key)
    sealed = sealing.seal(SECRET, configured)
    assert not (tmp_path / sealing.KEY_FILE).exists()
    assert Fernet(key.encode()).decrypt(sealed.encode()).decode() == SECRET
    other = Settings(data_dir=tmp_path, seal_key=Fernet.generate_key().decode())
    with pytest.raises(sealing.SealError) as refused:
        sealing.unseal(sealed, other)
    assert SECRET not in str(refused.value) and sealed not in str(refused.value)
    with pytest.raises(sealing.SealError):
        sealing.seal(SECRET, Settings(data_dir=tmp_path, seal_key="not a fernet key"))
