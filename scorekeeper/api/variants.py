"""The variants and their options and bids."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask.views import MethodView

from scorekeeper.api.blueprint import Blueprint
from scorekeeper.api.docs import refusal
from scorekeeper.api.schemas.variants import VariantSchema
from scorekeeper.errors import NotFound
from scorekeeper.rules.base import REFEREES, Variant
from scorekeeper.rules.errors import UnknownVariant
from scorekeeper.rules.registry import find_variant, variants
from scorekeeper.rules.sentences import said
from scorekeeper.services.present import bid_view

blp = Blueprint("variants", __name__, url_prefix="/variants", uses_database=False,
                description="The games of the 500 family, their house rules and bids.")


def describe(variant: Variant) -> dict[str, Any]:
    """The variant as /variants shows it, its words in the request's language."""
    options = {}
    for spec in variant.option_specs:
        option = {k: v for k, v in asdict(spec).items() if k not in ("name", "checker")}
        options[spec.name] = {k: v for k, v in option.items()
                              if v is not None or k == "default"}
        options[spec.name]["description"] = said("option description", spec.description)
        if spec.label:
            options[spec.name]["label"] = said("option label", spec.label)
        if spec.null_label is not None:
            options[spec.name]["null_label"] = said("option choice", spec.null_label)
        if spec.choices is not None:
            options[spec.name]["choices"] = list(spec.choices)
        if spec.choice_labels is not None:
            options[spec.name]["choice_labels"] = [said("option choice", label)
                                                   for label in spec.choice_labels]
    low, high = variant.players
    bids = [bid_view(bid) for bid in variant.bids()]
    return {"key": variant.key, "name": said("variant name", variant.name),
            "description": said("variant description", variant.description),
            "players": {"min": low, "max": high}, "team_play": variant.team_play,
            "options": options, "bids": bids,
            "presets": [{"key": preset.key, "name": said("preset name", preset.name),
                         "description": said("preset description", preset.description),
                         "options": dict(preset.options)}
                        for preset in variant.presets],
            "family": variant.family,
            "forms": [{"players": sides * each, "sides": sides, "per_side": each,
                       "calls_partner": (sides, each) in variant.partner_forms}
                      for sides, each in variant.forms],
            "hand": asdict(variant.hand), "hand_fields": list(variant.hand_fields),
            "auction": bool(bids),
            "referees": [name for name in REFEREES if name in variant.referees]}


@blp.route("")
class Variants(MethodView):
    @blp.response(200, VariantSchema(many=True))
    @blp.doc(operationId="listVariants")
    def get(self) -> list[dict[str, Any]]:
        """List the variants

        Every variant the service scores, in listing order, each as GET /variants/{key} describes
        it: its family, the tables it seats, its house rules with their defaults, its bids and the
        fields its hands take. Anyone may call it; nothing needs a token.
        """
        return [describe(v) for v in variants()]


@blp.route("/<string:key>")
class OneVariant(MethodView):
    @blp.response(200, VariantSchema)
    @refusal(blp, 404, "No variant has this key")
    @blp.doc(operationId="readVariant")
    def get(self, key: str) -> dict[str, Any]:
        """Describe one variant: what it is, its options with their defaults, and its bids

        Everything a client needs to set up a game of it: the options POST /games accepts, the
        presets, the tables it seats (`forms`), its family and `hand_fields` (the hand body's
        schema), and the referees that judge it. Anyone may call it. 404 for an unknown key.
        """
        return describe(find_variant_or_404(key))


def find_variant_or_404(key: str) -> Variant:
    try:
        return find_variant(key)
    except UnknownVariant as unknown:
        raise NotFound(unknown.message) from None
