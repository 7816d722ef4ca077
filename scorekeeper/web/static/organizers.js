// @ts-check
// Who runs a tournament besides the link made at its creation: the recovery sheet (its code,
// printed once), the "Lost the organizer's link?" form that trades the code for a new link, the
// desk's co-organizer links and door QR, and the door's page where a team checks itself in.
import { API, api, problem, uuid } from "./api.js";
import { follow, h, show, stopFollowing, toast } from "./dom.js";
import { _, lang } from "./i18n.js";
import { siteLink } from "./links.js";
import { shareLink } from "./share.js";
import { keepToken } from "./store.js";

const offline = () => toast(_("No connection: try again when you are back online."));

/** The recovery sheet, to print once: the code, the tournament's name and address, and how to
 *  use it. */
export function recoverySheet(id, name, code) {
  const address = siteLink(`t/${id}`);
  return h("section", { class: "card recovery-sheet stack", "aria-labelledby": "recovery-title" },
    h("h2", { id: "recovery-title", text: _("Recovery code") }),
    h("p", { class: "recovery-name", text: name }),
    h("p", { class: "recovery-code", id: "recovery-code", text: code }),
    h("p", { class: "recovery-address", text: address }),
    h("p", { text: _("Lost the organizer's link? Open this address, choose “Lost the organizer's link?” and type this code: you get a new link and the old one stops working.") }),
    h("p", { class: "muted", text: _("Keep this sheet apart from the phone. The code is shown only now.") }),
    h("button", { type: "button", class: "no-print", onclick: () => window.print() }, _("Print")));
}

