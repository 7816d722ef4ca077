"""The languages the API and the page speak: which one a request gets, the catalogs, and the
messages they hold.

English is the source: every message's msgid is the English text, in the code (`say(...)`, the
page's `_(...)`) or in a table of the rules (rules/sentences.py, the variants' names and
options). The catalogs are gettext `.po` files in scorekeeper/translations, one per language,
kept in the repository and compiled at start into the instance folder (`compile_catalogs`): a
compiled catalog is a build product, never committed. `flask catalog update` extracts the
messages into messages.pot and merges them into every catalog; tests/test_catalogs.py fails on
a message missing, fuzzy or with placeholders of its own.

Adding a language: its line in LANGUAGES, then `flask catalog update` starts its catalog, to
translate.
"""

from __future__ import annotations

import io
import os
import re
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import flask_babel
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import Translations
from flask import Flask, Response, current_app, has_request_context, request
from werkzeug.exceptions import default_exceptions

from scorekeeper.rules import sentences

# The languages spoken, by the code a request asks for (?lang=, Accept-Language), each with its
# own name (the page's picker) and the locale whose numbers and dates it writes.
LANGUAGES: dict[str, tuple[str, str]] = {
    "en": ("English", "en"),
    "fr": ("Français", "fr_CA"),  # Quebec's: the tables that play Quebec 500
    "it": ("Italiano", "it"),
}
SOURCE = "en"
CATALOGS = Path(__file__).resolve().parent / "translations"
DOMAIN = "messages"
PAGE = "scorekeeper/web/static/"  # messages of the page: served to it as JSON (page_messages)
# How messages are marked in the code: the Python helpers here and in rules/sentences.py, and the
# page's `_`, `_n`, `_p` (static/i18n.js).
KEYWORDS: dict[str, Any] = {
    "say": None, "said": ((1, "c"), 2), "said_n": ((1, "c"), 2, 3),
    "_": None, "_n": (1, 2), "_p": ((1, "c"), 2),
}
METHODS = [("**/web/static/**.js", "javascript"), ("**/translations/**", "ignore"),
           ("**/migrations/**", "ignore"), ("**.py", "python")]


def chosen_language() -> str:
    """?lang= when it names a language spoken, else the best of Accept-Language, else English
    (and English outside a request: the commands, what is stored)."""
    if not has_request_context():
        return SOURCE
    asked = request.args.get("lang", "")
    if asked in LANGUAGES:
        return asked
    return request.accept_languages.best_match(LANGUAGES, default=SOURCE) or SOURCE


def language() -> str:
    """The language of this request's reply (English outside a request)."""
    locale = flask_babel.get_locale()
    code = locale.language if locale is not None else SOURCE
    return code if code in LANGUAGES else SOURCE


def say(message: str, **params: Any) -> str:
    """`message` (English, the msgid) in the request's language, its {placeholders} filled."""
    said = str(flask_babel.gettext(message))
    return said.format(**params) if params else said


def _tongue() -> sentences.Tongue:
    code = language()
    return sentences.Tongue(flask_babel.get_translations(), LANGUAGES[code][1])


def tag(language_code: str) -> str:
    """'fr-CA': the BCP 47 tag of a language's locale (Content-Language, the page's Intl)."""
    return LANGUAGES[language_code][1].replace("_", "-")


# -- the catalogs ----------------------------------------------------------------------------------

def catalog_path(code: str) -> Path:
    return CATALOGS / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, abort_invalid=True)


def compile_catalogs(target: Path) -> dict[str, dict[str, Any]]:
    """Compile each language's .po into `target`/<code>/LC_MESSAGES/messages.mo where it is
    missing or older (written aside and renamed, so processes starting together never read half
    a file); return each language's page messages."""
    pages: dict[str, dict[str, Any]] = {SOURCE: {}}
    for code in LANGUAGES:
        source = catalog_path(code)
        if code == SOURCE or not source.exists():
            continue
        catalog = _catalog_as_of(source, source.stat().st_mtime_ns)
        pages[code] = page_messages(catalog)
        compiled = target / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if compiled.exists() and compiled.stat().st_mtime >= source.stat().st_mtime:
            continue
        compiled.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        handle, temporary = tempfile.mkstemp(dir=compiled.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(buffer.getvalue())
        os.replace(temporary, compiled)
    return pages


@cache
def _catalog_as_of(path: Path, _stamp: int) -> Catalog:
    """A catalog read once per version of its file, typeset for its language: every app a
    process makes (the tests make thousands) shares it."""
    return typeset_catalog(read_catalog(path), path.parent.parent.name)


# French as Quebec prints it (OQLF): a no-break space before a colon and inside a closing or
# opening guillemet, none before ; ? ! , and a no-break space between groups of digits. Written
# here once: a translator types an ordinary space before ":" (tests/test_sentences_native.py
# fails on a French colon without one) and it never wraps alone onto a line; a colon typed with
# no space before it ("Authorization: Bearer", "hh:mm") is left as it is.
NBSP = "\u00a0"
TYPESETTING: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "fr": ((re.compile(r"(?<=[^\s\"'])[ \u202f\u00a0]+:(?=\s|$)"), NBSP + ":"),
           (re.compile(r"[ \u202f\u00a0]+([;?!])(?=\s|$)"), r"\1"),
           (re.compile(r"« *"), "«" + NBSP), (re.compile(r" *»"), NBSP + "»"),
           (re.compile(r"(?<=\d) (?=\d{3}\b)"), NBSP)),
}


