"""The app that benchmarks/load.py serves with gunicorn: the real app plus one bare endpoint.

    gunicorn --workers 2 'benchmarks.load_app:create()'

GET /bare answers {"ok": true} from a plain Flask view in the same app, so it passes through the
same before/after_request hooks, the same gunicorn workers and the same network as the API. Its
throughput is the ceiling the API endpoints are compared with; the route lives here, never in the
product.
"""

from __future__ import annotations

from flask import Flask, Response, jsonify

from scorekeeper import create_app


def create() -> Flask:
    """The product's app (DATABASE_URL from the environment) with GET /bare added."""
    app = create_app()

    @app.get("/bare")
    def bare() -> Response:
        return jsonify({"ok": True})

    return app
