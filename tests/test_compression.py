"""The page's text leaves compressed (Flask-Compress: brotli, else gzip) and reads back byte for
byte; the API's JSON and a live page's event stream never are (a compressed reply would carry an
ETag of its own, and the API's ETags are versions that clients send back in If-Match)."""

from __future__ import annotations

import gzip
import zlib

import brotli
import pytest
from flask.testing import FlaskClient

from tests.helpers import TWO_SIDES

PAGE_FILES = ["/", "/assets/app.css", "/assets/app.js", "/assets/game/sheet.js", "/sw.js",
              "/manifest.webmanifest"]


@pytest.mark.parametrize("path", PAGE_FILES)
@pytest.mark.parametrize("asked", ["gzip, deflate, br", "gzip, deflate"])
def test_the_page_s_text_is_compressed(client: FlaskClient, path: str, asked: str) -> None:
    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": asked})
    assert plain.status_code == packed.status_code == 200
    assert plain.headers.get("Content-Encoding") is None
    # A file (sent as a stream) cannot be gzipped as it goes: deflate, where brotli is not taken.
    chosen = "br" if "br" in asked else "deflate" if path.startswith("/assets/") else "gzip"
    assert packed.headers["Content-Encoding"] == chosen
    assert "Accept-Encoding" in packed.headers["Vary"]
    unpack = {"br": brotli.decompress, "gzip": gzip.decompress, "deflate": zlib.decompress}
    assert unpack[chosen](packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 2


def test_the_api_s_json_is_never_compressed(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"variant": "australian-500", "sides": TWO_SIDES})
    path = f"/api/v1/games/{game.get_json()['id']}"
    plain = client.get(path)
    asked = client.get(path, headers={"Accept-Encoding": "br, gzip"})
    assert asked.headers.get("Content-Encoding") is None
    assert asked.headers["ETag"] == plain.headers["ETag"]  # the version If-Match takes
    assert asked.data == plain.data


def test_a_live_page_s_events_are_never_compressed(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"variant": "australian-500", "sides": TWO_SIDES})
    stream = client.get(f"/api/v1/games/{game.get_json()['id']}/events",
                        headers={"Accept-Encoding": "br, gzip"}, buffered=False)
    try:
        assert stream.mimetype == "text/event-stream"
        assert stream.headers.get("Content-Encoding") is None
    finally:
        stream.close()
