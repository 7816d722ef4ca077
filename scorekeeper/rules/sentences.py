"""The one place a hand's reasons become sentences: a template per reason code, as data.

A template names its parameters in braces; after a colon, a phrase says how a value is said
(`tricks`: "no tricks", "1 trick", "3 tricks"; `signed`: "+20", "-40"; `and`: "A and B"; `who`:
the declarers as the explanation names them). Another language is another table of templates.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from scorekeeper.rules.reasons import Reason

TEMPLATES: Final[Mapping[str, str]] = {
    "contract_made": "{bid_name} made by {declarers:who}: +{points}",
    "contract_slam": "{bid_name} made by {declarers:who} with every trick: slam, +{slam} instead "
                     "of +{points}",
    "contract_failed": "{bid_name} failed by {declarers:who} ({taken} of {bid_tricks} tricks): "
                       "-{points}",
    "misere_made": "{bid_name} made by {declarers:who}: +{points}",
    "misere_failed": "{bid_name} failed by {declarers:who} ({taken:tricks} taken): -{points}",
    "hilo_made": "{bid_name} made by {declarers:who}, exactly 5 tricks: +{points}",
    "hilo_failed": "{bid_name} failed by {declarers:who} ({taken:tricks}, not 5): -{points}",
    "partner_half": "Bidder and partner score half the value each: {points:signed} each",
    "partner_whole": "Bidder and partner score the whole value each: {points:signed} each",
    "defenders_share": "The defenders took {tricks:tricks} together, and each scores them all "
                       "(defender_share)",
    "tricks_won": "{side} took {tricks:tricks}: +{points}",
    "tricks_won_capped": "{side} took {tricks:tricks}: {points:signed}, held under the defender "
                         "cap of {cap}",
    "tricks_shared": "{side} shares the defenders' {tricks:tricks}: +{points}",
    "tricks_shared_capped": "{side} shares the defenders' {tricks:tricks}: {points:signed}, held "
                            "under the defender cap of {cap}",
    "misere_no_defence": "Defenders score nothing against a misère",
    "ralphed": "{player} is ralphed and may not win the next auction",
    "passed_out": "Everybody passed: no score; the deal passes on",
    "passed_out_no_trumps": "Everybody passed: the hand was played at no-trumps, {trick_points} "
                            "points a trick",
    "passed_out_redeal": "Everybody passed: no score; {dealer} deals again (redeal {redeal} of "
                         "{redeals})",
    "passed_out_redeals_done": "Everybody passed after {redeals} redeals: no score; the deal "
                               "passes on",
    "card_points": "{side} took {points} card points: +{points}",
    "marianna": "Marianna of {suit} by {side}: +{points}",
    "marianna_trump": "Marianna of {suit} by {side}: +{points}; {suit} are trumps",
    "rummy_counted": "{player} melded {melded} and holds {held} in hand: {points:signed}",
    "rummy_cards": "{player} melded {melded}, laid off {laid_off} and holds {held} in hand: "
                   "{points:signed}",
    "went_out": "{player} went out",
    "reached_target": "{side} reached {target} and wins the game",
    "back_door": "{out:and} went out the back door; {side} wins the game",
    "level_at_target": "{sides:and} are level at {score}: play on",
    "as_recorded": "{sentence}",
}

# How the declarers are named: the bidder's side, with the partner's, or with the player alone.
WHO: Final[Mapping[str, str]] = {
    "side": "{side}",
    "partner": "{side} with partner {partner}",
    "alone": "{side} ({alone} alone)",
}


def signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"-{-points}"


def tricks_phrase(n: int) -> str:
    return "no tricks" if n == 0 else "1 trick" if n == 1 else f"{n} tricks"


def who(declarers: Mapping[str, Any]) -> str:
    form = ("partner" if declarers.get("partner") is not None else
            "alone" if declarers.get("alone") is not None else "side")
    return WHO[form].format(**declarers)


def joined(names: Sequence[str]) -> str:
    return " and ".join(names)


PHRASES: Final[Mapping[str, Callable[[Any], str]]] = {
    "tricks": tricks_phrase, "signed": signed, "who": who, "and": joined}


class _Phrasing(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        return PHRASES[format_spec](value) if format_spec else format(value)


_PHRASING = _Phrasing()


def render(reason: Reason) -> str:
    """The English sentence for one reason."""
    return _PHRASING.vformat(TEMPLATES[reason.code], (), dict(reason.params))


def render_all(reasons: Sequence[Reason]) -> tuple[str, ...]:
    return tuple(render(reason) for reason in reasons)


def told_as(reasons: Sequence[Reason], explanation: Sequence[str]) -> tuple[Reason, ...]:
    """Reasons for an explanation kept as it was written (an import, an old hand): the rules'
    own when they render to it, else each sentence word for word, so the two stay line for line."""
    if render_all(reasons) == tuple(explanation):
        return tuple(reasons)
    return tuple(Reason("as_recorded", {"sentence": line}) for line in explanation)
