"""CSV that opens safely in a spreadsheet: text a spreadsheet would run as a formula (a name such
as =HYPERLINK(...)) is written with a leading ', as OWASP advises for CSV injection; numbers,
negative ones too, stay numbers. The formula may hide behind invisible characters and spaces
(a zero-width space before "="), which some spreadsheets skip."""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Iterable, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
UNSEEN = ("Cc", "Cf", "Zs", "Zl", "Zp")  # controls, format characters (zero-width, bidi), spaces


def cell(value: object) -> object:
    """`value` as a spreadsheet should see it: text that starts like a formula becomes text."""
    if isinstance(value, str) and (value.startswith(FORMULA_STARTS)
                                   or first_seen(value).startswith(FORMULA_STARTS)):
        return "'" + value
    return value


def first_seen(text: str) -> str:
    """`text` from its first character that is neither invisible nor a space."""
    for at, char in enumerate(text):
        if unicodedata.category(char) not in UNSEEN:
            return text[at:]
    return ""


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """The rows as CSV (CRLF line ends, as RFC 4180 has them), every cell made safe."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows([cell(v) for v in row] for row in rows)
    return out.getvalue()
