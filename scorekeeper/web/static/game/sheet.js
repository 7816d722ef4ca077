// @ts-check
// A game's score sheet: the totals, the hands with their explanations, the entry of the next hand
// (or a correction), the outbox's waiting hands, and the links to share the game. The sheet loads
// the game, draws it and sends what is entered; each family's entry form (contract.js,
// cardpoints.js, rummy.js) is handed the game as a Table (table.js) and a way to submit.
import { API, Offline, api, problem, uuid } from "../api.js";
import { gameBids, guessedBids } from "../bids.js";
import { follow, h, show, signed, toast } from "../dom.js";
import { fieldErrors } from "../entry.js";
import { _, _n, against, lang, locale, number } from "../i18n.js";
import { isLocal, outbox, setQueueListener, showNet } from "../queue.js";
import { renderConflict, renderWaiting, renderWaitingNote } from "../queue/view.js";
import { shareBlock } from "../share.js";
import { chart, outcomeMark, outcomeOf, score, scoreboard, suited } from "../sheet.js";
import { seatLinks } from "../roster.js";
import { keepToken, remember, store, tokenOf } from "../store.js";
import { cardPointsEntry } from "./cardpoints.js";
import { contractEntry } from "./contract.js";
import { rummyEntry } from "./rummy.js";
import { scoreHands } from "./provisional.js";
import { tableOf } from "./table.js";

// Finished games whose statistics this page has fetched so the service worker keeps them.
const statsFetched = new Set();

/** The game-over card's link to the statistics page. Fetching them once here (the reply is
 *  dropped) lets the service worker keep them, so the page opens offline for a game this phone
 *  has seen finish. @param {number | string} id @param {{ updated_at?: string }} game */
export function statsLink(id, game) {
  const key = `${id} ${game.updated_at ?? ""}`;
  if (!statsFetched.has(key)) {
    statsFetched.add(key);
    api("GET", `/games/${id}/stats`).catch(() => statsFetched.delete(key));
  }
  return h("a", { class: "button", href: `#/g/${id}/stats` }, _("Statistics"));
}

/** Each side's chance before the first hand, from its players' ratings, on one small line.
 *  @param {{ name: string }[]} sides @param {{ sides: { side: number, chance: number }[] }} chances */
function chanceLine(sides, chances) {
  const percent = new Intl.NumberFormat(locale(), { style: "percent" });
  const each = chances.sides.map((c) => `${sides[c.side]?.name ?? ""} ${percent.format(c.chance)}`);
  return h("p", { class: "muted chances", text: _("Chances from the ratings: {chances}",
    { chances: each.join(" · ") }) });
}

/**
 * @typedef {import("./table.js").Game} Game
 * @typedef {import("./table.js").Hand} Hand
 * @typedef {import("./table.js").Variant} Variant
 * @typedef {import("./table.js").Table} Table
 * @typedef {import("./table.js").TableBids} TableBids
 * @typedef {(table: Table, submit: import("./table.js").Submit) => HTMLElement[]} Entry
 */

/** Each family's entry form (the variant's `family`). @type {Record<string, Entry>} */
const ENTRIES = { contract: contractEntry, card_points: cardPointsEntry, rummy: rummyEntry };

/** What the sheet shows, and what it has to remember between drawings. */
class Sheet {
  /** @param {string | number} id @param {boolean} watching */
  constructor(id, watching) {
    this.id = id;
    this.watching = watching;
    this.local = isLocal(id); // started offline, not yet created: its hands wait in the outbox
    /** @type {string | null} */
    this.token = watching ? null : this.local ? "not yet created" : tokenOf("", id);
    /** @type {Game} */
    this.game = /** @type {any} */ (null);
    /** @type {Hand[]} */
    this.hands = [];
    /** @type {Variant} */
    this.variant = /** @type {any} */ (null);
    /** @type {string | null} */
    this.etag = null;
    this.stored = false; // shown from the service worker's last kept reply: the server is out of reach
    /** @type {import("./provisional.js").Scoring | null} the game's rules as data, for hands offline */
    this.scoring = null;
    /** @type {TableBids} the bids this game's table may win with */
    this.tableBids = { bids: [], exact: true };
    /** @type {Hand | null} the hand being corrected, or null for a new hand */
    this.editing = null;
    /** @type {number | null} the hand whose explanation is open */
    this.opened = null;
    this.dirty = false; // the scorer has started entering a hand: live updates must not disturb it
    /** @type {{ method: string, path: string, body: any, preview: any, t: any, fixed: string } | null}
     *  a tournament game's correction or undo that would change later rounds, previewed */
    this.cascade = null;
    /** @type {string | null} a tournament game whose match is over, in words */
    this.matchOver = null;
    /** @type {{ sides: { side: number, chance: number }[], rated: boolean } | null} a club game's
     *  chances before its first hand, from its players' ratings */
    this.chances = null;
    /** @type {string | null} why this phone may not apply the correction it previewed */
    this.notYours = null;
    /** @type {typeof import("../cascade.js").previewBox} */
    this.cascadeBox = () => h("div", {});
  }

