"""Every message of every catalog, rendered with awkward values, reads as its language writes.

Each message (a hand's line, a ruling, a refusal, the page's and the desk's words) is filled with
sample values that break careless templates: a side's name singular, plural and "Nous"/"Noi", a
player and a pair, every kind of card, every bid, every variant, big and negative numbers. Then:

- no verb is conjugated on a name (right after it, or in the two words before it): a name may be
  "Nous", "Les Bleus" or "Marie" and no verb agrees with all of them;
- no English word or option key a player would trip on sits in a French or Italian sentence;
- French puts a no-break space before ":" and in numbers ("1 000"), none before ; ? !;
- no sentence says two colons ("Le tournoi est terminé : Champions : Les Rois.").
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from babel.messages.catalog import Message

from scorekeeper import i18n
from scorekeeper.rules import sentences
from scorekeeper.rules.registry import variants
from scorekeeper.tournaments.options import FORMAT_NAMES

# Contexts shown as they are (a brace there is a brace): checked as text, never filled.
PLAIN = {"variant name", "variant description", "option label", "option description",
         "option choice", "preset name", "preset description"}

# -- the sample values -----------------------------------------------------------------------------

NAMES = ["Nous", "Les Bleus", "Marie", "Noi", "Maria e Gianni", "Eux", "Loro"]
# Parameters that hold a side's, team's or player's name: no verb may agree with them.
NAMED = {"side", "player", "team", "winner", "dealer", "name", "partner", "alone", "bidder"}
CARDS = ["10H", "QH", "AS", "JD", "2C", "KS", "JK", "JKR", "JKB"]
CALLED = [{"code": "JKB", "called": "la blanche"}, {"code": "JKR", "called": "le bonhomme"}]
VARIANT_NAMES = [v.name for v in variants()]
OPTION_KEYS = sorted({spec.name for v in variants() for spec in v.option_specs})
FIELD_KEYS = sorted(sentences.WORDS["field"])
PLACES = [{"rank": "A", "joker": False}, {"rank": "2", "joker": True},
          {"rank": "3", "joker": False}]

# Samples for a placeholder said with a phrase: each rendering takes the next one in turn.
BY_PHRASE: dict[str, list[Any]] = {
    "tricks": [0, 1, 3], "signed": [30, -40, 1000, -1000], "minus": [40, 1000],
    "who": [{"side": n} for n in NAMES[:3]] + [{"side": "Nous", "partner": "Marie"},
                                                {"side": "Les Bleus", "alone": "Marie"}],
    "and": [["Nous", "Eux"], ["Marie"], ["Les Bleus", "Les Rois", "Noi"]],
    "or": [[3, 4, 6], [2]], "players": [1, 2, 1000], "players_or": [[2], [2, 3], [1]],
    "list": [["AH", "2H"], [6, 7]], "words": [2, 1, 3],
    "suit": ["S", "C", "D", "H"], "suit_one": ["H", "S", "C", "D"],
    "Suit": ["S", "C", "D", "H", "NT"], "card": CARDS, "card_name": CARDS + CALLED,
    "Card_name": CARDS + CALLED, "card_as": CARDS + CALLED + [{"code": "JKB",
                                                               "role": "anti_joker"}],
    "Card_as": CARDS + CALLED + [{"code": "JKB", "role": "anti_joker"}],
    "bid_name": ["7H", "7NT", "MIS", "OMIS", "BMIS", "DNUL", "PAT", "HILO", "6.3H", "8J5"],
    "variant": VARIANT_NAMES, "the_variant": VARIANT_NAMES, "The_variant": VARIANT_NAMES,
    "variants_or": [VARIANT_NAMES[:3], VARIANT_NAMES[1:2]],
    "the_variants_or": [VARIANT_NAMES[:3], VARIANT_NAMES[1:2]],
    "format_name": list(FORMAT_NAMES.values()), "call": ["pass", "7H"],
    "kitty_cards_are": [1, 3], "quoted": [["full", "half"]], "forms": [[[2, 2], [3, 1]]],
    "cards": [["AH", "2H", "3H"]], "decks": [1, 2], "jokers": [1, 2],
    "rank_plural": ["7", "A", "Q", "J"], "meld_flaw": sorted(sentences.WORDS["meld flaw"]),
    "run": [PLACES], "sum": [[10, 5, 5]], "number": [1000, 12, 25000],
    "refusal": [{"says": "tricks_sum", "params": {"total": 11, "tricks": 10}},
                {"says": "illegal_call.not_higher", "params": {"bid": "7H", "standing": "8S"}}],
    "trumps_in": ["H", "NT"], "role": sorted(sentences.WORDS["role"]),
    "roles": [["joker", "right_bower"], ["megatrump"]],
    "only_trumps": [["JK"], CALLED], "jokers_written": [["JK"], CALLED],
    "partners_out": [1, 2], "judged": sorted(sentences.WORDS["judged"]),
    "referee": sorted(sentences.WORDS["referee"]), "deck": ["italian", "french"],
    "rank_order": ["italian", "french"],
    "italian_suit": ["coins", "cups", "swords", "clubs", "hearts"],
    "Italian_suit": ["coins", "cups", "swords", "clubs", "hearts"],
    "italian_suit_one": ["coins", "cups", "swords", "clubs", "spades"],
    "italian_suits": [["coins", "cups", "swords", "clubs"]],
    "italian_card": ["R-coins", "C-cups", "F-swords", "A-clubs", "3-coins", "KH"],
    "stage": ["qualifying", "knockout"], "field": [*FIELD_KEYS, "colour"], "Field": FIELD_KEYS,
    "option": OPTION_KEYS,
}
# Samples for a placeholder said as it is, by its name (else a number: 3, then 1000).
BY_NAME: dict[str, list[Any]] = {
    **{name: NAMES for name in NAMED},
    # a raw key or option is what a template must not show a player: samples that are English
    "key": FIELD_KEYS, "field": FIELD_KEYS, "option": OPTION_KEYS, "format": ["…"],
    "card": CARDS, "bid": ["7H", "6.3H"], "code": ["9X"], "text": ["ZZ"],
    "variant": VARIANT_NAMES, "names": ["JKR"], "preset": ["Avondale"],
    "deltas": ["+30, −40"], "totals": ["Nous 300, Eux 200"], "scores": ["3–1"],
    "score": ["3–1"], "known": ["en, fr, it"], "message": ["…"], "site": ["example.org"],
    "where": ["…"], "problem": ["…"], "label": ["…"], "rules": ["…"], "outcome": ["…"],
    "example": ["R-coins"], "mark": ["✓"], "list": ["3, 4"], "choices": ["6, 7"],
    "next_step": ["…"], "teams": [2, 16], "current": ["3"],
    "status": [409], "stage": ["…"], "suit": ["H", "coins"], "rank": ["7"],
    "sentence": ["…"], "melded": [45], "held": [10], "laid_off": [5],
}
# In these contexts a list's items are names ({first} and {last}).
LISTING = {"list"}


def fields_of(text: str) -> list[tuple[str, str, str | None]]:
    return [(field.split("!")[0].split(".")[0].split("[")[0], spec, conversion)
            for _, field, spec, conversion in string.Formatter().parse(text)
            if field is not None]


def samples(context: str | None, name: str, phrase: str, conversion: str | None) -> list[Any]:
    if phrase:
        return BY_PHRASE[phrase]
    if conversion == "r" or context == "field quoted":
        return ["zz"]  # what a client typed, shown back as typed
    if context in LISTING and name in {"first", "last"}:
        return NAMES
    return BY_NAME.get(name, [3, 1000])


# -- the catalogs, as each language speaks them ---------------------------------------------------

@cache
def tongue(code: str) -> sentences.Tongue:
    if code == i18n.SOURCE:
        return sentences.Tongue(sentences.ENGLISH, "en")
    return i18n.tongue_of(code)


@cache
def catalog(code: str) -> tuple[Message, ...]:
    path = (i18n.CATALOGS / f"{i18n.DOMAIN}.pot" if code == i18n.SOURCE
            else i18n.catalog_path(code))
    read = i18n.typeset_catalog(i18n.read_catalog(path), code)
    return tuple(m for m in read if m.id)


def texts(message: Message, code: str) -> Iterator[str]:
    """Each form of a message as the language writes it (English: its msgids)."""
    if code == i18n.SOURCE:
        yield from ([message.id] if isinstance(message.id, str) else message.id)
    elif isinstance(message.string, str):
        yield message.string
    else:
        yield from message.string


def renderings(message: Message, text: str) -> Iterator[tuple[str, set[str]]]:
    """The text filled in turn with each sample of its placeholders, and the names it holds."""
    fields = fields_of(text)
    if not fields:
        yield text, set()
        return
    pools = [samples(message.context, name, phrase, conversion)
             for name, phrase, conversion in fields]
    for i in range(max(len(pool) for pool in pools)):
        params = {}
        for (name, _, _), pool in zip(fields, pools, strict=True):
            params.setdefault(name, pool[i % len(pool)])
        names = set()
        for name, phrase, _ in fields:
            value = params[name]
            if name in NAMED or phrase == "who" or (phrase == "and" and name in {"out", "sides"}):
                names |= named_in(value)
        yield sentences._PHRASING.vformat(text, (), params), names


def named_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {str(v) for k, v in value.items() if k in {"side", "partner", "alone"} and v}
    if isinstance(value, list):
        return {str(v) for v in value}
    return set()


# -- what a native reader winces at ---------------------------------------------------------------

def words(text: str) -> set[str]:
    return set(text.split())


# Finite verbs (third person, singular and plural, and the auxiliaries) a name must not govern.
VERBS = {
    "fr": words("""a ont est sont était étaient sera seront gagne gagnent fait font prend prennent
        remporte remportent marque marquent perd perdent atteint atteignent arrive arrivent sort
        sortent mène mènent passe passent partage partagent tient tiennent réussit réussissent
        rate ratent doit doivent peut peuvent va vont annonce annoncent joue jouent déclare
        déclarent garde gardent ramasse ramassent obtient obtiennent compte comptent abandonne
        abandonnent termine terminent finit finissent dépasse dépassent mise misent donne donnent
        brasse brassent ajoute ajoutent pose posent jette jettent défausse défaussent reste
        restent affronte affrontent rencontre rencontrent vient viennent se s'est n'a n'est
        n'ont ne"""),
    "it": words("""ha hanno è sono era erano sarà saranno vince vincono arriva arrivano mantiene
        mantengono prende prendono fa fanno segna segnano perde perdono raggiunge raggiungono esce
        escono passa passano dichiara dichiarano guida guidano conduce conducono gioca giocano
        deve devono può possono va vanno tiene tengono condivide condividono realizza realizzano
        conquista conquistano ottiene ottengono chiude chiudono supera superano dà danno mescola
        mescolano cala calano attacca attaccano scarta scartano resta restano affronta affrontano
        incontra incontrano viene vengono si non totalizza totalizzano accumula"""),
}
# Before a name only the verbs no noun spells ("la donne" is a deal, "la mise" the kitty).
VERBS_BEFORE = {
    "fr": {"a", "ont", "est", "sont", "gagne", "gagnent", "remporte", "remportent"},
    "it": {"ha", "hanno", "è", "sono", "vince", "vincono", "arriva", "arrivano", "mantiene",
           "mantengono", "prende", "prendono", "segna", "segnano"},
}
# A name after one of these nouns is in apposition: the verb agrees with the noun ("l'équipe
# Les Bleus ne joue pas").
APPOSED = {"équipe", "joueur", "joueuse", "place", "squadra", "giocatore", "giocatrice", "posto"}
WORD = re.compile(r"[\w'’]+", re.UNICODE)

