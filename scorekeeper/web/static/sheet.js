// @ts-check
// What a game's score sheet shows of the game: the scoreboard (totals, progress toward the target,
// the leader), each hand's outcome (made or failed, as the API says), the running
// totals as a chart, suits in their colours and the game-over banner. No rule of the game here:
// every number comes from the API.
import { h, signed } from "./dom.js";
import { _, _n, _p, number } from "./i18n.js";

const RED_SUITS = new Set(["♥", "♦"]);
const SUIT = /([♠♣♥♦])/;
const LINE_COLOURS = ["#0b4f8a", "#b3261e", "#0f6b3a", "#7a4b00", "#5b2a86", "#1b1f24", "#00707a", "#8a3b00"];
const LINE_DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "3 6"];
/** Side `s`'s line in the chart and its legend: its colour and dashes. */
const pen = (s) => ({ stroke: LINE_COLOURS[s % LINE_COLOURS.length],
  "stroke-dasharray": LINE_DASHES[s % LINE_DASHES.length] });

/** A text with its suit symbols drawn in their colours: ♥♦ red, ♠♣ dark. */
export function suited(text) {
  return String(text).split(SUIT).filter(Boolean).map((part) => (SUIT.test(part)
    ? h("span", { class: RED_SUITS.has(part) ? "suit red" : "suit black", text: part })
    : part));
}

/** A number as a node, red when it is below zero. */
export const score = (n, extra = "") => h("b", { class: `${n < 0 ? "neg" : ""} ${extra}`.trim() || null,
  text: number(n) });

/** "made", "failed" or null: a hand's contract as the API says it ended (none: no contract). */
export function outcomeOf(hand) {
  if (hand.contract?.made == null) return null;
  return hand.contract.made ? "made" : "failed";
}

/** The mark of a hand's outcome: an icon and a word, never colour alone. */
export function outcomeMark(outcome) {
  if (!outcome) return null;
  return h("span", { class: `mark ${outcome}` }, h("span", { "aria-hidden": "true",
    text: outcome === "made" ? "✓ " : "✗ " }), outcomeWord(outcome));
}

/** "made" or "failed" in the page's language. */
export function outcomeWord(outcome) {
  // i18n: a contract hand's outcome: the bidder took the tricks bid
  if (outcome === "made") return _p("contract", "made");
  // i18n: a contract hand's outcome: the bidder fell short of the tricks bid
  return _p("contract", "failed");
}

/** The sides in the lead (more than one when level), or none before anyone scored. */
function leaders(scores) {
  const top = Math.max(...scores);
  return scores.every((s) => s === top) ? [] : scores.map((s, i) => (s === top ? i
    : -1)).filter((i) => i >= 0);
}

/** A bar filled to `share` (0–1); its width is set through the CSSOM (the CSP forbids style attributes). */
function progressBar(share) {
  const fill = h("span");
  fill.style.width = `${Math.round(share * 100)}%`;
  return h("span", { class: "progress", "aria-hidden": "true" }, fill);
}

/** The totals with names, each side's progress toward the target and the leader marked; `mark`:
 *  "provisional" (worked out on this phone, not yet confirmed) or "about" (and not exactly). */
export function scoreboard(game, mark = "") {
  const target = Number(game.options?.target) || null;
  const ahead = leaders(game.scores);
  const kind = `scoreboard${game.sides.length > 2 ? " many" : ""}${mark ? " provisional" : ""}`;
  return h("section", { class: kind,
    "aria-label": mark ? _("Provisional scores, not yet confirmed") : _("Scores") },
    mark ? h("p", { class: "unconfirmed", text: mark === "about"
      ? _("Provisional, about: not yet confirmed") : _("Provisional: not yet confirmed") }) : null,
    h("div", { class: "totals" }, game.sides.map((side, s) => {
      const lead = ahead.includes(s);
      const share = target ? Math.max(0, Math.min(1, game.scores[s] / target)) : 0;
      return h("div", { class: `total${lead ? " leader" : ""}` },
        h("span", { class: "name" }, lead ? h("span", { class: "lead", text: "★ " ,
          "aria-hidden": "true" }) : null, side.name,
          lead ? h("span", { class: "sr", text: " " + _("(leading)") }) : null),
        mark === "about" ? h("b", { class: "about", text: approx(game.scores[s]) }) : score(game.scores[s]),
        target ? progressBar(share) : null,
        target ? h("small", { class: "muted", text: game.scores[s] >= target ? _("reached {target}",
          { target })
          // i18n: the points a side still needs, e.g. "380 to 500"
          : _("{left} to {target}", { left: target - game.scores[s], target }) }) : null);
    })));
}

/** The running totals after each hand as an inline SVG line chart, with its text alternative. */
export function chart(game, hands) {
  if (!hands.length) return null;
  const sides = game.sides;
  const series = sides.map((_x, s) => [0, ...hands.map((hand) => hand.scores[s])]);
  const target = Number(game.options?.target) || 0;
  const all = series.flat();
  const top = Math.max(target, ...all);
  const bottom = Math.min(0, ...all);
  const [width, height, left, pad] = [320, 150, 34, 8];
  const x = (i) => left + (i * (width - left - pad)) / Math.max(1, hands.length);
  const y = (v) => pad + ((top - v) * (height - 2 * pad)) / Math.max(1, top - bottom);
  const totals = sides.map((side, s) => `${side.name} ${number(game.scores[s])}`).join(", ");
  const words = target ?
    _n("Running totals after {n} hand: {totals}; target {target}.", "Running totals after {n} hands: {totals}; target {target}.", hands.length, { totals, target })
    : _n("Running totals after {n} hand: {totals}.", "Running totals after {n} hands: {totals}.",
      hands.length, { totals });
  const ns = "http://www.w3.org/2000/svg";
  const el = (tag, attrs = {}, ...kids) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined
      && v !== "") node.setAttribute(k, String(v));
    node.append(...kids);
    return node;
  };
  const grid = [];
  if (target) grid.push(el("line", { x1: left, x2: width - pad, y1: y(target), y2: y(target),
    class: "target" }), el("text", { x: 2, y: y(target) + 4 }, number(target)));
  grid.push(el("line", { x1: left, x2: width - pad, y1: y(0), y2: y(0), class: "zero" }), el("text", { x: 2,
    y: y(0) + 4 }, number(0)));
  if (bottom < 0) grid.push(el("text", { x: 2, y: y(bottom) + 4, class: "neg" }, number(bottom)));
  const lines = series.map((points, s) => el("polyline",
    { points: points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
    ...pen(s), class: "series" }));
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": words, class: "chart",
    preserveAspectRatio: "none" },
    el("title", {}, words), ...grid, ...lines);
  return h("figure", { class: "card chart-card" }, svg,
    h("figcaption", { class: "legend" }, sides.map((side, s) => h("span", {},
      el("svg", { width: 28, height: 10, "aria-hidden": "true" }, el("line", { x1: 0, x2: 28, y1: 5, y2: 5,
        "stroke-width": 3, ...pen(s) })), ` ${side.name} `, score(game.scores[s])))),
    h("p", { class: "sr", text: words }));
}

/** A figure the page could not work out exactly: "about 230". @param {number} n */
// i18n: a provisional figure worked out on this phone, not exactly
export const approx = (n) => _("≈ {n}", { n: number(n) });

/** A hand's deltas in words for the preview's headline: "North-South +30, East-West +200". */
export const deltasInWords = (game, deltas) => game.sides
  .map((side, s) => `${side.name} ${signed(deltas[s])}`).join(", ");