  async load() {
    if (this.local) {
      const pending = outbox.pendingGame(String(this.id));
      if (!pending) throw new Error(_("This game was discarded on this phone before it was created."));
      ({ game: this.game, variant: this.variant } = pending);
      this.hands = [];
      return;
    }
    const [g, hs, sc] = await Promise.all([api("GET", `/games/${this.id}`), api("GET",
      `/games/${this.id}/hands`), api("GET", `/games/${this.id}/scoring`).catch(() => null)]);
    if (!g.ok) throw new Error(problem(g));
    this.game = g.json;
    this.etag = g.etag;
    this.hands = hs.json ?? [];
    this.stored = g.stored;
    if (sc?.ok) this.scoring = sc.json; // else the last data kept, if any
    if (!this.variant) this.variant = (await api("GET", `/variants/${this.game.variant}`)).json;
    const ch = this.game.club != null && !this.hands.length
      ? await api("GET", `/games/${this.id}/chances`).catch(() => null) : null;
    this.chances = ch?.ok && ch.json.rated ? ch.json : null;
    // A tournament's game: its match over, it takes no more deals (each would be refused).
    const t = this.game.tournament == null ? null
      : await api("GET", `/tournaments/${this.game.tournament}`).catch(() => null);
    const match = t?.ok ? t.json.rounds.flatMap((/** @type {any} */ r) => r.matches)
      .find((/** @type {any} */ m) => m.id === this.game.match) : null;
    this.matchOver = match?.status === "complete" && this.game.status !== "finished"
      ? _("Match over: {team} won.", { team: t?.json.teams[match.winner]?.name ?? "" }) : null;
  }

  /** @returns {Table} */
  table() {
    const { id, local, game, variant, tableBids, editing } = this;
    const waiting = outbox.waitingHands(id).map((e) => e.body);
    const provisional = this.scoring ? (/** @type {Record<string, unknown>} */ hand) => /** @type {any} */ (
      this.provisional([...waiting, hand])).at(-1) : null;
    const draft = editing ? null : this.draft();
    const keepDraft = (/** @type {Record<string, any>} */ kept) => {
      this.keepDraft(kept);
      this.dirty = true;
      document.getElementById("discard-hand")?.removeAttribute("hidden");
    };
    return tableOf({ id, local, game, variant, tableBids, editing, waiting: waiting.length, provisional,
      draft, keepDraft, scoring: this.scoring });
  }

  /** The new hand left half entered in this game on this phone, or null. */
  draft() {
    return store.get("drafts", {})[this.id] ?? null;
  }

  /** Keep (or, given null, drop) the half-entered new hand: Back, a reload or a live update
   *  must not lose what the table has tapped so far. @param {Record<string, any> | null} kept */
  keepDraft(kept) {
    const drafts = store.get("drafts", {});
    if (kept) drafts[this.id] = kept; else delete drafts[this.id];
    store.set("drafts", drafts);
  }

  /** Hands as typed, scored from the game's published data after the server's last figures;
   *  null with no data to go by. Figures from data older than the game are all "about".
   *  @param {Record<string, any>[]} hands */
  provisional(hands) {
    const { game, scoring } = this;
    if (!scoring || !hands.length) return null;
    const current = scoring.start.hands_played === game.hands_played;
    const start = { scores: game.scores, dealer: game.dealer, redeals: current ? scoring.start.redeals : 0,
      finished: game.status === "finished", winner: game.winner };
    return scoreHands(scoring, start, hands)
      .map((scored) => (current ? scored : { ...scored, exact: false }));
  }

