// @ts-check
// Running a tournament from the page: its name, game, format and the format's options in words,
// the teams pasted one per line ("Les As: Marie, Jean"), or a progressive night's players one a line,
// checked here before sending; then the organizer's link, shown once, with its QR code.
import { api, problem, uuid } from "./api.js";
import { h, show, stillAt, toast } from "./dom.js";
import { _, _n, lang, languages, number } from "./i18n.js";
import { siteLink } from "./links.js";
import { shareLink } from "./share.js";
import { recoverySheet } from "./organizers.js";
import { keepToken } from "./store.js";
import { PLAYERS, parsePlayers } from "./progressive.js";

/** An option's name in words; the API's own description is shown under it. */
function optionLabel(name) {
  const labels = {
    points_per_game: _("Standings points for each game won"),
    game_unit: _("One game of a match is"),
    seeding: _("Seeds"),
    games_per_match: _("Games in each match"),
    rounds: _("Rounds"),
    deals_per_round: _("Deals in each round"),
    round_minutes: _("Minutes in each round (0: by deals)"),
    table_size: _("Players at each table"),
    confirm_games: _("The other team confirms each game"),
    grand_final_reset: _("A second grand final if the losers' side wins the first"),
    third_place: _("A match for third place"),
  };
  return labels[name] ?? name;
}

/** A choice of an option in words. */
function choiceLabel(value) {
  const words = {
    deal: _("one deal, its scores reported"),
    game: _("a whole game to the target"),
    draw: _("drawn at random"),
    listed: _("the order the teams are listed"),
  };
  return words[value] ?? (typeof value === "number" ? number(value) : String(value));
}

/** The longest name of a team or a player the API takes. */
export const MAX_NAME = 60;

/** The teams as pasted, one per line: [{line, name, players, problem}] for each line not blank.
 *  `sizes`: the team sizes the variant and format take. Each line gets its first problem, in the
 *  order the API checks them: the form of the line, its names, who plays twice, its size. */
export function parseTeams(text, sizes) {
  const teams = [];
  const names = new Map();
  const players = new Map();
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const at = i + 1;
    const colon = line.indexOf(":");
    let team;
    if (colon < 0) {
      // A player alone (Rummy tables, or a game played one against one) is a team of one named
      // after the player.
      team = sizes.includes(1) ? { line: at, name: line, players: [line] } : { line: at, name: line,
        players: [],
        problem: _("Line {n}: put a colon between the team's name and its players, e.g. “Les As: Marie, Jean”.", { n: at }) };
    } else {
      const name = line.slice(0, colon).trim();
      const listed = line.slice(colon + 1).split(",").map((p) => p.trim()).filter(Boolean);
      team = { line: at, name, players: listed };
      if (!name) team.problem = _("Line {n}: the team has no name before the colon.", { n: at });
    }
    const long = [team.name, ...team.players].find((n) => n.length > MAX_NAME);
    if (!team.problem && long) team.problem = _("Line {n}: {name} is longer than {most} characters.",
      { n: at, name: `${long.slice(0, 12)}…`, most: MAX_NAME });
    const key = team.name.toLowerCase();
    if (!team.problem && names.has(key)) team.problem = _("Line {n}: {team} is already on line {first}.",
      { n: at, team: team.name, first: names.get(key) });
    if (!team.problem) {
      const keys = team.players.map((p) => p.toLowerCase());
      const again = team.players[keys.findIndex((key, k) => keys.indexOf(key) !== k)];
      const twice = team.players.find((p) => players.has(p.toLowerCase())
        && players.get(p.toLowerCase()) !== at);
      if (again) {
        // named as first written
        const first = team.players[keys.indexOf(again.toLowerCase())];
        team.problem = _("Line {n}: {player} is twice on this line.", { n: at, player: first });
      }
      else if (twice) {
        team.problem = _("Line {n}: {player} already plays on line {first}.",
          { n: at, player: twice, first: players.get(twice.toLowerCase()) });
      }
    }
    if (!team.problem && team.players.length && !sizes.includes(team.players.length)) {
      const wanted = sizes.map(number).join(" / ");
      team.problem =
        _n("Line {line}: {n} player; a team here has {wanted}.", "Line {line}: {n} players; a team here has {wanted}.", team.players.length, { line: at, wanted });
    }
    names.set(key, names.get(key) ?? at);
    for (const p of team.players) if (!players.has(p.toLowerCase())) players.set(p.toLowerCase(), at);
    teams.push(team);
  });
  // Every team has one size: the one most lines have (the first line's on a tie), as the API says.
  const counts = teams.filter((t) => !t.problem).map((t) => t.players.length);
  const usual = counts.reduce((best, n) => (counts.filter((c) => c === n).length
    > counts.filter((c) => c === best).length ? n : best), counts[0]);
  for (const team of teams) {
    if (team.problem || team.players.length === usual) continue;
    team.problem = _n("Line {line}: {n} player; the other teams have {size}.",
      "Line {line}: {n} players; the other teams have {size}.", team.players.length,
      { line: team.line, size: number(usual) });
  }
  return teams;
}

