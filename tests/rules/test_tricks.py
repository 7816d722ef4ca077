"""The trick referee: card order, cancelling, what the explanation says, and what it refuses."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.cards import Card
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.tricks import TrickRuling, adjudicate_trick
from tests.rules.helpers import FIVE_HUNDRED_PLUS_PLUS, tricks, variant_of


def play(seat: int, card: str, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "card": card, **extra}


def judge(variant: str, options: dict[str, Any] | None, contract: object, plays: object,
          players: object = None, sides: object = None, led_before: object = None) -> TrickRuling:
    game = variant_of(variant)
    table = game.referee_table(game.resolve_options(options or {}), players, sides)
    return adjudicate_trick(game, table, contract, plays, led_before)


def rule(contract: object, *plays: object, variant: str = "australian-500",
         options: dict[str, Any] | None = None, **extra: Any) -> TrickRuling:
    return judge(variant, options, contract, list(plays), **extra)


def refused(contract: object, plays: object, field: str, *, variant: str = "australian-500",
            options: dict[str, Any] | None = None, **extra: Any) -> str:
    with pytest.raises(RuleViolation) as error:
        judge(variant, options, contract, plays, **extra)
    assert error.value.field == field, error.value.message
    return error.value.message


# -- card order and the words for it -----------------------------------------------------------


def test_left_bower_is_a_trump() -> None:
    ruling = rule("7H", play(1, "10D"), play(2, "JD"), play(3, "AD"), play(0, "5H"))
    assert (ruling.winner, ruling.seat, ruling.card) == (1, 2, Card("J", "D"))
    assert ruling.explanation == (
        "Hearts are trumps.",
        "The jack of diamonds is the left bower in hearts, the highest trump in the trick.",
        "Seat 2 wins the trick with the jack of diamonds.")


def test_joker_is_the_highest_trump() -> None:
    ruling = rule("7H", play(1, "10D"), play(2, "JD"), play(3, "JK"), play(0, "JH"))
    assert ruling.explanation == (
        "Hearts are trumps.",
        "The jack of diamonds is the left bower in hearts, a trump.",
        "The joker is the highest trump.",
        "Seat 3 wins the trick with the joker.")


def test_no_trump_played_highest_of_the_suit_led() -> None:
    ruling = rule("8S", play(3, "9D"), play(0, "AD"), play(1, "AH"), play(2, "JH"))
    assert ruling.seat == 0
    assert ruling.explanation[1:] == (
        "No trump was played, so the highest diamond wins: the ace of diamonds.",
        "Seat 0 wins the trick with the ace of diamonds.")


def test_no_trumps_joker_led_names_the_suit() -> None:
    ruling = rule("7NT", play(1, "JK", named_suit="s"), play(2, "AS"), play(3, "KS"),
                  play(0, "JC"), led_before=["H"])
    assert ruling.seat == 1
    assert ruling.explanation == (
        "No trumps: the joker is the only trump.",
        "The joker is led naming spades.",
        "The joker is the highest trump.",
        "Seat 1 wins the trick with the joker.")


def test_no_trumps_has_no_left_bower() -> None:
    assert rule("7NT", play(0, "QH"), play(1, "JD"), play(2, "5H"), play(3, "JH")).seat == 0


def test_j5_jacks_rank_above_aces() -> None:
    ruling = rule("7J5", play(0, "AS"), play(1, "JS"), play(2, "JC"), play(3, "KS"),
                  options={"j5": True})
    assert ruling.seat == 1
    assert ruling.explanation[0] == ("7NT (J5) is played at no-trumps with each jack above its "
                                     "ace; the joker is the only trump.")


def test_misere_is_played_at_no_trumps_with_the_partner_out() -> None:
    ruling = rule("MIS", play(1, "JS"), play(2, "AS"), play(0, "KS"))  # seat 3 sits out
    assert ruling.seat == 2
    assert ruling.explanation[0] == "Misère is played at no-trumps: the joker is the only trump."


def test_six_player_ranks() -> None:
    ruling = rule("8S", *(play(s, c) for s, c in enumerate(["12H", "13H", "11H", "10H", "5S",
                                                            "QD"])), players=6)
    assert (ruling.seat, ruling.card.code) == (4, "5S")


def test_quebec_petit_bord_and_blanche() -> None:
    ruling = rule("7H", play(1, "AS"), play(2, "JD"), play(3, "JKB"), play(0, "JKR"),
                  variant="quebec-500")
    assert ruling.explanation == (
        "Hearts are trumps.",
        "The jack of diamonds is the petit bord in hearts, a trump.",
        "La blanche is the highest card.",
        "Seat 3 wins the trick with la blanche.")
    ruling = rule("7H", play(1, "AS"), play(2, "JD"), play(3, "KH"), play(0, "4S"),
                  variant="quebec-500")
    assert ruling.explanation[1] == ("The jack of diamonds is the petit bord in hearts, the "
                                     "highest trump in the trick.")


def test_quebec_bonhomme_at_no_trumps() -> None:
    ruling = rule("6NT", play(2, "JKR", named_suit="D"), play(3, "AD"), play(0, "KD"),
                  play(1, "QD"), variant="quebec-500")
    assert ruling.seat == 2
    assert ruling.explanation == (
        "No trumps: la blanche and le bonhomme are the only trumps.",
        "Le bonhomme is led naming diamonds.",
        "Le bonhomme is the highest trump after la blanche, which was not played.",
        "Seat 2 wins the trick with le bonhomme.")


# -- Five-Hundred++ ----------------------------------------------------------------------------


def test_megatrump_beats_the_joker() -> None:
    ruling = rule("8D", play(0, "JK"), play(1, "8D"), play(2, "JD"), play(3, "AD"),
                  options={"megatrump": True})
    assert ruling.explanation[1:] == (
        "The eight of diamonds is the megatrump, the highest trump.",
        "Seat 1 wins the trick with the eight of diamonds.")


def test_megatrump_comes_from_the_tricks_of_a_fractional_bid() -> None:
    ruling = rule("6.3H", play(0, "AH"), play(1, "6H"), play(2, "JK"), play(3, "4S"),
                  options={"megatrump": True, "fractional_bidding": True})
    assert ruling.card == Card("6", "H")


def test_megatrump_and_anti_megatrump_cancel() -> None:
    ruling = rule("8D", play(1, "8D"), play(2, "8C"), play(3, "6S"), play(0, "5S"),
                  options={"megatrump": True, "anti_megatrump": True})
    assert ruling.explanation == (
        "Diamonds are trumps.",
        "The megatrump and the anti-megatrump cancel each other.",
        "Nothing with value follows the suit led, so the highest anti-card wins: the "
        "anti-megatrump, the eight of clubs.",
        "Seat 2 wins the trick with the eight of clubs.")
    ruling = rule("8D", play(1, "8D"), play(2, "8C"), play(3, "5D"), play(0, "5S"),
                  options={"megatrump": True, "anti_megatrump": True})
    assert ruling.seat == 3


def test_anti_megatrump_belongs_to_both_suits() -> None:
    options = {"megatrump": True, "anti_megatrump": True}
    ruling = rule("8H", play(0, "AS"), play(1, "8S"), play(2, "KS"), play(3, "7H"),
                  options=options)
    assert ruling.seat == 1
    ruling = rule("8H", play(0, "8S"), play(1, "9H"), play(2, "AS"), play(3, "5C"),
                  options=options)
    assert ruling.seat == 1  # the nine of trumps ranks above the anti-megatrump's place


def test_anti_joker_cancels_the_joker_and_the_bowers() -> None:
    ruling = rule("7H", play(1, "AS"), play(2, "JD"), play(3, "JKB"), play(0, "JKR"),
                  options={"second_joker": True})
    assert ruling.seat == 1
    assert ruling.explanation == (
        "Hearts are trumps.",
        "The red joker is the joker in hearts; the black joker is the anti-joker.",
        "The anti-joker cancels the joker and the left bower.",
        "No trump with value was played, so the highest spade wins: the ace of spades.",
        "Seat 1 wins the trick with the ace of spades.")
    ruling = rule("7H", play(1, "JKB"), play(2, "JD"), play(3, "JH"), play(0, "5S"),
                  options={"second_joker": True})
    assert ruling.seat == 1
    assert ruling.explanation[2:] == (
        "The anti-joker cancels the bowers.",
        "Nothing with value follows the suit led, so the highest anti-card wins: the "
        "anti-joker, the black joker.",
        "Seat 1 wins the trick with the black joker.")


def test_anti_joker_at_no_trumps_cancels_only_the_joker() -> None:
    ruling = rule("7NT", play(0, "JKR", named_suit="C"), play(1, "5C"), play(2, "JKB"),
                  play(3, "KC"), options={"second_joker": True})
    assert ruling.seat == 3
    assert ruling.explanation[:4] == (
        "No trumps: the joker is the only trump.",
        "The black joker is the joker at no-trumps; the red joker is the anti-joker.",
        "The anti-joker is led naming clubs.",
        "The anti-joker cancels the joker.")


def test_anti_joker_played_as_a_suit_shown_void_has_no_value() -> None:
    ruling = rule("7H", play(1, "AS"), play(2, "JD"), play(3, "JKB", shown_void=["S"]),
                  play(0, "JKR"), options={"second_joker": True})
    assert ruling.seat == 0
    assert ruling.explanation[2:] == (
        "The jack of diamonds is the left bower in hearts, a trump.",
        "Seat 3 showed void in spades earlier, so the anti-joker, played as a spade, has no "
        "value.",
        "The red joker is the highest trump.",
        "Seat 0 wins the trick with the red joker.")


def test_anti_joker_named_as_another_suit_keeps_its_value() -> None:
    ruling = rule("7H", play(1, "AS"), play(2, "JKB", named_suit="D", shown_void=["S"]),
                  play(3, "JKR"), play(0, "KS"), options={"second_joker": True})
    assert ruling.seat == 1


def test_anti_joker_after_the_anti_megatrump_may_follow_either_suit() -> None:
    # The 8S leads spades and hearts; void in spades, the anti-joker still follows as a heart.
    ruling = rule("8H", play(0, "8S"), play(1, "JKB", shown_void=["S"]), play(2, "JKR"),
                  play(3, "5C"), options=FIVE_HUNDRED_PLUS_PLUS)
    assert ruling.card == Card("8", "S")


def test_an_anti_joker_without_value_led_sets_no_suit() -> None:
    ruling = rule("7H", play(0, "JKB", shown_void=["H"]), play(1, "5S"), play(2, "AD"),
                  play(3, "KS"), options={"second_joker": True})
    assert (ruling.seat, ruling.card.code) == (3, "KS")
    assert ruling.explanation[-2] == (
        "The anti-joker led has no value and nobody followed it, so the first card after it "
        "sets the suit, and the highest spade wins: the king of spades.")


# -- what the referee refuses --------------------------------------------------------------------

TRICK = [play(0, "AS"), play(1, "KS"), play(2, "QS"), play(3, "JS")]


@pytest.mark.parametrize(("contract", "plays", "field", "extra"), [
    (7, TRICK, "contract", {}),
    ("7X", TRICK, "contract", {}),
    ("MIS", TRICK, "plays", {}),
    ("7H", "AS KS QS JS", "plays", {}),
    ("7H", TRICK[:3], "plays", {}),
    ("7H", [*TRICK[:3], "JS"], "plays.3", {}),
    ("7H", [*TRICK[:3], {"seat": 3, "card": "JS", "trump": True}], "plays.3.trump", {}),
    ("7H", [*TRICK[:3], {"seat": True, "card": "JS"}], "plays.3.seat", {}),
    ("7H", [*TRICK[:3], {"seat": "3", "card": "JS"}], "plays.3.seat", {}),
    ("7H", [*TRICK[:3], {"card": "JS"}], "plays.3.seat", {}),
    ("7H", [*TRICK[:3], play(4, "JS")], "plays.3.seat", {}),
    ("7H", [*TRICK[:3], play(1, "JS")], "plays.3.seat", {}),
    ("7H", [TRICK[0], TRICK[2], TRICK[1], TRICK[3]], "plays.1.seat", {}),
    ("7H", [*TRICK[:3], {"seat": 3, "card": 11}], "plays.3.card", {}),
    ("7H", [*TRICK[:3], play(3, "1S")], "plays.3.card", {}),
    ("7H", [*TRICK[:3], play(3, "as")], "plays.3.card", {}),  # the ace of spades again
    ("7H", [*TRICK[:3], play(3, "3S")], "plays.3.card", {}),
    ("7H", [*TRICK[:3], play(3, "JKR")], "plays.3.card", {}),
    ("7H", [*TRICK[:3], play(3, "5S", named_suit="S")], "plays.3.named_suit", {}),
    ("7H", [*TRICK[:3], play(3, "JK", named_suit="S")], "plays.3.named_suit", {}),
    ("7H", [*TRICK[:3], play(3, "5S", named_suit="spades")], "plays.3.named_suit", {}),
    ("7H", [*TRICK[:3], play(3, "5S", shown_void="S")], "plays.3.shown_void", {}),
    ("7H", [*TRICK[:3], play(3, "5S", shown_void=["S"])], "plays.3.card", {}),
    ("7H", [*TRICK[:3], play(3, "JD", shown_void=["H"])], "plays.3.card", {}),
    ("7NT", [play(0, "JK"), *TRICK[1:]], "plays.0.named_suit", {}),
    ("7NT", [play(0, "JK", named_suit="S"), *TRICK[1:]], "plays.0.named_suit",
     {"led_before": ["S"]}),
    ("7NT", TRICK, "led_before", {"led_before": "S"}),
    ("7NT", TRICK, "led_before", {"led_before": ["X"]}),
    ("7NT", TRICK, "players", {"players": 7}),
    ("7NT", TRICK, "sides", {"sides": 4}),
])
def test_refused(contract: object, plays: object, field: str, extra: dict[str, Any]) -> None:
    refused(contract, plays, field, **extra)


def test_refusals_say_why_in_words() -> None:
    message = refused("7H", [*TRICK[:3], play(3, "4D")], "plays.3.card",
                      options={"second_joker": True})
    assert message == "the 4♦ is not in this deck: the second joker replaces it"
    message = refused("7H", [*TRICK[:3], play(3, "JK")], "plays.3.card", variant="quebec-500")
    assert "la blanche" in message
    plays = [play(s, c) for s, c in zip((0, 1, 3, 4), ("AS", "KS", "QS", "JS"), strict=True)]
    message = refused("MIS", plays, "plays", players=6)
    assert message == ("in Misère only the bidder's partners sit out, but seats 2 and 5 are not "
                       "partners")


def test_five_hundred_plus_plus_play_needs_four_players() -> None:
    plays = [play(0, "AH"), play(1, "KH"), play(2, "QH")]
    refused("8H", plays, "options.megatrump", options={"megatrump": True}, players=3)


def test_misere_partners_sit_out_in_six_player_games() -> None:
    plays = [play(s, c) for s, c in [(1, "AC"), (2, "KC"), (3, "QC"), (5, "2C")]]
    assert rule("MIS", *plays, players=6).seat == 1  # seats 4 and 0 are seat 2's partners
    refused("MIS", plays[:3], "plays", players=6)


# -- rotating the seats --------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(tricks(), st.integers(1, 3))
def test_rotating_the_seats_never_changes_the_winner(
        trick: tuple[ContractVariant, dict[str, Any], str, list[dict[str, Any]]],
        k: int) -> None:
    variant, options, contract, plays = trick
    table = variant.referee_table(options)
    ruling = adjudicate_trick(variant, table, contract, plays)
    for turn in range(1, 4):
        turned = [{**p, "seat": (p["seat"] + turn * k) % 4} for p in plays]
        rotated = adjudicate_trick(variant, table, contract, turned)
        assert (rotated.winner, rotated.card) == (ruling.winner, ruling.card)
        assert rotated.explanation[:-1] == ruling.explanation[:-1]
