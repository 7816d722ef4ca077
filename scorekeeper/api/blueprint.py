"""The Blueprint every API module uses: flask-smorest's, with a JSON parser that never crashes and
never lets through text that could not be stored or written out again."""

from __future__ import annotations

import json
from typing import Any

import flask
import flask_smorest
from marshmallow import validate as ma_validate
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from scorekeeper.api import reading, validate
from scorekeeper.api.reading import MAX_DEPTH, MAX_ITEMS, MAX_KEYS, MAX_TEXT
from scorekeeper.api.schemas.common import unsafe_character
from scorekeeper.services.writes import WriteContext

WRITES = ("POST", "PUT", "PATCH", "DELETE")
# POSTs that store nothing: not writes, but checks anyone may ask for (http.CHECKS)
NOT_WRITES = {"previewHand"}


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
            body = reading.loads(req.get_data(cache=True).decode(), reading.not_json)
        except json.JSONDecodeError:
            raise
        except (RecursionError, ValueError) as error:  # handled below like any malformed body
            raise json.JSONDecodeError(str(error), "body", 0) from error
        check_body(body)
        return body



def check_body(body: Any) -> None:
    """400 for a body nested deeper than MAX_DEPTH, 422 for an array or object larger than any
    endpoint takes, and 422 naming every string that is too long or contains a control
    character or a lone surrogate (see `faults_in`)."""
    shape, faults = faults_in(body, bounded=True, turns=reading.Turns())
    if shape is not None:
        REFUSE_SHAPE[shape]()
    if faults:
        flask_smorest.abort(422, messages={"json": faults})


# How a body whose shape is at fault is refused, by what `faults_in` found.
REFUSE_SHAPE = {"depth": reading.too_deep, "items": reading.too_many_items,
                "keys": reading.too_many_keys}


def faults_in(document: Any, *, bounded: bool = False, turns: reading.Turns | None = None
              ) -> tuple[str | None, dict[str, list[str]]]:
    """Walk a decoded JSON document (without recursion, however deep it is): what is wrong with
    its shape (None; "depth": nested deeper than MAX_DEPTH; and when `bounded`, as a request
    body is, "items" or "keys": an array or object larger than any endpoint takes), and every
    string, keys included, longer than MAX_TEXT or holding a control character or a lone
    surrogate, by where it is ("sides.0.name").

    Depth is refused like the decoder's own RecursionError for deeper documents: it is the
    document's shape, not any field's content, that is at fault. Free-form objects (options, an
    imported hand's input, history) are walked like the rest, which no field's validator could
    reach. A restored backup is walked the same way (services/backup.py), without the bounds of
    a request: a backup holds every game. `turns` lets the worker's other requests go on."""
    faults: dict[str, list[str]] = {}
    stack: list[tuple[Any, tuple[str, ...], int]] = [(document, (), 1)]
    while stack:
        value, path, depth = stack.pop()
        if turns is not None:
            turns.tick()
        if isinstance(value, str):
            fault = unsafe_character(value)
            if fault is None and len(value) > MAX_TEXT:
                fault = validate.in_language(ma_validate.Length.message_max).format(max=MAX_TEXT)
            if fault is not None:
                faults.setdefault(".".join(path) or "body", []).append(fault)
            continue
        if not isinstance(value, dict | list):
            continue
        if depth > MAX_DEPTH:
            return "depth", faults
        if bounded and len(value) > (MAX_ITEMS if isinstance(value, list) else MAX_KEYS):
            return ("items" if isinstance(value, list) else "keys"), faults
        children = []
        for key, item in value.items() if isinstance(value, dict) else enumerate(value):
            fault = unsafe_character(key, key=True) if isinstance(key, str) else None
            if fault is not None:  # its value is not looked at: the key is not repeated back
                faults.setdefault(".".join(path) or "body", []).append(fault)
            else:
                children.append((item, (*path, str(key)), depth + 1))
        stack.extend(reversed(children))  # in the body's order
    return None, faults


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]
    """`write_limited`: its writes count against each client's write limit (429), as its spec
    says; `checks`: its requests count against the check limit (429). `uses_database`: any of
    its requests may find no database connection free (503)."""

    ARGUMENTS_PARSER = SafeJsonParser()

    def __init__(self, *args: Any, write_limited: bool = True, checks: bool = False,
                 uses_database: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.write_limited = write_limited
        self.checks = checks
        self.uses_database = uses_database
        self._prepare_doc_cbks.append(self._prepare_write_limit_doc)
        self._prepare_doc_cbks.append(self._prepare_database_busy_doc)
        self._prepare_doc_cbks.append(self._prepare_language_doc)

    def _prepare_write_limit_doc(self, doc: dict[str, Any], _info: Any, *, method: str,
                                 **_kwargs: Any) -> dict[str, Any]:
        operation = _info.get("manual_doc", {}).get("operationId")
        if self.write_limited and method.upper() in WRITES and operation not in NOT_WRITES:
            doc.setdefault("responses", {})["429"] = "WRITE_LIMIT"
        elif self.checks or operation in NOT_WRITES:
            doc.setdefault("responses", {})["429"] = "CHECK_LIMIT"
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
