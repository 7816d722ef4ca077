"""How big a game may grow: what an export can carry, so that every game stored can be exported
and imported back (POST /games/import), and the body that carries the largest one."""

from __future__ import annotations

# At most MAX_HANDS hands (fifty times a long game) and MAX_CHANGES history entries (each hand
# recorded, and corrections and undos twice over).
MAX_HANDS = 2_000
MAX_CHANGES = 3 * MAX_HANDS
# The largest hand of real play as an export writes it, about 2 KiB: Rummy 500 for 8 players
# listing their cards, with 60-character names; a history entry holds such a hand's input
# twice (before and after). The rest of an export (options, sides) takes far less than 256 KiB.
EXPORT_ITEM_BYTES = 2 * 1024
IMPORT_MAX_BYTES = (MAX_HANDS + MAX_CHANGES) * EXPORT_ITEM_BYTES + 256 * 1024


def history_room(changes: int, hands_played: int) -> int:
    """History lines a game may still add besides recording its remaining hands: every hand
    recorded adds one line, so that many stay kept for them (a correction takes one more, an
    undo two: its own and the hand it frees)."""
    return MAX_CHANGES - changes - (MAX_HANDS - hands_played)


# The longest Idempotency-Key a write takes (services/writes.py says so; the spec shows it).
MAX_IDEMPOTENCY_KEY = 200
