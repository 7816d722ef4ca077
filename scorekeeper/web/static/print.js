// The organizer's print kit (#/t/{id}/print): for one round, a card per table (the teams, the
// match's score grid, a QR code of that table's scorer link), then the standings sheet and the
// bracket, each on its own page of A4 or Letter. The QR codes are scorer tokens issued when the
// kit is opened: every printed card keeps working, since a token issued earlier is never revoked.
// They are drawn here (qr.js), so no token is ever sent in an address to be drawn.
import { api, problem, uuid } from "./api.js";
import { h, show } from "./dom.js";
import { _, _n, _p, number, speakOwn } from "./i18n.js";
import { bracketMatch, sides } from "./match.js";
import { seatName, seats } from "./progressive.js";
import { siteLink } from "./links.js";
import { qrImage } from "./qr.js";
import { store, tokenOf } from "./store.js";

// The papers; a card is half a page. Each paper is a named @page in app.css ("The print kit"):
// the page's Content-Security-Policy allows no inline <style> to set it from here.
const PAPERS = { a4: "A4", letter: "Letter" };
const QR_PX = 168; // on screen; printed 46 mm wide (app.css)

// The scorers issued for a round while the kit is open: drawn again (another round chosen, the
// language changed) without issuing new tokens each time.
const issued = new Map();

function usePaper(paper) {
  document.body.dataset.paper = paper;
  document.body.classList.add("print-kit");
}

function leave() {
  document.body.classList.remove("print-kit");
  delete document.body.dataset.paper;
}

/** Whether the page still shows tournament `id`'s print kit. */
const here = (id) => new RegExp(`^#/t/${id}/print\\b`).test(location.hash);

