// @ts-check
// What this phone keeps in localStorage: scorer and organizer tokens, the games it opened, and
// whatever else a module asks to keep under an `sk.` key.

// The title of a game in the list of this phone's games, in the language it was opened in.
import { against } from "./i18n.js";

export const store = {
  get(key, fallback) {
    try { return JSON.parse(localStorage.getItem(`sk.${key}`)) ?? fallback; } catch { return fallback; }
  },
  set(key, value) { localStorage.setItem(`sk.${key}`, JSON.stringify(value)); },
};

/** The token of a game (kind "") or a tournament (kind "t") kept on this phone. */
export const tokenOf = (kind, id) => store.get(`${kind}tokens`, {})[id];

export function keepToken(kind, id, token) {
  const tokens = store.get(`${kind}tokens`, {});
  tokens[id] = token;
  store.set(`${kind}tokens`, tokens);
}

/** The start page's list of this phone's games, newest first. */
export function remember(game) {
  const games = store.get("games", []).filter((g) => g.id !== game.id);
  games.unshift({ id: game.id, title: against(game.sides.map((s) => s.name)), variant: game.variant });
  store.set("games", games.slice(0, 20));
}

/** The door's check-in token of tournament `id` kept on this phone (never the organizer's). */
export const doorOf = (id) => store.get("tdoors", {})[id] ?? null;

export function keepDoor(id, token) {
  const doors = store.get("tdoors", {});
  doors[id] = token;
  store.set("tdoors", doors);
}
