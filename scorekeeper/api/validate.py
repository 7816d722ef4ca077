"""marshmallow's validators, saying their refusals in the request's language.

Each keeps marshmallow's English as its msgid (`MESSAGES` lists them for the catalogs) and the
spec's minimum, maximum, minLength, maxLength and enum, which apispec reads from the validator.
"""

from __future__ import annotations

from typing import Any

import flask_babel
from marshmallow import validate


def in_language(message: str) -> str:
    """One of MESSAGES (or any other text, left as it is) in the request's language."""
    return str(flask_babel.gettext(message))


class Range(validate.Range):
    def _format_error(self, value: Any, message: str) -> str:
        return super()._format_error(value, in_language(message))


class Length(validate.Length):
    def _format_error(self, value: Any, message: str) -> str:
        return super()._format_error(value, in_language(message))


class OneOf(validate.OneOf):
    def _format_error(self, value: Any) -> str:
        return in_language(self.error).format(input=value, choices=self.choices_text,
                                        labels=self.labels_text)


def _range_messages() -> list[str]:
    gte, lte = validate.Range.message_gte, validate.Range.message_lte
    gt, lt = validate.Range.message_gt, validate.Range.message_lt
    return [validate.Range.message_min.format(min_op=gte),
            validate.Range.message_min.format(min_op=gt),
            validate.Range.message_max.format(max_op=lte),
            validate.Range.message_max.format(max_op=lt),
            validate.Range.message_all.format(min_op=gte, max_op=lte)]


# What the validators and fields can say, for the catalogs (i18n.table_messages): marshmallow's
# own English, looked up as it is when an error is said (errors.flat_errors).
MESSAGES: tuple[str, ...] = (
    *_range_messages(),
    validate.Length.message_min, validate.Length.message_max, validate.Length.message_all,
    validate.Length.message_equal, validate.OneOf.default_message,
    # the fields' (marshmallow.fields), for the types this API reads
    "Missing data for required field.", "Field may not be null.", "Invalid value.",
    "Invalid type.", "Invalid input type.", "Unknown field.", "Not a valid boolean.",
    "Not a valid integer.", "Not a valid number.", "Number too large.", "Not a valid string.",
    "Not a valid utf-8 string.", "Not a valid list.", "Not a valid mapping type.",
    "Special numeric values (nan or infinity) are not permitted.",
    "Not a valid aware datetime.",
)

