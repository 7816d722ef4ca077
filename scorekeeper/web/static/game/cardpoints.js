// @ts-check
// The entry of a card-points hand (Cinquecento): the card points each side captured (the
// variant's hand.points in all) typed on the phone's keypad, or the captured cards tapped; the
// Mariannas as suit chips in the order declared.
import { h } from "../dom.js";
import { cardPicker, cinquecentoDeck, suitWord } from "../entry.js";
import { _, _n } from "../i18n.js";
import { actionBar, handPreview } from "./preview.js";

const ITALIAN_SUITS = ["coins", "cups", "swords", "clubs"];
const FRENCH_SUITS = ["hearts", "diamonds", "spades", "clubs"];

/** @typedef {import("./table.js").Table} Table @typedef {import("./table.js").Submit} Submit */
/** @typedef {MouseEvent & { currentTarget: HTMLElement }} Tap */

/** 1st, 2nd, 3rd…: the order a Marianna was declared in. @param {number} n */
function ordinal(n) {
  // i18n: the order a Marianna was declared in: 1st, 2nd, 3rd, 4th
  return [_("1st"), _("2nd"), _("3rd"), _("4th")][n - 1] ?? String(n);
}

/** Mark the tapped button of a group as the one pressed. @param {Tap} e */
function pressOnly(e) {
  for (const b of e.currentTarget.parentElement?.children ?? []) b.setAttribute("aria-pressed",
    String(b === e.currentTarget));
}