window.addEventListener("hashchange", () => { if (!/^#\/t\/\d+\/print\b/.test(location.hash)) leave(); });

/** The round being played: the first with a match still open, else the last one. */
export const currentRound = (t) => t.rounds.find(
  (r) => r.matches.some((m) => m.kind !== "bye" && m.status !== "complete"))
  ?? t.rounds[t.rounds.length - 1];

/** One scorer token per match of round `number` (per team of it when the tournament asks the
 *  other team to confirm each game), issued in one call. */
async function issueScorers(id, number, token) {
  const key = `${id} ${number}`;
  if (issued.has(key)) return issued.get(key);
  const got = await api("POST", `/tournaments/${id}/rounds/${number}/scorers`, undefined,
    { token, key: uuid() });
  if (!got.ok) throw new Error(problem(got));
  issued.set(key, got.json.scorers);
  return got.json.scorers;
}

/** The link a card's QR code holds: the tournament's page as this match's scorer. */
const scorerLink = (id, token) => siteLink(`t/${id}?token=${encodeURIComponent(token)}`);

export async function printPage(id) {
  const token = tokenOf("t", id);
  const back = h("a", { href: `#/t/${id}` }, _("Back to the tournament"));
  const notOrganizer = () => {
    document.title = _("Print kit — scorekeeper");
    show(h("h1", { text: _("Print kit") }),
      h("p", { class: "banner warn", text: _("Only the organizer prints the table cards. Open the organizer's link on this device first, then come back here.") }),
      h("p", {}, back));
  };
  if (!token) { notOrganizer(); return; }
  let t, bracket;
  try {
    // A scorer's token (a table card scanned on this device) is no organizer's.
    const who = await api("GET", `/tournaments/${id}/access`, undefined, { token });
    if (who.status === 403 || (who.ok && !["organizer", "co_organizer"].includes(who.json.role))) {
      if (here(id)) notOrganizer();
      return;
    }
    if (!who.ok) throw new Error(problem(who));
    const got = await api("GET", `/tournaments/${id}`);
    if (!got.ok) throw new Error(problem(got));
    t = got.json;
    bracket = t.status === "registered" ? null : (await api("GET", `/tournaments/${id}/bracket`)).json;
  } catch (error) {
    show(h("p", { class: "banner bad", text: error.message }), h("p", {}, back));
    return;
  }
  if (!here(id)) return; // the page left the kit while it loaded
  if (await speakOwn(t.language)) return here(id) ? printPage(id) : undefined; // the night's language
  document.title = _("Print kit: {tournament} — scorekeeper", { tournament: t.name });
  if (!t.rounds.length) {
    show(h("h1", { text: t.name }),
      h("p", { class: "banner warn", text: _("The table cards are printed once the teams are drawn.") }),
      t.status === "registered" ? await doorSheet(t, token) : null,
      h("p", {}, back));
    return;
  }

  let paper = PAPERS[store.get("paper", "a4")] ? store.get("paper", "a4") : "a4";
  let round = currentRound(t);
  usePaper(paper);

  const roundChoice = h("select", { id: "print-round", onchange: () => {
    round = t.rounds.find((r) => String(r.number) === roundChoice.value);
    draw();
  } }, t.rounds.map((r) => h("option", { value: String(r.number), selected: r === round, text: r.name })));
  const paperChoice = h("select", { id: "print-paper-size", onchange: () => {
    paper = paperChoice.value;
    store.set("paper", paper);
    usePaper(paper);
  } }, h("option", { value: "a4", selected: paper === "a4", text: PAPERS.a4 }),
  // i18n: the US paper size, 8.5 × 11 inches
  h("option", { value: "letter", selected: paper === "letter", text: _("Letter") }));
  const kit = h("div", { class: "print-sheets", "aria-live": "polite" });
  // i18n: the print kit's big button
  const printWords = _("Print");
  const note = _("The QR codes are new scorer links for this round's tables: each opens its table's scorer page. Cards printed earlier keep working.");
  show(
    h("section", { class: "print-controls stack" },
      h("h1", { text: _("Print kit: {tournament}", { tournament: t.name }) }),
      h("div", { class: "row" },
        h("label", { for: "print-round", class: "grow" }, _("Round"), roundChoice),
        h("label", { for: "print-paper-size", class: "grow" }, _("Paper"), paperChoice)),
      h("button", { class: "primary print-button", type: "button", onclick: () => window.print() },
        printWords),
      h("p", { class: "hint", text: note }),
      h("p", {}, back)),
    kit);

  async function draw() {
    const playing = round.matches.filter((m) => m.kind !== "bye");
    kit.replaceChildren(h("p", { class: "muted", text: _("Issuing the scorer links…") }));
    let scorers;
    const asked = round;
    try {
      scorers = await issueScorers(id, round.number, token);
    } catch (error) {
      kit.replaceChildren(h("p", { class: "banner bad", text: error.message }));
      return;
    }
    if (asked !== round) return; // another round was chosen meanwhile: its cards are drawn instead
    const cards = playing.map((m) => tableCard(t, round, m, scorers.filter((s) => s.match === m.id)));
    const pages = [];
    for (let i = 0; i < cards.length; i += 2) {
      const cut = cards[i + 1] ? h("div", { class: "cut-line", "aria-hidden": "true" }) : null;
      pages.push(h("section", { class: "print-page cards" }, cards[i], cut, cards[i + 1] ?? null));
    }
    kit.replaceChildren(...pages, standingsSheet(t), bracketSheet(t, bracket));
  }
  draw();
}

/** One table's card: where to sit, who plays, the score grid to fill in, and the QR code. */
function tableCard(t, round, m, scorers) {
  const teams = m.teams.map((i) => (i == null ? null : t.teams[i]));
  const tableWords = m.table == null ? _("Table") : _("Table {n}", { n: m.table });
  const rows = [];
  for (let game = 1; game <= m.games; game += 1) {
    const result = m.results.find((r) => r.number === game);
    const winner = result ? result.scores.indexOf(Math.max(...result.scores)) : -1;
    rows.push(h("tr", {}, h("th", { scope: "row", text: number(game) }),
      sides(m).map((_side, i) => h("td", { text: result ? number(result.scores[i]) : "" })),
      h("td", { text: result && winner >= 0 ? sides(m)[winner] : "" })));
  }
  // i18n: the score grid's columns on a printed table card: the game's number, ..., who won it
  const gameHead = m.partnerships ? _p("table card", "Deal") : _p("table card", "Game");
  const winnerHead = _("Winner");
  const totalHead = _("Total");
  const grid = h("table", { class: "card-grid" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: gameHead }),
      sides(m).map((name) => h("th", { scope: "col", text: name })),
      h("th", { scope: "col", text: winnerHead }))),
    h("tbody", {}, rows),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row", text: totalHead }),
      sides(m).map((_name, i) => h("td", { text: m.results.length ? number(m.totals[i]) : "" })),
      h("td", {}))));
  const bestOf = m.first_to && m.games > 1
    ? _n("Best of {games}: first to {n} game won.", "Best of {games}: first to {n} games won.",
      m.first_to, { games: m.games })
    : null;
  const scan = _("Scan to enter this table's scores");
  const codes = scorers.map((s) => {
    const link = scorerLink(t.id, s.token);
    const whose = s.team == null ? null : _("{team}'s scorer", { team: t.teams[s.team].name });
    const alt = _("QR code of the scorer link of this table");
    return h("figure", { class: "card-qr" },
      h("img", { class: "qr", src: qrImage(link), width: QR_PX, height: QR_PX, alt }),
      h("figcaption", {}, whose ? h("strong", { text: whose }) : null,
        h("span", { class: "scan", text: scan }),
        h("span", { class: "card-link", text: link })));
  });
  return h("article", { class: "table-card", "data-match": m.id, "data-table": m.table ?? "" },
    h("p", { class: "card-event" }, h("span", { text: t.name }), h("span", { text: round.name })),
    h("div", { class: "card-body" },
      h("div", { class: "card-main" },
        h("p", { class: "card-table", text: tableWords }),
        m.partnerships ? seatPlan(m) : h("ul", { class: "card-teams" }, teams.map((team) => h("li", {},
          h("strong", { text: team ? team.name : "—" }),
          team?.players?.length ? h("span", { text: team.players.join(", ") }) : null))),
        grid,
        bestOf ? h("p", { class: "card-best-of", text: bestOf }) : null),
      h("div", { class: "card-codes" }, codes)));
}

