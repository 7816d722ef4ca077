"""GET /qr.svg: a QR code of a link to this site (a game's spectator or scorer link) as an SVG
that decodes to exactly that link; links elsewhere refused; cached, privately."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from scorekeeper.web import QR_MAX_LENGTH
from tests.qr_pixels import decode, svg_pixels

SITE = "http://localhost"


@pytest.mark.parametrize("link", [
    f"{SITE}/#/g/7/watch",
    f"{SITE}/#/g/12?token=Zx-9_abcdefghijklmnopqrstuvwxyz0123456789AB",
    f"{SITE}/",
    "https://localhost/#/t/3",
])
def test_the_code_decodes_to_the_exact_link(client: FlaskClient, link: str) -> None:
    reply = client.get("/qr.svg", query_string={"u": link})
    assert reply.status_code == 200
    assert reply.mimetype == "image/svg+xml"
    assert reply.headers["Cache-Control"] == "private, max-age=31536000, immutable"
    svg = reply.get_data(as_text=True)
    assert svg.startswith("<svg") and "viewBox" in svg and "<script" not in svg
    assert decode(svg_pixels(svg)) == link


def test_the_same_link_draws_the_same_code(client: FlaskClient) -> None:
    link = f"{SITE}/#/g/1/watch"
    first = client.get("/qr.svg", query_string={"u": link}).data
    assert client.get("/qr.svg", query_string={"u": link}).data == first


@pytest.mark.parametrize("link", [
    "http://example.com/#/g/1/watch",
    "http://localhost.example.com/#/g/1",
    "http://user@localhost/#/g/1",
    "//localhost/#/g/1",
    "javascript:alert(1)",
    "/#/g/1",
    "ftp://localhost/#/g/1",
    "http://[::1/",
])
def test_links_elsewhere_are_refused(client: FlaskClient, link: str) -> None:
    reply = client.get("/qr.svg", query_string={"u": link})
    assert reply.status_code == 400
    assert "this site" in reply.get_json()["message"]


def test_no_link_and_a_long_link_are_refused(client: FlaskClient) -> None:
    assert client.get("/qr.svg").status_code == 400
    long = f"{SITE}/#/g/1?token={'a' * QR_MAX_LENGTH}"
    reply = client.get("/qr.svg", query_string={"u": long})
    assert reply.status_code == 400 and str(QR_MAX_LENGTH) in reply.get_json()["message"]


def test_the_route_is_the_page_s_not_the_api_s(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").get_json()
    assert not any("qr" in path for path in spec["paths"])
