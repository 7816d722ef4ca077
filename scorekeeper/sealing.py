"""Keeping an Idempotency-Key's reply without keeping its secrets.

A stored reply is found by the key's SHA-256, and a token it issued is stored XORed with a pad
drawn from the key itself (SHAKE-256, with the request's fingerprint as salt). The database then
holds neither the key nor the token: reading the token back takes the Idempotency-Key, which only
the client that sent the request has. Each key seals one token, so a pad is never reused.
"""

from __future__ import annotations

import base64
import hashlib


def key_hash(key: str) -> str:
    """How a stored reply is looked up: never the key itself."""
    return hashlib.sha256(b"scorekeeper idempotency key\x00" + key.encode()).hexdigest()


def _pad(key: str, fingerprint: str, size: int) -> bytes:
    material = b"scorekeeper sealed token\x00" + fingerprint.encode() + b"\x00" + key.encode()
    return hashlib.shake_256(material).digest(size)


def seal(token: str, key: str, fingerprint: str) -> str:
    data = token.encode()
    pad = _pad(key, fingerprint, len(data))
    return base64.b64encode(bytes(a ^ b for a, b in zip(data, pad, strict=True))).decode()


def unseal(sealed: str, key: str, fingerprint: str) -> str:
    data = base64.b64decode(sealed)
    pad = _pad(key, fingerprint, len(data))
    return bytes(a ^ b for a, b in zip(data, pad, strict=True)).decode()
