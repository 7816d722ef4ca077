"""The Blueprint every API module uses: flask-smorest's, with a JSON parser that never crashes and
never lets through text that could not be stored or written out again."""

from __future__ import annotations

import json
from typing import Any

import flask
import flask_smorest
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from scorekeeper.api.schemas import unsafe_character
from scorekeeper.i18n import say
from scorekeeper.services.writes import WriteContext

WRITES = ("POST", "PUT", "PATCH", "DELETE")
NOT_WRITES = {"previewHand"}  # POSTs that store nothing: neither counted nor limited
# Levels of arrays and objects a body may have; the deepest the API takes (an imported game's
# history entry with the hand in it) is about 6.
MAX_DEPTH = 32


def write_context() -> WriteContext:
    """What the service needs to make this request's writes: built once per request."""
    if "write_context" not in flask.g:
        app = flask.current_app
        flask.g.write_context = WriteContext(
            client=flask.request.remote_addr, limits=app.extensions["scorekeeper.write_limits"],
            reply_hours=app.config["REPLY_HOURS"])
    context: WriteContext = flask.g.write_context
    return context


class SafeJsonParser(FlaskParser):
    """Bodies that are not strict JSON (NaN, Infinity), nested too deep for the decoder, or with
    numbers too long to convert, are malformed JSON (400) like any other, never a crash. Every
    string in a decoded body, keys included, must be storable text (422)."""

    def _raw_load_json(self, req: flask.Request) -> Any:
        if not is_json_request(req):
            return core.missing
        try:
            body = flask.json.loads(req.get_data(cache=True).decode())  # the app's strict JSON
        except json.JSONDecodeError:
            raise
        except (RecursionError, ValueError) as error:  # handled below like any malformed body
            raise json.JSONDecodeError(str(error), "body", 0) from error
        check_body(body)
        return body


def check_body(body: Any) -> None:
    """400 for a body nested deeper than MAX_DEPTH, 422 naming every string that contains a
    control character or a lone surrogate (see `faults_in`)."""
    too_deep, faults = faults_in(body)
    if too_deep:
        flask_smorest.abort(400, message=say("The request body is nested deeper than "
                                             "{most} levels of arrays and objects.",
                                             most=MAX_DEPTH))
    if faults:
        flask_smorest.abort(422, messages={"json": faults})


def faults_in(document: Any) -> tuple[bool, dict[str, list[str]]]:
    """Walk a decoded JSON document (without recursion, however deep it is): whether it is
    nested deeper than MAX_DEPTH, and every string, keys included, that contains a control
    character or a lone surrogate, by where it is ("sides.0.name").

    Depth is refused like the decoder's own RecursionError for deeper documents: it is the
    document's shape, not any field's content, that is at fault. Free-form objects (options, an
    imported hand's input, history) are walked like the rest, which no field's validator could
    reach. A restored backup is walked the same way (services/backup.py)."""
    faults: dict[str, list[str]] = {}
    stack: list[tuple[Any, tuple[str, ...], int]] = [(document, (), 1)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, str):
            fault = unsafe_character(value)
            if fault is not None:
                faults.setdefault(".".join(path) or "body", []).append(fault)
            continue
        if not isinstance(value, dict | list):
            continue
        if depth > MAX_DEPTH:
            return True, faults
        children = []
        for key, item in value.items() if isinstance(value, dict) else enumerate(value):
            fault = unsafe_character(key, key=True) if isinstance(key, str) else None
            if fault is not None:  # its value is not looked at: the key is not repeated back
                faults.setdefault(".".join(path) or "body", []).append(fault)
            else:
                children.append((item, (*path, str(key)), depth + 1))
        stack.extend(reversed(children))  # in the body's order
    return False, faults


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
        self._prepare_doc_cbks.append(self._prepare_language_doc)

    def _prepare_write_limit_doc(self, doc: dict[str, Any], _info: Any, *, method: str,
                                 **_kwargs: Any) -> dict[str, Any]:
        operation = _info.get("manual_doc", {}).get("operationId")
        if self.write_limited and method.upper() in WRITES and operation not in NOT_WRITES:
            doc.setdefault("responses", {})["429"] = "WRITE_LIMIT"
        return doc

    @staticmethod
    def _prepare_language_doc(doc: dict[str, Any], _info: Any, **_kwargs: Any) -> dict[str, Any]:
        """Every operation answers in the language asked for (scorekeeper/i18n.py)."""
        doc.setdefault("parameters", []).extend(
            ["lang", "AcceptLanguage"])  # components/parameters, api/__init__.py
        return doc

    def _prepare_database_busy_doc(self, doc: dict[str, Any], _info: Any, **_kwargs: Any
                                   ) -> dict[str, Any]:
        if self.uses_database:
            doc.setdefault("responses", {})["503"] = "DATABASE_BUSY"
        return doc
