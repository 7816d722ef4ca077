"""A tournament's recovery code: made to be copied by hand and typed back, stored hashed."""

from __future__ import annotations

import secrets

from scorekeeper.services.writes import hash_token

# Letters only, none that reads as another (no I, no O): 16 of 24 letters, about 73 bits, in
# four groups of four a person copies by hand and types back.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_GROUPS, CODE_GROUP = 4, 4


def new_recovery_code() -> str:
    return "-".join("".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_GROUP))
                    for _ in range(CODE_GROUPS))


def recovery_hash(code: str) -> str:
    """The code as stored: its letters alone, upper case (spaces, dashes and case as typed
    do not matter)."""
    return hash_token("recovery " + "".join(c for c in code.upper() if "A" <= c <= "Z"))
