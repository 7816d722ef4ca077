// @ts-check
// A club player's page (#/p/{id}): games, wins and streaks, then what only the hands tell (the
// contracts bid and made by level and suit as bidder and as partner, defence, misères, slams,
// back-door exits, Mariannas, melds), partners and opponents, the recent games and their chart.
// Every figure links to the hands behind it (#/p/{id}/hands?figure=KEY). No figure is worked out
// here: each comes from GET /players/{id}, whose keys scorekeeper/records.py lists.
import { Offline, api, problem } from "./api.js";
import { h, show, stillAt } from "./dom.js";
import { _, _n, _p, date, number } from "./i18n.js";
import { noteClub, playerRead } from "./roster.js";
import { outcomeWord, suited } from "./sheet.js";

const SUIT_SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥", NT: "NT" };
const LEVELS = [6, 7, 8, 9, 10];
const TABLED = /^(6|7|8|9|10)(S|C|D|H|NT)$/; // a bid on the level-and-suit table (6.3H is not)
const OUTCOMES = /\.(made|failed)$/;

/** What a figure says, by its key (the roles' and bids' keys are put together from these).
 *  @type {Record<string, () => string>} */
const LABELS = {
  hands_won: () => _("Hands won"),
  bid: () => _("Contracts bid"),
  partner: () => _("Contracts bid by a partner"),
  slam: () => _("Slams"),
  "partner.slam": () => _("Slams"),
  defended: () => _("Contracts defended"),
  set: () => _("Contracts set"),
  misere: () => _("Misère"),
  open_misere: () => _("Open misère"),
  back_door: () => _("Out the back door"),
  marianna: () => _("Mariannas"),
  "marianna.trump": () => _("Mariannas in trumps"),
  meld: () => _("Melds"),
  layoff: () => _("Cards laid off"),
  went_out: () => _("Went out"),
};

const FAMILIES = /** @type {Record<string, () => string>} */ ({
  contract: () => _("500: contracts"), card_points: () => _("Cinquecento"), rummy: () => _("Rummy 500") });

/** A bid's name from its code, as the variants call it (7♥, Misère). @type {Map<string, string>} */
let bidNames = new Map();
/** @type {Map<string, string>} */
let variantNames = new Map();

async function loadNames() {
  const read = await api("GET", "/variants").catch(() => null);
  if (!read?.ok) return;
  variantNames = new Map(read.json.map((/** @type {any} */ v) => [v.key, v.name]));
  bidNames = new Map(read.json.flatMap((/** @type {any} */ v) => (v.bids ?? [])
    .map((/** @type {any} */ b) => [b.code, b.name])));
}

/** A figure in words: "As bidder, 7♥, made". @param {string} key */
export function figureName(key) {
  if (LABELS[key]) return LABELS[key]();
  const outcome = key.match(OUTCOMES)?.[1];
  const base = key.replace(OUTCOMES, "");
  const parts = [];
  if (LABELS[base]) parts.push(LABELS[base]());
  else if (base.startsWith("marianna.")) parts.push(LABELS.marianna(), suitOf(base.slice(9)));
  else {
    const [role, ...code] = base.split(".");
    parts.push(role === "partner" ? _("As partner") : _("As bidder"));
    if (code.length) parts.push(bidNames.get(code.join(".")) ?? code.join("."));
  }
  if (outcome) parts.push(outcomeWord(outcome));
  return parts.join(", ");
}

/** @param {string} suit */
const suitOf = (suit) => /** @type {Record<string, string>} */ (SUIT_SYMBOL)[suit] ?? suit;
const handsOf = (id, key) => `#/p/${id}/hands?figure=${encodeURIComponent(key)}`;

/** One figure's line: its label and count, the whole line a link to its hands (none for 0). */
function figureRow(id, figures, key, label = figureName(key)) {
  const count = figures[key] ?? 0;
  const inner = [h("span", {}, suited(label)), h("b", { text: number(count) })];
  return count ? h("a", { class: "figure", href: handsOf(id, key) }, inner)
    : h("span", { class: "figure none" }, inner);
}

