"""Rummy 500 through the API: hands in the full form (melds, lay-offs, cards in hand) and the
quick form (points counted at the table), its options, the end of the game, corrections, and
every refusal the spec's numbered checks make, each storing nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import API, assert_error, error_paths, snapshot
from tests.api.rummy_helpers import full, make, quick, record, seats

DEFAULTS = {"target": 500, "decks": None, "jokers": False, "ace_low_points": 15,
            "boathouse": False, "layoff_needs_own_meld": True}
OPEN = {"target": 100_000}  # a game that never ends


def standing(game: dict[str, Any]) -> dict[str, Any]:
    return {k: game[k] for k in ("status", "winner", "scores", "hands_played", "dealer")}


def refused_exactly(response: Any, field: str) -> dict[str, Any]:
    """A 422 that names `field` and nothing else (the first failing check only)."""
    body = assert_error(response, 422, field)
    assert error_paths(body.get("errors")) == {field}, body.get("errors")
    return body


# -- the variant and its tables -------------------------------------------------------------------


def test_rummy_500_is_listed_with_its_options(client: FlaskClient) -> None:
    listed = {v["key"]: v for v in client.get(f"{API}/variants").get_json()}
    assert "rummy-500" in listed
    variant = client.get(f"{API}/variants/rummy-500").get_json()
    assert variant == listed["rummy-500"]
    assert (variant["key"], variant["name"]) == ("rummy-500", "Rummy 500")
    assert variant["players"] == {"min": 2, "max": 8}
    assert variant["team_play"] is False
    assert not variant.get("bids")
    options = variant["options"]
    assert {name: spec["default"] for name, spec in options.items()} == DEFAULTS
    assert {name: spec["type"] for name, spec in options.items()} == {
        "target": "integer", "decks": "integer", "jokers": "boolean",
        "ace_low_points": "integer", "boathouse": "boolean", "layoff_needs_own_meld": "boolean"}
    for name, spec in options.items():
        assert isinstance(spec["description"], str) and spec["description"].strip(), name
    assert sorted(options["ace_low_points"]["choices"]) == [1, 15]
    if "choices" in options["decks"]:
        assert {c for c in options["decks"]["choices"] if c is not None} == {1, 2}
    created = client.post(f"{API}/games", json={"variant": "rummy-500", "sides": seats(2)})
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["options"] == DEFAULTS


@pytest.mark.parametrize(("players", "options", "first_dealer"), [
    pytest.param(2, {}, 1, id="two"),
    pytest.param(8, {}, 7, id="eight-automatic-decks"),
    pytest.param(8, {"decks": 2}, 0, id="eight-two-decks"),
    pytest.param(7, {"decks": 1}, 3, id="seven-one-deck"),
    pytest.param(2, {"decks": 2, "jokers": True}, 0, id="two-decks-for-two"),
    pytest.param(4, {"ace_low_points": 1, "boathouse": True, "target": 300}, 2,
                 id="house-rules"),
])
def test_tables_that_can_be_seated(client: FlaskClient, players: int, options: dict[str, Any],
                                   first_dealer: int) -> None:
    response = client.post(f"{API}/games", json={
        "variant": "rummy-500", "options": options, "sides": seats(players),
        "first_dealer": first_dealer})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert body["options"] == {**DEFAULTS, **options}
    assert body["sides"] == seats(players)
    assert standing(body) == {"status": "in_progress", "winner": None,
                              "scores": [0] * players, "hands_played": 0,
                              "dealer": first_dealer}


@pytest.mark.parametrize(("sides", "options", "extra", "field"), [
    pytest.param(seats(1), {}, {}, "sides", id="one-player"),
    pytest.param(seats(9), {}, {}, "sides", id="nine-players"),
    pytest.param([{"name": "Ann and Bo", "players": ["Ann", "Bo"]},
                  {"name": "Cy", "players": ["Cy"]}], {}, {}, "sides", id="a-side-of-two"),
    pytest.param([{"name": "Us", "players": ["Ann", "Cy"]},
                  {"name": "Them", "players": ["Bo", "Di"]}], {}, {}, "sides",
                 id="partnerships"),
    pytest.param(seats(8), {"decks": 1}, {}, "options.decks", id="one-deck-for-eight"),
    pytest.param(seats(3), {"decks": 3}, {}, "options.decks", id="three-decks"),
    pytest.param(seats(3), {"decks": 0}, {}, "options.decks", id="no-decks"),
    pytest.param(seats(3), {"decks": "2"}, {}, "options.decks", id="decks-string"),
    pytest.param(seats(3), {"decks": 1.5}, {}, "options.decks", id="decks-fraction"),
    pytest.param(seats(3), {"decks": True}, {}, "options.decks", id="decks-bool"),
    pytest.param(seats(3), {"jokers": "yes"}, {}, "options.jokers", id="jokers-yes"),
    pytest.param(seats(3), {"jokers": 1}, {}, "options.jokers", id="jokers-one"),
    pytest.param(seats(3), {"jokers": None}, {}, "options.jokers", id="jokers-null"),
    pytest.param(seats(3), {"ace_low_points": 10}, {}, "options.ace_low_points",
                 id="ace-low-10"),
    pytest.param(seats(3), {"ace_low_points": 0}, {}, "options.ace_low_points",
                 id="ace-low-0"),
    pytest.param(seats(3), {"ace_low_points": "1"}, {}, "options.ace_low_points",
                 id="ace-low-string"),
    pytest.param(seats(3), {"boathouse": None}, {}, "options.boathouse", id="boathouse-null"),
    pytest.param(seats(3), {"boathouse": "true"}, {}, "options.boathouse",
                 id="boathouse-string"),
    pytest.param(seats(3), {"target": 0}, {}, "options.target", id="target-0"),
    pytest.param(seats(3), {"target": -500}, {}, "options.target", id="target-negative"),
    pytest.param(seats(3), {"target": "500"}, {}, "options.target", id="target-string"),
    pytest.param(seats(3), {"wild_twos": True}, {}, "options.wild_twos", id="unknown-option"),
    pytest.param(seats(3), {"slam_bonus": True}, {}, "options.slam_bonus",
                 id="another-variants-option"),
    pytest.param(seats(3), {}, {"first_dealer": 3}, "first_dealer", id="dealer-without-seat"),
])
def test_tables_refused(client: FlaskClient, sides: list[Any], options: dict[str, Any],
                        extra: dict[str, Any], field: str) -> None:
    response = client.post(f"{API}/games", json={
        "variant": "rummy-500", "options": options, "sides": sides, **extra})
    assert_error(response, 422, field)


# -- scoring a hand -------------------------------------------------------------------------------


def test_full_form_hand(client: FlaskClient, new_game: Any) -> None:
    game = make(new_game, players=3, first_dealer=2)
    entered = full(
        {"melds": [["7H", "8H", "9H"], ["QS", "QD", "QC"]],
         "layoffs": [{"card": "10H", "onto": [0, 0]}], "hand": [], "went_out": True},
        {"melds": [["AS", "AH", "AD"]], "layoffs": [], "hand": ["KD", "2C"]},
        {"hand": ["5S", "5C", "JH"]})
    response = game.record(entered)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert body["number"] == 1
    assert body["players"] == entered["players"]
    assert body["deltas"] == [24 + 30 + 10, 45 - 12, -20]
    assert body["scores"] == [64, 33, -20]
    for line in ("Ann melded 54, laid off 10 and holds 0 in hand: +64", "Ann went out",
                 "Bo melded 45, laid off 0 and holds 12 in hand: +33",
                 "Cy melded 0, laid off 0 and holds 20 in hand: -20"):
        assert line in body["explanation"], body["explanation"]
    assert not any("went out" in line for line in body["explanation"] if "Ann" not in line)
    assert standing(body["game"]) == {"status": "in_progress", "winner": None,
                                      "scores": [64, 33, -20], "hands_played": 1, "dealer": 0}
    assert standing(game.state()) == standing(body["game"])
    stored = client.get(f"{game.url}/hands/1").get_json()
    assert stored["players"] == entered["players"]
    assert (stored["deltas"], stored["scores"]) == ([64, 33, -20], [64, 33, -20])

    # The totals run on, can go negative, and the deal keeps moving round.
    second = record(game, quick((10, 0), (0, 40), (9, 9)))
    assert second["deltas"] == [10, -40, 0]
    assert second["scores"] == [74, -7, -20]
    assert "Cy melded 9 and holds 9 in hand: +0" in second["explanation"]
    assert game.state()["dealer"] == 1


def test_quick_form(new_game: Any) -> None:
    game = make(new_game, players=2)
    entered = {"players": [{"meld_points": 85, "hand_points": 0, "went_out": True},
                           {"meld_points": 30, "hand_points": 12}]}
    body = record(game, entered)
    assert body["players"] == entered["players"]
    assert body["deltas"] == [85, 18]
    for line in ("Ann melded 85 and holds 0 in hand: +85", "Ann went out",
                 "Bo melded 30 and holds 12 in hand: +18"):
        assert line in body["explanation"], body["explanation"]
    assert game.state()["dealer"] == 1
    # went_out defaults to hand_points == 0; nobody going out (the stock ran out) is fine.
    out = record(game, quick((20, 5), (40, 0)))
    assert out["deltas"] == [15, 40]
    assert "Bo went out" in out["explanation"]
    nobody = record(game, quick((20, 25), (0, 5)))
    assert nobody["deltas"] == [-5, -5]
    assert not any("went out" in line for line in nobody["explanation"])
    assert "Bo melded 0 and holds 5 in hand: -5" in nobody["explanation"]
    assert standing(game.state()) == {"status": "in_progress", "winner": None,
                                      "scores": [95, 53], "hands_played": 3, "dealer": 1}


def test_full_form_defaults_and_card_notation(new_game: Any) -> None:
    game = make(new_game, players=2)
    # Lower case, T for ten; went_out follows the empty hand; nobody out is allowed.
    body = record(game, full({"melds": [["8h", "9H", "th"]]}, {"hand": ["as", "qc"]}))
    assert body["deltas"] == [27, -25]
    assert "Ann went out" in body["explanation"]
    nobody = record(game, full({"melds": [["2S", "3S", "4S"]], "hand": ["KH"]},
                               {"hand": ["9D"], "went_out": False}))
    assert nobody["deltas"] == [9 - 10, -9]
    assert not any("went out" in line for line in nobody["explanation"])


def test_lay_offs_onto_other_players_melds(new_game: Any) -> None:
    # A table that lets anyone lay off (Cy lays off with no meld of her own).
    game = make(new_game, players=3, layoff_needs_own_meld=False)
    # Bo's 7♥ alone would leave a gap in Ann's 3-4-5♥; Cy's 6♥ fills it. Only the end counts.
    body = record(game, full(
        {"melds": [["3H", "4H", "5H"]], "hand": ["2C"]},
        {"melds": [["KS", "KH", "KD"]], "layoffs": [{"card": "7H", "onto": [0, 0]}],
         "hand": []},
        {"layoffs": [{"card": "6H", "onto": [0, 0]}, {"card": "KC", "onto": [1, 0]}],
         "hand": ["9D"]}))
    assert body["deltas"] == [12 - 2, 30 + 7, 16 - 9]
    for line in ("Ann melded 12, laid off 0 and holds 2 in hand: +10",
                 "Bo melded 30, laid off 7 and holds 0 in hand: +37", "Bo went out",
                 "Cy melded 0, laid off 16 and holds 9 in hand: +7"):
        assert line in body["explanation"], body["explanation"]
    # There, going out with lay-offs only (no meld of one's own) is allowed.
    two = make(new_game, players=2, layoff_needs_own_meld=False)
    body = record(two, full(
        {"melds": [["9C", "10C", "JC"]], "hand": ["4D"]},
        {"layoffs": [{"card": "QC", "onto": [0, 0]}, {"card": "8C", "onto": [0, 0]}],
         "hand": []}))
    assert body["deltas"] == [29 - 4, 18]
    assert "Bo melded 0, laid off 18 and holds 0 in hand: +18" in body["explanation"]
    assert "Bo went out" in body["explanation"]


def test_jokers(new_game: Any) -> None:
    # Bo's last lay-off comes without a meld of his own: a table that lets anyone lay off.
    game = make(new_game, players=2, jokers=True, target=100_000, layoff_needs_own_meld=False)
    # 5-6-JK♥ = 26 (read 5-6-7); JKB-2-3♠ = 20 (read 2-3-4).
    body = record(game, full({"melds": [["5H", "6H", "JK"], ["JKB", "2S", "3S"]]},
                             {"melds": [["9C", "9D", "9S"]], "hand": ["KC"]}))
    assert body["deltas"] == [46, 17]
    assert "Ann melded 46, laid off 0 and holds 0 in hand: +46" in body["explanation"]
    # A set of aces with two jokers is 45 (jokers in lower case too).
    body = record(game, full({"melds": [["AH", "jk", "JK"]], "hand": ["4C"]},
                             {"melds": [["10D", "JD", "QD", "KD", "AD"]], "hand": []}))
    assert body["deltas"] == [45 - 4, 55]
    assert "Bo went out" in body["explanation"]
    # A joker left in hand costs 15.
    body = record(game, full({"melds": [["7S", "8S", "9S"]], "hand": ["JKR", "2C"]},
                             {"melds": [["3D", "4D", "5D"]], "hand": []}))
    assert body["deltas"] == [24 - 17, 12]
    # 5♥ JK JK alone is a set; with 6♥ laid off it becomes a run, which is still valid.
    body = record(game, full({"melds": [["5H", "JK", "JK"]], "hand": ["2C"]},
                             {"layoffs": [{"card": "6H", "onto": [0, 0]}], "hand": []}))
    assert body["deltas"] == [35 - 2, 6]


@pytest.mark.parametrize(("ace_low_points", "deltas"), [
    pytest.param(15, [20 + 35 - 15, 45 + 0 - 9], id="ace-low-15"),
    pytest.param(1, [6 + 35 - 15, 45 + 0 - 9], id="ace-low-1"),
])
def test_ace_low_points(new_game: Any, ace_low_points: int, deltas: list[int]) -> None:
    game = make(new_game, players=2, ace_low_points=ace_low_points, jokers=True)
    # A-2-3♥ has a low ace; Q-K-A♠, a set of aces and an ace in hand are always 15 an ace.
    body = record(game, full({"melds": [["AH", "2H", "3H"], ["QS", "KS", "AS"]],
                              "hand": ["AC"]},
                             {"melds": [["AD", "JK", "JKR"]], "hand": ["9C"]}))
    assert body["deltas"] == deltas


@pytest.mark.parametrize(("ace_low_points", "ann"), [
    pytest.param(15, 45 - 9, id="ace-low-15"),
    pytest.param(1, 1 + 15 + 15 - 9, id="ace-low-1"),
])
def test_a_lay_off_changes_the_reading_of_the_meld(new_game: Any, ace_low_points: int,
                                                   ann: int) -> None:
    game = make(new_game, players=2, ace_low_points=ace_low_points, jokers=True)
    # A♥ JK JK alone is a set of aces (45); Bo's 2♥ turns it into the run A-2-3-4, ace low.
    body = record(game, full(
        {"melds": [["AH", "JK", "JK"]], "hand": ["9S"]},
        {"melds": [["KS", "KH", "KD"]], "layoffs": [{"card": "2H", "onto": [0, 0]}],
         "hand": []}))
    assert body["deltas"] == [ann, 30 + 2]
    assert f"Ann melded {ann + 9}, laid off 0 and holds 9 in hand: {ann:+d}" \
        in body["explanation"]


def test_two_decks_from_five_players(new_game: Any) -> None:
    game = make(new_game, players=5, first_dealer=4)
    body = record(game, full(
        {"melds": [["QS", "QH", "QD", "QC"]], "hand": []},
        {"melds": [["QS", "QH", "QD"]], "hand": ["2C"]},
        {"hand": ["QC"]},
        {"hand": ["AS", "AS"]},
        {"melds": [["7H", "8H", "9H"]], "layoffs": [{"card": "10H", "onto": [4, 0]}],
         "hand": ["3D"]}))
    assert body["deltas"] == [40, 28, -10, -30, 31]
    assert body["game"]["dealer"] == 0
    assert len(body["game"]["scores"]) == 5


def test_two_decks_by_option_for_three(new_game: Any) -> None:
    game = make(new_game, players=3, decks=2)
    body = record(game, full({"melds": [["AS", "AH", "AD"], ["AS", "AC", "AH"]]},
                             {"hand": ["KD", "KD"]}, {"hand": ["2C"]}))
    assert body["deltas"] == [90, -20, -2]


@pytest.mark.parametrize(("players", "options", "total"), [
    pytest.param(3, {}, 396, id="one-deck"),
    pytest.param(3, {"jokers": True}, 426, id="one-deck-jokers"),
    pytest.param(5, {}, 792, id="two-decks"),
    pytest.param(2, {"decks": 2}, 792, id="two-decks-by-option"),
    pytest.param(5, {"jokers": True}, 852, id="two-decks-jokers"),
])
def test_quick_form_up_to_the_decks_value(new_game: Any, players: int, options: dict[str, Any],
                                          total: int) -> None:
    game = make(new_game, players=players, **OPEN, **options)
    rest = [(0, 1)] * (players - 2)
    body = record(game, quick((total - 20 - (players - 2), 0), (10, 10), *rest))
    assert sum(body["deltas"]) == total - 20 - 2 * (players - 2)


def test_boathouse_needs_a_final_discard(client: FlaskClient, new_game: Any) -> None:
    game = make(new_game, players=2, boathouse=True)
    before = snapshot(client, game.url)
    refused_exactly(game.record(full({"melds": [["7H", "8H", "9H"]], "hand": []},
                                     {"hand": ["2C"]})), "players.0.discard")
    assert snapshot(client, game.url) == before
    entered = full({"melds": [["7H", "8H", "9H"]], "hand": [], "discard": "KC"},
                   {"hand": ["2C"]})
    body = record(game, entered)
    assert body["deltas"] == [24, -2]  # the discard scores nothing
    assert body["players"] == entered["players"]
    # Without the boathouse rule a final discard is optional.
    plain = make(new_game, players=2)
    assert record(plain, entered)["deltas"] == [24, -2]


# -- the end of the game --------------------------------------------------------------------------


def test_game_finishes_at_500_and_the_highest_wins(client: FlaskClient, new_game: Any) -> None:
    game = make(new_game, players=2)
    record(game, quick((200, 0), (190, 5)))
    assert record(game, quick((200, 5), (190, 0)))["scores"] == [395, 375]
    # Both pass 500 in the same hand: the higher total wins, not the player who went out.
    body = record(game, quick((110, 0), (150, 10)))
    assert body["scores"] == [505, 515]
    assert standing(body["game"]) == {"status": "finished", "winner": 1, "scores": [505, 515],
                                      "hands_played": 3, "dealer": 1}
    assert "Bo reached 500 and wins the game" in body["explanation"]
    assert not any("Ann reached" in line for line in body["explanation"])
    assert standing(game.state()) == standing(body["game"])
    before = snapshot(client, game.url)
    assert_error(game.record(quick((10, 0), (0, 5))), 409)
    assert snapshot(client, game.url) == before


def test_reaching_the_target_exactly_wins(new_game: Any) -> None:
    game = make(new_game, players=3, target=100)
    assert record(game, quick((60, 0), (20, 5), (0, 5)))["game"]["status"] == "in_progress"
    body = record(game, quick((40, 0), (20, 5), (0, 5)))
    assert body["scores"] == [100, 30, -10]
    assert (body["game"]["status"], body["game"]["winner"]) == ("finished", 0)
    assert "Ann reached 100 and wins the game" in body["explanation"]


def test_a_tie_at_the_top_over_500_plays_on(new_game: Any) -> None:
    game = make(new_game, players=2)
    record(game, quick((200, 0), (190, 5)))
    record(game, quick((200, 5), (190, 0)))
    tied = record(game, quick((110, 0), (140, 10)))
    assert tied["scores"] == [505, 505]
    assert (tied["game"]["status"], tied["game"]["winner"]) == ("in_progress", None)
    assert "Ann and Bo are level at 505: play on" in tied["explanation"]
    assert not any("wins the game" in line for line in tied["explanation"])
    won = record(game, quick((20, 0), (0, 5)))
    assert won["scores"] == [525, 500]
    assert (won["game"]["status"], won["game"]["winner"]) == ("finished", 0)
    assert "Ann reached 500 and wins the game" in won["explanation"]


def test_a_tie_at_the_top_plays_on_even_with_a_third_player_over(new_game: Any) -> None:
    game = make(new_game, players=3, target=100)
    tied = record(game, quick((110, 0), (115, 5), (105, 4)))
    assert tied["scores"] == [110, 110, 101]
    assert tied["game"]["status"] == "in_progress" and tied["game"]["winner"] is None
    assert "Ann and Bo are level at 110: play on" in tied["explanation"]
    won = record(game, quick((0, 5), (10, 0), (0, 5)))
    assert won["scores"] == [105, 120, 96]
    assert (won["game"]["status"], won["game"]["winner"]) == ("finished", 1)
    assert "Bo reached 100 and wins the game" in won["explanation"]


# -- corrections, undo, retries -------------------------------------------------------------------


HAND_3 = full({"melds": [["2C", "3C", "4C"]], "hand": ["KD"]}, {"hand": ["5S"]},
              {"melds": [["8S", "8D", "8C"]], "hand": []})


def test_correct_and_undo_recompute_the_totals(client: FlaskClient, new_game: Any) -> None:
    game = make(new_game, players=3)
    record(game, quick((50, 0), (30, 10), (0, 25)))
    record(game, quick((20, 15), (60, 0), (10, 5)))
    assert record(game, HAND_3)["scores"] == [54, 75, 4]

    corrected = quick((20, 0), (60, 10), (10, 5))
    response = client.put(f"{game.url}/hands/2", json=corrected, headers=game.auth())
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert (body["number"], body["deltas"], body["scores"]) == (2, [20, 50, 5], [70, 70, -20])
    assert body["players"] == corrected["players"]
    assert "Ann went out" in body["explanation"]
    assert "Bo melded 60 and holds 10 in hand: +50" in body["explanation"]
    assert body["game"]["scores"] == [69, 65, 4]
    hands = client.get(f"{game.url}/hands").get_json()
    assert [h["deltas"] for h in hands] == [[50, 20, -25], [20, 50, 5], [-1, -5, 24]]
    assert [h["scores"] for h in hands] == [[50, 20, -25], [70, 70, -20], [69, 65, 4]]
    assert hands[2]["players"] == HAND_3["players"]
    assert standing(game.state()) == {"status": "in_progress", "winner": None,
                                      "scores": [69, 65, 4], "hands_played": 3, "dealer": 0}

    # A correction that breaks a rule is refused and changes nothing.
    before = snapshot(client, game.url)
    refused_exactly(client.put(f"{game.url}/hands/1", json=quick((50, 0), (30, 0), (0, 25)),
                               headers=game.auth()), "players.1.went_out")
    assert snapshot(client, game.url) == before

    # Only the last hand can be undone.
    assert_error(client.delete(f"{game.url}/hands/1", headers=game.auth()), 409)
    assert snapshot(client, game.url) == before
    undone = client.delete(f"{game.url}/hands/3", headers=game.auth())
    assert undone.status_code == 200, undone.get_json()
    assert standing(game.state()) == {"status": "in_progress", "winner": None,
                                      "scores": [70, 70, -20], "hands_played": 2, "dealer": 2}
    assert [h["number"] for h in client.get(f"{game.url}/hands").get_json()] == [1, 2]
    history = client.get(f"{game.url}/history").get_json()
    assert [(c["number"], c["action"]) for c in history] == [
        (1, "recorded"), (2, "recorded"), (3, "recorded"), (2, "corrected"), (3, "undone")]
    again = record(game, HAND_3)
    assert (again["number"], again["scores"]) == (3, [69, 65, 4])


def test_a_correction_can_finish_and_reopen_the_game(client: FlaskClient,
                                                    new_game: Any) -> None:
    game = make(new_game, players=2, target=100)
    record(game, quick((60, 0), (20, 5)))
    record(game, quick((20, 5), (10, 0)))
    finished = client.put(f"{game.url}/hands/2", json=quick((45, 0), (10, 5)),
                          headers=game.auth()).get_json()
    assert (finished["game"]["status"], finished["game"]["winner"]) == ("finished", 0)
    assert game.state()["scores"] == [105, 20]
    assert game.record(quick((10, 0), (0, 5))).status_code == 409
    assert client.delete(f"{game.url}/hands/2", headers=game.auth()).status_code == 200
    assert standing(game.state()) == {"status": "in_progress", "winner": None,
                                      "scores": [60, 15], "hands_played": 1, "dealer": 1}


def test_a_retried_post_records_once(client: FlaskClient, new_game: Any) -> None:
    game = make(new_game, players=2)
    entered = full({"melds": [["7H", "8H", "9H"]], "hand": []}, {"hand": ["2C"]})
    first = game.record(entered, **{"Idempotency-Key": "rummy-hand-1"})
    assert first.status_code == 201, first.get_json()
    after_first = snapshot(client, game.url)
    again = game.record(entered, **{"Idempotency-Key": "rummy-hand-1"})
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert snapshot(client, game.url) == after_first
    assert len(after_first["hands"]) == 1 and len(after_first["history"]) == 1
    assert game.state()["scores"] == [24, -2]


def test_a_stale_if_match_records_nothing(client: FlaskClient, new_game: Any) -> None:
    game = make(new_game, players=2)
    tag = client.get(game.url).headers["ETag"]
    record(game, quick((30, 0), (0, 5)))
    before = snapshot(client, game.url)
    assert_error(game.record(quick((30, 0), (0, 5)), **{"If-Match": tag}), 412)
    assert snapshot(client, game.url) == before


# -- refusals: every numbered check of the spec, each storing nothing ----------------------------

OUT = {"melds": [["7H", "8H", "9H"]], "hand": []}  # Ann goes out
BO = {"melds": [["QS", "QD", "QC"]], "hand": ["2C"]}
CY = {"hand": ["5D", "KC"]}
J = {"jokers": True}
FIVE = {"players": 5}


def lay(card: str, player: int, meld: int) -> dict[str, Any]:
    return {"card": card, "onto": [player, meld]}


# Check 1, schema level: wrong JSON types and unknown keys. The field named may be a leaf inside
# the one given (players.0.melds.0 for players.0.melds).
SHAPES = [
    pytest.param({}, "players", id="no-players"),
    pytest.param({"players": []}, "players", id="players-empty"),
    pytest.param({"players": {"0": OUT}}, "players", id="players-not-a-list"),
    pytest.param({"players": [OUT, BO, CY], "trumps": "H"}, "trumps", id="unknown-top-key"),
    pytest.param(full("7H 8H 9H", BO, CY), "players.0", id="entry-not-an-object"),
    pytest.param(full(OUT, {**BO, "score": 3}, CY), "players.1.score", id="unknown-entry-key"),
    pytest.param(full({"melds": ["7H", "8H", "9H"], "hand": []}, BO, CY), "players.0.melds",
                 id="melds-not-lists-of-cards"),
    pytest.param(full({"melds": "7H 8H 9H", "hand": []}, BO, CY), "players.0.melds",
                 id="melds-not-a-list"),
    pytest.param(full(OUT, BO, {"hand": "5D"}), "players.2.hand", id="hand-not-a-list"),
    pytest.param(full(OUT, BO, {"hand": [5]}), "players.2.hand", id="card-not-a-string"),
    pytest.param(full(OUT, {**BO, "layoffs": ["10H"]}, CY), "players.1.layoffs",
                 id="layoff-not-an-object"),
    pytest.param(full(OUT, {**BO, "layoffs": [{"card": "10H", "onto": [0]}]}, CY),
                 "players.1.layoffs.0.onto", id="onto-one-number"),
    pytest.param(full(OUT, {**BO, "layoffs": [{"card": "10H", "onto": [0, 0, 0]}]}, CY),
                 "players.1.layoffs.0.onto", id="onto-three-numbers"),
    pytest.param(full(OUT, {**BO, "layoffs": [{"card": "10H", "onto": ["0", "0"]}]}, CY),
                 "players.1.layoffs.0.onto", id="onto-strings"),
    pytest.param(full(OUT, {**BO, "layoffs": [{"card": "10H", "onto": [0, 0.5]}]}, CY),
                 "players.1.layoffs.0.onto", id="onto-fraction"),
    pytest.param(full(OUT, {**BO, "layoffs": [{"card": "10H", "onto": [True, 0]}]}, CY),
                 "players.1.layoffs.0.onto", id="onto-bool"),
    pytest.param(full(OUT, {**BO, "layoffs": [{"card": "10H", "onto": [-1, 0]}]}, CY),
                 "players.1.layoffs.0.onto", id="onto-negative"),
    pytest.param(full(OUT, {**BO, "layoffs": [{"card": "10H", "onto": 0}]}, CY),
                 "players.1.layoffs.0.onto", id="onto-a-number"),
    pytest.param(full(OUT, {**BO, "layoffs": [{"onto": [0, 0]}]}, CY), "players.1.layoffs.0",
                 id="layoff-without-card"),
    pytest.param(full(OUT, {**BO, "layoffs": [{"card": "10H"}]}, CY), "players.1.layoffs.0",
                 id="layoff-without-onto"),
    pytest.param(full(OUT, {**BO, "layoffs": [{"card": "10H", "onto": [0, 0], "by": 1}]}, CY),
                 "players.1.layoffs.0", id="layoff-unknown-key"),
    pytest.param(full({**OUT, "went_out": "yes"}, BO, CY), "players.0.went_out",
                 id="went-out-yes"),
    pytest.param(full({**OUT, "went_out": 1}, BO, CY), "players.0.went_out", id="went-out-1"),
    pytest.param(full({**OUT, "discard": ["4C"]}, BO, CY), "players.0.discard",
                 id="discard-a-list"),
    pytest.param({"players": [{"meld_points": -1, "hand_points": 5}, {"meld_points": 30,
                  "hand_points": 0}, {"meld_points": 0, "hand_points": 5}]},
                 "players.0.meld_points", id="meld-points-negative"),
    pytest.param({"players": [{"meld_points": "12", "hand_points": 5}, {"meld_points": 30,
                  "hand_points": 0}, {"meld_points": 0, "hand_points": 5}]},
                 "players.0.meld_points", id="meld-points-string"),
    pytest.param({"players": [{"meld_points": 12, "hand_points": 5}, {"meld_points": 30,
                  "hand_points": 2.5}, {"meld_points": 0, "hand_points": 0}]},
                 "players.1.hand_points", id="hand-points-fraction"),
    pytest.param({"players": [{"meld_points": 12, "hand_points": 5}, {"meld_points": 30,
                  "hand_points": True}, {"meld_points": 0, "hand_points": 0}]},
                 "players.1.hand_points", id="hand-points-bool"),
    pytest.param({"players": [{"meld_points": 12, "hand_points": 0}, {"meld_points": 30,
                  "hand_points": 4, "went_out": "no"}, {"meld_points": 0, "hand_points": 5}]},
                 "players.1.went_out", id="quick-went-out-no"),
    pytest.param({"players": [{"meld_points": 12, "hand_points": 0}, {"meld_points": 30},
                              {"meld_points": 0, "hand_points": 5}]},
                 "players.1.hand_points", id="quick-without-hand-points"),
]


@pytest.mark.parametrize(("hand", "field"), SHAPES)
def test_shapes_refused(client: FlaskClient, new_game: Any, hand: dict[str, Any],
                        field: str) -> None:
    game = make(new_game, players=3)
    before = snapshot(client, game.url)
    assert_error(game.record(hand), 422, field)
    assert snapshot(client, game.url) == before


# Checks 1 (rule level) to 9: (table, hand, the one field the 422 names). A table is a dict of
# options plus "players" (3 unless given).
RULES = [
    # 1. players list and length; forms; top-level keys.
    pytest.param({}, full(OUT, BO), "players", id="1-too-few-entries"),
    pytest.param({}, full(OUT, BO, CY, CY), "players", id="1-too-many-entries"),
    pytest.param({}, {"players": [OUT, BO, CY], "bid": "7H"}, "bid", id="1-other-variants-key"),
    pytest.param({}, full(OUT, {"meld_points": 30, "hand_points": 2}, CY), "players.1",
                 id="1-quick-among-full"),
    pytest.param({}, {"players": [{"meld_points": 30, "hand_points": 0},
                                  {"meld_points": 10, "hand_points": 2}, CY]}, "players.2",
                 id="1-full-among-quick"),
    pytest.param({}, {"players": [{"meld_points": 30, "hand_points": 0}, {},
                                  {"meld_points": 0, "hand_points": 5}]}, "players.1",
                 id="1-empty-entry-is-full-form"),
    pytest.param({}, full({**OUT, "meld_points": 24}, BO, CY), "players.0",
                 id="1-both-forms-in-full-hand"),
    pytest.param({}, {"players": [{"meld_points": 30, "hand_points": 0},
                                  {"meld_points": 10, "hand_points": 2, "hand": ["2C"]},
                                  {"meld_points": 0, "hand_points": 5}]}, "players.1",
                 id="1-both-forms-in-quick-hand"),
    # 2. every card readable and in the deck, in reading order.
    pytest.param({}, full({"melds": [["7H", "8H", "11H"]], "hand": []}, BO, CY),
                 "players.0.melds.0.2", id="2-rank-11"),
    pytest.param({}, full(OUT, BO, {"hand": ["5D", "ZZ"]}), "players.2.hand.1",
                 id="2-unreadable-in-hand"),
    pytest.param({}, full(OUT, BO, {"hand": ["5D", "13C"]}), "players.2.hand.1",
                 id="2-rank-13"),
    pytest.param({}, full({"melds": [["7H", "8H", "JK"]], "hand": []}, BO, CY),
                 "players.0.melds.0.2", id="2-joker-without-the-option"),
    pytest.param({}, full(OUT, {**BO, "hand": ["2C", "JKR"]}, CY), "players.1.hand.1",
                 id="2-red-joker-without-the-option"),
    pytest.param({}, full(OUT, {**BO, "layoffs": [lay("15H", 0, 0)]}, CY),
                 "players.1.layoffs.0.card", id="2-unreadable-layoff"),
    pytest.param({}, full({**OUT, "discard": "4X"}, BO, CY), "players.0.discard",
                 id="2-unreadable-discard"),
    pytest.param({}, full({"melds": [["7H", "8H", "9H"]], "layoffs": [lay("ZZ", 0, 0)],
                           "hand": ["13C"]}, BO, CY), "players.0.layoffs.0.card",
                 id="2-lay-offs-read-before-hand"),
    pytest.param({}, full({"melds": [["7H", "8H", "9H"], ["QZ", "QH", "QD"]], "hand": [],
                           "discard": "ZZ"}, BO, CY), "players.0.melds.1.0",
                 id="2-melds-read-before-discard"),
    pytest.param({}, full({"melds": [["7H", "8H", "9H"]], "hand": ["ZZ"]},
                          {"melds": [["QS", "QD", "11C"]]}, CY), "players.0.hand.0",
                 id="2-player-0-read-before-player-1"),
    pytest.param({}, full({**OUT, "discard": "4X"}, BO, {"melds": [["ZZ", "5S", "6S"]],
                                                          "hand": ["KC"]}),
                 "players.0.discard", id="2-player-0-discard-before-player-2-meld"),
    pytest.param({}, full(OUT, {**BO, "hand": ["7H"]}, {"hand": ["ZZ"]}), "players.2.hand.0",
                 id="2-before-3"),
    # 3. card counts over the whole hand; the occurrence that exceeds.
    pytest.param({}, full(OUT, {**BO, "hand": ["2C", "9H"]}, CY), "players.1.hand.1",
                 id="3-twice-with-one-deck"),
    pytest.param({}, full({"melds": [["7H", "8H", "9H"], ["7H", "7D", "7C"]], "hand": []},
                          BO, CY), "players.0.melds.1.0", id="3-twice-in-one-players-melds"),
    pytest.param({}, full({"melds": [["8H", "9H", "10H"]], "hand": []}, {**BO, "hand": ["th"]},
                          CY), "players.1.hand.0", id="3-ten-written-two-ways"),
    pytest.param({}, full({**OUT, "discard": "8H"}, BO, CY), "players.0.discard",
                 id="3-discard-already-melded"),
    pytest.param({}, full(OUT, {**BO, "layoffs": [lay("9H", 0, 0)]}, CY),
                 "players.1.layoffs.0.card", id="3-layoff-already-melded"),
    pytest.param(FIVE, full(OUT, {"melds": [["7H", "8H", "9H"]], "hand": ["2C"]},
                            {"hand": ["7h"]}, {"hand": ["2D"]}, {"hand": ["3D"]}),
                 "players.2.hand.0", id="3-three-times-with-two-decks"),
    pytest.param({"decks": 2}, full({"melds": [["AS", "AH", "AD"]], "hand": []},
                                    {"hand": ["AS", "AS"]}, CY), "players.1.hand.1",
                 id="3-three-times-with-decks-2"),
    pytest.param({"players": 5, "decks": 1}, full(OUT, {"hand": ["7H"]}, {"hand": ["2D"]},
                                                  {"hand": ["3D"]}, {"hand": ["4D"]}),
                 "players.1.hand.0", id="3-twice-with-decks-1-for-five"),
    pytest.param(J, full({"melds": [["7H", "8H", "JK"]], "hand": []},
                         {"melds": [["QS", "QD", "JK"]], "hand": ["2C"]}, {"hand": ["JK"]}),
                 "players.2.hand.0", id="3-three-jokers-with-one-deck"),
    pytest.param(J, full({"melds": [["7H", "8H", "JKR"]], "hand": []},
                         {"hand": ["2C", "JKR"]}, CY), "players.1.hand.1",
                 id="3-red-joker-twice-with-one-deck"),
    pytest.param(J, full({"melds": [["7H", "8H", "JKR"]], "hand": []},
                         {"melds": [["QS", "QD", "JKB"]], "hand": ["2C"]}, {"hand": ["jk"]}),
                 "players.2.hand.0", id="3-three-jokers-of-all-kinds"),
    pytest.param({"players": 5, "jokers": True},
                 full({"melds": [["7H", "8H", "JK"], ["JK", "2S", "3S"]], "hand": []},
                      {"melds": [["QS", "QD", "JKR"]], "hand": ["2C"]},
                      {"hand": ["JKB", "4D"]}, {"hand": ["JK"]}, {"hand": ["3D"]}),
                 "players.3.hand.0", id="3-five-jokers-with-two-decks"),
    pytest.param({}, full({"melds": [["7H", "8H"]], "hand": []}, {**BO, "hand": ["8H"]}, CY),
                 "players.1.hand.0", id="3-before-4"),
    # 4. each meld valid on its own.
    pytest.param({}, full({"melds": [["7H", "8H"]], "hand": []}, BO, CY), "players.0.melds.0",
                 id="4-two-cards"),
    pytest.param({}, full({"melds": [["KH", "AH", "2H"]], "hand": []}, BO, CY),
                 "players.0.melds.0", id="4-k-a-2"),
    pytest.param({}, full({"melds": [["7H", "8S", "9H"]], "hand": []}, BO, CY),
                 "players.0.melds.0", id="4-mixed-suits"),
    pytest.param({}, full({"melds": [["7H", "8H", "10H"]], "hand": []}, BO, CY),
                 "players.0.melds.0", id="4-gap"),
    pytest.param({}, full({"melds": [["7H", "7D", "8C"]], "hand": []}, BO, CY),
                 "players.0.melds.0", id="4-neither-set-nor-run"),
    pytest.param(FIVE, full({"melds": [["QS", "QH", "QD", "QC", "QS"]], "hand": []},
                            {"hand": ["2C"]}, {"hand": ["2D"]}, {"hand": ["3D"]},
                            {"hand": ["4D"]}), "players.0.melds.0", id="4-set-of-five"),
    pytest.param(FIVE, full({"melds": [["AS", "AS", "AH"]], "hand": []}, {"hand": ["2C"]},
                            {"hand": ["2D"]}, {"hand": ["3D"]}, {"hand": ["4D"]}),
                 "players.0.melds.0", id="4-set-with-a-suit-twice"),
    pytest.param(FIVE, full({"melds": [["7H", "7H", "8H"]], "hand": []}, {"hand": ["2C"]},
                            {"hand": ["2D"]}, {"hand": ["3D"]}, {"hand": ["4D"]}),
                 "players.0.melds.0", id="4-run-with-a-rank-twice"),
    pytest.param(FIVE, full({"melds": [["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H",
                                        "10H", "JH", "QH", "KH", "AH"]], "hand": []},
                            {"hand": ["2C"]}, {"hand": ["2D"]}, {"hand": ["3D"]},
                            {"hand": ["4D"]}), "players.0.melds.0", id="4-run-of-14"),
    pytest.param({"players": 5, "jokers": True},
                 full({"melds": [["JK", "JKR", "JKB"]], "hand": []}, {"hand": ["2C"]},
                      {"hand": ["2D"]}, {"hand": ["3D"]}, {"hand": ["4D"]}),
                 "players.0.melds.0", id="4-only-jokers"),
    pytest.param(J, full({"melds": [["7H", "7D", "7C", "7S", "JK"]], "hand": []}, BO, CY),
                 "players.0.melds.0", id="4-set-of-four-and-a-joker"),
    pytest.param(J, full({"melds": [["KH", "JK", "2H"]], "hand": []}, BO, CY),
                 "players.0.melds.0", id="4-joker-as-a-bridging-ace"),
    pytest.param({}, full({"melds": [["7H", "8H", "9H"], ["QS", "QD"]], "hand": []},
                          {"hand": ["2C"]}, CY), "players.0.melds.1", id="4-second-meld"),
    pytest.param({}, full(OUT, {"melds": [["QS", "QD", "QC"], ["2C", "3D", "4C"]],
                                "hand": ["5C"]}, CY), "players.1.melds.1",
                 id="4-another-players-meld"),
    pytest.param({}, full({**OUT, "layoffs": [lay("10H", 2, 0)]},
                          {"melds": [["QS", "QD"]], "hand": ["2C"]}, CY), "players.1.melds.0",
                 id="4-before-5"),
    # 5. each lay-off's onto names an existing meld.
    pytest.param({}, full(OUT, {**BO, "layoffs": [lay("10H", 3, 0)]}, CY),
                 "players.1.layoffs.0.onto", id="5-no-such-player"),
    pytest.param({}, full(OUT, {**BO, "layoffs": [lay("10H", 2, 0)]}, CY),
                 "players.1.layoffs.0.onto", id="5-player-without-melds"),
    pytest.param({}, full(OUT, {**BO, "layoffs": [lay("10H", 0, 1)]}, CY),
                 "players.1.layoffs.0.onto", id="5-no-such-meld"),
    pytest.param({}, full(OUT, {**BO, "layoffs": [lay("10H", 0, 0), lay("KS", 1, 5)]}, CY),
                 "players.1.layoffs.1.onto", id="5-second-layoff"),
    pytest.param({}, full(OUT, {**BO, "layoffs": [lay("JH", 0, 0)]},
                          {"layoffs": [lay("10C", 0, 3)], "hand": ["5D"]}),
                 "players.2.layoffs.0.onto", id="5-before-6"),
    # 6. each meld with everything laid off onto it is still a meld.
    pytest.param({}, full(OUT, {**BO, "layoffs": [lay("JH", 0, 0)]}, CY), "players.0.melds.0",
                 id="6-layoff-leaves-a-gap"),
    pytest.param({}, full(OUT, {**BO, "layoffs": [lay("10S", 0, 0)]}, CY), "players.0.melds.0",
                 id="6-layoff-of-another-suit"),
    pytest.param({}, full(OUT, {**BO, "layoffs": [lay("KS", 1, 0)]}, CY), "players.1.melds.0",
                 id="6-own-set-spoiled"),
    pytest.param({}, full({"melds": [["QH", "KH", "AH"]], "hand": []},
                          {**BO, "layoffs": [lay("2H", 0, 0)]}, CY), "players.0.melds.0",
                 id="6-k-a-2-by-layoff"),
    pytest.param({}, full({"melds": [["7H", "8H", "9H"], ["4S", "5S", "6S"]], "hand": []},
                          {**BO, "layoffs": [lay("10H", 0, 0), lay("3D", 0, 1)]}, CY),
                 "players.0.melds.1", id="6-second-meld-spoiled"),
    pytest.param(J, full({"melds": [["5H", "JK", "JK"]], "hand": []},
                         {**BO, "layoffs": [lay("5D", 0, 0)]},
                         {"layoffs": [lay("5C", 0, 0)], "hand": ["KH"]}),
                 "players.0.melds.0", id="6-set-grown-to-five"),
    pytest.param({}, full(OUT, {**BO, "layoffs": [lay("JH", 0, 0)], "hand": []}, CY),
                 "players.0.melds.0", id="6-before-7"),
    # 7. going out.
    pytest.param({}, full({**OUT, "hand": ["2S"], "went_out": True}, BO, CY),
                 "players.0.went_out", id="7-out-with-cards-in-hand"),
    pytest.param({}, full({**OUT, "went_out": False}, BO, CY), "players.0.went_out",
                 id="7-not-out-with-an-empty-hand"),
    pytest.param({}, full(OUT, {**BO, "hand": []}, CY), "players.1.went_out",
                 id="7-second-player-out"),
    pytest.param({}, full(OUT, BO, {"melds": [["4S", "5S", "6S"]], "went_out": True}),
                 "players.2.went_out", id="7-third-player-out-too"),
    pytest.param({}, full({"hand": []}, BO, CY), "players.0.went_out",
                 id="7-out-without-melding"),
    pytest.param({}, full({}, BO, CY), "players.0.went_out", id="7-empty-entry"),
    pytest.param({}, full(OUT, BO, {}), "players.2.went_out", id="7-empty-entry-second-out"),
    pytest.param({}, quick((30, 5, True), (20, 10), (0, 5)), "players.0.went_out",
                 id="7-quick-out-with-points-in-hand"),
    pytest.param({}, quick((30, 0, False), (20, 10), (0, 5)), "players.0.went_out",
                 id="7-quick-not-out-with-nothing-in-hand"),
    pytest.param({}, quick((30, 0), (20, 0), (0, 5)), "players.1.went_out",
                 id="7-quick-second-out"),
    pytest.param({}, quick((30, 0), (20, 5), (10, 0, True)), "players.2.went_out",
                 id="7-quick-third-out-too"),
    pytest.param({}, quick((0, 0), (20, 5), (0, 5)), "players.0.went_out",
                 id="7-quick-out-without-melding"),
    pytest.param({}, full(OUT, {**BO, "discard": "3S"},
                          {"melds": [["4S", "5S", "6S"]]}), "players.2.went_out",
                 id="7-before-8"),
    pytest.param({}, quick((300, 0), (50, 0), (40, 7)), "players.1.went_out",
                 id="7-before-9"),
    # 8. the discard.
    pytest.param({}, full(OUT, {**BO, "discard": "3S"}, CY), "players.1.discard",
                 id="8-discard-by-a-player-not-out"),
    pytest.param({}, full({**OUT, "hand": ["2S"], "discard": "3S"}, BO, CY),
                 "players.0.discard", id="8-discard-when-nobody-went-out"),
    pytest.param({"boathouse": True}, full(OUT, BO, CY), "players.0.discard",
                 id="8-boathouse-without-discard"),
    pytest.param({"boathouse": True}, full({**OUT, "discard": "4C"}, {**BO, "discard": "3S"},
                                           CY), "players.1.discard",
                 id="8-boathouse-discard-by-another"),
    # 9. quick form: no more points than the decks hold.
    pytest.param({}, quick((300, 0), (50, 20), (20, 7)), "players", id="9-over-one-deck"),
    pytest.param(J, quick((300, 0), (80, 20), (20, 7)), "players",
                 id="9-over-one-deck-with-jokers"),
    pytest.param(FIVE, quick((500, 0), (200, 50), (20, 10), (5, 5), (1, 2)), "players",
                 id="9-over-two-decks"),
    pytest.param({"decks": 2}, quick((500, 0), (200, 50), (30, 13)), "players",
                 id="9-over-decks-2"),
    pytest.param({"players": 5, "jokers": True},
                 quick((500, 0), (200, 50), (50, 30), (10, 10), (1, 2)), "players",
                 id="9-over-two-decks-with-jokers"),
    pytest.param({"players": 5, "decks": 1}, quick((300, 0), (50, 20), (20, 5), (1, 1),
                                                   (0, 1)), "players",
                 id="9-over-decks-1-for-five"),
]


def table(setup: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    options = dict(setup)
    return options.pop("players", 3), options


@pytest.mark.parametrize(("setup", "hand", "field"), RULES)
def test_rule_refusals_store_nothing(client: FlaskClient, new_game: Any,
                                     setup: dict[str, Any], hand: dict[str, Any],
                                     field: str) -> None:
    players, options = table(setup)
    game = make(new_game, players=players, **options)
    before = snapshot(client, game.url)
    body = refused_exactly(game.record(hand), field)
    assert body["errors"][field] and all(isinstance(m, str) for m in body["errors"][field])
    assert snapshot(client, game.url) == before


@pytest.mark.parametrize(("setup", "hand", "field"), RULES)
def test_rule_refusals_in_corrections_store_nothing(client: FlaskClient, new_game: Any,
                                                    setup: dict[str, Any],
                                                    hand: dict[str, Any], field: str) -> None:
    players, options = table(setup)
    game = make(new_game, players=players, **options)
    # Hand 1 by cards, with a final discard so that boathouse tables accept it too.
    record(game, full({"melds": [["7S", "8S", "9S"]], "hand": [], "discard": "2D"},
                      *[{"hand": [f"{seat + 2}C"]} for seat in range(1, players)]))
    before = snapshot(client, game.url)
    refused_exactly(client.put(f"{game.url}/hands/1", json=hand, headers=game.auth()), field)
    assert snapshot(client, game.url) == before


def test_laying_off_onto_anothers_meld_needs_a_meld_of_ones_own(
        client: FlaskClient, new_game: Any) -> None:
    """Seed 002 (RULES.md, decisions of 2026-11-27): option layoff_needs_own_meld, on by
    default; a player's own meld is one in their melds of this hand."""
    variant = client.get(f"{API}/variants/rummy-500").get_json()
    option = variant["options"]["layoff_needs_own_meld"]
    assert (option["type"], option["default"]) == ("boolean", True)
    assert option["label"] and "meld of" in option["description"]
    hand = {"players": [
        {"melds": [["7H", "8H", "9H"]], "hand": [], "went_out": True},
        {"layoffs": [{"card": "10H", "onto": [0, 0]}], "hand": ["2C"]},
        {"melds": [["KS", "KD", "KC"]], "layoffs": [{"card": "6H", "onto": [0, 0]}],
         "hand": ["3D"]}]}
    game = make(new_game)
    before = snapshot(client, game.url)
    for refused in (game.record(hand), client.post(f"{game.url}/hands/preview", json=hand)):
        body = assert_error(refused, 422, "players.1.layoffs.0")
        assert body["rule"] == "layoff_own_meld"
        assert "meld of one's own" in body["message"] and "Bo" in body["message"]
    assert snapshot(client, game.url) == before
    # Cy laid her kings: her lay-off onto Ann's run stands. Bo's is allowed where the table
    # lets anyone lay off.
    open_table = make(new_game, layoff_needs_own_meld=False)
    recorded = open_table.record(hand)
    assert recorded.status_code == 201, recorded.get_json()
    assert recorded.get_json()["deltas"] == [24 + 0, 10 - 2, 30 + 6 - 3]
    bo_melds = {**hand["players"][1], "melds": [["4C", "5C", "6C"]]}
    with_meld = game.record({"players": [hand["players"][0], bo_melds, hand["players"][2]]})
    assert with_meld.status_code == 201, with_meld.get_json()


def test_an_export_written_before_the_own_meld_rule_imports_as_it_was_played(
        client: FlaskClient, new_game: Any) -> None:
    """An export without layoff_needs_own_meld predates it: its game let anyone lay off, and
    it imports that way; an export that says the rule is on is scored by it."""
    hand = {"players": [
        {"melds": [["7H", "8H", "9H"]], "hand": [], "went_out": True},
        {"layoffs": [{"card": "10H", "onto": [0, 0]}], "hand": ["2C"]},
        {"hand": ["3D"]}]}
    game = make(new_game, layoff_needs_own_meld=False)
    assert game.record(hand).status_code == 201
    exported = client.get(f"{game.url}/export").get_json()
    del exported["options"]["layoff_needs_own_meld"]
    imported = client.post(f"{API}/games/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    assert imported.get_json()["options"]["layoff_needs_own_meld"] is False
    exported["options"]["layoff_needs_own_meld"] = True
    refused = client.post(f"{API}/games/import", json=exported)
    assert assert_error(refused, 422)["rule"] == "layoff_own_meld"
