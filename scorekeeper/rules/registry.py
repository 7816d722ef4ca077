"""The variants the service knows, in the order they are listed."""

from __future__ import annotations

from scorekeeper.rules.base import Variant
from scorekeeper.rules.errors import UnknownVariant
from scorekeeper.rules.variants.australian import VARIANT as AUSTRALIAN_500
from scorekeeper.rules.variants.cinquecento import VARIANT as CINQUECENTO
from scorekeeper.rules.variants.quebec import VARIANT as QUEBEC_500
from scorekeeper.rules.variants.rummy import VARIANT as RUMMY_500

VARIANTS: tuple[Variant, ...] = (AUSTRALIAN_500, QUEBEC_500, CINQUECENTO, RUMMY_500)


def variants() -> tuple[Variant, ...]:
    """Every variant, in the order they are listed (read at call time, so a test may add one)."""
    return VARIANTS


def find_variant(key: str) -> Variant:
    """Return the variant with this key, or raise UnknownVariant naming the known ones."""
    for variant in VARIANTS:
        if variant.key == key:
            return variant
    raise UnknownVariant("unknown_variant", "variant", key=key,
                         known=[variant.key for variant in VARIANTS])
