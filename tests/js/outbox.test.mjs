// The outbox's rules, under Node's own test runner (`node --test tests/js/`): a game's writes in
// order and one at a time, the ETag chain, conflicts held until resolved, a busy server or no
// connection keeping everything, a game started offline taking its real id.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Outbox, isLocal } from "../../scorekeeper/web/static/queue/outbox.js";

/** A phone's storage, and a server that answers each write as `answer` says. */
function phone(answer = () => ({ status: 201, ok: true, json: {}, etag: null })) {
  const kept = new Map();
  const sent = [];
  let n = 0;
  const outbox = new Outbox({
    store: { get: (key, fallback) => (kept.has(key) ? structuredClone(kept.get(key)) : fallback),
      set: (key, value) => kept.set(key, structuredClone(value)) },
    send: async (entry) => { sent.push(structuredClone(entry)); return answer(entry, sent.length); },
    fetchGame: async (id) => ({ status: 200, ok: true, json: { id, hands_played: 7 },
      etag: `"${id}-fresh"` }),
    problem: (reply) => `refused ${reply.status}`,
    uuid: () => `u${++n}`,
  });
  return { outbox, sent };
}

/** A server that takes every write, moving game `id`'s ETag on by one each time. */
const versions = () => {
  const at = new Map();
  return (entry) => {
    const id = entry.kind === "game" ? 9 : entry.game;
    at.set(id, (at.get(id) ?? 1) + 1);
    return { status: 201, ok: true, json: { id, token: "t" }, etag: `"${id}-${at.get(id)}"` };
  };
};

test("a game's hands go in order, each over the ETag the previous send returned", async () => {
  const { outbox, sent } = phone(versions());
  outbox.addHand(1, { n: 1 }, { etag: '"1-1"', hands: 0 }, "k1");
  outbox.addHand(1, { n: 2 }, { etag: '"1-1"', hands: 0 }, "k2");
  outbox.addHand(1, { n: 3 }, { etag: '"1-1"', hands: 0 }, "k3");
  const changed = await outbox.flush();
  assert.deepEqual(sent.map((e) => [e.body.n, e.key, e.ifMatch]), [[1, "k1", '"1-1"'], [2, "k2", '"1-2"'], [3,
    "k3", '"1-3"']]);
  assert.deepEqual([...changed], ["1"]);
  assert.deepEqual(outbox.entries(), []);
});

test("only a game's first waiting hand carries the ETag of the sheet it was typed on", () => {
  const { outbox } = phone();
  outbox.addHand(1, {}, { etag: '"1-4"', hands: 3 });
  outbox.addHand(1, {}, { etag: '"1-4"', hands: 3 });
  outbox.addHand(2, {}, { etag: '"2-8"', hands: 5 });
  assert.deepEqual(outbox.entries().map((e) => [e.game, e.ifMatch, e.seenHands]), [[1, '"1-4"', 3], [1,
    undefined, 3], [2, '"2-8"', 5]]);
});

test("a sheet drawn before this tab's own send finished is moved on past it, not a conflict", async () => {
  const { outbox } = phone(versions());
  outbox.addHand(1, {}, { etag: '"1-1"', hands: 0 });
  outbox.addHand(1, {}, { etag: '"1-1"', hands: 0 });
  await outbox.flush();
  assert.equal(outbox.currentEtag(1, '"1-1"'), '"1-3"');
  assert.equal(outbox.currentEtag(1, '"1-3"'), '"1-3"');
  assert.equal(outbox.currentEtag(2, '"1-1"'), '"1-1"'); // another game's sends move nothing
  outbox.addHand(1, {}, { etag: '"1-1"', hands: 0 });
  assert.equal(outbox.entries()[0].ifMatch, '"1-3"');
});

test("a refused write holds its game back, not the others, and keeps its key", async () => {
  const { outbox, sent } = phone((entry) => (entry.game === 1
    ? { status: 412, ok: false, json: null, etag: null } : { status: 201, ok: true, json: {},
      etag: '"2-2"' }));
  outbox.addHand(1, { n: 1 }, { etag: '"1-1"', hands: 2 }, "a");
  outbox.addHand(1, { n: 2 }, { etag: '"1-1"', hands: 2 }, "b");
  outbox.addHand(2, { n: 3 }, { etag: '"2-1"', hands: 0 }, "c");
  const changed = await outbox.flush();
  assert.deepEqual(sent.map((e) => e.key), ["a", "c"]); // game 1's second hand waits behind its first
  assert.deepEqual([...changed].sort(), ["1", "2"]);
  assert.deepEqual(outbox.entries().map((e) => [e.key, e.conflict]), [["a", { status: 412,
    message: "refused 412" }], ["b", null]]);
  await outbox.flush(); // a conflict is not sent again until resolved
  assert.equal(sent.length, 2);
});

