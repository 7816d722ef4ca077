"""Five-handed australian-500 through the API: a game played hand by hand, its refusals, its
statistics, and the referees at five.

Numbers are worked out by hand from RULES.md: the Avondale table (7♥ 200, 8♠ 240, 6NT 120, misère
250), the bidder and the called partner each score the value (or half of it), defenders 10 a
trick of their own. Seats: Ann 0, Bo 1, Cy 2, Di 3, Ed 4.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.helpers import API, Game, assert_error, five_handed, snapshot

AVONDALE = {f"{n}{d}": 40 + 20 * i + 100 * (n - 6)
            for n in range(6, 11) for i, d in enumerate(("S", "C", "D", "H", "NT"))}


def test_the_variant_says_five_can_sit(client: FlaskClient) -> None:
    body = client.get(f"{API}/variants/australian-500").get_json()
    assert {"players": 5, "sides": 5, "per_side": 1, "calls_partner": True} in body["forms"]
    assert {"players": 4, "sides": 2, "per_side": 2, "calls_partner": False} in body["forms"]
    assert body["players"]["min"] <= 5 <= body["players"]["max"]
    options = body["options"]
    assert options["partner_share"]["default"] == "full"
    assert options["partner_share"]["choices"] == ["full", "half"]
    assert options["defender_share"] == {**options["defender_share"], "type": "boolean",
                                         "default": False}
    assert "five" in options["partner_share"]["description"].lower()
    assert "defenders took together" in options["defender_share"]["description"]


def test_a_five_handed_game_played_through(client: FlaskClient) -> None:
    game = five_handed(client)
    assert game.state()["scores"] == [0, 0, 0, 0, 0]
    # 1. Ann calls Cy, 7♥ (200) made with 4 + 3: each +200; Bo, Di, Ed 1 each: +10.
    first = game.record({"bidder": 0, "bid": "7H", "partner": 2, "tricks": [4, 1, 3, 1, 1]})
    assert first.status_code == 201, first.get_json()
    body = first.get_json()
    assert body["partner"] == 2 and body["tricks"] == [4, 1, 3, 1, 1]
    assert body["deltas"] == [200, 10, 200, 10, 10]
    assert "7♥ made by Ann with partner Cy: +200" in body["explanation"]
    # 2. Bo alone, 6NT (120) with 5: -120; Ann 2, Cy 1, Di 1, Ed 1.
    second = game.record({"bidder": 1, "bid": "6NT", "partner": None, "tricks": [2, 5, 1, 1, 1]})
    assert second.status_code == 201, second.get_json()
    assert second.get_json()["partner"] is None
    assert second.get_json()["deltas"] == [20, -120, 10, 10, 10]
    # 3. Di misère alone, no tricks: +250, nobody else scores.
    third = game.record({"bidder": 3, "bid": "MIS", "partner": None, "tricks": [3, 3, 2, 0, 2]})
    assert third.get_json()["deltas"] == [0, 0, 0, 250, 0]
    # 4. Ed calls Ann, 8♠ (240) made with 3 + 5: Ann reaches 460, Ed 260.
    fourth = game.record({"bidder": 4, "bid": "8S", "partner": 0, "tricks": [5, 1, 1, 0, 3]})
    assert fourth.get_json()["deltas"] == [240, 10, 10, 0, 240]
    state = game.state()
    assert state["scores"] == [460, -100, 220, 270, 260]
    assert (state["dealer"], state["hands_played"], state["status"]) == (4, 4, "in_progress")
    # 5. Cy calls Ann, 6♠ (40) made: Ann 500 wins (the bidder Cy has 260).
    fifth = game.record({"bidder": 2, "bid": "6S", "partner": 0, "tricks": [3, 1, 3, 2, 1]})
    assert fifth.get_json()["deltas"] == [40, 10, 40, 20, 10]
    state = game.state()
    assert (state["status"], state["winner"], state["scores"]) == (
        "finished", 0, [500, -90, 260, 290, 270])
    listed = game.hands()
    assert [h["partner"] for h in listed] == [2, None, None, 0, 0]

    stats = client.get(f"{game.url}/stats").get_json()
    by_seat = {p["seat"]: p for side in stats["sides"] for p in side["players"]}
    # Bids count for the bidder alone; a made contract counts as a hand won for both partners.
    assert by_seat[0]["bids"]["won"] == 1 and by_seat[0]["bids"]["made"] == 1
    assert by_seat[2]["bids"]["won"] == 1 and by_seat[4]["bids"]["won"] == 1
    assert by_seat[1]["bids"] == {"won": 1, "made": 0, "failed": 1, "slams": 0, "by_bid": [
        {"bid": "6NT", "name": "6NT", "kind": "trumps", "level": 6, "suit": "NT", "won": 1,
         "made": 0, "failed": 1}]}
    assert [by_seat[s]["hands_won"] for s in range(5)] == [4, 0, 2, 1, 1]
    assert [side["score"] for side in stats["sides"]] == [500, -90, 260, 290, 270]


def test_partner_share_half(client: FlaskClient) -> None:
    game = five_handed(client, {"partner_share": "half"})
    made = game.record({"bidder": 0, "bid": "7H", "partner": 2, "tricks": [4, 1, 3, 1, 1]})
    assert made.get_json()["deltas"] == [100, 10, 100, 10, 10]
    alone = game.record({"bidder": 1, "bid": "7H", "partner": None, "tricks": [1, 6, 1, 1, 1]})
    assert alone.get_json()["deltas"] == [10, -200, 10, 10, 10]


BAD_HANDS = [
    ({"bidder": 0, "bid": "MIS", "partner": 2, "tricks": [0, 3, 3, 2, 2]}, {}, "partner"),
    ({"bidder": 0, "bid": "OMIS", "partner": 2, "tricks": [0, 3, 3, 2, 2]}, {}, "partner"),
    ({"bidder": 0, "bid": "HILO", "partner": 1, "tricks": [5, 2, 1, 1, 1]}, {"hi_lo": True},
     "partner"),
    ({"bidder": 0, "bid": "BMIS", "partner": 1, "tricks": [0, 2, 3, 3, 2]},
     {"blind_misere": True}, "partner"),
    ({"bidder": 1, "bid": "7H", "partner": 1, "tricks": [1, 7, 1, 1, 0]}, {}, "partner"),
    ({"bidder": 1, "bid": "7H", "partner": 5, "tricks": [1, 4, 3, 1, 1]}, {}, "partner"),
    ({"bidder": 1, "bid": "7H", "partner": -1, "tricks": [1, 4, 3, 1, 1]}, {}, "partner"),
    ({"bidder": 1, "bid": "7H", "partner": "2", "tricks": [1, 4, 3, 1, 1]}, {}, "partner"),
    ({"bidder": 1, "bid": "7H", "tricks": [1, 7, 1, 1, 0]}, {}, "partner"),
    ({"bidder": 1, "bid": "7H", "partner": 2, "tricks": [1, 4, 3, 1, 0]}, {}, "tricks"),
    ({"bidder": 1, "bid": "7H", "partner": 2, "tricks": [1, 4, 3, 1, 2]}, {}, "tricks"),
    ({"bidder": 1, "bid": "7H", "partner": 2, "tricks": [1, 4, 3, 2]}, {}, "tricks"),
    ({"bidder": 0, "bid": "DNUL", "partner": None, "tricks": [0, 3, 3, 2, 2]},
     {"double_nullo": True}, "bid"),
    ({"bidder": 0, "bid": "PAT", "partner": 2, "tricks": [0, 3, 3, 2, 2]},
     {"patastrophe": True}, "bid"),
    ({"passed_out": True, "partner": None}, {}, "partner"),
]


@pytest.mark.parametrize(("entered", "options", "field"), BAD_HANDS)
def test_bad_five_handed_hands_are_refused_and_change_nothing(
        client: FlaskClient, entered: dict[str, Any], options: dict[str, Any],
        field: str) -> None:
    game = five_handed(client, options)
    assert game.record({"bidder": 3, "bid": "6S", "partner": None,
                        "tricks": [1, 1, 1, 6, 1]}).status_code == 201
    before = snapshot(client, game.url)
    assert_error(game.record(entered), 422, field)
    assert snapshot(client, game.url) == before
    assert_error(game.correct(1, entered), 422, field)
    assert snapshot(client, game.url) == before


@pytest.mark.parametrize("sides", [
    [{"name": "North-South", "players": ["Ann", "Cy"]},
     {"name": "East-West", "players": ["Bo", "Di"]}],
    [{"name": name, "players": [name]} for name in ("Ann", "Bo", "Cy")],
])
def test_a_partner_at_a_table_that_is_not_five_handed_is_refused(
        client: FlaskClient, sides: list[dict[str, Any]]) -> None:
    game = five_handed(client, sides=sides)
    tricks = [6, 4] if len(sides) == 2 else [6, 2, 2]
    before = snapshot(client, game.url)
    for partner in (1, None):
        assert_error(game.record({"bidder": 0, "bid": "6S", "partner": partner,
                                  "tricks": tricks}), 422, "partner")
    assert snapshot(client, game.url) == before


@pytest.mark.parametrize(("options", "field"), [
    ({"partner_share": "half"}, "options.partner_share"),
    ({"defender_share": True}, "options.defender_share"),
])
def test_five_handed_options_at_four_are_refused(client: FlaskClient, options: dict[str, Any],
                                                 field: str) -> None:
    response = client.post(f"{API}/games", json={
        "variant": "australian-500", "options": options,
        "sides": [{"name": "North-South", "players": ["Ann", "Cy"]},
                  {"name": "East-West", "players": ["Bo", "Di"]}]})
    assert_error(response, 422, field)


def test_the_trick_referee_at_five(client: FlaskClient) -> None:
    body = client.post(f"{API}/adjudicate/trick", json={
        "variant": "australian-500", "players": 5, "contract": "7H",
        "plays": [{"seat": 3, "card": "3S"}, {"seat": 4, "card": "2S"},
                  {"seat": 0, "card": "4S"}, {"seat": 1, "card": "9D"},
                  {"seat": 2, "card": "2H"}]}).get_json()
    # The 2 of hearts is a trump; the 2s and 3s are in the deck at five.
    assert body["winner"] == {"seat": 2, "card": "2H"}
    four = client.post(f"{API}/adjudicate/trick", json={
        "variant": "australian-500", "players": 5, "contract": "7H",
        "plays": [{"seat": 3, "card": "3S"}, {"seat": 4, "card": "2S"},
                  {"seat": 0, "card": "4S"}, {"seat": 1, "card": "9D"}]})
    assert_error(four, 422, "plays")
    four_players = client.post(f"{API}/adjudicate/trick", json={
        "variant": "australian-500", "contract": "7H",
        "plays": [{"seat": 3, "card": "3S"}, {"seat": 0, "card": "4S"},
                  {"seat": 1, "card": "9D"}, {"seat": 2, "card": "2H"}]})
    assert_error(four_players, 422, "plays.0.card")


def test_the_auction_referee_at_five(client: FlaskClient) -> None:
    body = client.post(f"{API}/adjudicate/auction", json={
        "variant": "australian-500", "players": 5, "dealer": 4,
        "calls": ["pass", "7S", "pass", "8D", "pass", "pass"]}).get_json()
    # Dealer 4: seat 0 passes, 1 bids 7S, 2 passes, 3 bids 8D, 4 passes, 1 passes.
    assert [call["seat"] for call in body["calls"]] == [0, 1, 2, 3, 4, 1]
    assert (body["complete"], body["winner_seat"], body["winning_bid"]) == (True, 3, "8D")


# -- correcting a hand at five equals recording the corrected hand ------------------------------

five_hands = st.builds(
    lambda bidder, partner, bid, cuts: {
        "bidder": bidder, "bid": bid,
        "partner": None if partner is None or partner == bidder else partner,
        "tricks": [b - a for a, b in zip([0, *sorted(cuts)], [*sorted(cuts), 10], strict=True)]},
    st.integers(0, 4), st.none() | st.integers(0, 4), st.sampled_from(sorted(AVONDALE)),
    st.lists(st.integers(0, 10), min_size=4, max_size=4))


@settings(deadline=None, max_examples=25,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(sequence=st.lists(five_hands, min_size=1, max_size=4), replacement=five_hands,
       options=st.sampled_from([{}, {"partner_share": "half", "defender_share": True}]),
       data=st.data())
def test_correcting_equals_recording_the_corrected_hand(
        client: FlaskClient, sequence: list[dict[str, Any]], replacement: dict[str, Any],
        options: dict[str, Any], data: st.DataObject) -> None:
    options = {**options, "target": 1_000_000, "lose_at": None}
    corrected = five_handed(client, options)
    for entered in sequence:
        assert corrected.record(entered).status_code == 201
    k = data.draw(st.integers(1, len(sequence)), label="k")
    assert corrected.correct(k, replacement).status_code == 200
    fresh = five_handed(client, options)
    for entered in [*sequence[:k - 1], replacement, *sequence[k:]]:
        assert fresh.record(entered).status_code == 201

    def view(game: Game) -> tuple[Any, ...]:
        state = game.state()
        return (state["scores"], state["dealer"], state["hands_played"],
                [{key: h.get(key) for key in ("bidder", "bid", "partner", "tricks", "deltas",
                                              "scores", "explanation")} for h in game.hands()])

    assert view(corrected) == view(fresh)


def test_the_bids_say_what_a_bidder_alone_and_a_partner_score(client: FlaskClient) -> None:
    """RULES.md, decisions of 2026-11-27: `points` is what a bidder alone scores; under
    partner_share "half" a bid played with a partner also says what each of the two scores."""
    half = five_handed(client, {"partner_share": "half"})
    bids = {bid["code"]: bid for bid in client.get(f"{half.url}/bids").get_json()}
    assert (bids["7H"]["points"], bids["7H"]["points_with_partner"]) == (200, 100)
    assert (bids["6S"]["points"], bids["6S"]["points_with_partner"]) == (40, 20)
    assert bids["MIS"]["points"] == 250 and "points_with_partner" not in bids["MIS"]
    recorded = half.record({"bidder": 0, "bid": "7H", "partner": 2, "tricks": [4, 1, 3, 1, 1]})
    assert recorded.get_json()["deltas"][0] == bids["7H"]["points_with_partner"]
    full = five_handed(client)
    assert all("points_with_partner" not in bid
               for bid in client.get(f"{full.url}/bids").get_json())


@pytest.mark.parametrize(("variant", "sides", "hand"), [
    ("australian-500", None, {"bidder": 0, "bid": "7H", "tricks": [7, 3]}),
    ("australian-500", [{"name": n, "players": [n]} for n in ("Ann", "Bo", "Cy")],
     {"bidder": 0, "bid": "7H", "tricks": [7, 2, 1]}),
    ("quebec-500", None, {"bidder": 0, "bid": "7H", "tricks": [7, 3]}),
    ("cinquecento", None, {"points": [60, 60]}),
    ("rummy-500", [{"name": n, "players": [n]} for n in ("Ann", "Bo")],
     {"players": [{"meld_points": 20, "hand_points": 0}, {"meld_points": 0, "hand_points": 5}]}),
])
@pytest.mark.parametrize("partner", [None, 1])
def test_partner_outside_the_five_handed_game_is_refused(
        client: FlaskClient, new_game: Any, variant: str, sides: list[Any] | None,
        hand: dict[str, Any], partner: int | None) -> None:
    game = new_game({}, sides=sides, variant=variant)
    entered = {**hand, "partner": partner}
    assert_error(client.post(f"{game.url}/hands/preview", json=entered), 422, "partner")
    assert_error(game.record(entered), 422, "partner")
    assert game.state()["hands_played"] == 0


def test_a_target_reached_as_another_goes_out_the_back_door_is_won_by_the_target(
        client: FlaskClient) -> None:
    game = five_handed(client)
    # Ed: 6NT (120) alone made four times with 6 tricks, Ann to Di 1 each: 480.
    for _ in range(4):
        assert game.record({"bidder": 4, "bid": "6NT", "partner": None,
                            "tricks": [1, 1, 1, 1, 6]}).status_code == 201
    # Bo: 10NT (520) alone fails twice: 40 - 1040 → out the back door; Ed takes 0, then 2: 500.
    game.record({"bidder": 1, "bid": "10NT", "partner": None, "tricks": [2, 3, 3, 2, 0]})
    last = game.record({"bidder": 1, "bid": "10NT", "partner": None, "tricks": [2, 2, 2, 2, 2]})
    body = last.get_json()
    assert body["game"]["status"] == "finished", body
    state = game.state()
    assert min(state["scores"]) <= -500 and state["scores"][4] >= 500
    assert (state["winner"], state["end_reason"]) == (4, "target")
    assert "Ed reached 500 and wins the game" in body["explanation"]
