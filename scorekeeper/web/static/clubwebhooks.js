// @ts-check
// The club admin's webhooks (#/c/{id}): its endpoints, a new one (its secret shown once), and
// each endpoint's failed deliveries with Retry. docs/webhooks.md says what is sent.
import { api, problem, uuid } from "./api.js";
import { h, toast } from "./dom.js";
import { _, date } from "./i18n.js";

const offline = () => toast(_("No connection: try again when you are back online."));

const EVENTS = ["game.finished", "tournament.round_completed", "tournament.finished",
  "season.standings_changed"];

const eventName = (type) => ({
  "game.finished": _("Game finished"),
  "tournament.round_completed": _("Tournament round completed"),
  "tournament.finished": _("Tournament finished"),
  "season.standings_changed": _("Season standings changed"),
})[type] ?? type;

async function call(club, method, path, body) {
  let got;
  const key = method === "GET" ? undefined : uuid();
  try { got = await api(method, path, body, { token: club.token, key }); } catch {
    offline();
    return null;
  }
  if (!got.ok) { toast(problem(got)); return null; }
  return got.json;
}

/** An endpoint's deliveries that failed or were given up, each with Retry. */
function failedList(club, hook) {
  const list = h("ul", { class: "club-list" });
  const base = `/clubs/${club.id}/webhooks/${hook.id}/deliveries`;
  async function load() {
    const [failed, dead] = await Promise.all([call(club, "GET", `${base}?status=failed`),
      call(club, "GET", `${base}?status=dead`)]);
    if (!failed || !dead) return;
    const all = [...failed.data, ...dead.data].sort((a, b) => b.id - a.id);
    if (!all.length) {
      list.replaceChildren(h("li", { class: "muted", text: _("No failed delivery.") }));
      return;
    }
    list.replaceChildren(...all.map((d) => h("li", {},
      h("p", {}, h("b", { text: eventName(d.type) }), " ",
        h("span", { class: "muted", text: [d.last_status ?? d.last_error ?? "", date(d.created_at)]
          .filter(Boolean).join(" · ") })),
      hook.disabled_at ? null : h("button", { type: "button", onclick: async () => {
        if (!await call(club, "POST", `${base}/${d.id}/retry`)) return;
        toast(_("Sent again shortly."));
        load();
      } }, _("Retry")))));
  }
  load();
  return list;
}

/** The form that adds an endpoint; its secret is shown once, under it. */
function addForm(club, reload) {
  const url = h("input", { id: "webhook-url", type: "url", required: true, maxlength: "2000",
    placeholder: "https://", autocomplete: "off" });
  const boxes = EVENTS.map((type) => h("input", { type: "checkbox", value: type,
    checked: type === "game.finished" }));
  const out = h("div", { "aria-live": "polite" });
  async function submit(event) {
    event.preventDefault();
    const events = boxes.filter((b) => b.checked).map((b) => b.value);
    const made = await call(club, "POST", `/clubs/${club.id}/webhooks`, { url: url.value, events });
    if (!made) return;
    url.value = "";
    reload();
    out.replaceChildren(h("div", { class: "banner win", role: "status" },
      h("p", { text: _("Webhook added. Its signing secret, shown only now:") }),
      h("p", { class: "link-text", text: made.secret })));
  }
  return h("form", { class: "stack", onsubmit: submit },
    h("label", { for: "webhook-url", text: _("Address of the webhook") }), url,
    h("fieldset", {}, h("legend", { text: _("Events") }), ...boxes.map((b) =>
      h("label", { class: "toggle" }, b, h("span", { text: eventName(b.value) })))),
    h("button", { class: "primary", type: "submit" }, _("Add the webhook")), out);
}

/** The admin's webhooks section. @param {{id: number, token: string}} club */
export function webhooksSection(club) {
  const list = h("ul", { class: "club-list" });
  async function load() {
    const got = await call(club, "GET", `/clubs/${club.id}/webhooks`);
    if (!got) return;
    if (!got.data.length) {
      list.replaceChildren(h("li", { class: "muted", text: _("No webhook yet.") }));
      return;
    }
    list.replaceChildren(...got.data.map((hook) => h("li", {},
      h("p", {}, h("b", { text: hook.url }), " ", h("span", { class: "muted",
        text: hook.events.map(eventName).join(", ") }),
      hook.disabled_at ? h("span", { class: "tag", text: _("disabled") }) : null),
      h("details", {}, h("summary", { text: _("Failed deliveries") }), failedList(club, hook)),
      h("button", { type: "button", onclick: async () => {
        if (!await call(club, "DELETE", `/clubs/${club.id}/webhooks/${hook.id}`)) return;
        load();
      } }, _("Remove")))));
  }
  load();
  return h("section", { class: "card", "aria-labelledby": "webhooks-title" },
    h("h2", { id: "webhooks-title", text: _("Webhooks") }),
    h("p", { class: "muted", text: _("Events of the club posted to a group chat or another service, signed.") }),
    list, addForm(club, load));
}
