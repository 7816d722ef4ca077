"""Properties of the hands API, checked with hypothesis on random games and random bad input.

(a) Scores are the running sum of the hands' deltas, and the deltas are the Avondale table's.
(b) Correcting hand k gives exactly what recording the corrected sequence from scratch gives,
    and is refused (with the same status) exactly when that recording would be.
(c) Whatever JSON a client sends, the answer is never a 5xx; a 4xx has the error shape and
    changes nothing.

The app and its client are the function-scoped fixtures; every example makes new games in them.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.api.helpers import GAMES, Game, assert_error
from tests.helpers import TWO_SIDES

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                         HealthCheck.too_slow,
                                                         HealthCheck.data_too_large])
DENOMINATIONS = ["S", "C", "D", "H", "NT"]
AVONDALE = {f"{n}{d}": (n, 40 + 20 * i + 100 * (n - 6))
            for n in range(6, 11) for i, d in enumerate(DENOMINATIONS)}
OPEN = {"target": 1_000_000, "lose_at": None}
RALPHING = {"ralphing": True, "lose_at": None}

# -- strategies ----------------------------------------------------------------------------------

contract_hands = st.builds(
    lambda bidder, bid, taken: {"bidder": bidder, "bid": bid, "tricks": [taken, 10 - taken]},
    st.integers(0, 3), st.sampled_from(sorted(AVONDALE)), st.integers(0, 10))
hands = st.one_of(contract_hands, contract_hands, contract_hands, contract_hands,
                  st.just({"passed_out": True}))
game_options = st.sampled_from([OPEN, {}, RALPHING])

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(),
    st.integers(min_value=-(2**200), max_value=2**200),
    # JSON has no NaN or Infinity (the test client will not write them; their refusal as raw
    # bodies is tested in test_unsafe_text.py).
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=20))
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.text(max_size=10), inner, max_size=5)),
    max_leaves=20)
bid_codes = st.sampled_from([*AVONDALE, "MIS", "OMIS", "BMIS", "DNUL", "PAT", "HILO", "7J5",
                             "7h", " 8nt ", "", "11H", "6.3H", "JK"])


def mostly(plausible: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Usually a plausible value (so the body gets past the schema to the rules), else anything."""
    return st.one_of(plausible, plausible, plausible, json_values)


hand_fields = {
    "bidder": mostly(st.integers(-3, 70)),
    "bid": mostly(bid_codes),
    "tricks": mostly(st.lists(st.integers(-2, 12), max_size=4)),
    "passed_out": mostly(st.booleans()),
}
hand_like = st.fixed_dictionaries({}, optional=hand_fields)
near_contract = st.fixed_dictionaries(
    {"bidder": mostly(st.integers(0, 4)), "bid": mostly(bid_codes),
     "tricks": mostly(st.one_of(st.integers(0, 10).map(lambda t: [t, 10 - t]),
                                st.lists(st.integers(-1, 11), max_size=3)))},
    optional={"passed_out": mostly(st.booleans())})
near_pass_out = st.fixed_dictionaries(
    {"passed_out": mostly(st.booleans())},
    optional={"tricks": mostly(st.lists(st.integers(0, 10), max_size=3)),
              "bidder": st.integers(0, 3), "bid": bid_codes})
hand_bodies = st.one_of(json_values, hand_like, near_contract, near_contract, near_pass_out,
                        st.builds(lambda h, extra: {**h, **extra}, near_contract,
                                  st.dictionaries(st.text(max_size=8), json_values, max_size=2)))
option_values = mostly(st.sampled_from(
    [True, False, None, 0, 1, -1, 10, 490, 500, -500, 2**63, -(2**63), 2**100, "any",
     "contract", "redeal", "no-trump", "next-dealer", "dealer-must-bid", "after-7", "by-value",
     "american"]))
option_names = st.sampled_from(["target", "lose_at", "win_on", "slam_bonus",
                                "defender_trick_points", "defender_cap", "misere", "misere_rank",
                                "open_misere", "blind_misere", "double_nullo", "patastrophe",
                                "hi_lo", "j5", "misere_defender_tricks", "pass_out", "ralphing",
                                "auction", "no_such_option"])