# English a player would trip on, and the keys of options and entries (never a player's words).
ENGLISH = words("""partner partners tricks trick bidder bidders deal deals dealt dealer game games
    offline online boathouse ralph ralphed ralphing hi/lo hilo patastrophe kitty slam bower bowers
    megatrump inkle no-trumps trumps trump contract seat seats player players team teams hand
    hands round rounds bid bids misere nullo lay-off layoff layoffs meld melds discard went_out
    token link best of first to wins won""")
# Words each language has made its own (French "points", "jokers"; Italian "round", "link").
ALLOWED = {"fr": {"points", "jokers", "mariannas"}, "it": {"round", "link", "points"}}
FOREIGN = {"fr": {"jeton", "jetons"}, "it": {"misère", "renonce"}}
FOREIGN_PHRASES = {"it": ["le bonhomme", "le petit bord"]}
KEYS = set(OPTION_KEYS) | set(FIELD_KEYS) | {key for key in FORMAT_NAMES if "_" in key}


def foreign_words(code: str, text: str) -> list[str]:
    found = []
    lowered = text.lower()
    text = re.sub(r'"[^"]*"', "", text)  # JSON's keys and strings, typed as the API reads them
    text = re.sub(r"(?:\.{3}|…)?(?<!\w)/\S+", "", text)  # an API path (PUT .../games/1)
    for token in re.findall(r"[A-Za-zÀ-ÿ_/\-]+", text):
        if token.isupper():
            continue  # a code, written as it is entered (HILO, JKR)
        word = token.lower().strip("-/")
        own = ALLOWED.get(code, set())
        key = word in KEYS and ("_" in word or word not in own)
        if key or word in ENGLISH - own or word in FOREIGN.get(code, set()):
            found.append(word)
    found += [phrase for phrase in FOREIGN_PHRASES.get(code, []) if phrase in lowered]
    return found


