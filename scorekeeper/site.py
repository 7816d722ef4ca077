"""The site's own address: SCOREKEEPER_PUBLIC_URL (the address players use), the page links made
with it, and which links are the site's own (the only ones GET /qr.svg draws). Pure: no Flask."""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import parse_qs, quote, urlsplit

# Without PUBLIC_URL or TRUSTED_HOSTS, the only Host headers believed: a request naming one of
# these reached the machine itself, and a link to it points nowhere else.
LOOPBACK = ("localhost", "127.0.0.1", "[::1]")


def public_url(text: str | None) -> str | None:
    """The setting as links are made from it (no trailing slash), or None when unset; a value
    that is no plain http(s) address stops the app starting."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        parts = urlsplit(text)
        _ = parts.port  # a port that is no number raises here
    except ValueError as bad:
        raise ValueError(f"SCOREKEEPER_PUBLIC_URL {text!r} is not an address: {bad}") from None
    if (parts.scheme not in ("http", "https") or not parts.hostname or parts.username is not None
            or parts.password is not None or parts.query or parts.fragment):
        raise ValueError(f"SCOREKEEPER_PUBLIC_URL {text!r} must be an http(s) address with a "
                         "host and no user, query or fragment, e.g. https://club.example/scores")
    return f"{parts.scheme}://{parts.netloc.lower()}{parts.path.rstrip('/')}"


def trusted_hosts(text: str | None) -> list[str] | None:
    """SCOREKEEPER_TRUSTED_HOSTS, comma-separated, as Flask's TRUSTED_HOSTS takes it."""
    hosts = [host.strip() for host in (text or "").split(",") if host.strip()]
    return hosts or None


def page_link(base: str, route: str) -> str:
    """The page's address `route` (after the #: "g/3?token=…") under the public address."""
    return f"{base}/#/{route}"


def game_link(base: str, game: int, token: str) -> str:
    """A game's scorer link (API.md: /#/g/{id}?token=T)."""
    return page_link(base, f"g/{game}?token={quote(token, safe='')}")


def tournament_link(base: str, tournament: int, token: str) -> str:
    """A tournament's link with a token: its organizer's, or a table's scorer's."""
    return page_link(base, f"t/{tournament}?token={quote(token, safe='')}")


def carries_token(link: str) -> bool:
    """Whether `link` has a token parameter, in its query or in the query of its fragment (the
    page's own addresses: /#/g/1?token=T); no address at all has none."""
    try:
        parts = urlsplit(link)
    except ValueError:
        return False
    return any("token" in parse_qs(query, keep_blank_values=True)
               for query in (parts.query, parts.fragment.partition("?")[2]))


def under(link: str, base: str) -> bool:
    """Whether `link` is an address under `base` (the public address): same scheme and host, a
    path at or below its path, and no user name or password."""
    try:
        parts, home = urlsplit(link), urlsplit(base)
    except ValueError:
        return False
    path = home.path.rstrip("/")
    return (parts.scheme == home.scheme and parts.netloc.lower() == home.netloc.lower()
            and parts.username is None and parts.password is None
            and (parts.path in (path, path + "/") or parts.path.startswith(path + "/")))


def same_host(link: str, host: str) -> bool:
    """Whether `link` is an http(s) address of `host` (the request's Host, once trusted), with no
    user name or password."""
    try:
        parts = urlsplit(link)
    except ValueError:
        return False
    return (parts.scheme in ("http", "https") and parts.username is None
            and parts.password is None and parts.netloc.lower() == host.lower())


def host_trusted(host: str, trusted: Iterable[str]) -> bool:
    """Whether the Host header `host` (its port aside) is one of `trusted`: names as Flask's
    TRUSTED_HOSTS has them, ".club.example" for every name under club.example."""
    name = _hostname(host)
    for ref in trusted:
        wanted = _hostname(ref.removeprefix("."))
        if name and (name == wanted or (ref.startswith(".") and name.endswith(f".{wanted}"))):
            return True
    return False


def _hostname(host: str) -> str | None:
    """'Club.Example:8000' → 'club.example', '[::1]:80' → '::1'; None if it is none."""
    try:
        return urlsplit(f"//{host}").hostname
    except ValueError:
        return None
