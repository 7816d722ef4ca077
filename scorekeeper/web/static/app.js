// The phone score sheet's entry: routes the address after # to its page. Every module talks only
// to the public API under /api/v1; tokens and hands not sent yet are kept in localStorage.
import { gamePage } from "./game.js";
import { homePage } from "./home.js";
import { registerServiceWorker } from "./install.js";
import { showNet, startQueue } from "./queue.js";
import { keepToken } from "./store.js";
import { stopFollowing } from "./dom.js";
import { tournamentPage } from "./tournament.js";

function route() {
  stopFollowing();
  const [path, query] = location.hash.replace(/^#/, "").split("?");
  const params = new URLSearchParams(query ?? "");
  const parts = path.split("/").filter(Boolean);
  if (params.get("token") && (parts[0] === "g" || parts[0] === "t")) {
    keepToken(parts[0] === "g" ? "" : "t", Number(parts[1]), params.get("token"));
    history.replaceState(null, "", `#/${parts.join("/")}`); // the token stays out of the address bar
  }
  if (parts[0] === "g" && parts[1]) return gamePage(Number(parts[1]), parts[2] === "watch");
  if (parts[0] === "t" && parts[1]) return tournamentPage(Number(parts[1]));
  return homePage();
}

window.addEventListener("hashchange", route);
startQueue(route);
route();
showNet();
registerServiceWorker();
