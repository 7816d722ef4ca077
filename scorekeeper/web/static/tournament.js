// @ts-check
// A tournament, followed live. Who opens it decides what it shows: its organizer gets the desk
// (desk.js), a table's scorer the page of that one match (scorer.js), anyone else the rounds as
// tables, the standings, the bracket and the teams; once it is over, the podium first.
import { API, api, problem } from "./api.js";
import { deskSection, focusWanted, loadFormats } from "./desk.js";
import { follow, h, redrawKeepingFocus, show, stillAt, toast, typing } from "./dom.js";
import { _, lang, number, speakOwn } from "./i18n.js";
import { bracketMatch, byeLine, roundsInPlay, scoreSoFar, tableTitle, teamStatus } from "./match.js";
import { scorerPage } from "./scorer.js";
import { prizeName } from "./progressive.js";
import { doorPage, lostLinkForm } from "./organizers.js";
import { keepToken, store, tokenOf } from "./store.js";

/** Who a token is in tournament `id`: {role: "organizer"|"scorer"|"nobody"|"unknown", match, team}.
 *  "unknown": the server could not say (no connection). */
async function whoIs(id, token) {
  let got;
  try { got = await api("GET", `/tournaments/${id}/access`, undefined,
    { token }); } catch { return { role: "unknown" }; }
  if (got.ok) return got.json;
  if (got.status === 401 || got.status === 403) return { role: "nobody" };
  return { role: "unknown" };
}

/** The scorer tokens this phone keeps: {tournament id: {token, match, team}}. */
const scorerOf = (id) => store.get("tscorers", {})[id] ?? null;
function keepScorer(id, scorer) {
  const all = store.get("tscorers", {});
  all[id] = scorer;
  store.set("tscorers", all);
}

/** Tournament `id`'s page; `token`: one that came in its address, asked who it is first;
 *  `follow`: the tournament as anyone sees it, whatever tokens this phone keeps. */
export async function tournamentPage(id, { token: given = null, follow: spectator = false } = {}) {
  const here = stillAt();
  let refused = false;
  if (given) {
    const who = await whoIs(id, given);
    if (who.role === "scorer") keepScorer(id, { token: given, match: who.match, team: who.team });
    else if (who.role === "door") return doorPage(id, given, here);
    else if (who.role === "nobody") refused = true;
    else keepToken("t", id, given); // the organizer (or no answer: kept, the desk's writes will tell)
  }
  if (!here()) return undefined;
  if (spectator) return followTournament(id, null, false, here);
  const token = tokenOf("t", id);
  const scorer = scorerOf(id);
  // A scorer link just opened shows its match, even on the organizer's own phone.
  if (scorer && !refused && (!token || given === scorer.token)) return scorerPage(id, scorer, here);
  return followTournament(id, refused ? null : token, refused, here);
}

async function followTournament(id, token, refused, here) {
  let t, bracket, formats = null;
  async function load() {
    const got = await api("GET", `/tournaments/${id}`);
    if (!got.ok) throw new Error(problem(got));
    t = got.json;
    bracket = t.status === "registered" ? null : (await api("GET", `/tournaments/${id}/bracket`)).json;
  }
  try {
    await load();
    if (token) formats = await loadFormats();
  } catch (error) {
    if (here()) show(h("p", { class: "banner bad", text: error.message }));
    return;
  }
  // the night's language
  if (await speakOwn(t.language)) return here() ? followTournament(id, token, refused, here) : undefined;

  const redraw = (live) => redrawKeepingFocus(draw, focusWanted(), { live: live === true });
  const desk = { id, token, reload: async () => { await load(); redraw(); }, render: redraw,
    formats: () => formats, tournament: () => t };

  function draw() {
    if (!here()) return;
    document.title = _("{tournament} — scorekeeper", { tournament: t.name });
    const over = t.status === "finished";
    const notYours =
      _("This link is not valid for this tournament: ask its organizer for the right one. Meanwhile you can follow it.");
    show(
      h("h1", { text: t.name }),
      refused ? h("p", { class: "banner bad", role: "alert", text: notYours }) : null,
      // a progressive night's podium is its prizes
      over ? (t.prizes?.length ? null : podium(t)) : h("p", { class: "muted next-step", text: t.next_step }),
      prizes(t),
      token ? deskSection(desk) : null,
      token || over ? null : lostLinkForm(id, t.name),
      over && !t.prizes?.length ? placings(t) : null, // a progressive night's are its standings
      token ? null : currentTables(t),
      bracketSection(bracket),
      standings(t),
      roundsSection(t, token),
      teamsSection(t));
  }

  draw();
  follow(`${API}/tournaments/${id}/events?lang=${lang()}`, async (event) => {
    const seen = JSON.parse(event.data);
    if (seen.updated_at === t.updated_at) return;
    try { await load(); } catch (error) { toast(error.message); return; }
    if (!typing()) redraw(true); // what the organizer is typing is not wiped; the next write redraws
  });
}

