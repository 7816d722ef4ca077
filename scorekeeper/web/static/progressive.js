// @ts-check
// A progressive night in words: its players pasted one a line, each table's two partnerships
// ("Table 3: Ann & Bo (N–S) v Cy & Di (E–W)"), who sits where (the first of North-South sits
// North, the second South; the first of East-West East, the second West), and the prizes.
import { _, number } from "./i18n.js";

/** The fewest and most players a night takes (the API's PROGRESSIVE_PLAYERS). */
export const PLAYERS = [8, 64];

/** The players as pasted, one a line: [{line, name, problem}] for each line not blank. */
export function parsePlayers(text, longest) {
  const seen = new Map();
  const players = [];
  text.split("\n").forEach((raw, i) => {
    const name = raw.trim();
    if (!name) return;
    const at = i + 1;
    const key = name.toLowerCase();
    let problem = null;
    if (name.length > longest) {
      problem = _("Line {n}: {name} is longer than {most} characters.",
        { n: at, name: `${name.slice(0, 12)}…`, most: longest });
    } else if (seen.has(key)) {
      problem = _("Line {n}: {player} is already on line {first}.",
        { n: at, player: name, first: seen.get(key) });
    }
    if (!seen.has(key)) seen.set(key, at);
    players.push({ line: at, name, problem });
  });
  return players;
}

/** The seats of a table in the order North, East, South, West: [{seat, name, player}]. */
export function seats(m) {
  const [ns, ew] = m.partnerships;
  return [
    { seat: "north", name: ns.names[0], player: ns.players[0] },
    { seat: "east", name: ew.names[0], player: ew.players[0] },
    { seat: "south", name: ns.names[1], player: ns.players[1] },
    { seat: "west", name: ew.names[1], player: ew.players[1] },
  ];
}

/** A seat's name. */
export function seatName(seat) {
  const words = { north: _("North"), east: _("East"), south: _("South"), west: _("West") };
  return words[seat];
}

/** "Ann & Bo (N–S) v Cy & Di (E–W)". */
export function partnershipsLine(m) {
  const [ns, ew] = m.partnerships;
  return _("{ns} (N–S) v {ew} (E–W)", { ns: ns.names.join(" & "), ew: ew.names.join(" & ") });
}

/** "Table 3: Ann & Bo (N–S) v Cy & Di (E–W)". */
export function partnershipsTitle(m) {
  return _("Table {table}: {teams}", { table: m.table, teams: partnershipsLine(m) });
}

/** "2 of 8 deals played". */
export const dealsPlayed = (m) => _("{n} of {deals} deals played", { n: number(m.results.length),
  deals: number(m.games) });

/** Where each player of a round sits, alphabetical: [{name, table, seat}], seat null for a sit-out. */
export function whoSitsWhere(round) {
  const rows = round.matches.flatMap((m) => (m.kind === "partnerships"
    ? seats(m).map((s) => ({ name: s.name, table: m.table, seat: s.seat }))
    : m.names.map((name) => ({ name, table: null, seat: null }))));
  return rows.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
}

/** A prize's name. */
export function prizeName(prize) {
  const words = { high: _("High score"), second: _("Second"), booby: _("Booby prize") };
  return words[prize] ?? prize;
}