  /** A hand (recorded, previewed or as typed) in a few words. @param {Record<string, any>} hand */
  summary(hand) {
    const { bidName, seatName } = this.table();
    if (hand.passed_out) return _("passed out");
    if (hand.bid) {
      const said = { bid: bidName(hand.bid), bidder: seatName(hand.bidder) };
      if (hand.partner === undefined) return _("{bid} by {bidder}", said);
      // i18n: five-handed 500: the bidder called no partner
      if (hand.partner === null) return _("{bid} by {bidder} alone", said);
      return _("{bid} by {bidder} with {partner}", { ...said, partner: seatName(hand.partner) });
    }
    if (hand.points || hand.captured) {
      const count = hand.mariannas?.length ?? 0;
      return count ? _n("card points, {n} Marianna", "card points, {n} Mariannas", count) : _("card points");
    }
    // Rummy: who went out, as the API says (a hand still waiting to be sent is not scored yet).
    if (hand.out !== undefined) {
      return hand.out === null ? _("stock ran out") : _("{player} went out",
        { player: this.game.sides[hand.out].name });
    }
    return "";
  }

  render({ top = false } = {}) {
    const { game, hands, variant, token, local, id } = this;
    const sides = game.sides;
    const summary = (/** @type {Record<string, any>} */ hand) => this.summary(hand);
    const { seatName } = this.table();
    const finished = game.status === "finished";
    const empty = h("tr", {}, h("td", { colspan: String(sides.length + 1), class: "muted",
      text: _("No hands yet.") }));
    // The waiting hands scored from the published data: provisional totals and dealer, marked so.
    const ahead = this.provisional(outbox.waitingHands(id).map((e) => e.body));
    const last = ahead?.at(-1);
    const rows = [...hands.flatMap((hand) => this.handRows(hand)), ...renderWaiting(outbox, game, summary,
      sides.length + 1, ahead)];
    show(
      h("h1", { class: "game-title", text: _("{variant}: {sides}", { variant: variant.name,
        sides: against(sides.map((s) => s.name)) }) }),
      // A tournament match played here: its hands report to the match, which is a tap away.
      game.tournament != null ? h("p", { class: "muted" }, h("a", { href: `#/t/${game.tournament}` },
        _("Tournament game: back to the match"))) : null,
      seatLinks(game),
      this.chances && !hands.length ? chanceLine(sides, this.chances) : null,
      last ? scoreboard({ ...game, scores: last.scores }, last.exact ? "provisional" : "about")
        : scoreboard(game),
      finished ? this.gameOver()
        : last ? h("p", { class: "muted dealer provisional", text: last.finished
          ? _("Provisional: {winner} wins, once the server confirms the waiting hands.",
            { winner: sides[/** @type {number} */ (last.winner)].name })
          // i18n: who deals next, worked out on this phone from hands not yet sent
          : _("{dealer} deals next (provisional).", { dealer: seatName(last.dealer) }) })
        : h("p", { class: "muted dealer", text: game.barred_seat != null
          // i18n: "ralphed": the seat may not bid in this auction (a house rule of 500)
          ? _("{dealer} deals next. {player} is ralphed for this auction.", { dealer: seatName(game.dealer), player: seatName(game.barred_seat) })
          : _("{dealer} deals next.", { dealer: seatName(game.dealer) }) }),
      renderWaitingNote(outbox, game, this.stored, last ? last.exact : null),
      renderConflict(outbox, game, hands, summary, async () => { await this.load(); this.render(); }),
      this.notYours ? h("p", { class: "banner warn", id: "not-yours", role: "alert",
        text: this.notYours }) : null,
      this.cascade ? this.cascadeCard() : null,
      this.matchOver && !this.editing ? h("p", { class: "banner win", role: "status",
        text: this.matchOver }) : null,
      token && (!finished || this.editing) && !this.cascade && (!this.matchOver || this.editing)
        ? this.entryForm() : null,
      // Many sides: the table scrolls inside itself, never the page; the hand column stays put.
      h("div", { class: "sheet-scroll", tabindex: "0", role: "region", "aria-labelledby": "sheet-caption" },
        h("table", { class: "sheet hands" },
          h("caption", { class: "sr", id: "sheet-caption",
            text: _("Hands and running totals; tap a hand for its explanation") }),
          h("thead", {}, h("tr", {}, h("th", { scope: "col", text: _("Hand") }), sides.map((side) => h("th",
            { scope: "col" }, h("span", { class: "name", text: side.name }))))),
          h("tbody", {}, rows.length ? rows : [empty]))),
      chart(game, hands),
      local ? h("p", { class: "muted",
        text: _("The links to share this game appear once it is created on the server.") })
        : shareBlock(id, token, this.watching));
    if (top) window.scrollTo(0, 0); // a new hand starts at the top: the scores, then the entry
  }