player_lists = st.lists(st.text(min_size=1, max_size=3), min_size=1, max_size=4)
sides_values = mostly(st.one_of(
    st.just(TWO_SIDES),
    st.lists(st.fixed_dictionaries({"name": mostly(st.text(min_size=1, max_size=4)),
                                    "players": mostly(player_lists)}), max_size=4),
    st.integers(1, 4).flatmap(lambda size: st.lists(st.fixed_dictionaries(
        {"name": st.text(min_size=1, max_size=4),
         "players": st.lists(st.text(min_size=1, max_size=3), min_size=size, max_size=size)}),
        min_size=1, max_size=4))))
game_bodies = st.one_of(
    json_values,
    st.fixed_dictionaries({}, optional={
        "variant": json_values, "options": json_values, "sides": json_values,
        "first_dealer": json_values}),
    st.fixed_dictionaries(
        {"variant": mostly(st.sampled_from(["australian-500", "quebec-500", ""])),
         "sides": sides_values},
        optional={"options": mostly(st.dictionaries(option_names, option_values, max_size=4)),
                  "first_dealer": mostly(st.integers(-2, 8))}))


def decisive(bidder: int) -> st.SearchStrategy[dict[str, Any]]:
    """Hands that end a game at the defaults (10NT made) or ralph their bidder (10H, 5 tricks)."""
    side = bidder % 2
    return st.sampled_from([
        {"bidder": bidder, "bid": "10NT", "tricks": [10, 0] if side == 0 else [0, 10]},
        {"bidder": bidder, "bid": "10H", "tricks": [5, 5]}])


# -- helpers -------------------------------------------------------------------------------------


def standing(state: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(state.get(k) for k in ("status", "winner", "scores", "hands_played", "dealer",
                                        "barred_seat"))


def without_times(listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in h.items() if k != "recorded_at"} for h in listed]


def avondale_deltas(entered: dict[str, Any]) -> list[int]:
    """The reference scoring of an ordinary bid under the default scoring options."""
    if entered.get("passed_out"):
        return [0, 0]
    needed, value = AVONDALE[entered["bid"]]
    side = entered["bidder"] % 2
    taken = entered["tricks"][side]
    points = (250 if taken == 10 and value < 250 else value) if taken >= needed else -value
    deltas = [0, 0]
    deltas[side] = points
    deltas[1 - side] = 10 * entered["tricks"][1 - side]
    return deltas


def record_until_refused(game: Game, sequence: list[dict[str, Any]]) -> tuple[int, Any]:
    """Record the hands in order; return how many were accepted and the first refusal (or None)."""
    for count, entered in enumerate(sequence):
        response = game.record(entered)
        if response.status_code != 201:
            return count, response
    return len(sequence), None


# -- (a) scores are the running sum of the deltas --------------------------------------------------


@settings(SETTINGS, max_examples=40)
@given(sequence=st.lists(hands, min_size=1, max_size=12),
       options=st.sampled_from([OPEN, {}]))
def test_scores_are_the_running_sum_of_the_deltas(client: FlaskClient,
                                                  sequence: list[dict[str, Any]],
                                                  options: dict[str, Any]) -> None:
    game = Game(client, options)
    running = [0, 0]
    played = 0
    for entered in sequence:
        response = game.record(entered)
        if response.status_code == 409:  # the game ended with the previous hand
            assert game.state()["status"] == "finished"
            break
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        played += 1
        assert body["number"] == played
        assert body["deltas"] == avondale_deltas(entered)
        running = [s + d for s, d in zip(running, body["deltas"], strict=True)]
        assert body["scores"] == running == body["game"]["scores"]

    listed = game.hands()
    state = game.state()
    event(f"game: {state['status']}")
    assert [h["number"] for h in listed] == list(range(1, played + 1))
    total = [sum(h["deltas"][side] for h in listed) for side in (0, 1)]
    assert state["scores"] == total == running
    partial = [0, 0]
    for listed_hand in listed:
        partial = [s + d for s, d in zip(partial, listed_hand["deltas"], strict=True)]
        assert listed_hand["scores"] == partial
    assert state["hands_played"] == played
    if state["status"] == "finished":
        assert options == {} and state["winner"] in (0, 1)
        assert max(running) >= 500 or min(running) <= -500
        assert game.record({"passed_out": True}).status_code == 409
    else:
        assert state["winner"] is None
        assert options == OPEN or (max(running) < 500 and min(running) > -500)


