// @ts-check
// A club's seasons: the list and the admin's form on the club's page (seasonsSection), and a
// season's ladder (#/c/{id}/season/{s}): place ("=2" when shared), name, points, and per player
// the results that counted and those dropped, struck through with why. Nothing is counted here:
// every figure comes from GET /clubs/{id}/seasons/{s}/standings (scorekeeper/seasons.py).
import { Offline, api, problem, uuid } from "./api.js";
import { h, show, stillAt, toast } from "./dom.js";
import { _, _n, date, number } from "./i18n.js";
import { tokenOf } from "./store.js";

/** Why a result was dropped, by the API's code. @type {Record<string, () => string>} */
const REASONS = {
  best: () => _("beyond the best results"),
  guests: () => _("a guest sat"),
  variant: () => _("variant not counted"),
};

const day = (/** @type {string} */ iso) => date(`${iso}T12:00:00Z`);

/** One result: its night, the game or night it was, and its points; a dropped one says why. */
function resultItem(/** @type {any} */ r) {
  const what = r.game !== null
    ? h("a", { href: `#/g/${r.game}` }, r.won ? _("won") : _("lost"))
    : h("a", { href: `#/t/${r.tournament}` }, _("placed {n}", { n: number(r.placing) }));
  const points = _n("{n} point", "{n} points", r.points);
  const line = h("span", {}, day(r.date), " · ", what, " · ", points);
  return r.reason === null ? h("li", { class: "counted" }, line)
    : h("li", { class: "dropped" }, h("del", {}, line), " ",
      h("span", { class: "muted", text: `(${(REASONS[r.reason] ?? (() => r.reason))()})` }));
}

const playerName = (/** @type {any} */ p) => (p.id === null ? h("span", { text: p.name })
  : h("a", { href: `#/p/${p.id}` }, p.name));

function standingRow(/** @type {any} */ s) {
  const place = s.tied ? `=${number(s.place)}` : number(s.place);
  return h("li", { class: "ladder-row" },
    h("div", { class: "ladder-line" },
      h("span", { class: "ladder-place", text: place }),
      h("span", { class: "ladder-name" }, playerName(s.player)),
      h("span", { class: "ladder-points", text: number(s.points) })),
    h("details", { class: "ladder-results" },
      // Not the eligible games: a guest's game dropped is not one, so "3 games · 2 counted · 2
      // dropped" would not add up.
      h("summary", { text: [_n("{n} counted", "{n} counted", s.counted.length),
        _n("{n} dropped", "{n} dropped", s.dropped.length)].join(" · ") }),
      h("ul", { class: "plain" }, [...s.counted, ...s.dropped]
        .sort((a, b) => a.date.localeCompare(b.date)).map(resultItem))));
}

function needsText(/** @type {any} */ needs) {
  return [needs.games ? _n("{n} more game", "{n} more games", needs.games) : null,
    needs.nights ? _n("{n} more night", "{n} more nights", needs.nights) : null]
    .filter(Boolean).join(", ");
}

/** The rules in a line: "Best 30 count · 5 nights to be listed · guests excluded". */
function rulesText(/** @type {any} */ c) {
  return [c.points === "placing" ? _("Points for placing") : _("A point a game won"),
    c.best ? _("best {n} count", { n: number(c.best) }) : null,
    c.min_games > 1 ? _n("listed after {n} game", "listed after {n} games", c.min_games) : null,
    c.min_nights ? _n("listed after {n} night", "listed after {n} nights", c.min_nights) : null,
    c.guests === "exclude" ? _("guests excluded") : null].filter(Boolean).join(" · ");
}

/** Season `seasonId` of club `clubId`: its ladder. */
export async function seasonPage(clubId, seasonId) {
  const here = stillAt();
  document.title = _("Season — scorekeeper");
  const token = tokenOf("c", clubId) ?? null;
  let got;
  try {
    got = await api("GET", `/clubs/${clubId}/seasons/${seasonId}/standings`, undefined, { token });
  } catch (error) {
    if (!here()) return;
    show(h("h1", { text: _("Season") }), h("p", { class: "banner bad", text: error instanceof Offline
      ? _("Offline: this season opens once the connection returns.") : String(error) }));
    return;
  }
  if (!here()) return;
  if (!got.ok) {
    show(h("h1", { text: _("Season") }), h("p", { class: "banner bad", text: problem(got) }));
    return;
  }
  const { season, standings, unlisted } = got.json;
  document.title = _("{season} — scorekeeper", { season: season.name });
  show(h("a", { href: `#/c/${clubId}`, text: _("Back to the club") }),
    h("h1", { text: season.name }),
    h("p", { class: "muted", text: `${day(season.starts_on)} – ${day(season.ends_on)}` }),
    h("p", { class: "muted", text: rulesText(season.counting) }),
    h("section", { class: "card", "aria-labelledby": "ladder-title" },
      h("h2", { id: "ladder-title", text: _("Ladder") }),
      standings.length ? h("ol", { class: "ladder plain" }, standings.map(standingRow))
        : h("p", { class: "muted", text: _("Nobody is listed yet.") })),
    unlisted.length ? h("section", { class: "card", "aria-labelledby": "unlisted-title" },
      h("h2", { id: "unlisted-title", text: _("Not listed yet") }),
      h("ul", { class: "plain" }, unlisted.map((/** @type {any} */ u) => h("li", {},
        playerName(u.player), " ", h("span", { class: "muted", text: needsText(u.needs) })))))
      : null);
}

