"""A progressive night's refusals name its tables as the room knows them ("table 2 of round 1"),
never the match's key, in English, French and Italian (issue 28); a team tournament's keep
naming the match."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import GAMES, assert_error, hand
from tests.api.tournament_helpers import TOURNAMENTS, Tourney

NAMES = [f"Player {n:02}" for n in range(1, 10)]  # nine: two tables and a sit-out
# What a refusal must not say of a table, in each language: the match, or its key.
MATCH_WORDS = {"en": ("match", "r1m"), "fr": ("manche", "r1m"), "it": ("incontro", "r1m")}


def night(client: FlaskClient, **options: Any) -> Tourney:
    body = {"name": "Soirée", "variant": "quebec-500", "format": "progressive",
            "players": NAMES, "options": {"rounds": 2, "deals_per_round": 2, **options}}
    created = client.post(TOURNAMENTS, json=body)
    assert created.status_code == 201, created.get_json()
    t = Tourney(client, created.get_json())
    assert t.draw().status_code == 200
    return t


def said(response: Any, status: int) -> str:
    message: str = assert_error(response, status)["message"]
    return message


def of_table(message: str, code: str, *words: str) -> None:
    lower = message.lower()
    for word in words:
        assert word in lower, (word, message)
    for word in MATCH_WORDS[code]:
        assert word not in lower, (word, message)


def tables(t: Tourney) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Round 1's table 1, table 2 and its sit-out."""
    matches = t.get()["rounds"][0]["matches"]
    one, two = sorted((m for m in matches if m["kind"] == "partnerships"),
                      key=lambda m: m["table"])
    return one, two, next(m for m in matches if m["kind"] == "bye")


@pytest.mark.parametrize(("code", "table", "round_", "deal", "sit_out"), [
    ("en", "table 1 of round 1", "round 1", "deal 9", "sit-out"),
    ("fr", "table 1 de la ronde 1", "ronde 1", "donne 9", "repos"),
    ("it", "tavolo 1 del turno 1", "turno 1", "mano 9", "riposo"),
])
def test_a_table_s_refusals_name_the_table_in_each_language(
        client: FlaskClient, code: str, table: str, round_: str, deal: str,
        sit_out: str) -> None:
    t = night(client)
    one, two, bye = tables(t)
    lang = {"Accept-Language": code}
    scorer = t.scorer(two["id"]).get_json()["token"]
    before = t.snapshot()
    # A sit-out has nothing to play.
    of_table(said(t.report(bye["id"], [10, 20], **lang), 409), code, sit_out, round_)
    # A table's scorer link used at another table.
    of_table(said(t.report(one["id"], [10, 20], scorer, **lang), 403), code,
             table.split()[0])
    # A deal the table has not played.
    of_table(said(t.correct(one["id"], 9, [10, 20], **lang), 404), code, table, deal)
    assert t.snapshot() == before  # nothing stored by any refusal

    # A table whose deals are all played takes no more.
    for scores in ([120, 40], [30, 200]):
        assert t.report(one["id"], scores).status_code == 201
    of_table(said(t.report(one["id"], [10, 20], **lang), 409), code, table)
    opened = client.post(f"{t.url}/matches/{one['id']}/sheet", json={}, headers=t.auth(**lang))
    of_table(said(opened, 409), code, table)

    # A table playing on the score sheet takes no typed deal.
    sheet = client.post(f"{t.url}/matches/{two['id']}/sheet", json={}, headers=t.auth())
    assert sheet.status_code == 201, sheet.get_json()
    of_table(said(t.report(two["id"], [10, 20], **lang), 409), code,
             table.replace("1", "2", 1), f"{sheet.get_json()['id']}")

    # Its deal from the sheet is removed there, not at the desk.
    game = sheet.get_json()
    recorded = client.post(f"{GAMES}/{game['id']}/hands", json=hand(0, "7H", [8, 2]),
                           headers={"Authorization": f"Bearer {game['token']}"})
    assert recorded.status_code == 201, recorded.get_json()
    removed = client.delete(f"{t.url}/matches/{two['id']}/games/1", headers=t.auth(**lang))
    first_deal = {"en": "deal 1 of table 2", "fr": "donne 1 de la table 2",
                  "it": "mano 1 del tavolo 2"}[code]
    of_table(said(removed, 409), code, first_deal, round_)


def test_a_correction_after_the_next_round_was_seated_names_the_round(
        client: FlaskClient) -> None:
    t = night(client)
    one, two, _ = tables(t)
    for m in (one, two):
        for scores in ([120, 40], [30, 200]):
            assert t.report(m["id"], scores).status_code == 201
    assert t.advance().status_code == 200
    refused = said(t.correct(one["id"], 1, [130, 40], **{"Accept-Language": "fr"}), 409)
    of_table(refused, "fr", "ronde 1", "cascade=true")
    assert t.correct(one["id"], 1, [130, 40], cascade="true").status_code == 200


def test_with_confirmation_a_table_s_deal_waits_for_the_other_partnership(
        client: FlaskClient) -> None:
    t = night(client, confirm_games=True)
    one, _, _ = tables(t)
    north = t.scorer(one["id"]).get_json()  # the table's own token: its deal waits
    scorer = client.post(f"{t.url}/matches/{one['id']}/scorers", json={"team": one["teams"][0]},
                         headers=t.auth())
    assert scorer.status_code == 201, scorer.get_json()
    assert t.report(one["id"], [120, 40], scorer.get_json()["token"]).status_code == 201
    waits = said(t.report(one["id"], [10, 20], north["token"], **{"Accept-Language": "it"}), 409)
    of_table(waits, "it", "mano 1", "tavolo 1 (turno 1)", "coppia")
    stranger = client.post(f"{t.url}/matches/{one['id']}/scorers", json={"team": 99},
                           headers=t.auth())
    of_table(said(stranger, 422), "en", "player 99", "table 1 of round 1")


def test_a_team_tournament_s_refusals_still_name_the_match(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    assert t.draw().status_code == 200
    first = t.get()["rounds"][0]["matches"][0]["id"]
    assert f"match {first} has no game 9" in said(t.correct(first, 9, [10, 20]), 404).lower()
