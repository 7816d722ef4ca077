// The outbox: writes made with no connection, kept in localStorage (they survive closing the tab
// and restarting the phone) and sent when the connection returns. The rules it keeps:
// - each write has its own Idempotency-Key, minted when it was typed; a retry after a network
//   failure sends the same key, so the server records it once whatever happened to the reply;
// - a game's writes go strictly in order, one at a time;
// - the first waiting hand of a game carries the ETag of the last state of the game this phone
//   saw (the sheet it was typed on), each later one the ETag the previous send returned: a 412
//   then means another phone really changed the game, and is shown with both sides to resolve;
// - a game started offline is a write too (POST /games); its hands follow it, and get the real
//   game's id and token once it is created.
// The page holds no scoring rule: waiting hands are shown as typed, and the totals say they
// exclude them.
import { api, problem, uuid } from "./api.js";
import { h, toast } from "./dom.js";
import { keepToken, remember, store, tokenOf } from "./store.js";
import { _, _n, number } from "./i18n.js";

const OUTBOX = "outbox";
const CREATED = "created"; // a game started offline: its local id → its id on the server
const RETRY_MS = 5000;

// How this tab's own sends moved each game on: ETag before → ETag after. A sheet drawn before
// one of them finished still names the state before it; that is no change by another phone.
const advanced = new Map();

const outbox = () => store.get(OUTBOX, []);
const save = (entries) => store.set(OUTBOX, entries);
const sameGame = (a, b) => String(a) === String(b);

/** A game started on this phone and not yet created on the server. */
export const isLocal = (id) => String(id).startsWith("local-");

/** The ETag to send over a sheet drawn at `seen`: the same, moved on past this tab's own sends. */
export function currentEtag(gameId, seen) {
  const moves = advanced.get(String(gameId));
  let etag = seen;
  for (let step = 0; moves?.has(etag) && step < 1000; step++) etag = moves.get(etag);
  return etag;
}

/** The server's id of a game started offline, once it is created. */
export const createdAs = (localId) => store.get(CREATED, {})[localId];

/** A game's hands waiting to be sent, in order. */
export const waitingHands = (gameId) => outbox().filter((e) => e.kind === "hand" && sameGame(e.game, gameId));

/** The outbox of an earlier version of the page (one list named "queue") carried over. */
function carryOver() {
  const old = store.get("queue", null);
  if (!old) return;
  const entries = outbox();
  for (const item of old) {
    if (item.method !== "POST") continue;
    const first = !entries.some((e) => sameGame(e.game, item.game));
    entries.push({ id: uuid(), kind: "hand", game: item.game, key: item.key, body: item.body,
      ifMatch: first ? item.ifMatch : undefined, seenHands: null, conflict: null });
  }
  save(entries);
  localStorage.removeItem("sk.queue");
}

/** Keep a game started with no connection; its local id addresses it until it is created. */
export function queueGame(body, variant, key) {
  const id = `local-${uuid()}`;
  save([...outbox(), { id: uuid(), kind: "game", game: id, key, body, variant, conflict: null }]);
  remember({ id, sides: body.sides, variant: body.variant });
  showNet();
  return id;
}

/** Keep a hand that could not be sent now. `seen` is the sheet it was typed on: the game's ETag
 *  and its number of hands then. It is sent after the game's other waiting writes. */
export function queueHand(gameId, body, seen, key = uuid()) {
  const entries = outbox();
  const first = !entries.some((e) => sameGame(e.game, gameId));
  entries.push({ id: uuid(), kind: "hand", game: gameId, key, body,
    ifMatch: first ? currentEtag(gameId, seen.etag) : undefined, seenHands: seen.hands, conflict: null });
  save(entries);
  showNet();
}

/** The game a local id stands for, as the sheet needs it, from what was typed: nothing is
 *  scored, the totals of a game not yet played are nothing. */
export function pendingGame(localId) {
  const entry = outbox().find((e) => e.kind === "game" && e.game === localId);
  if (!entry) return null;
  const { body, variant } = entry;
  const defaults = Object.fromEntries(Object.entries(variant.options).map(([name, o]) => [name, o.default]));
  return {
    variant,
    game: { id: localId, variant: body.variant, options: { ...defaults, ...body.options }, sides: body.sides,
      scores: body.sides.map(() => 0), status: "in_progress", winner: null, hands_played: 0,
      dealer: body.first_dealer ?? 0, barred_seat: null, updated_at: null },
  };
}

// -- sending ----------------------------------------------------------------------------------

let flushing = null;
let again = false;
let listener = null;

/** The page on screen hears which games the outbox changed (null: nobody listens). */
export function setQueueListener(fn) { listener = fn; }

/** Send what waits, in order; resolves to the games that changed. One flush at a time in this
 *  tab, and across tabs where the browser has Web Locks. */
