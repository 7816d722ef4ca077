"""The page's text and the API's JSON leave compressed (Flask-Compress: brotli, else gzip) and read
back byte for byte, the API's ETags unchanged (versions that clients send back in If-Match); a
live page's event stream never is."""

from __future__ import annotations

import gzip
import zlib

import brotli
import pytest
from flask.testing import FlaskClient

from tests.helpers import TWO_SIDES

HAND = {"bidder": 0, "bid": "7H", "tricks": [7, 3]}

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


def a_game(client: FlaskClient) -> tuple[str, str]:
    game = client.post("/api/v1/games", json={"variant": "australian-500", "sides": TWO_SIDES})
    path, token = f"/api/v1/games/{game.get_json()['id']}", game.get_json()["token"]
    client.post(f"{path}/hands", json=HAND, headers={"Authorization": f"Bearer {token}"})
    return path, token


def test_the_api_s_json_is_compressed_under_the_same_etag(client: FlaskClient) -> None:
    path, _ = a_game(client)
    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": "br, gzip"})
    assert packed.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert brotli.decompress(packed.data) == plain.data
    assert packed.headers["ETag"] == plain.headers["ETag"]  # the version If-Match takes


@pytest.mark.parametrize("coding", ["", ":br", ":gzip"])
def test_a_compressed_read_s_etag_goes_back_in_if_match_and_if_none_match(
        client: FlaskClient, coding: str) -> None:
    """The tag of a compressed reply, as we send it or renamed after its coding (as Flask-Compress
    names it, and a proxy or an older page may hand it back): 304, then a write over it taken,
    then the same tag stale (412) and no longer a 304."""
    path, token = a_game(client)
    br = {"Accept-Encoding": "br"}
    read = client.get(path, headers=br)
    tag = read.headers["ETag"]
    sent = tag[:-1] + coding + '"'
    assert client.get(path, headers={**br, "If-None-Match": sent}).status_code == 304
    auth = {**br, "Authorization": f"Bearer {token}"}
    put = client.put(f"{path}/hands/1", json=HAND, headers={**auth, "If-Match": sent})
    assert put.status_code == 200, put.get_data()
    assert put.headers["ETag"] != tag
    stale = client.put(f"{path}/hands/1", json=HAND, headers={**auth, "If-Match": sent})
    assert stale.status_code == 412
    again = client.get(path, headers={**br, "If-None-Match": sent})
    assert again.status_code == 200 and again.headers["ETag"] == put.headers["ETag"]
    assert client.get(path, headers={**br, "If-None-Match": again.headers["ETag"]}
                      ).status_code == 304


def test_a_rendered_reply_is_compressed_once(client: FlaskClient) -> None:
    path, _ = a_game(client)
    kept = client.application.extensions["scorekeeper.compress"].cache
    first = client.get(path, headers={"Accept-Encoding": "br"})
    names = [key for key in kept.bodies if key.startswith("br;games.Game|")]
    assert names == [f"br;games.Game|{first.headers['ETag']}|en"]
    kept.bodies[names[0]] = brotli.compress(b'{"kept": true}')
    second = client.get(path, headers={"Accept-Encoding": "br"})
    assert brotli.decompress(second.data) == b'{"kept": true}'  # taken from the cache


def test_a_live_page_s_events_are_never_compressed(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"variant": "australian-500", "sides": TWO_SIDES})
    stream = client.get(f"/api/v1/games/{game.get_json()['id']}/events",
                        headers={"Accept-Encoding": "br, gzip"}, buffered=False)
    try:
        assert stream.mimetype == "text/event-stream"
        assert stream.headers.get("Content-Encoding") is None
    finally:
        stream.close()
