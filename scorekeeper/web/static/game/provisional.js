// @ts-check
// Provisional scores for hands not yet confirmed by the server (typed with no connection): the
// game's rules as the API publishes them (GET /games/{id}/scoring, made by rules/scoring.py)
// applied to the hands as typed. No rule lives here, only the published data: what each bid
// scores, the tricks that make it, the defenders' trick points, the Mariannas, the card values,
// the target and the way the deal passes. Where that data cannot decide a hand exactly, the result
// says so (`exact: false`) and the page shows "about". Pure: no page, no storage, no network.
// tests/js/provisional.test.mjs tests it; tests/api/test_offline_conformance.py plays every
// golden case through it and through the API and requires the same figures.

/**
 * @typedef {{ min: number, max: number }} Tricks
 * @typedef {{ alone: number, with_partner: number }} BidPoints
 * @typedef {{ code: string, codes: string[], made_with: Tricks, points: BidPoints,
 *   slam: BidPoints | null, defenders_score: boolean }} ScoringBid
 * @typedef {{ target: number, lose_at?: number | null, win_on?: string }} End
 * @typedef {object} Scoring what GET /games/{id}/scoring publishes
 * @property {string} family
 * @property {{ hands_played: number, redeals: number }} start
 * @property {{ passes: number, seats: number }} deal
 * @property {End} end
 * @property {number} [tricks_per_hand]
 * @property {ScoringBid[]} [bids]
 * @property {{ trick_points: number, cap: number | null, together: boolean }} [defenders]
 * @property {{ policy: string, trick_points: number, redeals: number }} [passed_out]
 * @property {number} [hand_points]
 * @property {number[]} [mariannas]
 * @property {Record<string, any>} [cards]
 * @property {number} [ace_low_points]
 * @typedef {{ scores: number[], dealer: number, redeals: number, finished: boolean,
 *   winner: number | null }} Standing where the game stands
 * @typedef {Standing & { deltas: number[], end_reason: string | null, exact: boolean }} Scored
 *   a hand's provisional result: its deltas and the game after it; `exact: false` when the
 *   published data could not decide it (the figures are then "about")
 * @typedef {{ deltas: number[], exact: boolean, declaring?: number[], made?: boolean,
 *   redeals?: number }} Points
 */