/** A progressive table's seats as the players find them round the table: North at the top,
 *  West and East either side, South at the bottom; partners face each other. */
function seatPlan(m) {
  return h("ol", { class: "seat-plan", "aria-label": _("Who sits where") }, seats(m).map((s) => h("li",
    { class: `seat ${s.seat}` }, h("small", { text: seatName(s.seat) }), h("strong", { text: s.name }))));
}

/** The standings on their own page. */
function standingsSheet(t) {
  const players = (row) => t.teams[row.team]?.players?.join(", ") ?? "";
  const withdrawn = _("withdrawn");
  const scrolls = _("Standings, scroll sideways");
  // i18n: the printed standings' columns: rank, team, its players, matches played, games won,
  // points, card points scored
  const heads = ["#", _("Team"), _("Players"), _("Played"), _("Won"), _("Pts"), _("Scored")];
  return h("section", { class: "print-page print-standings" },
    h("h2", { text: _("Standings") }), h("p", { class: "sheet-of", text: t.name }),
    t.standings.length ? h("div",
      { class: "sheet-scroll", tabindex: "0", role: "region", "aria-label": scrolls },
      h("table", { class: "sheet" },
      h("thead", {}, h("tr", {}, heads.map((x) => h("th", { scope: "col", text: x })))),
      h("tbody", {}, t.standings.map((s) => h("tr", {},
        h("td", { text: number(s.rank) }),
        h("td", {}, h("strong", { text: s.name }),
          t.teams[s.team]?.status === "withdrawn" ? h("span", { class: "out", text: withdrawn }) : null),
        h("td", { text: players(s) }),
        h("td", { text: number(s.played) }), h("td", { text: number(s.won) }),
        h("td", { text: number(s.points) }), h("td", { text: number(s.scored) }))))))
      : h("p", { text: t.next_step }));
}

/** The bracket's rounds as columns: the knockout (winners' bracket), then the grand final or the
 *  third-place match; the losers' bracket as a second row when there is one. */
export function bracketColumns(bracket) {
  const finals = bracket?.final ?? [];
  const third = bracket?.third_place ?? null;
  const grandFinal = _("Grand final");
  const thirdPlace = _("Third-place match");
  // The round's name on top, its matches spread over the column's height beside their feeders.
  const column = (name, matches) => h("div", { class: "round" },
    h("h3", { text: name }), h("div", { class: "matches" }, matches.map(bracketMatch)));
  const columns = (rounds) => rounds.map((round) => column(round.name, round.matches));
  return {
    winners: [...columns(bracket?.knockout ?? []),
      finals.length ? column(grandFinal, finals) : null,
      third ? column(thirdPlace, [third]) : null].filter(Boolean),
    losers: columns(bracket?.losers ?? []),
  };
}

function bracketSheet(t, bracket) {
  const { winners, losers } = bracketColumns(bracket);
  if (!winners.length) return null;
  const losersTitle = _("Losers' bracket");
  return h("section", { class: "print-page print-bracket" },
    h("h2", { text: _("Bracket") }), h("p", { class: "sheet-of", text: t.name }),
    h("div", { class: "bracket" }, winners),
    losers.length ? h("h2", { text: losersTitle }) : null,
    losers.length ? h("div", { class: "bracket" }, losers) : null);
}

/** Before the draw: the door's sheet, a QR a team scans to check itself in (a new door token,
 *  which can do nothing else; sheets printed earlier keep working). */
async function doorSheet(t, token) {
  const { doorLink, issueDoor } = await import("./organizers.js");
  const door = await issueDoor(t.id, token);
  if (!door) return null;
  const link = doorLink(t.id, door);
  const qr = h("img", { class: "qr", width: 220, height: 220, alt: _("QR code of the door check-in") });
  import("./qr.js").then(({ qrImage }) => { qr.src = qrImage(link); });
  return h("section", { class: "print-page door-sheet stack" },
    h("h2", { text: _("Check in at the door") }),
    h("p", { class: "card-event", text: t.name }),
    qr,
    h("p", { class: "card-link link-text", text: link }),
    h("button", { class: "primary print-button no-print", type: "button", onclick: () => window.print() },
      _("Print")));
}
