// Sharing a game at the table: its spectator link and its scorer link, each with a QR code drawn
// on the phone (qr.js: the link, token and all, is never sent anywhere to be drawn), a Copy button
// and the phone's share sheet; and the screen kept awake while a game is open (Wake Lock API,
// where the browser has it).
import { h, toast } from "./dom.js";
import { _, _p } from "./i18n.js";
import { siteLink } from "./links.js";

const QR_SIZE = 176; // px: scans from across a table, and two fit a phone's screen one above the other
const COPIED_MS = 2500;

const blocks = new Map(); // one block per game, token and way of opening: kept across re-renders

/** The links of game `id` as this page's addresses (API.md): the spectator's, and the scorer's
 *  when this phone has the game's token. */
export function gameLinks(id, token) {
  const score = token ? siteLink(`g/${id}?token=${encodeURIComponent(token)}`) : null;
  return { watch: siteLink(`g/${id}/watch`), score };
}

/** The Share section of a game's page; also keeps the screen awake while the game is open. */
export function shareBlock(id, token, watching) {
  keepAwake(id);
  const key = `${id} ${token ?? ""} ${watching}`;
  if (!blocks.has(key)) blocks.set(key, build(id, token, watching));
  return blocks.get(key);
}

function build(id, token, watching) {
  const links = gameLinks(id, token);
  return h("section", { class: "card share", "aria-labelledby": "share-title" },
    // i18n: heading: the links that let other phones open this game
    h("h2", { id: "share-title", text: _("Share") }),
    shareLink({ link: links.watch, href: `#/g/${id}/watch`, id: "spectator-link", words: {
      name: _("Spectator link"), says: _("Follows the game live, read-only: for the other players and anyone watching."),
      qr: _("QR code of the spectator link: scan it with another phone"),
      noCopy: _("This browser would not copy: press and hold the spectator link to copy it."),
      copied: _("Spectator link copied"), copiedToast: _("Spectator link copied."),
      title: _("500 scores: spectator link") } }),
    links.score ? shareLink({ link: links.score, href: `#/g/${id}?token=${encodeURIComponent(token)}`,
      id: "scorer-link", words: {
      name: _("Scorer link"), says: _("Lets a second phone enter hands. Share it only with scorers."),
      qr: _("QR code of the scorer link: scan it with another phone"),
      noCopy: _("This browser would not copy: press and hold the scorer link to copy it."),
      copied: _("Scorer link copied"), copiedToast: _("Scorer link copied."),
      title: _("500 scores: scorer link") } }) : null,
    !token && !watching ? h("p", { class: "muted", text: _("This phone has no token for this game, so it can only watch.") }) : null);
}

/** `work` in a task of its own when the page is idle (at most a second later). @param {() => void} work */
function whenIdle(work) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 0);
}

/** One link: its QR code, the link itself, Copy and Share (also the tournament's organizer and
 *  scorer links). */
export function shareLink({ link, href, id, words }) {
  // i18n: a button: copy the link to the clipboard
  const copy = h("button", { type: "button", onclick: () => copyLink(copy, link, words) }, _("Copy"));
  const canShare = typeof navigator.share === "function";
  const qr = h("img", { class: "qr", width: QR_SIZE, height: QR_SIZE, alt: words.qr, decoding: "async" });
  // Kept with the page for offline use; should it still fail to load, the link below remains.
  // Each code is drawn in a task of its own once the page is idle: the sheet comes first, and two
  // codes drawn in one go would hold a slow phone's main thread for a noticeable moment.
  import("./qr.js").then(({ qrImage }) => whenIdle(() => { qr.src = qrImage(link); }))
    .catch(() => { qr.hidden = true; });
  return h("div", { class: "share-link" },
    qr,
    h("div", { class: "share-what" },
      h("p", {}, h("a", { href, id }, words.name)),
      h("p", { class: "muted", text: words.says }),
      h("div", { class: "row" }, copy,
        canShare ? h("button", { type: "button", onclick: () => shareSheet(link, words) },
          // i18n: a button: open the phone's share sheet with the link
          _p("verb", "Share")) : null)));
}

async function copyLink(button, link, words) {
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    toast(words.noCopy);
    return;
  }
  button.textContent = _("Copied ✓");
  button.setAttribute("aria-label", words.copied);
  toast(words.copiedToast);
  setTimeout(() => { button.textContent = _("Copy"); button.removeAttribute("aria-label"); }, COPIED_MS);
}

async function shareSheet(link, words) {
  try {
    await navigator.share({ title: words.title, url: link });
  } catch (error) {
    if (error?.name !== "AbortError") toast(_("The phone would not share it: copy the link instead."));
  }
}

// -- the screen kept awake -------------------------------------------------------------------------

let awakeFor = null; // the game whose page is open
let lock = null; // the screen wake lock while held
let asking = false; // a request for it is under way

/** Keep the screen awake while game `id`'s page is open: released when the page leaves the game,
 *  re-acquired when the page is shown again (the browser drops the lock when it is hidden). */
export function keepAwake(id) {
  if (awakeFor === id && lock) return;
  awakeFor = id;
  acquire();
}

async function acquire() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || lock || asking) return;
  asking = true;
  try {
    const held = await navigator.wakeLock.request("screen");
    if (awakeFor === null) { held.release(); return; } // the game was left meanwhile
    lock = held;
    held.addEventListener("release", () => { if (lock === held) lock = null; });
  } catch { /* refused (battery saver, no permission): the screen sleeps as usual */ } finally {
    asking = false;
  }
}

function release() {
  awakeFor = null;
  if (lock) { const held = lock; lock = null; held.release().catch(() => {}); }
}

document.addEventListener("visibilitychange", () => {
  if (awakeFor !== null && document.visibilityState === "visible") acquire();
});

window.addEventListener("hashchange", () => {
  const open = /^#\/g\/(\d+)/.exec(location.hash);
  if (!open || Number(open[1]) !== awakeFor) release();
});
