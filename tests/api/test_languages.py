"""The API in the players' languages: which language a reply speaks, and a Quebec table in
French and a Cinquecento table in Italian, hands, refusals, the referee, the sheet and a
tournament. What a sentence says is checked against the catalog on disk (rendered as the API
should), and, where the glossary fixes the table's own word, by that word; codes and stored data
never change."""

from __future__ import annotations

import csv
import io
import re
from functools import cache
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper import i18n
from scorekeeper.rules.sentences import Tongue, capitalised, speaking
from tests.api.tournament_helpers import Tourney

QUEBEC_SIDES = [{"name": "Nous", "players": ["Ann", "Bo"]},
                {"name": "Eux", "players": ["Cy", "Di"]}]
# Words an English sentence of ours is made of and no French or Italian one should show.
ENGLISH_WORDS = re.compile(r"\b(made|by|took|tricks?|failed|trumps?|wins|the|of|and|is|are|"
                           r"hand|game|there|must|no|not|with|seat|highest|card)\b")


@cache
def tongue(code: str) -> Tongue:
    return i18n.tongue_of(code)


def translated(code: str, context: str | None, message: str) -> str:
    catalog = tongue(code).catalog
    return catalog.pgettext(context, message) if context else catalog.gettext(message)


def refusal_in(code: str, says: str, **params: Any) -> str:
    """A refusal as the API's `message` gives it, in `code`, from the catalog."""
    from scorekeeper.rules.sentences import refusal

    with speaking(tongue(code)):
        text = refusal(says, params)
    return capitalised(text) + ("" if text.endswith(".") else ".")


def english_left(lines: list[str]) -> list[str]:
    return [line for line in lines if ENGLISH_WORDS.search(line.lower())]


def game(client: FlaskClient, variant: str, sides: list[dict[str, Any]]) -> dict[str, Any]:
    response = client.post("/api/v1/games", json={"variant": variant, "sides": sides})
    assert response.status_code == 201
    return dict(response.get_json())


def post_hand(client: FlaskClient, made: dict[str, Any], body: dict[str, Any],
              language: str) -> Any:
    return client.post(f"/api/v1/games/{made['id']}/hands", json=body,
                       headers={"Authorization": f"Bearer {made['token']}",
                                "Accept-Language": language})


@pytest.mark.parametrize(("query", "accept", "spoken"), [
    ("", "", "en"),
    ("", "fr-CA,fr;q=0.9,en;q=0.5", "fr-CA"),
    ("", "fr-FR", "fr-CA"),
    ("", "it-IT,it;q=0.8", "it"),
    ("", "de-DE,de;q=0.9", "en"),
    ("?lang=it", "fr", "it"),
    ("?lang=fr", "", "fr-CA"),
    ("?lang=xx", "it", "it"),  # a language not spoken is ignored: Accept-Language decides
    ("?lang=en", "fr", "en"),
])
def test_the_reply_speaks_lang_else_the_best_of_accept_language_else_english(
        client: FlaskClient, query: str, accept: str, spoken: str) -> None:
    headers = {"Accept-Language": accept} if accept else {}
    response = client.get(f"/api/v1/variants/quebec-500{query}", headers=headers)
    assert response.status_code == 200
    assert response.headers["Content-Language"] == spoken
    assert "Accept-Language" in response.headers["Vary"]
    name = response.get_json()["name"]
    code = spoken[:2]
    assert name == (translated(code, "variant name", "Quebec 500") if code != "en"
                    else "Quebec 500")