export function flushQueue() {
  if (flushing) { again = true; return flushing; }
  flushing = (async () => {
    const changed = new Set();
    do {
      again = false;
      const run = () => sendAll(changed);
      if (navigator.locks) await navigator.locks.request("sk-outbox", { ifAvailable: true }, (lock) => (lock ? run() : null));
      else await run();
    } while (again);
    return changed;
  })().finally(() => { flushing = null; showNet(); });
  return flushing.then((changed) => {
    if (changed.size) {
      const box = document.getElementById("toast");
      if (box.dataset.offline === "true") box.hidden = true; // said before it was sent
    }
    if (changed.size && listener) listener(changed);
    return changed;
  });
}

/** The next write to send: the first of its game, its game not held back this round. */
function nextToSend(held) {
  const entries = outbox();
  return entries.find((e, i) => !held.has(String(e.game)) && !e.conflict
    && !entries.slice(0, i).some((earlier) => sameGame(earlier.game, e.game)));
}

async function sendAll(changed) {
  const held = new Set(outbox().filter((e) => e.conflict).map((e) => String(e.game)));
  for (let entry = nextToSend(held); entry; entry = nextToSend(held)) {
    const game = String(entry.game);
    let result;
    try {
      result = entry.kind === "game"
        ? await api("POST", "/games", entry.body, { key: entry.key })
        : await api("POST", `/games/${entry.game}/hands`, entry.body,
          { token: tokenOf("", entry.game), key: entry.key, ifMatch: entry.ifMatch });
    } catch {
      return; // still offline: everything stays, in order, for the next try
    }
    if (result.ok) {
      sent(entry, result);
      changed.add(game);
      if (entry.kind === "game") changed.add(String(result.json.id));
    } else if (result.status === 429 || result.status >= 500) {
      held.add(game); // the server is busy: the same write, same key, next time
    } else {
      update(entry.id, { conflict: { status: result.status, message: problem(result) } });
      held.add(game);
      changed.add(game);
    }
  }
}

/** A write the server took: it leaves the outbox, and the game's next write carries the ETag the
 *  server returned (and, for a game started offline, the game's real id and token). */
function sent(entry, result) {
  let entries = outbox().filter((e) => e.id !== entry.id);
  let game = entry.game;
  if (entry.kind === "game") {
    game = result.json.id;
    keepToken("", game, result.json.token);
    store.set(CREATED, { ...store.get(CREATED, {}), [entry.game]: game });
    store.set("games", store.get("games", []).filter((g) => g.id !== entry.game));
    remember(result.json);
    entries = entries.map((e) => (e.game === entry.game ? { ...e, game } : e));
  }
  const next = entries.find((e) => sameGame(e.game, game));
  if (next) next.ifMatch = result.etag;
  save(entries);
  if (entry.kind === "hand" && entry.ifMatch && result.etag) {
    if (!advanced.has(String(game))) advanced.set(String(game), new Map());
    advanced.get(String(game)).set(entry.ifMatch, result.etag);
  }
}

function update(id, changes) {
  save(outbox().map((e) => (e.id === id ? { ...e, ...changes } : e)));
}

/** Settle a game's refused write in one tap. "send": again, over the game as the server has it
 *  now (its fresh ETag); "discard": every write of the game still waiting is dropped. */
export async function resolveConflict(gameId, how) {
  if (how === "discard") {
    save(outbox().filter((e) => !sameGame(e.game, gameId)));
    if (isLocal(gameId)) store.set("games", store.get("games", []).filter((g) => g.id !== gameId));
  } else {
    const fresh = await api("GET", `/games/${gameId}`).catch(() => null);
    if (!fresh?.ok || fresh.stored) return false; // no connection: nothing changes, ask again later
    const head = outbox().find((e) => sameGame(e.game, gameId));
    if (head) update(head.id, { conflict: null, ifMatch: fresh.etag, seenHands: fresh.json.hands_played });
  }
  showNet();
  await flushQueue();
  return true;
}

/** Send the outbox now, when the connection returns, and every few seconds while something can
 *  be sent; the tab's other pages see the outbox change through the storage event. */
export function startQueue() {
  carryOver();
  window.addEventListener("online", () => { showNet(); flushQueue(); });
  window.addEventListener("offline", showNet);
  window.addEventListener("storage", (event) => { if (event.key === `sk.${OUTBOX}`) showNet(); });
  setInterval(() => { if (navigator.onLine && outbox().some((e) => !e.conflict)) flushQueue(); }, RETRY_MS);
  flushQueue();
}

