"""GET /qr.svg: a QR code of a link to this site with no secret in it (a game's spectator link) as
an SVG that decodes to exactly that link; links elsewhere refused, and links with a token (the page
draws those itself, so no token travels in an address); "this site" is SCOREKEEPER_PUBLIC_URL when
set, else the request's own host if the server trusts it, never what a forged Host header says;
cached, privately (issue 25, items 4 and 5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.web import QR_MAX_LENGTH
from tests.helpers import database_url
from tests.qr_pixels import decode, svg_pixels

SITE = "http://localhost"
PUBLIC = "https://club.example/scores"


def client_with(tmp_path: Path, **config: Any) -> FlaskClient:
    return create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                       **config}).test_client()


def drawn(reply: Any, link: str) -> None:
    assert reply.status_code == 200, reply.get_json()
    assert reply.mimetype == "image/svg+xml"
    assert reply.headers["Cache-Control"] == "private, max-age=31536000, immutable"
    svg = reply.get_data(as_text=True)
    assert svg.startswith("<svg") and "viewBox" in svg and "<script" not in svg
    assert decode(svg_pixels(svg)) == link


@pytest.mark.parametrize("link", [
    f"{SITE}/#/g/7/watch",
    f"{SITE}/",
    "https://localhost/#/t/3",
    f"{SITE}/#/t/3/screen",
])
def test_the_code_decodes_to_the_exact_link(client: FlaskClient, link: str) -> None:
    drawn(client.get("/qr.svg", query_string={"u": link}), link)


def test_the_same_link_draws_the_same_code(client: FlaskClient) -> None:
    link = f"{SITE}/#/g/1/watch"
    first = client.get("/qr.svg", query_string={"u": link}).data
    assert client.get("/qr.svg", query_string={"u": link}).data == first


@pytest.mark.parametrize("link", [
    f"{SITE}/#/g/12?token=Zx-9_abcdefghijklmnopqrstuvwxyz0123456789AB",
    f"{SITE}/#/t/3?lang=fr&token=abc",
    f"{SITE}/?token=abc#/g/12",
    f"{SITE}/#/g/12?token=",
])
def test_a_link_with_a_token_is_refused(client: FlaskClient, link: str) -> None:
    """The page draws its scorer and organizer links itself: a token asked for here would sit in
    the request line, in every access log on the way."""
    reply = client.get("/qr.svg", query_string={"u": link})
    assert reply.status_code == 400
    assert "token" in reply.get_json()["message"]


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
    long = f"{SITE}/#/g/1/watch?{'a' * QR_MAX_LENGTH}"
    reply = client.get("/qr.svg", query_string={"u": long})
    assert reply.status_code == 400 and str(QR_MAX_LENGTH) in reply.get_json()["message"]


def test_the_route_is_the_page_s_not_the_api_s(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").get_json()
    assert not any("qr" in path for path in spec["paths"])


# -- which site is this one: never the Host header's word alone -------------------------------


def test_a_forged_host_draws_no_link_to_itself(client: FlaskClient) -> None:
    """Without a public address or trusted hosts, only a loopback Host is believed."""
    reply = client.get("/qr.svg", query_string={"u": "http://evil.example/"},
                       headers={"Host": "evil.example"})
    assert reply.status_code == 400
    assert "evil.example" in reply.get_json()["message"]


@pytest.mark.parametrize("host", ["localhost:5000", "127.0.0.1:8000", "[::1]:5000"])
def test_a_loopback_host_draws_its_own_links(client: FlaskClient, host: str) -> None:
    link = f"http://{host}/#/g/1/watch"
    drawn(client.get("/qr.svg", query_string={"u": link}, headers={"Host": host}), link)


def test_trusted_hosts_are_the_hosts_whose_links_are_drawn(tmp_path: Path) -> None:
    client = client_with(tmp_path, TRUSTED_HOSTS=["club.example", "192.168.1.10"])
    link = "http://192.168.1.10:5000/#/g/1/watch"
    drawn(client.get("/qr.svg", query_string={"u": link},
                     headers={"Host": "192.168.1.10:5000"}), link)
    # Flask itself refuses any other Host, before the view.
    refused = client.get("/qr.svg", query_string={"u": "http://evil.example/"},
                         headers={"Host": "evil.example"})
    assert refused.status_code == 400 and refused.mimetype != "image/svg+xml"


@pytest.mark.parametrize("host", ["evil.example", "club.example", "localhost"])
def test_with_a_public_address_only_links_under_it_are_drawn(tmp_path: Path, host: str) -> None:
    client = client_with(tmp_path, PUBLIC_URL=f"{PUBLIC}/")
    for link in [f"{PUBLIC}/#/g/1/watch", f"{PUBLIC}/", PUBLIC, "https://CLUB.example/scores/#/t/2"]:
        drawn(client.get("/qr.svg", query_string={"u": link}, headers={"Host": host}), link)
    for link in [f"http://{host}/", "http://club.example/scores/#/g/1/watch",
                 "https://club.example/#/g/1/watch", "https://club.example/scores-x/#/g/1",
                 "https://club.example.evil.example/scores/", "https://x@club.example/scores/"]:
        reply = client.get("/qr.svg", query_string={"u": link}, headers={"Host": host})
        assert reply.status_code == 400, link
        assert f"({PUBLIC}/)" in reply.get_json()["message"]


@pytest.mark.parametrize("value", ["club.example", "ftp://club.example", "https://",
                                   "https://club.example/?a=1", "https://club.example/#x",
                                   "https://me:pw@club.example", "https://club.example:port/"])
def test_a_public_address_that_is_none_stops_the_app_starting(tmp_path: Path,
                                                              value: str) -> None:
    with pytest.raises(ValueError, match="SCOREKEEPER_PUBLIC_URL"):
        client_with(tmp_path, PUBLIC_URL=value)


def test_the_public_address_comes_from_the_environment(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_PUBLIC_URL", "https://Club.example/scores/")
    monkeypatch.setenv("SCOREKEEPER_TRUSTED_HOSTS", "club.example, .club.example")
    app = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path)})
    assert app.config["PUBLIC_URL"] == "https://club.example/scores"
    assert app.config["TRUSTED_HOSTS"] == ["club.example", ".club.example"]


def test_the_page_is_served_with_the_public_address(tmp_path: Path) -> None:
    """The page builds the links it shares from it, whatever address it was opened by; and the
    service worker's copy of the page is a new one when it changes."""
    plain = client_with(tmp_path)
    assert 'data-public-url=""' in plain.get("/").get_data(as_text=True)
    public = client_with(tmp_path, PUBLIC_URL=PUBLIC)
    page = public.get("/", headers={"Host": "192.168.1.10:5000"}).get_data(as_text=True)
    assert f'data-public-url="{PUBLIC}"' in page
    assert plain.get("/sw.js").data.split(b";")[0] != public.get("/sw.js").data.split(b";")[0]