  /** A recorded hand's row, and under it its explanation when opened. @param {Hand} hand */
  handRows(hand) {
    const { game, hands, token } = this;
    const outcome = outcomeOf(hand);
    const open = this.opened === hand.number;
    // The whole row opens the explanation on tap; its first cell's button does so from the keyboard.
    const row = h("tr", { class: `hand${outcome ? ` ${outcome}` : ""}`,
      onclick: () => { this.opened = open ? null : hand.number; this.render(); } },
      h("td", {}, h("button", { type: "button", class: "plain", "aria-expanded": String(open) },
        `${number(hand.number)}. `, suited(this.summary(hand)), outcome ? " " : null, outcomeMark(outcome))),
      ...hand.scores.map((/** @type {number} */ total, /** @type {number} */ s) => h("td", {}, score(total,
        "run"),
        h("span", { class: `delta${hand.deltas[s] < 0 ? " neg" : ""}`, text: signed(hand.deltas[s]) }))));
    if (!open) return [row];
    const correct = () => {
      this.editing = hand;
      this.render();
      document.getElementById("entry")?.scrollIntoView();
    };
    return [row, h("tr", { class: "detail" }, h("td", { colspan: String(game.sides.length + 1) },
      h("div", { class: "explain" },
      h("ul", {}, hand.explanation.map((/** @type {string} */ line) => h("li", {}, suited(line)))),
      token ? h("div", { class: "row" },
        h("button", { type: "button", onclick: correct }, _("Correct hand {n}", { n: hand.number })),
        hand.number === hands.length
          ? h("button", { type: "button", class: "danger", onclick: () => this.undo(hand.number) },
            _("Undo hand {n}", { n: hand.number }))
          : null) : null)))];
  }

  /** The end of the game: who won, a rematch, and the game's statistics, sheet and export. */
  gameOver() {
    const { game, id } = this;
    const winner = game.winner === null ? undefined : game.sides[game.winner]?.name;
    const csv = `${API}/games/${id}/sheet.csv?lang=${lang()}`;
    return h("section", { class: "banner win over", role: "status", "aria-label": _("Game over") },
      h("p", { class: "big", text: winner ? _("Game over: {winner} won.",
        { winner }) : _("Game over: nobody won.") }),
      h("div", { class: "row" },
        // A rematch is the scorer's to start: a spectator's phone has no say in the next game.
        this.token ? h("button", { type: "button", class: "primary", onclick: () => this.rematch() },
          _("Rematch")) : null,
        statsLink(id, game),
        h("a", { class: "button", href: csv, download: `game-${id}.csv` }, _("CSV")),
        h("a", { class: "button", href: `${API}/games/${id}/export`, download: `game-${id}.json` },
          _("Export"))));
  }

  /** A new game with the same players, sides and house rules, the next dealer dealing first. */
  async rematch() {
    const { game } = this;
    const body = { variant: game.variant, options: game.options, first_dealer: game.dealer,
      sides: game.sides.map((side) => ({ name: side.name, players: [...side.players] })) };
    let created;
    try {
      created = await api("POST", "/games", body, { key: uuid() });
    } catch {
      toast(_("No connection: the rematch could not be started. Try again when you are online."));
      return;
    }
    if (!created.ok) { toast(problem(created)); return; }
    keepToken("", created.json.id, created.json.token);
    remember(created.json);
    location.hash = `#/g/${created.json.id}`;
  }

  /** The entry is done with: the sheet drawn afresh, nothing open. @param {boolean} top */
  settled(top) {
    this.editing = null;
    this.dirty = false;
    this.opened = null;
    this.render({ top });
  }

  /** A new hand goes to the outbox when it cannot go now: with no connection, or behind hands
   *  already waiting (a game's hands go in order), or in a game not yet created.
   *  @param {Record<string, unknown>} body @param {string} key */
  keep(body, key) {
    outbox.addHand(this.id, body, { etag: this.etag, hands: this.hands.length }, key);
    this.keepDraft(null);
    this.settled(false);
    if (navigator.onLine) outbox.flush();
    else {
      toast(_("Offline: the hand is kept on this phone and will be sent when the connection returns."),
        { offline: true });
    }
    return true;
  }

