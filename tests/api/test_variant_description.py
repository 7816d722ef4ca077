"""What a variant says it is, over HTTP: each real variant's description against expectations
written by hand from RULES.md, and a throwaway variant, registered for one test, played through
the API, the referee, the listing and a tournament without any other file knowing its key."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import registry
from scorekeeper.rules.variants import rummy
from tests.api.helpers import API, assert_error
from tests.api.tournament_helpers import TOURNAMENTS, create_body


def forms(*shapes: tuple[int, int], partner: tuple[int, int] | None = None
          ) -> list[dict[str, Any]]:
    """(sides, players per side) → the forms as served; at `partner` the bidder calls one."""
    return [{"players": sides * each, "sides": sides, "per_side": each,
             "calls_partner": (sides, each) == partner} for sides, each in shapes]


CONTRACT_HAND = ["bidder", "bid", "tricks", "passed_out", "calls"]
TEN_TRICKS = {"cards": 10, "tricks": 10, "points": None}
EXPECTED: dict[str, dict[str, Any]] = {
    "australian-500": {
        "family": "contract", "players": {"min": 3, "max": 6}, "team_play": True,
        # 4 as 2×2, 3 alone, 5 alone calling a partner, 6 as 2×3 or 3×2
        "forms": forms((2, 2), (3, 1), (5, 1), (2, 3), (3, 2), partner=(5, 1)),
        "hand": TEN_TRICKS, "hand_fields": [*CONTRACT_HAND, "partner"], "auction": True,
        "referees": ["trick", "auction"]},
    "quebec-500": {
        "family": "contract", "players": {"min": 4, "max": 4}, "team_play": True,
        "forms": forms((2, 2)), "hand": TEN_TRICKS, "hand_fields": CONTRACT_HAND,
        "auction": True, "referees": ["trick", "auction", "deal"]},
    "cinquecento": {
        "family": "card_points", "players": {"min": 2, "max": 4}, "team_play": True,
        "forms": forms((2, 2), (2, 1), (3, 1)),
        "hand": {"cards": None, "tricks": None, "points": 120},
        "hand_fields": ["points", "captured", "mariannas"], "auction": False,
        "referees": ["trick"]},
    "rummy-500": {
        "family": "rummy", "players": {"min": 2, "max": 8}, "team_play": False,
        "forms": forms(*((n, 1) for n in range(2, 9))),  # 2 to 8, each alone
        "hand": {"cards": 7, "tricks": None, "points": None}, "hand_fields": ["players"],
        "auction": False, "referees": ["meld"]},
}


def test_every_variant_has_its_expected_description(client: FlaskClient) -> None:
    listed = client.get(f"{API}/variants").get_json()
    assert {variant["key"] for variant in listed} == set(EXPECTED)
    for variant in listed:
        expected = EXPECTED[variant["key"]]
        assert {key: variant[key] for key in expected} == expected, variant["key"]
        assert client.get(f"{API}/variants/{variant['key']}").get_json() == variant
        assert bool(variant["bids"]) == variant["auction"]


# -- a throwaway variant ------------------------------------------------------------------------

# Rummy 500's pieces under another name: 3 to 6 players, jokers in by default.
WILD = replace(
    rummy.VARIANT, key="wild-rummy", name="Wild Rummy",
    description="Rummy 500 with the jokers in, for 3 to 6 players.",
    forms=tuple((n, 1) for n in range(3, 7)),
    option_specs=tuple(replace(spec, default=True) if spec.name == "jokers" else spec
                       for spec in rummy.OPTIONS))
PLAYERS = [{"name": name, "players": [name]} for name in ("Ann", "Bo", "Cy")]


@pytest.fixture
def wild(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "VARIANTS", (*registry.VARIANTS, WILD))


@pytest.mark.usefixtures("wild")
def test_a_new_variant_is_listed_with_its_description(client: FlaskClient) -> None:
    listed = {v["key"]: v for v in client.get(f"{API}/variants").get_json()}
    variant = client.get(f"{API}/variants/wild-rummy").get_json()
    assert listed["wild-rummy"] == variant
    assert {key: variant[key] for key in ("name", "family", "forms", "hand_fields", "auction",
                                          "referees", "players", "team_play")} == {
        "name": "Wild Rummy", "family": "rummy", "forms": forms(*((n, 1) for n in range(3, 7))),
        "hand_fields": ["players"], "auction": False, "referees": ["meld"],
        "players": {"min": 3, "max": 6}, "team_play": False}
    assert variant["options"]["jokers"]["default"] is True


@pytest.mark.usefixtures("wild")
def test_a_new_variant_is_played_through_the_api(client: FlaskClient) -> None:
    created = client.post(f"{API}/games", json={"variant": "wild-rummy", "sides": PLAYERS})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    assert game["options"]["jokers"] is True
    auth = {"Authorization": f"Bearer {game['token']}"}
    hand = {"players": [{"meld_points": 40, "hand_points": 0, "went_out": True},
                        {"meld_points": 20, "hand_points": 12},
                        {"meld_points": 0, "hand_points": 30}]}
    recorded = client.post(f"{API}/games/{game['id']}/hands", json=hand, headers=auth)
    assert recorded.status_code == 201, recorded.get_json()
    assert recorded.get_json()["deltas"] == [40, 8, -30]
    # A field the variant does not publish is refused by name.
    refused = client.post(f"{API}/games/{game['id']}/hands", json={**hand, "bid": "7H"},
                          headers=auth)
    assert "Wild Rummy hand" in assert_error(refused, 422, "bid")["message"]
    assert_error(client.post(f"{API}/games", json={"variant": "wild-rummy",
                                                    "sides": PLAYERS[:2]}), 422, "sides")
    assert client.get(f"{API}/games/{game['id']}/stats").status_code == 200


@pytest.mark.usefixtures("wild")
def test_a_new_variant_gets_its_referee_and_no_other(client: FlaskClient) -> None:
    meld = client.post(f"{API}/adjudicate/meld",
                       json={"variant": "wild-rummy", "cards": ["5C", "JK", "7C"]})
    assert meld.status_code == 200, meld.get_json()
    assert (meld.get_json()["valid"], meld.get_json()["kind"]) == (True, "run")
    refused = {
        "trick": {"contract": "7H", "plays": [{"seat": 0, "card": "AH"}]},
        "auction": {"dealer": 0, "calls": ["pass"]},
        "deal": {"cards": ["10S", "9S", "8C", "7C", "6D", "5D", "4H", "10H", "9D", "4S"]},
    }
    for what, body in refused.items():
        response = client.post(f"{API}/adjudicate/{what}", json={"variant": "wild-rummy", **body})
        message = assert_error(response, 422, "variant")["message"]
        assert message.startswith("Wild Rummy has no "), message


@pytest.mark.usefixtures("wild")
def test_rummy_tables_take_any_rummy_variant(client: FlaskClient) -> None:
    created = client.post(TOURNAMENTS, json=create_body(6, "rummy_tables", variant="wild-rummy"))
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["variant"] == "wild-rummy"
    assert_error(client.post(TOURNAMENTS, json=create_body(4, "quebec", variant="wild-rummy")),
                 422, "format")