/** The lines of `keys` that this record has (a role's figures: nothing when it never bid). */
const rows = (id, figures, keys, labels = {}) => (figures[keys[0]]
  ? keys.map((key) => figureRow(id, figures, key, labels[key])) : []);

/** The contracts of a role (bid or partner) on the level-and-suit table: each cell a link to
 *  its hands, made and failed together. */
function bidTable(id, figures, role) {
  const tabled = Object.keys(figures).filter((key) => TABLED.test(key.slice(role.length + 1)));
  if (!tabled.length) return null;
  const cell = (level, suit) => {
    const key = `${role}.${level}${suit}`;
    const [made, failed] = [figures[`${key}.made`] ?? 0, figures[`${key}.failed`] ?? 0];
    if (!figures[key]) return h("td", { class: "none" }, h("span", { "aria-hidden": "true", text: "·" }));
    return h("td", {}, h("a", { href: handsOf(id, key), "aria-label": `${figureName(key)}: ${
      outcomeWord("made")} ${number(made)}, ${outcomeWord("failed")} ${number(failed)}` },
    made ? h("span", { class: "made", text: `✓${number(made)}` }) : null, made && failed ? " " : null,
    failed ? h("span", { class: "failed", text: `✗${number(failed)}` }) : null));
  };
  return h("table", { class: "stats-bids player-bids" },
    h("caption", { text: _("Contracts by level and suit (✓ made, ✗ failed)") }),
    h("thead", {}, h("tr", {}, h("td"), Object.keys(SUIT_SYMBOL).map((suit) => h("th", { scope: "col" },
      suit === "NT" ? _p("bid grid", "NT") : suited(suitOf(suit)))))),
    h("tbody", {}, LEVELS.map((level) => h("tr", {}, h("th", { scope: "row", text: number(level) }),
      Object.keys(SUIT_SYMBOL).map((suit) => cell(level, suit))))));
}

/** The bids of a role off the table (misères, fractional bids…): each by name, made and failed. */
function otherBids(id, figures, role) {
  const codes = [...new Set(Object.keys(figures).filter((key) => key.startsWith(`${role}.`))
    .map((key) => key.slice(role.length + 1).replace(OUTCOMES, "")))]
    .filter((code) => !["made", "failed", "slam"].includes(code) && !TABLED.test(code));
  if (!codes.length) return null;
  const link = (key) => (figures[key] ? h("a", { href: handsOf(id, key), "aria-label": figureName(key),
    text: number(figures[key]) }) : h("span", { text: number(0) }));
  return h("table", { class: "stats-others player-others" },
    h("caption", { text: _("Other bids") }),
    h("thead", {}, h("tr", {}, h("td"), h("th", { scope: "col", text: outcomeWord("made") }),
      h("th", { scope: "col", text: outcomeWord("failed") }))),
    h("tbody", {}, codes.map((code) => h("tr", {}, h("th", { scope: "row" },
      h("a", { href: handsOf(id, `${role}.${code}`) }, suited(bidNames.get(code) ?? code))),
    h("td", {}, link(`${role}.${code}.made`)), h("td", {}, link(`${role}.${code}.failed`))))));
}

/** A section of figures under its heading, or nothing when it has none. */
const part = (title, ...nodes) => (nodes.flat().some(Boolean)
  ? h("section", { class: "figures" }, h("h3", { text: title }), nodes.flat()) : null);