  /** Send a write; a refusal is shown by `refused(result)` when the form gives one (the message
   *  once, each field's complaint at its control), else in a toast.
   *  @param {string} method @param {string} path @param {Record<string, unknown> | undefined} body
   *  @param {((result: any) => void) | null} refused */
  async send(method, path, body, refused = null) {
    const key = uuid();
    const newHand = method === "POST" && !this.editing;
    if (newHand && (this.local || outbox.waitingHands(this.id).length)) return this.keep(body ?? {}, key);
    let result;
    try {
      result = await api(method, path, body, { token: this.token, ifMatch: outbox.currentEtag(this.id,
        this.etag), key });
    } catch (error) {
      if (!(error instanceof Offline) || !newHand) {
        toast(_("No connection: try again when you are back online."));
        return false;
      }
      // the same key: if the server did record it, the retry records nothing
      return this.keep(body ?? {}, key);
    }
    if (result.status === 412) {
      toast(_("Someone else changed this game since you loaded it. Reload to see their change; your entry is still in the form."));
      this.changed();
      return false;
    }
    if (!result.ok) {
      if (refused) refused(result); else toast(problem(result));
      return false;
    }
    if (newHand) this.keepDraft(null);
    await this.load();
    this.settled(method === "POST");
    return true;
  }

  /** A correction or undo. In a tournament's game it may change later rounds, so it is
   *  previewed first: applied at once when it changes none, else shown (what the later rounds
   *  lose) for the organizer to apply with ?cascade=true, or, on a table's phone, left to the
   *  organizer at the desk. @param {string} method @param {string} path @param {any} body
   *  @param {((result: any) => void) | null} refused @param {string} fixed what is changed, in words */
  async previewed(method, path, body, refused, fixed) {
    this.notYours = null;
    if (this.game.tournament == null) return this.send(method, path, body, refused);
    let got;
    try {
      got = await api(method, `${path}?preview=true`, body, { token: this.token, ifMatch: this.etag });
    } catch {
      toast(_("No connection: try again when you are back online."));
      return false;
    }
    if (!got.ok) {
      if (refused) refused(got); else toast(problem(got));
      return false;
    }
    const preview = got.json.tournament_preview ?? got.json.tournament;
    if (!preview || typeof preview !== "object" || preview.apply === "now") return this.send(method, path,
      body, refused);
    if (preview.apply === "organizer") {
      this.notYours = _("Later rounds were built on this match: the organizer applies this correction from the desk.");
      this.settled(false);
      document.getElementById("not-yours")?.scrollIntoView({ block: "center" });
      return false;
    }
    const t = await api("GET", `/tournaments/${this.game.tournament}`).catch(() => null);
    if (!t?.ok) { toast(t ? problem(t) : _("No connection: try again when you are back online.")); return false; }
    this.cascade = { method, path, body, preview, t: t.json, fixed };
    this.render();
    document.querySelector(".preview-box")?.scrollIntoView({ block: "center" });
    /** @type {HTMLElement | null} */ (document.querySelector(".preview-box button.primary"))?.focus();
    return false;
  }

  /** The previewed correction's effect on the tournament, with Apply (?cascade=true) and Cancel. */
  cascadeCard() {
    const { method, path, body, preview, t, fixed } = /** @type {NonNullable<Sheet["cascade"]>} */ (
      this.cascade);
    const removing = method === "DELETE";
    const cancel = () => { this.cascade = null; this.render(); };
    const apply = async () => {
      this.cascade = null;
      await this.send(method, `${path}?cascade=true`, body);
    };
    return h("section", { class: "card stack", id: "entry" }, this.cascadeBox(t, preview, {
      headline: removing ? _("What removing it changes") : _("What this correction changes"),
      fixed, apply, cancel }));
  }

  /** Another phone changed the game under a half-entered hand: say so, and offer to reload. */
  changed() {
    const entry = document.getElementById("entry");
    if (!entry || entry.querySelector(".changed")) return;
    const reload = async () => { this.dirty = false; this.editing = null; await this.load(); this.render(); };
    entry.prepend(h("div", { class: "banner warn changed", role: "alert" },
      _("This game changed on another phone."), " ",
      h("button", { type: "button", onclick: reload }, _("Reload the game"))));
  }

  /** @param {number} number */
  async undo(number) {
    if (!confirm(_("Undo hand {n}?", { n: number }))) return;
    await this.previewed("DELETE", `/games/${this.id}/hands/${number}`, undefined, null,
      _("Undo hand {n}", { n: number }));
  }

