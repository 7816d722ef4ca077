"""The phone score sheet: one page and its static files, talking only to the public API; its web
app manifest and service worker, so it installs and opens offline; and the API's interactive docs,
Swagger UI served from the swagger-ui-bundle package (no CDN)."""

from __future__ import annotations

import hashlib
import io
import json
import mimetypes
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import segno
from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    render_template,
    request,
    send_from_directory,
    url_for,
)
from swagger_ui_bundle import swagger_ui_path

from scorekeeper import site
from scorekeeper.compressed import name_the_body
from scorekeeper.errors import error_response
from scorekeeper.http import PAGE_POLICY
from scorekeeper.i18n import LANGUAGES, page_catalog, say, tag
from scorekeeper.web import assets

WEB = Path(__file__).resolve().parent
STATIC = WEB / "static"
# The page's shell: what the service worker keeps so the page opens with no connection. docs.js
# belongs to /docs, which needs the network for its spec anyway.
SHELL_GLOBS = ("*.js", "game/*.js", "queue/*.js", "vendor/*.js", "*.css", "icons/*.png")
NOT_SHELL = {"docs.js", "sw.js"}
# The modules the start page and a game's sheet run first: each preloads its own (assets.graph);
# everything else loads when a route imports it, and is kept for offline use all the same.
START, GAME = "app.js", "game/sheet.js"
# A file under its content's hash changes name when it changes: cached for good.
IMMUTABLE = "public, max-age=31536000, immutable"
THEME = "#0b4f8a"  # --primary in app.css
BACKGROUND = "#f2f5f8"  # --wash in app.css
# A link to share is the page's address and a game's token: far below this. A QR code of a longer
# text would be too dense to scan from a phone held across the table.
QR_MAX_LENGTH = 512
# A QR code is a pure function of its link: cached for a year. Private: without a public address
# which links are drawn depends on the Host the request named.
QR_CACHE = "private, max-age=31536000, immutable"

blp = Blueprint("web", __name__, template_folder="templates")


def shell_files(static: Path = STATIC) -> list[str]:
    """The static files of the page's shell, as paths under the static folder, sorted."""
    found = {path.relative_to(static).as_posix() for pattern in SHELL_GLOBS
             for path in static.glob(pattern) if path.is_file()}
    return sorted(found - NOT_SHELL)


def shell_digest(static: Path, files: Iterable[str], *extra: bytes) -> str:
    """A short hash of the shell files' names and contents (and of `extra`, e.g. the page's
    template and the service worker itself): the shell's cache is named after it, so any change
    of content is a new cache and no version is bumped by hand."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (static / name).read_bytes() + b"\0")
    for part in extra:
        digest.update(part + b"\0")
    return digest.hexdigest()[:16]


def shell_assets() -> assets.Assets:
    """The shell's files under their hashed names, as they are on disk now."""
    return assets.current(STATIC, shell_files(STATIC))


def asset(name: str) -> str:
    """The address of a file of the page: under its hashed name when it is one of the shell's."""
    return url_for("web.static", filename=shell_assets().hashed.get(name, name))


def manifest() -> dict[str, Any]:
    """The web app manifest: installable, standalone, with plain and maskable icons."""
    def icon(name: str, size: int, purpose: str) -> dict[str, str]:
        return {"src": asset(f"icons/{name}"), "sizes": f"{size}x{size}",
                "type": "image/png", "purpose": purpose}

    return {
        "name": "scorekeeper — 500 score sheet",
        "short_name": "500 scores",
        "description": "Score sheet and referee for the 500 family of card games, at the table.",
        "id": "/", "start_url": "/", "scope": "/", "display": "standalone",
        "orientation": "portrait", "lang": "en",
        "theme_color": THEME, "background_color": BACKGROUND,
        "icons": [icon("icon-192.png", 192, "any"), icon("icon-512.png", 512, "any"),
                  icon("icon-maskable-512.png", 512, "maskable")],
    }


@blp.get("/")
def index() -> Response:
    """The single page; everything after the # is routed by static/app.js. Revalidated on every
    visit (the service worker serves it offline and on a return visit): a 304 while unchanged."""
    table = shell_assets()

    def url(name: str) -> str:
        return url_for("web.static", filename=name)

    start = table.graph(START)
    import_map = table.import_map(url)
    languages = [{"code": code, "name": name, "locale": tag(code)}
                 for code, (name, _) in LANGUAGES.items()]
    # The page builds the links it shares from the public address when there is one, so a phone
    # that opened it by the club's LAN address still shares the address players use.
    body = render_template(
        "index.html", theme=THEME, import_map=import_map,
        modules=[url(table.hashed[name]) for name in start if name != START],
        game_modules=[url(table.hashed[name]) for name in table.graph(GAME) if name not in start],
        languages=languages, public_url=current_app.config["PUBLIC_URL"] or "")
    response = current_app.response_class(body, mimetype="text/html")
    response.headers["Cache-Control"] = "no-cache"
    # The import map is the page's one inline script: allowed by its hash alone.
    response.headers["Content-Security-Policy"] = PAGE_POLICY.replace(
        "script-src 'self'", f"script-src 'self' {assets.csp_hash(import_map)}")
    return revalidated(response)


def revalidated(response: Response) -> Response:
    """The reply under a weak ETag of its body, or a 304 for a client that has it; its
    compressed forms made once."""
    digest = hashlib.sha256(response.get_data()).hexdigest()[:32]
    response.set_etag(digest, weak=True)
    name_the_body(f"{request.endpoint}|{digest}")
    response.make_conditional(request)
    return response