test("resolving by sending again goes over the game's fresh ETag; discarding drops the game's writes", async () => {
  let refuse = true;
  const { outbox, sent } = phone((entry) => (refuse ? { status: 412, ok: false, json: null, etag: null }
    : { status: 201, ok: true, json: {}, etag: `"${entry.game}-x${sent.length}"` }));
  outbox.addHand(1, {}, { etag: '"1-1"', hands: 2 }, "a");
  outbox.addHand(1, {}, { etag: '"1-1"', hands: 2 }, "b");
  await outbox.flush();
  refuse = false;
  assert.equal(await outbox.resolve(1, "send"), true);
  assert.deepEqual(sent.slice(1).map((e) => [e.key, e.ifMatch]), [["a", '"1-fresh"'], ["b", '"1-x2"']]);
  assert.deepEqual(outbox.entries(), []);

  refuse = true;
  const discarded = [];
  outbox.addEventListener("discarded", (event) => discarded.push(event.detail));
  outbox.addHand(3, {}, { etag: '"3-1"', hands: 0 });
  outbox.addHand(4, {}, { etag: '"4-1"', hands: 0 });
  await outbox.flush();
  await outbox.resolve(3, "discard");
  assert.deepEqual(discarded, [3]);
  assert.deepEqual(outbox.entries().map((e) => e.game), [4]);
});

test("resolving with no connection changes nothing", async () => {
  const { outbox } = phone(() => ({ status: 409, ok: false, json: null, etag: null }));
  outbox.deps.fetchGame = async () => { throw new Error("offline"); };
  outbox.addHand(1, {}, { etag: '"1-1"', hands: 0 });
  await outbox.flush();
  const before = outbox.entries();
  assert.equal(await outbox.resolve(1, "send"), false);
  assert.deepEqual(outbox.entries(), before);
});

test("no connection, or a busy server, keeps every write in order with the same key", async () => {
  let reply = () => { throw new Error("offline"); };
  const { outbox, sent } = phone((entry) => reply(entry));
  outbox.addHand(1, {}, { etag: '"1-1"', hands: 0 }, "a");
  outbox.addHand(1, {}, { etag: '"1-1"', hands: 0 }, "b");
  assert.deepEqual([...await outbox.flush()], []);
  reply = () => ({ status: 503, ok: false, json: null, etag: null });
  assert.deepEqual([...await outbox.flush()], []);
  assert.deepEqual(outbox.entries().map((e) => [e.key, e.conflict]), [["a", null], ["b", null]]);
  reply = () => ({ status: 201, ok: true, json: {}, etag: null });
  await outbox.flush();
  assert.deepEqual(sent.map((e) => e.key), ["a", "a", "a", "b"]);
});

test("a game started offline is created first, and its hands follow under its real id", async () => {
  const { outbox, sent } = phone(versions());
  const local = outbox.addGame({ variant: "australian-500", sides: [] }, { options: {} }, "g");
  assert.ok(isLocal(local));
  outbox.addHand(local, { n: 1 }, { etag: null, hands: 0 }, "h1");
  outbox.addHand(local, { n: 2 }, { etag: null, hands: 0 }, "h2");
  const created = [];
  outbox.addEventListener("created", (event) => created.push(event.detail));
  const heard = [];
  outbox.addEventListener("sent", (event) => heard.push([...event.detail].sort()));
  await outbox.flush();
  assert.deepEqual(sent.map((e) => [e.kind, e.game, e.key, e.ifMatch]),
    [["game", local, "g", undefined], ["hand", 9, "h1", '"9-2"'], ["hand", 9, "h2", '"9-3"']]);
  assert.equal(outbox.createdAs(local), 9);
  assert.deepEqual(created, [{ local, game: { id: 9, token: "t" } }]);
  assert.deepEqual(heard, [["9", local].sort()]);
});

test("the game a local id stands for: the typed game with the variant's defaults, nothing scored", () => {
  const { outbox } = phone();
  const variant = { options: { target: { default: 500 }, misere: { default: true } } };
  const local = outbox.addGame({ variant: "australian-500", options: { target: 300 }, first_dealer: 2,
    sides: [{ name: "A", players: ["a"] }, { name: "B", players: ["b"] }] }, variant, "g");
  const { game } = outbox.pendingGame(local);
  assert.deepEqual(game.options, { target: 300, misere: true });
  assert.deepEqual([game.scores, game.dealer, game.status], [[0, 0], 2, "in_progress"]);
  assert.equal(outbox.pendingGame("local-gone"), null);
});

test("one flush at a time: a flush asked during one runs again after it", async () => {
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  const { outbox, sent } = phone(async () => { await gate; return { status: 201, ok: true, json: {},
    etag: null }; });
  outbox.addHand(1, {}, { etag: null, hands: 0 }, "a");
  const first = outbox.flush();
  outbox.addHand(2, {}, { etag: null, hands: 0 }, "b");
  const second = outbox.flush();
  assert.equal(first, second);
  release();
  assert.deepEqual([...await first].sort(), ["1", "2"]);
  assert.deepEqual(sent.map((e) => e.key), ["a", "b"]);
});

test("the outbox of an earlier page is carried over: its new hands only, the first carrying its ETag", () => {
  const { outbox } = phone();
  outbox.carryOver([{ method: "POST", game: 5, key: "x", body: {}, ifMatch: '"5-1"' },
    { method: "DELETE", game: 5, key: "y" }, { method: "POST", game: 5, key: "z", body: {},
      ifMatch: '"5-1"' }]);
  assert.deepEqual(outbox.entries().map((e) => [e.key, e.ifMatch]), [["x", '"5-1"'], ["z", undefined]]);
});
