// @ts-check
// The entry of a contract game's hand: the bid, who won the auction (and at five the partner
// called), and the tricks each side took; or everybody passed.
import { LEVEL_BID, bidButton, bidGrid, kittyCardsOf, kittyGiven, kittyRow, levelOf, trickRow,
  trickSplit } from "../bids.js";
import { h } from "../dom.js";
import { _, _n } from "../i18n.js";
import { actionBar, handPreview } from "./preview.js";
import { formOf } from "./table.js";

/** @typedef {import("./table.js").Table} Table @typedef {import("./table.js").Submit} Submit */

/** Five-handed 500: after the bidder, the seat the bidder called as partner, or Alone.
 *  @param {Table} table @param {number} seats
 *  @param {() => { bid: string | null, bidder: number | null, partner: number | null | undefined }} current
 *  @param {(seat: number | null | undefined) => void} choose */
function partnerChoice({ seatName, bidName, playedAlone }, seats, current, choose) {
  const node = h("div", { class: "row partners", role: "group", "aria-labelledby": "partner-label" });
  function redraw() {
    const { bid, bidder, partner } = current();
    if (bid && playedAlone(bid)) {
      node.replaceChildren(h("p", { class: "muted", text: _("{bid} is always played alone.",
        { bid: bidName(bid) }) }));
      return;
    }
    if (partner !== undefined && partner === bidder) choose(undefined);
    const chosen = current().partner;
    const button = (/** @type {number | null} */ seat, /** @type {string} */ label) => h("button", {
      type: "button", "aria-pressed": String(chosen === seat),
      onclick: () => { choose(seat); redraw(); } }, label);
    node.replaceChildren(...Array.from({ length: seats }, (_x, seat) => seat)
      .filter((seat) => seat !== bidder).map((seat) => button(seat, seatName(seat))), button(null,
        _("Alone")));
  }
  redraw();
  return { node, redraw };
}

