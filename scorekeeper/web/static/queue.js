// The offline queue: writes that could not be sent, kept on this phone and sent when the
// connection returns; and what the score sheet shows of them (waiting hands, a conflict).
import { api, problem } from "./api.js";
import { h } from "./dom.js";
import { store, tokenOf } from "./store.js";

export const queued = (gameId) => store.get("queue", []).filter((q) => q.game === gameId);

/** Keep a write that could not be sent. */
export function enqueue(intent) {
  store.set("queue", [...store.get("queue", []), intent]);
  showNet();
}

export async function flushQueue() {
  const queue = store.get("queue", []);
  let changed = false;
  for (const item of queue) {
    if (item.conflict) continue;
    let result;
    try {
      result = await api(item.method, item.path, item.body, { token: tokenOf("", item.game), key: item.key, ifMatch: item.force ? undefined : item.ifMatch });
    } catch { break; } // still offline: keep the rest in order
    changed = true;
    if (result.ok) item.done = true;
    else if (result.status === 412) item.conflict = "Someone else changed the game before this hand arrived.";
    else item.conflict = problem(result);
  }
  store.set("queue", queue.filter((q) => !q.done));
  showNet();
  return changed;
}

/** Settle a game's conflicting writes: "force" sends them anyway, "drop" discards them. */
export async function resolveConflict(gameId, how) {
  const queue = store.get("queue", []);
  for (const item of queue) {
    if (item.game === gameId && item.conflict) {
      if (how === "drop") item.done = true; else { item.conflict = null; item.force = true; }
    }
  }
  store.set("queue", queue.filter((q) => !q.done));
  await flushQueue();
}

export function showNet() {
  const waiting = store.get("queue", []).length;
  document.getElementById("net").textContent = !navigator.onLine ? "Offline" : waiting ? `${waiting} waiting to be sent` : "";
}

/** The sheet's rows of a game's waiting hands; `summary` says a hand in words. */
export function renderWaiting(gameId, summary, columns) {
  return queued(gameId).map((item) => h("tr", { class: "pending" }, h("td", { colspan: String(columns),
    text: item.conflict ? `Not recorded: ${item.conflict}` : `Hand waiting to be sent: ${summary(item.body)}` })));
}

/** The banner that resolves a game's conflicting writes in one tap, or null when there is none. */
export function renderConflict(gameId, resolved) {
  if (!queued(gameId).some((q) => q.conflict)) return null;
  const settle = async (how) => { await resolveConflict(gameId, how); await resolved(); };
  return h("div", { class: "banner warn", role: "alert" },
    h("p", { text: "A hand entered offline could not be recorded because the game changed meanwhile." }),
    h("div", { class: "row" },
      h("button", { type: "button", onclick: () => settle("force") }, "Send it anyway"),
      h("button", { type: "button", class: "danger", onclick: () => settle("drop") }, "Discard it")));
}

/** Send the queue when the connection returns, and every few seconds while something waits;
 *  `refresh` redraws the page on screen after something was sent. */
export function startQueue(refresh) {
  window.addEventListener("online", async () => { if (await flushQueue()) refresh(); });
  window.addEventListener("offline", showNet);
  setInterval(async () => { if (store.get("queue", []).some((q) => !q.conflict) && await flushQueue()) refresh(); }, 5000);
}
