// @ts-check
// What the hand would score, asked of the server as the entry changes (a new hand only: a
// correction is scored where it stands, which the preview cannot say), and the bar that keeps
// Record and the preview's headline in sight at the bottom of the screen. With no connection, or
// behind hands still waiting to be sent (the server has not seen them), it is worked out on the
// phone from the game's published data (provisional.js) and marked provisional.
import { api, problem } from "../api.js";
import { h, signed } from "../dom.js";
import { _ } from "../i18n.js";
import { approx, deltasInWords, outcomeOf, outcomeWord, suited } from "../sheet.js";

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
      if (!table.waiting) {
        try { result = await api("POST", `/games/${table.id}/hands/preview`,
          hand); } catch { /* offline: worked out here, or said below */ }
      }
      if (question !== asked) return; // an older reply to an entry since changed is dropped
      if (!result && table.provisional) told(table.provisional(hand));
      else tell(result);
    }, PREVIEW_DELAY_MS);
  }
  /** The hand scored on this phone: provisional, not yet confirmed.
   *  @param {import("./provisional.js").Scored} scored */
  function told(scored) {
    node.hidden = false;
    node.className = "preview provisional";
    node.replaceChildren(...provisionally(table, scored, label).filter(Boolean));
    line.className = "headline";
    line.replaceChildren(_("Provisional"));
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

/** A hand scored on this phone, in words: provisional, "≈" where the data could not decide.
 *  @param {Table} table @param {import("./provisional.js").Scored} scored @param {string} label */
function provisionally({ game }, scored, label) {
  const deltas = deltasInWords(game, scored.deltas);
  const winner = scored.winner === null ? null : game.sides[scored.winner];
  return [
    h("p", { class: "headline" }, suited(label
      // i18n: the preview worked out on the phone with no connection, e.g. "7♥ (provisional): …"
      ? _("{bid} (provisional): {deltas}", { bid: label, deltas })
      : _("If recorded (provisional): {deltas}", { deltas }))),
    h("ul", { class: "deltas", "aria-label": _("Points this hand gives") },
      game.sides.map((side, s) => h("li", {},
        h("span", { text: side.name }), h("b", { class: scored.deltas[s] < 0 ? "down" : null,
          text: signed(scored.deltas[s]) }),
        h("small", { text: _("total {total}", { total: scored.exact ? scored.scores[s]
          : approx(scored.scores[s]) }) })))),
    h("p", { class: "unconfirmed", text: scored.exact
      ? _("Worked out on this phone from the game's rules; the server confirms it once the hand is sent.")
      : _("About: the server works this hand out exactly once it is sent.") }),
    winner ? h("p", { class: "ends", text: _("This hand ends the game: {winner} wins.",
      { winner: winner.name }) }) : null,
  ];
}

/** Record with what is missing or the preview's headline beside it, kept in sight at the
 *  bottom of the screen while the hand is entered.
 *  @param {HTMLElement} status @param {Preview} preview @param {HTMLElement} record */
export function actionBar(status, preview, record) {
  return h("div", { class: "actions" }, h("div", { class: "said" }, status, preview.line), record);
}
