// @ts-check
// A club's players as its members and admin keep them (the club home, club.js): the names played
// and linked to nobody, each linked in one tap to a player (every seat of the name at once) or
// made a player; adding a player; and for the admin, each player's rename, visibility, erasure
// (confirmed first), merge into another (what moves said first) and the merge log with Undo.
import { api, problem, uuid } from "./api.js";
import { h, toast } from "./dom.js";
import { _, _n, date } from "./i18n.js";
import { NAME_MOST } from "./names.js";

/** @typedef {{ id: number, token: string | null, role: string | null, club: any,
 *  reload: () => unknown }} Club */

const offline = () => toast(_("No connection: try again when you are back online."));

/** A write to the club's API with this phone's token: its reply's JSON, or null once said why. */
async function write(club, method, path, body) {
  let got;
  try { got = await api(method, path, body, { token: club.token, key: uuid() }); } catch {
    offline();
    return null;
  }
  if (!got.ok) { toast(problem(got)); return null; }
  return got.json;
}

// Every player of the club (a picker offers them all), read once per club home drawn.
const everyone = new WeakMap();

/** The club's players, every page of them, by name. @param {Club} club */
function allPlayers(club) {
  if (!everyone.has(club)) {
    everyone.set(club, (async () => {
      const found = [];
      let cursor = null;
      do {
        const got = await api("GET", `/clubs/${club.id}/players?limit=100${cursor
          ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, undefined, { token: club.token });
        if (!got.ok) break;
        found.push(...got.json.data);
        cursor = got.json.has_more ? got.json.next_cursor : null;
      } while (cursor);
      return found;
    })().catch(() => []));
  }
  return everyone.get(club);
}

/** A <select> of the club's players but `except`, filled once they are read; `label` for one
 *  with no <label> of its own. */
function playerPicker(club, id, label, except = null) {
  const select = h("select", { id, "aria-label": label },
    h("option", { value: "", text: _("Pick a player…") }));
  allPlayers(club).then((players) => select.append(...players.filter((p) => p.id !== except)
    .map((p) => h("option", { value: String(p.id), text: p.name }))));
  return select;
}

/** "Add a player": a name, and the club has one more player. @param {Club} club */
export function addPlayerForm(club) {
  const input = h("input", { id: "new-player", autocomplete: "off", required: true,
    maxlength: String(NAME_MOST), placeholder: _("e.g. Marie Bouchard") });
  return h("form", { class: "stack add-player", onsubmit: async (event) => {
    event.preventDefault();
    const made = await write(club, "POST", `/clubs/${club.id}/players`, { name: input.value.trim() });
    if (!made) return;
    toast(_("{player} is a player of the club.", { player: made.name }));
    club.reload();
  } }, h("label", { for: "new-player", text: _("Add a player") }),
  h("div", { class: "row nowrap" }, input, h("button", { type: "submit" }, _("Add"))));
}

/** The names of the club's games linked to nobody, most played first. @param {Club} club */
export function unlinkedSection(club) {
  const list = h("ul", { class: "unlinked" });
  const section = h("section", { class: "card", "aria-labelledby": "unlinked-title" },
    h("h2", { id: "unlinked-title", text: _("Names not linked") }),
    h("p", { class: "muted", text: _("Names typed at the table that are nobody's yet. Link one to a player: every game of that name goes to the player.") }),
    list);
  api("GET", `/clubs/${club.id}/unlinked`, undefined, { token: club.token }).then((got) => {
    if (!got.ok) { list.replaceChildren(h("li", { class: "muted", text: problem(got) })); return; }
    if (!got.json.data.length) {
      list.replaceChildren(h("li", { class: "muted", text: _("Every name is linked to a player.") }));
      return;
    }
    list.replaceChildren(...got.json.data.map((entry, i) => unlinkedName(club, entry, i)));
  }).catch(() => list.replaceChildren(h("li", { class: "muted",
    text: _("Offline: the names not linked show once the connection returns.") })));
  return section;
}

function unlinkedName(club, entry, i) {
  const picker = playerPicker(club, `link-${i}`, _("Player to link {name} to", { name: entry.name }));
  async function link(player) {
    const done = await write(club, "POST", `/clubs/${club.id}/unlinked/link`, { name: entry.name, player });
    if (!done) return;
    toast(done.skipped ? _n("{name}: {n} game linked, {skipped} left (the player already sat at that game).",
      "{name}: {n} games linked, {skipped} left (the player already sat at those games).", done.linked,
      { name: entry.name, skipped: done.skipped })
      : _n("{name}: {n} game linked.", "{name}: {n} games linked.", done.linked, { name: entry.name }));
    club.reload();
  }
  return h("li", { class: "unlinked-name" },
    h("p", {}, h("b", { text: entry.name }), " ", h("span", { text: _n(
      "played {n} game not linked to anyone, last on {last}.",
      "played {n} games not linked to anyone, last on {last}.", entry.games, { last: date(entry.last) }) })),
    h("div", { class: "row nowrap" }, picker, h("button", { type: "button", onclick: () => {
      if (!picker.value) { toast(_("Pick a player first.")); picker.focus(); return; }
      link(Number(picker.value));
    } }, _("Link name"))),
    h("button", { type: "button", class: "wide", onclick: async () => {
      const made = await write(club, "POST", `/clubs/${club.id}/players`, { name: entry.name });
      if (made) await link(made.id);
    } }, _("New player named {name}", { name: entry.name })));
}

/** The admin's "Manage" button on a player's row: opens the player's panel under it. */
export function manageButton(club, player) {
  const button = h("button", { type: "button", class: "small", "aria-expanded": "false",
    "aria-label": _("Manage {player}", { player: player.name }), onclick: () => {
      const row = button.closest("li");
      const open = row.querySelector(".manage");
      button.setAttribute("aria-expanded", String(!open));
      if (open) { open.remove(); return; }
      row.append(managePanel(club, player));
    } }, _("Manage"));
  return button;
}

const VISIBILITIES = () => [["public", _("First name and initial")],
  ["full", _("The whole name")], ["hidden", _("Hidden: “a guest” to others")]];

/** One player's management: rename, visibility, merge into another, erase. */
function managePanel(club, player) {
  const key = `manage-${player.id}`;
  const name = h("input", { id: `${key}-name`, autocomplete: "off", required: true,
    maxlength: String(NAME_MOST), value: player.name });
  const visibility = h("select", { id: `${key}-visibility`, disabled: true, onchange: async () => {
    const done = await write(club, "PATCH", `/players/${player.id}`, { visibility: visibility.value });
    if (done) toast(_("Saved: {player}.", { player: done.name }));
  } }, VISIBILITIES().map(([value, words]) => h("option", { value, text: words })));
  // The visibility is the player's record's, not the list's.
  api("GET", `/players/${player.id}`, undefined, { token: club.token }).then((got) => {
    if (!got.ok) return;
    visibility.value = got.json.visibility;
    visibility.disabled = false;
  }).catch(() => {});
  const into = playerPicker(club, `${key}-into`, null, player.id);
  const preview = h("div", { "aria-live": "polite" });
  into.addEventListener("change", () => {
    const target = into.selectedOptions[0];
    preview.replaceChildren();
    if (!into.value) return;
    preview.append(h("p", { class: "merge-preview", text: _n(
      "Merge: {n} game moves from {from} to {into}. {from} leaves the list of players; the merge log can undo it.",
      "Merge: {n} games move from {from} to {into}. {from} leaves the list of players; the merge log can undo it.",
      player.games, { from: player.name, into: target.textContent }) }),
    h("button", { type: "button", class: "primary wide", onclick: async () => {
      const done = await write(club, "POST", `/clubs/${club.id}/players/${player.id}/merge`,
        { into: Number(into.value) });
      if (!done) return;
      toast(_("Merged: {from} into {into}.", { from: player.name, into: target.textContent }));
      club.reload();
    } }, _("Merge")));
  });
  // Erasing is asked first, in words: what happens, and that it cannot be undone.
  const erase = h("div", {});
  const eraseButton = () => erase.replaceChildren(h("button", { type: "button", class: "danger wide",
    onclick: askErase }, _("Erase {player}…", { player: player.name })));
  function askErase() {
    erase.replaceChildren(h("div", { class: "confirm", role: "alertdialog",
      "aria-labelledby": `${key}-erase` },
    h("p", { id: `${key}-erase`, text: _n(
      "Erase {player} from the club? The seats in {n} game become “Guest”; nobody's scores change. This cannot be undone.",
      "Erase {player} from the club? The seats in {n} games become “Guest”; nobody's scores change. This cannot be undone.",
      player.games, { player: player.name }) }),
    h("div", { class: "row" },
      h("button", { type: "button", class: "danger", onclick: async () => {
        const done = await write(club, "DELETE", `/players/${player.id}`);
        if (!done) return;
        toast(_("Erased: {player}.", { player: player.name }));
        club.reload();
      } }, _("Erase for good")),
      h("button", { type: "button", onclick: () => {
        eraseButton();
        /** @type {HTMLElement} */ (erase.firstElementChild).focus();
      } }, _("Keep")))));
    /** @type {HTMLElement} */ (erase.querySelector("button.danger")).focus();
  }
  eraseButton();
  return h("div", { class: "manage stack" },
    h("form", { class: "stack", onsubmit: async (event) => {
      event.preventDefault();
      const done = await write(club, "PATCH", `/players/${player.id}`, { name: name.value.trim() });
      if (!done) return;
      toast(_("Saved: {player}.", { player: done.name }));
      club.reload();
    } }, h("label", { for: `${key}-name`, text: _("Name") }),
    h("div", { class: "row nowrap" }, name, h("button", { type: "submit" }, _("Rename")))),
    h("div", {}, h("label", { for: `${key}-visibility`, text: _("Name shown outside the club") }),
      visibility),
    h("div", {}, h("label", { for: `${key}-into`, text: _("Merge into another player (the same person)") }),
      into, preview),
    erase);
}

/** The merge log, newest first, each standing merge with Undo. @param {Club} club */
export function mergeLog(club) {
  const list = h("ul", { class: "merges" });
  const names = new Map(); // player id → name, merged players included
  const nameOf = async (pid) => {
    if (!names.has(pid)) {
      names.set(pid, api("GET", `/players/${pid}`, undefined, { token: club.token })
        .then((got) => (got.ok ? got.json.name : `#${pid}`)).catch(() => `#${pid}`));
    }
    return names.get(pid);
  };
  async function load() {
    let got;
    try { got = await api("GET", `/clubs/${club.id}/merges`, undefined, { token: club.token }); } catch {
      list.replaceChildren(h("li", { class: "muted", text: _("Offline: the merge log shows once the connection returns.") }));
      return;
    }
    if (!got.ok) { list.replaceChildren(h("li", { class: "muted", text: problem(got) })); return; }
    if (!got.json.data.length) {
      list.replaceChildren(h("li", { class: "muted", text: _("No merge yet.") }));
      return;
    }
    list.replaceChildren(...await Promise.all(got.json.data.map(async (m) => {
      const [from, into] = await Promise.all([nameOf(m.from), nameOf(m.into)]);
      const moved = _n("{n} seat moved", "{n} seats moved", m.seats);
      return h("li", {}, h("p", {}, h("b", { text: `${from} → ${into}` }), " ",
        h("span", { class: "muted",
          text: `${moved} · ${date(m.created_at)}` }),
        m.undone_at ? h("span", { class: "tag", text: _("undone") }) : null),
      m.undone_at ? null : h("button", { type: "button",
        "aria-label": _("Undo the merge of {from} into {into}", { from, into }), onclick: async () => {
        const done = await write(club, "DELETE", `/clubs/${club.id}/merges/${m.id}`);
        if (!done) return;
        toast(_("Undone: {from} is a player again.", { from }));
        club.reload();
      } }, _("Undo")));
    })));
  }
  load();
  return h("section", { class: "card", "aria-labelledby": "merges-title" },
    h("h2", { id: "merges-title", text: _("Merge log") }), list);
}
