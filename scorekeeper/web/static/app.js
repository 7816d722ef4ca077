// @ts-check
// The phone score sheet's entry: routes the address after # to its page. Every module talks only
// to the public API under /api/v1; tokens and hands not sent yet are kept in localStorage. The
// page's language is loaded first (i18n.js), so the first screen is already in it.
import { homePage } from "./home.js";
import { startI18n } from "./i18n.js";
import { registerServiceWorker } from "./install.js";
import { isLocal, setQueueListener, showNet, startQueue } from "./queue.js";
import { startSettings } from "./settings.js";
import { doorOf, keepDoor, keepToken } from "./store.js";
import { newVisit, stillAt, stopFollowing } from "./dom.js";

/** Fetch the game's sheet's modules side by side (the server lists them under their hashed
 *  names), not one import at a time; once. */
function preloadSheet() {
  for (const href of JSON.parse(document.documentElement.dataset.gameModules ?? "[]")) {
    if (document.querySelector(`link[href="${href}"]`)) continue;
    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
  }
}

/** The game's sheet, loaded when first opened: the start page runs without it. */
function sheet() {
  preloadSheet();
  return import("./game/sheet.js");
}

function route() {
  stopFollowing();
  newVisit();
  setQueueListener(null);
  const [path, query] = location.hash.replace(/^#/, "").split("?");
  const params = new URLSearchParams(query ?? "");
  const parts = path.split("/").filter(Boolean);
  const token = params.get("token");
  // The door's QR: its token checks teams in and nothing else, kept apart from the organizer's.
  if (parts[0] === "t" && parts[1] && parts[2] === "door") {
    if (token) {
      keepDoor(Number(parts[1]), token);
      history.replaceState(null, "", `#/${parts.join("/")}`);
    }
    return import("./organizers.js").then((m) => m.doorPage(Number(parts[1]), doorOf(Number(parts[1])),
      stillAt()));
  }
  if (token && (parts[0] === "g" || parts[0] === "t")) {
    // A tournament's token may be its organizer's or a table's scorer's: tournament.js asks whose.
    if (parts[0] === "g") keepToken("", Number(parts[1]), token);
    // The print kit's and the projector's addresses are the organizer's.
    else if (parts[2] && parts[2] !== "follow") keepToken("t", Number(parts[1]), token);
    history.replaceState(null, "", `#/${parts.join("/")}`); // the token stays out of the address bar
  }
  // A club's token (its admin's or a member's) is taken out of the address; club.js asks whose.
  if (parts[0] === "c" && parts[1] === "new") return import("./newclub.js").then((m) => m.newClubPage());
  if (parts[0] === "c" && parts[1] && !parts[2]) {
    if (token) history.replaceState(null, "", `#/c/${parts[1]}`);
    return import("./club.js").then((m) => m.clubPage(Number(parts[1]), { token }));
  }
  // The club's projector and a night's results sheet, read with the token the club's page kept.
  if (parts[0] === "c" && parts[1] && parts[2] === "screen") {
    return import("./clubscreen.js").then((m) => m.clubScreenPage(Number(parts[1])));
  }
  if (parts[0] === "c" && parts[1] && parts[2] === "week") return import("./week.js").then((m) => m.weekPage(
    Number(parts[1]), /^\d{4}-\d{2}-\d{2}$/.test(params.get("date") ?? "") ? params.get("date") : null));
  if (parts[0] === "c" && parts[1] && parts[2] === "season" && parts[3]) {
    return import("./season.js").then((m) => m.seasonPage(Number(parts[1]), Number(parts[3])));
  }
  // A club's new game (its token kept by the club's page, or by this address) and a player's page.
  if (parts[0] === "c" && parts[1] && parts[2] === "new") {
    if (token) {
      keepToken("c", Number(parts[1]), token);
      history.replaceState(null, "", `#/${parts.join("/")}`);
    }
    return homePage({ club: Number(parts[1]) });
  }
  if (parts[0] === "p" && parts[1]) return import("./player.js").then((m) => (parts[2] === "hands"
    ? m.figurePage(Number(parts[1]), params.get("figure") ?? "") : m.playerPage(Number(parts[1]))));
  if (parts[0] === "g" && parts[2] === "stats"
    && !isLocal(parts[1])) return import("./stats.js").then((m) => m.statsPage(Number(parts[1])));
  // A game started offline is addressed by its local id until the server has created it.
  // ?hand=N: that hand's correction open (the desk sends its organizer to a deal of the sheet).
  if (parts[0] === "g" && parts[1]) return sheet().then((m) => m.gamePage(isLocal(parts[1]) ? parts[1]
    : Number(parts[1]), parts[2] === "watch", Number(params.get("hand")) || null));
  // The tournament pages load when first opened: the score sheet at a table starts without them.
  if (parts[0] === "t"
    && parts[1] === "new") return import("./newtournament.js").then((m) => m.newTournamentPage());
  if (parts[0] === "t" && parts[1]
    && parts[2] === "print") return import("./print.js").then((m) => m.printPage(Number(parts[1])));
  if (parts[0] === "t" && parts[1]
    && parts[2] === "screen") return import("./screen.js").then((m) => m.screenPage(Number(parts[1])));
  if (parts[0] === "t"
    && parts[1]) return import("./tournament.js").then((m) => m.tournamentPage(Number(parts[1]), { token,
    follow: parts[2] === "follow" }));
  return homePage();
}

// A game's address: its sheet's modules load while the page's language does.
if (/^#\/g\/[^/?]+(\/watch)?($|\?)/.test(location.hash)) preloadSheet();
await startI18n();
// A newly chosen language: the page on screen is drawn again, its data fetched again in it.
startSettings(() => { route(); showNet(); });
window.addEventListener("hashchange", route);
route();
startQueue();
showNet();
registerServiceWorker();
