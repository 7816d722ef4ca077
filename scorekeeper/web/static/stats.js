// @ts-check
// A game's statistics (#/g/{id}/stats): per side and per player, hands won and whatever the
// variant counts (contracts on the level-and-suit table, misères and the other bids, slams;
// Mariannas and card points; melds and penalties), the running totals' chart, and a Print
// button. No rule here: every figure comes from GET /games/{id}/stats, which leaves out the
// counts that mean nothing in the game's variant, so the page shows the ones it finds.
import { Offline, api, problem } from "./api.js";
import { h, show, stillAt } from "./dom.js";
import { _, _p, against, number } from "./i18n.js";
import { chart, outcomeWord, scoreboard, suited } from "./sheet.js";

const SUIT_SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥", NT: "NT" };
const LEVELS = [6, 7, 8, 9, 10]; // the Avondale table's rows; a fractional bid sits at its level

/** The counts a side or player may have, in the order shown, each with its label.
 *  @type {[string, () => string][]} */
const FIGURES = [
  ["hands_won", () => _("Hands won")],
  ["went_out", () => _("Went out")],
  ["meld_points", () => _("Points melded")],
  ["penalty_points", () => _("Points left in hand")],
  ["card_points", () => _("Card points")],
  ["mariannas", () => _("Mariannas")],
  ["marianna_points", () => _("Marianna points")],
];

/** One cell of the table: "✓2 ✗1", said in words to a screen reader; a dot when nothing. */
function cell(made, failed) {
  if (!made && !failed) return h("td", { class: "none" }, h("span", { "aria-hidden": "true", text: "·" }));
  return h("td", {},
    made ? h("span", { class: "made", "aria-hidden": "true", text: `✓${number(made)}` }) : null,
    made && failed ? " " : null,
    failed ? h("span", { class: "failed", "aria-hidden": "true", text: `✗${number(failed)}` }) : null,
    h("span", { class: "sr", text: `${outcomeWord("made")} ${number(made)}, ${outcomeWord("failed")} ${
      number(failed)}` }));
}

/** Contracts by level (rows) and suit (columns): the bids on the level-and-suit table; every
 *  level for a side, only those bid for a player (the side's table shows the whole grid). */
function bidTable(record, every) {
  const counts = new Map();
  for (const bid of record.by_bid) {
    if (bid.level == null || bid.suit == null) continue;
    const key = `${bid.level} ${bid.suit}`;
    const [made, failed] = counts.get(key) ?? [0, 0];
    counts.set(key, [made + bid.made, failed + bid.failed]);
  }
  if (!counts.size) return null;
  return h("table", { class: "stats-bids" },
    h("caption", { text: _("Contracts by level and suit (✓ made, ✗ failed)") }),
    h("thead", {}, h("tr", {}, h("td"), Object.keys(SUIT_SYMBOL).map((suit) => h("th", { scope: "col" },
      // i18n: the no-trumps column of the bid grid, as short as a suit's symbol (NT)
      suit === "NT" ? _p("bid grid", "NT") : suited(SUIT_SYMBOL[suit]))))),
    h("tbody", {}, LEVELS.filter((level) => every || Object.keys(SUIT_SYMBOL)
      .some((suit) => counts.has(`${level} ${suit}`))).map((level) => h("tr", {}, h("th", { scope: "row",
      text: number(level) }),
      Object.keys(SUIT_SYMBOL).map((suit) => cell(...(counts.get(`${level} ${suit}`) ?? [0, 0])))))));
}

/** The bids off the table (misères, open and blind, hilo, J5…), each by its name. */
function otherBids(record) {
  const others = record.by_bid.filter((bid) => bid.level == null || bid.suit == null);
  if (!others.length) return null;
  return h("table", { class: "stats-others" },
    h("caption", { text: _("Other bids") }),
    h("thead", {}, h("tr", {}, h("td"), h("th", { scope: "col", text: outcomeWord("made") }),
      h("th", { scope: "col", text: outcomeWord("failed") }))),
    h("tbody", {}, others.map((bid) => h("tr", {}, h("th", { scope: "row" }, suited(bid.name)),
      h("td", { text: number(bid.made) }), h("td", { text: number(bid.failed) })))));
}

