"""The phone score sheet: one page and its static files, talking only to the public API; and the
API's interactive docs, Swagger UI served from the swagger-ui-bundle package (no CDN)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, current_app, render_template, send_from_directory, url_for
from swagger_ui_bundle import swagger_ui_path

blp = Blueprint("web", __name__, static_folder="static", static_url_path="/assets",
                template_folder="templates")


@blp.get("/")
def index() -> str:
    """The single page; everything after the # is routed by static/app.js."""
    return render_template("index.html")


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