/** "Lost the organizer's link?": the recovery code in, a new organizer's link out, then the desk. */
export function lostLinkForm(id, name) {
  const input = h("input", { id: "recovery-input", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", required: true, maxlength: "64" });
  const out = h("div", { "aria-live": "polite" });
  async function submit(event) {
    event.preventDefault();
    let got;
    try { got = await api("POST", `/tournaments/${id}/recover`, { recovery_code: input.value },
      { key: uuid() }); } catch { offline(); return; }
    if (!got.ok) { out.replaceChildren(h("p", { class: "refusal", text: problem(got) })); return; }
    keepToken("t", id, got.json.token);
    stopFollowing(); // the page's live updates would draw the tournament over the new code
    show(h("h1", { text: name }),
      h("p", { class: "banner win", role: "status", text: _("A new organizer's link is on this phone; the old one no longer works.") }),
      recoverySheet(id, name, got.json.recovery_code),
      // The address is already the tournament's: route it again, now with the new token.
      h("a", { class: "button primary wide", href: `#/t/${id}`, onclick: (event) => {
        event.preventDefault();
        window.dispatchEvent(new HashChangeEvent("hashchange"));
      } }, _("Open the desk")));
  }
  return h("details", { class: "card lost-link" },
    h("summary", { text: _("Lost the organizer's link?") }),
    h("form", { class: "stack", onsubmit: submit },
      h("label", { for: "recovery-input", text: _("Recovery code") }), input,
      h("button", { class: "primary", type: "submit" }, _("Recover the desk")), out));
}

// Kept across the desk's redraws: tokens are shown once.
let doorToken = null; // "tournament id token"
const madeLinks = []; // co-organizer links made on this page: {id, label, token}

/** The door's check-in link, as its QR carries it. */
export const doorLink = (id, token) => siteLink(`t/${id}/door?token=${encodeURIComponent(token)}`);

/** Issue a door token (an organizer's write), or null. */
export async function issueDoor(id, token) {
  let got;
  try { got = await api("POST", `/tournaments/${id}/door`, {}, { token, key: uuid() }); } catch {
    offline();
    return null;
  }
  if (!got.ok) { toast(problem(got)); return null; }
  return got.json.token;
}

/** The desk's part: the door QR before the draw, and the co-organizers' links. */
export function deskOrganizers(t, id, token) {
  return [t.status === "registered" ? doorBlock(id, token) : null, coOrganizers(id, token)];
}

function doorBlock(id, token) {
  const body = h("div", {});
  const draw = (value) => body.replaceChildren(shareLink({ link: doorLink(id, value),
    href: doorLink(id, value), id: "door-link", words: {
      name: _("Door check-in link"), says: _("Teams scan it at the door and check themselves in; it can do nothing else."),
      qr: _("QR code of the door check-in"),
      noCopy: _("This browser would not copy: press and hold the door link to copy it."),
      copied: _("Door link copied"), copiedToast: _("Door link copied."),
      title: _("500 scores: door check-in") } }));
  const kept = doorToken?.startsWith(`${id} `) ? doorToken.slice(`${id} `.length) : null;
  if (kept) draw(kept);
  return h("details", { class: "card door", open: kept ? true : undefined, ontoggle: async (event) => {
    if (!event.target.open || doorToken?.startsWith(`${id} `)) return;
    const value = await issueDoor(id, token);
    if (!value) return;
    doorToken = `${id} ${value}`;
    draw(value);
  } }, h("summary", { text: _("Door check-in QR") }), body);
}

function coOrganizers(id, token) {
  const list = h("ul", { class: "co-organizers" });
  const label = h("input", { id: "co-label", maxlength: "80", required: true,
    "aria-label": _("Who it is for"), placeholder: _("Marie at the bar") });
  async function load() {
    let got;
    try { got = await api("GET", `/tournaments/${id}/organizers`, undefined, { token }); } catch {
      return;
    }
    if (!got.ok) {
      list.replaceChildren(h("li", { class: "muted", text: problem(got) }));
      return;
    }
    list.replaceChildren(...got.json.organizers.map((o) => {
      const made = madeLinks.find((m) => m.id === o.id);
      const link = made ? siteLink(`t/${id}?token=${encodeURIComponent(made.token)}`) : null;
      return h("li", {}, h("b", { text: o.label }), " ",
        link ? h("p", { class: "link-text", text: link }) : null,
        h("button", { type: "button", onclick: () => revoke(o) }, _("Revoke")));
    }));
  }
  async function revoke(o) {
    let got;
    try { got = await api("DELETE", `/tournaments/${id}/organizers/${o.id}`, undefined,
      { token, key: uuid() }); } catch { offline(); return; }
    if (!got.ok) { toast(problem(got)); return; }
    toast(_("{label}: link revoked.", { label: o.label }));
    load();
  }
  async function add(event) {
    event.preventDefault();
    let got;
    try { got = await api("POST", `/tournaments/${id}/organizers`, { label: label.value },
      { token, key: uuid() }); } catch { offline(); return; }
    if (!got.ok) { toast(problem(got)); return; }
    madeLinks.push(got.json);
    label.value = "";
    load();
  }
  return h("details", { class: "card", ontoggle: (event) => { if (event.target.open) load(); } },
    h("summary", { text: _("Co-organizers") }),
    h("p", { class: "muted", text: _("A co-organizer's link runs the desk, except recovery and co-organizers. Revoked, it stops working at once.") }),
    h("form", { class: "row", onsubmit: add }, label,
      h("button", { type: "submit" }, _("Make a link"))),
    list);
}

/** The door's page: a team picks itself and checks in; nothing else can be done from here. */
export async function doorPage(id, token, here) {
  let t;
  async function load() {
    const got = await api("GET", `/tournaments/${id}`);
    if (!got.ok) throw new Error(problem(got));
    t = got.json;
  }
  try { await load(); } catch (error) {
    if (here()) show(h("p", { class: "banner bad", text: error.message }));
    return;
  }
  let picked = null;
  let done = null;
  async function checkIn() {
    let got;
    try { got = await api("POST", `/tournaments/${id}/teams/${picked}/check-in`, {},
      { token, key: uuid() }); } catch { offline(); return; }
    if (!got.ok) { toast(problem(got)); return; }
    t = got.json;
    done = picked;
    picked = null;
    draw();
  }
  function draw() {
    if (!here()) return;
    document.title = _("{tournament} — scorekeeper", { tournament: t.name });
    const open = t.status === "registered";
    const teams = t.teams.filter((team) => team.status !== "withdrawn");
    show(h("h1", { text: t.name }),
      h("h2", { text: _("Check in at the door") }),
      done != null ? h("p", { class: "banner win", role: "status",
        text: _("{team}: checked in. Welcome!", { team: t.teams[done].name }) }) : null,
      open ? null : h("p", { class: "banner warn", text: _("The teams were drawn: check-in is over.") }),
      open ? h("ul", { class: "team-desk door-teams" }, teams.map((team) => h("li", {},
        h("button", { type: "button", class: "wide", disabled: team.status === "checked_in" || undefined,
          "aria-pressed": String(picked === team.team),
          onclick: () => { picked = team.team; done = null; draw(); } },
        h("b", { text: team.name }), " ", h("span", { class: "muted", text: team.players.join(", ") }),
        team.status === "checked_in" ? h("span", { class: "tag", text: _("checked in") }) : null)))) : null,
      open && picked != null ? h("button", { class: "primary wide", type: "button", onclick: checkIn },
        _("Check in {team}", { team: t.teams[picked].name })) : null);
  }
  draw();
  follow(`${API}/tournaments/${id}/events?lang=${lang()}`, async () => {
    try { await load(); } catch { return; }
    draw();
  });
}