# -- (b) a correction equals recording the corrected sequence from scratch -------------------------


@settings(SETTINGS, max_examples=100)
@given(options=game_options, sequence=st.lists(hands, min_size=1, max_size=8), data=st.data())
def test_correction_equals_recording_from_scratch(client: FlaskClient, options: dict[str, Any],
                                                  sequence: list[dict[str, Any]],
                                                  data: st.DataObject) -> None:
    corrected_game = Game(client, options)
    accepted: list[dict[str, Any]] = []
    for entered in sequence:  # keep the hands the game takes: ralphed bidders are refused
        response = corrected_game.record(entered)
        if response.status_code == 409:
            break
        if response.status_code == 201:
            accepted.append(entered)
        else:
            assert_error(response, 422, "bidder")
    if not accepted:
        return
    k = data.draw(st.integers(1, len(accepted)), label="k")
    following = accepted[k].get("bidder", 0) if k < len(accepted) else 0
    replacement = data.draw(st.one_of(hands, decisive(following)), label="replacement")
    before = corrected_game.state(), corrected_game.hands()

    correction = corrected_game.correct(k, replacement)
    event(f"correction: {correction.status_code}")

    fresh = Game(client, options)
    wanted = [*accepted[:k - 1], replacement, *accepted[k:]]
    count, refusal = record_until_refused(fresh, wanted)
    if correction.status_code == 200:
        assert refusal is None, (refusal.status_code, refusal.get_json())
        assert correction.get_json()["number"] == k
        assert without_times(corrected_game.hands()) == without_times(fresh.hands())
        assert standing(corrected_game.state()) == standing(fresh.state())
        assert correction.get_json()["game"]["scores"] == fresh.state()["scores"]
        return
    # Refused: the from-scratch recording is refused the same way, and nothing changed.
    assert refusal is not None, correction.get_json()
    assert correction.status_code == refusal.status_code
    body = assert_error(correction, correction.status_code)
    assert count >= k - 1
    if correction.status_code == 409:
        assert count > k - 1 and f"hand {count}" in body["message"]
    else:
        assert correction.status_code == 422
        if count > k - 1:
            assert f"hand {count + 1}" in body["message"]
    state, listed = corrected_game.state(), corrected_game.hands()
    assert (state, listed) == before


# -- (c) no 5xx, whatever the body -----------------------------------------------------------------


def check_refusal_or_success(response: Any, ok: tuple[int, ...], game: Game | None,
                             before: dict[str, Any] | None) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)[:300]
    body = response.get_json(silent=True) or {}
    where = "schema" if isinstance(body.get("errors"), dict) and "json" in body["errors"] else ""
    event(f"status: {response.status_code} {where}".strip())
    if response.status_code in ok:
        return
    assert 400 <= response.status_code < 500
    assert_error(response, response.status_code)
    if game is not None and before is not None:
        assert game.state() == before


@settings(SETTINGS, max_examples=200)
@given(body=game_bodies)
def test_post_games_never_fails_with_5xx(client: FlaskClient, body: Any) -> None:
    response = client.post(GAMES, json=body)
    check_refusal_or_success(response, (201,), None, None)
    if response.status_code == 201:
        assert isinstance(body, dict)
        assert body["variant"] in ("australian-500", "quebec-500", "cinquecento")
        created = response.get_json()
        assert client.get(f"{GAMES}/{created['id']}").status_code == 200


@settings(SETTINGS, max_examples=60)
@given(options=st.dictionaries(option_names, option_values, max_size=4),
       sequence=st.lists(st.one_of(hands, hand_bodies), min_size=1, max_size=4))