export function showNet() {
  const entries = outbox();
  const games = entries.filter((e) => e.kind === "game").length;
  const hands = entries.length - games;
  // Said apart: Babel's extractor does not see a call nested in another's arguments.
  const handsSaid = _n("{n} hand", "{n} hands", hands);
  const gamesSaid = _n("{n} new game", "{n} new games", games);
  const waiting = hands && games ? _("{hands} and {games} waiting to be sent", { hands: handsSaid, games: gamesSaid })
    : hands ? _n("{n} hand waiting to be sent", "{n} hands waiting to be sent", hands)
      : games ? _n("{n} new game waiting to be sent", "{n} new games waiting to be sent", games) : "";
  const parts = [navigator.onLine ? "" : _("Offline"), waiting];
  document.getElementById("net").textContent = parts.filter(Boolean).join(" · ");
}

// -- what the score sheet shows of it ---------------------------------------------------------

/** A hand as typed, in words: the sheet's own summary, and the tricks or points entered. */
function inWords(game, body, summary) {
  const per = (values) => game.sides.map((side, s) => `${side.name} ${number(values[s])}`).join(", ");
  const entered = body.tricks ? _("{list} tricks", { list: per(body.tricks) })
    : body.points ? _("{list} card points", { list: per(body.points) })
      : body.players?.every((p) => "meld_points" in p)
        ? game.sides.map((side, s) => _("{player} melded {melded}, held {held}", { player: side.name, melded: body.players[s].meld_points, held: body.players[s].hand_points })).join("; ")
        : "";
  return [summary(body), entered].filter(Boolean).join(" — ");
}

/** The sheet's rows for a game's waiting hands, in the order they will be sent, under the
 *  recorded ones; each as typed, in words. */
export function renderWaiting(game, summary, columns) {
  const waiting = waitingHands(game.id);
  return waiting.map((entry, i) => h("tr", { class: entry.conflict ? "pending refused" : "pending" },
    h("td", { colspan: String(columns) },
      h("strong", { text: entry.conflict ? _("Hand not recorded ({i} of {n})", { i: i + 1, n: waiting.length })
        : _("Hand waiting to be sent ({i} of {n})", { i: i + 1, n: waiting.length }) }),
      `: ${inWords(game, entry.body, summary)}`)));
}

/** Under the totals: what they leave out, and whether they are the last state this phone saw. */
export function renderWaitingNote(game, stored) {
  const count = waitingHands(game.id).length;
  const notes = [];
  if (isLocal(game.id)) notes.push(_("Started on this phone with no connection: the game is created on the server when the connection returns."));
  else if (stored) notes.push(_("No connection: this is the game as this phone last saw it."));
  if (count) notes.push(_n("The totals exclude the hand waiting to be sent, and so does who deals next.", "The totals exclude the {n} hands waiting to be sent, and so does who deals next.", count));
  return notes.length ? h("p", { class: "banner warn waiting-note", role: "status" }, notes.join(" ")) : null;
}

/** A game's refused waiting write, with both sides (what the server has now, what waits here)
 *  and the one tap that settles it; null when nothing is refused. `hands` are the server's. */
export function renderConflict(game, hands, summary, refresh) {
  const entries = outbox().filter((e) => sameGame(e.game, game.id));
  const refused = entries.find((e) => e.conflict);
  if (!refused) return null;
  const waiting = entries.filter((e) => e.kind === "hand");
  const settle = async (how) => {
    if (await resolveConflict(game.id, how)) await refresh();
    else toast(_("No connection: the hand waits on this phone. Try again when you are back online."));
  };
  const stale = refused.conflict.status === 412;
  const theirs = stale ? hands.filter((hand) => refused.seenHands == null || hand.number > refused.seenHands) : [];
  return h("section", { class: "banner warn conflict", role: "alert", "aria-label": _("Not recorded") },
    h("p", { text: stale ? _n("Another phone changed this game before the hand waiting on this phone was sent.", "Another phone changed this game before the {n} hands waiting on this phone were sent.", waiting.length)
      : _("The server refused a waiting write: {message}", { message: refused.conflict.message }) }),
    stale ? h("div", { class: "sides" },
      h("div", {}, h("strong", { text: _("On the server now") }), theirs.length
        ? h("ul", {}, theirs.map((hand) => h("li", { text: `${number(hand.number)}. ${summary(hand)}` })))
        : h("p", { text: _("A hand was corrected or undone.") })),
      h("div", {}, h("strong", { text: _("Waiting on this phone") }),
        h("ol", {}, waiting.map((e) => h("li", { text: inWords(game, e.body, summary) }))))) : null,
    h("div", { class: "row" },
      stale ? h("button", { type: "button", class: "primary", onclick: () => settle("send") }, _("Send anyway")) : null,
      h("button", { type: "button", class: "danger", onclick: () => settle("discard") },
        refused.kind === "game" ? _("Discard this game") : waiting.length === 1 ? _("Discard it") : _n("Discard the waiting hand", "Discard the {n} waiting hands", waiting.length))));
}
