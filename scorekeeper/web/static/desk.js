// @ts-check
// The organizer's desk: before the draw the teams (check-in, late entries, withdrawals) and the
// draw; after it the round in play as table cards ("Table 5: Les As v Les Rois"), each with its
// report form, its scorer link and QR code, and corrections previewed before they are applied;
// then the table numbers, withdrawals, late entries where the format takes them, and advancing.
import { api, problem, uuid } from "./api.js";
import { h, toast } from "./dom.js";
import { _, _n, against } from "./i18n.js";
import { byeLine, gameLine, reportForm, roundsInPlay, scoreSoFar, sides, tableTitle, teamStatus,
  waiting } from "./match.js";
import { siteLink } from "./links.js";
import { shareLink } from "./share.js";
import { deskOrganizers } from "./organizers.js";
import { countdown } from "./progressive.js";
import { previewBox } from "./cascade.js";
import { keepToken } from "./store.js";

/** The formats as the API describes them (which take late entries, and when), or null when
 *  they cannot be read. */
export async function loadFormats() {
  const got = await api("GET", "/tournaments/formats").catch(() => null);
  return got?.ok ? got.json.formats : null;
}

// Kept across the desk's re-renders (each write draws it again): the scorer links issued on this
// page (tokens are shown once), the correction being previewed, the withdrawal being confirmed.
const issued = new Map(); // "tournament match team" → token
let correcting = null; // {match, number, scores, preview, remove?}
let earlierOpen = false; // the earlier rounds' section, opened by hand, stays open when redrawn
let confirming = null; // team index whose withdrawal waits for "Yes"
const renumbering = new Set(); // "tournament round" whose table numbers are open for editing
let deskToken = null; // the organizer's token of the desk on screen
let redraw = () => {}; // draws the page again, nothing fetched (a form opened or closed)
let wanted = null; // where the focus goes once the desk is drawn again (a selector)

/** Where the focus should go after this redraw, once. */
export function focusWanted() {
  const selector = wanted;
  wanted = null;
  return selector;
}

/** A late entry typed as "Name: player, player". */
function parseEntry(text) {
  const colon = text.indexOf(":");
  if (colon < 0) return { name: text.trim(), players: [text.trim()] };
  return { name: text.slice(0, colon).trim(),
    players: text.slice(colon + 1).split(",").map((p) => p.trim()).filter(Boolean) };
}

/** The organizer's section of a tournament's page; `desk`: {id, token, reload, render, formats,
 *  tournament}. */
export function deskSection(desk) {
  const t = desk.tournament();
  const { id, token } = desk;
  deskToken = token;
  redraw = desk.render;

  /** A write as the organizer; the desk is drawn again after it. Returns the reply, or null. */
  async function write(method, path, body, { quiet = false } = {}) {
    let result;
    try { result = await api(method, path, body, { token, key: uuid() }); } catch {
      toast(_("No connection: try again when you are back online."));
      return null;
    }
    if (!result.ok) { if (!quiet) toast(problem(result)); return result; }
    await desk.reload();
    return result;
  }

  const format = desk.formats()?.find((f) => f.key === t.format) ?? null;
  const region = h("section", { class: "card stack desk", "aria-labelledby": "desk-title" },
    h("h2", { id: "desk-title", text: _("Organizer") }));
  if (t.status === "registered") region.append(...beforeDraw(t, id, write));
  else region.append(...afterDraw(t, id, write, format));
  region.append(...deskOrganizers(t, id, token).filter(Boolean));
  const print = _("Print kit: table cards and QR codes");
  const screen = _("Projector view");
  region.append(h("p", { class: "row links" },
    h("a", { class: "button", href: `#/t/${id}/print` }, print),
    h("a", { class: "button", href: `#/t/${id}/screen` }, screen)));
  return region;
}

/** After a draw or an advance the page is another: it opens at its top, the round just built
 *  (the button pressed, far down, is gone and the browser would keep the old scroll). */
function toTop(result) {
  if (result?.ok) window.scrollTo(0, 0);
}

// -- before the draw -----------------------------------------------------------------------------

