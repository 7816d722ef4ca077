// @ts-check
// What the page shows of the outbox: the bar's count of waiting writes, and on a game's score
// sheet its waiting hands, the note on what the totals leave out, and a refused write with both
// sides and the one tap that settles it. The page holds no scoring rule: waiting hands are shown
// as typed, and the totals say they exclude them.
import { h, signed, toast } from "../dom.js";
import { _, _n, number } from "../i18n.js";
import { approx } from "../sheet.js";
import { isLocal } from "./outbox.js";

/**
 * @typedef {import("./outbox.js").Outbox} Outbox
 * @typedef {import("./outbox.js").Entry} Entry
 * @typedef {{ id: string | number, sides: { name: string, players: string[] }[] }} GameSides
 * @typedef {(hand: any) => string} Summary a hand (recorded or as typed) in a few words
 */

/** The bar's line: offline, and how many writes wait.
 *  @param {Outbox} outbox @param {HTMLElement | null} bar */
export function showNet(outbox, bar) {
  if (!bar) return;
  const entries = outbox.entries();
  const games = entries.filter((e) => e.kind === "game").length;
  const hands = entries.length - games;
  // Said apart: Babel's extractor does not see a call nested in another's arguments.
  const handsSaid = _n("{n} hand", "{n} hands", hands);
  const gamesSaid = _n("{n} new game", "{n} new games", games);
  const waiting = hands && games ? _("{hands} and {games} waiting to be sent", { hands: handsSaid,
    games: gamesSaid })
    : hands ? _n("{n} hand waiting to be sent", "{n} hands waiting to be sent", hands)
      : games ? _n("{n} new game waiting to be sent", "{n} new games waiting to be sent", games) : "";
  const parts = [navigator.onLine ? "" : _("Offline"), waiting];
  bar.textContent = parts.filter(Boolean).join(" · ");
}

/** A hand as typed, in words: the sheet's own summary, and the tricks or points entered.
 *  @param {GameSides} game @param {any} body @param {Summary} summary */
function inWords(game, body, summary) {
  const per = (/** @type {number[]} */ values) => game.sides
    .map((side, s) => `${side.name} ${number(values[s])}`).join(", ");
  const entered = body.tricks ? _("{list} tricks", { list: per(body.tricks) })
    : body.points ? _("{list} card points", { list: per(body.points) })
      : body.players?.every((/** @type {object} */ p) => "meld_points" in p)
        ? game.sides.map((side, s) => _("{player} melded {melded}, held {held}",
          { player: side.name, melded: body.players[s].meld_points,
            held: body.players[s].hand_points })).join("; ")
        : "";
  return [summary(body), entered].filter(Boolean).join(" — ");
}

/** The sheet's rows for a game's waiting hands, in the order they will be sent, under the
 *  recorded ones; each as typed, in words, and with its provisional points and totals when the
 *  game's published data scored them (`provisional`, one per waiting hand; "≈" where not exact).
 *  @param {Outbox} outbox @param {GameSides} game @param {Summary} summary @param {number} columns
 *  @param {import("../game/provisional.js").Scored[] | null} [provisional] */
export function renderWaiting(outbox, game, summary, columns, provisional = null) {
  const waiting = outbox.waitingHands(game.id);
  return waiting.map((entry, i) => {
    const said = [h("strong", { text: entry.conflict ? _("Hand not recorded ({i} of {n})", { i: i + 1,
      n: waiting.length })
      : _("Hand waiting to be sent ({i} of {n})", { i: i + 1, n: waiting.length }) }),
    `: ${inWords(game, entry.body, summary)}`];
    const scored = entry.conflict ? null : provisional?.[i];
    if (!scored) return h("tr", { class: entry.conflict ? "pending refused" : "pending" },
      h("td", { colspan: String(columns) }, ...said));
    return h("tr", { class: "pending provisional" }, h("td", {}, ...said),
      ...scored.scores.map((total, s) => h("td", {},
        h("b", { class: "run", text: scored.exact ? number(total) : approx(total) }),
        h("span", { class: `delta${scored.deltas[s] < 0 ? " neg" : ""}`, text: signed(scored.deltas[s]) }))));
  });
}

