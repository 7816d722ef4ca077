// @ts-check
// What the hand would score, asked of the server as the entry changes (a new hand only: a
// correction is scored where it stands, which the preview cannot say), and the bar that keeps
// Record and the preview's headline in sight at the bottom of the screen.
import { api, problem } from "../api.js";
import { h, signed } from "../dom.js";
import { _ } from "../i18n.js";
import { deltasInWords, outcomeOf, outcomeWord, suited } from "../sheet.js";

const PREVIEW_DELAY_MS = 250;

/**
 * @typedef {import("./table.js").Table} Table
 * @typedef {{ node: HTMLElement, line: HTMLElement,
 *   ask: (hand: Record<string, unknown> | null, what?: string) => void }} Preview
 */

/** @param {Table} table @returns {Preview} */
export function handPreview(table) {
  const node = h("div", { class: "preview", id: "preview", role: "status", "aria-live": "polite",
    hidden: true });
  // the preview's headline beside Record
  const line = h("span", { class: "headline", "aria-hidden": "true" });
  let asked = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let label = "";
  /** @param {Record<string, unknown> | null} hand @param {string} what */
  function ask(hand, what = "") {
    label = what;
    clearTimeout(timer);
    const question = ++asked;
    if (!hand || table.editing || table.local) {
      node.hidden = true;
      node.replaceChildren();
      line.replaceChildren();
      return;
    }
    timer = setTimeout(async () => {
      if (!node.isConnected) return; // the form was replaced meanwhile
      let result = null;
      try { result = await api("POST", `/games/${table.id}/hands/preview`,
        hand); } catch { /* offline: said below */ }
      if (question === asked) tell(result); // an older reply to an entry since changed is dropped
    }, PREVIEW_DELAY_MS);
  }
  /** @param {Awaited<ReturnType<typeof api>> | null} result */
  function tell(result) {
    node.hidden = false;
    node.className = `preview${result?.ok ? "" : result ? " refused" : " offline"}`;
    if (!result) {
      node.replaceChildren(h("p", {
        text: _("The preview needs a connection. You can still record the hand: this phone keeps it and sends it when the connection returns.") }));
    } else if (!result.ok) {
      node.replaceChildren(h("strong", { text: _("The rules refuse this hand") }), h("p",
        { text: problem(result) }));
    } else node.replaceChildren(...forecast(table, result.json, label).filter(Boolean));
    const headline = node.querySelector(".headline");
    line.className = headline ? headline.className : "headline";
    line.replaceChildren(...(headline ? [...headline.childNodes].map((n) => n.cloneNode(true)) : []));
  }
  return { node, ask, line };
}

/** The preview's reply in words: the headline, each side's points and total, why, and the end.
 *  @param {Table} table @param {any} outcome @param {string} label */
function forecast({ game }, outcome, label) {
  const after = outcome.game;
  const result = outcomeOf(outcome);
  const deltas = deltasInWords(game, outcome.deltas);
  const headline = !label ? _("If recorded: {deltas}", { deltas })
    // i18n: the preview's headline, e.g. "7♥ made: North-South +200, East-West +0"
    : result ? _("{bid} {outcome}: {deltas}", { bid: label, outcome: outcomeWord(result), deltas })
      : _("{bid}: {deltas}", { bid: label, deltas });
  const winner = game.sides[after.winner];
  return [
    h("p", { class: `headline${result ? ` ${result}` : ""}` },
      result ? h("span", { "aria-hidden": "true",
        text: result === "made" ? "✓ " : "✗ " }) : null, suited(headline)),
    h("ul", { class: "deltas", "aria-label": _("Points this hand gives") },
      game.sides.map((side, s) => h("li", {},
      h("span", { text: side.name }), h("b", { class: outcome.deltas[s] < 0 ? "down" : null,
        text: signed(outcome.deltas[s]) }),
      h("small", { text: _("total {total}", { total: outcome.scores[s] }) })))),
    h("ul", { class: "why" }, outcome.explanation.map((/** @type {string} */ line) => h("li",
      { text: line }))),
    after.status === "finished" ? h("p", { class: "ends", text: winner
      ? _("This hand ends the game: {winner} wins.", { winner: winner.name })
      : _("This hand ends the game: nobody wins.") }) : null,
  ];
}

/** Record with what is missing or the preview's headline beside it, kept in sight at the
 *  bottom of the screen while the hand is entered.
 *  @param {HTMLElement} status @param {Preview} preview @param {HTMLElement} record */
export function actionBar(status, preview, record) {
  return h("div", { class: "actions" }, h("div", { class: "said" }, status, preview.line), record);
}