  entryForm() {
    const { editing, id } = this;
    const name = editing ? _("Correct hand {n}", { n: editing.number }) : _("Enter a hand");
    const box = h("section", { class: "card stack", id: "entry", "aria-label": name,
      onclick: () => { this.dirty = true; }, oninput: () => { this.dirty = true; } });
    const title = h("h2", { text: editing ? _("Correct hand {n}", { n: editing.number })
      : _("Hand {n}", { n: this.hands.length + outbox.waitingHands(id).length + 1 }) });
    const refusal = h("div", { class: "refusal", role: "alert", hidden: true });
    const refused = (/** @type {any} */ result) => fieldErrors(box, refusal, result);
    /** @type {import("./table.js").Submit} */
    const submit = (body) => {
      fieldErrors(box, refusal, null);
      return editing ? this.previewed("PUT", `/games/${id}/hands/${editing.number}`, body, refused,
        this.summary(body)) : this.send("POST", `/games/${id}/hands`, body, refused);
    };
    const cancel = editing ? h("button", { type: "button", onclick: (/** @type {Event} */ e) => {
      e.stopPropagation();
      this.editing = null;
      this.dirty = false;
      this.render();
    } }, _("Cancel")) : null;
    // A new hand left half entered comes back as it was; dropped only when recorded or here.
    const discard = editing ? null : h("button", { type: "button", id: "discard-hand",
      hidden: !this.draft(), onclick: (/** @type {Event} */ e) => {
        e.stopPropagation();
        this.keepDraft(null);
        this.dirty = false;
        this.render();
      } }, _("Discard this hand"));
    if (!editing && this.draft()) this.dirty = true;
    const entry = ENTRIES[this.variant.family] ?? contractEntry;
    box.append(title, refusal, ...entry(this.table(), submit), cancel ?? "", discard ?? "");
    return box;
  }
}

/** The sheet of game `id` (a local id while it waits to be created), for its scorer or, when
 *  `watching`, read-only; `hand`: that hand's correction opened. @param {string | number} id
 *  @param {boolean} watching @param {number | null} hand */
export async function gamePage(id, watching, hand = null) {
  const local = isLocal(id);
  const created = local ? outbox.createdAs(String(id)) : undefined;
  if (created) { location.replace(`#/g/${created}`); return; }
  const sheet = new Sheet(id, watching);
  // The game's bids are asked beside the game itself, not once its variant is known: one round
  // trip fewer before the sheet shows (a variant without bids answers an empty list).
  const bids = local ? null : api("GET", `/games/${id}/bids`).catch(() => null);
  try { await sheet.load(); } catch (error) {
    show(h("p", { class: "banner bad", text: error instanceof Offline
      ? _("Offline: this game cannot be loaded until the connection returns.") : /** @type {Error} */ (error).message }));
    return;
  }
  const { game, variant } = sheet;
  remember(game);
  if (variant.bids) sheet.tableBids = local ? { bids: guessedBids(game, variant),
    exact: false } : await gameBids(game, variant, bids);
  document.title = _("{game} — scorekeeper", { game: against(game.sides.map((s) => s.name)) });
  const asked = hand == null || !sheet.token ? undefined : sheet.hands.find((x) => x.number === hand);
  if (asked) { sheet.editing = asked; sheet.opened = asked.number; }
  // A tournament's preview box is the tournament pages' own: loaded when first needed.
  if (game.tournament != null) sheet.cascadeBox = (await import("../cascade.js")).previewBox;
  sheet.render({ top: true }); // opened: the scores and the entry, not wherever the last page was scrolled
  showNet();
  // The outbox sent or refused something of this game: show it (a game started offline moves
  // to its real address once created). A half-entered hand is kept, the data refreshed under it.
  setQueueListener(async (games) => {
    if (local) {
      const now = outbox.createdAs(String(id));
      if (now) location.replace(`#/g/${now}`); else sheet.render();
      return;
    }
    if (!games.has(String(id))) return;
    await sheet.load();
    if (!sheet.dirty) sheet.render();
  });
  if (local) return;
  follow(`${API}/games/${id}/events?lang=${lang()}`, async (/** @type {MessageEvent} */ event) => {
    const seen = JSON.parse(event.data);
    if (seen.updated_at === sheet.game.updated_at && seen.hands_played === sheet.game.hands_played) return;
    if (sheet.dirty) { sheet.changed(); return; } // keep the scorer's half-entered hand and its ETag
    await sheet.load();
    sheet.render();
  });
}
