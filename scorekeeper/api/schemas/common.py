"""What every resource's schemas share: the strict base, the error shape, names, the limits of
fields met in several resources, the write headers, and the checks on stored text."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import marshmallow as ma
from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.bounds import Items
from scorekeeper.i18n import say
from scorekeeper.limits import MAX_IDEMPOTENCY_KEY
from scorekeeper.rules.errors import RULES

MAX_SEAT = 63
MAX_TRICKS = 1000
MAX_NAME = 60  # a side's, team's or player's name
MAX_TOURNAMENT_NAME = 120
MAX_CALLS = 200
MAX_KEY = 40  # a variant's, format's or export format's key
MAX_INSTANT = 40  # an instant as ISO 8601 text
MAX_SIDES = 8
MAX_POINTS = 2**31 - 1  # a score or delta in an export (they are scored again on import)
MAX_LINE = 1000  # a line of an exported explanation
INSTANT = ("an instant: ISO 8601 with its offset (Z or +hh:mm; a time without one is refused), "
           "from 1970 up to the end of 2999 in UTC; written back in UTC, with Z")


# Text no database column, CSV or JSON file can hold as it is: control characters (category Cc;
# PostgreSQL refuses NUL) and lone surrogates (no UTF-8 for them, so exports would fail).
UNSAFE_CHARACTER = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def unsafe_character(text: str, *, key: bool = False) -> str | None:
    """Why `text` (a value, or an object's `key`) cannot be stored or written out, in a
    sentence; None when it can."""
    found = UNSAFE_CHARACTER.search(text)
    if found is None:
        return None
    char = found.group()
    code = f"U+{ord(char):04X}"
    if "\ud800" <= char <= "\udfff":
        return (say("A key contains a lone surrogate ({code}).", code=code) if key
                else say("Contains a lone surrogate ({code}).", code=code))
    return (say("A key contains a control character ({code}).", code=code) if key
            else say("Contains a control character ({code}).", code=code))


# Characters that make a name display as another: the bidirectional controls, the zero-width
# ones and the noncharacters. A zero-width joiner between two symbols is let through: it is what
# joins a family or a profession emoji, and there it changes nothing a reader could mistake.
DECEPTIVE_CHARACTER = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
                                 "\u200b-\u200d\u2060\ufeff\ufdd0-\ufdef]")


JOINS_EMOJI = ("So", "Sk", "Mn")  # a symbol, a skin tone, or the emoji presentation selector


def deceptive_character(name: str) -> str | None:
    """The first character of `name` that could make it look like another name, as U+XXXX;
    None when there is none."""
    for at, char in enumerate(name):
        if DECEPTIVE_CHARACTER.match(char) is None and (ord(char) & 0xFFFE) != 0xFFFE:
            continue
        if (char == "\u200d" and 0 < at < len(name) - 1
                and unicodedata.category(name[at - 1]) in JOINS_EMOJI
                and unicodedata.category(name[at + 1]) == "So"):
            continue
        return f"U+{ord(char):04X}"
    return None


def storable(text: str) -> None:
    """A validator: text without control characters or lone surrogates."""
    fault = unsafe_character(text)
    if fault is not None:
        raise ma.ValidationError(fault)


class Strict(ma.Schema):
    """Unknown fields are refused (422) rather than silently dropped."""

    class Meta:
        unknown = ma.RAISE
        ordered = True


class Query(ma.Schema):
    """A query's arguments: unknown ones refused, but ?lang= is every operation's
    (scorekeeper/i18n.py), not an unknown argument."""

    class Meta:
        unknown = ma.RAISE

    @ma.pre_load
    def _spoken_apart(self, data: Any, **_kwargs: Any) -> Any:
        return {key: data[key] for key in data if key != "lang"}


class ErrorSchema(ma.Schema):
    """Every 4xx: the status, a sentence a person understands, and the fields at fault."""

    code = fields.Int(required=True, metadata={"example": 422})
    status = fields.Str(required=True, metadata={"example": "Unprocessable Entity"})
    message = fields.Str(required=True, metadata={
        "example": "The tricks add up to 11, but a hand has 10."})
    errors = fields.Dict(metadata={"description": "messages by field",
                                   "example": {"tricks": ["the tricks add up to 11"]}})
    # Made from the rules' own table, so the spec lists every code a refusal can carry.
    rule = fields.Str(validate=validate.OneOf(sorted(RULES)), metadata={
        "example": "tricks_sum",
        "description": "only on a 422 for a broken rule: the rule's stable code, the same "
                       "whatever `message` says. Absent from 401, 403, 404, 409, 412 and 429, "
                       "and from a 422 about the request rather than the game (a body that does "
                       "not fit the schema, an Idempotency-Key). The codes:\n"
                       + "\n".join(f"- `{code}`: {why}" for code, why in sorted(RULES.items()))})


class Name(fields.String):
    """A side's, team's, player's or tournament's name: surrounding whitespace is dropped, then
    it must have 1 to `most` characters (the limit shows in the spec as minLength/maxLength)."""

    def __init__(self, most: int = MAX_NAME, **kwargs: Any) -> None:
        metadata = {"description": f"surrounding whitespace is dropped, then 1 to {most} "
                                   f"characters", **kwargs.pop("metadata", {})}
        super().__init__(validate=validate.Length(1, most), metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        name = str(super()._deserialize(value, attr, data, **kwargs)).strip()
        code = deceptive_character(name)
        if code is not None:
            raise ma.ValidationError(say("Contains an invisible or direction-changing character "
                                         "({code}): a name must read as it looks.", code=code))
        return name


class StrictBool(fields.Boolean):
    """Only JSON true or false: "yes", 1 and "on" are refused rather than guessed at."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


def any_value(description: str = "any JSON value, null included", **kwargs: Any) -> fields.Raw:
    """A reply's value of any JSON type, null included: documented without a type (a schema that
    takes every value) and said in words; OpenAPI 3.0 allows `nullable` only beside a `type`,
    and strict client generators refuse it alone."""
    return fields.Raw(metadata={"description": description}, **kwargs)


OPTION_VALUE = "the option's value: a boolean, number, string, table (an object) or null"


def variant_key(**kwargs: Any) -> fields.Str:
    return fields.Str(validate=validate.Length(1, MAX_KEY), metadata={
        "example": "australian-500"}, **kwargs)


def instant(**kwargs: Any) -> fields.Str:
    return fields.Str(validate=validate.Length(1, MAX_INSTANT), metadata={
        "format": "date-time", "description": INSTANT}, **kwargs)


def points_list(**kwargs: Any) -> Items:
    return Items(fields.Int(strict=True, validate=validate.Range(-MAX_POINTS, MAX_POINTS)),
                 MAX_SIDES, **kwargs)


class CreateHeadersSchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    idempotency_key = fields.Str(data_key="Idempotency-Key", validate=storable, metadata={
        "maxLength": MAX_IDEMPOTENCY_KEY,  # said by the write guard (services/writes.py)
        "description": "any unique string, best a random UUID: a retry with the same key and "
                       "body returns the first reply (a token it issued included) and stores "
                       "nothing new; replies are kept for 24 hours (the server's "
                       "SCOREKEEPER_REPLY_HOURS)"})


class WriteHeadersSchema(CreateHeadersSchema):
    if_match = fields.Str(data_key="If-Match", validate=validate.Length(1, 200), metadata={
        "description": "the game's ETag as last read; a stale one is refused with 412"})


CLUB_TOKEN = ("a club's member or admin token, for a game or tournament of that club (the "
              "Authorization header stays the game's or tournament's own)")


class ClubCreateHeadersSchema(CreateHeadersSchema):
    club_token = fields.Str(data_key="X-Club-Token", metadata={"description": CLUB_TOKEN})


class ClubWriteHeadersSchema(WriteHeadersSchema):
    club_token = fields.Str(data_key="X-Club-Token", metadata={"description": CLUB_TOKEN})