/** Under the totals: what they leave out (or, `exact` not null, that they include the waiting
 *  hands provisionally), and whether they are the last state this phone saw.
 *  @param {Outbox} outbox @param {GameSides} game @param {boolean} stored
 *  @param {boolean | null} [exact] */
export function renderWaitingNote(outbox, game, stored, exact = null) {
  const count = outbox.waitingHands(game.id).length;
  const notes = [];
  if (isLocal(game.id)) {
    notes.push(
      _("Started on this phone with no connection: the game is created on the server when the connection returns."));
  } else if (stored) notes.push(_("No connection: this is the game as this phone last saw it."));
  if (count && exact !== null) {
    notes.push(_n("Provisional: the totals and who deals next include the hand waiting to be sent, not yet confirmed by the server.",
      "Provisional: the totals and who deals next include the {n} hands waiting to be sent, not yet confirmed by the server.",
      count));
    if (!exact) notes.push(_("Figures marked ≈ are about: the server works them out exactly."));
  } else if (count) {
    notes.push(_n("The totals exclude the hand waiting to be sent, and so does who deals next.",
      "The totals exclude the {n} hands waiting to be sent, and so does who deals next.", count));
  }
  return notes.length ? h("p", { class: "banner warn waiting-note", role: "status" }, notes.join(" ")) : null;
}

/** A game's refused waiting write, with both sides (what the server has now, what waits here)
 *  and the one tap that settles it; null when nothing is refused. `hands` are the server's.
 *  @param {Outbox} outbox @param {GameSides} game @param {{ number: number }[]} hands
 *  @param {Summary} summary @param {() => Promise<void>} refresh */
export function renderConflict(outbox, game, hands, summary, refresh) {
  const entries = outbox.ofGame(game.id);
  const refused = entries.find((e) => e.conflict);
  if (!refused?.conflict) return null;
  const waiting = entries.filter((e) => e.kind === "hand");
  const settle = async (/** @type {"send" | "discard"} */ how) => {
    if (await outbox.resolve(game.id, how)) await refresh();
    else toast(_("No connection: the hand waits on this phone. Try again when you are back online."));
  };
  const stale = refused.conflict.status === 412;
  const seen = refused.seenHands;
  const theirs = stale ? hands.filter((hand) => seen == null || hand.number > seen) : [];
  const said = stale
    ? _n("Another phone changed this game before the hand waiting on this phone was sent.",
      "Another phone changed this game before the {n} hands waiting on this phone were sent.", waiting.length)
    : _("The server refused a waiting write: {message}", { message: refused.conflict.message });
  const discard = refused.kind === "game" ? _("Discard this game") : waiting.length === 1 ? _("Discard it")
    : _n("Discard the waiting hand", "Discard the {n} waiting hands", waiting.length);
  return h("section", { class: "banner warn conflict", role: "alert", "aria-label": _("Not recorded") },
    h("p", { text: said }),
    stale ? h("div", { class: "sides" },
      h("div", {}, h("strong", { text: _("On the server now") }), theirs.length
        ? h("ul", {}, theirs.map((hand) => h("li", { text: `${number(hand.number)}. ${summary(hand)}` })))
        : h("p", { text: _("A hand was corrected or undone.") })),
      h("div", {}, h("strong", { text: _("Waiting on this phone") }),
        h("ol", {}, waiting.map((e) => h("li", { text: inWords(game, e.body, summary) }))))) : null,
    h("div", { class: "row" },
      stale ? h("button", { type: "button", class: "primary", onclick: () => settle("send") },
        _("Send anyway")) : null,
      h("button", { type: "button", class: "danger", onclick: () => settle("discard") }, discard)));
}