def agreement(code: str, text: str, names: set[str]) -> list[str]:
    """Verbs conjugated on a name: right after it, or among the two words before it."""
    found = []
    for name in sorted(names, key=len, reverse=True):
        for hit in re.finditer(re.escape(name), text):
            after = WORD.findall(text[hit.end():hit.end() + 40])
            glued = text[hit.end():hit.end() + 1]
            between = text[max(0, hit.start() - 40):hit.start()]
            before = WORD.findall(between)[-2:]
            apposed = bool(before) and before[-1].lower().split("'")[-1] in APPOSED
            if (after and glued in {" ", "\u00a0"} and after[0].lower() in VERBS[code]
                    and not apposed):
                found.append(f"{name} {after[0]}")
            if before and not re.search(r"[:;,.()«»\"]\s*$", between):
                found += [f"{word} … {name}" for word in before
                          if word.lower() in VERBS_BEFORE[code]]
    return found


def sentences_of(text: str) -> list[str]:
    return re.split(r"(?<=[.;!?])\s+|\n", text)


def colons(text: str) -> list[str]:
    """Sentences with two colons of prose (a colon after a quote is JSON's, after a digit a
    time's)."""
    bare = re.sub(r"\([^()]*\)|Authorization: Bearer", "", text)  # an aside; a header
    return [s for s in sentences_of(bare.replace(" · ", ". "))
            if len(re.findall(r"(?<![\"'\d])\s?:(?=\s|$)", s)) > 1]


