"""Shorthands for documenting responses in the OpenAPI spec."""

from __future__ import annotations

from typing import Any

from scorekeeper.api.blueprint import Blueprint
from scorekeeper.api.schemas.common import ErrorSchema


def refusal(blp: Blueprint, status: int, why: str) -> Any:
    """Document an error reply: the shared error shape, with why this endpoint gives it."""
    return blp.alt_response(status, schema=ErrorSchema, description=why)


def refusals(blp: Blueprint, *pairs: tuple[int, str]) -> Any:
    """Document several error replies at once."""

    def decorate(view: Any) -> Any:
        for status, why in pairs:
            view = refusal(blp, status, why)(view)
        return view

    return decorate


IF_NONE_MATCH = {"in": "header", "name": "If-None-Match", "required": False,
                 "schema": {"type": "string"},
                 "description": "the ETag of the copy you have: 304 with no body if it is current"}


def not_modified(blp: Blueprint) -> Any:
    """Document a read that answers 304 when If-None-Match names its current ETag."""

    def decorate(view: Any) -> Any:
        view = blp.alt_response(304, description="Not modified since the ETag in If-None-Match")(
            view)
        # The manual list replaces the one every operation gets (Blueprint._prepare_language_doc).
        return blp.doc(parameters=[IF_NONE_MATCH, "lang", "AcceptLanguage"])(view)

    return decorate
