"""CSV that opens safely in a spreadsheet: text a spreadsheet would run as a formula (a name such
as =HYPERLINK(...)) is written with a leading ', as OWASP advises for CSV injection; numbers,
negative ones too, stay numbers."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """`value` as a spreadsheet should see it: text that starts like a formula becomes text."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """The rows as CSV (CRLF line ends, as RFC 4180 has them), every cell made safe."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows([cell(v) for v in row] for row in rows)
    return out.getvalue()