def french_spaces(text: str) -> list[str]:
    wrong = [m.group() for m in re.finditer(r"\S [:;?!](?=\s|$)", text)]
    wrong += [m.group() for m in re.finditer(r"\S[:](?=\s|$)", text)
              if not re.match(r"[\"'\d]", m.group())]
    wrong += [m.group() for m in re.finditer(r"\d \d{3}\b", text)]
    return wrong


def problems(code: str) -> list[tuple[str | None, str, str, str]]:
    found = []
    with sentences.speaking(tongue(code)):
        for message in catalog(code):
            english = message.id if isinstance(message.id, str) else message.id[0]
            if message.context == "reason as_recorded":
                continue  # a stored English sentence, said as it was recorded
            for text in texts(message, code):
                if message.context in PLAIN:
                    said = [(text, set())]
                else:
                    try:
                        said = list(renderings(message, text))
                    except (KeyError, ValueError, IndexError, TypeError, AttributeError) as error:
                        found.append((message.context, english, text, f"renders not: {error!r}"))
                        continue
                for line, names in said:
                    what = []
                    if code != i18n.SOURCE:
                        what += [f"verb on a name: {v}" for v in agreement(code, line, names)]
                        what += [f"foreign: {w}" for w in foreign_words(code, line)]
                    if code == "fr":
                        what += [f"space: {w!r}" for w in french_spaces(line)]
                    what += [f"two colons: {s}" for s in colons(line)]
                    found += [(message.context, english, line, w) for w in what]
    return found


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_every_sentence_reads_natively(code: str) -> None:
    found = problems(code)
    shown = "\n".join(f"[{ctx}] {english!r}\n    {line!r}\n    -> {what}"
                      for ctx, english, line, what in found[:60])
    assert not found, f"{len(found)} problems in {code}:\n{shown}"


