"""House rules in words: every option of every variant has a label and an explanation a player
understands, the choices in words, and presets for common tables that each validate under their
variant and start a game."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant, variants
from tests.api.helpers import API
from tests.helpers import TWO_SIDES

KEYS = [variant.key for variant in variants()]
# What a developer writes and a player never says.
JARGON = re.compile(r"\bnull\b|\btrue\b|\bfalse\b|'[a-z0-9-]+'|options?\.|_|\bMIS\b|\bBMIS\b")


@pytest.mark.parametrize("key", KEYS)
def test_every_option_has_a_label_and_plain_words(client: FlaskClient, key: str) -> None:
    variant = client.get(f"{API}/variants/{key}").get_json()
    labels = set()
    for name, option in variant["options"].items():
        label, description = option["label"], option["description"]
        assert label.strip() and len(label) <= 48, (name, label)
        assert "_" not in label and label != name, (name, label)
        assert label[0].isupper(), (name, label)
        labels.add(label)
        if option["type"] != "table":  # the fractional table's description shows its JSON form
            assert not JARGON.search(description), (name, description)
        if "choices" in option:
            assert len(option["choice_labels"]) == len(option["choices"]), name
            assert all(words.strip() for words in option["choice_labels"]), name
        if option.get("nullable"):
            assert option["null_label"].strip(), name
    assert len(labels) == len(variant["options"]), "two options share a label"


def test_the_labels_players_know(client: FlaskClient) -> None:
    options = client.get(f"{API}/variants/australian-500").get_json()["options"]
    assert options["lose_at"]["label"] == "Out the back door at"
    assert options["lose_at"]["null_label"] == "Never"
    assert options["pass_out"]["choice_labels"] == [
        "Same dealer deals again", "Play it at no-trumps", "Next dealer deals", "Dealer must bid"]
    assert options["win_on"]["label"] == "Reaching the target"
    assert options["misere"]["label"] == "Misère"


def test_the_listing_and_one_variant_agree(client: FlaskClient) -> None:
    for variant in client.get(f"{API}/variants").get_json():
        one = client.get(f"{API}/variants/{variant['key']}").get_json()
        assert one["presets"] == variant["presets"]
        assert {name: o["label"] for name, o in one["options"].items()} == \
            {name: o["label"] for name, o in variant["options"].items()}


@pytest.mark.parametrize("key", KEYS)
def test_every_preset_validates_under_its_variant(key: str) -> None:
    variant = find_variant(key)
    assert len(variant.presets) >= 2, key
    assert len({preset.key for preset in variant.presets}) == len(variant.presets)
    for preset in variant.presets:
        assert preset.name.strip() and preset.description.strip()
        assert re.fullmatch(r"[a-z0-9-]+", preset.key), preset.key
        try:
            resolved = variant.resolve_options(preset.options)
        except RuleViolation as refused:  # pragma: no cover - the message is the point
            pytest.fail(f"{key} preset {preset.key}: {refused}")
        assert {name: resolved[name] for name in preset.options} == dict(preset.options)


def test_the_named_presets_are_there(client: FlaskClient) -> None:
    names = {v["key"]: {p["key"]: p for p in v["presets"]}
             for v in client.get(f"{API}/variants").get_json()}
    assert names["australian-500"]["avondale"]["name"] == "Avondale standard"
    starter = names["australian-500"]["five-hundred-plus-plus"]
    assert starter["name"] == "Five-Hundred++ starter"
    assert names["quebec-500"]["quebec-club"]["name"] == "Quebec club"
    assert names["quebec-500"]["quebec-club"]["options"]["target"] == 1000
    assert names["cinquecento"] and names["rummy-500"]


@pytest.mark.parametrize("key", KEYS)
def test_a_game_starts_under_every_preset(client: FlaskClient, key: str) -> None:
    variant = client.get(f"{API}/variants/{key}").get_json()
    form = variant["forms"][0]
    sides = TWO_SIDES if (form["sides"], form["per_side"]) == (2, 2) else [
        {"name": f"P{n}", "players": [f"P{n}"]} for n in range(form["sides"])]
    for preset in variant["presets"]:
        created = client.post(f"{API}/games", json={"variant": key, "sides": sides,
                                                    "options": preset["options"]})
        assert created.status_code == 201, (preset["key"], created.get_json())
        game = created.get_json()
        for name, value in preset["options"].items():
            assert game["options"][name] == value, (preset["key"], name)


def test_the_five_hundred_plus_plus_starter_follows_the_seeds_advice(
        client: FlaskClient) -> None:
    """Seed 001 advises starting with the partially visible kitty and five-card-kitty fractional
    bidding, and nothing else (RULES.md, decisions of 2026-11-27)."""
    variant = client.get(f"{API}/variants/australian-500").get_json()
    starter = next(p for p in variant["presets"] if p["key"] == "five-hundred-plus-plus")
    assert starter["options"] == {"visible_kitty": True, "fractional_bidding": True}
    description = starter["description"]
    assert not [key for key in variant["options"] if key in description]
    assert not re.search(r"[a-z]_[a-z]", description)
    assert "kitty" in description and "fractional" in description.lower()
    game = client.post(f"{API}/games", json={"variant": "australian-500", "sides": TWO_SIDES,
                                             "options": starter["options"]}).get_json()
    codes = [bid["code"] for bid in client.get(f"{API}/games/{game['id']}/bids").get_json()]
    assert "6.3H" in codes and "MIS" in codes
    ruling = client.post(f"{API}/adjudicate/auction", json={
        "variant": "australian-500", "options": starter["options"], "dealer": 3,
        "calls": ["6.0S", "7.1H"]}).get_json()
    assert ruling["legal"] and ruling["kitty_face_up"] == 1
