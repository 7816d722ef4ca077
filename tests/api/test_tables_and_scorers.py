"""The organizer's desk (issue 18): table numbers given to a round's matches, who a token is,
a scorer token for every table of a round, and the formats as the page offers them."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.i18n import table_messages, tongue_of
from scorekeeper.tournaments import FORMATS
from tests.api.helpers import assert_error
from tests.api.tournament_helpers import TOURNAMENTS, Tourney, find_match

SEED = 20240615


def drawn(client: FlaskClient, n: int, **kwargs: Any) -> Tourney:
    t = Tourney.create(client, n, **kwargs)
    assert t.draw(SEED).status_code == 200
    return t


def put_tables(t: Tourney, number: int, tables: Any, token: str | None = None,
               **headers: str) -> Any:
    return t.client.put(f"{t.url}/rounds/{number}/tables", json={"tables": tables},
                        headers=t.auth(token, **headers))


def round_scorers(t: Tourney, number: int, token: str | None = None) -> Any:
    return t.client.post(f"{t.url}/rounds/{number}/scorers", headers=t.auth(token))


def tables_of(body: dict[str, Any], number: int) -> list[int | None]:
    return [m["table"] for m in body["rounds"][number - 1]["matches"]]


def play_qualifying(t: Tourney) -> None:
    """Every qualifying game won by the match's first team, 30 to 10."""
    for match in t.get()["rounds"][0]["matches"]:
        if match["kind"] != "bye":
            for _ in range(match["games"]):
                assert t.report(match["id"], [30, 10]).status_code == 201


# -- table numbers --------------------------------------------------------------------------


def test_the_organizer_numbers_a_rounds_tables(client: FlaskClient) -> None:
    t = drawn(client, 6)
    assert tables_of(t.get(), 1) == [1, 2, 3]
    reply = put_tables(t, 1, {"r1m1": 5, "r1m2": 6})
    assert reply.status_code == 200, reply.get_json()
    assert tables_of(reply.get_json(), 1) == [5, 6, 3]
    assert tables_of(t.get(), 1) == [5, 6, 3]
    # numbers given together are checked together: a swap is fine
    assert tables_of(put_tables(t, 1, {"r1m1": 6, "r1m2": 5}).get_json(), 1) == [6, 5, 3]
    assert tables_of(put_tables(t, 1, {"r1m3": 999}).get_json(), 1) == [6, 5, 999]


def test_two_matches_at_one_table_are_refused_and_nothing_stored(client: FlaskClient) -> None:
    t = drawn(client, 6)
    assert put_tables(t, 1, {"r1m1": 5}).status_code == 200
    before = t.snapshot()
    body = assert_error(put_tables(t, 1, {"r1m3": 5}), 422)  # r1m1 sits at 5 already
    assert body["rule"] == "table_twice"
    body = assert_error(put_tables(t, 1, {"r1m2": 3}), 422)  # r1m3 keeps its table 3
    assert body["rule"] == "table_twice"
    assert t.snapshot() == before


def test_a_bye_or_a_match_of_another_round_takes_no_table(client: FlaskClient) -> None:
    t = drawn(client, 5)  # the highest number sits out: r1m3 is the bye
    assert find_match(t.get(), "r1m3")["kind"] == "bye"
    before = t.snapshot()
    for tables in ({"r1m3": 4}, {"r2m1": 4}, {"nonsense": 4}, {"r1m1": 4, "r1m9": 5}):
        assert assert_error(put_tables(t, 1, tables), 422)["rule"] == "table_match"
    for tables in ({"r1m1": 0}, {"r1m1": 1000}, {"r1m1": "5"}, {"r1m1": 1.5}, [5]):
        assert_error(put_tables(t, 1, tables), 422)
    assert_error(t.client.put(f"{t.url}/rounds/1/tables", json={}, headers=t.auth()), 422)
    assert_error(put_tables(t, 2, {"r2m1": 4}), 404)  # no second round yet
    assert t.snapshot() == before