/** @param {Table} table @param {Submit} submit @returns {HTMLElement[]} */
export function cardPointsEntry(table, submit) {
  const { game, variant, editing } = table;
  const sides = game.sides.length;
  const last = sides - 1;
  const total = variant.hand.points ?? 0;
  // A correction starts from the hand as recorded, a new hand from what was left half entered.
  const before = /** @type {Record<string, any>} */ (editing ?? table.draft ?? {});
  let byCards = Boolean(before.captured);
  /** @type {number[]} the first side half (rounded up) at two sides, else all */
  const points = before.points ? [...before.points] : Array.from({ length: sides }, (_x, s) => (sides === 2
    ? (s === 0 ? total - Math.floor(total / 2) : Math.floor(total / 2)) : s === 0 ? total : 0));
  /** @type {{ side: number, suit: string }[]} */
  const mariannas = [...(before.mariannas ?? [])];
  const suits = game.options.deck === "french" ? FRENCH_SUITS : ITALIAN_SUITS;
  const deck = cinquecentoDeck(game.options.deck);
  /** card code → the side that captured it; a card not listed went to the last side
   *  @type {Map<string, number>} */
  const owner = new Map();
  (before.captured ?? []).forEach((/** @type {string[]} */ cards, /** @type {number} */ s) => {
    if (s === last) return;
    for (const c of cards) owner.set(deck.find((d) => d.code.toLowerCase() === String(c).toLowerCase())?.code
      ?? c, s);
  });
  let tapping = 0; // the side whose cards are being tapped
  const status = h("p", { class: "muted", "aria-live": "polite" });
  const preview = handPreview(table);
  const record = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", class: "primary" },
    editing ? _("Save the correction") : _("Record the hand")));
  // At three players one 2 is out of the deck; which one is the table's business and a 2 scores
  // nothing, so the rest leaves out a 2 that no side was given.
  const threeHanded = game.sides.reduce((n, side) => n + side.players.length, 0) === 3;
  const captured = () => {
    const cards = game.sides.map((_x, s) => deck.filter((c) => (owner.get(c.code) ?? last) === s)
      .map((c) => c.code));
    const out = threeHanded ? cards[last].findIndex((code) => code.startsWith("2")) : -1;
    if (out >= 0) cards[last].splice(out, 1);
    return cards;
  };
  const hand = () => (byCards ? { captured: captured(), mariannas: [...mariannas] }
    : { points: [...points], mariannas: [...mariannas] });
  const otherPoints = () => _n("{side}: {n} card point", "{side}: {n} card points", points[1],
    { side: game.sides[1].name });
  const check = () => {
    const sum = points.reduce((a, b) => a + b, 0);
    const missing = byCards ? "" : sum === total ? "" : _("The card points add up to {sum}, not {total}.",
      { sum, total });
    status.textContent = missing;
    record.disabled = Boolean(missing);
    if (byCards) {
      counts.textContent = game.sides.map((side, s) => _n("{side}: {n} card", "{side}: {n} cards",
        captured()[s].length,
        { side: side.name })).join(" · ");
    }
    for (const chip of /** @type {NodeListOf<HTMLButtonElement>} */ (box.querySelectorAll("[data-suit]"))) {
      const at = mariannas.findIndex((m) => m.suit === chip.dataset.suit);
      const mine = at >= 0 && mariannas[at].side === Number(chip.dataset.side);
      chip.setAttribute("aria-pressed", String(mine));
      chip.disabled = at >= 0 && !mine;
      const order = chip.querySelector("small");
      if (order) order.textContent = mine ? ordinal(at + 1) : "";
    }
    preview.ask(missing ? null : hand());
    if (drawn && !editing) table.keepDraft(hand());
  };
  let drawn = false;
  const pointRows = game.sides.map((side, s) => (sides === 2 && s === 1
    ? h("p", { class: "muted other", id: "other-points", text: otherPoints() })
    : h("div", { "data-field": `points.${s}` }, h("label", { for: `pts${s}` }, _("{side} card points",
      { side: side.name })),
      h("input", { id: `pts${s}`, type: "number", inputmode: "numeric", min: "0", max: String(total),
        value: String(points[s]), class: "big-number",
        oninput: (/** @type {Event & { target: HTMLInputElement }} */ e) => {
          points[s] = Number(e.target.value || 0);
          if (sides === 2) {
            points[1] = total - points[0];
            const other = document.getElementById("other-points");
            if (other) other.textContent = otherPoints();
          }
          check();
        } }))));
  const counts = h("p", { class: "muted", "aria-live": "polite" });
  const sidePick = sides > 2 ? h("div", { class: "row", role: "group", "aria-label": _("Whose cards") },
    game.sides.slice(0, last).map((side, s) => h("button", {
      type: "button", "aria-pressed": String(s === tapping),
      onclick: (/** @type {Tap} */ e) => { tapping = s; pressOnly(e); picker.redraw(); },
    }, _("{side}'s cards", { side: side.name })))) : null;
  const picker = cardPicker(deck, (/** @type {{ code: string }} */ card) => {
    const s = owner.get(card.code);
    return { pressed: s === tapping, mark: s !== undefined && s !== tapping ? game.sides[s].name : "" };
  }, (/** @type {{ code: string }} */ card) => {
    if (owner.get(card.code) === tapping) owner.delete(card.code); else owner.set(card.code, tapping);
    check();
  }, _("Captured cards"));
  const byPoints = h("div", { class: "stack", hidden: byCards }, pointRows);
  const cardsBox = h("div", { class: "stack", hidden: !byCards, "data-field": "captured" },
    h("p", { class: "hint", text: sides === 2
      ? _("Tap the cards {side} captured; {other} took the rest.", { side: game.sides[0].name, other: game.sides[1].name })
      : _("Pick a side, tap the cards it captured; {other} took the rest.", { other: game.sides[last].name }) }),
    sidePick, picker.node, counts);
  const how = h("div", { class: "row", role: "group", "aria-label": _("Enter the hand by") },
    [["points", _("Card points")], ["cards", _("Captured cards")]].map(([key, text]) => h("button", {
      type: "button", "aria-pressed": String(byCards === (key === "cards")),
      onclick: (/** @type {Tap} */ e) => {
        byCards = key === "cards";
        pressOnly(e);
        byPoints.hidden = byCards;
        cardsBox.hidden = !byCards;
        check();
      } }, text)));
  const chips = h("div", { class: "stack", "data-field": "mariannas" }, game.sides.map((side, s) => h("div",
    { class: "row chips", role: "group", "aria-label": _("Mariannas of {side}", { side: side.name }) },
    h("span", { class: "chip-side", text: side.name }),
    suits.map((suit) => h("button", { type: "button",
      class: `chip${suit === "hearts" || suit === "diamonds" ? " red" : ""}`,
      "data-suit": suit, "data-side": String(s),
      onclick: () => {
        const at = mariannas.findIndex((m) => m.suit === suit);
        if (at >= 0) mariannas.splice(at, 1); else mariannas.push({ side: s, suit });
        check();
      } }, suitWord(suit, game.options.deck !== "french"), h("small"))))));
  const box = h("form", { class: "stack", onsubmit: async (/** @type {Event} */ e) => {
    e.preventDefault();
    preview.ask(null);
    await submit(hand());
  } },
  how, byPoints, cardsBox, h("h3", { text: _("Mariannas") }),
  h("p", { class: "hint", text: _("Tap each Marianna in the order declared; tap again to take it back.") }),
  chips, preview.node, actionBar(status, preview, record));
  check();
  drawn = true;
  return [box];
}
