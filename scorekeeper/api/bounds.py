"""Fields whose size is checked before their contents are: a list's length before any item is
deserialized (marshmallow's own Length validator runs only after every item was), a map's number
of keys before any key or value is, and option values held to a few plain shapes. A list stops at
its first few items in error: a body of thousands of bad items costs what a few do.

Each shows its limit in the spec (maxItems, maxProperties, maximum, maxLength)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import marshmallow as ma
from marshmallow import fields, utils

from scorekeeper.api import validate
from scorekeeper.rules.base import MAX_OPTION_NUMBER

ITEMS_IN_ERROR = 10  # items of one list reported before the rest go unread
MAX_OPTIONS = 64  # keys of an options map (a variant has about 30 options)
MAX_OPTION_TEXT = 40  # a string option's value, a key of a table option
MAX_TABLE_KEYS = 64  # a table option's rows (fractional_values has 30)


class Items(fields.List):  # type: ignore[type-arg]
    """A list of `least` to `most` items; a longer one is refused unread."""

    def __init__(self, inner: fields.Field[Any] | type[fields.Field[Any]], most: int,
                 least: int = 0,
                 **kwargs: Any) -> None:
        self.length = validate.Length(least, most)
        super().__init__(inner, validate=self.length, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any
                     ) -> list[Any]:
        if not utils.is_collection(value):
            raise self.make_error("invalid")
        self.length(list(value) if not isinstance(value, list | tuple) else value)
        result: list[Any] = []
        errors: dict[int, Any] = {}
        for index, item in enumerate(value):
            try:
                result.append(self.inner.deserialize(item, **kwargs))
            except ma.ValidationError as error:
                errors[index] = error.messages
                if len(errors) == ITEMS_IN_ERROR:
                    break
        if errors:
            raise ma.ValidationError(errors)
        return result


class Map(fields.Dict):
    """A JSON object of at most `most` keys; a larger one is refused unread."""

    def __init__(self, most: int, **kwargs: Any) -> None:
        self.size = validate.Length(0, most)  # not a validator: apispec would say maxLength
        metadata = {"maxProperties": most, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any
                     ) -> dict[Any, Any]:
        if isinstance(value, Mapping):
            self.size(value)
        return dict(super()._deserialize(value, attr, data, **kwargs))  # type: ignore[no-untyped-call]


# Null is taken at every level: each scalar says so itself, since OpenAPI 3.0 allows `nullable`
# only beside a `type` (strict client generators refuse it alone).
NUMBER: dict[str, Any] = {"type": "number", "nullable": True, "minimum": -MAX_OPTION_NUMBER,
                          "maximum": MAX_OPTION_NUMBER}
TEXT: dict[str, Any] = {"type": "string", "nullable": True, "maxLength": MAX_OPTION_TEXT}
SCALARS: list[dict[str, Any]] = [{"type": "boolean", "nullable": True}, NUMBER, TEXT]


class OptionValue(fields.Raw):
    """An option's value as the rules read it: null, a boolean, a number within
    ±MAX_OPTION_NUMBER, a short string, or a table (fractional_values, games_per_match): an
    object of such values, or of objects of them, two levels at most."""

    def __init__(self, **kwargs: Any) -> None:
        table = {"type": "object", "maxProperties": MAX_TABLE_KEYS, "additionalProperties": {
            "anyOf": [*SCALARS, {"type": "object", "maxProperties": MAX_TABLE_KEYS,
                                 "additionalProperties": {"anyOf": SCALARS}}]}}
        super().__init__(metadata={"anyOf": [*SCALARS, table]}, **kwargs)

    def _validate_missing(self, value: Any) -> None:
        """Null is a value (it switches a rule off), read as the others are; not `allow_none`,
        which would document the field as `nullable` without a type."""
        if value is not None:
            super()._validate_missing(value)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return _option_value(value, levels=2)


def _option_value(value: Any, levels: int) -> Any:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int | float):  # a fraction is the rules' to refuse, by name
        validate.Range(-MAX_OPTION_NUMBER, MAX_OPTION_NUMBER)(value)
        return value
    if isinstance(value, str):
        validate.Length(0, MAX_OPTION_TEXT)(value)
        return value
    if isinstance(value, dict) and levels > 0:
        validate.Length(0, MAX_TABLE_KEYS)(value)
        for key in value:
            validate.Length(0, MAX_OPTION_TEXT)(key)
        return {key: _option_value(item, levels - 1) for key, item in value.items()}
    raise ma.ValidationError(validate.in_language("Invalid value."))


def options_map(**kwargs: Any) -> Map:
    """A game's, referee request's or tournament's `options`: house rules by name."""
    return Map(MAX_OPTIONS, keys=fields.Str(validate=validate.Length(1, MAX_OPTION_TEXT)),
               values=OptionValue(), **kwargs)
