"""Reading a JSON body so that no body, however it is made, holds a worker for long. Its bytes are
received in turns (Received: a gevent socket with data waiting never yields, so 16 MiB sent
quickly would hold the worker while it arrives). A large body (an import, up to
IMPORT_MAX_CONTENT_LENGTH) is decoded a value at a time, pausing every few milliseconds so that
the worker's other requests go on meanwhile, and refused at the first array, object or level of
nesting beyond what any endpoint takes. A small one (every other endpoint's, 256 KiB at most) is
decoded at once by the C decoder, in a few milliseconds."""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import time
from collections.abc import Callable, Iterator
from typing import IO, Any, NoReturn

import flask_smorest

from scorekeeper.i18n import say
from scorekeeper.limits import MAX_CHANGES

# Levels of arrays and objects a body may have; the deepest the API takes (an imported game's
# history entry with the hand in it) is about 6.
MAX_DEPTH = 32
# Twice the longest array any endpoint takes (an import's history: a list up to twice as long
# is refused by its field, which names it), the largest object (a round's table numbers, one a
# match), and the longest string (an exported explanation's line is the longest any field takes).
MAX_ITEMS = 2 * MAX_CHANGES
MAX_KEYS = 512
MAX_TEXT = 4096
# Bodies up to this size are decoded at once (C: ~20 ms at worst); larger ones value by value.
AT_ONCE = 256 * 1024
SLICE_S = 0.005  # the longest a large body is read before other requests get their turn
# A real sleep, however short: under gevent, sleep(0) only requeues the greenlet, which may run
# again before the server has even looked for new requests.
PAUSE_S = 0.0001
Scan = Callable[[str, int], tuple[Any, int]]


def not_json(literal: str) -> NoReturn:
    """NaN and Infinity are not JSON (RFC 8259): never read, so never stored."""
    raise ValueError(f"{literal} is not a JSON number")


def too_deep() -> None:  # each of these raises: a 400 or 422 reply
    flask_smorest.abort(400, message=say("The request body is nested deeper than {most} "
                                         "levels of arrays and objects.", most=MAX_DEPTH))


def too_many_items() -> None:
    flask_smorest.abort(422, message=say("An array in the request body has more than {most} "
                                         "items.", most=MAX_ITEMS))


def too_many_keys() -> None:
    flask_smorest.abort(422, message=say("An object in the request body has more than {most} "
                                         "keys.", most=MAX_KEYS))


class Turns:
    """Every so often, a pause that lets the worker's other requests run (under gevent, a switch
    to them; elsewhere a tenth of a millisecond every 5)."""

    def __init__(self, every: int = 256) -> None:
        self.every = every  # ticks between looks at the clock
        self.count = 0
        self.since = time.perf_counter()

    def tick(self) -> None:
        self.count += 1
        if self.count % self.every == 0 and time.perf_counter() - self.since > SLICE_S:
            time.sleep(PAUSE_S)
            self.since = time.perf_counter()


class Received:
    """A request's input stream that pauses between reads (http.py puts it in every request)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.turns = Turns(every=1)

    def read(self, *size: int) -> bytes:
        data = self.stream.read(*size)
        self.turns.tick()
        return data

    def readline(self, *size: int) -> bytes:
        line = self.stream.readline(*size)
        self.turns.tick()
        return line

    def readlines(self, *hint: int) -> list[bytes]:
        return self.stream.readlines(*hint)

    def __iter__(self) -> Iterator[bytes]:
        for line in self.stream:
            self.turns.tick()
            yield line


def loads(text: str, parse_constant: Callable[[str], Any]) -> Any:
    """The body's JSON value; a large body read in turns, refused at the first container too
    deep or too large. `parse_constant` says what NaN and Infinity are."""
    if len(text) <= AT_ONCE:
        return json.loads(text, parse_constant=parse_constant)
    decoder = json.JSONDecoder(parse_constant=parse_constant)
    turns = Turns()
    depth = 0

    def counted(scan_once: Scan, most: int, refuse: Callable[[], None]) -> Scan:
        """`scan_once` for the values of one array or object: refused past `most` of them."""
        values = 0

        def scan(text: str, at: int) -> tuple[Any, int]:
            nonlocal values
            values += 1
            if values > most:
                refuse()
            turns.tick()
            return scan_once(text, at)
        return scan

    def parse_object(s_and_end: tuple[str, int], strict: bool, scan_once: Scan,
                     *hooks: Any) -> tuple[dict[str, Any], int]:
        nonlocal depth
        depth += 1
        try:
            if depth > MAX_DEPTH:
                too_deep()
            return json.decoder.JSONObject(  # type: ignore[attr-defined,no-any-return]
                s_and_end, strict, counted(scan_once, MAX_KEYS, too_many_keys), *hooks)
        finally:
            depth -= 1

    def parse_array(s_and_end: tuple[str, int], scan_once: Scan) -> tuple[list[Any], int]:
        nonlocal depth
        depth += 1
        try:
            if depth > MAX_DEPTH:
                too_deep()
            return json.decoder.JSONArray(  # type: ignore[attr-defined,no-any-return]
                s_and_end, counted(scan_once, MAX_ITEMS, too_many_items))
        finally:
            depth -= 1

    decoder.parse_object = parse_object  # type: ignore[attr-defined]
    decoder.parse_array = parse_array  # type: ignore[attr-defined]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder.decode(text)
