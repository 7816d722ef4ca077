// @ts-check
// The outbox: writes made with no connection, kept in the phone's storage (they survive closing
// the tab and restarting the phone) and sent when the connection returns. No page here: it says
// what changed through events ("change", "sent", "created", "discarded"). The rules it keeps:
// - each write has its own Idempotency-Key, minted when it was typed; a retry after a network
//   failure sends the same key, so the server records it once whatever happened to the reply;
// - a game's writes go strictly in order, one at a time;
// - the first waiting hand of a game carries the ETag of the last state of the game this phone
//   saw (the sheet it was typed on), each later one the ETag the previous send returned: a 412
//   then means another phone really changed the game, and is kept as a conflict to resolve;
// - a game started offline is a write too (POST /games); its hands follow it, and get the real
//   game's id once it is created.

/**
 * @typedef {{ status: number, ok: boolean, json: any, etag: string | null, stored?: boolean }} Reply
 * @typedef {{ status: number, message: string }} Conflict
 * @typedef {{ id: string, kind: "hand" | "game", game: string | number, key: string, body: any,
 *   ifMatch?: string | null, seenHands?: number | null, variant?: any,
 *   conflict: Conflict | null }} Entry
 * @typedef {{ get: (key: string, fallback: any) => any, set: (key: string, value: any) => void }} Store
 * @typedef {object} OutboxDeps
 * @property {Store} store where the entries are kept
 * @property {(entry: Entry) => Promise<Reply>} send sends one write; throws when offline
 * @property {(id: string | number) => Promise<Reply | null>} fetchGame the game as the server has it
 * @property {(reply: Reply) => string} problem a refusal in words
 * @property {() => string} uuid a fresh key
 * @property {(run: () => Promise<void>) => Promise<unknown>} [exclusive] one sender across tabs
 */

export const OUTBOX = "outbox";
const CREATED = "created"; // a game started offline: its local id → its id on the server

/** A game started on this phone and not yet created on the server. */
export const isLocal = (/** @type {string | number} */ id) => String(id).startsWith("local-");

/** @param {string | number} a @param {string | number} b */
const sameGame = (a, b) => String(a) === String(b);

export class Outbox extends EventTarget {
  /** @param {OutboxDeps} deps */
  constructor(deps) {
    super();
    this.deps = deps;
    /** How this tab's own sends moved each game on: ETag before → ETag after. A sheet drawn before
     *  one of them finished still names the state before it; that is no change by another phone.
     *  @type {Map<string, Map<string, string>>} */
    this.advanced = new Map();
    /** @type {Promise<Set<string>> | null} */
    this.flushing = null;
    this.again = false;
  }

  /** @returns {Entry[]} every waiting write, in the order kept */
  entries() { return this.deps.store.get(OUTBOX, []); }

  /** @param {Entry[]} entries */
  save(entries) {
    this.deps.store.set(OUTBOX, entries);
    this.dispatchEvent(new Event("change"));
  }

  /** A game's writes waiting, in order.
   *  @param {string | number} gameId */
  ofGame(gameId) { return this.entries().filter((e) => sameGame(e.game, gameId)); }

  /** A game's hands waiting to be sent, in order.
   *  @param {string | number} gameId */
  waitingHands(gameId) { return this.ofGame(gameId).filter((e) => e.kind === "hand"); }

  /** The server's id of a game started offline, once it is created.
   *  @param {string} localId
   *  @returns {number | undefined} */
  createdAs(localId) { return this.deps.store.get(CREATED, {})[localId]; }

  /** The ETag to send over a sheet drawn at `seen`: the same, moved on past this tab's own sends.
   *  @param {string | number} gameId
   *  @param {string | null | undefined} seen */
  currentEtag(gameId, seen) {
    const moves = this.advanced.get(String(gameId));
    let etag = seen;
    for (let step = 0; etag != null && moves?.has(etag) && step < 1000; step++) etag = moves.get(etag);
    return etag;
  }

  /** Keep a game started with no connection; its local id addresses it until it is created.
   *  @param {any} body @param {any} variant @param {string} key */
  addGame(body, variant, key) {
    const id = `local-${this.deps.uuid()}`;
    this.save([...this.entries(), { id: this.deps.uuid(), kind: "game", game: id, key, body, variant,
      conflict: null }]);
    return id;
  }

  /** Keep a hand that could not be sent now. `seen` is the sheet it was typed on: the game's ETag
   *  and its number of hands then. It is sent after the game's other waiting writes.
   *  @param {string | number} gameId @param {any} body
   *  @param {{ etag: string | null | undefined, hands: number | null }} seen @param {string} key */
  addHand(gameId, body, seen, key = this.deps.uuid()) {
    const entries = this.entries();
    const first = !entries.some((e) => sameGame(e.game, gameId));
    entries.push({ id: this.deps.uuid(), kind: "hand", game: gameId, key, body,
      ifMatch: first ? this.currentEtag(gameId,
        seen.etag) : undefined, seenHands: seen.hands, conflict: null });
    this.save(entries);
  }

  /** The outbox of an earlier version of the page (one list named "queue") carried over.
   *  @param {any[] | null} old */
  carryOver(old) {
    if (!old) return;
    const entries = this.entries();
    for (const item of old) {
      if (item.method !== "POST") continue;
      const first = !entries.some((e) => sameGame(e.game, item.game));
      entries.push({ id: this.deps.uuid(), kind: "hand", game: item.game, key: item.key, body: item.body,
        ifMatch: first ? item.ifMatch : undefined, seenHands: null, conflict: null });
    }
    this.save(entries);
  }

