"""Who may do what in a club: its admin token, its member token, or nobody (a reader of a
public club's ledger, or of nothing at all in a private one). Every club service and list asks
here, so that one rule decides it."""

from __future__ import annotations

import hmac
from typing import Literal

from scorekeeper.i18n import say
from scorekeeper.models import Club, Player
from scorekeeper.services.writes import hash_token

Role = Literal["admin", "member"]


def club_role(club: Club, token: str | None) -> Role | None:
    """The role a token gives in this club, compared in constant time."""
    if not token:
        return None
    hashed = hash_token(token)
    if hmac.compare_digest(hashed, club.token_hash):
        return "admin"
    if hmac.compare_digest(hashed, club.member_token_hash):
        return "member"
    return None


def may_read_ledger(club: Club, token: str | None) -> bool:
    """A public club's ledger (players, games in lists, seasons) reads without a token; a private
    one's only with one of its own tokens. A game itself stays readable by id either way."""
    return club.public or club_role(club, token) is not None


def short_name(name: str) -> str:
    """A name as public views show it: the first word and the last word's initial ("Marie
    Bouchard" → "Marie B."); a one-word name as it is."""
    words = name.split()
    if len(words) < 2:
        return name.strip()
    return f"{words[0]} {words[-1][0]}."


def display_name(player: Player, viewer_role: Role | None) -> str | None:
    """A player's name as this viewer may see it: the whole name to the club's own tokens; to
    anyone else "First L." (visibility "public"), the whole name ("full"), or None ("hidden":
    never listed; a history shows it as "a guest", see in_history)."""
    if viewer_role is not None or player.visibility == "full":
        return player.name
    if player.visibility == "hidden":
        return None
    return short_name(player.name)


def in_history(player: Player, viewer_role: Role | None) -> str:
    """A player's name where another's history mentions them: a hidden one is "a guest", in the
    reader's language."""
    shown = display_name(player, viewer_role)
    return say("a guest") if shown is None else shown
