"""Password and device-secret hashing never runs on the event loop (a burst of logins or gateway checks would
stall every request), and device secrets use the lighter OWASP argon2id parameters."""

import threading

import pytest
from argon2 import PasswordHasher, extract_parameters

from iotyun.core import security


async def test_hashing_and_checking_run_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    loop_thread = threading.get_ident()
    threads: list[int] = []
    real_hash, real_verify = security.hash_password_sync, security.verify_password_sync

    def spy_hash(password: str, *, device: bool = False) -> str:
        threads.append(threading.get_ident())
        return real_hash(password, device=device)

    def spy_verify(password_hash: str, password: str) -> bool:
        threads.append(threading.get_ident())
        return real_verify(password_hash, password)

    monkeypatch.setattr(security, "hash_password_sync", spy_hash)
    monkeypatch.setattr(security, "verify_password_sync", spy_verify)
    hashed = await security.hash_password("secret123")
    assert await security.verify_password(hashed, "secret123")
    assert not await security.verify_password(hashed, "secret124")
    assert len(threads) == 3 and loop_thread not in threads


@pytest.mark.production_argon2
async def test_device_secrets_use_owasp_parameters() -> None:
    device = extract_parameters(await security.hash_password("secret123", device=True))
    person = extract_parameters(await security.hash_password("secret123"))
    assert (device.memory_cost, device.time_cost, device.parallelism) == (19456, 2, 1)
    assert (person.memory_cost, person.time_cost, person.parallelism) == (65536, 3, 4)
    assert await security.verify_password(security.hash_password_sync("secret123", device=True), "secret123")


async def test_the_suite_hashes_cheaply_but_verifies_production_hashes() -> None:
    """The suite's cheap hasher (tests/conftest.py) still verifies a hash made with production parameters, as a
    database seeded by a production build would hold."""
    assert extract_parameters(await security.hash_password("secret123")).memory_cost == 8
    assert await security.verify_password(PasswordHasher().hash("secret123"), "secret123")
