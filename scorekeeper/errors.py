"""Every failure becomes one JSON shape: {"code", "status", "message", "errors"?}.

Rule violations are 422 and name the rule; the service's own refusals carry their status. The shape
is flask-smorest's, with a readable `message` added where webargs leaves none.
"""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, jsonify
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from scorekeeper.api.schemas import ErrorSchema
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


def error_response(status: int, message: str, errors: Mapping[str, Any] | None = None,
                   headers: Mapping[str, str] | None = None) -> Response:
    body: dict[str, Any] = {"code": status, "status": HTTPStatus(status).phrase,
                            "message": message}
    if errors:
        body["errors"] = dict(errors)
    response = jsonify(body)
    response.status_code = status
    response.headers.update(headers or {})
    return response


def _first_problem(errors: Any, path: tuple[str, ...] = ()) -> str | None:
    """The first leaf of a nested marshmallow error dict, as 'where: what'."""
    if isinstance(errors, Mapping):
        for key, value in errors.items():
            found = _first_problem(value, (*path, str(key)) if key != "json" else path)
            if found:
                return found
    elif isinstance(errors, list) and errors:
        if all(isinstance(e, str) for e in errors):
            where = ".".join(path) or "body"
            return f"{where}: {errors[0]}"
        return _first_problem(errors[0], path)
    return None


class ScorekeeperApi(Api):  # type: ignore[misc]
    """flask-smorest's Api, with a sentence in `message` for webargs' validation errors."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error: HTTPException) -> Any:
        data = getattr(error, "data", None) or {}
        if "message" not in data:
            errors = data.get("errors", data.get("messages"))
            problem = _first_problem(errors)
            if error.code == 400 and problem and "Invalid JSON" in problem:
                message = "The request body is not valid JSON."
            elif problem:
                message = f"The request is not valid: {problem}"
            else:
                message = error.description or HTTPStatus(error.code or 500).phrase
            if data:
                data["message"] = message
            else:
                error.data = {"message": message}  # type: ignore[attr-defined]
        return super().handle_http_exception(error)


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(RuleViolation)
    def _rule_violation(error: RuleViolation) -> Response:
        errors = {error.field: [error.message]} if error.field else None
        return error_response(422, _sentence(error.message), errors)

    @app.errorhandler(ServiceError)
    def _service_error(error: ServiceError) -> Response:
        return error_response(error.status, _sentence(error.message), error.errors, error.headers)


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