/** @param {Table} table @param {Submit} submit @returns {HTMLElement[]} */
export function contractEntry(table, submit) {
  const { game, variant, editing, draft, tableBids, bidOf, bidName, playedAlone, seatName } = table;
  const seats = game.sides.reduce((n, s) => n + s.players.length, 0);
  const nSides = game.sides.length;
  const names = game.sides.map((side) => side.name);
  const callsPartner = Boolean(formOf(variant, game)?.calls_partner);
  const total = variant.hand.tricks ?? 0;
  // A correction starts from the hand as recorded, a new hand from what was left half entered.
  const before = /** @type {Record<string, any>} */ (editing ?? draft ?? {});
  const noTrumpPassOut = game.options.pass_out === "no-trump";
  let passed = Boolean(before.passed_out);
  /** @type {string | null} */
  let bid = before.bid ?? null;
  /** @type {number | null} */
  let bidder = before.bidder ?? null;
  /** @type {number | null | undefined} undefined: not picked yet */
  let partner = "partner" in before ? before.partner : undefined;
  const sideOf = (/** @type {number} */ seat) => seat % nSides;
  const alone = () => Boolean(bid && playedAlone(bid));
  /** The sides whose tricks the one row counts: the declaring side (bidder and partner
   *  together), or the first side's when everybody passed and the hand is played at no-trumps. */
  const declaring = () => (passed ? [0] : bidder === null ? []
    : [...new Set([sideOf(bidder), ...(partner != null && !alone() ? [sideOf(partner)] : [])])]);
  const defenders = () => (!passed && bidder === null ? []
    : names.map((_x, s) => s).filter((s) => !declaring().includes(s)));
  /** @type {number | null} the tricks the row counts, null: not picked yet */
  let taken = null;
  /** @type {Map<number, number>} each defending side's own tricks, as tapped */
  const picks = new Map(before.picks ?? []);
  if (editing?.tricks) {
    const counted = declaring();
    taken = counted.reduce((n, s) => n + editing.tricks[s], 0);
    const others = defenders();
    if (others.length > 1) for (const s of others) picks.set(s, editing.tricks[s]);
  } else taken = before.taken ?? null;
  const bids = tableBids.bids;
  const fractional = bids.some((b) => kittyGiven(b.code) !== null);
  let given = kittyGiven(bid) ?? kittyCardsOf(bids)[0] ?? null; // the .K of the fractional bids on show
  const grid = h("div", { class: fractional ? "grid fractional" : "grid", role: "group",
    "aria-label": _("Bid"), "data-field": "bid" });
  const pick = (/** @type {string} */ code) => {
    bid = code;
    markChosen();
    partnerRow?.redraw();
    row.start(levelOf(bidOf(bid)));
    check();
  };
  const markChosen = () => {
    for (const b of document.querySelectorAll("#entry [data-code]")) {
      b.setAttribute("aria-pressed", String(/** @type {HTMLElement} */ (b).dataset.code === bid));
    }
  };
  const drawGrid = () => grid.replaceChildren(...bidGrid(bids, fractional ? given : null, bid, pick));
  drawGrid();
  const giveRow = fractional ? kittyRow(kittyCardsOf(bids), given, (/** @type {number} */ k) => {
    given = k;
    // 7.0♥ → 7.2♥: same level and suit
    const moved = bid && kittyGiven(bid) !== null ? bid.replace(/\.\d/, `.${k}`) : null;
    if (moved && bids.some((b) => b.code === moved)) bid = moved;
    drawGrid();
    check();
  }) : null;
  const specials = bids.filter((b) => !LEVEL_BID.test(b.code)).map((b) => bidButton(b, b.name, bid, pick));
  const bidderRow = h("div", { class: "row bidders", role: "group", "aria-label": _("Bidder"),
    "data-field": "bidder" },
    Array.from({ length: seats }, (_x, seat) => h("button", { type: "button",
      "aria-pressed": String(bidder === seat),
      onclick: (/** @type {MouseEvent & { currentTarget: HTMLElement }} */ e) => {
        bidder = seat;
        for (const x of e.currentTarget.parentElement?.children ?? []) x.setAttribute("aria-pressed",
          String(x === e.currentTarget));
        partnerRow?.redraw();
        check();
      } }, seatName(seat))));
  const partnerRow = callsPartner
    ? partnerChoice(table, seats, () => ({ bid, bidder, partner }),
      (seat) => { partner = seat; check(); }) : null;
  /** Who the row counts, in words: "Ann", "Ann and Cy". */
  const countedName = () => {
    const [first, second] = declaring().map((s) => names[s]);
    return second === undefined ? first : _("{bidder} and {partner}", { bidder: first, partner: second });
  };
  const rowLabel = () => (declaring().length ? _("Tricks {side} took", { side: countedName() })
    : _("Tricks the bidding side took"));
  const row = trickRow(total, taken, (/** @type {number} */ n) => { taken = n; check(); }, rowLabel());
  // The defenders' own tricks are asked only where they change the score: not when the row
  // took them all, nor when the defenders score nothing or share what they took together.
  const split = trickSplit(names, picks, () => check());
  const asked = () => taken !== null && taken < total && defenders().length > 1
    && (passed || table.defendersOwnTricks(bid));
  const trickHeading = h("h3", { id: "tricks-label" });
  const rest = h("p", { class: "muted rest", id: "other-tricks", "aria-live": "polite" });
  const trickEntry = h("div", { "data-field": "tricks" }, row.node, rest, split.node);
  const status = h("p", { class: "muted", "aria-live": "polite" });
  const preview = handPreview(table);
  const record = h("button", { type: "submit", class: "primary" },
    editing ? _("Save the correction") : _("Record the hand"));
  /** Every side's tricks. The declaring side's all go to the bidder (the partner's own count
   *  changes no score, and nobody at the table keeps it); defenders whose split changes no
   *  score leave theirs to the first of them. */
  const trickList = () => {
    const list = Array(nSides).fill(0);
    list[declaring()[0]] = taken;
    if (asked()) for (const [s, n] of split.settled()) list[s] = n;
    else list[defenders()[0]] = total - Number(taken);
    return list;
  };
  const hand = () => (passed ? { passed_out: true, ...(noTrumpPassOut ? { tricks: trickList() } : {}) }
    : { bidder, bid, ...(callsPartner ? { partner: alone() ? null : partner } : {}),
      tricks: trickList() });
  /** What is still missing from the hand, in words ("" when nothing is). */
  function missing() {
    if (passed && !noTrumpPassOut) return "";
    if (!passed && !bid) return _("Pick the bid.");
    if (!passed && bidder === null) return _("Pick the bidder.");
    if (!passed && callsPartner && partner === undefined
      && !alone()) return _("Pick the partner the bidder called, or Alone.");
    if (taken === null) return _("Pick the tricks {side} took.", { side: countedName() });
    const open = asked() ? split.open() : null;
    if (open !== null) return _("Pick the tricks {side} took.", { side: names[open] });
    const sum = trickList().reduce((a, b) => a + b, 0);
    return sum === total ? "" : _("The tricks add up to {sum}, not {total}.", { sum, total });
  }
  /** What a new hand keeps of itself while half entered (see Table.keepDraft). */
  const drafted = () => ({ passed_out: passed, bid, bidder, ...(partner === undefined ? {} : { partner }),
    taken, picks: [...picks] });
  let drawn = false;
  function check() {
    trickHeading.textContent = rowLabel();
    row.relabel(rowLabel());
    split.show(asked() ? defenders() : [], total - Number(taken));
    const others = defenders();
    const left = total - Number(taken);
    rest.textContent = taken === null || asked() || !others.length ? ""
      : others.length === 1 ? _n("{side} took the other {n}.", "{side} took the other {n}.", left,
        { side: names[others[0]] })
        : _n("The defenders took the other {n}.", "The defenders took the other {n}.", left);
    const lacking = missing();
    status.textContent = lacking;
    /** @type {HTMLButtonElement} */ (record).disabled = Boolean(lacking);
    preview.ask(lacking ? null : hand(), bid && !passed ? bidName(bid) : passed ? _("Passed out") : "");
    if (drawn && !editing) table.keepDraft(drafted());
  }
  const auction = h("div", { class: "stack auction", hidden: passed },
    tableBids.exact ? null : h("p", { class: "hint",
      text: _("This game's bids could not be fetched, so they are shown without their points; the hand is checked when it is sent.") }),
    giveRow, grid, specials.length ? h("div", { class: "specials" }, specials) : null,
    // i18n: heading above the players: who won the auction
    h("h3", { text: _("Won by") }), bidderRow, partnerRow ? [h("h3", { id: "partner-label",
      text: _("Partner") }), partnerRow.node] : null);
  const passedNote = h("p", { class: "hint", hidden: !passed, text: noTrumpPassOut
    ? _("Everybody passed: the hand is played at no-trumps, and every trick scores. Enter the tricks.")
    : _("Everybody passed: nobody scores this hand. Record it to go on, or go back to the bids.") });
  trickHeading.hidden = trickEntry.hidden = passed && !noTrumpPassOut;
  check();
  drawn = true;
  requestAnimationFrame(() => row.start(levelOf(bid ? bidOf(bid) : undefined)));
  const form = h("form", { class: "stack",
    onsubmit: async (/** @type {Event} */ e) => {
      e.preventDefault();
      preview.ask(null);
      await submit(hand());
    } },
    auction, passedNote, trickHeading, trickEntry, preview.node, actionBar(status, preview, record));
  const setPassed = (/** @type {boolean} */ on) => {
    passed = on;
    auction.hidden = on;
    passedNote.hidden = !on;
    trickHeading.hidden = trickEntry.hidden = on && !noTrumpPassOut; // no tricks: nothing was played
    passButton.textContent = on ? _("Back to the bids") : _("Everybody passed");
    passButton.setAttribute("aria-pressed", String(on));
    check();
  };
  // Never recorded on one tap: the pass-out is shown, with its preview, and Record confirms it
  // (a pass-out played at no-trumps needs its tricks first).
  const passButton = h("button", { type: "button", "aria-pressed": String(passed),
    onclick: () => setPassed(!passed) },
  passed ? _("Back to the bids") : _("Everybody passed"));
  return [form, passButton];
}
