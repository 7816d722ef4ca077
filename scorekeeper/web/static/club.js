// @ts-check
// A club's home (#/c/{id}): its recent games and its players, each a page at a time with "More";
// for its admin the member link to share (text and QR code) and a new one on demand; the
// "Lost the admin link?" form. The unlinked names, the players' management and the merges are in
// clubplayers.js, the seasons and their ladders in season.js. Read offline from what the phone
// last saw, and said so.
import { Offline, api, problem, uuid } from "./api.js";
import { h, show, stillAt, toast } from "./dom.js";
import { _, _n, against, date, number } from "./i18n.js";
import { siteLink } from "./links.js";
import { shareLink } from "./share.js";
import { keepToken, store, tokenOf } from "./store.js";
import { addPlayerForm, manageButton, mergeLog, unlinkedSection } from "./clubplayers.js";
import { seasonsSection } from "./season.js";
import { webhooksSection } from "./clubwebhooks.js";

const GAMES = 10; // recent games on the first page, and each "More"
const PLAYERS = 25;

export const offline = () => toast(_("No connection: try again when you are back online."));

/** The role of the token this phone keeps for club `id` ("admin" or "member"), or null. */
export const roleOf = (id) => store.get("croles", {})[id] ?? null;

/** Keep `token` as this phone's own for club `id` (tokenOf("c", id): the one its writes send). */
export function keepClubToken(id, token, role) {
  keepToken("c", id, token);
  const roles = store.get("croles", {});
  roles[id] = role;
  store.set("croles", roles);
}

/** The member token the admin's phone keeps to share (shown once at creation or rotation). */
export const memberTokenOf = (id) => store.get("cmembers", {})[id] ?? null;

export function keepMemberToken(id, token) {
  const members = store.get("cmembers", {});
  members[id] = token;
  store.set("cmembers", members);
}

/** The start page's clubs: those this phone opened, newest first. */
export function rememberClub(id, name) {
  const clubs = store.get("clubs", []).filter((c) => c.id !== id);
  clubs.unshift({ id, name });
  store.set("clubs", clubs.slice(0, 20));
}

/** A token that came in the club's address: the admin's becomes this phone's own; a member's too,
 *  unless this phone holds the admin's, which then keeps it to share. False when refused. */
async function keepGiven(id, given) {
  let got;
  try { got = await api("GET", `/clubs/${id}`, undefined, { token: given }); } catch {
    if (!tokenOf("c", id)) keepClubToken(id, given, null); // offline: the writes will tell
    return true;
  }
  if (!got.ok) return false;
  const role = got.json.role;
  if (role === "member") keepMemberToken(id, given);
  if (role === "admin" || roleOf(id) !== "admin") keepClubToken(id, given, role);
  return true;
}

/** The recovery sheet, printed once: the code, the club's name and address, how to use it. */
export function clubRecoverySheet(id, name, code) {
  return h("section", { class: "card recovery-sheet stack", "aria-labelledby": "recovery-title" },
    h("h2", { id: "recovery-title", text: _("Recovery code") }),
    h("p", { class: "recovery-name", text: name }),
    h("p", { class: "recovery-code", id: "recovery-code", text: code }),
    h("p", { class: "recovery-address", text: siteLink(`c/${id}`) }),
    h("p", { text: _("Lost the admin link? Open this address, choose “Lost the admin link?” and type this code: you get a new admin link and the old one stops working.") }),
    h("p", { class: "muted", text: _("Keep this sheet apart from the phone. The code is shown only now.") }),
    h("button", { type: "button", class: "no-print", onclick: () => window.print() }, _("Print")));
}

/** The member link as shared: its QR code, the link as text, Copy and Share. */
export function memberShare(id, token) {
  const link = siteLink(`c/${id}?token=${encodeURIComponent(token)}`);
  return h("div", {}, shareLink({ link, href: `#/c/${id}?token=${encodeURIComponent(token)}`,
    id: "member-link", words: {
      name: _("Member link"),
      says: _("Club members start games, add players and link names with it. Share it with the club only."),
      qr: _("QR code of the member link"),
      noCopy: _("This browser would not copy: press and hold the member link to copy it."),
      copied: _("Member link copied"), copiedToast: _("Member link copied."),
      title: _("500 scores: member link") } }),
  h("p", { class: "link-text", text: link }));
}

