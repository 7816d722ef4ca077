// @ts-check
// The new game form in a club (#/c/{id}/new): each seat picks a club player by type-ahead (the
// club's players as listed now, or as this phone kept them), or keeps the name typed as a guest,
// or adds it to the club; "the last table" fills every seat in one tap. A picked seat is sent as
// {name, player}, a guest's as its name.
import { Offline, api, problem } from "./api.js";
import { h, toast } from "./dom.js";
import { _ } from "./i18n.js";
import { clubPlayers, clubToken, keepLastTable, lastTable, noteClub } from "./roster.js";

const SHOWN = 6; // suggestions under a seat

/** A name as it is matched: no case, no accents. @param {string} text */
const folded = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();

/** The club's players for seat pickers in the form of club `club`: null when this phone has no
 *  token of the club. @param {number} club */
export async function seatPicker(club) {
  const token = clubToken(club);
  if (!token) return null;
  const [listed, read] = await Promise.all([clubPlayers(club),
    api("GET", `/clubs/${club}`, undefined, { token }).catch(() => null)]);
  const players = listed.players;
  /** @type {HTMLInputElement[]} */
  const attached = [];
  /** The seats of the form on screen (a new variant or table draws new ones). */
  const seats = () => attached.filter((input) => input.isConnected);

  /** The player picked for a seat, while its name is still the one picked. @param {HTMLInputElement} input */
  const pickedIn = (input) => (input.dataset.player && input.value.trim() === input.dataset.name
    ? Number(input.dataset.player) : null);

  /** Show what the seat holds: a club player, or a guest. @param {HTMLInputElement} input */
  function mark(input) {
    const kind = input.parentElement?.querySelector(".seat-kind");
    if (!kind) return;
    const picked = pickedIn(input) != null;
    kind.textContent = !input.value.trim() ? "" : picked ? _("Club player") : _("Guest");
    kind.classList.toggle("linked", picked);
  }

  /** @param {HTMLInputElement} input @param {{ id: number, name: string }} player */
  function choose(input, player) {
    input.value = player.name;
    input.dataset.player = String(player.id);
    input.dataset.name = player.name;
    close(input);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  /** @param {HTMLInputElement} input */
  const close = (input) => input.parentElement?.querySelector(".picks")?.remove();

  /** Add the name typed as a club player, then seat them. @param {HTMLInputElement} input */
  async function add(input) {
    const name = input.value.trim();
    let added;
    try {
      added = await api("POST", `/clubs/${club}/players`, { name }, { token });
    } catch (error) {
      if (!(error instanceof Offline)) throw error;
      toast(_("No connection: {name} plays as a guest for now.", { name }));
      close(input);
      return;
    }
    if (!added.ok) { toast(problem(added)); return; }
    players.push({ id: added.json.id, name: added.json.name, games: 0 });
    noteClub(club, [added.json.id]);
    choose(input, added.json);
    toast(_("{name} is a club player now.", { name: added.json.name }));
  }

  /** The suggestions under a seat: the players whose name matches what is typed (every word's
   *  start first, then anywhere; the regulars first), none already seated; and the name typed
   *  added to the club. @param {HTMLInputElement} input */
  function suggest(input) {
    close(input);
    const typed = folded(input.value);
    const taken = new Set(seats().filter((seat) => seat !== input).map(pickedIn));
    const rank = (/** @type {{ name: string }} */ p) => {
      const name = folded(p.name);
      if (!typed) return 0;
      if (name.split(/\s+/).some((word) => word.startsWith(typed)) || name.startsWith(typed)) return 0;
      return name.includes(typed) ? 1 : -1;
    };
    const found = players.filter((p) => !taken.has(p.id) && rank(p) >= 0)
      .sort((a, b) => rank(a) - rank(b) || (b.games ?? 0) - (a.games ?? 0) || a.name.localeCompare(b.name))
      .slice(0, SHOWN);
    const exact = players.some((p) => folded(p.name) === typed);
    if (pickedIn(input) != null || (!found.length && (!typed || exact))) return;
    // Tapping a suggestion leaves the focus in the seat, so the list is not closed under the tap.
    input.parentElement?.append(h("div", { class: "picks", role: "group",
      "aria-label": _("Club players"), onpointerdown: (/** @type {Event} */ e) => e.preventDefault() },
    found.map((p) => h("button", { type: "button", onclick: () => choose(input, p) }, p.name)),
    typed && !exact ? h("button", { type: "button", class: "add", onclick: () => add(input) },
      _("Add “{name}” to the club", { name: input.value.trim() })) : null));
  }

  return {
    name: read?.ok ? String(read.json.name) : "",
    offline: Boolean(listed.offline),
    /** Make a seat's name input a type-ahead over the club's players. @param {HTMLInputElement} input */
    attach(input) {
      attached.push(input);
      input.after(h("small", { class: "seat-kind", "aria-live": "polite" }));
      input.addEventListener("focus", () => suggest(input));
      input.addEventListener("input", () => { suggest(input); mark(input); });
      input.addEventListener("blur", () => close(input));
    },
    /** What a seat sends: {name, player} for a club player, the name for a guest.
     *  @param {HTMLInputElement} input @returns {import("./roster.js").Seat} */
    seat(input) {
      const player = pickedIn(input);
      return player == null ? input.value.trim() : { name: input.value.trim(), player };
    },
    /** "The last table": every seat of the last game started in the club on this phone, in one
     *  tap; null before the first. */
    lastTableButton() {
      const last = lastTable(club);
      if (!last) return null;
      const names = last.seats.flat().map((seat) => (typeof seat === "string" ? seat : seat.name));
      return h("button", { type: "button", class: "last-table", onclick: () => {
        const inputs = seats();
        for (const input of inputs) {
          const [s, p] = (input.name.match(/^p(\d+)\.(\d+)$/) ?? []).slice(1).map(Number);
          const seat = last.seats[s]?.[p];
          if (seat === undefined) continue;
          if (typeof seat === "string") {
            input.value = seat;
            delete input.dataset.player;
          } else choose(input, { id: seat.player, name: seat.name });
          mark(input);
        }
        inputs[0]?.dispatchEvent(new Event("input", { bubbles: true }));
        if (inputs[0]) close(inputs[0]);
      } }, _("Last table: {players}", { players: names.join(", ") }));
    },
    /** The game's seats become the club's last table on this phone. @param {{ players: any[] }[]} sides */
    started: (sides) => keepLastTable(club, sides),
    token,
  };
}