function beforeDraw(t, id, write) {
  const still = t.teams.filter((team) => team.status !== "withdrawn");
  const checked = still.filter((team) => team.status === "checked_in").length;
  const unchecked = still.length - checked;
  const counts = _("{checked} of {teams} checked in", { checked, teams: still.length });
  let warning = null;
  if (checked > 0 && unchecked > 0) {
    warning =
      _n("{n} team not checked in will not play: it is withdrawn at the draw.", "{n} teams not checked in will not play: they are withdrawn at the draw.", unchecked);
  }
  return [
    h("p", { class: "count", role: "status", text: counts }),
    h("ul", { class: "team-desk" }, t.teams.map((team) => teamRow(t, id, team, write))),
    lateEntry(id, write),
    warning ? h("p", { class: "banner warn", text: warning }) : null,
    h("button", { class: "primary wide", type: "button", onclick: () => write("POST",
      `/tournaments/${id}/draw`, {}).then(toTop) }, _("Draw the numbers")),
  ].filter(Boolean);
}

/** One team before the draw: its name, players and status, check-in, withdraw (confirmed first). */
function teamRow(t, id, team, write) {
  const out = team.status === "withdrawn";
  const checkedIn = team.status === "checked_in";
  const path = `/tournaments/${id}/teams/${team.team}/check-in`;
  // A toggle named as it reads ("Checked in", pressed or not), with a box ticked when it is.
  const checkIn = _("Checked in");
  const checkInLabel = _("{team} checked in", { team: team.name });
  return h("li", { class: `team-row${out ? " out" : ""}` },
    h("div", { class: "who" }, h("b", { text: team.name }), " ", h("span", { class: "muted",
      text: team.players.join(", ") }), " ",
      checkedIn ? null : teamStatus(team)),
    out ? null : h("div", { class: "row" },
      h("button", { type: "button", class: "check-in", "aria-pressed": String(checkedIn),
        "aria-label": checkInLabel,
        onclick: () => write(checkedIn ? "DELETE" : "POST", path) }, h("span", { class: "box",
          "aria-hidden": "true", text: checkedIn ? "✓" : "" }), checkIn),
      withdrawButton(t, id, team, write)));
}

/** "Withdraw", then "Withdraw Les As? …" with Yes and Keep. */
function withdrawButton(t, id, team, write) {
  if (confirming !== team.team) {
    const label = _("Withdraw {team}", { team: team.name });
    return h("button", { class: "danger small", type: "button", "aria-label": label,
      onclick: () => {
        confirming = team.team;
        wanted = ".confirm button.danger";
        redraw();
      } }, _("Withdraw"));
  }
  const question = t.status === "registered" ? _("Withdraw {team}? It will not be drawn.",
    { team: team.name })
    : t.format === "progressive"
      ? _("{player} leaves early? They are seated in no more rounds; their points so far stay.",
        { player: team.name })
      : _("Withdraw {team}? Its remaining games are forfeited and it plays no more.", { team: team.name });
  return h("div", { class: "confirm", role: "group", "aria-label": question },
    h("p", { text: question }),
    h("div", { class: "row" },
      h("button", { class: "danger", type: "button", onclick: async () => {
        confirming = null;
        const done = await write("POST", `/tournaments/${id}/teams/${team.team}/withdraw`);
        if (done?.ok) toast(forfeitsOf(done.json, team.team));
      } }, _("Yes, withdraw")),
      h("button", { type: "button", onclick: async () => { confirming = null; redraw(); } },
        _("Keep the team"))));
}

/** What a withdrawal did, in a sentence: its forfeited matches. */
function forfeitsOf(view, team) {
  const name = view.teams[team].name;
  const forfeited = view.rounds.flatMap((r) => r.matches).filter((m) => (m.forfeit
    ?? []).includes(team)).length;
  if (!forfeited) return _("{team} withdrew.", { team: name });
  return _n("{team} withdrew: {n} match forfeited.", "{team} withdrew: {n} matches forfeited.", forfeited,
    { team: name });
}

