// @ts-check
// One match of a tournament as the organizer's desk and a table's scorer page show it: its table
// and teams in words ("Table 5: Les As v Les Rois"), the match so far, and the form that reports
// its next game with each score box beside its team's name.
import { h } from "./dom.js";
import { _, against, number } from "./i18n.js";
import { dealsPlayed, partnershipsTitle } from "./progressive.js";

/** The names of a match's sides, one per score: its teams, or at a progressive night's table its
 *  two partnerships ("Ann & Bo"). */
export const sides = (match) => (match.partnerships
  ? match.partnerships.map((p) => p.names.join(" & ")) : match.names);

/** "Table 5: Les As v Les Rois" (a match without a table: the teams alone); at a progressive
 *  night's table "Table 3: Ann & Bo (N–S) v Cy & Di (E–W)". */
export function tableTitle(match) {
  if (match.partnerships && match.table != null) return partnershipsTitle(match);
  const teams = against(sides(match));
  return match.table == null ? teams : _("Table {table}: {teams}", { table: match.table, teams });
}

// Between two teams' numbers, "300–120", never broken across two lines (word joiners).
const DASH = "\u2060–\u2060";

/** The score so far in one line: games won when the match counts them, else the points. */
export function scoreSoFar(match) {
  if (match.kind === "bye") return _("bye");
  const points = match.totals.map(number).join(DASH);
  if (match.partnerships) return `${_("Points: {points}", { points })} · ${dealsPlayed(match)}`;
  if (!match.wins) return _("Points: {points}", { points });
  const wins = match.wins.map(number).join(DASH);
  return _("Games won: {wins} · points: {points}", { wins, points });
}

/** "Les As: bye"; at a progressive night "Sitting out this round: Ann". */
export const byeLine = (t, m) => (t.format === "progressive"
  ? _("Sitting out this round: {player}", { player: m.names[0] }) : _("{team}: bye", { team: m.names[0] }));

/** The games reported so far, one line each with the teams named: "Game 1: Les As 300, Les Rois 100". */
export function gamesSoFar(match) {
  if (!match.results.length) return h("p", { class: "muted", text: _("No game counted yet.") });
  return h("ol", { class: "games-so-far" }, match.results.map((game) => h("li", {},
    h("span", { text: gameLine(match, game) }))));
}

/** "Game 2: Les As 300, Les Rois 100". */
export function gameLine(match, game) {
  const scores = sides(match).map((name, i) => _("{team} {score}", { team: name,
    score: number(game.scores[i]) })).join(", ");
  return _("Game {n}: {scores}", { n: game.number, scores });
}

/** The games still waiting for the other team to confirm them (confirm_games). */
export const waiting = (match) => match.unconfirmed ?? [];

/** The number of the match's next game. */
export const nextGame = (match) => match.results.length + waiting(match).length + 1;

/** The form reporting the next game of `match`: the game's number, a big score box beside each
 *  team's name, one button. `send(scores)` sends it; the form stays filled when it fails. */
export function reportForm(match, send, { id = match.id } = {}) {
  const n = nextGame(match);
  // No inputmode "numeric": a phone's digits-only pad has no minus, and a side that went set
  // scores below zero.
  const inputs = sides(match).map((name, i) => h("input", {
    id: `score-${id}-${i}`, type: "number", required: true, class: "score-box",
    name: `s${i}`, autocomplete: "off" }));
  const heading = _("Game {n}", { n });
  return h("form", { class: "report", "aria-label": _("Report game {n}", { n }), onsubmit: async (event) => {
    event.preventDefault();
    const button = event.target.querySelector("button");
    button.disabled = true;
    try { await send(inputs.map((input) => Number(input.value))); } finally { button.disabled = false; }
  } },
  h("p", { class: "game-number", text: heading }),
  sides(match).map((name, i) => h("div", { class: "score-line" },
    h("label", { for: `score-${id}-${i}`, class: "team-name", text: name }), inputs[i])),
  h("button", { class: "primary", type: "submit" }, _("Send game {n}", { n })));
}

const open = (round) => round.matches.some((m) => m.kind !== "bye" && m.status !== "complete");

/** The rounds in play: of each kind of round (a league's, the winners' and the losers' brackets,
 *  the grand final), the first with a match still to finish; else the last round. A round robin
 *  has all its rounds from the draw: only the first unfinished one is in play. */
export function roundsInPlay(t) {
  const first = new Map();
  for (const round of t.rounds) if (open(round) && !first.has(round.kind)) first.set(round.kind, round);
  if (first.size) return [...first.values()];
  return t.rounds.length ? [t.rounds.at(-1)] : [];
}

/** A team's status as a chip. */
export function teamStatus(team) {
  if (team.status === "withdrawn") {
    const when = team.withdrawn_round != null ? _("withdrew in round {n}",
      { n: team.withdrawn_round }) : _("withdrew");
    return h("span", { class: "tag out", text: when });
  }
  if (team.joined_round != null) return h("span", { class: "tag", text: _("joined in round {n}",
    { n: team.joined_round }) });
  if (team.status === "checked_in") return h("span", { class: "tag in", text: _("checked in") });
  if (team.status === "registered" && team.number == null) return h("span", { class: "tag",
    text: _("not checked in") });
  return null;
}

/** A bracket's match: its two slots, the winner's in bold. */
export function bracketMatch(m) {
  const bye = _("bye");
  return h("div", { class: "match" }, m.slots.map((slot) => h("div",
    { class: `slot${slot && slot.team != null && m.winner === slot.team ? " won" : ""}` },
    h("span", { class: "name", text: slot ? (slot.name ?? _("Seed {n}",
      { n: slot.seed })) : (m.kind === "bye" || m.slots.length < 2 ? bye : "—") }),
    h("span", { class: "wins", text: slot?.wins != null ? number(slot.wins) : "" }))));
}