def test_a_quebec_hand_in_french_says_the_same_reasons_as_in_english(
        client: FlaskClient) -> None:
    made = game(client, "quebec-500", QUEBEC_SIDES)
    body = {"bid": "7H", "bidder": 1, "tricks": [3, 7]}
    preview = {lang: client.post(f"/api/v1/games/{made['id']}/hands/preview", json=body,
                                 headers={"Accept-Language": lang}).get_json()
               for lang in ("en", "fr", "it")}
    assert preview["fr"]["reasons"] == preview["en"]["reasons"] == preview["it"]["reasons"]
    assert preview["fr"]["deltas"] == preview["en"]["deltas"]
    recorded = post_hand(client, made, body, "fr")
    assert recorded.status_code == 201
    assert recorded.headers["Content-Language"] == "fr-CA"
    french = recorded.get_json()["explanation"]
    assert french == preview["fr"]["explanation"]
    assert french != preview["en"]["explanation"]
    assert english_left(french) == []
    assert any("Eux" in line and "+200" in line for line in french)
    # Stored English: read in English, the same hand says the English sentences.
    english = client.get(f"/api/v1/games/{made['id']}/hands/1").get_json()["explanation"]
    assert english == preview["en"]["explanation"] == ["7♥ made by Eux: +200",
                                                       "Nous took 3 tricks: +30"]
    exported = client.get(f"/api/v1/games/{made['id']}/export",
                          headers={"Accept-Language": "fr"}).get_json()
    assert exported["hands"][0]["explanation"] == english


def test_a_refused_quebec_hand_is_refused_in_french_by_the_same_rule(client: FlaskClient) -> None:
    made = game(client, "quebec-500", QUEBEC_SIDES)
    body = {"bid": "7H", "bidder": 0, "tricks": [8, 3]}
    english = post_hand(client, made, body, "en").get_json()
    response = post_hand(client, made, body, "fr-CA")
    assert response.status_code == 422
    refused = response.get_json()
    assert refused["rule"] == english["rule"] == "tricks_sum"
    assert refused["message"] == refusal_in("fr", "tricks_sum", total=11, tricks=10)
    assert refused["message"] != english["message"]
    assert "levée" in refused["message"]
    assert list(refused["errors"]) == ["tricks"]
    assert client.get(f"/api/v1/games/{made['id']}").get_json()["hands_played"] == 0


def test_the_trick_referee_speaks_quebec_french(client: FlaskClient) -> None:
    body = {"variant": "quebec-500", "contract": "7H",
            "plays": [{"seat": seat, "card": card}
                      for seat, card in enumerate(["10H", "JKR", "JD", "AH"])]}
    english = client.post("/api/v1/adjudicate/trick", json=body).get_json()
    french = client.post("/api/v1/adjudicate/trick?lang=fr", json=body).get_json()
    assert french["reasons"] == english["reasons"]
    assert french["winner"] == english["winner"]
    said = " ".join(french["explanation"]).lower()
    for word in ("atout", "petit bord", "valet de carreau", "le bonhomme", "la blanche"):
        assert word in said, (word, french["explanation"])
    assert english_left(french["explanation"]) == []


def test_a_cinquecento_hand_with_a_marianna_in_italian(client: FlaskClient) -> None:
    made = game(client, "cinquecento", [{"name": "Noi", "players": ["Ada", "Bice"]},
                                        {"name": "Loro", "players": ["Ciro", "Dino"]}])
    body = {"points": [68, 52], "mariannas": [{"side": 1, "suit": "coins"}]}
    english = client.post(f"/api/v1/games/{made['id']}/hands/preview", json=body).get_json()
    response = post_hand(client, made, body, "it")
    assert response.status_code == 201
    assert response.headers["Content-Language"] == "it"
    italian = response.get_json()
    assert italian["reasons"] == english["reasons"]
    assert italian["deltas"] == english["deltas"]
    said = " ".join(italian["explanation"])
    assert "Marianna" in said and "denari" in said and "Loro" in said
    assert english_left(italian["explanation"]) == []


def test_a_refused_cinquecento_hand_is_refused_in_italian(client: FlaskClient) -> None:
    made = game(client, "cinquecento", [{"name": "Noi", "players": ["Ada", "Bice"]},
                                        {"name": "Loro", "players": ["Ciro", "Dino"]}])
    body = {"points": [70, 60]}
    english = post_hand(client, made, body, "en").get_json()
    response = post_hand(client, made, body, "it-IT")
    assert response.status_code == 422
    refused = response.get_json()
    assert refused["rule"] == english["rule"] == "card_points_sum"
    assert refused["message"] != english["message"]
    assert english_left([refused["message"]]) == []
    twice = post_hand(client, made, {"points": [60, 60], "mariannas": [
        {"side": 0, "suit": "cups"}, {"side": 1, "suit": "cups"}]}, "it").get_json()
    assert twice["rule"] == "marianna_twice"
    assert "coppe" in twice["message"]


