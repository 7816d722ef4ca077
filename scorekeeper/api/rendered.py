"""Read replies rendered once per ETag in each process.

What a game, its stats or a tournament shows changes only with its ETag, and a table's phones and
spectators read the same few of them over and over; so the JSON is kept, by endpoint, ETag and
language, and a read that finds it costs one indexed lookup of the version.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import Response, current_app, jsonify, request
from marshmallow import Schema

from scorekeeper.compressed import name_the_body
from scorekeeper.i18n import language

SIZE = 256  # replies kept per process, least recently read dropped first


class Rendered:
    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self.bodies: OrderedDict[tuple[str, str, str], bytes] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[str, str, str]) -> bytes | None:
        with self.lock:
            body = self.bodies.get(key)
            if body is not None:
                self.bodies.move_to_end(key)
            return body

    def put(self, key: tuple[str, str, str], body: bytes) -> None:
        with self.lock:
            self.bodies[key] = body
            while len(self.bodies) > self.size:
                self.bodies.popitem(last=False)


def conditional(tag: str, schema: Schema,
                build: Callable[[], tuple[str, dict[str, Any]]]) -> Response:
    """304 when If-None-Match already has the current ETag; else the reply, rendered at most once
    per ETag. `build` loads the row afresh and gives its own ETag with its view, so a write
    landing between the version lookup and the load is never kept under the older ETag."""
    if request.if_none_match.contains_weak(tag.strip('"')):
        return Response(status=304, headers={"ETag": tag})
    rendered: Rendered = current_app.extensions.setdefault("scorekeeper.rendered", Rendered())
    key = (request.endpoint or "", tag, language())
    body = rendered.get(key)
    if body is None:
        tag, view = build()
        key = (request.endpoint or "", tag, language())
        body = jsonify(schema.dump(view)).get_data()
        rendered.put(key, body)
    name_the_body("|".join(key))
    return Response(body, mimetype="application/json", headers={"ETag": tag})


def weak_tagged(body: bytes, headers: dict[str, str] | None = None) -> Response:
    """The reply under a weak ETag that hashes its body (what this reader gets), or 304 when
    If-None-Match already has it: for replies that differ by reader, which no version tags."""
    tag = hashlib.sha256(body).hexdigest()[:32]
    headers = {"ETag": f'W/"{tag}"', **(headers or {})}
    if request.if_none_match.contains_weak(tag):
        return Response(status=304, headers=headers)
    name_the_body(f"weak|{tag}")
    return Response(body, mimetype="application/json", headers=headers)