/** The podium: places 1, 2 and 3 (a shared third place shows both teams), big. */
function podium(t) {
  const at = (place) => t.placings.filter((p) => p.place === place);
  const steps = [2, 1, 3].map((place) => ({ place, teams: at(place) })).filter((s) => s.teams.length);
  if (!steps.length) return t.champion != null ? h("p", { class: "banner win", role: "status",
    text: _("Champions: {team}", { team: t.teams[t.champion].name }) }) : null;
  const words = { 1: _("Champions"), 2: _("Second place"), 3: _("Third place") };
  return h("section", { class: "podium-card", "aria-labelledby": "podium-title" },
    h("h2", { id: "podium-title", text: _("Podium") }),
    h("ol", { class: "final-podium" }, steps.map(({ place, teams }) => h("li",
      { class: `step place-${place}` },
      h("span", { class: "medal", "aria-hidden": "true", text: number(place) }),
      h("span", { class: "place", text: words[place] }),
      teams.map((p) => h("strong", { class: "who", text: p.name })),
      h("span", { class: "block", "aria-hidden": "true" })))));
}

/** A progressive night's prizes once it is over: high, second, booby. */
function prizes(t) {
  if (!t.prizes?.length) return null;
  return h("section", { class: "card prizes", "aria-labelledby": "prizes-title" },
    h("h2", { id: "prizes-title", text: _("Prizes") }),
    h("dl", { class: "prize-list" }, t.prizes.flatMap((p) => [h("dt", { text: prizeName(p.prize) }),
      h("dd", { text: p.name })])));
}

/** Every team's final place, champion first. */
function placings(t) {
  if (!t.placings.length) return null;
  return h("section", { class: "card", "aria-labelledby": "placings-title" },
    h("h2", { id: "placings-title", text: _("Final placings") }),
    h("ol", { class: "placings" }, t.placings.map((p) => h("li", {},
      h("b", { class: "rank", text: number(p.place) }), " ", h("span", { text: p.name }),
      t.teams[p.team]?.status === "withdrawn" ? h("span", { class: "tag out",
        text: _("withdrew") }) : null))));
}

/** For anyone following: where each team plays now. */
function currentTables(t) {
  if (t.status !== "playing") return null;
  return roundsInPlay(t).map((round) => h("section", { class: "card",
    "aria-labelledby": `now-${round.number}` },
    h("h2", { id: `now-${round.number}`, text: round.name }),
    h("ul", { class: "tables" }, round.matches.map((m) => h("li", {}, matchLine(t, m))))));
}

/** "Table 5: Les As v Les Rois — Games won: 2–1 · points: 900–700", or "Les As: bye". */
function matchLine(t, m) {
  if (m.kind === "bye") return h("span", { text: byeLine(t, m) });
  const forfeit = (m.forfeit ?? []).map((i) => t.teams[i].name);
  const winner = m.winner != null ? _("{team} won", { team: t.teams[m.winner].name }) : null;
  return h("span", {}, h("b", { text: tableTitle(m) }), " — ", scoreSoFar(m),
    winner ? h("span", { class: "muted", text: ` (${winner})` }) : null,
    forfeit.length ? h("span", { class: "tag out", text: _("forfeited by {teams}",
      { teams: forfeit.join(", ") }) }) : null);
}

function roundsSection(t, organizer) {
  const rounds = t.rounds.filter((r) => r.kind !== "knockout" && r.kind !== "losers" && r.kind !== "final"
    && r.kind !== "third_place");
  if (!rounds.length) return null;
  return h("section", { "aria-labelledby": "rounds-title" },
    h("h2", { id: "rounds-title", text: organizer ? _("Every round") : _("Rounds") }),
    rounds.map((r) => h("details", { class: "card round-card" },
      h("summary", { text: r.name }),
      h("ul", { class: "tables" }, r.matches.map((m) => h("li", {}, matchLine(t, m)))))));
}