/** A side's or player's counts as a list of labels and figures. */
function figures(entry) {
  const rows = FIGURES.filter(([key]) => entry[key] !== undefined)
    .map(([key, label]) => [label(), entry[key]]);
  if (entry.bids) {
    rows.push([_("Auctions won"), entry.bids.won], [`✓ ${outcomeWord("made")}`, entry.bids.made],
      [`✗ ${outcomeWord("failed")}`, entry.bids.failed], [_("Slams"), entry.bids.slams]);
  }
  return h("dl", { class: "stats-figures" }, rows.flatMap(([label, value]) => [h("dt", { text: label }),
    h("dd", { text: number(value) })]));
}

/** The tables of a side's (`every` level) or player's bids, for a contract game. */
const bidsOf = (entry, every) => (entry.bids ? [bidTable(entry.bids, every), otherBids(entry.bids)] : []);

/** A side: its score, its counts and bids, then each of its players' when it has more than one
 *  and the API counts something per player (Cinquecento's partners share all their counts). */
function sideCard(side) {
  const counted = (player) => Object.keys(player).some((key) => key !== "name" && key !== "seat");
  const players = side.players.length > 1 ? side.players.filter(counted) : [];
  return h("section", { class: "card stats-side", "aria-label": side.name },
    h("h2", {}, h("span", { text: side.name }), " ", h("b", { text: number(side.score) })),
    figures(side), ...bidsOf(side, true),
    players.map((player) => h("section", { class: "stats-player", "aria-label": player.name },
      h("h3", { text: player.name }), figures(player), ...bidsOf(player, false))));
}

/** The statistics page of game `id`. @param {number} id */
export async function statsPage(id) {
  const here = stillAt();
  const back = h("a", { class: "button", href: `#/g/${id}` }, _("Back to the game"));
  let replies;
  try {
    replies = await Promise.all([`/games/${id}`, `/games/${id}/hands`, `/games/${id}/stats`]
      .map((path) => api("GET", path)));
  } catch (error) {
    if (!here()) return;
    show(h("h1", { text: _("Statistics") }), h("p", { class: "banner bad", text: error instanceof Offline
      ? _("Offline: the statistics of this game open once the connection returns.")
      : String(error) }), back);
    return;
  }
  const [g, hs, st] = replies;
  if (!here()) return;
  const refused = replies.find((reply) => !reply.ok);
  if (refused) {
    show(h("h1", { text: _("Statistics") }), h("p", { class: "banner bad", text: problem(refused) }), back);
    return;
  }
  const game = g.json;
  const stats = st.json;
  const variant = await api("GET", `/variants/${game.variant}`).catch(() => null);
  if (!here()) return;
  const sides = against(game.sides.map((side) => side.name));
  const winner = game.winner === null ? undefined : game.sides[game.winner]?.name;
  document.title = _("Statistics: {game} — scorekeeper", { game: sides });
  show(h("section", { class: "stats-page" },
    h("div", { class: "row stats-actions" }, back,
      h("button", { type: "button", class: "primary", onclick: () => window.print() }, _("Print"))),
    h("h1", { text: _("Statistics") }),
    h("p", { class: "game-title", text: variant?.ok ? _("{variant}: {sides}", { variant: variant.json.name,
      sides }) : sides }),
    replies.some((reply) => reply.stored) ? h("p", { class: "banner warn",
      text: _("No connection: this is the game as this phone last saw it.") }) : null,
    game.status === "finished" ? h("p", { class: "banner win", text: winner
      ? _("Game over: {winner} won.", { winner }) : _("Game over: nobody won.") }) : null,
    scoreboard(game),
    chart(game, hs.json ?? []),
    h("div", { class: "stats-sides" }, stats.sides.map(sideCard))));
}
