"""A tournament's language (API.md): set at creation, by default the organizer page's (the
request's), kept in every view and backup; its pages speak it unless the viewer picks another."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import assert_error
from tests.api.tournament_helpers import TOURNAMENTS, Tourney, create_body


def test_a_tournament_speaks_the_language_it_was_created_in(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 4, language="fr")
    assert tourney.created["language"] == "fr"
    view = client.get(tourney.url, headers={"Accept-Language": "it"}).get_json()
    assert view["language"] == "fr"  # the night's, whoever reads it
    assert tourney.draw().status_code == 200
    assert client.get(tourney.url).get_json()["language"] == "fr"


@pytest.mark.parametrize(("query", "headers", "expected"), [
    ("?lang=it", {}, "it"),
    ("", {"Accept-Language": "fr-CA,fr;q=0.9"}, "fr"),
    ("", {"Accept-Language": "de"}, "en"),
    ("", {}, "en"),
])
def test_by_default_a_tournament_speaks_the_organizer_page_s_language(
        client: FlaskClient, query: str, headers: dict[str, str], expected: str) -> None:
    response = client.post(f"{TOURNAMENTS}{query}", json=create_body(4), headers=headers)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["language"] == expected


@pytest.mark.parametrize("language", ["de", "FR", "", None, 3])
def test_a_language_not_spoken_is_refused_and_nothing_stored(client: FlaskClient,
                                                              language: object) -> None:
    refused = client.post(TOURNAMENTS, json=create_body(4, language=language))
    body = assert_error(refused, 422, "language")
    assert "language" in body["errors"]
    # Nothing was stored: the next tournament takes the first id.
    assert Tourney.create(client, 4).id == 1
