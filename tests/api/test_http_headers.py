"""Security headers on every response, CORS only for the origins a deployment allows, and JSON
bodies only."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorekeeper import create_app
from tests.api.helpers import API, assert_error
from tests.helpers import TWO_SIDES, database_url


@pytest.mark.parametrize("path", ["/", f"{API}/variants", f"{API}/games/1"])
def test_security_headers(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Frame-Options"] == "DENY"
    policy = response.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in policy
    if path == "/":
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    else:
        assert policy.startswith("default-src 'none'")


def test_no_cors_unless_configured(client: FlaskClient) -> None:
    response = client.get(f"{API}/variants", headers={"Origin": "https://elsewhere.example"})
    assert "Access-Control-Allow-Origin" not in response.headers
    preflight = client.options(f"{API}/games", headers={
        "Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST"})
    assert "Access-Control-Allow-Origin" not in preflight.headers


def test_cors_for_the_configured_origins(tmp_path: Path) -> None:
    client = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                         "CORS_ORIGINS": ("https://club.example",)}).test_client()
    allowed = {"Origin": "https://club.example"}
    response = client.get(f"{API}/variants", headers=allowed)
    assert response.headers["Access-Control-Allow-Origin"] == "https://club.example"
    assert "ETag" in response.headers["Access-Control-Expose-Headers"]
    assert "Origin" in response.headers["Vary"]
    preflight = client.options(f"{API}/games", headers={
        **allowed, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, if-match"})
    assert preflight.status_code == 204
    assert "If-Match" in preflight.headers["Access-Control-Allow-Headers"]
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    other = client.get(f"{API}/variants", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/xml"])
def test_a_body_that_is_not_json_is_refused(client: FlaskClient, content_type: str) -> None:
    response = client.post(f"{API}/games", data='{"variant": "australian-500"}',
                           headers={"Content-Type": content_type})
    assert_error(response, 415)
    assert response.headers["Connection"] == "close"  # the unread body is no next request
    assert client.get(f"{API}/games/1").status_code == 404


def test_json_with_a_charset_or_a_json_suffix_is_fine(client: FlaskClient) -> None:
    import json

    body = json.dumps({"variant": "australian-500", "sides": TWO_SIDES})
    for content_type in ("application/json; charset=utf-8", "application/vnd.api+json"):
        response = client.post(f"{API}/games", data=body, headers={"Content-Type": content_type})
        assert response.status_code == 201, response.get_json()


def test_every_response_varies_on_origin_when_cors_is_configured(tmp_path: Path) -> None:
    """A shared cache must not hand a reply made without Access-Control-Allow-Origin to an
    allowed origin, so even replies to no Origin or another one say they depend on it."""
    client = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                         "CORS_ORIGINS": ("https://club.example",)}).test_client()
    for headers in ({}, {"Origin": "https://evil.example"}, {"Origin": "https://club.example"}):
        for path in (f"{API}/variants", f"{API}/games/99", "/", "/docs", "/openapi.json"):
            response = client.get(path, headers=headers)
            assert "Origin" in response.headers.get("Vary", ""), (path, headers)


def test_no_vary_on_origin_without_cors(client: FlaskClient) -> None:
    response = client.get(f"{API}/variants", headers={"Origin": "https://club.example"})
    assert "Origin" not in response.headers.get("Vary", "")
