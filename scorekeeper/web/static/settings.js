// @ts-check
// The settings, one tap from every screen (the ⚙ in the header bar): the page's language, each
// in its own name, and the text size; both kept on this phone.
import { _, _p, lang, languages, setLang } from "./i18n.js";
import { h } from "./dom.js";
import { store } from "./store.js";

const SIZES = ["normal", "large"];

/** The text size kept on this phone, applied to the whole page (large: html.text-large). */
export function applyTextSize(size = store.get("textSize", "normal")) {
  document.documentElement.classList.toggle("text-large", size === "large");
}

/** The header's static words in the page's language (the shell is the same for every language). */
export function translateShell() {
  const button = document.getElementById("settings-button");
  button.setAttribute("aria-label", _("Settings"));
  button.title = _("Settings");
  button.hidden = false;
  document.getElementById("docs-link").textContent = _("API docs");
  document.querySelector('meta[name="description"]')?.setAttribute("content",
    _("Score sheet and referee for the 500 family of card games: works at the table with no signal."));
  const panel = document.getElementById("settings");
  if (!panel.hidden) drawPanel(panel, onLanguage);
}

let onLanguage = () => {};

/** Wire the ⚙ button; `changed()` is called once the page speaks a newly chosen language. */
export function startSettings(changed) {
  onLanguage = changed;
  applyTextSize();
  const button = document.getElementById("settings-button");
  const panel = document.getElementById("settings");
  button.addEventListener("click", () => {
    const open = panel.hidden;
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (open) {
      drawPanel(panel, onLanguage);
      /** @type {HTMLButtonElement | null} */ (panel.querySelector("button[aria-pressed='true']"))?.focus();
    }
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape" && !panel.hidden) close(); });
  document.addEventListener("pagelanguage", translateShell);
  translateShell();
}

function close() {
  const button = document.getElementById("settings-button");
  document.getElementById("settings").hidden = true;
  button.setAttribute("aria-expanded", "false");
  button.focus();
}

function drawPanel(panel, changed) {
  const size = store.get("textSize", "normal");
  // i18n: the size of the page's text, a setting: the usual size, or larger for reading at arm's length
  const sizeName = { normal: _p("text size", "Normal"), large: _p("text size", "Large") };
  panel.replaceChildren(
    h("h2", { id: "settings-title", text: _("Settings") }),
    h("h3", { id: "language-label", text: _("Language") }),
    h("div", { class: "row languages", role: "group", "aria-labelledby": "language-label" },
      languages().map((l) => h("button", { type: "button", lang: l.locale, "data-lang": l.code,
        "aria-pressed": String(l.code === lang()),
        onclick: async () => {
          if (l.code === lang()) return;
          await setLang(l.code);
          drawPanel(panel, changed);
          panel.querySelector(`[data-lang="${l.code}"]`)?.focus();
          changed();
        } }, l.name))),
    h("h3", { id: "size-label", text: _("Text size") }),
    h("div", { class: "row sizes", role: "group", "aria-labelledby": "size-label" },
      SIZES.map((s) => h("button", { type: "button", "data-size": s, "aria-pressed": String(s === size),
        onclick: () => { store.set("textSize", s); applyTextSize(s); drawPanel(panel,
          changed); panel.querySelector(`[data-size="${s}"]`)?.focus(); } }, sizeName[s]))),
    h("div", { class: "row" }, h("button", { type: "button", class: "primary", onclick: close },
      _("Close"))));
}