def test_the_service_and_field_errors_speak_the_language(client: FlaskClient) -> None:
    missing = client.get("/api/v1/games/424242", headers={"Accept-Language": "fr"})
    assert missing.status_code == 404
    assert missing.get_json()["message"] == capitalised(
        translated("fr", None, "there is no game {game}").format(game=424242)) + "."
    incomplete = client.post("/api/v1/games?lang=it", json={"sides": QUEBEC_SIDES})
    assert incomplete.status_code == 422
    assert incomplete.get_json()["errors"]["variant"] == [
        translated("it", None, "Missing data for required field.")]
    assert incomplete.get_json()["errors"]["variant"] != ["Missing data for required field."]
    nowhere = client.get("/api/v1/nowhere", headers={"Accept-Language": "it"})
    assert nowhere.status_code == 404
    assert nowhere.headers["Content-Language"] == "it"
    assert english_left([nowhere.get_json()["message"]]) == []


def test_variants_options_presets_and_bids_are_named_in_the_language(
        client: FlaskClient) -> None:
    english = client.get("/api/v1/variants/australian-500").get_json()
    french = client.get("/api/v1/variants/australian-500?lang=fr").get_json()
    assert french["key"] == english["key"] and french["options"].keys() == english[
        "options"].keys()
    assert french["description"] != english["description"]
    for key, option in french["options"].items():
        assert option["description"] != english["options"][key]["description"], key
        assert option.get("choices") == english["options"][key].get("choices")
    assert [p["key"] for p in french["presets"]] == [p["key"] for p in english["presets"]]
    names = {bid["code"]: bid["name"] for bid in french["bids"]}
    assert names["7H"] == "7♥"
    assert names["7NT"] != "7NT" and names["MIS"] == translated("fr", "bid", "Misère")


def test_the_score_sheet_csv_has_headers_in_the_language(client: FlaskClient) -> None:
    made = game(client, "quebec-500", QUEBEC_SIDES)
    assert post_hand(client, made, {"bid": "7H", "bidder": 1, "tricks": [3, 7]},
                     "en").status_code == 201
    response = client.get(f"/api/v1/games/{made['id']}/sheet.csv?lang=fr")
    assert response.headers["Content-Language"] == "fr-CA"
    header, row = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert header[0] == translated("fr", "csv", "hand")
    assert header[1] == translated("fr", "csv", "{side} points").format(side="Nous")
    assert english_left([row[-1]]) == []


def test_a_quebec_tournament_in_french(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 4)
    url = f"/api/v1/tournaments/{tourney.id}"
    before = client.get(url, headers={"Accept-Language": "fr"}).get_json()
    assert before["next_step"] == translated(
        "fr", None, "Draw the team numbers to build the first round.")
    tourney.draw()
    french = client.get(url, headers={"Accept-Language": "fr"}).get_json()
    english = client.get(url).get_json()
    assert [r["kind"] for r in french["rounds"]] == [r["kind"] for r in english["rounds"]]
    assert french["rounds"][0]["name"] == translated("fr", "round", "Qualifying round")
    assert french["next_step"] != english["next_step"]
    assert english_left([french["next_step"], french["rounds"][0]["name"]]) == []


def test_each_language_is_kept_apart_in_the_rendered_replies(client: FlaskClient) -> None:
    """A read rendered once per ETag (api/rendered.py) is kept per language too."""
    tourney = Tourney.create(client, 4)
    url = f"/api/v1/tournaments/{tourney.id}"
    views = [client.get(url, headers={"Accept-Language": lang})
             for lang in ("fr", "en", "it", "fr", "en")]
    steps = [view.get_json()["next_step"] for view in views]
    assert len(set(steps[:3])) == 3 and steps[3:] == steps[:2]
    assert len({view.headers["ETag"] for view in views}) == 1
    assert [view.headers["Content-Language"] for view in views] == [
        "fr-CA", "en", "it", "fr-CA", "en"]