export async function newTournamentPage() {
  document.title = _("Run a tournament — scorekeeper");
  const here = stillAt();
  const [variantsGot, formatsGot] = await Promise.all([api("GET", "/variants"), api("GET",
    "/tournaments/formats")])
    .catch(() => [null, null]);
  if (!here()) return;
  if (!variantsGot?.ok || !formatsGot?.ok) {
    const message = variantsGot && !formatsGot?.ok && formatsGot ? problem(formatsGot) :
      _("The server cannot be reached. Try again when you are back online.");
    show(h("p", { class: "banner bad", text: message }));
    return;
  }
  const variants = variantsGot.json;
  const formats = formatsGot.json.formats;
  let variant = variants[0];
  let format = null;
  let options = {};
  const takes = (f) => f.variants.includes(variant.key);

  const nameInput = h("input", { id: "t-name", autocomplete: "off", required: true, maxlength: "80",
    placeholder: _("e.g. Friday club night") });
  const variantSelect = h("select", { id: "t-variant", onchange: () => {
    variant = variants.find((v) => v.key === variantSelect.value);
    pickFormat(null);
  } }, variants.map((v) => h("option", { value: v.key, text: v.name })));
  const formatSelect = h("select", { id: "t-format", "aria-describedby": "t-format-says",
    onchange: () => pickFormat(formatSelect.value) });
  const formatSays = h("p", { id: "t-format-says", class: "hint" });
  // The night's pages (projector, print kit, table scorers) speak this unless a viewer picks another.
  const languageSelect = h("select", { id: "t-language", "aria-describedby": "t-language-says" },
    languages().map((l) => h("option", { value: l.code, lang: l.locale, selected: l.code === lang(),
      text: l.name })));
  const optionBox = h("div", { class: "stack" });
  const teamsInput = h("textarea", { id: "t-teams", rows: "9", autocomplete: "off", spellcheck: "false",
    required: true,
    "aria-describedby": "t-teams-hint t-teams-count t-teams-problems", oninput: () => checkTeams() });
  const count = h("p", { id: "t-teams-count", class: "count", "aria-live": "polite" });
  const problems = h("ul", { id: "t-teams-problems", class: "problems" });
  // A progressive night: players register alone, one name a line, in place of the teams.
  const playersInput = h("textarea", { id: "t-players", rows: "12", autocomplete: "off", spellcheck: "false",
    "aria-describedby": "t-players-hint t-teams-count t-teams-problems", oninput: () => checkTeams() });
  const progressive = () => format?.key === "progressive";
  const teamsField = h("div", {});
  const playersField = h("div", {}, h("label", { for: "t-players", text: _("Players") }),
    h("p", { id: "t-players-hint", class: "hint", text: _("One player per line: {least} to {most} players.",
      { least: PLAYERS[0], most: PLAYERS[1] }) }), playersInput);
  const refusal = h("div", { role: "alert" });

  /** The team sizes the chosen game and format take: players alone at Rummy tables, else the
   *  sides of the game's two-sided tables (as the API seats a match). */
  const sizes = () => (format?.key === "rummy_tables" ? [1] : [...new Set((variant.forms ?? [])
    .filter((f) => f.sides === 2).map((f) => f.per_side))].sort());
  const create = h("button", { class: "primary wide", type: "submit", id: "t-create",
    "aria-describedby": "t-teams-problems" }, _("Create the tournament"));

  function pickFormat(key) {
    const open = formats.filter(takes);
    format = open.find((f) => f.key === key) ?? open[0] ?? null;
    formatSelect.replaceChildren(...open.map((f) => h("option", { value: f.key, selected: f === format,
      text: f.name })));
    formatSays.textContent = format?.description ?? "";
    options = {};
    for (const o of format?.options ?? []) options[o.name] = structuredClone(o.default);
    optionBox.replaceChildren(...(format?.options ?? []).map(optionControl));
    // a hidden list is not required: the browser would refuse the form at a field not shown
    teamsField.hidden = progressive();
    teamsInput.required = !progressive();
    playersInput.required = progressive();
    playersField.hidden = !progressive();
    // the count and the problems sit under whichever list is shown
    (progressive() ? playersField : teamsField).append(count, problems);
    checkTeams();
  }

  /** One option of the format: boolean → checkbox, choices → select, integer → number, the Quebec
   *  games table → one number per stage. */
  function optionControl(o) {
    const id = `t-opt-${o.name}`;
    const hint = h("small", { class: "hint", id: `${id}-hint`, text: o.description });
    if (o.type === "boolean") {
      return h("label", { class: "toggle" },
        h("input", { type: "checkbox", id, checked: options[o.name] === true,
          "aria-describedby": `${id}-hint`,
          onchange: (e) => { options[o.name] = e.target.checked; } }),
        h("span", {}, h("span", { class: "name", text: optionLabel(o.name) }), hint));
    }
    if (o.type === "table" && o.default && typeof o.default === "object") {
      const stageLabels = { qualifying: _("Games in the qualifying round"),
        knockout: _("Games in a knockout match") };
      return h("fieldset", { class: "rule" }, h("legend", { text: optionLabel(o.name) }), hint,
        Object.keys(o.default).map((stage) => h("div", { class: "rule" },
          h("label", { for: `${id}-${stage}`, text: stageLabels[stage] ?? stage }),
          h("input", { id: `${id}-${stage}`, type: "number", inputmode: "numeric", min: "1", max: "15",
            value: String(o.default[stage]),
            onchange: (e) => { options[o.name][stage] = Number(e.target.value); } }))));
    }
    let field;
    if (o.choices) {
      // This page makes tournaments outside a club: seeding by ratings is a club's (the API
      // refuses it here).
      const choices = o.choices.filter((c) => c !== "ratings");
      field = h("select", { id, "aria-describedby": `${id}-hint`, onchange: (e) => {
        options[o.name] = o.type === "integer" ? Number(e.target.value) : e.target.value;
      } }, choices.map((c) => h("option", { value: String(c), selected: c === o.default,
        text: choiceLabel(c) })));
    } else {
      const asNeeded = _("as many as needed");
      field = h("input", { id, type: "number", inputmode: "numeric", min: o.minimum, max: o.maximum,
        value: o.default ?? "",
        placeholder: o.default == null ? asNeeded : "", "aria-describedby": `${id}-hint`,
        onchange: (e) => { options[o.name] = e.target.value === "" ? o.default : Number(e.target.value); } });
    }
    return h("div", { class: "rule" }, h("label", { for: id, text: optionLabel(o.name) }), hint, field);
  }

  /** The pasted teams checked line by line, their count and each line's problem. */
  function checkTeams() {
    const teams = progressive() ? parsePlayers(playersInput.value, MAX_NAME)
      : parseTeams(teamsInput.value, sizes());
    const wrong = teams.filter((t) => t.problem);
    const counted = progressive() ? _n("{n} player", "{n} players", teams.length)
      : _n("{n} team", "{n} teams", teams.length);
    const toFix = _n("{n} line to fix", "{n} lines to fix", wrong.length);
    count.textContent = wrong.length ? `${counted} · ${toFix}` : counted;
    problems.replaceChildren(...wrong.map((t) => h("li", { text: t.problem })));
    (progressive() ? playersInput : teamsInput).setAttribute("aria-invalid", String(wrong.length > 0));
    // The button says what stands in the way.
    const lines = wrong.map((t) => number(t.line)).join(", ");
    let fix = _n("Fix line {lines} of the teams first", "Fix lines {lines} of the teams first", wrong.length,
      { lines });
    if (progressive()) {
      fix = _n("Fix line {lines} of the players first", "Fix lines {lines} of the players first",
        wrong.length, { lines });
    }
    create.textContent = wrong.length ? fix : _("Create the tournament");
    return { teams, wrong };
  }

  /** The options that differ from the format's defaults. */
  function changedOptions() {
    const changed = {};
    for (const o of format.options) {
      if (JSON.stringify(options[o.name]) !== JSON.stringify(o.default)) changed[o.name] = options[o.name];
    }
    return changed;
  }

  async function submit(event) {
    event.preventDefault();
    refusal.replaceChildren();
    const { teams, wrong } = checkTeams();
    const list = progressive() ? playersInput : teamsInput;
    if (wrong.length) { list.focus(); return; }
    if (progressive() && (teams.length < PLAYERS[0] || teams.length > PLAYERS[1])) {
      refusal.replaceChildren(h("p", { class: "refusal",
        text: _("A progressive night takes {least} to {most} players.",
          { least: PLAYERS[0], most: PLAYERS[1] }) }));
      list.focus();
      return;
    }
    if (!progressive() && teams.length < 2) {
      refusal.replaceChildren(h("p", { class: "refusal",
        text: _("Paste at least two teams, one per line.") }));
      teamsInput.focus();
      return;
    }
    const body = { name: nameInput.value.trim(), variant: variant.key, format: format.key,
      language: languageSelect.value, options: changedOptions() };
    if (progressive()) body.players = teams.map((t) => t.name);
    else body.teams = teams.map((t) => ({ name: t.name, players: t.players }));
    let created;
    try { created = await api("POST", "/tournaments", body, { key: uuid() }); } catch {
      toast(_("No connection: try again when you are back online."));
      return;
    }
    if (!created.ok) {
      // A team (a player) the server refuses is shown at the field, on its line (teams.N: the Nth).
      const atTeams = Object.entries(created.json?.errors ?? {}).flatMap(([field, said]) => {
        const team = teams[Number(/^(?:teams|players)\.(\d+)/.exec(field)?.[1] ?? NaN)];
        return team ? said.map((text) => _("Line {n}: {problem}", { n: team.line, problem: text })) : [];
      });
      if (atTeams.length) {
        problems.replaceChildren(...atTeams.map((text) => h("li", { text })));
        list.setAttribute("aria-invalid", "true");
        list.focus();
        return;
      }
      refusal.replaceChildren(h("p", { class: "refusal", text: problem(created) }));
      refusal.scrollIntoView({ block: "center" });
      return;
    }
    keepToken("t", created.json.id, created.json.token);
    organizerLink(created.json);
  }

  const teamsHint = _("One team per line: its name, a colon, its players separated by commas.");
  const example = _("Les As: Marie, Jean");
  teamsField.append(h("label", { for: "t-teams", text: _("Teams") }),
    h("p", { id: "t-teams-hint", class: "hint" }, teamsHint, " ", h("q", { text: example })), teamsInput);
  pickFormat(null);
  show(h("form", { class: "stack", "aria-labelledby": "t-new-title", onsubmit: submit },
    h("h1", { id: "t-new-title", text: _("Run a tournament") }),
    h("div", {}, h("label", { for: "t-name", text: _("Tournament name") }), nameInput),
    h("div", {}, h("label", { for: "t-variant", text: _("Game") }), variantSelect),
    h("div", {}, h("label", { for: "t-format", text: _("Format") }), formatSelect, formatSays),
    h("div", {}, h("label", { for: "t-language", text: _("Language of the night") }), languageSelect,
      h("p", { id: "t-language-says", class: "hint",
        text: _("The projector, the printed table cards and the scorers' pages speak it, unless a player picks another in the settings.") })),
    h("section", { class: "rules stack", "aria-labelledby": "t-options-title" },
      h("h2", { id: "t-options-title", text: _("The format's options") }), optionBox),
    teamsField,
    playersField,
    refusal,
    create));
}

/** The organizer's link, shown once: its QR code, Copy and Share, and why to keep it. */
function organizerLink(created) {
  const link = siteLink(`t/${created.id}?token=${encodeURIComponent(created.token)}`);
  document.title = _("{tournament} — scorekeeper", { tournament: created.name });
  show(h("section", { class: "stack", "aria-labelledby": "t-link-title" },
    h("h1", { id: "t-link-title", text: created.name }),
    h("p", { class: "banner warn", role: "status",
      text: _("Anyone with this link runs the tournament. Keep it: it is shown only now.") }),
    h("div", { class: "card share" }, shareLink({ link, href: `#/t/${created.id}`, id: "organizer-link",
      words: {
      name: _("Organizer link"),
      says: _("Opens the organizer's desk of this tournament on any phone or computer."),
      qr: _("QR code of the organizer link"),
      noCopy: _("This browser would not copy: press and hold the organizer link to copy it."),
      copied: _("Organizer link copied"), copiedToast: _("Organizer link copied."),
      title: _("500 scores: organizer link") } })),
    h("p", { class: "link-text", text: link }),
    recoverySheet(created.id, created.name, created.recovery_code),
    h("a", { class: "button primary wide", href: `#/t/${created.id}` }, _("Open the desk"))));
}