const sum = (/** @type {number[]} */ values) => values.reduce((a, b) => a + b, 0);
const isCount = (/** @type {unknown} */ n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0;

/** The results of `hands` (as typed, in order) played from `start`, one per hand.
 *  @param {Scoring} scoring @param {Standing} start @param {Record<string, any>[]} hands
 *  @returns {Scored[]} */
export function scoreHands(scoring, start, hands) {
  /** @type {Scored[]} */
  const results = [];
  let state = start;
  let exact = true;
  for (const hand of hands) {
    const scored = state.finished ? { ...state, deltas: state.scores.map(() => 0), end_reason: null,
      exact: false } : scoreHand(scoring, state, hand);
    exact = exact && scored.exact;
    results.push({ ...scored, exact });
    state = scored;
  }
  return results;
}

/** One hand played from `state`. @param {Scoring} scoring @param {Standing} state
 *  @param {Record<string, any>} hand @returns {Scored} */
export function scoreHand(scoring, state, hand) {
  const points = scoring.family === "contract" ? contract(scoring, state, hand)
    : scoring.family === "card_points" ? cardPoints(scoring, state, hand)
      : rummy(scoring, state, hand);
  const scores = state.scores.map((s, i) => s + (points.deltas[i] ?? 0));
  const redeals = points.redeals ?? 0;
  const { passes, seats } = scoring.deal;
  const dealer = redeals ? state.dealer : (((state.dealer + passes) % seats) + seats) % seats;
  const ended = scoring.family === "contract"
    ? contractEnd(scoring.end, scores, points.declaring ?? [], points.made ?? false)
    : raceEnd(scoring.end, scores);
  return { scores, dealer, redeals, deltas: points.deltas, exact: points.exact,
    finished: ended.winner !== null, winner: ended.winner, end_reason: ended.reason };
}

/** The contract games: the bid's published points to the declarers, the defenders' tricks.
 *  @param {Scoring} scoring @param {Standing} state @param {Record<string, any>} hand
 *  @returns {Points} */
function contract(scoring, state, hand) {
  const sides = state.scores.length;
  const zero = state.scores.map(() => 0);
  const perHand = scoring.tricks_per_hand ?? 0;
  const tricks = hand.tricks;
  const tricksOk = Array.isArray(tricks) && tricks.length === sides && tricks.every(isCount)
    && sum(tricks) === perHand;
  const defenders = /** @type {NonNullable<Scoring["defenders"]>} */ (scoring.defenders);
  /** Tricks won outside a contract, held under the cap. @param {number} side @param {number} won
   *  @param {number} each */
  const trickPoints = (side, won, each) => {
    const earned = won * each;
    const cap = defenders.cap;
    return cap == null ? earned : Math.max(0, Math.min(earned, cap - state.scores[side]));
  };
  if (hand.passed_out) {
    const rule = /** @type {NonNullable<Scoring["passed_out"]>} */ (scoring.passed_out);
    if (rule.policy === "no-trump") {
      if (!tricksOk) return { deltas: zero, exact: false };
      return { deltas: tricks.map((/** @type {number} */ won, /** @type {number} */ side) => trickPoints(side,
        won, rule.trick_points)), exact: true };
    }
    const redeals = rule.policy === "redeal" && state.redeals < rule.redeals ? state.redeals + 1 : 0;
    return { deltas: zero, exact: rule.policy !== "dealer-must-bid", redeals };
  }
  const code = String(hand.bid ?? "").trim().toUpperCase();
  const bid = scoring.bids?.find((b) => b.codes.includes(code));
  const seat = (/** @type {unknown} */ s) => Number.isInteger(s) && /** @type {number} */ (s) >= 0
    && /** @type {number} */ (s) < scoring.deal.seats;
  if (!bid || !tricksOk || !seat(hand.bidder) || (hand.partner != null && !seat(hand.partner))) {
    return { deltas: zero, exact: false };
  }
  // Seat i belongs to side i % sides (the API's seating); the bidder's side first.
  const declaring = [...new Set([hand.bidder, ...(hand.partner == null ? [] : [hand.partner])]
    .map((s) => s % sides))];
  const taken = sum(declaring.map((side) => tricks[side]));
  const made = bid.made_with.min <= taken && taken <= bid.made_with.max;
  const share = declaring.length > 1 ? "with_partner" : "alone";
  const value = made && taken === perHand && bid.slam ? bid.slam[share] : bid.points[share];
  const deltas = [...zero];
  for (const side of declaring) deltas[side] = made ? value : -value;
  if (bid.defenders_score) {
    const others = zero.map((_z, side) => side).filter((side) => !declaring.includes(side));
    const together = sum(others.map((side) => tricks[side]));
    for (const side of others) {
      deltas[side] = trickPoints(side, defenders.together ? together : tricks[side],
        defenders.trick_points);
    }
  }
  return { deltas, exact: true, declaring, made };
}

/** Cinquecento: card points (counted, or the published value of each card captured) and each
 *  Marianna's published value in the order declared.
 *  @param {Scoring} scoring @param {Standing} state @param {Record<string, any>} hand
 *  @returns {Points} */
function cardPoints(scoring, state, hand) {
  const sides = state.scores.length;
  const zero = state.scores.map(() => 0);
  /** @type {Record<string, number>} */
  const byCode = Object.fromEntries(Object.entries(scoring.cards ?? {})
    .map(([code, points]) => [code.toLowerCase(), points]));
  let exact = true;
  let points = hand.points;
  if (hand.captured) {
    points = Array.isArray(hand.captured) && hand.captured.length === sides
      ? hand.captured.map((/** @type {unknown} */ cards) => (Array.isArray(cards) ? sum(cards.map((card) => {
        const value = byCode[String(card).trim().toLowerCase()];
        if (value === undefined) exact = false;
        return value ?? 0;
      })) : (exact = false, 0))) : zero;
  }
  if (!Array.isArray(points) || points.length !== sides || !points.every(isCount)
    || sum(points) !== scoring.hand_points) return { deltas: zero, exact: false };
  const deltas = [...points];
  const values = scoring.mariannas ?? [];
  const declared = Array.isArray(hand.mariannas) ? hand.mariannas : [];
  if (declared.length > values.length) exact = false;
  declared.forEach((/** @type {any} */ marianna, /** @type {number} */ i) => {
    if (Number.isInteger(marianna?.side) && marianna.side >= 0 && marianna.side < sides
      && i < values.length) deltas[marianna.side] += values[i];
    else exact = false;
  });
  return { deltas, exact };
}

/** Rummy 500: melded and laid-off cards at their published values, less the cards held; counted
 *  points as typed. An ace in a run is "about" where an ace low scores otherwise (which end it
 *  sits at is the meld's reading, not published data).
 *  @param {Scoring} scoring @param {Standing} state @param {Record<string, any>} hand
 *  @returns {Points} */
function rummy(scoring, state, hand) {
  const zero = state.scores.map(() => 0);
  const players = hand.players;
  if (!Array.isArray(players) || players.length !== zero.length) return { deltas: zero, exact: false };
  let exact = true;
  const cards = scoring.cards ?? {};
  const card = (/** @type {unknown} */ text) => {
    const found = cards[String(text).trim().toUpperCase()];
    if (!found) exact = false;
    return found ?? { rank: null, points: 0 };
  };
  const deltas = players.map((/** @type {Record<string, any>} */ p) => {
    if ("meld_points" in p || "hand_points" in p) {
      if (!isCount(p.meld_points) || !isCount(p.hand_points)) exact = false;
      return (Number(p.meld_points) || 0) - (Number(p.hand_points) || 0);
    }
    const held = sum((p.hand ?? []).map((/** @type {unknown} */ c) => card(c).points));
    return -held;
  });
  players.forEach((/** @type {Record<string, any>} */ p, /** @type {number} */ i) => {
    (p.melds ?? []).forEach((/** @type {unknown[]} */ meld, /** @type {number} */ m) => {
      const added = players.flatMap((/** @type {Record<string, any>} */ other, /** @type {number} */ who) =>
        (other.layoffs ?? []).filter((/** @type {any} */ lay) => lay?.onto?.[0] === i && lay.onto[1] === m)
          .map((/** @type {any} */ lay) => ({ who, found: card(lay.card) })));
      const own = (Array.isArray(meld) ? meld : []).map(card);
      const ranks = new Set([...own, ...added.map((a) => a.found)].map((c) => c.rank).filter(Boolean));
      const ace = cards.AS?.points;
      if (ranks.has("A") && ranks.size > 1 && scoring.ace_low_points !== ace) exact = false;
      deltas[i] += sum(own.map((c) => c.points));
      for (const { who, found } of added) deltas[who] += found.points;
    });
  });
  return { deltas, exact };
}

/** Who has won a contract game, as its published end says: the declarers reaching the target
 *  first (bidder before partner), else the highest total at the target (the lower side on a
 *  tie); else, when a side is out the back door, the highest of the others.
 *  @param {End} end @param {number[]} scores @param {number[]} declaring @param {boolean} made
 *  @returns {{ winner: number | null, reason: string | null }} */
function contractEnd(end, scores, declaring, made) {
  const sides = scores.map((_s, i) => i);
  const reached = end.win_on === "contract" ? declaring.filter((s) => made && scores[s] >= end.target)
    : sides.filter((s) => scores[s] >= end.target);
  const highest = (/** @type {number[]} */ among) => among.reduce((best, s) => (scores[s] > scores[best]
    ? s : best));
  const loseAt = end.lose_at;
  const out = loseAt != null && scores.some((s) => s <= loseAt);
  let winner = declaring.find((s) => reached.includes(s)) ?? (reached.length ? highest(reached) : null);
  if (winner === null && out) {
    const standing = sides.filter((s) => scores[s] > /** @type {number} */ (loseAt));
    if (!standing.length) winner = highest(sides);
    else {
      const best = Math.max(...standing.map((s) => scores[s]));
      const top = standing.filter((s) => scores[s] === best);
      winner = declaring.find((s) => top.includes(s)) ?? top[0];
    }
  }
  if (winner === null) return { winner, reason: null };
  return { winner, reason: out && scores[winner] < end.target ? "back_door" : "target" };
}

/** Cinquecento and Rummy: the highest at or above the target wins; level at the top plays on.
 *  @param {End} end @param {number[]} scores @returns {{ winner: number | null, reason: string | null }} */
function raceEnd(end, scores) {
  const over = scores.map((_s, i) => i).filter((s) => scores[s] >= end.target);
  if (!over.length) return { winner: null, reason: null };
  const best = Math.max(...over.map((s) => scores[s]));
  const top = over.filter((s) => scores[s] === best);
  return top.length === 1 ? { winner: top[0], reason: "target" } : { winner: null, reason: null };
}
