"""The house rules a game plays by, as typed values: one frozen view per family, built once from
the game's resolved options, so the rules read attributes the type checker sees, not names.

The variants' OptionSpecs stay the one source of every option's name, default and values (GET
/variants serves them); a view only reads them back (tests/rules/test_house.py holds every
OptionSpec of every variant to exactly one attribute of its family's view, of the matching type).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal, Self

from scorekeeper.rules.base import OptionValue


@dataclass(frozen=True)
class HouseRules:
    """What every family's view shares: how it is read from a game's options."""

    @classmethod
    def from_mapping(cls, options: Mapping[str, OptionValue]) -> Self:
        """The view of a game's resolved options (every option its variant offers). An option of
        the family that the variant does not offer reads None: it is not played."""
        names = _NAMES.get(cls) or _NAMES.setdefault(cls, tuple(f.name for f in fields(cls)))
        values: dict[str, Any] = {name: options.get(name) for name in names}
        return cls(**values)


_NAMES: dict[type[HouseRules], tuple[str, ...]] = {}  # each view's attributes, read once


@dataclass(frozen=True)
class ContractOptions(HouseRules):
    """The contract games' options: Australian 500 offers them all, Quebec 500 all but the
    Five-Hundred++ extensions (rules/variants/australian.py)."""

    target: int
    lose_at: int | None
    win_on: Literal["any", "contract"]
    slam_bonus: bool
    defender_trick_points: int
    defender_cap: int | None
    misere: bool
    misere_rank: Literal["after-7", "by-value"]
    open_misere: bool
    blind_misere: bool
    double_nullo: bool
    patastrophe: bool
    hi_lo: bool
    j5: bool
    misere_defender_tricks: bool
    pass_out: Literal["redeal", "no-trump", "next-dealer", "dealer-must-bid"]
    ralphing: bool
    defender_share: bool
    partner_share: Literal["full", "half"]
    auction: Literal["australian", "american"]
    # Five-Hundred++: None where the variant does not offer them.
    low_misere: bool | None
    fractional_bidding: bool | None
    fractional_values: dict[str, Any] | None
    visible_kitty: bool | None
    megatrump: bool | None
    anti_megatrump: bool | None
    second_joker: bool | None


@dataclass(frozen=True)
class CardPointsOptions(HouseRules):
    """Cinquecento's options (rules/variants/cinquecento.py)."""

    target: int
    marianna_values: Literal["40-20", "40-60-80-100", "20-40-60-80"]
    marianna_changes_trump: bool
    deck: Literal["italian", "french"]


@dataclass(frozen=True)
class RummyOptions(HouseRules):
    """Rummy 500's options (rules/variants/rummy.py)."""

    target: int
    decks: Literal[1, 2] | None
    jokers: bool
    ace_low_points: Literal[15, 1]
    boathouse: bool
    layoff_needs_own_meld: bool
