// @ts-check
// Entering a contract hand: the bids of a game as a grid (levels down, suits across) with the
// special bids beside it, the fractional bids' kitty row, and the tricks of each side.
import { api } from "./api.js";
import { h } from "./dom.js";
import { suited } from "./sheet.js";
import { store } from "./store.js";
import { _, _n, _p, number } from "./i18n.js";

export const SUIT_SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥", NT: "NT" };

// -- the bids of a game ----------------------------------------------------------------------------
// The grid shows the bids GET /games/{id}/bids lists, at the points that game scores: a bid its
// house rules switch off is not in the list, so it is not shown.

export const LEVEL_BID = /^(\d+)(?:\.(\d))?(S|C|D|H|NT)$/; // 7H, or 6.3H under fractional bidding
export const DENOMINATIONS = ["S", "C", "D", "H", "NT"];

/** The kitty cards a fractional bid gives away (3 for 6.3H), or null for any other bid. */
export function kittyGiven(code) {
  const level = LEVEL_BID.exec(code ?? "");
  return level && level[2] !== undefined ? Number(level[2]) : null;
}

/** The distinct numbers a part of the bids' codes holds, in order: their levels (6–10), or the
 *  kitty cards their fractional forms give away (.0–.5). */
function partsOf(bids, part) {
  const found = bids.map((b) => LEVEL_BID.exec(b.code)?.[part]).filter((x) => x !== undefined).map(Number);
  return [...new Set(found)].sort((a, b) => a - b);
}
export const levelsOf = (bids) => partsOf(bids, 1);
export const kittyCardsOf = (bids) => partsOf(bids, 2);

/** How a screen reader says a bid: "7 hearts, 200 points", "6.3 hearts, 220 points". */
function spokenBid(bid) {
  const level = LEVEL_BID.exec(bid.code);
  const words = level ? spokenLevel(`${level[1]}${level[2] === undefined ? "" : `.${level[2]}`}`,
    level[3]) : bid.name;
  return bid.points == null ? words : _n("{bid}, {n} point", "{bid}, {n} points", bid.points, { bid: words });
}

/** "7 hearts": a level and its suit, as a screen reader says it. */
function spokenLevel(level, suit) {
  const words = {
    // i18n: a bid as a screen reader says it: {level} is its number of tricks, e.g. "7 spades", "6.3 spades"
    S: _("{level} spades", { level }), C: _("{level} clubs", { level }), D: _("{level} diamonds", { level }),
    H: _("{level} hearts", { level }), NT: _("{level} no trumps", { level }),
  };
  return words[suit];
}

export function bidButton(bid, label, chosen, pick) {
  return h("button", { type: "button", "data-code": bid.code, "aria-pressed": String(chosen === bid.code),
    "aria-label": spokenBid(bid),
    onclick: () => pick(bid.code) }, h("span", {}, suited(label)), h("small", { text: bid.points == null ? ""
      : LEVEL_BID.test(bid.code) ? number(bid.points) : _n("{n} point", "{n} points", bid.points) }));
}

/** The bids' levels down, suits across; `given` picks the fractional bids' .K (null: plain bids). */
export function bidGrid(bids, given, chosen, pick) {
  const byCode = new Map(bids.map((b) => [b.code, b]));
  // i18n: the no-trumps column of the bid grid, as short as a suit's symbol (NT)
  const noTrumps = _p("bid grid", "NT");
  const cells = [h("span", { class: "level" }), ...DENOMINATIONS.map((d) => h("span", { class: "lvl",
    "aria-hidden": "true" },
    d === "NT" ? noTrumps : suited(SUIT_SYMBOL[d])))];
  for (const level of levelsOf(bids)) {
    cells.push(h("span", { class: "lvl level", "aria-hidden": "true", text: number(level) }));
    for (const d of DENOMINATIONS) {
      const bid = byCode.get(given === null ? `${level}${d}` : `${level}.${given}${d}`);
      cells.push(bid ? bidButton(bid, bid.name, chosen, pick) : h("span"));
    }
  }
  return cells;
}

/** Fractional bidding: the row that picks how many kitty cards the bid gives away. */
export function kittyRow(kittyCards, given, choose) {
  const buttons = kittyCards.map((k) => h("button", { type: "button", "aria-pressed": String(k === given),
    "aria-label": _n(".{k}: {n} kitty card given away", ".{k}: {n} kitty cards given away", k,
      { k: String(k) }),
    onclick: (e) => { for (const b of buttons) b.setAttribute("aria-pressed",
      String(b === e.currentTarget)); choose(k); } }, `.${k}`));
  return h("div", { class: "given" }, h("span", { class: "hint", id: "given-label",
    text: _("Kitty cards given away (the .K of N.K)") }),
    h("div", { class: "row steps", role: "group", "aria-labelledby": "given-label" }, buttons));
}

function keepBids(gameId, bids) {
  const kept = store.get("bids", {});
  kept[gameId] = bids;
  const remembered = new Set(store.get("games", []).map((g) => String(g.id)));
  store.set("bids", Object.fromEntries(Object.entries(kept).filter(([key]) => remembered.has(key))));
}

/** The game's bids from the server (`asked`: that request, already under way), else as last
 *  fetched on this phone, else guessed. */
export async function gameBids(game, variant, asked = null) {
  try {
    const got = (await asked) ?? await api("GET", `/games/${game.id}/bids`);
    if (got.ok) { keepBids(game.id, got.json); return { bids: got.json, exact: true }; }
  } catch { /* offline: what this phone kept */ }
  const kept = store.get("bids", {})[game.id];
  return kept ? { bids: kept, exact: true } : { bids: guessedBids(game, variant), exact: false };
}

