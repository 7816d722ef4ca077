"""Keeping an Idempotency-Key's reply without keeping its secrets.

A stored reply is found by the key's SHA-256, and every secret it issued (any `token` or
`…_token`, a `recovery_code`, a `secret`, wherever it sits in the body: a game's token, each
table's scorer token of a round) is kept XORed with a pad drawn from the key itself (SHAKE-256,
with the request's fingerprint as salt), and null in its place in the body. The database then
holds neither the key nor a secret: reading one back takes the Idempotency-Key, which only the
client that sent the request has. The secrets of one reply take consecutive stretches of the
key's one stream of pad, each where the one before it ended, so no byte of a pad is used twice.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
from typing import Any

Path = tuple[str | int, ...]  # where a secret sits in a body: keys and list indices


def is_secret(name: str) -> bool:
    """A field of a reply that gives access to something, shown to its request only."""
    return name in ("token", "recovery_code", "secret") or name.endswith("_token")


def key_hash(key: str) -> str:
    """How a stored reply is looked up: never the key itself."""
    return hashlib.sha256(b"scorekeeper idempotency key\x00" + key.encode()).hexdigest()


def withheld(body: Any) -> tuple[Any, list[tuple[Path, str]]]:
    """`body` with every secret replaced by null (so its fields keep their order), and the
    secrets with where each was, in the body's order."""
    found: list[tuple[Path, str]] = []

    def walk(value: Any, path: Path) -> Any:
        if isinstance(value, dict):
            kept: dict[str, Any] = {}
            for name, item in value.items():
                if isinstance(item, str) and is_secret(name):
                    found.append(((*path, name), item))
                    kept[name] = None
                else:
                    kept[name] = walk(item, (*path, name))
            return kept
        if isinstance(value, list):
            return [walk(item, (*path, index)) for index, item in enumerate(value)]
        return value

    return walk(body, ()), found


def restored(body: Any, secrets: list[tuple[Path, str]]) -> Any:
    """`body` (as `withheld` left it, or a copy) with each secret put back where it was."""
    for path, secret in secrets:
        holder = body
        for step in path[:-1]:
            holder = holder[step]
        holder[path[-1]] = secret
    return body


def seal(secrets: list[tuple[Path, str]], key: str, fingerprint: str) -> str | None:
    """The secrets sealed under `key`, as JSON text: [[path, sealed], ...]; None for none."""
    if not secrets:
        return None
    data = [secret.encode() for _, secret in secrets]
    pads = _pads(key, fingerprint, [len(d) for d in data])
    return json.dumps([[list(path), base64.b64encode(_xor(d, pad)).decode()]
                       for (path, _), d, pad in zip(secrets, data, pads, strict=True)],
                      separators=(",", ":"))


def unseal(sealed: str, key: str, fingerprint: str) -> list[tuple[Path, str]]:
    """The secrets `seal` sealed under `key`, with where each goes."""
    entries = json.loads(sealed)
    data = [base64.b64decode(text) for _, text in entries]
    pads = _pads(key, fingerprint, [len(d) for d in data])
    return [(tuple(path), _xor(d, pad).decode())
            for (path, _), d, pad in zip(entries, data, pads, strict=True)]


def _pads(key: str, fingerprint: str, sizes: list[int]) -> list[bytes]:
    """One stream of pad for the key, cut into consecutive stretches of `sizes`."""
    material = b"scorekeeper sealed token\x00" + fingerprint.encode() + b"\x00" + key.encode()
    stream = hashlib.shake_256(material).digest(sum(sizes))
    ends = list(itertools.accumulate(sizes))
    return [stream[end - size:end] for end, size in zip(ends, sizes, strict=True)]


def _xor(data: bytes, pad: bytes) -> bytes:
    return bytes(a ^ b for a, b in zip(data, pad, strict=True))