/** The admin's form: a new season with its counting rules. */
function seasonForm(/** @type {any} */ context) {
  const field = (/** @type {string} */ id, /** @type {string} */ label, /** @type {any} */ input) =>
    h("div", { class: "stack" }, h("label", { for: id, text: label }), input);
  const today = new Date().toISOString().slice(0, 10);
  const inputs = {
    name: h("input", { id: "season-name", required: true, maxlength: "120" }),
    starts_on: h("input", { id: "season-starts", type: "date", required: true, value: today }),
    ends_on: h("input", { id: "season-ends", type: "date", required: true }),
    min_games: h("input", { id: "season-min-games", type: "number", min: "0", value: "1" }),
    min_nights: h("input", { id: "season-min-nights", type: "number", min: "0", value: "0" }),
    best: h("input", { id: "season-best", type: "number", min: "1" }),
    points: h("select", { id: "season-points" },
      h("option", { value: "wins" }, _("A point a game won")),
      h("option", { value: "placing" }, _("Points for placing"))),
    guests: h("select", { id: "season-guests" },
      h("option", { value: "count" }, _("Guests' games count")),
      h("option", { value: "exclude" }, _("guests excluded"))),
  };
  const out = h("div", { "aria-live": "polite" });
  async function submit(/** @type {Event} */ event) {
    event.preventDefault();
    const counting = { min_games: Number(inputs.min_games.value || 0),
      min_nights: Number(inputs.min_nights.value || 0),
      best: inputs.best.value ? Number(inputs.best.value) : null,
      points: inputs.points.value, guests: inputs.guests.value };
    let sent;
    try {
      sent = await api("POST", `/clubs/${context.id}/seasons`, { name: inputs.name.value,
        starts_on: inputs.starts_on.value, ends_on: inputs.ends_on.value, counting },
      { token: context.token, key: uuid() });
    } catch { toast(_("No connection: try again when you are back online.")); return; }
    if (!sent.ok) { out.replaceChildren(h("p", { class: "refusal", text: problem(sent) })); return; }
    location.hash = `#/c/${context.id}/season/${sent.json.id}`;
  }
  return h("details", { class: "season-form" }, h("summary", { text: _("New season…") }),
    h("form", { class: "stack", onsubmit: submit },
      field("season-name", _("Name"), inputs.name),
      field("season-starts", _("First day"), inputs.starts_on),
      field("season-ends", _("Last day"), inputs.ends_on),
      field("season-points", _("Points"), inputs.points),
      field("season-best", _("Only the best results count (empty: all)"), inputs.best),
      field("season-min-games", _("Games to be listed"), inputs.min_games),
      field("season-min-nights", _("Nights to be listed"), inputs.min_nights),
      field("season-guests", _("Guests"), inputs.guests),
      h("button", { class: "primary", type: "submit" }, _("Start the season")), out));
}

/** The club page's seasons: each a link to its ladder; the admin's form to start one. */
export async function seasonsSection(/** @type {any} */ context) {
  const got = await api("GET", `/clubs/${context.id}/seasons`, undefined,
    { token: context.token }).catch(() => null);
  const seasons = got?.ok ? got.json.data : [];
  return h("section", { class: "card", "aria-labelledby": "club-seasons-title" },
    h("h2", { id: "club-seasons-title", text: _("Seasons") }),
    seasons.length ? h("ul", { class: "club-list" }, seasons.map((/** @type {any} */ s) => h("li", {},
      h("a", { href: `#/c/${context.id}/season/${s.id}` }, h("span", { class: "title", text: s.name }),
        h("span", { class: "muted", text: `${day(s.starts_on)} – ${day(s.ends_on)}` })))))
      : h("p", { class: "muted", text: _("No season yet.") }),
    context.role === "admin" ? seasonForm(context) : null);
}