/** Never fetched: the variant's bids the game's options switch on, with no points (only the
 *  server knows what this game scores); the server checks the hand when it is sent. */
export function guessedBids(game, variant) {
  const on = (b) => !b.option || Boolean(game.options[b.option]);
  const fractional = Boolean(game.options.fractional_bidding);
  const listed = (variant.bids ?? []).filter((b) => on(b) && !(fractional && LEVEL_BID.test(b.code)));
  // "6.3" → its values
  const table = game.options.fractional_values ?? variant.options.fractional_values?.default ?? {};
  const levels = fractional ? Object.keys(table).flatMap((nk) => DENOMINATIONS.map((d) => `${nk}${d}`)) : [];
  return [...listed.map((b) => ({ ...b, points: null })),
    ...levels.map((code) => ({ code, name: code.replace(/(S|C|D|H)$/, (s) => SUIT_SYMBOL[s]), points: null,
      kind: "trumps", tricks: Number(code.split(".")[0]), plays: "side" }))];
}

// -- tricks ---------------------------------------------------------------------------------------

const tricksInWords = (n) => _n("{n} trick", "{n} tricks", n);

/** The tricks several sides took between them (`rest`), one row 0…rest each. A side left
 *  unpicked is worked out when it can be (nothing left, or it is the last one open), so the
 *  fewest taps settle the split; a tap that takes more than is left drops the others' picks
 *  (the latest tap wins), as does a new `rest` they exceed. `picks` (side → tricks) is the
 *  caller's, kept across redrawings.
 *  @param {string[]} names each side's name @param {Map<number, number>} picks
 *  @param {() => void} onChange */
export function trickSplit(names, picks, onChange) {
  const node = h("div", { class: "stack split" });
  /** @type {number[]} */
  let sides = [];
  let rest = 0;
  let drawn = "";
  /** Each listed side's tricks, null for one not settled yet. */
  const settled = () => {
    const open = sides.filter((s) => !picks.has(s));
    const left = rest - sides.reduce((n, s) => n + (picks.get(s) ?? 0), 0);
    const implied = left === 0 || open.length === 1 ? left : null;
    return new Map(sides.map((s) => [s, picks.get(s) ?? implied]));
  };
  const mark = () => {
    const won = settled();
    for (const row of node.querySelectorAll("[data-side]")) {
      const side = Number(/** @type {HTMLElement} */ (row).dataset.side);
      for (const b of row.querySelectorAll("button")) {
        const n = Number(/** @type {HTMLElement} */ (b).dataset.tricks);
        b.setAttribute("aria-pressed", String(won.get(side) === n));
        b.classList.toggle("implied", won.get(side) === n && !picks.has(side));
      }
    }
  };
  const pick = (/** @type {number} */ side, /** @type {number} */ n) => {
    picks.set(side, n);
    if (sides.reduce((t, s) => t + (picks.get(s) ?? 0), 0) > rest) {
      for (const s of sides) if (s !== side) picks.delete(s);
    }
    mark();
    onChange();
  };
  /** Show the rows of these sides sharing `tricks`; picks that no longer fit are dropped. */
  const show = (/** @type {number[]} */ listed, /** @type {number} */ tricks) => {
    sides = listed;
    rest = tricks;
    for (const s of [...picks.keys()]) if (!sides.includes(s)) picks.delete(s);
    if (sides.reduce((t, s) => t + (picks.get(s) ?? 0), 0) > rest) picks.clear();
    const key = `${sides}/${rest}`;
    if (key !== drawn) {
      drawn = key;
      node.replaceChildren(...sides.map((side) => {
        const label = _("{side} tricks", { side: names[side] });
        return h("div", {}, h("span", { class: "hint", text: label }), h("div", { class: "trick-row",
          role: "group", "aria-label": label, "data-side": String(side) },
        Array.from({ length: rest + 1 }, (_x, n) => h("button", { type: "button", "data-tricks": String(n),
          "aria-label": tricksInWords(n), onclick: () => pick(side, n) }, number(n)))));
      }));
    }
    mark();
  };
  /** The first side whose tricks are still to be picked, or null. */
  const open = () => [...settled()].find(([, n]) => n === null)?.[0] ?? null;
  return { node, show, settled, open };
}

/** Where the row of tricks starts for a bid: the tricks it must take, as the API says (7 for
 *  7H, 6.3H and 7J5); 0 for the others (misère and its kin, hi/lo), counted from none. */
export const levelOf = (bid) => bid?.tricks ?? 0;

/** The tricks one side took, as one row of buttons 0…total; `start` scrolls the row so that the
 *  bid's level comes first. `pick(n)` is told each choice. */
export function trickRow(total, chosen, pick, label) {
  const buttons = Array.from({ length: total + 1 }, (_x, n) => h("button", { type: "button",
    "data-tricks": String(n),
    "aria-pressed": String(chosen === n), "aria-label": tricksInWords(n),
    onclick: () => { for (const b of buttons) b.setAttribute("aria-pressed",
      String(b === buttons[n])); pick(n); } }, number(n)));
  const row = h("div", { class: "trick-row", role: "group", "aria-label": label }, buttons);
  const start = (level) => {
    const first = buttons[Math.max(0, Math.min(total, level))];
    // Only the row scrolls, never the page.
    requestAnimationFrame(() => { row.scrollLeft = first.offsetLeft - buttons[0].offsetLeft; });
  };
  const relabel = (text) => row.setAttribute("aria-label", text);
  return { node: row, start, relabel };
}
