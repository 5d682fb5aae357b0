"""Passwords (argon2), opaque tokens stored as hashes, and the Ed25519 request signatures of SPEC §7."""

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


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


def signing_message(pub_key: str, ts: str, ttl: str) -> bytes:
    return f"{pub_key}\n{ts}\n{ttl}".encode()


def sign(pri_key_hex: str, pub_key: str, ts: str, ttl: str) -> str:
    key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(pri_key_hex))
    return key.sign(signing_message(pub_key, ts, ttl)).hex()


def signature_valid(pub_key: str, ts: str, ttl: str, sig: str) -> bool:
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(pub_key))
        key.verify(bytes.fromhex(sig), signing_message(pub_key, ts, ttl))
    except (ValueError, InvalidSignature):
        return False
    return True