# -- the checks themselves catch what they are meant to --------------------------------------------

@pytest.mark.parametrize(("code", "line", "names"), [
    ("fr", "Nous a fait 3 levées : +30", {"Nous"}),
    ("fr", "Partie terminée : Les Bleus a gagné", {"Les Bleus"}),
    ("fr", "Les Rois a fait le reste", {"Les Rois"}),
    ("it", "Noi arriva a 500 e vince", {"Noi"}),
    ("it", "ha vinto Noi", {"Noi"}),
    ("it", "Loro mantiene 7♥", {"Loro"}),
])
def test_a_verb_on_a_name_is_caught(code: str, line: str, names: set[str]) -> None:
    assert agreement(code, line, names)


@pytest.mark.parametrize(("code", "line", "names"), [
    ("fr", "Nous : 3 levées, +30", {"Nous"}),
    ("fr", "Victoire : Eux", {"Eux"}),
    ("fr", "7♥ réussi par Les Bleus : +200", {"Les Bleus"}),
    ("it", "7♥ mantenuto da Loro: +200", {"Loro"}),
    ("it", "Partita vinta da Noi", {"Noi"}),
])
def test_a_name_without_a_verb_passes(code: str, line: str, names: set[str]) -> None:
    assert agreement(code, line, names) == []


def test_the_other_checks_catch_their_examples() -> None:
    assert colons("Le tournoi est terminé : Champions : Les Rois.")
    assert colons('chaque carte est {"seat": 0, "card": "10H"}') == []
    assert french_spaces("Nous : 3 levées")
    assert french_spaces("Nous\u00a0: 3 levées") == []
    assert french_spaces("il en reste 1 000")
    assert foreign_words("fr", "l'arbitre auction (defender_share)") == ["auction",
                                                                         "defender_share"]
    assert "partner" in foreign_words("fr", "Partner : Marie")
    assert "le bonhomme" in foreign_words("it", "prende con le bonhomme")


def test_french_is_typeset_by_the_code_whatever_the_translator_typed() -> None:
    assert i18n.typeset("fr", "Atout : cœur ; vraiment ? 1 000") == (
        "Atout\u00a0: cœur; vraiment? 1\u00a0000")
    assert i18n.typeset("it", "Briscola: denari") == "Briscola: denari"


def test_a_sign_and_a_score_are_said_as_each_language_writes_them() -> None:
    with sentences.speaking(tongue("fr")):
        assert sentences.signed(-1000) == "\u22121\u00a0000"
        assert sentences.signed(30) == "+30"
    with sentences.speaking(tongue("it")):
        assert sentences.signed(-1000) == "\u22121.000"
    with sentences.speaking(tongue("en")):
        assert sentences.signed(-1000) == "-1000"  # as every stored explanation has it


def test_a_field_is_named_in_the_players_words_and_an_unknown_key_as_typed() -> None:
    with sentences.speaking(tongue("fr")):
        assert sentences.field_words("plays.1.shown_void") == sentences.word("field",
                                                                              "shown_void")
        assert "shown_void" not in sentences.field_words("plays.1.shown_void")
        assert sentences.field_words("colour") == "«\u00a0colour\u00a0»"
    with sentences.speaking(tongue("en")):
        assert sentences.field_words("partner") == "the partner"
        assert sentences.option_words("lose_at") == '"Out the back door at"'
