"""What every response carries and every request must be: security headers, CORS for the origins
the deployment allows, bodies within their endpoint's size (413, a body of no declared length
too) and JSON only (415), writes within the limit and the tokenless checks (the referee, a hand's
preview) within theirs (429)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, Response, request
from flask.json.provider import DefaultJSONProvider
from flask_compress import Compress

from scorekeeper import compressed
from scorekeeper.api import reading
from scorekeeper.api.blueprint import WRITES, write_context
from scorekeeper.errors import TooManyRequests, error_response
from scorekeeper.extensions import db
from scorekeeper.i18n import say
from scorekeeper.services import check_limit, write_limit, writes

JSON_TYPES = ("application/json",)
PAGE_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
               "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
API_POLICY = "default-src 'none'; frame-ancestors 'none'"
# Swagger UI (/docs): its scripts are files of the app; its icons are data: images.
DOCS_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
CORS_HEADERS = ("Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, "
                "X-Club-Token")
CORS_EXPOSED = "ETag, Location, Idempotent-Replayed, Retry-After"
# Refused before the body was read: what is left of it on the connection is not a request.
UNREAD_BODY = (413, 415)
# Endpoints that take more than MAX_CONTENT_LENGTH, and the setting of their own limit.
LARGE_BODIES = {"games.Import": "IMPORT_MAX_CONTENT_LENGTH"}
BODIES = ("POST", "PUT", "PATCH")
# The checks anyone may ask for without a token, each costing a worker some work: held to the
# per-address CHECK_LIMIT.
CHECKS = ("referee.", "games.HandPreview")


class StrictJSON(DefaultJSONProvider):
    """JSON as RFC 8259 has it: NaN and Infinity are neither read (so never stored, where they
    would make exports invalid JSON and PostgreSQL refuse them) nor written."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        kwargs.setdefault("parse_constant", reading.not_json)
        return super().loads(s, **kwargs)

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        kwargs.setdefault("allow_nan", False)
        return super().dumps(obj, **kwargs)



# Text leaves compressed (Flask-Compress: brotli, else gzip), the page's and the API's JSON: a
# first visit on a slow phone connection moves about a third of the bytes. Not a live page's event
# stream (text/event-stream is not listed): its events must leave as they happen. Files are sent
# as streams, so streams of these types are compressed too. The API's ETags stay the versions
# clients send back in If-Match (compressed.py).
COMPRESSED = ["text/html", "text/css", "text/javascript", "application/javascript",
              "application/json", "application/manifest+json", "image/svg+xml"]


