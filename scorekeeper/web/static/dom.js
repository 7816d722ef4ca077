// @ts-check
// Tiny DOM helpers: build nodes, show a screen, say something in a toast, follow a live stream.
import { signedNumber } from "./i18n.js";

export const main = document.getElementById("main");

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/** A check that the address is still the one a page was opened at: a page whose reads come back
 *  after the phone went elsewhere draws nothing. */
let visit = 0;
/** A page opened (app.js route): what the page before it still has in flight no longer draws, even
 *  where both pages have one address (the desk, then a scorer link of the same tournament). */
export function newVisit() { visit += 1; }

export function stillAt() {
  const address = location.hash;
  const at = visit;
  return () => location.hash === address && visit === at;
}

export const show = (...nodes) => { main.replaceChildren(...nodes.flat().filter((n) => n !== null
  && n !== undefined && n !== false)); };

export const signed = signedNumber;

let toastTimer = null;
/** Say `text` for a few seconds; `offline`: it says a write waits, hidden once the outbox sent it. */
export function toast(text, { offline = false } = {}) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.dataset.offline = String(offline);
  // Above the Record bar when one is on screen, never over the button just tapped.
  const bar = document.querySelector("main .actions")?.getBoundingClientRect();
  box.style.bottom = bar && bar.top < innerHeight && bar.bottom > 0 ? `${innerHeight - bar.top + 8}px` : "";
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

let live = null; // the EventSource of the page on screen

/** Follow the `update` events of a stream for the page on screen (the previous one is closed).
 *  EventSource reconnects by itself after a dropped connection, but not after a refusal (the
 *  server's 429 when an address holds too many streams): then try again in half a minute or so. */
export function follow(url, onUpdate) {
  stopFollowing();
  const source = new EventSource(url);
  source.addEventListener("update", onUpdate);
  source.addEventListener("error", () => {
    if (source.readyState !== EventSource.CLOSED) return;
    setTimeout(() => { if (live === source) follow(url, onUpdate); }, 20_000 + Math.random() * 20_000);
  });
  live = source;
}

export function stopFollowing() {
  if (live) { live.close(); live = null; }
}

/** Something typed on the screen and not sent yet: a live update waits rather than wipe it. */
export const typing = () => {
  /** @type {NodeListOf<HTMLInputElement | HTMLTextAreaElement>} */
  const fields = main.querySelectorAll("input, textarea");
  return [...fields].some((field) => field.value !== field.defaultValue);
};

/** A <details> told apart from the others by its class and what its summary says. */
const detailsKey = (details) => `${details.className}|${details.querySelector("summary")?.textContent ?? ""}`;

/** Draw the screen again with `draw`, the focus kept: on `wanted` (a selector) if given and found,
 *  else on the element of the same id or label as before; `live`: a live update, which leaves
 *  open the sections the user opened. */
export function redrawKeepingFocus(draw, wanted = null, { live = false } = {}) {
  const before = main.contains(document.activeElement) ? document.activeElement : null;
  const id = before?.id;
  const label = before?.getAttribute("aria-label");
  // A live update (`live`) leaves open what the user opened by hand.
  const opened = new Set(live ? [...main.querySelectorAll("details[open]")].map(detailsKey) : []);
  draw();
  const closed = /** @type {NodeListOf<HTMLDetailsElement>} */ (main.querySelectorAll("details:not([open])"));
  for (const details of closed) {
    if (opened.has(detailsKey(details))) details.open = true;
  }
  const target = (wanted && main.querySelector(wanted))
    ?? (id && document.getElementById(id))
    ?? (label && main.querySelector(`[aria-label="${CSS.escape(label)}"]`));
  if (target) target.focus();
}
