"""Passwords (argon2), opaque tokens stored as hashes, and the Ed25519 request signatures of SPEC §7."""

import asyncio
import hashlib
import hmac
import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat

_hasher = PasswordHasher()
# Device secrets are checked whenever a gateway fetches its configuration or its broker account is refreshed, and
# hashed for every row of a device import: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane, ~15 ms here)
# rather than the library's 64 MiB × 3 × 4 (~100–200 ms) kept for people's passwords. A hash carries its own
# parameters, so either verifies with the same call.
_device_hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
# Hashing is CPU and memory bound: it runs in worker threads (argon2 releases the GIL), at most this many at once,
# so a burst of logins or gateway checks never stalls the event loop nor exhausts memory.
_SLOTS = 2
_slots: asyncio.Semaphore | None = None


def _slot() -> asyncio.Semaphore:
    global _slots
    if _slots is None:
        _slots = asyncio.Semaphore(_SLOTS)
    return _slots


def hash_password_sync(password: str, *, device: bool = False) -> str:
    """For command-line work (seeding, provisioning); request paths use `hash_password`."""
    return (_device_hasher if device else _hasher).hash(password)


def verify_password_sync(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


async def hash_password(password: str, *, device: bool = False) -> str:
    """An argon2id hash of a password (or, with `device`, a gateway's secret), computed off the event loop."""
    async with _slot():
        return await asyncio.to_thread(hash_password_sync, password, device=device)


async def verify_password(password_hash: str, password: str) -> bool:
    """Whether `password` matches `password_hash`, checked off the event loop."""
    async with _slot():
        return await asyncio.to_thread(verify_password_sync, password_hash, password)


def digest(value: str) -> str:
    """SHA-256 hex of a secret that is stored only hashed (tokens, codes, captcha answers, signatures)."""
    return hashlib.sha256(value.encode()).hexdigest()


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_numeric_code(length: int) -> str:
    return "".join(secrets.choice("0123456789") for _ in range(length))


def new_keypair() -> tuple[str, str]:
    """(public, private) Ed25519 keys as hex: the session's signing pair handed out at login."""
    key = Ed25519PrivateKey.generate()
    pub = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    pri = key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()).hex()
    return pub, pri


# SIG and PubKey travel as hex; exactly this and nothing else (bytes.fromhex would also take spaces).
_SIG_HEX = re.compile(r"^[0-9a-fA-F]{128}$")
_KEY_HEX = re.compile(r"^[0-9a-fA-F]{64}$")


def body_digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def signing_message(pub_key: str, ts: str, ttl: str, method: str, path: str, body: bytes) -> bytes:
    """What SIG signs (docs/security.md): PubKey, TS, TTL, the method, the path under /api and the body's SHA-256."""
    return f"{pub_key}\n{ts}\n{ttl}\n{method.upper()}\n{path}\n{body_digest(body)}".encode()


def sign(pri_key_hex: str, pub_key: str, ts: str, ttl: str, method: str, path: str, body: bytes) -> str:
    key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(pri_key_hex))
    return key.sign(signing_message(pub_key, ts, ttl, method, path, body)).hex()


def signature_key(sig: str) -> str | None:
    """The one spelling of a well-formed SIG (lower-case hex), by which it is used up; None when malformed."""
    return sig.lower() if _SIG_HEX.match(sig) else None


def signature_valid(pub_key: str, ts: str, ttl: str, sig: str, method: str, path: str, body: bytes) -> bool:
    if not (_SIG_HEX.match(sig) and _KEY_HEX.match(pub_key)):
        return False
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(pub_key))
        key.verify(bytes.fromhex(sig), signing_message(pub_key, ts, ttl, method, path, body))
    except (ValueError, InvalidSignature):
        return False
    return True
