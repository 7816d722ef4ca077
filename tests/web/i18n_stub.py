"""TEMPORARY, test-only: until the server's side of issue 17 lands on this branch, the test app is
given the `languages` template variable and /i18n/<code>.json from a small dict, so the page's
side can be tested. Dropped once main's real catalogs are merged (conftest.py uses it only when
the app has no /i18n route)."""

from __future__ import annotations

from typing import Any

from flask import Flask, abort, jsonify

LANGUAGES = [{"code": "en", "name": "English", "locale": "en"},
             {"code": "fr", "name": "Français", "locale": "fr-CA"},
             {"code": "it", "name": "Italiano", "locale": "it"}]

MESSAGES: dict[str, dict[str, Any]] = {
    "fr": {"New game": "Nouvelle partie", "Start the game": "Commencer la partie",
           "Settings": "Réglages", "Language": "Langue", "Text size": "Taille du texte",
           "Close": "Fermer", "{left} to {target}": "{left} avant {target}",
           "Hand {n}": "Donne {n}", "House rules": "Règles maison",
           "{n} trick": ["{n} levée", "{n} levées"]},
    "it": {"New game": "Nuova partita", "Settings": "Impostazioni"},
}


def install(app: Flask) -> None:
    if any(rule.rule.startswith("/i18n/") for rule in app.url_map.iter_rules()):
        return  # the real thing is there

    @app.get("/i18n/<code>.json")
    def page_messages(code: str) -> Any:
        if code not in {lang["code"] for lang in LANGUAGES}:
            abort(404)
        return jsonify({"lang": code, "messages": MESSAGES.get(code, {})})

    @app.context_processor
    def languages() -> dict[str, Any]:
        return {"languages": LANGUAGES}