/** A team added late: "Name: players" in one box. */
function lateEntry(id, write) {
  const input = h("input", { id: "late-entry", autocomplete: "off", required: true,
    placeholder: _("Les As: Marie, Jean") });
  const said = h("p", { class: "field-error", role: "alert" });
  return h("form", { class: "late", onsubmit: async (event) => {
    event.preventDefault();
    const done = await write("POST", `/tournaments/${id}/teams`, parseEntry(input.value), { quiet: true });
    if (done && !done.ok) said.textContent = problem(done);
  } },
  h("label", { for: "late-entry", text: _("Late entry: name, a colon, its players") }),
  h("div", { class: "row" }, h("div", { class: "grow" }, input), h("button", { type: "submit" },
    _("Add the team"))),
  said);
}

/** A player arriving late at a progressive night: one name; seated from the next round. */
function lateArrival(id, write) {
  const input = h("input", { id: "late-entry", autocomplete: "off", required: true, maxlength: "60" });
  const said = h("p", { class: "field-error", role: "alert" });
  return h("form", { class: "late", onsubmit: async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    const done = await write("POST", `/tournaments/${id}/teams`, { name, players: [name] }, { quiet: true });
    if (done && !done.ok) said.textContent = problem(done);
    if (done?.ok) toast(_("Plays from the next round: {player}", { player: name }));
  } },
  h("label", { for: "late-entry", text: _("Late arrival: the player's name") }),
  h("div", { class: "row" }, h("div", { class: "grow" }, input), h("button", { type: "submit" },
    _("Add the player"))),
  said);
}

// -- after the draw ------------------------------------------------------------------------------

function afterDraw(t, id, write, format) {
  const parts = [];
  if (t.can_advance) {
    parts.push(h("button", { class: "primary wide", type: "button", onclick: () => write("POST",
      `/tournaments/${id}/advance`).then(toTop) }, _("Advance to the next round")));
  }
  for (const round of t.status === "playing" ? roundsInPlay(t) : []) {
    parts.push(h("h3", { class: "round-title", text: round.name }));
    if (round.ends_at && !round.closed_at) parts.push(closeRound(id, round, write));
    for (const m of round.matches) parts.push(m.kind === "bye" ? h("p", { class: "muted",
      text: byeLine(t, m) }) : tableCard(t, id, m, write));
    parts.push(tableNumbers(t, id, round, write));
  }
  const earlier = earlierRounds(t, id, write);
  if (earlier) parts.push(earlier);
  if (t.status === "playing") {
    parts.push(withdrawAfterDraw(t, id, write));
    const late = format?.late_entries;
    const drawn = t.teams.filter((team) => team.number != null).length;
    if (t.format === "progressive") parts.push(lateArrival(id, write));
    else if (late === "between_rounds" || (late === "odd_field" && drawn % 2 === 1)) parts.push(lateEntry(id,
      write));
  }
  return parts;
}

/** A round played for a time: its countdown, and once the time is up (the tables finishing the
 *  deal in play) the button that closes it. */
function closeRound(id, round, write) {
  const close = () => write("POST", `/tournaments/${id}/rounds/${round.number}/close`);
  const button = h("button", { class: "primary wide", type: "button", hidden: true, onclick: close },
    _("Close the round"));
  return h("div", { class: "round-clock-box" }, countdown(round, () => { button.hidden = false; }), button);
}

/** One table of the round in play: teams, score so far, the games (each correctable), the next
 *  game's form, and the table's scorer link. */