@blp.get("/assets/<path:filename>", endpoint="static")
def static_file(filename: str) -> Response:
    """A file of the page. Under its current hashed name, from memory and cached for a year. Under
    its own name, or a hashed name of an earlier version (a page opened before a deploy still
    asks for those), the file as it is now, revalidated each time."""
    table = shell_assets()
    body = table.bodies.get(filename)
    if body is not None:
        response = current_app.response_class(body, mimetype=mimetypes.guess_type(filename)[0])
        response.headers["Cache-Control"] = IMMUTABLE
        name_the_body(f"static|{filename}")
        return response
    original = table.original(filename)
    if original is not None and (STATIC / original).is_file():
        filename = original
    response = send_from_directory(STATIC, filename)
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.get("/i18n/<string:code>.json")
def page_language(code: str) -> Response:
    """The page's messages in one language (static/i18n.js): kept by the service worker with the
    shell, so the page speaks it offline too."""
    if code not in LANGUAGES:
        return error_response(404, say("There is no language {code}; the languages are {known}.",
                                       code=code, known=", ".join(LANGUAGES)))
    body = json.dumps({"lang": code, "messages": page_catalog(code)}, ensure_ascii=False,
                      sort_keys=True)
    response = current_app.response_class(body, mimetype="application/json")
    response.headers["Content-Language"] = tag(code)
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.get("/manifest.webmanifest")
def web_manifest() -> Response:
    response = current_app.response_class(json.dumps(manifest(), ensure_ascii=False, indent=1),
                                          mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, at the root so its scope is the whole page. Its first line names the
    shell's cache after the content of the files it keeps; the browser compares this script byte
    for byte on each visit, so changed files make a new worker. Never cached by HTTP (no-cache),
    so that comparison always sees the server's current version."""
    worker = (STATIC / "sw.js").read_bytes()
    files = shell_files(STATIC)
    template = (WEB / "templates" / "index.html").read_bytes()
    catalogs = json.dumps(current_app.extensions["scorekeeper.pages"], sort_keys=True).encode()
    # The kept page carries the public address: a new one is a new page.
    public = (current_app.config["PUBLIC_URL"] or "").encode()
    shell = {
        "cache": f"sk-shell-{shell_digest(STATIC, files, template, worker, catalogs, public)}",
        "files": ["/", url_for("web.web_manifest"),
                  *(url_for("web.page_language", code=code) for code in LANGUAGES)],
        # Under their hashed names: the page's own requests, so the HTTP cache has them.
        "hashed": [asset(name) for name in files],
    }
    body = f"const SHELL = {json.dumps(shell)};\n".encode() + worker
    response = current_app.response_class(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return revalidated(response)


def trusted_host() -> bool:
    """Whether the request's Host is one the server trusts: TRUSTED_HOSTS, else a loopback name
    or SERVER_NAME. A forged Host header must not make another site "this site"."""
    trusted = current_app.config["TRUSTED_HOSTS"] or [
        *site.LOOPBACK, *filter(None, [current_app.config.get("SERVER_NAME")])]
    return site.host_trusted(request.host, trusted)


@blp.get("/qr.svg")
def qr_code() -> Response:
    """A QR code (SVG) of a link to this site with no secret in it, e.g. a game's spectator link:
    for printed material and old pages; the page draws its own (static/qr.js). Links elsewhere
    are refused (this is no QR service): under SCOREKEEPER_PUBLIC_URL when it is set, else of the
    trusted host the request came to. Links with a token are refused too, so none travels in an
    address that an access log keeps."""
    link = request.args.get("u", "")
    if not link:
        return error_response(400, say("Give the link to draw as ?u=<link>."))
    if len(link) > QR_MAX_LENGTH:
        return error_response(400, say("The link is {length} characters long; a QR code here "
                                       "holds a link of at most {most}.", length=len(link),
                                       most=QR_MAX_LENGTH))
    if site.carries_token(link):
        return error_response(400, say("A link with a token is never drawn here: the page "
                                       "draws it itself."))
    public = current_app.config["PUBLIC_URL"]
    if public is None and not trusted_host():
        return error_response(400, say("{host} is not an address this server trusts, so it "
                                       "draws no QR code for it.", host=request.host))
    if not (site.under(link, public) if public else site.same_host(link, request.host)):
        home = public + "/" if public else request.host_url
        return error_response(400, say("Only links to this site ({site}) are drawn as QR codes.",
                                       site=home))
    code = segno.make(link, error="m", micro=False)
    svg = io.BytesIO()
    # No width or height, only a viewBox: the page sizes it. Dark on white, with the four-module
    # quiet zone scanners need, so it reads in a dark theme too.
    code.save(svg, kind="svg", scale=1, border=4, dark="#000", light="#fff", xmldecl=False,
              omitsize=True, svgclass=None, lineclass=None)
    response = current_app.response_class(svg.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = QR_CACHE
    return response


@blp.get("/docs")
def docs() -> str:
    """Swagger UI, started by static/docs.js: the page has no inline script."""
    return render_template("docs.html", title=current_app.config["API_TITLE"],
                           spec_url=url_for("api-docs.openapi_json"))


@blp.get("/docs/assets/<path:filename>")
def swagger_assets(filename: str) -> Any:
    """Swagger UI's files, served by the app itself: the docs work offline."""
    return send_from_directory(str(swagger_ui_path), filename, max_age=86400)


def register(app: Flask) -> None:
    app.register_blueprint(blp)
    app.add_template_global(asset)
