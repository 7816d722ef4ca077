// @ts-check
// What a correction of a reported game would do to a tournament, as its preview (?preview=true)
// says: the match after it, the games dropped from later rounds, the matches they reopen and the
// standings' moves; then Apply or Cancel. Shown by the desk and by a tournament game's sheet.
import { h } from "./dom.js";
import { _, number } from "./i18n.js";
import { scoreSoFar, tableTitle } from "./match.js";

/** The preview's box. `t`: the tournament as it is now; `preview`: the reply's tournament part;
 *  `headline` and `fixed` say what is being changed; `apply` and `cancel` are the buttons'.
 *  @param {any} t @param {any} preview
 *  @param {{ headline: string, fixed: string, apply: () => void, cancel: () => void }} said */
export function previewBox(t, preview, { headline, fixed, apply, cancel }) {
  const matches = new Map(t.rounds.flatMap((/** @type {any} */ r) => r.matches.map(
    (/** @type {any} */ x) => [x.id, { match: x, round: r.name }])));
  const where = (/** @type {string} */ key) => {
    const found = matches.get(key);
    return found ? _("{table} ({round})", { table: tableTitle(found.match),
      round: found.round }) : _("a later match");
  };
  const before = new Map(t.standings.map((/** @type {any} */ s) => [s.team, s.rank]));
  const moves = (preview.standings ?? []).filter((/** @type {any} */ s) => before.has(s.team)
    && before.get(s.team) !== s.rank)
    .map((/** @type {any} */ s) => _("{team}: from {before} to {after}", { team: s.name,
      before: number(before.get(s.team)), after: number(s.rank) }));
  const dropped = (preview.dropped ?? []).map((/** @type {any} */ d) => _("Game {n} of {match}",
    { n: d.number, match: where(d.match) }));
  const reopened = (preview.reopened ?? []).map(where);
  const nothing = !dropped.length && !reopened.length && !moves.length;
  const after = preview.match ? _("The match after it: {score}", { score: scoreSoFar(preview.match) }) : null;
  return h("div", { class: "preview-box", role: "status" },
    h("p", { class: "headline", text: headline }),
    h("p", { text: fixed }),
    after ? h("p", { text: after }) : null,
    nothing ? h("p", { class: "muted", text: _("Nothing else changes.") }) : null,
    dropped.length ? [h("p", { class: "label", text: _("Games dropped") }), h("ul", {},
      dropped.map((/** @type {string} */ x) => h("li", { text: x })))] : null,
    reopened.length ? [h("p", { class: "label", text: _("Matches reopened") }), h("ul", {},
      reopened.map((/** @type {string} */ x) => h("li", { text: x })))] : null,
    moves.length ? [h("p", { class: "label", text: _("Standings move") }), h("ul", {},
      moves.map((/** @type {string} */ x) => h("li", { text: x })))] : null,
    h("div", { class: "row" },
      h("button", { class: "primary", type: "button", onclick: apply }, _("Apply")),
      h("button", { type: "button", onclick: cancel }, _("Cancel"))));
}
