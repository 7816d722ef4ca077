"""The catalogs: messages.pot is what the code and the tables say today, and every language's
catalog translates every message of it, none fuzzy, each with the placeholders of its English
and only phrases that exist."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

from scorekeeper import i18n
from scorekeeper.rules.sentences import PHRASES

ROOT = Path(__file__).resolve().parent.parent
# Contexts whose text is shown as it is, never filled in (a brace there is a brace).
PLAIN = {"variant name", "variant description", "option label", "option description",
         "option choice", "preset name", "preset description"}
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]


def ids(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def fields_of(text: str) -> tuple[set[str], set[str]]:
    """The names a brace template fills, and the phrases it says them with."""
    names, phrases = set(), set()
    for _, field, spec, _ in string.Formatter().parse(text):
        if field is not None:
            names.add(field.split("!")[0])
            if spec:
                phrases.add(spec)
    return names, phrases


def forms(message: Message) -> list[tuple[str, str]]:
    """(English, translation) for each form of a message: a plural's first form answers its
    singular, the others its plural."""
    if isinstance(message.id, str):
        return [(message.id, str(message.string))]
    singular, plural = message.id[0], message.id[1]
    return [(singular if i == 0 else plural, text) for i, text in enumerate(message.string)]


def test_the_template_holds_every_message_of_the_code_and_the_tables() -> None:
    """Run `flask --app scorekeeper catalog update` (README) when this fails."""
    committed = i18n.read_catalog(i18n.CATALOGS / f"{i18n.DOMAIN}.pot")
    extracted = i18n.extract(ROOT)
    assert ids(extracted) - ids(committed) == set(), "new messages: flask catalog update"
    assert ids(committed) - ids(extracted) == set(), "messages gone: flask catalog update"
    assert i18n.written(extracted) == (i18n.CATALOGS / f"{i18n.DOMAIN}.pot").read_bytes()


def test_every_language_but_english_has_a_catalog_and_nothing_else_does() -> None:
    found = {path.parent.parent.name for path in i18n.CATALOGS.glob("*/LC_MESSAGES/*.po")}
    assert found == set(TRANSLATED)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_in_every_catalog(code: str) -> None:
    template = i18n.read_catalog(i18n.CATALOGS / f"{i18n.DOMAIN}.pot")
    catalog = i18n.read_catalog(i18n.catalog_path(code))
    assert ids(catalog) == ids(template), "flask catalog update, then translate"
    untranslated = [(m.context, m.id) for m in catalog if m.id and not i18n.translated(m)]
    assert untranslated == []
    assert not any(m.fuzzy for m in catalog if m.id)
    assert len(ids(catalog)) > 600  # the count the closing note gives


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_fills_the_placeholders_of_its_english_with_phrases_that_exist(
        code: str) -> None:
    wrong = []
    for message in i18n.read_catalog(i18n.catalog_path(code)):
        if not message.id or message.context in PLAIN or not i18n.translated(message):
            continue  # a message left to translate is the test above's
        for english, said in forms(message):
            try:
                names, phrases = fields_of(said)
            except ValueError as error:  # a lone brace
                wrong.append((message.context, english, said, str(error)))
                continue
            english_names, _ = fields_of(english)
            if names != english_names or not phrases <= set(PHRASES):
                wrong.append((message.context, english, said, "placeholders"))
    assert wrong == []


def test_the_page_gets_only_its_own_messages() -> None:
    template = i18n.read_catalog(i18n.CATALOGS / f"{i18n.DOMAIN}.pot")
    page = i18n.page_messages(template)
    sources = {where for message in template for where, _ in message.locations
               if where.startswith(i18n.PAGE)}
    assert sources, "the page's files carry messages"
    assert all(not key.startswith("refusal ") for key in page)


def test_every_message_the_page_calls_for_is_in_the_template() -> None:
    """Babel's JavaScript extractor skips a call inside a template literal or nested in another
    call's arguments: such a message would stay English in every language."""
    template = ids(i18n.read_catalog(i18n.CATALOGS / f"{i18n.DOMAIN}.pot"))
    call = re.compile(r'\b_(n|p)?\(\s*"((?:[^"\\]|\\.)*)"(?:\s*,\s*"((?:[^"\\]|\\.)*)")?')
    missing = []
    for source in sorted((ROOT / i18n.PAGE).rglob("*.js")):
        for found in call.finditer(source.read_text(encoding="utf-8")):
            kind, first, second = found.groups()
            wanted = (first, second) if kind == "p" else (None, first)
            if wanted not in template:
                missing.append((source.name, wanted))
    assert missing == []
