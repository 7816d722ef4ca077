"""Card notation shared by the variants."""

from __future__ import annotations

# Suits in bidding order (lowest first), as in the Avondale table.
SUITS: tuple[str, ...] = ("S", "C", "D", "H")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
SUIT_NAMES: dict[str, str] = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
