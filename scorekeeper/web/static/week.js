// @ts-check
// A club night's results sheet (#/c/{id}/week?date=YYYY-MM-DD, default the latest night): the
// night's games, its tournaments' placings, each one's wins and the milestones it made, from GET
// /clubs/{id}/nights/{night}. One column, printed on A4 (app.css, "The weekly sheet"), in the
// club's language. The club's projector (clubscreen.js) reads the same night.
import { api, problem } from "./api.js";
import { h, show, stillAt } from "./dom.js";
import { _, _p, date, number, speakOwn } from "./i18n.js";
import { tokenOf } from "./store.js";

/** The browser's time zone: the club's, for a phone or a projector in the room. */
export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** GET the night (`night`: YYYY-MM-DD or "latest") as this phone's club token reads it. */
export const nightPath = (id, night) => `/clubs/${id}/nights/${night}?tz=${encodeURIComponent(timeZone())}`;

/** A milestone in words: "Marie B.: first open misère made". */
export function milestoneText(m) {
  const first = m.count === 1;
  const values = { name: m.name, n: number(m.count) };
  switch (m.figure) {
    case "games": return first ? _("{name}: first game", values) : _("{name}: {n} games played", values);
    case "won": return first ? _("{name}: first win", values) : _("{name}: {n} games won", values);
    case "slam": return first ? _("{name}: first slam", values) : _("{name}: {n} slams", values);
    case "open_misere.made": return first ? _("{name}: first open misère made", values)
      : _("{name}: {n} open misères made", values);
    default: return first ? _("{name}: first misère made", values) : _("{name}: {n} misères made", values);
  }
}

/** One game: the sides with their players and scores, the winner marked. */
export function gameLine(g) {
  return h("li", { class: "night-game", "data-game": g.id },
    h("span", { class: "sides" }, g.sides.flatMap((s, i) => [i ? h("span", { class: "versus",
      text: ` ${_p("versus", "v")} ` }) : null,
    h("span", { class: s.won ? "side won" : "side" },
      h("strong", { text: s.name }),
      s.players.length ? h("span", { class: "who",
        text: ` (${s.players.map((p) => p.name).join(", ")})` }) : null,
      h("span", { class: "score", text: ` ${number(s.score)}` }))])));
}

/** How a line of the ladder moved since the night before: "▲ 2", "▼ 1", "new", or nothing. */
export function moved(line) {
  if (line.before === null) return { kind: "new", text: _("new"), label: _("newly listed") };
  const by = line.before - line.place;
  if (by > 0) return { kind: "up", text: `▲ ${number(by)}`, label: _("up {n}", { n: number(by) }) };
  if (by < 0) return { kind: "down", text: `▼ ${number(-by)}`, label: _("down {n}", { n: number(-by) }) };
  return null;
}

const LADDER_TOP = 20; // lines of the season's ladder printed whether they moved or not

/** A ladder's place as written: "=2" for a shared one. */
export const placeOf = (line) => (line.tied ? `=${number(line.place)}` : number(line.place));

/** A table's head, its names' column (`name`) left-aligned and widest. */
const heads = (titles, name) => h("thead", {}, h("tr", {}, titles.map((x, i) => h("th",
  { scope: "col", class: i === name ? "name" : null, text: x }))));

function moversTable(rows) {
  return h("table", { class: "week-table" },
    heads(["#", _("Player"), _("Pts"), _("Move")], 1),
    h("tbody", {}, rows.map((line) => {
      const move = moved(line);
      return h("tr", {}, h("td", { text: placeOf(line) }), h("td", { class: "name", text: line.player.name }),
        h("td", { text: number(line.points) }),
        h("td", { class: `move ${move?.kind ?? ""}`, text: move?.text ?? "", "aria-label": move?.label }));
    })));
}

function section(id, title, ...body) {
  return h("section", { class: "week-part", "aria-labelledby": id }, h("h2", { id, text: title }), ...body);
}

function winsTable(rows) {
  // i18n: the weekly sheet's columns: a player, games played, games won that night
  return h("table", { class: "week-table" },
    heads([_("Player"), _("Games"), _("Won")], 0),
    h("tbody", {}, rows.map((w) => h("tr", {},
      h("td", { class: "name", text: w.name }), h("td", { text: number(w.games) }),
      h("td", { text: number(w.won) })))));
}

function placingPart(t) {
  return h("div", { class: "week-tournament" }, h("h3", { text: t.name }),
    h("table", { class: "week-table" },
      heads(["#", _("Team"), _("Pts")], 1),
      h("tbody", {}, t.standings.map((s) => h("tr", {}, h("td", { text: number(s.rank) }),
        h("td", { class: "name", text: s.name }), h("td", { text: number(s.points) }))))));
}

/** The sheet of club `id`'s night `night` (YYYY-MM-DD), or of its latest night. */
export async function weekPage(id, night = null) {
  const here = stillAt();
  const token = tokenOf("c", id) ?? null;
  let got;
  try { got = await api("GET", nightPath(id, night ?? "latest"), undefined, { token }); } catch (error) {
    if (here()) show(h("h1", { text: _("Club") }), h("p", { class: "banner bad", text: String(error) }));
    return;
  }
  if (!here()) return;
  if (!got.ok) {
    show(h("h1", { text: _("Club") }), h("p", { class: "banner bad", text: problem(got) }));
    return;
  }
  const n = got.json;
  if (await speakOwn(n.club.language)) { if (here()) weekPage(id, night); return; }
  document.body.classList.add("week-sheet");
  document.title = _("{club} — scorekeeper", { club: n.club.name });
  const day = date(`${n.date}T12:00:00Z`);
  const picker = h("input", { type: "date", id: "week-date", value: n.date, onchange: () => {
    if (picker.value) location.hash = `#/c/${id}/week?date=${picker.value}`;
  } });
  const empty = (text) => h("p", { class: "muted", text });
  // The ladder's head, and further down only the lines the night moved: a page, not 300 lines.
  const ladderRows = (n.ladder ?? []).filter((line, i) => i < LADDER_TOP || moved(line));
  show(h("article", { class: "week" },
    h("div", { class: "week-controls no-print row" },
      h("a", { href: `#/c/${id}` }, n.club.name),
      h("label", { for: "week-date", text: _("Night") }), picker,
      h("button", { type: "button", onclick: () => window.print() }, _("Print"))),
    h("header", { class: "week-head" }, h("h1", { text: n.club.name }),
      h("p", { class: "week-date", text: _("Club night of {date}", { date: day }) })),
    section("week-milestones", _("Milestones"), n.milestones.length
      ? h("ul", { class: "week-milestones" }, n.milestones.map((m) => h("li", { text: milestoneText(m) })))
      : empty(_("No milestone this night."))),
    n.season ? section("week-movers", _("Ladder: {season}", { season: n.season.name }), ladderRows.length
      ? moversTable(ladderRows) : empty(_("No place changed this night."))) : null,
    n.placings.length ? section("week-placings", _("Placings"), n.placings.map(placingPart)) : null,
    section("week-wins", _("Wins"), n.wins.length ? winsTable(n.wins)
      : empty(_("No game finished this night."))),
    n.games.length ? section("week-games", _("Games"),
      h("ol", { class: "night-games" }, n.games.map(gameLine))) : null));
}

window.addEventListener("hashchange", () => {
  if (!/^#\/c\/\d+\/week\b/.test(location.hash)) document.body.classList.remove("week-sheet");
});
