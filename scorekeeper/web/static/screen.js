// @ts-check
// The projector view (#/t/{id}/screen): a 16:9 wall read from the back of the room, live. Panels:
// the podium once the tournament is finished, the round in play beside the standings, the
// bracket (and the losers' bracket). What does not fit on the wall at once is shown in turn,
// every CYCLE_MS, with a progress bar and "2/3"; a list longer than ROWS is paged the same way.
import { API, api, problem } from "./api.js";
import { follow, h, show } from "./dom.js";
import { _, lang, number, speakOwn } from "./i18n.js";
import { bracketColumns, currentRound } from "./print.js";
import { sides } from "./match.js";
import { countdown, seatName, whoSitsWhere } from "./progressive.js";

const CYCLE_MS = 12000;
// Rows of a list on one wall: the rows' height is in vh (app.css, "The projector view"), so the
// same number fits at any 16:9 size.
const ROWS = 8;

let shown = null; // the view on screen: {id, timer}; ended when the page leaves it

function leave() {
  if (shown) clearInterval(shown.timer);
  shown = null;
  document.body.classList.remove("projector");
}

window.addEventListener("hashchange", () => { if (!/^#\/t\/\d+\/screen\b/.test(location.hash)) leave(); });

const pages = (rows) => {
  const out = [];
  for (let i = 0; i < rows.length; i += ROWS) out.push(rows.slice(i, i + ROWS));
  return out.length ? out : [[]];
};

// i18n: a match's state on the projector: not started, being played, over
const STATUS = { pending: () => _("not started"), playing: () => _("playing"),
  complete: () => _("complete") };

function panel(kind, title, part, ...body) {
  return h("section", { class: `wall-panel panel-${kind}` },
    h("h2", {}, h("span", { text: title }), part ? h("small", { text: part }) : null), ...body);
}

/** "2/3": which page of a list a panel shows. */
// i18n: which page of a long list, or which of the walls in turn, the projector shows: "2/3"
const partOf = (k, n) => (n > 1 ? _("{page}/{pages}", { page: k + 1, pages: n }) : null);

/** Where a match is played, and how far it got under it. */
const place = (where, status) => h("span", { class: "where" }, h("span", { text: where }),
  status ? h("span", { class: "status", text: status }) : null);

/** One table of the round: "Table 5 — Les As 2 · 1 Les Rois", and how far it got. */
function tableRow(t, m) {
  const where = m.kind === "bye" ? _("bye") : m.table == null ? "" : _("Table {n}", { n: m.table });
  const forfeit = _("forfeit");
  const status = m.kind === "bye" ? "" : m.forfeit?.length ? forfeit : STATUS[m.status]?.() ?? m.status;
  const won = (i) => m.winner != null && m.teams[i] === m.winner;
  if (sides(m).length === 2 && m.kind !== "bye") {
    const score = m.partnerships ? m.totals : m.wins ?? m.totals;
    return h("li", { class: `wall-table ${m.status}`, "data-match": m.id }, place(where, status),
      h("span", { class: `team a${won(0) ? " won" : ""}`, text: sides(m)[0] }),
      h("span", { class: "score", text: `${number(score[0])} · ${number(score[1])}` }),
      h("span", { class: `team b${won(1) ? " won" : ""}`, text: sides(m)[1] }));
  }
  // A bye, or a table of more than two (Rummy tables): the names with their points.
  const names = m.kind === "bye" ? m.names.join(", ")
    : m.names.map((name, i) => `${name} ${number(m.totals[i])}`).join(" · ");
  return h("li", { class: `wall-table many ${m.status}`, "data-match": m.id }, place(where, status),
    h("span", { class: "team all", text: names }));
}

function roundPanel(t, round, rows, k, n) {
  return panel("round", round.name, partOf(k, n), h("ol", { class: "wall-tables" },
    rows.map((m) => tableRow(t, m))));
}

/** Who moves where: each player's table and seat for the round just seated, alphabetical, in
 *  two columns. */
function movesPanel(t, round, rows, k, n) {
  const out = _("sits out");
  return panel("moves", _("{round}: who sits where", { round: round.name }), partOf(k, n),
    h("ol", { class: "wall-moves" }, rows.map((r) => h("li", {}, h("span", { class: "who", text: r.name }),
      r.table == null ? h("span", { class: "where out", text: out }) : [
        h("span", { class: "where", text: _("Table {n}", { n: r.table }) }),
        h("span", { class: "seat", text: seatName(r.seat) })]))));
}

function standingsPanel(t, rows, k, n) {
  const withdrawn = _("withdrawn");
  const progressive = t.format === "progressive";
  // i18n: the projector's standings columns: rank, team, games won, points
  const heads = progressive ? ["#", _("Player"), _("Deals"), _("Pts")] : ["#", _("Team"), _("Won"), _("Pts")];
  return panel("standings", _("Standings"), partOf(k, n), h("table", { class: "wall-standings" },
    h("thead", {}, h("tr", {}, heads.map((x) => h("th", { scope: "col", text: x })))),
    h("tbody", {}, rows.map((s) => h("tr", { class: t.teams[s.team]?.status === "withdrawn" ? "out" : null },
      h("td", { text: number(s.rank) }),
      h("td", {}, h("span", { text: s.name }), t.teams[s.team]?.status === "withdrawn" ? h("small",
        { text: withdrawn }) : null),
      h("td", { text: number(progressive ? s.played : s.won) }), h("td", { text: number(s.points) }))))));
}

function teamsPanel(t, rows, k, n) {
  const checkedIn = _("checked in");
  return panel("teams", _("Teams"), partOf(k, n), h("ol", { class: "wall-teams" }, rows.map((team) => h("li",
    {},
    h("span", { text: team.name }), team.status === "checked_in" ? h("small", { text: checkedIn }) : null))));
}

function podiumPanel(t) {
  const step = (place) => {
    const teams = t.placings.filter((p) => p.place === place);
    return teams.length ? h("div", { class: `step place-${place}` },
      h("div", { class: "who" }, teams.map((p) => h("p", { text: p.name }))),
      h("div", { class: "block", text: number(place) })) : null;
  };
  const champions = _("Champions: {team}",
    { team: t.placings.filter((p) => p.place === 1).map((p) => p.name).join(", ") });
  return panel("podium", champions, null, h("div", { class: "podium" }, step(2), step(1), step(3)));
}

function bracketPanel(kind, title, columns) {
  return panel(kind, title, null, h("div", { class: "bracket wall-bracket" }, columns));
}

/** Every wall the view shows in turn, each a list of panels side by side. */
function walls(t, bracket) {
  const out = [];
  if (t.status === "finished" && t.placings.length) out.push([podiumPanel(t)]);
  if (!t.rounds.length) {
    const teamPages = pages(t.teams.filter((team) => team.status !== "withdrawn"));
    teamPages.forEach((rows, k) => out.push([teamsPanel(t, rows, k, teamPages.length)]));
    return out;
  }
  // A progressive round just seated, no deal played yet: who moves where, beside the standings.
  const last = t.rounds.at(-1);
  if (t.format === "progressive" && t.status === "playing" && last.matches.every((m) => !m.results.length)) {
    const movePages = [];
    const moves = whoSitsWhere(last);
    for (let i = 0; i < moves.length; i += 2 * ROWS) movePages.push(moves.slice(i, i + 2 * ROWS));
    const standingPages = pages(t.standings);
    const count = Math.max(movePages.length, standingPages.length);
    for (let k = 0; k < count; k += 1) {
      out.push([movesPanel(t, last, movePages[k % movePages.length], k % movePages.length, movePages.length),
        standingsPanel(t, standingPages[k % standingPages.length], k % standingPages.length,
          standingPages.length)]);
    }
    return out;
  }
  // Every round with a table still playing (a double elimination plays its winners' and losers'
  // rounds side by side), else the last one played.
  const open = t.rounds.filter((r) => r.matches.some((m) => m.kind !== "bye" && m.status !== "complete"));
  const playing = open.length ? open : [currentRound(t)];
  const round = { name: playing.map((r) => r.name).join(" · "), matches: playing.flatMap((r) => r.matches) };
  const tables = [...round.matches.filter((m) => m.kind !== "bye"),
    ...round.matches.filter((m) => m.kind === "bye")];
  const tablePages = pages(tables);
  const standingPages = t.standings.length ? pages(t.standings) : [];
  const count = Math.max(tablePages.length, standingPages.length);
  for (let k = 0; k < count; k += 1) {
    out.push([roundPanel(t, round, tablePages[k % tablePages.length], k % tablePages.length,
      tablePages.length),
      standingPages.length ? standingsPanel(t, standingPages[k % standingPages.length],
        k % standingPages.length, standingPages.length) : null].filter(Boolean));
  }
  const { winners, losers } = bracketColumns(bracket);
  const bracketTitle = _("Bracket");
  const losersTitle = _("Losers' bracket");
  if (winners.length) out.push([bracketPanel("bracket", bracketTitle, winners)]);
  if (losers.length) out.push([bracketPanel("losers", losersTitle, losers)]);
  return out;
}

export async function screenPage(id) {
  leave();
  document.body.classList.add("projector");
  const view = { id, timer: null };
  shown = view;
  let t, bracket, all = [], at = 0;
  async function load() {
    const got = await api("GET", `/tournaments/${id}`);
    if (!got.ok) throw new Error(problem(got));
    const ending = t !== undefined && t.status !== "finished" && got.json.status === "finished";
    t = got.json;
    bracket = t.status === "registered" ? null : (await api("GET", `/tournaments/${id}/bracket`)).json;
    all = walls(t, bracket);
    at = ending ? 0 : at % all.length;
    return ending;
  }
  // i18n: the projector view's small corner link back to the tournament's page
  const exit = _("exit");
  try { await load(); } catch (error) {
    show(h("div", { class: "wall" }, h("p", { class: "wall-problem", text: error.message }), h("a",
      { class: "wall-exit", href: `#/t/${id}` }, exit)));
    return;
  }
  if (shown !== view) return; // the page left the view while it loaded
  if (await speakOwn(t.language)) return shown === view ? screenPage(id) : undefined; // the night's language

  // The wall's frame is built once: a live update redraws what is in it, and the progress bar
  // runs on undisturbed until the next wall.
  const title = h("h1");
  const roundName = h("p", { class: "wall-round" }); // what happens next, in the server's words
  const count = h("p", { class: "wall-count" });
  const clock = h("div", { class: "wall-clock" }); // a progressive round played for a time
  const bar = h("div", { class: "wall-progress", "aria-hidden": "true" });
  const panels = h("div", { class: "wall-panels" });
  const head = h("header", { class: "wall-head" }, title, roundName, clock, count);
  const wall = h("div", { class: "wall" }, head,
    bar, panels,
    h("a", { class: "wall-exit", href: `#/t/${id}` }, exit));

  function render() {
    document.title = _("{tournament} — scorekeeper", { tournament: t.name });
    const many = all.length > 1;
    title.textContent = t.name;
    roundName.textContent = t.next_step;
    const last = t.rounds.at(-1);
    const timed = t.status === "playing" && last?.ends_at && !last.closed_at;
    if (!timed) clock.replaceChildren();
    else if (clock.dataset.round !== String(last.number)) clock.replaceChildren(countdown(last));
    clock.dataset.round = timed ? String(last.number) : "";
    wall.dataset.wall = String(at + 1);
    wall.dataset.walls = String(all.length);
    count.hidden = bar.hidden = !many;
    count.textContent = _("{page}/{pages}", { page: at + 1, pages: all.length });
    count.setAttribute("aria-label", _("Screen {n} of {count}", { n: at + 1, count: all.length }));
    bar.style.setProperty("--step", String((at + 1) / all.length));
    panels.replaceChildren(...all[at]);
  }
  /** The next wall, and the progress bar from empty again. */
  function turn() {
    at = (at + 1) % all.length;
    render();
    bar.replaceChildren(h("span"));
  }
  render();
  bar.append(h("span"));
  show(wall);
  const cycle = () => { view.timer = setInterval(() => { if (shown === view && all.length > 1) turn(); },
    CYCLE_MS); };
  cycle();
  follow(`${API}/tournaments/${id}/events?lang=${lang()}`, async (event) => {
    const seen = JSON.parse(event.data);
    if (seen.updated_at === t.updated_at) return;
    let ended;
    try { ended = await load(); } catch { return; } // the wall keeps what it shows until the next update
    if (shown !== view) return;
    render();
    if (ended) { // the final just ended: the podium at once, for a whole turn
      clearInterval(view.timer);
      bar.replaceChildren(h("span"));
      cycle();
    }
  });
}