def test_only_the_organizer_numbers_tables_after_the_draw(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    assert_error(put_tables(t, 1, {"r1m1": 5}), 409)  # nothing drawn yet
    assert t.draw(SEED).status_code == 200
    scorer = t.scorer("r1m1").get_json()["token"]
    before = t.snapshot()
    assert_error(t.client.put(f"{t.url}/rounds/1/tables", json={"tables": {"r1m1": 5}}), 401)
    assert_error(put_tables(t, 1, {"r1m1": 5}, token=scorer), 403)
    assert_error(put_tables(t, 1, {"r1m1": 5}, token="nobody"), 403)
    assert_error(put_tables(t, 1, {"r1m1": 5}, If_Match='"t1-1"'), 412)
    assert t.snapshot() == before


def test_table_numbers_survive_an_advance_and_a_cascaded_rebuild(client: FlaskClient) -> None:
    t = drawn(client, 4)
    put_tables(t, 1, {"r1m1": 11, "r1m2": 12})
    play_qualifying(t)
    body = t.advance().get_json()
    assert tables_of(body, 1) == [11, 12]
    assert tables_of(body, 2) == [1, 2]
    assert tables_of(put_tables(t, 2, {"r2m2": 7}).get_json(), 2) == [1, 7]
    assert t.report("r2m1", [30, 10]).status_code == 201
    # a correction that reshuffles the semi-finals rebuilds round 2: the numbers stay
    first = find_match(t.get(), "r1m1")
    for number in range(1, first["games"] + 1):
        reply = t.correct("r1m1", number, [10, 30], cascade="true")
        assert reply.status_code == 200, reply.get_json()
    after = t.get()
    assert tables_of(after, 1) == [11, 12] and tables_of(after, 2) == [1, 7]


# -- who a token is -------------------------------------------------------------------------


def access(t: Tourney, token: str | None) -> Any:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return t.client.get(f"{t.url}/access", headers=headers)


def test_access_says_who_a_token_is(client: FlaskClient) -> None:
    t = drawn(client, 4, options={"confirm_games": True})
    match_token = t.scorer("r1m2").get_json()["token"]
    team = find_match(t.get(), "r1m1")["teams"][1]
    issued = t.client.post(f"{t.url}/matches/r1m1/scorers", json={"team": team},
                           headers=t.auth())
    assert issued.status_code == 201, issued.get_json()
    assert issued.get_json()["team"] == team
    team_token = issued.get_json()["token"]

    assert access(t, t.token).get_json() == {"role": "organizer", "match": None, "team": None}
    assert access(t, match_token).get_json() == {"role": "scorer", "match": "r1m2",
                                                 "team": None}
    assert access(t, team_token).get_json() == {"role": "scorer", "match": "r1m1",
                                                "team": team}
    assert_error(access(t, None), 401)
    assert_error(access(t, "nobody-at-all"), 403)
    other = drawn(client, 4)
    assert_error(access(t, other.token), 403)
    assert_error(access(t, other.scorer("r1m1").get_json()["token"]), 403)
    assert_error(client.get(f"{TOURNAMENTS}/999/access", headers=t.auth()), 404)


def test_a_team_scorer_is_for_one_of_the_matchs_teams(client: FlaskClient) -> None:
    t = drawn(client, 6)
    playing = set(find_match(t.get(), "r1m1")["teams"])
    outsider = next(i for i in range(6) if i not in playing)
    before = t.snapshot()
    for body in ({"team": outsider}, {"team": -1}, {"team": "0"}, {"seat": 0}):
        assert_error(t.client.post(f"{t.url}/matches/r1m1/scorers", json=body,
                                   headers=t.auth()), 422)
    assert t.snapshot() == before


# -- a scorer for every table -----------------------------------------------------------------


def test_round_scorers_one_token_a_table_each_for_its_own_match(client: FlaskClient) -> None:
    t = drawn(client, 5)
    put_tables(t, 1, {"r1m2": 9})
    reply = round_scorers(t, 1)
    assert reply.status_code == 201, reply.get_json()
    body = reply.get_json()
    assert body["round"] == 1
    assert [(s["match"], s["table"], s["team"]) for s in body["scorers"]] == [
        ("r1m1", 1, None), ("r1m2", 9, None)]  # the bye r1m3 gets none
    first, second = (s["token"] for s in body["scorers"])
    assert t.report("r1m1", [30, 10], token=first).status_code == 201
    assert t.report("r1m2", [30, 10], token=second).status_code == 201
    before = t.snapshot()
    assert_error(t.report("r1m2", [30, 10], token=first), 403)
    assert_error(t.report("r1m1", [30, 10], token=second), 403)
    assert t.snapshot() == before
    # issuing again gives new tokens; the old ones keep working
    again = round_scorers(t, 1).get_json()["scorers"]
    assert {s["token"] for s in again}.isdisjoint({first, second})
    assert t.report("r1m1", [30, 10], token=first).status_code == 201
    assert t.report("r1m1", [30, 10], token=again[0]["token"]).status_code == 201


def test_round_scorers_one_per_team_when_games_are_confirmed(client: FlaskClient) -> None:
    t = drawn(client, 4, options={"confirm_games": True})
    body = round_scorers(t, 1).get_json()
    view = t.get()
    assert [(s["match"], s["team"]) for s in body["scorers"]] == [
        (m["id"], team) for m in view["rounds"][0]["matches"] for team in m["teams"]]
    assert len({s["token"] for s in body["scorers"]}) == 4


def test_round_scorers_refusals_store_nothing(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    assert_error(round_scorers(t, 1), 409)  # nothing drawn yet
    assert t.draw(SEED).status_code == 200
    scorer = t.scorer("r1m1").get_json()["token"]
    before = t.snapshot()
    assert_error(round_scorers(t, 2), 404)
    assert_error(round_scorers(t, 1, token=scorer), 403)
    assert_error(t.client.post(f"{t.url}/rounds/1/scorers"), 401)
    assert t.snapshot() == before


# -- the formats ----------------------------------------------------------------------------


def test_the_formats_for_the_page(client: FlaskClient) -> None:
    reply = client.get(f"{TOURNAMENTS}/formats")
    assert reply.status_code == 200
    formats = {f["key"]: f for f in reply.get_json()["formats"]}
    assert list(formats) == list(FORMATS)
    quebec = formats["quebec"]
    assert quebec["name"] == "Quebec" and quebec["families"] == ["contract"]
    assert "quebec-500" in quebec["variants"] and "rummy-500" not in quebec["variants"]
    assert formats["rummy_tables"]["families"] == ["rummy"]
    assert "rummy-500" in formats["rummy_tables"]["variants"]
    assert "quebec-500" not in formats["rummy_tables"]["variants"]
    assert {"contract", "rummy"} <= set(formats["swiss"]["families"])
    assert {k: f["late_entries"] for k, f in formats.items()} == {
        "quebec": "before_draw", "single_elimination": "before_draw",
        "double_elimination": "before_draw",
        "round_robin": "odd_field", "swiss": "between_rounds", "rummy_tables": "between_rounds",
        "progressive": "between_rounds"}
    for key, specs in FORMATS.items():
        options = formats[key]["options"]
        assert [o["name"] for o in options] == [s.name for s in specs]
        confirm = next(o for o in options if o["name"] == "confirm_games")
        assert (confirm["type"], confirm["default"]) == ("boolean", False)
    table_size = next(o for o in formats["rummy_tables"]["options"] if o["name"] == "table_size")
    assert (table_size["minimum"], table_size["maximum"], table_size["default"]) == (3, 8, 4)
    unit = next(o for o in quebec["options"] if o["name"] == "game_unit")
    assert unit["choices"] == ["deal", "game"] and "minimum" not in unit
    # readable without a token, and cacheable
    tag = reply.headers["ETag"]
    assert client.get(f"{TOURNAMENTS}/formats",
                      headers={"If-None-Match": tag}).status_code == 304


@pytest.mark.parametrize("asked", ["?lang=fr", ""])
def test_the_formats_speak_the_requests_language(client: FlaskClient, asked: str) -> None:
    headers = {} if asked else {"Accept-Language": "fr-CA"}
    reply = client.get(f"{TOURNAMENTS}/formats{asked}", headers=headers)
    assert reply.status_code == 200 and reply.headers["Content-Language"] == "fr-CA"
    english = client.get(f"{TOURNAMENTS}/formats?lang=en")
    french = tongue_of("fr").catalog
    for shown in reply.get_json()["formats"]:
        spoken = next(f for f in english.get_json()["formats"] if f["key"] == shown["key"])
        assert shown["name"] == french.pgettext("format name", spoken["name"])
        assert shown["description"] == french.pgettext("format description",
                                                       spoken["description"])
        for option, said in zip(shown["options"], spoken["options"], strict=True):
            assert option["description"] == french.pgettext("option description",
                                                            said["description"])


def test_the_formats_words_are_extracted_for_translation() -> None:
    messages = {(context, message) for _, context, message, _ in table_messages()}
    english = {("format name", "Quebec"), ("format name", "Rummy tables"),
               ("format description", "Everyone plays everyone (circle method)."),
               ("option description", FORMATS["quebec"][-1].description)}
    assert english <= messages
    for specs in FORMATS.values():
        assert {("option description", spec.description) for spec in specs} <= messages
