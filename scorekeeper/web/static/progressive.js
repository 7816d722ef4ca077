// @ts-check
// A progressive night in words: its players pasted one a line, each table's two partnerships
// ("Table 3: Ann & Bo (N–S) v Cy & Di (E–W)"), who sits where (the first of North-South sits
// North, the second South; the first of East-West East, the second West), and the prizes.
import { h } from "./dom.js";
import { _, _n, number } from "./i18n.js";

/** The fewest and most players a night takes (the API's PROGRESSIVE_PLAYERS). */
export const PLAYERS = [8, 64];

/** The deals a table of a round played for a time may take (the API's TIMED_DEALS): no count. */
export const TIMED_DEALS = 99;

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

/** "2 of 8 deals played"; "5 deals played" in a round played for a time. */
export const dealsPlayed = (m) => (m.games === TIMED_DEALS
  ? _n("{n} deal played", "{n} deals played", m.results.length, { n: number(m.results.length) })
  : _("{n} of {deals} deals played", { n: number(m.results.length), deals: number(m.games) }));

/** "19:05": a time left, in minutes and seconds (rounded up, so 0:00 is the end). */
export function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A round played for a time, in words: its time left, up, or closed; `now` in ms. */
export function roundClock(round, now) {
  if (round.closed_at) return { up: true, text: _("Round closed") };
  const left = Date.parse(round.ends_at) - now;
  if (left > 0) return { up: false, text: _("Time left: {clock}", { clock: clockText(left) }) };
  return { up: true, text: _("Time is up: finish the deal in play") };
}

/** The countdown of a round played for a time, counted on the page's own clock each second (no
 *  request); `onUp` is called once the time is up. The timer ends when the element leaves the
 *  page. */
export function countdown(round, onUp) {
  const line = h("p", { class: "round-clock", role: "timer" });
  let seen = false;
  const tick = () => {
    const { up, text } = roundClock(round, Date.now());
    line.textContent = text;
    line.classList.toggle("up", up);
    if (up) onUp?.();
    return up;
  };
  if (!tick()) {
    const timer = setInterval(() => {
      seen ||= line.isConnected;
      if ((seen && !line.isConnected) || tick()) clearInterval(timer);
    }, 1000);
  }
  return line;
}

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
