"""What Flask-Compress needs from us: the bodies it has compressed once, kept by name, and the
ETags it renames, made plain again where the API's tags are versions.

Flask-Compress names a compressed reply's strong ETag after its coding (`"12-3"` leaves as
`"12-3:br"`). The API's tag is the game's version, the one tag of that version in every reply
(a 304, a write's reply, a live page's event id), which clients send back in If-Match: so a JSON
reply keeps its tag as it was (`plain_reply`), `Vary: Accept-Encoding` keeping the codings apart
in caches, and a tag that comes back with a coding's name anyway (from a proxy, or an older page)
is read without it (`PlainTags`), by our comparisons and werkzeug's alike."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from flask import Request, Response, g

# The codings Flask-Compress names in a tag, at its end inside the quotes.
CODING = re.compile(r':(?:br|gzip|deflate|zstd)"')
CONDITIONS = ("HTTP_IF_MATCH", "HTTP_IF_NONE_MATCH")
SIZE = 512  # compressed bodies kept per process, least recently used dropped first


def plain_tags(header: str) -> str:
    """An If-Match or If-None-Match header with every tag's coding suffix taken off."""
    return CODING.sub('"', header)


class PlainTags:
    """Every request's If-Match and If-None-Match as if no coding had renamed their tags."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        for name in CONDITIONS:
            if name in environ:
                environ[name] = plain_tags(environ[name])
        return self.app(environ, start_response)


def plain_reply(response: Response) -> Response:
    """A JSON reply's strong ETag as the view set it, not renamed after its coding."""
    tag, weak = response.get_etag()
    encoding = response.headers.get("Content-Encoding")
    if (tag and not weak and encoding and response.mimetype == "application/json"
            and tag.endswith(f":{encoding}")):
        response.set_etag(tag.removesuffix(f":{encoding}"))
    return response


def name_the_body(name: str) -> None:
    """Say that this request's reply body is the one `name` stands for (e.g. an endpoint, ETag
    and language): its compressed forms are then made once and kept."""
    g.compressed_as = name


def body_name(request: Request) -> str:
    """COMPRESS_CACHE_KEY: the name the view gave its body, or "" (compressed, never kept)."""
    name: str = g.get("compressed_as", "")
    return name


class Kept:
    """COMPRESS_CACHE_BACKEND: compressed bodies by coding and name, at most SIZE of them. A key
    with no name (Flask-Compress's `"br;"`) is a body that changes from request to request."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self.bodies: OrderedDict[str, bytes] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self.lock:
            body = self.bodies.get(key)
            if body is not None:
                self.bodies.move_to_end(key)
            return body

    def set(self, key: str, value: bytes) -> None:
        if key.endswith(";"):
            return
        with self.lock:
            self.bodies[key] = value
            self.bodies.move_to_end(key)
            while len(self.bodies) > self.size:
                self.bodies.popitem(last=False)
