// @ts-check
// A club's players as this phone knows them: the club's token kept here (kind "c"), the club's
// players as last listed (the type-ahead works with no connection), which club each player seen
// belongs to (a private club's player reads only with its token), the last table started in
// each club, and a club game's seats as links to their players' pages.
import { api } from "./api.js";
import { h } from "./dom.js";
import { _ } from "./i18n.js";
import { store, tokenOf } from "./store.js";

/** @typedef {{ id: number, name: string, games?: number }} ClubPlayer */
/** @typedef {string | { name: string, player: number }} Seat */

/** The member's or admin's token of club `club` kept on this phone, or null. @param {number} club */
export const clubToken = (club) => tokenOf("c", club) ?? null;

/** Note the club of each player seen, so their page is read with that club's token.
 *  @param {number} club @param {number[]} ids */
export function noteClub(club, ids) {
  const known = store.get("pclubs", {});
  const fresh = ids.filter((id) => known[id] !== club);
  for (const id of fresh) known[id] = club;
  if (fresh.length) store.set("pclubs", known);
}

/** The club's players as this phone last listed them. @param {number} club @returns {ClubPlayer[]} */
export const keptPlayers = (club) => store.get(`cplayers.${club}`, []);

/** Every player of the club, a page of 100 at a time, kept on this phone; the kept list when
 *  the server cannot be reached (`offline`) or refuses (`refused`: its reply).
 *  @param {number} club @returns {Promise<{ players: ClubPlayer[], offline?: boolean, refused?: any }>} */
export async function clubPlayers(club) {
  const players = [];
  let cursor = null;
  let stored = false; // a reply the service worker kept: the server is out of reach
  try {
    do {
      const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const reply = await api("GET", `/clubs/${club}/players?limit=100${after}`, undefined,
        { token: clubToken(club) });
      if (!reply.ok) return { players: keptPlayers(club), refused: reply };
      players.push(...reply.json.data);
      stored ||= reply.stored;
      cursor = reply.json.next_cursor;
    } while (cursor);
  } catch {
    return { players: keptPlayers(club), offline: true };
  }
  store.set(`cplayers.${club}`, players.map(({ id, name, games }) => ({ id, name, games })));
  noteClub(club, players.map((p) => p.id));
  return { players, offline: stored };
}

/** A read about player `id` (their record, the hands behind a figure) with their club's token:
 *  the club noted for them, else with each club's kept here and then without one (a
 *  private club's player is 404 to anyone else). @param {number} id @param {string} path */
export async function playerRead(id, path) {
  const club = store.get("pclubs", {})[id];
  const tokens = club != null && clubToken(club) ? [clubToken(club)]
    : [...Object.values(store.get("ctokens", {})), null];
  let reply = null;
  for (const token of tokens) {
    reply = await api("GET", path, undefined, { token });
    if (reply.status !== 404) break;
  }
  return /** @type {NonNullable<typeof reply>} */ (reply);
}

/** The seats of the last game this phone started in the club: one list of seats per side.
 *  @param {number} club @returns {{ seats: Seat[][] } | null} */
export const lastTable = (club) => store.get("lasttables", {})[club] ?? null;

/** @param {number} club @param {{ players: Seat[] }[]} sides */
export function keepLastTable(club, sides) {
  const tables = store.get("lasttables", {});
  tables[club] = { seats: sides.map((side) => side.players) };
  store.set("lasttables", tables);
}

/** A club game's players, each linked to their page (a guest's name stays plain); nothing for a
 *  game outside any club. @param {any} game a game as GET /games/{id} gives it */
export function seatLinks(game) {
  if (game.club == null || !game.seats?.length) return null;
  const linked = game.seats.filter((seat) => seat.player != null);
  noteClub(game.club, linked.map((seat) => /** @type {number} */ (seat.player)));
  return h("nav", { class: "seat-links", "aria-label": _("Players") },
    game.seats.map((seat) => (seat.player == null ? h("span", { class: "chip guest", text: seat.name })
      : h("a", { class: "chip", href: `#/p/${seat.player}` }, seat.name))));
}
