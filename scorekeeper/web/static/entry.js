// @ts-check
// Pieces of the hand entry shared by the variants: a refusal shown once with each field's complaint
// at its control, and a picker of cards to tap (captured cards, melds, cards left in hand). The
// cards are written in the API's card notation (API.md, Cards); what they are worth is the API's.
import { h } from "./dom.js";
import { suited } from "./sheet.js";
import { _, _p } from "./i18n.js";

const FRENCH_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
const FRENCH_SUIT = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };
const ITALIAN_SUITS = ["coins", "cups", "swords", "clubs"];

/** The words of the cards, in the page's language: a suit's name (`italian`: of the Italian
 *  deck, whose clubs are bastoni), a card as it is spoken. */
export function suitWord(suit, italian = false) {
  // i18n: the Italian deck's clubs (bastoni), as in Cinquecento
  const batons = _p("italian deck", "clubs");
  return {
    spades: _("spades"), hearts: _("hearts"), diamonds: _("diamonds"),
    // i18n: the French deck's clubs (♣)
    clubs: italian ? batons : _("clubs"), coins: _("coins"), cups: _("cups"), swords: _("swords"),
    jokers: _("jokers"),
  }[suit] ?? suit;
}

function spokenCard(rank, suit, italian = false) {
  const words = {
    A: _("ace of {suit}"), K: _("king of {suit}"), Q: _("queen of {suit}"), J: _("jack of {suit}"),
    // i18n: the king, knight and jack of the Italian deck, kept in Italian in every language
    R: _("re of {suit}"), C: _("cavallo of {suit}"), F: _("fante of {suit}"),
  };
  // i18n: a numbered card as a screen reader says it, e.g. "7 of hearts"
  return (words[rank] ?? _("{rank} of {suit}")).replace("{rank}", rank).replace("{suit}", suitWord(suit,
    italian));
}
// Cinquecento's 40 cards, Italian ranks in order; its French-deck form uses K, Q, J for R, C, F.
const CINQUECENTO_RANKS = ["A", "3", "R", "C", "F", "7", "6", "5", "4", "2"];
const FRENCH_FOR_ITALIAN = { R: "K", C: "Q", F: "J" };

/** A card of the picker: its code for the API, what its button shows and how it is spoken. */
const frenchCard = (rank, suit) => ({ code: `${rank}${suit}`, label: `${rank}${FRENCH_SUIT[suit][0]}`,
  spoken: spokenCard(rank, FRENCH_SUIT[suit][1]), suit: FRENCH_SUIT[suit][1] });

/** Cinquecento's deck: Italian (R-coins) or French without 8s, 9s and 10s (KH). */
export function cinquecentoDeck(deck) {
  if (deck === "french") {
    return Object.keys(FRENCH_SUIT)
      .flatMap((suit) => CINQUECENTO_RANKS.map((r) => frenchCard(FRENCH_FOR_ITALIAN[r] ?? r, suit)));
  }
  return ITALIAN_SUITS.flatMap((suit) => CINQUECENTO_RANKS.map((r) => ({ code: `${r}-${suit}`, label: r,
    spoken: spokenCard(r, suit, true), suit })));
}

/** The 52 cards of a French deck, and the jokers when the game plays with them. */
export function frenchDeck(jokers) {
  const cards = Object.keys(FRENCH_SUIT).flatMap((suit) => FRENCH_RANKS.map((r) => frenchCard(r, suit)));
  return jokers ? [...cards, { code: "JK", label: _("Joker"), spoken: _("joker"), suit: "jokers" }] : cards;
}

/** The cards grouped by suit, each a button: `state(card)` says whether it is pressed and what
 *  mark it carries, `tap(card)` is told each tap. `redraw()` refreshes every button. */
export function cardPicker(cards, state, tap, label) {
  const buttons = cards.map((card) => {
    const button = h("button", { type: "button", class: "card-button", "data-card": card.code,
      onclick: () => { tap(card); redraw(); } });
    return { card, button };
  });
  function redraw() {
    for (const { card, button } of buttons) {
      const { pressed, mark } = state(card);
      button.setAttribute("aria-pressed", String(Boolean(pressed)));
      button.setAttribute("aria-label", mark ? _("{card}, {mark}", { card: card.spoken,
        mark }) : card.spoken);
      button.replaceChildren(h("span", {}, suited(card.label)), mark ? h("small", { text: mark }) : "");
    }
  }
  redraw();
  const suits = [...new Set(cards.map((c) => c.suit))];
  const node = h("div", { class: "picker", role: "group", "aria-label": label },
    suits.map((suit) => h("div", { class: "suit-row" }, h("span", { class: "suit-name", text: suitWord(suit,
      cards.some((c) => c.code.includes("-"))) }),
      h("div", { class: "cards" }, buttons.filter((b) => b.card.suit === suit).map((b) => b.button)))));
  return { node, redraw };
}

const same = (a, b) => a.replace(/[.\s]+$/, "").toLowerCase() === b.replace(/[.\s]+$/, "").toLowerCase();

/** Show a refused write in the entry `box`: the API's message once in `refusal`, and each field's
 *  complaint at the control whose data-field the field's path starts with. `result` null clears. */
export function fieldErrors(box, refusal, result) {
  for (const old of box.querySelectorAll(".field-error")) old.remove();
  for (const old of box.querySelectorAll("[aria-invalid]")) old.removeAttribute("aria-invalid");
  refusal.hidden = true;
  refusal.replaceChildren();
  if (!result) return;
  const message = result.json?.message ?? _("The server answered {status}.",
    { status: String(result.status) });
  refusal.append(h("strong", { text: _("Not recorded:") }), " ", message);
  refusal.hidden = false;
  const controls = [...box.querySelectorAll("[data-field]")];
  for (const [field, why] of Object.entries(result.json?.errors ?? {})) {
    if (field === "json") continue;
    const text = [].concat(why).join(" ");
    const target = controls.filter((c) => field === c.dataset.field
      || field.startsWith(`${c.dataset.field}.`))
      .sort((a, b) => b.dataset.field.length - a.dataset.field.length)[0];
    if (target) {
      target.setAttribute("aria-invalid", "true");
      target.append(h("p", { class: "field-error", text: same(text,
        message) ? _("The problem is here.") : text }));
    } else if (!same(text, message)) {
      refusal.append(h("p", { text }));
    }
  }
  refusal.scrollIntoView({ block: "nearest" });
}
