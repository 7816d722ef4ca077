"""Every failure becomes one JSON shape: {"code", "status", "message", "errors"?, "rule"?}.

Rule violations are 422 and name the rule, in words and by its code (`rule`); the service's own
refusals, and a schema's 422, carry their status and no `rule`. The shape is flask-smorest's,
with a readable `message` added where webargs leaves none.
"""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, jsonify
from flask_smorest import Api
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException

from scorekeeper.api.schemas.common import ErrorSchema
from scorekeeper.api.validate import in_language
from scorekeeper.i18n import say
from scorekeeper.rules.errors import RuleViolation


class ServiceError(Exception):
    """A refusal by the service layer, carrying the HTTP status that describes it."""

    status = 400

    def __init__(self, message: str, errors: Mapping[str, list[str]] | None = None,
                 headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.errors = errors
        self.headers = headers or {}


class NotFound(ServiceError):
    status = 404


class Unauthorized(ServiceError):
    status = 401


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    status = 409


class PreconditionFailed(ServiceError):
    status = 412


class Unprocessable(ServiceError):
    status = 422


class TooManyRequests(ServiceError):
    status = 429


def error_response(status: int, message: str, errors: Mapping[str, Any] | None = None,
                   headers: Mapping[str, str] | None = None, rule: str | None = None) -> Response:
    body: dict[str, Any] = {"code": status, "status": HTTPStatus(status).phrase,
                            "message": message}
    if errors:
        body["errors"] = dict(errors)
    if rule is not None:
        body["rule"] = rule
    response = jsonify(body)
    response.status_code = status
    response.headers.update(headers or {})
    return response


LOCATIONS = ("json", "headers", "query", "view_args")
INVALID_JSON = "Invalid JSON body."  # webargs' message for a body it cannot decode


def flat_errors(errors: Any, path: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """webargs' nested {"json": {"tricks": {"1": [...]}}} as the contract's {"tricks.1": [...]}."""
    if isinstance(errors, Mapping):
        flat: dict[str, list[str]] = {}
        for key, value in errors.items():
            where = path if not path and key in LOCATIONS else (*path, str(key))
            flat.update(flat_errors(value, where))
        return flat
    if isinstance(errors, list) and all(isinstance(e, str) for e in errors):
        return {".".join(path) or "body": [in_language(error) for error in errors]}
    return {".".join(path) or "body": [in_language(str(errors))]}


class ScorekeeperApi(Api):  # type: ignore[misc]
    """flask-smorest's Api, with a sentence in `message` for webargs' validation errors."""

    ERROR_SCHEMA = ErrorSchema

    def register_blueprint(self, blp: Any, *, document: bool = True, **options: Any) -> None:
        """flask-smorest's, which also documents the blueprint's views in the spec; without
        `document` for an app given a spec already built (scorekeeper.api.register)."""
        if document:
            super().register_blueprint(blp, **options)
            return
        named = self._app.extensions["flask-smorest"]["blp_name_to_api"]
        named[options.get("name", blp.name)] = self
        self._app.register_blueprint(blp, **options)

    def handle_http_exception(self, error: HTTPException) -> Any:
        data = getattr(error, "data", None) or {}
        invalid_json = False
        if "messages" in data:
            invalid_json = INVALID_JSON in str(data["messages"])
            data["errors"] = flat_errors(data.pop("messages"))
        if "message" not in data:
            problems = list(data.get("errors", {}).items())
            if invalid_json:
                message = say("The request body is not valid JSON.")
            elif problems:
                where, (first, *_) = problems[0]
                message = say("The request is not valid ({where}): {problem}", where=where,
                              problem=first)
            else:
                message = in_language(error.description or HTTPStatus(error.code or 500).phrase)
            data["message"] = message
        # Keep what werkzeug says in headers, such as 405's Allow (RFC 9110).
        kept = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
        data["headers"] = {**kept, **(data.get("headers") or {})}
        error.data = data  # type: ignore[attr-defined]
        return super().handle_http_exception(error)


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(RuleViolation)
    def _rule_violation(error: RuleViolation) -> Response:
        errors: dict[str, list[str]] = {}
        for fault in (error, *error.also):
            if fault.field:
                errors.setdefault(fault.field, []).append(fault.message)
        return error_response(422, _sentence(error.message), errors or None, rule=error.rule)

    @app.errorhandler(ServiceError)
    def _service_error(error: ServiceError) -> Response:
        return error_response(error.status, _sentence(error.message), error.errors, error.headers)

    @app.errorhandler(PoolTimeout)
    @app.errorhandler(OperationalError)
    def _database_busy(error: Exception) -> Response:
        if not database_busy(error):
            raise error  # a real fault: logged, and a 500
        return error_response(
            503, say("The database is busy. Try again in {wait} s.", wait=BUSY_RETRY_AFTER_S),
            headers={"Retry-After": str(BUSY_RETRY_AFTER_S)})


BUSY_RETRY_AFTER_S = 3
# PostgreSQL refusing a connection for want of slots (SQLSTATE 53300: max_connections, or a
# role's or database's CONNECTION LIMIT). psycopg gives a failed connection no SQLSTATE, only the
# server's message.
NO_CONNECTION_SLOTS = ("too many clients", "too many connections",
                       "remaining connection slots are reserved")


def database_busy(error: BaseException) -> bool:
    """No connection to be had, for now: the pool stayed empty for the pool timeout, or the
    server has no slot left. Any other OperationalError is a fault."""
    if isinstance(error, PoolTimeout):
        return True
    if not isinstance(error, OperationalError):
        return False
    if getattr(error.orig, "sqlstate", None) == "53300":
        return True
    return any(words in str(error.orig).lower() for words in NO_CONNECTION_SLOTS)


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