function tableCard(t, id, m, write) {
  const path = `/tournaments/${id}/matches/${m.id}`;
  const forfeit = (m.forfeit ?? []).map((i) => t.teams[i].name);
  const winner = m.winner != null ? _("{team} won the match.", { team: t.teams[m.winner].name }) : null;
  return h("article", { class: `desk-table ${m.status}`, "aria-label": tableTitle(m) },
    h("h4", { text: tableTitle(m) }),
    h("p", { class: "so-far", text: scoreSoFar(m) }),
    winner ? h("p", { class: "won", text: winner }) : null,
    forfeit.length ? h("p", { class: "tag out", text: _("forfeited by {teams}",
      { teams: forfeit.join(", ") }) }) : null,
    m.status !== "complete" && !waiting(m).length && !forfeit.length ? reportForm(m, async (scores) => {
      wanted = `#score-${m.id}-0`;
      const done = await write("POST", `${path}/games`, { scores });
      if (done?.ok) toast(gameLine(done.json.match, done.json.match.results.at(-1) ?? { number: 1, scores }));
    }) : null,
    waiting(m).map((game) => h("div", { class: "waiting" },
      h("p", { text: _("Waiting for confirmation: {game}", { game: gameLine(m, game) }) }),
      h("button", { type: "button", onclick: () => write("POST", `${path}/games/${game.number}/confirm`) },
        _("Confirm it")))),
    m.results.length ? h("details", { class: "corrections",
      open: correcting?.match === m.id ? true : undefined },
      h("summary", { text: _n("{n} game reported: correct one", "{n} games reported: correct one",
        m.results.length) }),
      h("ol", { class: "games-so-far" }, m.results.map((game) => correctable(t, id, m, game, write)))) : null,
    scorerLinks(t, id, m));
}

/** Every round before the ones in play (and all of them once the tournament is over), each
 *  reported game correctable or removable as in the round in play: the preview says what the
 *  later rounds lose before anything is applied. */
function earlierRounds(t, id, write) {
  const inPlay = new Set(t.status === "playing" ? roundsInPlay(t).map((r) => r.number) : []);
  const earlier = t.rounds.filter((r) => !inPlay.has(r.number)
    && r.matches.some((m) => m.results.length));
  if (!earlier.length) return null;
  const open = correcting && earlier.some((r) => r.matches.some((m) => m.id === correcting.match));
  return h("details", { class: "earlier-rounds", open: open || earlierOpen ? true : undefined,
    ontoggle: (/** @type {Event & { currentTarget: HTMLDetailsElement }} */ e) => {
      earlierOpen = e.currentTarget.open;
    } },
    h("summary", { text: t.format === "progressive" ? _("Correct a deal of an earlier round")
      : _("Correct a game of an earlier round") }),
    earlier.map((round) => h("section", { "aria-label": round.name },
      h("h3", { class: "round-title", text: round.name }),
      round.matches.filter((m) => m.results.length).map((m) => h("article", { class: "desk-table",
        "aria-label": tableTitle(m) },
      h("h4", { text: tableTitle(m) }),
      h("p", { class: "so-far", text: scoreSoFar(m) }),
      h("ol", { class: "games-so-far" }, m.results.map((game) => correctable(t, id, m, game, write))))))));
}

/** A reported game, with Correct → the scores → Preview (what a cascade would change) → Apply,
 *  or Remove → its preview → Apply. */