/** What a family's games counted, by the family's own figures. */
function familyCard(id, family, record, alone) {
  const f = record.figures;
  const made = { [`bid.made`]: `✓ ${outcomeWord("made")}`, [`bid.failed`]: `✗ ${outcomeWord("failed")}`,
    [`partner.made`]: `✓ ${outcomeWord("made")}`, [`partner.failed`]: `✗ ${outcomeWord("failed")}`,
    "misere.made": `✓ ${outcomeWord("made")}`, "misere.failed": `✗ ${outcomeWord("failed")}`,
    "open_misere.made": `✓ ${outcomeWord("made")}`, "open_misere.failed": `✗ ${outcomeWord("failed")}` };
  const suits = Object.keys(f).filter((key) => /^marianna\.[SCDH]$/.test(key));
  return h("section", { class: "card family", "aria-label": FAMILIES[family]?.() ?? family },
    // A player of one family only: its games are the ones counted above.
    h("h2", { text: FAMILIES[family]?.() ?? family }), alone ? null : tally(record),
    h("div", { class: "figure-list" }, figureRow(id, f, "hands_won")),
    part(_("As bidder"), rows(id, f, ["bid", "bid.made", "bid.failed", "slam"], made),
      bidTable(id, f, "bid"), otherBids(id, f, "bid")),
    part(_("As partner"), rows(id, f, ["partner", "partner.made", "partner.failed", "partner.slam"], made),
      bidTable(id, f, "partner"), otherBids(id, f, "partner")),
    part(_("Defence"), rows(id, f, ["defended", "set"])),
    part(_("Misères"), rows(id, f, ["misere", "misere.made", "misere.failed"], made),
      rows(id, f, ["open_misere", "open_misere.made", "open_misere.failed"], made)),
    f.back_door ? h("div", { class: "figure-list" }, figureRow(id, f, "back_door")) : null,
    part(_("Mariannas"), rows(id, f, ["marianna", "marianna.trump"]),
      suits.map((key) => figureRow(id, f, key, suitOf(key.slice(9))))),
    part(_("Melds"), rows(id, f, ["meld", "layoff"]), f.went_out ? figureRow(id, f, "went_out") : null));
}

/** Games, won, lost and unfinished. */
const tally = (t) => h("dl", { class: "tally" }, [[_("Games"), t.games], [_p("result", "Won"), t.won],
  [_p("result", "Lost"), t.lost], [_p("result", "Unfinished"), t.unfinished]]
  .flatMap(([label, n]) => [h("dt", { text: label }), h("dd", { text: number(n) })]));

/** @param {string} result */
const resultWord = (result) => (result === "won" ? _p("result", "Won") : result === "lost"
  ? _p("result", "Lost") : _p("result", "Unfinished"));

/** Wins minus losses over the recent games, oldest first, as a line with its words. */
function formChart(recent) {
  const games = [...recent].reverse();
  if (games.length < 2) return null;
  let balance = 0;
  const series = [0, ...games.map((g) => {
    balance += g.result === "won" ? 1 : g.result === "lost" ? -1 : 0;
    return balance;
  })];
  const top = Math.max(1, ...series);
  const bottom = Math.min(-1, ...series);
  const [width, height, pad] = [320, 110, 10];
  const x = (i) => pad + (i * (width - 2 * pad)) / (series.length - 1);
  const y = (v) => pad + ((top - v) * (height - 2 * pad)) / (top - bottom);
  const words = _("Wins minus losses over the last {n} games: {balance}.",
    { n: games.length, balance: number(balance) });
  const ns = "http://www.w3.org/2000/svg";
  const el = (tag, attrs) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  };
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": words,
    class: "chart" });
  svg.append(el("line", { x1: pad, x2: width - pad, y1: y(0), y2: y(0), class: "zero" }),
    el("polyline", { points: series.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
      class: "series", stroke: "#0b4f8a" }),
    ...games.map((g, i) => el("circle", { cx: x(i + 1).toFixed(1), cy: y(series[i + 1]).toFixed(1), r: 4,
      class: `dot ${g.result}` })));
  return h("figure", { class: "card chart-card" }, svg, h("figcaption", { class: "muted", text: words }));
}

/** One family's rating: its value, whether still provisional, its games, and its history as a
 *  line on the 0-100 scale with 50 (even with an average newcomer) marked.
 *  @param {{ family: string, value: number, provisional: boolean, games: number,
 *    history: { game: number, at: string, value: number }[] }} rating */
