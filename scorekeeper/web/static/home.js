// The start page: pick a game and its table, name the players, set the house rules, start; and
// this phone's games and a tournament to follow.
import { api, problem, uuid } from "./api.js";
import { h, show, toast } from "./dom.js";
import { isLocal, queueGame } from "./queue.js";
import { keepToken, remember, store } from "./store.js";

const SIDE_NAMES = { 2: ["North-South", "East-West"] };

/** A table shape as the players say it: "4 players, 2 sides of 2", "5 players, each alone,
 *  calling a partner". A form is one entry of the variant's `forms`. */
function tableInWords(form) {
  const shape = form.per_side === 1 ? "each alone" : `${form.sides} sides of ${form.per_side}`;
  return `${form.players} players, ${shape}${form.calls_partner ? ", calling a partner" : ""}`;
}

export async function homePage() {
  document.title = "scorekeeper — new game";
  const result = await api("GET", "/variants").catch(() => null);
  if (!result?.ok) { show(h("p", { class: "banner bad", text: "The server cannot be reached. Try again when you are back online." })); return; }
  const variants = result.json;
  let variant = variants[0];
  let seating = null; // the form of the table: one of the variant's `forms`
  const form = h("form", { class: "stack", "aria-label": "New game" });
  const recent = store.get("games", []);

  function render() {
    const choices = h("div", { class: "choices", role: "radiogroup", "aria-label": "Game" },
      variants.map((v) => h("button", {
        type: "button", class: "choice", role: "radio", "aria-checked": String(v === variant), onclick: () => { variant = v; seating = null; render(); },
      }, h("strong", { text: v.name }), h("span", { text: v.description }))));
    const forms = variant.forms ?? [];
    seating = seating ?? forms[0];
    const seatPick = h("div", { class: "row tables", role: "group", "aria-label": "Table" },
      forms.map((f) => h("button", {
        type: "button", "aria-pressed": String(f === seating),
        onclick: () => { seating = f; render(); },
      }, tableInWords(f))));
    const { sides, per_side: each } = seating;
    const sideBoxes = [];
    for (let s = 0; s < sides; s++) {
      const inputs = [];
      for (let p = 0; p < each; p++) {
        inputs.push(h("input", { name: `p${s}.${p}`, required: true, autocomplete: "off", "aria-label": `Side ${s + 1}, player ${p + 1}`,
          placeholder: each === 1 ? `Player ${s + 1}` : `Player ${p + 1}`, value: "" }));
      }
      sideBoxes.push(h("div", { class: "card" },
        each > 1 ? h("label", {}, `Side ${s + 1} name`, h("input", { name: `side${s}`, autocomplete: "off", value: (SIDE_NAMES[sides] ?? [])[s] ?? `Side ${s + 1}` })) : null,
        ...inputs));
    }
    const rules = Object.entries(variant.options).filter(([, o]) => o.type !== "table").map(([name, o]) => {
      if (o.type === "boolean") {
        return h("label", { class: "toggle" }, h("input", { type: "checkbox", name: `opt.${name}`, checked: o.default === true }),
          h("span", {}, name.replaceAll("_", " "), h("small", { text: o.description })));
      }
      const id = `opt-${name}`;
      const field = o.choices
        ? h("select", { id, name: `opt.${name}` }, o.choices.map((c) => h("option", { value: String(c), selected: c === o.default }, String(c))))
        : h("input", { id, name: `opt.${name}`, type: "number", inputmode: "numeric", value: o.default ?? "", placeholder: o.nullable ? "off" : "" });
      return h("div", {}, h("label", { for: id }, name.replaceAll("_", " ")), h("small", { class: "hint", text: o.description }), field);
    });
    form.replaceChildren(
      h("h1", { text: "New game" }), choices,
      h("h2", { text: "Table" }), seatPick, ...sideBoxes,
      h("label", { for: "dealer" }, "First dealer"),
      h("select", { id: "dealer", name: "dealer" }, Array.from({ length: sides * each }, (_, seat) =>
        h("option", { value: String(seat) }, each === 1 ? `Player ${seat + 1}` : `Seat ${seat + 1} (side ${(seat % sides) + 1})`))),
      h("details", {}, h("summary", { text: "House rules" }), h("div", { class: "stack" }, rules)),
      h("button", { class: "primary", type: "submit" }, "Start the game"));
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const { sides, per_side: each } = seating;
    const body = { variant: variant.key, first_dealer: Number(data.get("dealer")), options: {}, sides: [] };
    for (let s = 0; s < sides; s++) {
      const players = Array.from({ length: each }, (_, p) => String(data.get(`p${s}.${p}`)).trim());
      body.sides.push({ name: each === 1 ? players[0] : String(data.get(`side${s}`) || players.join(" & ")), players });
    }
    for (const [name, o] of Object.entries(variant.options)) {
      if (o.type === "table") continue;
      const raw = data.get(`opt.${name}`);
      let value = o.type === "boolean" ? raw === "on" : raw;
      if (o.type === "integer") value = raw === "" ? null : Number(raw);
      if (o.choices && o.type === "integer") value = Number(raw);
      if (JSON.stringify(value) !== JSON.stringify(o.default)) body.options[name] = value;
    }
    const key = uuid(); // a retry of this game, now or from the outbox, never makes two
    const created = await api("POST", "/games", body, { key }).catch(() => null);
    if (!created) {
      location.hash = `#/g/${queueGame(body, variant, key)}`;
      toast("Offline: the game starts on this phone and is created on the server when the connection returns.");
      return;
    }
    if (!created.ok) { toast(problem(created)); return; }
    keepToken("", created.json.id, created.json.token);
    remember(created.json);
    location.hash = `#/g/${created.json.id}`;
  });

  render();
  show(form,
    recent.length ? h("section", { class: "card" }, h("h2", { text: "Your games" }),
      h("ul", {}, recent.map((g) => h("li", {}, h("a", { href: `#/g/${g.id}` }, `${g.title} (${g.variant})${isLocal(g.id) ? ", not yet created on the server" : ""}`))))) : null,
    h("section", { class: "card" }, h("h2", { text: "Follow a tournament" }),
      h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); location.hash = `#/t/${new FormData(e.target).get("t")}`; } },
        h("label", { class: "sr", for: "tid" }, "Tournament number"),
        h("input", { id: "tid", name: "t", type: "number", min: "1", required: true, placeholder: "Tournament number", class: "grow" }),
        h("button", { type: "submit" }, "Open"))));
}