/** The standings, titled as what they are once the final placings exist. */
function standings(t) {
  if (!t.standings.length) return null;
  const knockout = ["quebec", "single_elimination", "double_elimination"].includes(t.format);
  let title = _("Standings");
  if (t.status === "finished" && t.format === "quebec") title = _("Qualifying round standings");
  else if (t.status === "finished" && knockout) title = _("Games and points won");
  const withdrawn = _("withdrew");
  const gone = (s) => (t.teams[s.team]?.status === "withdrawn" ? h("span", { class: "tag out",
    text: withdrawn }) : null);
  if (t.format === "progressive") {
    // Each player's own total: deals played and points, no matches won.
    // i18n: a progressive night's standings columns: rank, player, deals played, points
    const heads = ["#", _("Player"), _("Deals"), _("Pts")];
    return h("section", { "aria-labelledby": "standings-title" },
      h("h2", { id: "standings-title", text: title }),
      h("table", { class: "sheet player-standings" }, h("thead", {}, h("tr", {},
        heads.map((x) => h("th", { scope: "col", text: x })))),
      h("tbody", {}, t.standings.map((s) => h("tr", {}, h("td", { text: number(s.rank) }),
        h("td", {}, s.name, gone(s)), h("td", { text: number(s.played) }),
        h("td", { text: number(s.points) }))))),
      h("p", {}, h("a", { href: `${API}/tournaments/${t.id}/standings.csv?lang=${lang()}` },
        _("Standings as CSV"))));
  }
  return h("section", { "aria-labelledby": "standings-title" },
    h("h2", { id: "standings-title", text: title }),
    h("table", { class: "sheet" }, h("thead", {}, h("tr", {},
      // i18n: the standings' columns: rank, team, matches won, points, card points scored
      ["#", _("Team"), _("Won"), _("Pts"), _("Scored")].map((x) => h("th", { scope: "col", text: x })))),
    h("tbody", {}, t.standings.map((s) => h("tr", {}, h("td", { text: number(s.rank) }),
      h("td", {}, `${s.name} (${number(s.number)})`, t.teams[s.team]?.status === "withdrawn" ? h("span",
        { class: "tag out", text: withdrawn }) : null),
      h("td", { text: number(s.won) }), h("td", { text: number(s.points) }), h("td",
        { text: number(s.scored) }))))),
    h("p", {}, h("a", { href: `${API}/tournaments/${t.id}/standings.csv?lang=${lang()}` },
      _("Standings as CSV"))));
}

/** One bracket as columns of rounds (the knockout's, the losers', the grand final). */
function columns(rounds, label, { titled = true } = {}) {
  return h("div", { class: "bracket", tabindex: "0", role: "region", "aria-label": label },
    rounds.map((round) => h("div", { class: "round", "aria-label": round.name },
    titled ? h("h3", { text: round.name }) : null,
    round.matches.map(bracketMatch))));
}

function bracketSection(bracket) {
  if (!bracket?.knockout?.length) return null;
  const losers = bracket.losers ?? [];
  const final = bracket.final ?? [];
  const third = bracket.third_place ?? null;
  const grandFinal = _("Grand final");
  const thirdPlace = _("Third-place match");
  return h("section", { "aria-labelledby": "bracket-title" },
    h("h2", { id: "bracket-title", text: losers.length ? _("Winners' bracket") : _("Bracket") }),
    columns(bracket.knockout, _("Knockout bracket, scrolls sideways")),
    losers.length ? [h("h2", { text: _("Losers' bracket") }), columns(losers,
      _("Losers' bracket, scrolls sideways"))] : null,
    final.length ? [h("h2", { text: grandFinal }), columns([{ name: grandFinal, matches: final }], grandFinal,
      { titled: false })] : null,
    third ? [h("h2", { text: thirdPlace }), columns([{ name: thirdPlace, matches: [third] }], thirdPlace,
      { titled: false })] : null);
}

/** The teams and where each stands: checked in, withdrawn, joined late. */
function teamsSection(t) {
  return h("details", { class: "card" },
    h("summary", { text: t.format === "progressive" ? _("Players ({n})", { n: t.teams.length })
      : _("Teams ({n})", { n: t.teams.length }) }),
    h("ul", { class: "team-list" }, t.teams.map((team) => h("li", {},
      h("b", { text: team.name }), " ", h("span", { class: "muted", text: team.players.join(", ") }), " ",
      teamStatus(team)))));
}
