// @ts-check
// Starting a club (#/c/new): its name, language and whether anyone may read it; then, shown once,
// the admin link, the member link to share and the recovery sheet to print.
import { api, problem, uuid } from "./api.js";
import { h, show } from "./dom.js";
import { _, lang, languages } from "./i18n.js";
import { siteLink } from "./links.js";
import { shareLink } from "./share.js";
import { clubRecoverySheet, keepClubToken, keepMemberToken, memberShare, offline, rememberClub }
  from "./club.js";

const CLUB_NAME_MOST = 120; // MAX_TOURNAMENT_NAME in api/schemas/common.py: a club's name too

export function newClubPage() {
  document.title = _("Start a club — scorekeeper");
  const name = h("input", { id: "club-name", autocomplete: "off", required: true,
    maxlength: String(CLUB_NAME_MOST), placeholder: _("e.g. Club de la Rive") });
  const language = h("select", { id: "club-language" }, languages().map((l) => h("option",
    { value: l.code, selected: l.code === lang(), text: l.name })));
  const open = h("input", { type: "checkbox", id: "club-public", "aria-describedby": "club-public-hint" });
  const refusal = h("div", { "aria-live": "polite" });
  async function submit(event) {
    event.preventDefault();
    refusal.replaceChildren();
    let made;
    try {
      made = await api("POST", "/clubs", { name: name.value.trim(), language: language.value,
        public: open.checked }, { key: uuid() });
    } catch { offline(); return; }
    if (!made.ok) { refusal.replaceChildren(h("p", { class: "refusal", text: problem(made) })); return; }
    keepClubToken(made.json.id, made.json.token, "admin");
    keepMemberToken(made.json.id, made.json.member_token);
    rememberClub(made.json.id, made.json.name);
    shownOnce(made.json);
  }
  show(h("form", { class: "stack", "aria-labelledby": "club-new-title", onsubmit: submit },
    h("h1", { id: "club-new-title", text: _("Start a club") }),
    h("p", { class: "muted", text: _("Players who come back from one night to the next: their games and their records, in one place.") }),
    h("div", {}, h("label", { for: "club-name", text: _("Club name") }), name),
    h("div", {}, h("label", { for: "club-language", text: _("Language of the club") }), language),
    h("label", { class: "toggle" }, open, h("span", {}, h("span", { class: "name", text: _("Public club") }),
      h("small", { id: "club-public-hint", text: _("Anyone may read its players and games. Otherwise only phones with the member link can.") }))),
    refusal,
    h("button", { class: "primary wide", type: "submit" }, _("Start the club"))));
}

/** What the club's creation returned, shown only now: the admin link, the member link, the code. */
function shownOnce(club) {
  const admin = siteLink(`c/${club.id}?token=${encodeURIComponent(club.token)}`);
  document.title = _("{club} — scorekeeper", { club: club.name });
  show(h("section", { class: "stack", "aria-labelledby": "club-made-title" },
    h("h1", { id: "club-made-title", text: club.name }),
    h("p", { class: "banner warn", role: "status",
      text: _("These links and the recovery code are shown only now. This phone keeps them; keep the admin link somewhere else too.") }),
    h("div", { class: "card share" }, shareLink({ link: admin, href: `#/c/${club.id}`, id: "admin-link",
      words: {
        name: _("Admin link"),
        says: _("Runs the club: players, merges, the member link. Keep it to yourself."),
        qr: _("QR code of the admin link"),
        noCopy: _("This browser would not copy: press and hold the admin link to copy it."),
        copied: _("Admin link copied"), copiedToast: _("Admin link copied."),
        title: _("500 scores: admin link") } }),
    h("p", { class: "link-text", text: admin })),
    h("div", { class: "card share" }, memberShare(club.id, club.member_token)),
    clubRecoverySheet(club.id, club.name, club.recovery_code),
    h("a", { class: "button primary wide", href: `#/c/${club.id}` }, _("Open the club"))));
}
