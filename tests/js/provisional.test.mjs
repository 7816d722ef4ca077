// The page's offline scoring (static/game/provisional.js) applies the data the API publishes and
// nothing else; every golden case is played through it by tests/api/test_offline_conformance.py.
// Here: the shapes of its answers, and that it says "about" rather than guess.
import assert from "node:assert/strict";
import { test } from "node:test";
import { scoreHands } from "../../scorekeeper/web/static/game/provisional.js";

const contract = {
  family: "contract", start: { hands_played: 0, redeals: 0 }, deal: { passes: 1, seats: 4 },
  end: { target: 500, lose_at: -500, win_on: "any" }, tricks_per_hand: 10,
  bids: [{ code: "7H", codes: ["7H"], made_with: { min: 7, max: 10 },
    points: { alone: 200, with_partner: 200 },
    slam: { alone: 250, with_partner: 250 }, defenders_score: true },
  { code: "MIS", codes: ["MIS"], made_with: { min: 0, max: 0 }, points: { alone: 250, with_partner: 250 },
    slam: null, defenders_score: false }],
  defenders: { trick_points: 10, cap: null, together: false },
  passed_out: { policy: "redeal", trick_points: 10, redeals: 2 },
};
const start = { scores: [0, 0], dealer: 0, redeals: 0, finished: false, winner: null };

test("a made contract, its defenders' tricks, and the deal passing on", () => {
  const [hand] = scoreHands(contract, start, [{ bidder: 1, bid: "7h", tricks: [3, 7] }]);
  assert.deepEqual(hand, { scores: [30, 200], deltas: [30, 200], dealer: 1, redeals: 0, exact: true,
    finished: false, winner: null, end_reason: null });
});

test("a slam, a failed misère without defenders' tricks, and the target", () => {
  const hands = scoreHands(contract, { ...start, scores: [300, 0] },
    [{ bidder: 0, bid: "MIS", tricks: [1, 9] }, { bidder: 0, bid: "7H", tricks: [10, 0] }]);
  assert.deepEqual(hands.map((h) => h.deltas), [[-250, 0], [250, 0]]);
  assert.deepEqual(hands.map((h) => h.scores), [[50, 0], [300, 0]]);
  const won = scoreHands(contract, { ...start, scores: [300, 0] },
    [{ bidder: 0, bid: "7H", tricks: [7, 3] }]);
  assert.deepEqual([won[0].finished, won[0].winner, won[0].end_reason], [true, 0, "target"]);
});

test("passed-out hands are redealt by the same dealer, then the deal passes", () => {
  const out = { passed_out: true };
  const hands = scoreHands(contract, start, [out, out, out]);
  assert.deepEqual(hands.map((h) => h.dealer), [0, 0, 1]);
});

test("a bid the data does not list is about, and so is every total after it", () => {
  const hands = scoreHands(contract, start, [{ bidder: 0, bid: "9Z", tricks: [9, 1] },
    { bidder: 0, bid: "7H", tricks: [7, 3] }]);
  assert.deepEqual(hands.map((h) => h.exact), [false, false]);
});

test("Cinquecento: card points and Mariannas; the deal passes to the right", () => {
  const scoring = { family: "card_points", start: { hands_played: 0, redeals: 0 },
    deal: { passes: -1, seats: 2 }, end: { target: 500 }, hand_points: 120,
    cards: { "A-coins": 11 }, mariannas: [40, 20, 20, 20] };
  const [hand] = scoreHands(scoring, start, [{ points: [70, 50],
    mariannas: [{ side: 1, suit: "cups" }, { side: 0, suit: "coins" }] }]);
  assert.deepEqual([hand.deltas, hand.dealer, hand.exact], [[90, 90], 1, true]);
});

test("Rummy 500: an ace in a run is about where an ace low scores otherwise", () => {
  const cards = { AH: { rank: "A", points: 15 }, "2H": { rank: "2", points: 2 },
    "3H": { rank: "3", points: 3 },
    AS: { rank: "A", points: 15 }, KD: { rank: "K", points: 10 } };
  const scoring = { family: "rummy", start: { hands_played: 0, redeals: 0 }, deal: { passes: 1, seats: 2 },
    end: { target: 500 }, cards, ace_low_points: 1 };
  const run = { players: [{ melds: [["AH", "2H", "3H"]], hand: [] }, { hand: ["KD"] }] };
  assert.equal(scoreHands(scoring, start, [run])[0].exact, false);
  const [counted] = scoreHands({ ...scoring, ace_low_points: 15 }, start, [run]);
  assert.deepEqual([counted.deltas, counted.exact], [[20, -10], true]);
});
