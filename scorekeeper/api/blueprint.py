"""The Blueprint every API module uses: flask-smorest's, with a JSON parser that never crashes."""

from __future__ import annotations

import json
from typing import Any

import flask
import flask_smorest
from webargs.flaskparser import FlaskParser


class SafeJsonParser(FlaskParser):
    """Bodies nested too deep for the decoder, or numbers too long to convert, are malformed
    JSON (400) like any other, never a crash."""

    def _raw_load_json(self, req: flask.Request) -> Any:
        try:
            return super()._raw_load_json(req)
        except json.JSONDecodeError:
            raise
        except (RecursionError, ValueError) as error:  # handled below like any malformed body
            raise json.JSONDecodeError(str(error), "body", 0) from error


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]
    ARGUMENTS_PARSER = SafeJsonParser()