function ratingCard(rating) {
  const points = [50, ...rating.history.map((p) => p.value)];
  const top = Math.min(100, Math.ceil((Math.max(60, ...points) + 5) / 10) * 10);
  const bottom = Math.max(0, Math.floor((Math.min(40, ...points) - 5) / 10) * 10);
  const [width, height, left, pad] = [320, 120, 24, 8];
  const x = (i) => left + (i * (width - left - pad)) / Math.max(1, points.length - 1);
  const y = (v) => pad + ((top - v) * (height - 2 * pad)) / (top - bottom);
  const value = number(rating.value);
  const words = _("Rating after each of {n} games, from 50 to {value}.", { n: rating.games, value });
  const ns = "http://www.w3.org/2000/svg";
  const el = (tag, attrs, ...kids) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    node.append(...kids);
    return node;
  };
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": words,
    class: "chart rating-chart", preserveAspectRatio: "none" },
  el("line", { x1: left, x2: width - pad, y1: y(50), y2: y(50), class: "zero" }),
  el("text", { x: 2, y: y(50) + 4 }, number(50)),
  el("text", { x: 2, y: y(top) + 8 }, number(top)),
  el("text", { x: 2, y: y(bottom) }, number(bottom)),
  el("polyline", { points: points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
    class: "series", stroke: "#0b4f8a" }));
  return h("section", { class: "card rating" },
    h("h2", { text: _("Rating — {family}", { family: FAMILIES[rating.family]?.() ?? rating.family }) }),
    h("p", { class: "rating-value" }, h("strong", { text: value }), " ",
      h("span", { class: "muted", text: _("wins in 100 games against an average newcomer (50: even)") }),
      rating.provisional ? h("span", { class: "badge provisional", text: _("provisional") }) : null),
    h("p", { class: "muted", text: _n("{n} rated game", "{n} rated games", rating.games,
      { n: number(rating.games) }) }),
    h("figure", { class: "chart-card" }, svg, h("figcaption", { class: "sr", text: words })));
}

/** Partners or opponents: each a link to their page, with this player's results with or against. */
function shared(title, list) {
  if (!list.length) return null;
  return h("section", { class: "card" }, h("h2", { text: title }),
    h("table", { class: "shared" }, h("thead", {}, h("tr", {}, h("th", { scope: "col", text: _("Player") }),
      h("th", { scope: "col", text: _("Games") }), h("th", { scope: "col", text: _p("result", "Won") }),
      h("th", { scope: "col", text: _p("result", "Lost") }))),
    h("tbody", {}, list.map((p) => h("tr", {}, h("th", { scope: "row" }, h("a", { href: `#/p/${p.player}` },
      p.name)), h("td", { text: number(p.games) }), h("td", { text: number(p.won) }),
    h("td", { text: number(p.lost) }))))));
}

/** The page's notes: offline (what this phone kept), or why nothing could be read. */
function unread(error, title) {
  return [h("h1", { text: title }), h("p", { class: "banner bad", text: error instanceof Offline
    ? _("Offline: this page opens once the connection returns.") : String(error) })];
}

const refusedWords = (reply) => (reply.status === 404
  ? _("No such player here: a private club's players open with the club's link on this phone.")
  : problem(reply));