function correctable(t, id, m, game, write) {
  const line = gameLine(m, game);
  const mine = correcting?.match === m.id && correcting.number === game.number;
  const path = `/tournaments/${id}/matches/${m.id}/games/${game.number}`;
  if (!mine) {
    const label = _("Correct game {n} of {table}", { n: game.number, table: tableTitle(m) });
    const removing = _("Remove game {n} of {table}", { n: game.number, table: tableTitle(m) });
    return h("li", {}, h("span", { text: line }), " ",
      h("button", { type: "button", class: "small", "aria-label": label, onclick: async () => {
        correcting = { match: m.id, number: game.number, scores: [...game.scores], preview: null };
        wanted = `#fix-${m.id}-0`;
        redraw();
      } }, _("Correct")), " ",
      h("button", { type: "button", class: "small", "aria-label": removing, onclick: async () => {
        let got;
        try {
          got = await api("DELETE", `${path}?preview=true&cascade=true`, undefined, { token: deskToken });
        } catch {
          toast(_("No connection: try again when you are back online."));
          return;
        }
        if (!got.ok) { toast(problem(got)); return; }
        correcting = { match: m.id, number: game.number, scores: [...game.scores], preview: got.json,
          remove: true };
        wanted = ".preview-box button.primary";
        redraw();
      } }, _("Remove")),
      // A deal played on the score sheet: its hand is corrected there, by the organizer.
      game.hand != null ? [" ", h("button", { type: "button", class: "small",
        "aria-label": _("Correct game {n} of {table} on the score sheet", { n: game.number,
          table: tableTitle(m) }), onclick: () => {
          keepToken("", game.game_id, deskToken);
          location.hash = `#/g/${game.game_id}?hand=${game.hand}`;
        } }, _("On the score sheet"))] : null);
  }
  const cancel = async () => { correcting = null; redraw(); };
  if (correcting.remove) return h("li", { class: "correcting" }, h("span", { text: line }),
    previewOf(t, id, m, game, correcting.preview, write, cancel));
  // A score changed after its preview: the preview no longer says what would happen.
  const changed = () => {
    if (!correcting.preview) return;
    correcting.scores = inputs.map((input) => Number(input.value));
    correcting.preview = null;
    redraw();
  };
  const inputs = sides(m).map((name, i) => h("input", { id: `fix-${m.id}-${i}`, type: "number",
    required: true,
    class: "score-box", value: String(correcting.scores[i]), oninput: changed }));
  const refusal = h("p", { class: "field-error", role: "alert" });
  const heading = _("Correct game {n}", { n: game.number });
  const form = h("form", { class: "report", "aria-label": heading, onsubmit: async (event) => {
    event.preventDefault();
    correcting.scores = inputs.map((input) => Number(input.value));
    let got;
    try { got = await api("PUT", `${path}?preview=true&cascade=true`, { scores: correcting.scores },
      { token: deskToken }); } catch {
      toast(_("No connection: try again when you are back online."));
      return;
    }
    if (!got.ok) { refusal.textContent = problem(got); return; }
    correcting.preview = got.json;
    wanted = ".preview-box button.primary";
    redraw();
  } },
  h("p", { class: "game-number", text: heading }),
  sides(m).map((name, i) => h("div", { class: "score-line" }, h("label", { for: `fix-${m.id}-${i}`,
    class: "team-name", text: name }), inputs[i])),
  correcting.preview ? null : h("div", { class: "row" }, h("button", { type: "submit" },
    _("Preview the correction")), h("button", { type: "button", onclick: cancel }, _("Cancel"))),
  refusal);
  return h("li", { class: "correcting" }, h("span", { text: line }), form,
    correcting.preview ? previewOf(t, id, m, game, correcting.preview, write, cancel) : null);
}

/** What a correction would change (cascade.js), then Apply or Cancel. */
function previewOf(t, id, m, game, preview, write, cancel) {
  const removing = Boolean(correcting.remove);
  const fixed = removing ? _("Removed: {game}", { game: gameLine(m, game) })
    : gameLine(m, { number: game.number, scores: correcting.scores });
  const path = `/tournaments/${id}/matches/${m.id}/games/${game.number}?cascade=true`;
  const apply = async () => {
    const scores = correcting.scores;
    correcting = null;
    const done = removing ? await write("DELETE", path) : await write("PUT", path, { scores });
    if (done?.ok) toast(removing ? _("Game {n} removed.", { n: game.number })
      : _("Game {n} corrected.", { n: game.number }));
  };
  return previewBox(t, preview, { headline: removing ? _("What removing it changes")
    : _("What this correction changes"), fixed, apply, cancel });
}

/** The table's scorer link: issued on demand (shown once by the server, kept on this page). When
 *  the other team confirms each game, one link per team, each named. */
function scorerLinks(t, id, m) {
  if (!t.options?.confirm_games) return scorerLink(id, m, null, _("Scorer link for this table"));
  return m.teams.map((team, i) => scorerLink(id, m, team, _("Scorer link for {team}", { team: m.names[i] })));
}

