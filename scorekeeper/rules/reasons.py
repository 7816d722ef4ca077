"""Why a game ended, as stable codes (the spec's enum of `end_reason`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

# Every way a game can end: its code (what a client acts on) and what it means. The code is set
# by the rules when the game finishes and stored in the state; it never changes meaning.
END_REASONS: Final[Mapping[str, str]] = MappingProxyType({
    "target": "a side reached the target score (option target) and won; of several at or above "
              "it the highest wins, and a tie at the top plays on (Cinquecento, Rummy 500)",
    "back_door": "a side fell to option lose_at and went out the back door, and the side "
                 "standing highest won (contract games)",
})
