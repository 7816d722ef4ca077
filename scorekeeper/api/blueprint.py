"""The Blueprint every API module uses: flask-smorest's, with a JSON parser that never crashes."""

from __future__ import annotations

import json
from typing import Any

import flask
import flask_smorest
from webargs.flaskparser import FlaskParser

WRITES = ("POST", "PUT", "PATCH", "DELETE")


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
    """`write_limited`: its writes count against each client's write limit (429), as its spec
    says. `uses_database`: any of its requests may find no database connection free (503)."""

    ARGUMENTS_PARSER = SafeJsonParser()

    def __init__(self, *args: Any, write_limited: bool = True, uses_database: bool = True,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.write_limited = write_limited
        self.uses_database = uses_database
        self._prepare_doc_cbks.append(self._prepare_write_limit_doc)
        self._prepare_doc_cbks.append(self._prepare_database_busy_doc)

    def _prepare_write_limit_doc(self, doc: dict[str, Any], _info: Any, *, method: str,
                                 **_kwargs: Any) -> dict[str, Any]:
        if self.write_limited and method.upper() in WRITES:
            doc.setdefault("responses", {})["429"] = "WRITE_LIMIT"
        return doc


    def _prepare_database_busy_doc(self, doc: dict[str, Any], _info: Any, **_kwargs: Any
                                   ) -> dict[str, Any]:
        if self.uses_database:
            doc.setdefault("responses", {})["503"] = "DATABASE_BUSY"
        return doc
