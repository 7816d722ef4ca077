// A tournament: its standings, bracket and rounds, followed live; the organizer's draw, advance
// and match reports.
import { API, api, problem, uuid } from "./api.js";
import { follow, h, main, show, toast } from "./dom.js";
import { tokenOf } from "./store.js";
import { _, against, lang, number } from "./i18n.js";

export async function tournamentPage(id) {
  const token = tokenOf("t", id);
  let t, bracket;
  async function load() {
    const got = await api("GET", `/tournaments/${id}`);
    if (!got.ok) throw new Error(problem(got));
    t = got.json;
    bracket = t.status === "registered" ? null : (await api("GET", `/tournaments/${id}/bracket`)).json;
  }
  try { await load(); } catch (error) { show(h("p", { class: "banner bad", text: error.message })); return; }
  const name = (team) => (team == null ? "—" : t.teams[team].name);

  async function write(method, path, body) {
    let result;
    try { result = await api(method, path, body, { token, key: uuid() }); } catch { toast(_("No connection: try again when you are back online.")); return; }
    if (!result.ok) { toast(problem(result)); return; }
    await load();
    render();
  }

  function reportForm(match) {
    const inputs = match.teams.map((team, i) => h("input", { type: "number", inputmode: "numeric", required: true, "aria-label": _("{team} score", { team: name(team) }), name: `s${i}`, class: "narrow" }));
    return h("form", { class: "row", onsubmit: (e) => {
      e.preventDefault();
      write("POST", `/tournaments/${id}/matches/${match.id}/games`, { scores: inputs.map((x) => Number(x.value)) });
    } }, ...inputs, h("button", { type: "submit" }, _("Report game {n}", { n: match.results.length + 1 })));
  }

  function render() {
    document.title = _("{tournament} — scorekeeper", { tournament: t.name });
    const open = t.rounds.flatMap((r) => r.matches).filter((m) => m.status !== "complete");
    show(
      h("h1", { text: t.name }),
      t.champion != null ? h("p", { class: "banner win", role: "status", text: _("Champions: {team}", { team: name(t.champion) }) }) : h("p", { class: "muted", text: t.next_step }),
      token ? h("section", { class: "card stack", "aria-label": _("Organizer") }, h("h2", { text: _("Organizer") }),
        t.status === "registered" ? h("button", { class: "primary", type: "button", onclick: () => write("POST", `/tournaments/${id}/draw`, {}) }, _("Draw the numbers")) : null,
        t.can_advance ? h("button", { class: "primary", type: "button", onclick: () => write("POST", `/tournaments/${id}/advance`) }, _("Advance to the next round")) : null,
        ...open.filter((m) => m.kind !== "bye").map((m) => h("div", {}, h("p", { text: `${m.id}: ${against(m.names)} (${m.wins ? m.wins.map(number).join("–") : m.totals.map(number).join(", ")})` }), reportForm(m)))) : null,
      bracket?.knockout?.length ? h("section", {}, h("h2", { text: _("Bracket") }),
        h("div", { class: "bracket", tabindex: "0", role: "region", "aria-label": _("Knockout bracket, scrolls sideways") }, bracket.knockout.map((round) => h("div", { class: "round", "aria-label": round.name },
          h("h3", { text: round.name }),
          round.matches.map((m) => h("div", { class: "match" }, m.slots.map((slot) => h("div", { class: `slot${slot && m.winner === slot.team && slot.team != null ? " won" : ""}` },
            h("span", { text: slot ? (slot.name ?? _("Seed {n}", { n: slot.seed })) : (m.slots.length === 2 ? "—" : _("bye")) }),
            h("span", { text: slot?.wins != null ? number(slot.wins) : "" }))))))))) : null,
      t.standings.length ? h("section", {}, h("h2", { text: _("Standings") }),
        h("table", { class: "sheet" }, h("thead", {}, h("tr", {}, // i18n: the standings' columns: rank, team, matches won, points, card points scored
          ["#", _("Team"), _("Won"), _("Pts"), _("Scored")].map((x) => h("th", { scope: "col", text: x })))),
          h("tbody", {}, t.standings.map((s) => h("tr", {}, h("td", { text: number(s.rank) }), h("td", { text: `${s.name} (${s.number})` }),
            h("td", { text: number(s.won) }), h("td", { text: number(s.points) }), h("td", { text: number(s.scored) }))))),
        h("p", {}, h("a", { href: `${API}/tournaments/${id}/standings.csv?lang=${lang()}` }, _("Standings as CSV")))) : null,
      t.rounds.filter((r) => r.kind !== "knockout").map((r) => h("section", { class: "card" }, h("h2", { text: r.name }),
        h("ul", {}, r.matches.map((m) => h("li", { text: `${against(m.names)}: ${m.kind === "bye" ? _("bye") : m.wins ? m.wins.map(number).join("–") : m.totals.map(number).join(", ")}${m.winner != null ? ` — ${name(m.winner)}` : ""}` }))))));
  }

  render();
  follow(`${API}/tournaments/${id}/events?lang=${lang()}`).addEventListener("update", async (event) => {
    const seen = JSON.parse(event.data);
    if (seen.updated_at === t.updated_at) return;
    await load();
    if (!main.contains(document.activeElement) || document.activeElement === main) render();
  });
}