def typeset(code: str, text: str) -> str:
    """A translation as its language prints it (TYPESETTING)."""
    for pattern, replacement in TYPESETTING.get(code, ()):
        text = pattern.sub(replacement, text)
    return text


def typeset_catalog(catalog: Catalog, code: str) -> Catalog:
    if code not in TYPESETTING:
        return catalog
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.string, tuple | list):
            message.string = tuple(typeset(code, form) for form in message.string)
        else:
            message.string = typeset(code, message.string)
    return catalog


def tongue_of(code: str) -> sentences.Tongue:
    """A language as its catalog on disk says it, typeset and compiled in memory: for a script
    or a test that speaks it outside a request (scripts/speak.py, tests/api/test_languages.py)."""
    buffer = io.BytesIO()
    write_mo(buffer, typeset_catalog(read_catalog(catalog_path(code)), code))
    buffer.seek(0)
    return sentences.Tongue(Translations(buffer), LANGUAGES[code][1])


def page_messages(catalog: Catalog) -> dict[str, Any]:
    """What the page needs of a catalog: its messages found in the page's files, keyed by msgid
    (context, U+0004, msgid with a context), the plural ones by their singular as a list."""
    found: dict[str, Any] = {}
    for message in catalog:
        if not message.id or not any(where.startswith(PAGE) for where, _ in message.locations):
            continue
        plural = isinstance(message.id, tuple | list)
        key = str(message.id[0] if plural else message.id)
        if message.context:
            key = f"{message.context}\u0004{key}"
        found[key] = list(message.string or ()) if plural else message.string
    return found


# -- the messages ----------------------------------------------------------------------------------

def table_messages() -> Iterator[tuple[str, str, str, str]]:
    """(where, context, msgid, comment) of every table's English that a reply can carry."""
    from scorekeeper.api import validate
    from scorekeeper.rules.registry import variants

    here = "scorekeeper/rules/sentences.py"
    for key, template in sentences.TEMPLATES.items():
        yield here, f"reason {key}", template, "a line of a hand's or a referee's explanation"
    for key, template in sentences.REFUSALS.items():
        yield here, f"refusal {key}", template, "why the rules refuse an entry (lower case start)"
    for key, template in sentences.WHERE.items():
        yield here, f"where {key}", template, "a refusal said of a part of a larger entry"
    for key, template in sentences.WHO.items():
        yield here, f"who {key}", template, "who declared the contract"
    for table, words in sentences.WORDS.items():
        for template in words.values():
            yield here, table, template, ""
    for message in validate.MESSAGES:
        yield "scorekeeper/api/validate.py", "", message, "marshmallow's message for a field"
    for code in SAID_STATUSES:
        description = default_exceptions[code].description
        if description:
            yield "scorekeeper/errors.py", "", description, f"HTTP {code}, said by werkzeug"
    for variant in variants():
        where = "scorekeeper/rules/variants/"
        yield where, "variant name", variant.name, ""
        yield where, "variant with article", variant.name, \
            "the game's name inside a sentence, with its article where the language has one"
        yield where, "variant description", variant.description, ""
        for spec in variant.option_specs:
            yield from option_messages(where, spec)
        for preset in variant.presets:
            yield where, "preset name", preset.name, "a set of house rules"
            yield where, "preset description", preset.description, ""
    yield from format_messages()