/** The admin's block: the member link kept on this phone, and a new one (the old one void). */
function memberLinkSection(id, token, reload) {
  const kept = memberTokenOf(id);
  async function rotate() {
    let got;
    try { got = await api("POST", `/clubs/${id}/member-token`, {}, { token, key: uuid() }); } catch {
      offline();
      return;
    }
    if (!got.ok) { toast(problem(got)); return; }
    keepMemberToken(id, got.json.member_token);
    toast(_("A new member link: the old one no longer works."));
    reload();
  }
  // Confirmed first: every phone holding the old link loses it.
  const slot = h("div", {}, h("button", { type: "button", onclick: () => slot.replaceChildren(
    h("p", { text: _("Make a new member link? The old one stops working at once.") }),
    h("div", { class: "row" }, h("button", { type: "button", class: "primary", onclick: rotate },
      _("Make a new member link")), h("button", { type: "button", onclick: reload }, _("Keep")))) },
  _("New member link…")));
  return h("section", { class: "card share", "aria-labelledby": "member-title" },
    h("h2", { id: "member-title", text: _("Member link") }),
    kept ? memberShare(id, kept)
      : h("p", { class: "muted", text: _("This phone does not hold the member link: it is shown once. Make a new one to share it.") }),
    slot);
}

/** "Lost the admin link?": the recovery code in, a new admin link on this phone, a new code out. */
function lostLinkForm(id, name) {
  const input = h("input", { id: "recovery-input", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", required: true, maxlength: "64" });
  const out = h("div", { "aria-live": "polite" });
  async function submit(event) {
    event.preventDefault();
    let got;
    try { got = await api("POST", `/clubs/${id}/recover`, { recovery_code: input.value },
      { key: uuid() }); } catch { offline(); return; }
    if (!got.ok) { out.replaceChildren(h("p", { class: "refusal", text: problem(got) })); return; }
    keepClubToken(id, got.json.token, "admin");
    show(h("h1", { text: name }),
      h("p", { class: "banner win", role: "status", text: _("A new admin link is on this phone; the old one no longer works.") }),
      clubRecoverySheet(id, name, got.json.recovery_code),
      h("a", { class: "button primary wide", href: `#/c/${id}`, onclick: (e) => {
        e.preventDefault();
        window.dispatchEvent(new HashChangeEvent("hashchange"));
      } }, _("Open the club")));
  }
  return h("details", { class: "card lost-link" },
    h("summary", { text: _("Lost the admin link?") }),
    h("form", { class: "stack", onsubmit: submit },
      h("label", { for: "recovery-input", text: _("Recovery code") }), input,
      h("button", { class: "primary", type: "submit" }, _("Recover the admin link")), out));
}

const linkRefused = () => _("This link does not open this club (a new one may have replaced it).");

/** A page of a list with a "More" button that adds the next page under it. */
function paged(first, path, token, item, more) {
  const list = h("ul", { class: "club-list" }, first.data.map(item));
  const button = h("button", { type: "button", class: "wide", onclick: async () => {
    let got;
    try { got = await api("GET", `${path}&cursor=${encodeURIComponent(cursor)}`, undefined,
      { token }); } catch { offline(); return; }
    if (!got.ok) { toast(problem(got)); return; }
    list.append(...got.json.data.map(item));
    cursor = got.json.next_cursor;
    button.hidden = !got.json.has_more;
  } }, more);
  let cursor = first.next_cursor;
  button.hidden = !first.has_more;
  return [list, button];
}

/** Reads made before the service worker controlled the page (a first visit) made again through
 *  it, so they are kept for offline reading: the worker's own keeping of the paths a page read
 *  sends no token, and a private club's reads need one. */
function keptForOffline(wasControlled, paths, token) {
  const container = navigator.serviceWorker;
  if (!container || wasControlled) return;
  const again = () => { for (const path of paths) api("GET", path, undefined, { token }).catch(() => {}); };
  if (container.controller) again();
  else container.addEventListener("controllerchange", again, { once: true });
}

/** Club `id`'s home; `token`: one that came in its address (taken out of it by the router). */
export async function clubPage(id, { token: given = null } = {}) {
  const here = stillAt();
  document.title = _("Club — scorekeeper");
  const refused = given ? !(await keepGiven(id, given)) : false;
  if (!here()) return;
  const token = tokenOf("c", id) ?? null;
  const gamesPath = `/games?club=${id}&limit=${GAMES}`;
  const playersPath = `/clubs/${id}/players?limit=${PLAYERS}`;
  const paths = [`/clubs/${id}`, gamesPath, playersPath];
  const controlled = Boolean(navigator.serviceWorker?.controller);
  let replies;
  try {
    replies = await Promise.all(paths.map((path) => api("GET", path, undefined, { token })));
  } catch (error) {
    if (!here()) return;
    show(h("h1", { text: _("Club") }), h("p", { class: "banner bad", text: error instanceof Offline
      ? _("Offline: this club opens once the connection returns.") : String(error) }));
    return;
  }
  const [clubGot, games, players] = replies;
  const variants = await api("GET", "/variants").catch(() => null);
  if (!here()) return;
  const failed = replies.find((reply) => !reply.ok);
  if (failed) {
    show(h("h1", { text: _("Club") }),
      h("p", { class: "banner bad", text: refused ? linkRefused() : problem(failed) }),
      lostLinkForm(id, _("Club")));
    return;
  }
  keptForOffline(controlled, paths, token);
  const club = clubGot.json;
  const role = token ? club.role : null;
  rememberClub(id, club.name);
  document.title = _("{club} — scorekeeper", { club: club.name });
  const nameOf = (key) => (variants?.ok ? variants.json.find((v) => v.key === key)?.name : null) ?? key;
  const reload = () => clubPage(id);
  const context = { id, token, role, club, reload };
  const seasons = await seasonsSection(context);
  if (!here()) return;

  const gameItem = (g) => h("li", {}, h("a", { href: `#/g/${g.id}` },
    h("span", { class: "title", text: against(g.sides.map((s) => s.name)) }),
    h("span", { class: "muted", text: [nameOf(g.variant), g.scores.map(number).join(" – "),
      g.status === "finished" ? _("Game over") : _n("{n} hand", "{n} hands", g.hands_played),
      date(g.created_at)].join(" · ") })));
  const playerItem = (p) => h("li", { class: "player-row" },
    h("a", { href: `#/p/${p.id}` }, h("span", { class: "title", text: p.name }),
      h("span", { class: "muted", text: _n("{n} game", "{n} games", p.games) })),
    role === "admin" ? manageButton(context, p) : null);
  const stored = replies.some((reply) => reply.stored);
  const [gameList, moreGames] = paged(games.json, gamesPath, token, gameItem, _("More games"));
  const [playerList, morePlayers] = paged(players.json, playersPath, token, playerItem,
    _("More players"));
  show(h("h1", { text: club.name }),
    h("p", { class: "muted", text: [club.public ? _("Public club") : _("Private club"),
      role === "admin" ? _("you are its admin") : role === "member" ? _("you are a member") : null]
      .filter(Boolean).join(" · ") }),
    refused ? h("p", { class: "banner bad", role: "status", text: linkRefused() }) : null,
    role ? h("a", { class: "button primary wide", href: `#/c/${id}/new` }, _("New game in the club"))
      : null,
    role ? h("div", { class: "row club-wall-links" },
      h("a", { class: "button", href: `#/c/${id}/week` }, _("Results sheet")),
      h("a", { class: "button", href: `#/c/${id}/screen` }, _("Projector"))) : null,
    stored ? h("p", { class: "banner warn", role: "status",
      text: _("No connection: this is the club as this phone last saw it.") }) : null,
    h("section", { class: "card", "aria-labelledby": "club-games-title" },
      h("h2", { id: "club-games-title", text: _("Recent games") }),
      games.json.data.length ? gameList
        : h("p", { class: "muted", text: _("No game played in the club yet.") }),
      moreGames),
    h("section", { class: "card", "aria-labelledby": "club-players-title" },
      h("h2", { id: "club-players-title", text: _("Players") }),
      players.json.data.length ? playerList
        : h("p", { class: "muted", text: _("No player in the club yet.") }),
      morePlayers, role ? addPlayerForm(context) : null),
    seasons,
    role ? unlinkedSection(context) : null,
    role === "admin" ? mergeLog(context) : null,
    role === "admin" ? webhooksSection(context) : null,
    role === "admin" ? memberLinkSection(id, token, reload) : null,
    role === "admin" ? null : lostLinkForm(id, club.name));
}
