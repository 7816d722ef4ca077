"""The phone score sheet: one page and its static files, talking only to the public API."""

from __future__ import annotations

from flask import Blueprint, Flask, render_template

blp = Blueprint("web", __name__, static_folder="static", static_url_path="/assets",
                template_folder="templates")


@blp.get("/")
def index() -> str:
    """The single page; everything after the # is routed by static/app.js."""
    return render_template("index.html")


def register(app: Flask) -> None:
    app.register_blueprint(blp)
