// @ts-check
// The club's projector (#/c/{id}/screen): tonight on a 16:9 wall, read from the back of the room.
// The season's ladder with each one's move since the night before (tonight's wins when no
// season covers tonight) beside tonight's games, the milestones under them. No live stream covers a
// whole club, so the wall asks again every POLL_MS with If-None-Match (a 304 costs the server one
// query and sends no body) and redraws only what changed.
import { API } from "./api.js";
import { h, show } from "./dom.js";
import { _, lang, number, speakOwn } from "./i18n.js";
import { tokenOf } from "./store.js";
import { gameLine, milestoneText, moved, nightPath, placeOf } from "./week.js";

const POLL_MS = 30000;
// Rows of a panel, and milestones under them at once (more are shown in turn, every CYCLE_MS):
// the rows' height is in vh (app.css), so the same numbers fit at any 16:9 size.
const ROWS = 6;
const AT_ONCE = 4;
const CYCLE_MS = 8000;
const NIGHT_STARTS = 6; // a night runs 6 a.m. to 6 a.m. (scorekeeper/nights.py)

let shown = null; // the wall on screen: {id, timer, turner}

function leave() {
  if (shown) { clearInterval(shown.timer); clearInterval(shown.turner); }
  shown = null;
  document.body.classList.remove("projector");
}

window.addEventListener("hashchange", () => { if (!/^#\/c\/\d+\/screen\b/.test(location.hash)) leave(); });

/** Tonight's date here, YYYY-MM-DD: before 6 a.m. it is still last evening's night. */
function tonight() {
  const at = new Date(Date.now() - NIGHT_STARTS * 3600 * 1000);
  const two = (k) => String(k).padStart(2, "0");
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

function panel(kind, title, ...body) {
  return h("section", { class: `wall-panel panel-${kind}` }, h("h2", {}, h("span", { text: title })),
    ...body);
}

function winsPanel(rows) {
  // i18n: the club projector's columns: rank, player, games played and won tonight
  const heads = ["#", _("Player"), _("Games"), _("Won")];
  let rank = 0;
  return panel("wins", _("Tonight's wins"), rows.length ? h("table", { class: "wall-standings" },
    h("thead", {}, h("tr", {}, heads.map((x) => h("th", { scope: "col", text: x })))),
    h("tbody", {}, rows.slice(0, ROWS).map((w, i) => {
      if (i === 0 || w.won !== rows[i - 1].won) rank = i + 1; // the same wins, the same place
      return h("tr", {}, h("td", { text: number(rank) }), h("td", { text: w.name }),
        h("td", { text: number(w.games) }), h("td", { text: number(w.won) }));
    }))) : h("p", { class: "wall-empty", text: _("No game finished tonight yet.") }));
}

/** The season's ladder, its top ROWS, each line's move since the night before. */
function ladderPanel(season, ladder) {
  // i18n: the club projector's ladder columns: place, player, points, move since last night
  const heads = ["#", _("Player"), _("Pts"), _("Move")];
  return panel("ladder", season.name, ladder.length ? h("table", { class: "wall-standings wall-ladder" },
    h("thead", {}, h("tr", {}, heads.map((x) => h("th", { scope: "col", text: x })))),
    h("tbody", {}, ladder.slice(0, ROWS).map((line) => {
      const move = moved(line);
      return h("tr", {}, h("td", { text: placeOf(line) }), h("td", { text: line.player.name }),
        h("td", { text: number(line.points) }),
        h("td", { class: `move ${move?.kind ?? ""}`, text: move?.text ?? "", "aria-label": move?.label }));
    }))) : h("p", { class: "wall-empty", text: _("No one listed yet.") }));
}

function gamesPanel(games) {
  const latest = [...games].reverse().slice(0, ROWS);
  return panel("games", _("Tonight's games"), h("ol", { class: "wall-games" }, latest.map(gameLine)));
}

export async function clubScreenPage(id) {
  leave();
  document.body.classList.add("projector");
  const view = { id, timer: null, turner: null };
  shown = view;
  const token = tokenOf("c", id) ?? null;
  let etag = null;
  let night = null;
  /** The night again; true when it changed. */
  async function load() {
    /** @type {Record<string, string>} */
    const headers = { Accept: "application/json", "Accept-Language": lang() };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (etag) headers["If-None-Match"] = etag;
    const response = await fetch(API + nightPath(id, tonight()), { headers, cache: "no-store" });
    if (response.status === 304) return false;
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new Error(body?.message ?? String(response.status));
    etag = response.headers.get("ETag");
    night = body;
    return true;
  }
  const exit = _("exit");
  const fail = (message) => show(h("div", { class: "wall" }, h("p", { class: "wall-problem", text: message }),
    h("a", { class: "wall-exit", href: `#/c/${id}` }, exit)));
  try { await load(); } catch (error) { if (shown === view) fail(error.message); return; }
  if (shown !== view) return;
  if (await speakOwn(night.club.language)) return shown === view ? clubScreenPage(id) : undefined;

  const title = h("h1");
  const when = h("p", { class: "wall-round" });
  const panels = h("div", { class: "wall-panels" });
  const ticker = h("ul", { class: "wall-milestones" });
  const wall = h("div", { class: "wall club-wall" }, h("header", { class: "wall-head" }, title, when),
    panels, ticker, h("a", { class: "wall-exit", href: `#/c/${id}` }, exit));
  function render() {
    document.title = _("{club} — scorekeeper", { club: night.club.name });
    title.textContent = night.club.name;
    when.textContent = _("Tonight");
    // The season's ladder when there is one, else tonight's wins; tonight's games beside it.
    const first = night.season ? ladderPanel(night.season, night.ladder) : winsPanel(night.wins);
    panels.replaceChildren(...[first, night.games.length ? gamesPanel(night.games) : null].filter(Boolean));
    turn = 0;
    showMilestones();
  }
  let turn = 0;
  /** The next AT_ONCE milestones (the night's first again after its last). */
  function showMilestones() {
    const all = night.milestones;
    if (turn >= all.length) turn = 0;
    ticker.replaceChildren(...all.slice(turn, turn + AT_ONCE)
      .map((m) => h("li", { text: milestoneText(m) })));
    ticker.hidden = !all.length;
  }
  render();
  show(wall);
  view.turner = setInterval(() => {
    if (shown !== view || night.milestones.length <= AT_ONCE) return;
    turn += AT_ONCE;
    showMilestones();
  }, CYCLE_MS);
  view.timer = setInterval(async () => {
    if (shown !== view) return;
    try { if (await load() && shown === view) render(); } catch { /* the wall keeps what it shows */ }
  }, POLL_MS);
}
