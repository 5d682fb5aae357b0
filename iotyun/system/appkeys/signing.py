"""How a call is signed with an app key (docs/api-system.md "Signing a call"): the one place that spells the
string to sign, shared by the server's check, the tests and the examples of /documentAppKey."""

import hashlib
import hmac
import re
import secrets

KEY_ID = re.compile(r"^ak_[0-9a-f]{24}$")
NONCE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
SIGNATURE = re.compile(r"^[0-9a-fA-F]{64}$")


def new_key_id() -> str:
    return "ak_" + secrets.token_hex(12)


def new_secret() -> str:
    """32 random bytes, shown once (`aks_…`)."""
    return "aks_" + secrets.token_urlsafe(32)


def signing_key(secret: str) -> str:
    """What the server keeps of a secret and what calls are signed with: its SHA-256, as hex."""
    return hashlib.sha256(secret.encode()).hexdigest()


def string_to_sign(method: str, path: str, query: str, timestamp: str, nonce: str, body: bytes) -> bytes:
    """METHOD, the path under /api, the query exactly as sent (without "?"), the timestamp (epoch ms), the nonce and
    the body's SHA-256 (hex, of b"" when there is none), one a line."""
    digest = hashlib.sha256(body).hexdigest()
    return f"{method.upper()}\n{path}\n{query}\n{timestamp}\n{nonce}\n{digest}".encode()


def sign(key_hex: str, method: str, path: str, query: str, timestamp: str, nonce: str, body: bytes) -> str:
    """X-Signature: the hex HMAC-SHA256 of the string to sign, keyed by the signing key's 32 bytes."""
    message = string_to_sign(method, path, query, timestamp, nonce, body)
    return hmac.new(bytes.fromhex(key_hex), message, hashlib.sha256).hexdigest()


def valid(
    key_hex: str, signature: str, method: str, path: str, query: str, timestamp: str, nonce: str, body: bytes
) -> bool:
    if not SIGNATURE.match(signature):
        return False
    expected = sign(key_hex, method, path, query, timestamp, nonce, body)
    return hmac.compare_digest(expected, signature.lower())
