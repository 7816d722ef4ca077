// @ts-check
// The page's outbox: the one Outbox (queue/outbox.js: entries, order, ETag chaining, conflicts)
// wired to this page's API, storage and tokens, and to its bar (queue/view.js). What a write
// kept with no connection goes through, see queue/outbox.js.
import { api, problem, uuid } from "./api.js";
import { keepToken, remember, store, tokenOf } from "./store.js";
import { OUTBOX, Outbox, isLocal } from "./queue/outbox.js";
import * as view from "./queue/view.js";

export { isLocal };

const RETRY_MS = 5000;

export const outbox = new Outbox({
  store,
  problem,
  uuid,
  send: (entry) => (entry.kind === "game"
    // A club game goes with the club's token kept on this phone.
    ? api("POST", "/games", entry.body, { key: entry.key, club: tokenOf("c", entry.body.club) })
    : api("POST", `/games/${entry.game}/hands`, entry.body,
      { token: tokenOf("", entry.game), key: entry.key, ifMatch: entry.ifMatch })),
  fetchGame: (id) => api("GET", `/games/${id}`),
  // One sender at a time across tabs where the browser has Web Locks.
  exclusive: navigator.locks
    ? (run) => navigator.locks.request("sk-outbox", { ifAvailable: true }, (lock) => (lock ? run() : null))
    : undefined,
});

/** The games a local game became, and the ones discarded: this phone's list of games follows. */
outbox.addEventListener("created", (event) => {
  const { local, game } = /** @type {CustomEvent<{ local: string, game: any }>} */ (event).detail;
  keepToken("", game.id, game.token);
  store.set("games", store.get("games", []).filter((/** @type {{ id: unknown }} */ g) => g.id !== local));
  remember(game);
});
outbox.addEventListener("discarded", (event) => {
  const gameId = /** @type {CustomEvent<string | number>} */ (event).detail;
  if (isLocal(gameId)) store.set("games", store.get("games",
    []).filter((/** @type {{ id: unknown }} */ g) => g.id !== gameId));
});
outbox.addEventListener("change", () => showNet());

/** @type {((games: Set<string>) => void) | null} */
let listener = null;
outbox.addEventListener("sent", (event) => {
  const box = document.getElementById("toast");
  if (box?.dataset.offline === "true") box.hidden = true; // said before it was sent
  listener?.(/** @type {CustomEvent<Set<string>>} */ (event).detail);
});

/** The page on screen hears which games the outbox changed (null: nobody listens).
 *  @param {((games: Set<string>) => void) | null} fn */
export function setQueueListener(fn) { listener = fn; }

export const showNet = () => view.showNet(outbox, document.getElementById("net"));

/** Keep a game started with no connection; its local id addresses it until it is created.
 *  @param {any} body @param {any} variant @param {string} key */
export function queueGame(body, variant, key) {
  const id = outbox.addGame(body, variant, key);
  remember({ id, sides: body.sides, variant: body.variant });
  return id;
}

/** Send the outbox now, when the connection returns, and every few seconds while something can
 *  be sent; the tab's other pages see the outbox change through the storage event. */
export function startQueue() {
  outbox.carryOver(store.get("queue", null));
  localStorage.removeItem("sk.queue");
  window.addEventListener("online", () => { showNet(); outbox.flush(); });
  window.addEventListener("offline", showNet);
  window.addEventListener("storage", (event) => { if (event.key === `sk.${OUTBOX}`) showNet(); });
  setInterval(() => { if (navigator.onLine && outbox.sendable()) outbox.flush(); }, RETRY_MS);
  outbox.flush();
}