/** The page of player `id`. @param {number} id */
export async function playerPage(id) {
  const here = stillAt();
  let reply;
  let rated;
  try {
    [reply, rated] = await Promise.all([playerRead(id, `/players/${id}`),
      playerRead(id, `/players/${id}/ratings`).catch(() => null), loadNames()]);
  } catch (error) {
    if (here()) show(unread(error, _("Player")));
    return;
  }
  if (!here()) return;
  if (!reply.ok) {
    show(h("h1", { text: _("Player") }), h("p", { class: "banner bad", text: refusedWords(reply) }));
    return;
  }
  const player = reply.json;
  const record = player.record;
  noteClub(player.club, [player.id]);
  document.title = _("{player} — scorekeeper", { player: player.name });
  show(h("section", { class: "player-page" },
    h("h1", { text: player.name }),
    h("p", { class: "muted" }, player.kind === "guest" ? _("Guest of the club") : _("Club member"), " · ",
      h("a", { href: `#/c/${player.club}` }, _("The club"))),
    reply.stored ? h("p", { class: "banner warn",
      text: _("Offline: this is the player as this phone last saw them.") }) : null,
    player.merged_into != null ? h("p", { class: "banner warn" },
      h("a", { href: `#/p/${player.merged_into}` },
      _("Merged into another player: their page has these games."))) : null,
    h("section", { class: "card" }, tally(record),
      h("p", { class: "streaks", text: _("Winning streak: {current} now, {longest} at best.",
        { current: number(record.streaks.current), longest: number(record.streaks.longest) }) })),
    formChart(record.recent),
    rated?.ok ? rated.json.ratings.map(ratingCard) : null,
    Object.entries(record.families).map(([family, r], _i, all) => familyCard(id, family, r,
      all.length === 1)),
    shared(_("Partners"), record.partners), shared(_("Opponents"), record.opponents),
    record.recent.length ? h("section", { class: "card" }, h("h2", { text: _("Recent games") }),
      h("ul", { class: "recent" }, record.recent.map((g) => h("li", {},
        h("a", { href: `#/g/${g.game}` }, h("span", { text: `${variantNames.get(g.variant) ?? g.variant} · ${
          date(g.played_at)}` }), h("span", { class: `result ${g.result}`, text: `${resultWord(g.result)} · ${
          number(g.score)}` })))))) : h("p", { class: "muted", text: _("No games yet.") })));
}

/** The hands behind one figure of player `id`, newest game first, a page at a time.
 *  @param {number} id @param {string} figure */
export async function figurePage(id, figure) {
  const here = stillAt();
  const back = h("a", { class: "button", href: `#/p/${id}` }, _("Back to the player"));
  const list = h("ol", { class: "figure-hands" });
  const more = h("p");
  let first;
  try {
    [first] = await Promise.all([playerRead(id, `/players/${id}`), loadNames()]);
  } catch (error) {
    if (here()) show(back, unread(error, figureName(figure)));
    return;
  }
  if (!here()) return;
  if (!first.ok) { show(back, h("p", { class: "banner bad", text: refusedWords(first) })); return; }
  document.title = _("{player} — scorekeeper", { player: first.json.name });
  /** One page of hands, after `cursor`. @param {string | null} cursor */
  async function page(cursor) {
    let reply;
    try {
      reply = await playerRead(id, `/players/${id}/hands?figure=${encodeURIComponent(figure)}${
        cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    } catch (error) {
      more.replaceChildren(...unread(error, "").slice(1));
      return;
    }
    if (!here()) return;
    if (!reply.ok) {
      more.replaceChildren(h("span", { class: "banner bad", text: problem(reply) }));
      return;
    }
    list.append(...reply.json.data.map((/** @type {any} */ item) => h("li", { class: "card" },
      h("a", { href: `#/g/${item.game}` }, _("Game {game}, hand {n}", { game: item.game, n: item.number })),
      h("span", { class: "muted", text: ` · ${date(item.date)}` }),
      h("ul", { class: "explain" }, (item.hand.explanation ?? [])
        .map((/** @type {string} */ line) => h("li", {}, suited(line)))))));
    more.replaceChildren(reply.stored ? h("span", { class: "banner warn",
      text: _("Offline: these are the hands as this phone last saw them.") }) : "",
    reply.json.has_more ? h("button", { type: "button", onclick: () => page(reply.json.next_cursor) },
      _("More hands")) : "");
    if (!list.children.length) list.replaceWith(h("p", { class: "muted", text: _("No hands.") }));
  }
  show(h("section", { class: "player-page" }, back, h("h1", {}, first.json.name),
    h("h2", {}, suited(figureName(figure))), list, more));
  await page(null);
}
