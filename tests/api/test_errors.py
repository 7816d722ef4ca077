"""Bad requests: the exact status and the error shape, and a refused write stores nothing.

Every row of CASES is sent against a fresh game (after its `prep` hands). The test then checks the
status, the body `{"code", "status", "message", "errors"?}`, the field named in `errors` where one
is at fault, and that the game, its ETag, its hands and its history are exactly as before; for
POST /games, that no game was created (the next game gets the id right after the last one).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import API, assert_error, hand, snapshot
from tests.helpers import TWO_SIDES

NO_BODY = object()
GAMES = f"{API}/games"
HANDS = "{game}/hands"
HAND1 = "{game}/hands/1"
GOOD = hand(1, "7H", [3, 7])
FINISHING = hand(0, "10NT", [10, 0])


@dataclass(frozen=True)
class Case:
    """One bad request and what the API must answer."""

    id: str
    status: int
    path: str = HANDS  # formatted with game=<the game's URL>
    method: str = "POST"
    body: Any = NO_BODY  # sent as JSON
    raw: str | bytes | None = None  # sent as-is with Content-Type: application/json
    auth: str = "token"  # token | none | basic | empty | wrong | other-game
    if_match: str | None = None  # "stale": the ETag from before the prep hands
    headers: dict[str, str] = field(default_factory=dict)
    options: dict[str, Any] | None = None
    prep: tuple[dict[str, Any], ...] = ()
    prep_key: str | None = None  # Idempotency-Key sent with the prep hands
    field: str | None = None  # the field `errors` must name


def game_case(name: str, body: Any, field: str | None, status: int = 422) -> Case:
    """A bad POST /games."""
    return Case(name, status, path=GAMES, body=body, auth="none", field=field)


def new_game_body(**changes: Any) -> dict[str, Any]:
    return {"variant": "australian-500", "sides": TWO_SIDES, **changes}


def options_case(name: str, options: Any, field: str) -> Case:
    return game_case(name, new_game_body(options=options), field)


FIVE_PLAYERS = [{"name": "Three", "players": ["A", "B", "C"]},
                {"name": "Two", "players": ["D", "E"]}]
RALPHING = {"ralphing": True, "lose_at": None}

CASES: list[Case] = [
    # -- 400: malformed JSON -------------------------------------------------------------------
    Case("400-post-games-malformed", 400, path=GAMES, raw='{"variant": "australian-500",',
         auth="none"),
    Case("400-post-hand-malformed", 400, raw='{"bidder": 1, "bid": "7H", "tricks": [3, 7]'),
    Case("400-post-hand-single-quotes", 400, raw="{'bidder': 1}"),
    Case("400-post-hand-not-utf8", 400, raw=b'{"bid": "7\xff"}'),
    Case("400-put-hand-malformed", 400, method="PUT", path=HAND1, raw='{"bidder": 1,,}',
         prep=(GOOD,)),
    # -- 401: no token, or not a Bearer token ----------------------------------------------------
    Case("401-post-no-token", 401, body=GOOD, auth="none"),
    Case("401-post-basic-scheme", 401, body=GOOD, auth="basic"),
    Case("401-post-empty-bearer", 401, body=GOOD, auth="empty"),
    Case("401-put-no-token", 401, method="PUT", path=HAND1, body=GOOD, auth="none", prep=(GOOD,)),
    Case("401-delete-no-token", 401, method="DELETE", path=HAND1, auth="none", prep=(GOOD,)),
    # -- 403: wrong token ------------------------------------------------------------------------
    Case("403-post-wrong-token", 403, body=GOOD, auth="wrong"),
    Case("403-post-other-games-token", 403, body=GOOD, auth="other-game"),
    Case("403-put-wrong-token", 403, method="PUT", path=HAND1, body=GOOD, auth="wrong",
         prep=(GOOD,)),
    Case("403-delete-wrong-token", 403, method="DELETE", path=HAND1, auth="wrong", prep=(GOOD,)),
    # -- 404: unknown game, hand, variant, route -------------------------------------------------
    Case("404-get-unknown-game", 404, method="GET", path=f"{GAMES}/999999"),
    Case("404-get-hands-unknown-game", 404, method="GET", path=f"{GAMES}/999999/hands"),
    Case("404-get-history-unknown-game", 404, method="GET", path=f"{GAMES}/999999/history"),
    Case("404-post-hand-unknown-game", 404, path=f"{GAMES}/999999/hands", body=GOOD),
    Case("404-get-unknown-hand", 404, method="GET", path="{game}/hands/2", prep=(GOOD,)),
    Case("404-get-hand-zero", 404, method="GET", path="{game}/hands/0", prep=(GOOD,)),
    Case("404-put-unknown-hand", 404, method="PUT", path="{game}/hands/2", body=GOOD,
         prep=(GOOD,)),
    Case("404-delete-unknown-hand", 404, method="DELETE", path="{game}/hands/2", prep=(GOOD,)),
    Case("404-delete-in-empty-game", 404, method="DELETE", path=HAND1),
    Case("404-unknown-variant", 404, method="GET", path=f"{API}/variants/australian-5000"),
    Case("404-unknown-route", 404, method="GET", path=f"{API}/scoreboards"),
    Case("404-game-id-not-a-number", 404, method="GET", path=f"{GAMES}/first"),
    Case("404-game-id-too-large", 404, method="GET", path=f"{GAMES}/99999999999999999999"),
    Case("405-patch-game", 405, method="PATCH", path="{game}", body={"scores": [500, 0]}),
    # -- 409: the game's state forbids it --------------------------------------------------------
    Case("409-hand-on-finished-game", 409, body=GOOD, prep=(FINISHING,)),
    Case("409-delete-not-the-last-hand", 409, method="DELETE", path=HAND1, prep=(GOOD, GOOD)),
    # -- 412: stale If-Match ---------------------------------------------------------------------
    Case("412-post-stale-if-match", 412, body=GOOD, if_match="stale", prep=(GOOD,)),
    Case("412-put-stale-if-match", 412, method="PUT", path=HAND1, body=hand(0, "8S", [8, 2]),
         if_match="stale", prep=(GOOD,)),
    Case("412-delete-stale-if-match", 412, method="DELETE", path=HAND1, if_match="stale",
         prep=(GOOD,)),
    Case("412-post-unknown-etag", 412, body=GOOD, headers={"If-Match": '"no-such-version"'}),
    # -- 422 on POST /games ----------------------------------------------------------------------
    game_case("422-unknown-variant", new_game_body(variant="australian-501"), "variant"),
    game_case("422-variant-not-a-string", new_game_body(variant=500), "variant"),
    game_case("422-missing-variant", {"sides": TWO_SIDES}, "variant"),
    game_case("422-missing-sides", {"variant": "australian-500"}, "sides"),
    game_case("422-unknown-game-field", new_game_body(colour="red"), "colour"),
    game_case("422-body-is-a-list", [new_game_body()], None),
    options_case("422-unknown-option", {"trumps_first": True}, "options.trumps_first"),
    options_case("422-options-not-a-map", ["slam_bonus"], "options"),
    options_case("422-option-bad-type-int", {"target": "500"}, "options.target"),
    options_case("422-option-float-for-int", {"target": 500.0}, "options.target"),
    options_case("422-option-bad-type-bool", {"slam_bonus": "yes"}, "options.slam_bonus"),
    options_case("422-option-bool-for-int", {"defender_trick_points": True},
                 "options.defender_trick_points"),
    options_case("422-option-below-minimum", {"target": 0}, "options.target"),
    options_case("422-option-above-maximum", {"lose_at": 0}, "options.lose_at"),
    options_case("422-option-negative-points", {"defender_trick_points": -10},
                 "options.defender_trick_points"),
    options_case("422-option-null-not-allowed", {"target": None}, "options.target"),
    options_case("422-option-bad-choice", {"pass_out": "sometimes"}, "options.pass_out"),
    options_case("422-option-choice-wrong-case", {"win_on": "ANY"}, "options.win_on"),
    game_case("422-five-players", new_game_body(sides=FIVE_PLAYERS), "sides"),
    game_case("422-one-side-of-four", new_game_body(sides=[
        {"name": "All", "players": ["A", "B", "C", "D"]}]), "sides"),
    game_case("422-four-sides-of-one", new_game_body(sides=[
        {"name": n, "players": [n]} for n in "ABCD"]), "sides"),
    game_case("422-side-without-players", new_game_body(sides=[
        {"name": "A", "players": []}, {"name": "B", "players": []}]), "sides"),
    game_case("422-side-without-name", new_game_body(sides=[
        {"players": ["A", "B"]}, {"name": "B", "players": ["C", "D"]}]), "sides"),
    game_case("422-first-dealer-too-high", new_game_body(first_dealer=4), "first_dealer"),
    game_case("422-first-dealer-negative", new_game_body(first_dealer=-1), "first_dealer"),
    game_case("422-first-dealer-string", new_game_body(first_dealer="0"), "first_dealer"),
    game_case("422-first-dealer-bool", new_game_body(first_dealer=True), "first_dealer"),
    # -- 422 on hands: the schema ----------------------------------------------------------------
    Case("422-bidder-string", 422, body={**GOOD, "bidder": "1"}, field="bidder"),
    Case("422-bidder-float", 422, body={**GOOD, "bidder": 1.0}, field="bidder"),
    Case("422-bidder-bool", 422, body={**GOOD, "bidder": True}, field="bidder"),
    Case("422-bidder-null", 422, body={**GOOD, "bidder": None}, field="bidder"),
    Case("422-bid-not-a-string", 422, body={**GOOD, "bid": 7}, field="bid"),
    Case("422-tricks-string", 422, body={**GOOD, "tricks": ["3", 7]}, field="tricks"),
    Case("422-tricks-bool", 422, body={**GOOD, "tricks": [True, 9]}, field="tricks"),
    Case("422-tricks-not-a-list", 422, body={**GOOD, "tricks": 10}, field="tricks"),
    Case("422-negative-tricks", 422, body={**GOOD, "tricks": [-1, 11]}, field="tricks"),
    Case("422-unknown-hand-field", 422, body={**GOOD, "kitty": ["JK"]}, field="kitty"),
    Case("422-hand-body-is-a-list", 422, body=[GOOD]),
    Case("422-passed-out-null", 422, body={"passed_out": None}, field="passed_out"),
    Case("422-passed-out-string", 422, body={"passed_out": "yes"}, field="passed_out"),
    Case("422-passed-out-one", 422, body={"passed_out": 1}, field="passed_out"),
    # -- 422 on hands: the rules -----------------------------------------------------------------
    Case("422-unknown-bid", 422, body={**GOOD, "bid": "7Z"}, field="bid"),
    Case("422-eleven-trick-bid", 422, body={**GOOD, "bid": "11H"}, field="bid"),
    Case("422-disabled-bid-bmis", 422, body=hand(0, "BMIS", [0, 10]), field="bid"),
    Case("422-disabled-bid-hilo", 422, body=hand(0, "HILO", [5, 5]), field="bid"),
    Case("422-disabled-bid-j5", 422, body=hand(0, "7J5", [7, 3]), field="bid"),
    Case("422-switched-off-misere", 422, body=hand(0, "MIS", [0, 10]),
         options={"misere": False}, field="bid"),
    Case("422-missing-bid", 422, body={"bidder": 1, "tricks": [3, 7]}, field="bid"),
    Case("422-empty-hand", 422, body={}, field="bid"),
    Case("422-missing-bidder", 422, body={"bid": "7H", "tricks": [3, 7]}, field="bidder"),
    Case("422-bidder-out-of-range", 422, body={**GOOD, "bidder": 4}, field="bidder"),
    Case("422-bidder-negative", 422, body={**GOOD, "bidder": -1}, field="bidder"),
    Case("422-missing-tricks", 422, body={"bidder": 1, "bid": "7H"}, field="tricks"),
    Case("422-tricks-sum-9", 422, body={**GOOD, "tricks": [3, 6]}, field="tricks"),
    Case("422-tricks-sum-11", 422, body={**GOOD, "tricks": [4, 7]}, field="tricks"),
    Case("422-three-tricks-entries", 422, body={**GOOD, "tricks": [3, 6, 1]}, field="tricks"),
    Case("422-one-tricks-entry", 422, body={**GOOD, "tricks": [10]}, field="tricks"),
    Case("422-ralphed-bidder", 422, body=hand(0, "7H", [7, 3]), options=RALPHING,
         prep=(hand(0, "10H", [5, 5]),), field="bidder"),
    Case("422-passed-out-with-dealer-must-bid", 422, body={"passed_out": True},
         options={"pass_out": "dealer-must-bid"}, field="passed_out"),
    Case("422-tricks-on-redeal-pass-out", 422, body={"passed_out": True, "tricks": [5, 5]},
         field="tricks"),
    Case("422-no-trump-pass-out-without-tricks", 422, body={"passed_out": True},
         options={"pass_out": "no-trump"}, field="tricks"),
    Case("422-passed-out-with-a-bid", 422, body={"passed_out": True, "bid": "7H"}, field="bid"),
    Case("422-put-breaks-a-rule", 422, method="PUT", path=HAND1, body={**GOOD, "tricks": [3, 8]},
         prep=(GOOD,), field="tricks"),
    Case("422-put-unknown-field", 422, method="PUT", path=HAND1, body={**GOOD, "note": "x"},
         prep=(GOOD,), field="note"),
    # -- 422: Idempotency-Key --------------------------------------------------------------------
    Case("422-idempotency-key-other-body", 422, body=hand(1, "8H", [2, 8]),
         headers={"Idempotency-Key": "hand-1"}, prep=(GOOD,), prep_key="hand-1",
         field="Idempotency-Key"),
    Case("422-idempotency-key-other-request", 422, method="PUT", path=HAND1, body=GOOD,
         headers={"Idempotency-Key": "hand-1"}, prep=(GOOD,), prep_key="hand-1",
         field="Idempotency-Key"),
    Case("422-idempotency-key-too-long", 422, body=GOOD, headers={"Idempotency-Key": "k" * 201},
         field="Idempotency-Key"),
    # -- anything else a client can send is still a 4xx with the error shape ----------------------
    Case("413-body-too-large", 413, raw='{"bid": "' + "7" * 300_000 + '"}'),
]


def as_param(case: Case) -> Any:
    return pytest.param(case, id=case.id)


def create(client: FlaskClient, options: dict[str, Any] | None = None) -> dict[str, Any]:
    body = new_game_body(options=options) if options is not None else new_game_body()
    response = client.post(GAMES, json=body)
    assert response.status_code == 201, response.get_json()
    created: dict[str, Any] = response.get_json()
    return created


@pytest.mark.parametrize("case", [as_param(c) for c in CASES])
def test_bad_request_is_refused_and_changes_nothing(client: FlaskClient, case: Case) -> None:
    game = create(client, case.options)
    url, token = f"{GAMES}/{game['id']}", game["token"]
    other_token = create(client)["token"] if case.auth == "other-game" else None
    stale = client.get(url).headers["ETag"]
    for number, entered in enumerate(case.prep, start=1):
        headers = {"Authorization": f"Bearer {token}"}
        if case.prep_key:
            headers["Idempotency-Key"] = case.prep_key
        recorded = client.post(f"{url}/hands", json=entered, headers=headers)
        assert recorded.status_code == 201, recorded.get_json()
        assert recorded.get_json()["number"] == number
    before = snapshot(client, url)
    last_id = game["id"] + (1 if other_token is not None else 0)

    headers = {
        "token": {"Authorization": f"Bearer {token}"},
        "none": {},
        "basic": {"Authorization": f"Basic {token}"},
        "empty": {"Authorization": "Bearer "},
        "wrong": {"Authorization": "Bearer " + "A" * 43},
        "other-game": {"Authorization": f"Bearer {other_token}"},
    }[case.auth]
    if case.if_match == "stale":
        assert stale != before["etag"]
        headers["If-Match"] = stale
    headers.update(case.headers)
    kwargs: dict[str, Any] = {"headers": headers}
    if case.raw is not None:
        kwargs.update(data=case.raw, content_type="application/json")
    elif case.body is not NO_BODY:
        kwargs["json"] = case.body
    response = client.open(case.path.format(game=url), method=case.method, **kwargs)

    assert_error(response, case.status, case.field)
    if case.status == 401:
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert "Idempotent-Replayed" not in response.headers
    assert snapshot(client, url) == before
    # No game was created either: the next one gets the id right after the last.
    assert client.get(f"{GAMES}/{last_id + 1}").status_code == 404
    assert create(client)["id"] == last_id + 1


def test_every_status_in_the_contract_is_covered() -> None:
    statuses = {case.status for case in CASES}
    assert {400, 401, 403, 404, 409, 412, 422} <= statuses
    assert len({case.id for case in CASES}) == len(CASES)


# -- bodies that Python's JSON decoder cannot take are malformed JSON, not a crash ---------------

PATHOLOGICAL = {
    "deeply-nested-array": "[" * 50_000 + "]" * 50_000,
    "deeply-nested-object": '{"a":' * 20_000 + "1" + "}" * 20_000,
    "integer-of-5000-digits": '{"bidder": ' + "9" * 5000 + ', "bid": "7H", "tricks": [3, 7]}',
}


@pytest.mark.parametrize("where", ["POST /games", "POST hand", "PUT hand"])
@pytest.mark.parametrize("payload", list(PATHOLOGICAL), ids=list(PATHOLOGICAL))
def test_json_the_parser_chokes_on_is_a_4xx(client: FlaskClient, where: str,
                                            payload: str) -> None:
    game = create(client)
    url, auth = f"{GAMES}/{game['id']}", {"Authorization": f"Bearer {game['token']}"}
    assert client.post(f"{url}/hands", json=GOOD, headers=auth).status_code == 201
    before = snapshot(client, url)
    method, path = {"POST /games": ("POST", GAMES), "POST hand": ("POST", f"{url}/hands"),
                    "PUT hand": ("PUT", f"{url}/hands/1")}[where]
    response = client.open(path, method=method, data=PATHOLOGICAL[payload],
                           content_type="application/json", headers=auth)
    assert_error(response, 400)
    assert snapshot(client, url) == before
    assert create(client)["id"] == game["id"] + 1
