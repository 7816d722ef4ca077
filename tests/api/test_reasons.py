"""Every hand reply carries `reasons`, one per line of `explanation`, in the same order."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.reasons import REASONS, Reason
from scorekeeper.rules.sentences import render

HAND = {"bidder": 1, "bid": "7H", "tricks": [3, 7]}
EXPECTED = [
    {"code": "contract_made",
     "params": {"bid": "7H", "bid_name": "7♥", "points": 200,
                "declarers": {"side": "East-West", "partner": None, "alone": None}}},
    {"code": "tricks_won", "params": {"side": "North-South", "tricks": 3, "points": 30}},
]


def in_order(reply: dict[str, Any]) -> list[dict[str, Any]]:
    reasons: list[dict[str, Any]] = reply["reasons"]
    assert [render(Reason.from_dict(r)) for r in reasons] == reply["explanation"]
    assert all(r["code"] in REASONS for r in reasons)
    return reasons


def test_reasons_on_preview_record_get_and_list(new_game: Any) -> None:
    game = new_game()
    preview = game.client.post(f"{game.url}/hands/preview", json=HAND).get_json()
    assert preview["explanation"] == ["7♥ made by East-West: +200",
                                      "North-South took 3 tricks: +30"]
    assert in_order(preview) == EXPECTED
    recorded = game.record(HAND).get_json()
    assert in_order(recorded) == EXPECTED
    assert in_order(game.client.get(f"{game.url}/hands/1").get_json()) == EXPECTED
    assert [in_order(hand) for hand in game.client.get(f"{game.url}/hands").get_json()] == [
        EXPECTED]


def test_a_correction_gives_the_new_reasons(new_game: Any) -> None:
    game = new_game()
    game.record(HAND)
    game.record({"passed_out": True})
    fixed = game.client.put(f"{game.url}/hands/1", json={"bidder": 1, "bid": "7H",
                                                         "tricks": [4, 6]},
                            headers=game.auth()).get_json()
    assert [r["code"] for r in in_order(fixed)] == ["contract_failed", "tricks_won"]
    hands = game.client.get(f"{game.url}/hands").get_json()
    assert [[r["code"] for r in in_order(hand)] for hand in hands] == [
        ["contract_failed", "tricks_won"], ["passed_out_redeal"]]


def test_reasons_are_the_same_whatever_the_language_asked(new_game: Any) -> None:
    game = new_game()
    game.record(HAND)
    replies = [game.client.get(f"{game.url}/hands/1", headers=headers).get_json()
               for headers in ({}, {"Accept-Language": "fr"}, {"Accept-Language": "it"})]
    replies.append(game.client.get(f"{game.url}/hands/1?lang=it").get_json())
    assert all(reply["reasons"] == EXPECTED for reply in replies)


def test_cinquecento_and_rummy_hands_carry_reasons(client: Any) -> None:
    for body, hand, codes in (
            ({"variant": "cinquecento", "sides": [{"name": "Us", "players": ["Ann", "Cy"]},
                                                  {"name": "Them", "players": ["Bo", "Di"]}]},
             {"points": [68, 52], "mariannas": [{"side": 0, "suit": "coins"},
                                                {"side": 1, "suit": "cups"}]},
             ["card_points", "card_points", "marianna_trump", "marianna"]),
            ({"variant": "rummy-500", "sides": [{"name": "Ann", "players": ["Ann"]},
                                                {"name": "Bo", "players": ["Bo"]}]},
             {"players": [{"meld_points": 40, "hand_points": 0, "went_out": True},
                          {"meld_points": 0, "hand_points": 10}]},
             ["rummy_counted", "rummy_counted", "went_out"])):
        game = client.post("/api/v1/games", json=body).get_json()
        reply = client.post(f"/api/v1/games/{game['id']}/hands", json=hand,
                            headers={"Authorization": f"Bearer {game['token']}"}).get_json()
        assert [r["code"] for r in in_order(reply)] == codes, reply


def test_an_import_scores_its_hands_again_for_their_reasons(new_game: Any) -> None:
    """An import keeps the exported sentences; their reasons are the rules' own, or, for a hand
    whose sentences read otherwise (an older wording), each sentence word for word."""
    game = new_game()
    game.record(HAND)
    game.record({"passed_out": True})
    exported = game.client.get(f"{game.url}/export").get_json()
    exported["hands"][1]["explanation"] = ["All passed: nothing scored"]
    imported = game.client.post("/api/v1/games/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    hands = game.client.get(f"/api/v1/games/{imported.get_json()['id']}/hands").get_json()
    assert in_order(hands[0]) == EXPECTED
    assert in_order(hands[1]) == [{"code": "as_recorded",
                                   "params": {"sentence": "All passed: nothing scored"}}]