def format_messages() -> Iterator[tuple[str, str, str, str]]:
    """The tournament formats' names, descriptions and options (GET /tournaments/formats)."""
    from scorekeeper.tournaments import FORMAT_DESCRIPTIONS, FORMAT_NAMES, FORMATS

    where = "scorekeeper/tournaments/options.py"
    for fmt, specs in FORMATS.items():
        yield where, "format name", FORMAT_NAMES[fmt], f"tournament format {fmt}"
        yield where, "format in a sentence", FORMAT_NAMES[fmt], \
            f"tournament format {fmt} inside a sentence (the capital a proper noun keeps)"
        yield where, "format description", FORMAT_DESCRIPTIONS[fmt], f"tournament format {fmt}"
        for spec in specs:
            yield from option_messages(where, spec)


def option_messages(where: str, spec: Any) -> Iterator[tuple[str, str, str, str]]:
    if spec.label:
        yield where, "option label", spec.label, f"option {spec.name}"
    yield where, "option description", spec.description, f"option {spec.name}"
    for label in spec.choice_labels or ():
        yield where, "option choice", label, f"a choice of option {spec.name}"
    if getattr(spec, "null_label", None):
        yield where, "option choice", spec.null_label, f"option {spec.name} when null"


def extract(root: Path) -> Catalog:
    """Every message of the code and the tables, as messages.pot holds them."""
    template = Catalog(project="scorekeeper", version="1", msgid_bugs_address="", fuzzy=False,
                       header_comment=HEADER, creation_date=STABLE, revision_date=STABLE)
    package = root / "scorekeeper"
    for filename, lineno, message, comments, context in extract_from_dir(
            package, METHODS, keywords=KEYWORDS, comment_tags=("i18n:",), strip_comment_tags=True):
        where = f"scorekeeper/{Path(filename).as_posix()}"
        template.add(message, locations=[(where, lineno)], auto_comments=comments,
                     context=context)
    for where, context, message, comment in table_messages():
        template.add(message, locations=[(where, 0)], auto_comments=[comment] if comment else [],
                     context=context or None)
    return template


# A catalog changes only when its messages do: no date or tool version moves with each update.
STABLE = datetime(2026, 11, 25, tzinfo=UTC)
HEADER = ("# The messages of scorekeeper, the API's and the page's: see scorekeeper/i18n.py.\n"
          "# msgid is the English; msgctxt, where there is one, says where it is used.")


def written(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, omit_header=False, sort_by_file=False)
    # Without Babel's version: a fresh install's newer Babel must not make the catalogs stale.
    return re.sub(rb'"Generated-By: Babel [^"]*"', lambda _: rb'"Generated-By: Babel\n"',
                  out.getvalue())


def update_catalogs(root: Path) -> dict[str, int]:
    """Extract the messages into messages.pot and merge them into each language's catalog (new
    ones empty, gone ones dropped, none guessed fuzzy); the count of messages left to translate
    in each."""
    template = extract(root)
    catalogs = root / "scorekeeper" / "translations"
    catalogs.mkdir(exist_ok=True)
    (catalogs / f"{DOMAIN}.pot").write_bytes(written(template))
    untranslated = {}
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        path = catalogs / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.exists():
            catalog = read_catalog(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=LANGUAGES[code][1].split("_")[0], fuzzy=False,
                              project="scorekeeper", version="1", header_comment=HEADER,
                              creation_date=STABLE, revision_date=STABLE)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        path.write_bytes(written(catalog))
        untranslated[code] = sum(1 for m in catalog if m.id and not translated(m))
    return untranslated


def translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return all(strings) and not message.fuzzy


# The statuses the app leaves werkzeug to say (a path, a method or a body it does not take).
SAID_STATUSES = (400, 404, 405, 406, 413, 414, 415, 431)
WORDED = ("application/json", "text/csv", "text/event-stream")  # replies that can carry words


# -- the app ---------------------------------------------------------------------------------------

def init_app(app: Flask) -> None:
    compiled = Path(app.instance_path) / "translations"
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(compiled)
    app.extensions["scorekeeper.pages"] = compile_catalogs(compiled)
    flask_babel.Babel(app, locale_selector=lambda: LANGUAGES[chosen_language()][1],
                      default_locale="en")
    sentences.listen(_tongue)

    @app.after_request
    def content_language(response: Response) -> Response:
        """Replies with words say their language; what is cached varies with it."""
        if response.mimetype in WORDED and "Content-Language" not in response.headers:
            response.vary.add("Accept-Language")
            response.headers["Content-Language"] = tag(language())
        return response


def page_catalog(code: str) -> dict[str, Any]:
    return dict(current_app.extensions["scorekeeper.pages"].get(code, {}))