def test_any_accepted_options_can_score_hands(client: FlaskClient, options: dict[str, Any],
                                              sequence: list[Any]) -> None:
    response = client.post(GAMES, json={"variant": "australian-500", "sides": TWO_SIDES,
                                        "options": options})
    check_refusal_or_success(response, (201,), None, None)
    if response.status_code != 201:
        return
    game = Game(client, options, created=response.get_json())
    for entered in sequence:
        before = game.state()
        check_refusal_or_success(game.record(entered), (201,), game, before)


@settings(SETTINGS, max_examples=200)
@given(body=hand_bodies)
def test_post_hand_never_fails_with_5xx(client: FlaskClient, body: Any) -> None:
    game = Game(client, OPEN)
    before = game.state()
    response = game.record(body)
    check_refusal_or_success(response, (201,), game, before)
    if response.status_code == 201:
        assert game.state()["hands_played"] == 1


@settings(SETTINGS, max_examples=200)
@given(body=hand_bodies)
def test_put_hand_never_fails_with_5xx(client: FlaskClient, body: Any) -> None:
    game = Game(client, OPEN)
    assert game.record({"bidder": 1, "bid": "7H", "tricks": [3, 7]}).status_code == 201
    before = game.state()
    response = game.correct(1, body)
    check_refusal_or_success(response, (200,), game, before)
    if response.status_code == 200:
        assert game.hands()[0]["deltas"] == response.get_json()["deltas"]


# -- (d) Rummy 500: any near-valid hand is scored or refused cleanly -----------------------------

RUMMY_CARDS = st.sampled_from([f"{rank}{suit}" for rank in ("A", "2", "5", "9", "10", "J", "Q",
                                                              "K", "11")
                               for suit in "SHD"] + ["JK", "JKR", "xx"])
rummy_melds = st.lists(st.lists(RUMMY_CARDS, min_size=2, max_size=5), max_size=2)
rummy_full = st.fixed_dictionaries({}, optional={
    "melds": mostly(rummy_melds),
    "layoffs": mostly(st.lists(st.fixed_dictionaries(
        {"card": RUMMY_CARDS, "onto": mostly(st.lists(st.integers(-1, 3), min_size=2,
                                                      max_size=2))}), max_size=2)),
    "hand": mostly(st.lists(RUMMY_CARDS, max_size=4)),
    "went_out": mostly(st.booleans()),
    "discard": RUMMY_CARDS})
rummy_quick = st.fixed_dictionaries(
    {"meld_points": mostly(st.integers(-5, 300)), "hand_points": mostly(st.integers(-5, 100))},
    optional={"went_out": st.booleans()})
rummy_bodies = st.one_of(
    json_values,
    st.fixed_dictionaries({"players": st.lists(rummy_full, min_size=2, max_size=4)}),
    st.fixed_dictionaries({"players": st.lists(rummy_quick, min_size=2, max_size=4)}),
    st.fixed_dictionaries({"players": st.lists(st.fixed_dictionaries(
        {"meld_points": st.integers(0, 120), "hand_points": st.integers(0, 60)}),
        min_size=3, max_size=3)}),
    st.fixed_dictionaries({"players": st.lists(st.fixed_dictionaries(
        {"melds": st.just([]), "hand": st.lists(RUMMY_CARDS, min_size=1, max_size=3)}),
        min_size=3, max_size=3)}))


@settings(SETTINGS, max_examples=300)
@given(body=rummy_bodies, options=st.sampled_from([{}, {"jokers": True, "ace_low_points": 1}]))
def test_rummy_hand_never_fails_with_5xx(client: FlaskClient, body: Any,
                                          options: dict[str, Any]) -> None:
    sides = [{"name": name, "players": [name]} for name in ("Ann", "Bo", "Cy")]
    created = client.post(GAMES, json={"variant": "rummy-500", "sides": sides,
                                       "options": options})
    assert created.status_code == 201, created.get_json()
    game = Game(client, options, created=created.get_json())
    before = game.state()
    response = game.record(body)
    check_refusal_or_success(response, (201,), game, before)
    if response.status_code == 201:
        recorded = response.get_json()
        assert recorded["scores"] == recorded["deltas"]
        # Nobody can score more than the cards in play are worth.
        assert all(-450 <= delta <= 430 for delta in recorded["deltas"])