def register(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    # Brotli 5 rather than Flask-Compress's 4: the page's files 8 % smaller for 0.8 ms more per
    # 50 KiB, paid once for a file or a rendered reply (kept compressed).
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    app.config.setdefault("COMPRESS_STREAMS", True)
    # A file is sent as a stream, which Flask-Compress cannot gzip: deflate for a browser
    # without brotli (Chromium over plain http on a LAN), and a 304 for a file not changed.
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "deflate"])
    app.config.setdefault("COMPRESS_STREAMING_ENDPOINT_CONDITIONAL", ["web.static"])
    # A body a view names (a rendered game, a page file) is compressed once per coding.
    app.config.setdefault("COMPRESS_CACHE_KEY", compressed.body_name)
    app.config.setdefault("COMPRESS_CACHE_BACKEND", compressed.Kept)
    # The views (rendered.py) and Flask's files answer If-None-Match themselves: not asked again.
    app.config.setdefault("COMPRESS_EVALUATE_CONDITIONAL_REQUEST", False)
    # Registered before Compress, so it runs after it.
    app.after_request(compressed.plain_reply)
    app.extensions["scorekeeper.compress"] = Compress(app)
    app.wsgi_app = ClosesConnection(  # type: ignore[method-assign]
        TakesTurns(compressed.PlainTags(app.wsgi_app)))
    # A bad setting stops the app starting.
    limits = {write_limit.WRITES: write_limit.parse(app.config["WRITE_LIMIT"]),
              write_limit.AUTH_FAILURES: write_limit.parse(app.config["AUTH_FAILURE_LIMIT"])}
    app.extensions["scorekeeper.write_limits"] = limits
    checks = check_limit.Checks(write_limit.parse(app.config["CHECK_LIMIT"]))

    @app.before_request
    def body_limit() -> Response | None:
        """Every body is held to MAX_CONTENT_LENGTH but for a few endpoints' own limits; one
        declared larger is refused before it is read (413)."""
        setting = LARGE_BODIES.get(request.endpoint or "")
        if setting is not None:
            request.max_content_length = app.config[setting]
        most = request.max_content_length
        if most is not None and (request.content_length or 0) > most:
            return error_response(413, f"The body is {request.content_length} bytes; "
                                       f"this endpoint takes at most {most}.")
        if (most is not None and request.content_length is None and request.method in BODIES
                and "wsgi.input_terminated" in request.environ
                and len(request.get_data(cache=True)) == most and request.input_stream.read(1)):
            # A body of no declared length (chunked) is read up to the limit and no further;
            # werkzeug stops there silently, and the JSON cut short would be called malformed.
            return error_response(413, say("The body is larger than {most} bytes, the most "
                                           "this endpoint takes.", most=most))
        return None

    @app.before_request
    def json_bodies_only() -> Response | None:
        if request.method == "OPTIONS" and request.path.startswith("/api/"):
            return preflight(app)
        if (request.method in ("POST", "PUT", "PATCH") and request.path.startswith("/api/")
                and (request.content_length or 0) > 0
                and not (request.mimetype in JSON_TYPES or request.mimetype.endswith("+json"))):
            return error_response(415, f"Send JSON (Content-Type: application/json), not "
                                       f"{request.mimetype or 'an unnamed type'}.")
        return None

    @app.before_request
    def within_check_limit() -> None:
        """The referee and a hand's preview need no token: each address gets so many a period
        in each worker (CHECK_LIMIT), counted in memory, so no database is asked."""
        if not (request.endpoint or "").startswith(CHECKS):
            return
        wait = checks.take(request.remote_addr or "")
        if wait is not None:
            raise TooManyRequests(say("Too many checks from this address: at most {limit}. "
                                      "Try again in {wait} s", limit=checks.limit, wait=wait),
                                  headers={"Retry-After": str(wait)})

    @app.before_request
    def within_write_limit() -> None:
        """Writes that need no token (a new game, an import, a new tournament) count against
        the client's limit here, refused ones too; the others count in the write guard, once
        their token is found right (services/writes.py)."""
        if limits[write_limit.WRITES] is None or request.method not in WRITES:
            return
        view = app.view_functions.get(request.endpoint or "")
        if getattr(getattr(view, "view_class", None), "open_write", False):
            with db.writers_turn(), db.engine.begin() as connection:
                writes.charge(write_context(), connection, write_limit.WRITES)

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        if request.path.startswith("/api/"):
            response.headers.setdefault("Content-Security-Policy", API_POLICY)
        elif request.path == "/docs" or request.path.startswith("/docs/"):
            response.headers.setdefault("Content-Security-Policy", DOCS_POLICY)
        else:
            response.headers.setdefault("Content-Security-Policy", PAGE_POLICY)
        if response.status_code in UNREAD_BODY:
            response.headers["Connection"] = "close"
        if app.config.get("CORS_ORIGINS"):
            # Every reply depends on Origin, also one without Access-Control-Allow-Origin: a
            # cache must not hand it to an allowed origin.
            response.vary.add("Origin")
        origin = allowed_origin(app)
        if origin is not None:
            response.headers["Access-Control-Allow-Origin"] = origin
            response.headers["Access-Control-Expose-Headers"] = CORS_EXPOSED
        return response


def allowed_origin(app: Flask) -> str | None:
    """The request's Origin if the deployment lets other front ends call the API
    (CORS_ORIGINS: a list of origins, or "*")."""
    origin = request.headers.get("Origin")
    allowed = app.config.get("CORS_ORIGINS") or ()
    if origin is None or not request.path.startswith("/api/"):
        return None
    if allowed == "*" or origin in allowed:
        return origin
    return None


def preflight(app: Flask) -> Response:
    response = Response(status=204)
    if allowed_origin(app) is not None:
        response.headers["Access-Control-Allow-Methods"] = "GET, POST, PUT, DELETE, OPTIONS"
        response.headers["Access-Control-Allow-Headers"] = CORS_HEADERS
        response.headers["Access-Control-Max-Age"] = "600"
    return response


class TakesTurns:
    """Every request's body is received in turns with the worker's other requests."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        if "wsgi.input" in environ:
            environ["wsgi.input"] = reading.Received(environ["wsgi.input"])
        return self.app(environ, start_response)


class ClosesConnection:
    """A reply with `Connection: close` ends its connection, under gunicorn too.

    gunicorn drops the hop-by-hop headers an app sends and answers `Connection: keep-alive`; then,
    finding more of the body unread than it will drain, it closes the connection anyway, and the
    client's next request on it is lost. Told through its start_response, it closes the
    connection and says so."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        def start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            if ("connection", "close") in ((k.lower(), v.lower()) for k, v in headers):
                force_close = getattr(getattr(start_response, "__self__", None), "force_close",
                                      None)
                if callable(force_close):
                    force_close()
            return start_response(status, headers, *exc_info)

        return self.app(environ, start)