function scorerLink(id, m, team, title) {
  const key = `${id} ${m.id} ${team ?? ""}`;
  const token = issued.get(key);
  const body = h("div", {});
  const anchor = team == null ? `scorer-${m.id}` : `scorer-${m.id}-${team}`;
  const draw = (value) => {
    const link = siteLink(`t/${id}?token=${encodeURIComponent(value)}`);
    body.replaceChildren(shareLink({ link, href: link, id: anchor, words: {
      name: _("Scorer link"), says: _("Opens this table's match on a player's phone, to report its games."),
      qr: _("QR code of this table's scorer link: scan it with a player's phone"),
      noCopy: _("This browser would not copy: press and hold the scorer link to copy it."),
      copied: _("Scorer link copied"), copiedToast: _("Scorer link copied."),
      title: _("500 scores: scorer link") } }));
  };
  if (token) draw(token);
  return h("details", { class: "scorer", open: token ? true : undefined, ontoggle: async (event) => {
    if (!event.target.open || issued.has(key)) return;
    let got;
    try {
      got = await api("POST", `/tournaments/${id}/matches/${m.id}/scorers`, team == null ? {} : { team },
        { token: deskToken, key: uuid() });
    } catch {
      toast(_("No connection: try again when you are back online."));
      return;
    }
    if (!got.ok) { toast(problem(got)); return; }
    issued.set(key, got.json.token);
    draw(got.json.token);
  } }, h("summary", { text: title }), body);
}

/** The round's table numbers, all editable at once; a number used twice is refused inline. */
function tableNumbers(t, id, round, write) {
  const playing = round.matches.filter((m) => m.kind !== "bye");
  const inputs = playing.map((m) => h("input", { id: `table-${m.id}`, type: "number", inputmode: "numeric",
    min: "1", max: "999",
    required: true, class: "narrow", value: m.table == null ? "" : String(m.table) }));
  const said = h("p", { class: "field-error", role: "alert" });
  const summary = _("Change the table numbers");
  const key = `${id} ${round.number}`;
  return h("details", { class: "tables-edit", open: renumbering.has(key) ? true : undefined,
    ontoggle: (event) => { if (event.target.open) renumbering.add(key); else renumbering.delete(key); } },
  h("summary", { text: summary }),
    h("form", { class: "stack", onsubmit: async (event) => {
      event.preventDefault();
      const tables = {};
      playing.forEach((m, i) => {
        if (Number(inputs[i].value) !== m.table) tables[m.id] = Number(inputs[i].value);
      });
      if (!Object.keys(tables).length) return;
      const done = await write("PUT", `/tournaments/${id}/rounds/${round.number}/tables`, { tables },
        { quiet: true });
      if (done && !done.ok) said.textContent = problem(done);
      if (done?.ok) toast(_("Table numbers saved."));
    } },
    playing.map((m, i) => h("div", { class: "score-line" }, h("label", { for: `table-${m.id}`,
      class: "team-name", text: tableOf(m) }), inputs[i])),
    said,
    h("button", { type: "submit" }, _("Save the table numbers"))));
}

/** "Table of Les As v Les Rois": the label of a match's table number. */
const tableOf = (m) => _("Table of {teams}", { teams: against(sides(m)) });

/** Withdrawing a team after the draw: pick it, confirm, and its forfeits are said. */
function withdrawAfterDraw(t, id, write) {
  const still = t.teams.filter((team) => team.status !== "withdrawn" && team.number != null);
  const summary = t.format === "progressive" ? _("A player leaves early") : _("Withdraw a team");
  return h("details", { class: "withdraw", open: confirming != null ? true : undefined }, h("summary",
    { text: summary }),
    h("ul", { class: "team-desk" }, still.map((team) => h("li", { class: "team-row" },
      h("div", { class: "who" }, h("b", { text: team.name }), " ", teamStatus(team)),
      withdrawButton(t, id, team, write)))),
    t.teams.some((team) => team.status === "withdrawn") ? h("p", { class: "muted",
      text: withdrawnList(t) }) : null);
}

function withdrawnList(t) {
  const names = t.teams.filter((team) => team.status === "withdrawn").map((team) => team.name).join(", ");
  return t.format === "progressive" ? _("Left early: {players}", { players: names })
    : _("Withdrawn: {teams}", { teams: names });
}
