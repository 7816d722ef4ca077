"""scorekeeper: score keeper and referee for the 500 family of card games."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper import api as api_package
from scorekeeper import cli, http, i18n, migrate, site, web
from scorekeeper.config import defaults
from scorekeeper.errors import ScorekeeperApi, register_error_handlers
from scorekeeper.extensions import db


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: instance-relative config, database, API, error shape, CLI."""
    app = Flask(__name__, instance_relative_config=True)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(defaults(app.instance_path))
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    # A bad address stops the app starting, like a bad write limit.
    app.config["PUBLIC_URL"] = site.public_url(app.config.get("PUBLIC_URL"))
    app.json = http.StrictJSON(app)
    app.json.sort_keys = False
    hops = app.config["PROXY_HOPS"]
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]

    i18n.init_app(app)
    db.init_app(app)
    if app.config["AUTO_MIGRATE"]:
        with app.app_context():
            migrate.upgrade(db.engine)

    api = ScorekeeperApi(app)
    app.extensions["scorekeeper.api"] = api
    api_package.register(api)
    register_error_handlers(app)
    cli.register(app)
    web.register(app)
    http.register(app)
    return app