  /** The game a local id stands for, as the sheet needs it, from what was typed: nothing is
   *  scored, the totals of a game not yet played are nothing.
   *  @param {string} localId */
  pendingGame(localId) {
    const entry = this.entries().find((e) => e.kind === "game" && e.game === localId);
    if (!entry) return null;
    const { body, variant } = entry;
    const defaults = Object.fromEntries(Object.entries(variant.options)
      .map(([name, o]) => [name, /** @type {{ default: unknown }} */ (o).default]));
    return {
      variant,
      game: { id: localId, variant: body.variant, options: { ...defaults, ...body.options },
        // A club player's seat is {name, player}: the sheet shows the name.
        sides: body.sides.map((/** @type {{ name: string, players: any[] }} */ side) => ({ ...side,
          players: side.players.map((p) => (typeof p === "string" ? p : p.name)) })),
        scores: body.sides.map(() => 0), status: "in_progress", winner: /** @type {number | null} */ (null),
        hands_played: 0, dealer: body.first_dealer ?? 0, barred_seat: /** @type {number | null} */ (null),
        updated_at: /** @type {string | null} */ (null) },
    };
  }

  /** Whether something waits that a flush could send (no conflict holds it). */
  sendable() { return this.entries().some((e) => !e.conflict); }

  /** Send what waits, in order; resolves to the games that changed, also told as a "sent" event.
   *  One flush at a time (and across tabs when `exclusive` is given). */
  flush() {
    if (this.flushing) { this.again = true; return this.flushing; }
    const flushing = (async () => {
      /** @type {Set<string>} */
      const changed = new Set();
      do {
        this.again = false;
        const run = () => this.sendAll(changed);
        if (this.deps.exclusive) await this.deps.exclusive(run);
        else await run();
      } while (this.again);
      return changed;
    })().finally(() => { this.flushing = null; this.dispatchEvent(new Event("change")); });
    this.flushing = flushing.then((changed) => {
      if (changed.size) this.dispatchEvent(new CustomEvent("sent", { detail: changed }));
      return changed;
    });
    return this.flushing;
  }

  /** The next write to send: the first of its game, its game not held back this round.
   *  @param {Set<string>} held */
  nextToSend(held) {
    const entries = this.entries();
    return entries.find((e, i) => !held.has(String(e.game)) && !e.conflict
      && !entries.slice(0, i).some((earlier) => sameGame(earlier.game, e.game)));
  }

  /** @param {Set<string>} changed */
  async sendAll(changed) {
    const held = new Set(this.entries().filter((e) => e.conflict).map((e) => String(e.game)));
    for (let entry = this.nextToSend(held); entry; entry = this.nextToSend(held)) {
      const game = String(entry.game);
      let result;
      try {
        result = await this.deps.send(entry);
      } catch {
        return; // still offline: everything stays, in order, for the next try
      }
      if (result.ok) {
        this.sent(entry, result);
        changed.add(game);
        if (entry.kind === "game") changed.add(String(result.json.id));
      } else if (result.status === 429 || result.status >= 500) {
        held.add(game); // the server is busy: the same write, same key, next time
      } else {
        this.update(entry.id, { conflict: { status: result.status, message: this.deps.problem(result) } });
        held.add(game);
        changed.add(game);
      }
    }
  }

  /** A write the server took: it leaves the outbox, and the game's next write carries the ETag the
   *  server returned (and, for a game started offline, the game's real id: "created" says so).
   *  @param {Entry} entry @param {Reply} result */
  sent(entry, result) {
    let entries = this.entries().filter((e) => e.id !== entry.id);
    let game = entry.game;
    if (entry.kind === "game") {
      game = result.json.id;
      this.deps.store.set(CREATED, { ...this.deps.store.get(CREATED, {}), [entry.game]: game });
      entries = entries.map((e) => (e.game === entry.game ? { ...e, game } : e));
      this.dispatchEvent(new CustomEvent("created", { detail: { local: entry.game, game: result.json } }));
    }
    const next = entries.find((e) => sameGame(e.game, game));
    if (next) next.ifMatch = result.etag;
    this.save(entries);
    if (entry.kind === "hand" && entry.ifMatch && result.etag) {
      const moves = this.advanced.get(String(game)) ?? new Map();
      this.advanced.set(String(game), moves.set(entry.ifMatch, result.etag));
    }
  }

  /** @param {string} id @param {Partial<Entry>} changes */
  update(id, changes) {
    this.save(this.entries().map((e) => (e.id === id ? { ...e, ...changes } : e)));
  }

  /** Settle a game's refused write. "send": again, over the game as the server has it now (its
   *  fresh ETag); "discard": every write of the game still waiting is dropped. Resolves false
   *  when there was no connection to fetch the game (nothing changes).
   *  @param {string | number} gameId @param {"send" | "discard"} how */
  async resolve(gameId, how) {
    if (how === "discard") {
      this.save(this.entries().filter((e) => !sameGame(e.game, gameId)));
      this.dispatchEvent(new CustomEvent("discarded", { detail: gameId }));
    } else {
      const fresh = await this.deps.fetchGame(gameId).catch(() => /** @type {Reply | null} */ (null));
      if (!fresh?.ok || fresh.stored) return false; // no connection: nothing changes, ask again later
      const head = this.entries().find((e) => sameGame(e.game, gameId));
      if (head) this.update(head.id, { conflict: null, ifMatch: fresh.etag,
        seenHands: fresh.json.hands_played });
    }
    await this.flush();
    return true;
  }
}
