// @ts-check
// The page of one match, opened on a player's phone from its table's QR code: "Table 5 ·
// Quarter-finals", the two teams named beside their score boxes, each game entered here, the match
// so far, live. When the tournament wants the other team to confirm each game, a game reported by
// one team is confirmed (or waited for) here.
import { API, api, problem, uuid } from "./api.js";
import { follow, h, redrawKeepingFocus, show, stillAt, toast, typing } from "./dom.js";
import { keepToken, remember } from "./store.js";
import { _, lang, number, speakOwn } from "./i18n.js";
import { gameLine, gamesSoFar, reportForm, sides, waiting } from "./match.js";

/** Match `scorer.match` of tournament `id` scored with `scorer.token` (its team: `scorer.team`). */
export async function scorerPage(id, scorer, here = stillAt()) {
  let t;
  let refusal = null; // the last refused report, in words
  let typedOpen = false; // the typed scores' section opened by hand: kept open as the page redraws
  async function load() {
    const got = await api("GET", `/tournaments/${id}`);
    if (!got.ok) throw new Error(problem(got));
    t = got.json;
  }
  try { await load(); } catch (error) { if (here()) show(h("p", { class: "banner bad",
    text: error.message })); return; }
  // the night's language
  if (await speakOwn(t.language)) return here() ? scorerPage(id, scorer, here) : undefined;

  const found = () => {
    for (const round of t.rounds) {
      const match = round.matches.find((m) => m.id === scorer.match);
      if (match) return { round, match };
    }
    return null;
  };

  async function send(method, path, body) {
    let result;
    try { result = await api(method, path, body, { token: scorer.token, key: uuid() }); } catch {
      toast(_("No connection: try again when you are back online."));
      return null;
    }
    refusal = result.ok ? null : problem(result);
    await load().catch(() => {});
    // The next game's first score box, ready for it.
    redrawKeepingFocus(render, result.ok ? ".report input" : null);
    return result;
  }

  /** The match's game on the score sheet (a new one, or the one already open at this table):
   *  the hands entered there report the match's games. */
  async function openSheet(/** @type {string} */ path) {
    let result;
    try { result = await api("POST", `${path}/sheet`, {}, { token: scorer.token, key: uuid() }); } catch {
      toast(_("No connection: try again when you are back online."));
      return;
    }
    if (!result.ok) {
      refusal = problem(result);
      render();
      return;
    }
    const game = result.json;
    // A game already open here has no token of its own to give: the table's token writes to it.
    keepToken("", game.id, game.token ?? scorer.token);
    remember(game);
    location.hash = `#/g/${game.id}`;
  }

  function render() {
    if (!here()) return;
    const playing = found();
    if (!playing) {
      const gone =
        _("This scorer link's match is no longer in the tournament: ask the organizer for the table's new QR code.");
      show(h("h1", { text: t.name }), h("p", { class: "banner bad", role: "alert", text: gone }));
      return;
    }
    const { round, match } = playing;
    const title = match.table == null ? round.name : _("Table {table} · {round}", { table: match.table,
      round: round.name });
    document.title = _("{tournament} — scorekeeper", { tournament: title });
    const path = `/tournaments/${id}/matches/${match.id}`;
    const mine = scorer.team;
    const other = (team) => match.teams.find((x) => x !== team);
    const nameOf = (team) => t.teams[team]?.name ?? "";
    const pending = waiting(match);
    const forfeit = (match.forfeit ?? []).map(nameOf);
    show(
      h("h1", { class: "match-title", text: title }),
      h("p", { class: "muted", text: t.name }),
      h("section", { class: "match-board", "aria-label": match.partnerships ? _("The table so far")
        : _("The match so far") },
        sides(match).map((name, i) => h("div",
          { class: `total${match.winner === match.teams[i] ? " leader" : ""}` },
          h("span", { class: "name", text: name }),
          h("b", { text: number(match.wins ? match.wins[i] : match.totals[i]) }),
          h("small", { text: match.wins ? _("games won · {points} points",
            { points: number(match.totals[i]) }) : _("points") })))),
      match.winner != null ? h("p", { class: "banner win", role: "status", text: _("Match over: {team} won.",
        { team: nameOf(match.winner) }) }) : null,
      forfeit.length ? h("p", { class: "banner warn", text: _("forfeited by {teams}",
        { teams: forfeit.join(", ") }) }) : null,
      refusal ? h("p", { class: "refusal", role: "alert", text: refusal }) : null,
      pending.map((game) => {
        const line = gameLine(match, game);
        if (game.reported_by != null && game.reported_by === mine) {
          const them = nameOf(other(mine));
          return h("div", { class: "card waiting", role: "status" }, h("p", { text: line }),
            h("p", { class: "muted", text: _("Waiting for {team} to confirm.", { team: them }) }));
        }
        if (mine == null) {
          return h("div", { class: "card waiting", role: "status" }, h("p", { text: line }),
            h("p", { class: "muted", text: _("Waiting for the other team to confirm.") }));
        }
        const reporter = nameOf(game.reported_by);
        return h("div", { class: "card waiting" },
          h("p", { text: _("{team} reported:", { team: reporter }) }), h("p", { class: "big", text: line }),
          h("button", { class: "primary wide", type: "button", onclick: () => send("POST",
            `${path}/games/${game.number}/confirm`) },
            _("Confirm game {n}", { n: game.number })));
      }),
      match.status !== "complete" && !pending.length && !forfeit.length
        ? h("section", { class: "card sheet-play" },
          h("p", { text: _("Enter each deal on the score sheet: it is scored by the rules and reported to the tournament.") }),
          h("button", { class: "primary wide", type: "button", onclick: () => openSheet(path) },
            match.sheet != null ? _("Go on with the score sheet") : _("Play on the score sheet")),
          // A table that keeps paper (it typed a game already) finds the form open.
          h("details", { open: typedOpen || match.results.some((r) => r.game_id == null) ? true : undefined,
            ontoggle: (/** @type {Event & { currentTarget: HTMLDetailsElement }} */ e) => {
              typedOpen = e.currentTarget.open;
            } }, h("summary", { text: _("Type the scores instead (worked out on paper)") }),
            reportForm(match, async (scores) => {
              const done = await send("POST", `${path}/games`, { scores });
              if (done?.ok) toast(_("Game sent."));
            }))) : null,
      h("section", { "aria-labelledby": "games-title" },
        h("h2", { id: "games-title", text: _("Games") }), gamesSoFar(match)),
      h("p", {}, h("a", { href: `#/t/${id}/follow` }, _("The whole tournament"))));
  }

  render();
  follow(`${API}/tournaments/${id}/events?lang=${lang()}`, async (event) => {
    const seen = JSON.parse(event.data);
    if (seen.updated_at === t.updated_at) return;
    try { await load(); } catch { return; }
    if (!typing()) redrawKeepingFocus(render, null, { live: true });
  });
}
