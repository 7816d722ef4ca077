// @ts-check
// The start page: pick a game and its table, name the players, set the house rules (presets of
// common tables, this phone's own presets, or rule by rule), start; and this phone's games, the
// demo games `flask seed` loaded (to watch) and a tournament to follow.
import { api, problem, uuid } from "./api.js";
import { h, show, toast } from "./dom.js";
import { _, _n, against, number } from "./i18n.js";
import { NAME_MOST, builtSideName } from "./names.js";
import { isLocal, queueGame } from "./queue.js";
import { keepToken, remember, store } from "./store.js";

/** The default names of two sides of two, in the page's language. */
const sideNames = (sides) => (sides === 2 ? [_("North-South"), _("East-West")] : []);

/** A table shape as the players say it: "4 players, 2 sides of 2", "5 players, each alone,
 *  calling a partner". A form is one entry of the variant's `forms`. */
function tableInWords(form) {
  if (form.per_side === 1) {
    return form.calls_partner ? _("{players} players, each alone, calling a partner",
      { players: form.players })
      : _("{players} players, each alone", { players: form.players });
  }
  // i18n: a table of card players, e.g. "4 players, 2 sides of 2"
  return _("{players} players, {sides} sides of {each}", { players: form.players, sides: form.sides,
    each: form.per_side });
}

/** The house rules a player sets on the page: every option but the tables (fractional values). */
const settable = (variant) => Object.entries(variant.options).filter(([, o]) => o.type !== "table");

/** Every settable option at its default, then `given` on top. */
function rulesFrom(variant, given = {}) {
  const rules = {};
  for (const [name, o] of settable(variant)) rules[name] = name in given ? given[name] : o.default;
  return rules;
}

/** The rules that differ from the variant's defaults: what a game's `options` and a saved
 *  preset need. */
function changedRules(variant, rules) {
  const changed = {};
  for (const [name, o] of settable(variant)) {
    if (JSON.stringify(rules[name]) !== JSON.stringify(o.default)) changed[name] = rules[name];
  }
  return changed;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** This phone's own presets for a variant: [{name, options}], kept in localStorage. */
const ownPresets = (variant) => store.get("presets", {})[variant.key] ?? [];

function keepOwnPresets(variant, presets) {
  const all = store.get("presets", {});
  all[variant.key] = presets;
  store.set("presets", all);
}

/** Each name's complaint (`errors` keyed by the API's field, "sides.0.players.1") under its input,
 *  the first such input focused; null clears them. True when every complaint found its input. */
function nameErrors(form, errors) {
  for (const old of form.querySelectorAll(".field-error")) old.remove();
  for (const old of form.querySelectorAll("[aria-invalid]")) old.removeAttribute("aria-invalid");
  const fields = Object.entries(errors ?? {});
  const boxes = [...form.querySelectorAll("[data-field]")];
  let placed = 0;
  for (const [field, why] of fields) {
    // A player alone is also the side's name: "sides.0.name" and "sides.0.players.0" are one input.
    const box = boxes.find((b) => field === b.dataset.field || field.startsWith(`${b.dataset.field}.`));
    const input = box?.querySelector("input");
    if (!box || !input) continue;
    placed += 1;
    const id = `${input.name}-error`;
    const text = [].concat(why).join(" ");
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", id);
    if (box.querySelector(".field-error")?.textContent !== text) {
      box.append(h("p", { class: "field-error", id, text }));
    }
  }
  /** @type {HTMLInputElement | null} */ (form.querySelector("input[aria-invalid]"))?.focus();
  if (placed) toast(_("Not started: see the names marked."));
  return fields.length > 0 && placed === fields.length;
}

/** The start page; with `club`, the new game form of that club (#/c/{id}/new): its seats pick
 *  the club's players (pick.js) and the game is started in the club. @param {{ club?: number }} [at] */
export async function homePage({ club } = {}) {
  document.title = _("scorekeeper — new game");
  const demosAsked = api("GET", "/demos").catch(() => null);
  const result = await api("GET", "/variants").catch(() => null);
  if (!result?.ok) {
    show(h("p", { class: "banner bad", text: _("The server cannot be reached. Try again when you are back online.") }));
    return;
  }
  const variants = result.json;
  const picker = club ? await import("./pick.js").then((m) => m.seatPicker(club)) : null;
  if (club && !picker) {
    show(h("p", { class: "banner bad", text: _("This phone has no link of this club: open the club's link first.") }));
    return;
  }
  let variant = variants[0];
  let seating = null; // the form of the table: one of the variant's `forms`
  let rules = rulesFrom(variant); // every house rule's value as set on this page
  let openRules = false; // the list of every house rule is unfolded
  const form = h("form", { class: "stack", "aria-label": _("New game") });
  const houseRules = h("section", { class: "rules", "aria-labelledby": "rules-title" });
  const recent = store.get("games", []);
  const nameOf = (key) => variants.find((v) => v.key === key)?.name ?? key;

  function render() {
    const choices = h("div", { class: "choices", role: "radiogroup", "aria-label": _("Game") },
      variants.map((v) => h("button", {
        type: "button", class: "choice", role: "radio", "aria-checked": String(v === variant),
        onclick: () => { variant = v; seating = null; rules = rulesFrom(v); render(); },
      }, h("strong", { text: v.name }), h("span", { text: v.description }))));
    const forms = variant.forms ?? [];
    seating = seating ?? forms[0];
    const seatPick = h("div", { class: "row tables", role: "group", "aria-label": _("Table") },
      forms.map((f) => h("button", {
        type: "button", "aria-pressed": String(f === seating),
        onclick: () => { seating = f; render(); },
      }, tableInWords(f))));
    const { sides, per_side: each } = seating;
    const sideBoxes = [];
    for (let s = 0; s < sides; s++) {
      const inputs = [];
      for (let p = 0; p < each; p++) {
        const input = h("input", { name: `p${s}.${p}`, required: true, autocomplete: "off",
          maxlength: String(NAME_MOST),
          "aria-label": _("Side {side}, player {player}", { side: s + 1, player: p + 1 }),
          placeholder: _("Player {n}", { n: each === 1 ? s + 1 : p + 1 }), value: "" });
        inputs.push(h("div", { "data-field": each === 1 ? `sides.${s}` : `sides.${s}.players.${p}` }, input));
        picker?.attach(input);
      }
      sideBoxes.push(h("div", { class: "card" },
        each > 1 ? h("div", { "data-field": `sides.${s}.name` }, h("label", {}, _("Side {n} name",
          { n: s + 1 }),
          h("input", { name: `side${s}`, autocomplete: "off", maxlength: String(NAME_MOST),
            value: sideNames(sides)[s] ?? _("Side {n}", { n: s + 1 }) }))) : null,
        ...inputs));
    }
    renderRules();
    form.replaceChildren(
      h("h1", { text: picker?.name ? _("New game in {club}", { club: picker.name }) : _("New game") }),
      choices, h("h2", { text: _("Table") }), seatPick,
      ...[picker?.lastTableButton()].filter((node) => node), ...sideBoxes,
      h("label", { for: "dealer" }, _("First dealer")),
      h("select", { id: "dealer", name: "dealer" }, Array.from({ length: sides * each }, (_x, seat) =>
        h("option", { value: String(seat) }))),
      houseRules,
      h("button", { class: "primary", type: "submit" }, _("Start the game")));
    named();
  }

  /** The names as typed so far: the first dealer's choices say them (a seat's number until its
   *  player is named), and a side left unnamed shows the name it will get. */
  function named() {
    const { sides, per_side: each } = seating;
    const typed = (/** @type {string} */ name) => String(new FormData(form).get(name) ?? "").trim();
    const dealer = /** @type {HTMLSelectElement | null} */ (form.querySelector("#dealer"));
    for (const option of dealer?.options ?? []) {
      const seat = Number(option.value);
      const [s, p] = [seat % sides, Math.floor(seat / sides)]; // seats go round the sides
      option.textContent = typed(`p${s}.${p}`) || (each === 1 ? _("Player {n}", { n: seat + 1 })
        : _("Seat {seat} (side {side})", { seat: seat + 1, side: s + 1 }));
    }
    for (let s = 0; s < sides && each > 1; s++) {
      const input = /** @type {HTMLInputElement | null} */ (form.querySelector(`[name="side${s}"]`));
      const players = Array.from({ length: each }, (_x, p) => typed(`p${s}.${p}`));
      if (input) input.placeholder = builtSideName(players);
    }
  }
  form.addEventListener("input", named);

  /** The house rules: one tap on a preset (the variant's, then this phone's own), every rule by
   *  its label with its explanation, and saving the rules as set as an own preset. Redrawn alone,
   *  so the players' names typed above stay. */
  function renderRules() {
    const mine = ownPresets(variant);
    const defaults = rulesFrom(variant);
    const presets = [...(variant.presets ?? [])];
    // The rules as the variant has them by default, unless a common table already plays by them.
    if (!presets.some((p) => same(rulesFrom(variant, p.options), defaults))) {
      presets.unshift({ key: "", name: _("Standard"), options: {},
        description: _("{game} as the rules say, every house rule at its default.", { game: variant.name }) });
    }
    const chosen = presets.find((p) => same(rulesFrom(variant, p.options), rules))
      ?? mine.find((p) => same(rulesFrom(variant, p.options), rules));
    const apply = (preset) => {
      rules = rulesFrom(variant, preset.options);
      renderRules();
      toast(_("House rules: {preset}.", { preset: preset.name }));
    };
    const presetButton = (preset) => h("button", {
      type: "button", class: "preset", "aria-pressed": String(preset === chosen),
      onclick: () => apply(preset),
    }, preset.name);
    const changed = Object.keys(changedRules(variant, rules)).length;
    houseRules.replaceChildren(...[
      h("h2", { id: "rules-title", text: _("House rules") }),
      h("div", { class: "presets", role: "group", "aria-label": _("Presets") }, presets.map(presetButton)),
      mine.length ? h("div", { class: "presets own", role: "group", "aria-label": _("Your presets") },
        h("span", { class: "hint", text: _("Yours, on this phone:") }),
        mine.map((preset) => h("span", { class: "own-preset" }, presetButton(preset),
          h("button", { type: "button", class: "remove", "aria-label": _("Delete the preset {preset}",
            { preset: preset.name }),
            onclick: () => {
              keepOwnPresets(variant, ownPresets(variant).filter((p) => p.name !== preset.name));
              renderRules();
              toast(_("The preset {preset} is deleted from this phone.", { preset: preset.name }));
            } }, "×")))) : null,
      h("p", { class: "muted preset-note",
        text: chosen ? (chosen.description ?? describeOwn(chosen))
          : _n("Your own mix: {n} rule differs from the standard.",
            "Your own mix: {n} rules differ from the standard.", changed) }),
      h("details", { open: openRules, ontoggle: (e) => { openRules = e.target.open; } },
        h("summary", {}, _("Every house rule ({n})", { n: settable(variant).length })),
        h("div", { class: "stack rule-list" }, settable(variant).map(([name, o]) => ruleControl(name, o))),
        h("div", { class: "save-preset" },
          h("label", { for: "preset-name" }, _("Save these house rules on this phone")),
          h("div", { class: "row" },
            h("input", { id: "preset-name", class: "grow", autocomplete: "off",
              placeholder: _("Name, e.g. Friday club"), maxlength: "40" }),
            h("button", { type: "button", onclick: savePreset }, _("Save")))))].filter(Boolean));
  }

  /** An own preset's line: the rules it changes, by their labels. */
  function describeOwn(preset) {
    const names = Object.keys(preset.options).map((name) => variant.options[name]?.label ?? name);
    return names.length ? _("Your preset: {rules}.",
      { rules: names.join(", ") }) : _("Your preset: the standard rules.");
  }

  function savePreset() {
    const input = /** @type {HTMLInputElement} */ (document.getElementById("preset-name"));
    const name = input.value.trim();
    if (!name) { toast(_("Give the preset a name first.")); input.focus(); return; }
    const presets = ownPresets(variant).filter((p) => p.name !== name);
    presets.push({ name, options: changedRules(variant, rules) });
    keepOwnPresets(variant, presets);
    renderRules();
    toast(_("Saved on this phone: {preset}.", { preset: name }));
  }

  /** One house rule: its label, its explanation, and a control showing its value in words. */
  function ruleControl(name, o) {
    const id = `opt-${name}`;
    const hintId = `${id}-hint`;
    const set = (value) => { rules[name] = value; renderRules(); document.getElementById(id)?.focus(); };
    if (o.type === "boolean") {
      // The whole line toggles it; its name is the label alone, the explanation its description.
      return h("label", { class: "toggle" },
        h("input", { type: "checkbox", id, name: `opt.${name}`, checked: rules[name] === true,
          "aria-labelledby": `${id}-name`, "aria-describedby": hintId,
          onchange: (e) => set(e.target.checked) }),
        h("span", {}, h("span", { id: `${id}-name`, class: "name", text: o.label }), h("small", { id: hintId,
          text: o.description })));
    }
    let field;
    if (o.choices) {
      const words = o.choice_labels ?? o.choices.map((c) => (typeof c === "number" ? number(c) : String(c)));
      const options = o.choices.map((c, i) => h("option", { value: String(c), selected: c === rules[name] },
        words[i]));
      if (o.nullable) options.unshift(h("option", { value: "", selected: rules[name] === null },
        o.null_label ?? _("Off")));
      field = h("select", { id, name: `opt.${name}`, "aria-describedby": hintId, onchange: (e) => {
        const raw = e.target.value;
        set(raw === "" ? null : o.type === "integer" ? Number(raw) : raw);
      } }, options);
    } else {
      field = h("input", { id, name: `opt.${name}`, type: "number", inputmode: "numeric",
        value: rules[name] ?? "",
        min: o.minimum, max: o.maximum, placeholder: o.nullable ? (o.null_label
          ?? _("Off")) : "", "aria-describedby": hintId,
        onchange: (e) => set(e.target.value === "" ? (o.nullable ? null : o.default)
          : Number(e.target.value)) });
    }
    return h("div", { class: "rule" }, h("label", { for: id }, o.label), h("small", { class: "hint",
      id: hintId, text: o.description }), field);
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const { sides, per_side: each } = seating;
    const body = { variant: variant.key, first_dealer: Number(data.get("dealer")),
      options: changedRules(variant, rules), sides: [] };
    /** @type {Record<string, string[]>} */
    const blank = {};
    for (let s = 0; s < sides; s++) {
      const players = Array.from({ length: each }, (_x, p) => (picker
        ? picker.seat(/** @type {HTMLInputElement} */ (form.querySelector(`[name="p${s}.${p}"]`)))
        : String(data.get(`p${s}.${p}`)).trim()));
      const names = players.map((seat) => (typeof seat === "string" ? seat : seat.name));
      names.forEach((name, p) => {
        if (!name) blank[each === 1 ? `sides.${s}` : `sides.${s}.players.${p}`] = [_("Type a name here.")];
      });
      body.sides.push({ name: each === 1 ? names[0]
        : String(data.get(`side${s}`) ?? "").trim() || builtSideName(names), players });
    }
    if (club) body.club = club;
    nameErrors(form, Object.keys(blank).length ? blank : null);
    if (Object.keys(blank).length) return;
    const key = uuid(); // a retry of this game, now or from the outbox, never makes two
    const created = await api("POST", "/games", body, { key, club: picker?.token }).catch(() => null);
    if (created?.ok || !created) picker?.started(body.sides);
    if (!created) {
      location.hash = `#/g/${queueGame(body, variant, key)}`;
      toast(_("Offline: the game starts on this phone and is created on the server when the connection returns."), { offline: true });
      return;
    }
    if (!created.ok) {
      if (!nameErrors(form, created.json?.errors ?? null)) toast(problem(created));
      return;
    }
    keepToken("", created.json.id, created.json.token);
    remember(created.json);
    location.hash = `#/g/${created.json.id}`;
  });

  /** The demo games and tournaments the server lists (only what `flask seed` marked), each
   *  opening read-only; nothing when there are none. */
  function demoSection(demos) {
    const items = [
      ...demos.games.map((g) => h("li", {}, h("a", { href: `#/g/${g.id}/watch` },
        against(g.sides.map((s) => s.name))), h("div", { class: "muted",
        text: `${nameOf(g.variant)} · ${g.status === "finished" ? _("Game over")
          : _n("{n} hand", "{n} hands", g.hands_played)}` }))),
      ...demos.tournaments.map((t) => h("li", {}, h("a", { href: `#/t/${t.id}` }, t.name),
        h("div", { class: "muted", text: nameOf(t.variant) })))];
    return items.length ? h("section", { class: "card", "aria-labelledby": "demos-title" },
      h("h2", { id: "demos-title", text: _("Demo games") }),
      h("p", { class: "muted", text: _("Watch how a game is scored: these open read-only.") }),
      h("ul", { class: "games" }, items)) : null;
  }

  if (picker) {
    render();
    show(h("p", {}, h("a", { class: "button", href: `#/c/${club}` }, _("Back to the club"))),
      picker.offline ? h("p", { class: "banner warn",
        text: _("No connection: the club's players as this phone last saw them.") }) : null, form);
    return;
  }
  const demos = await demosAsked;
  const demoBox = demos?.ok ? demoSection(demos.json) : null;
  render();
  // A phone with no game of its own yet is shown the way to the demos, below the new game's form.
  const toDemos = demoBox && !recent.length ? h("p", {}, h("button", { type: "button",
    onclick: () => demoBox.scrollIntoView({ behavior: "smooth" }) },
    _("New here? Watch a demo game."))) : null;
  show(toDemos, form,
    recent.length ? h("section", { class: "card" }, h("h2", { text: _("Your games") }),
      h("ul", { class: "games" }, recent.map((g) => h("li", {}, h("a", { href: `#/g/${g.id}` }, g.title,
        isLocal(g.id) ? " " + _("(not yet created on the server)") : ""), " ", h("span", { class: "muted",
        text: nameOf(g.variant) }))))) : null,
    demoBox,
    clubsSection(),
    h("section", { class: "card" }, h("h2", { text: _("Tournaments") }),
      h("p", {}, h("a", { class: "button primary", href: "#/t/new" }, _("Run a tournament"))),
      h("h3", { class: "sub", text: _("Follow a tournament") }),
      h("form", { class: "row",
        onsubmit: (e) => { e.preventDefault(); location.hash = `#/t/${new FormData(e.target).get("t")}`; } },
        h("label", { class: "sr", for: "tid" }, _("Tournament number")),
        h("input", { id: "tid", name: "t", type: "number", min: "1", required: true,
          placeholder: _("Tournament number"), class: "grow" }),
        h("button", { type: "submit" }, _("Open")))));
}

/** The clubs this phone opened (club.js remembers them), and starting one. */
function clubsSection() {
  const clubs = store.get("clubs", []);
  return h("section", { class: "card", "aria-labelledby": "clubs-title" },
    h("h2", { id: "clubs-title", text: _("Clubs") }),
    clubs.length ? h("ul", { class: "games" }, clubs.map((c) => h("li", {},
      h("a", { href: `#/c/${c.id}` }, c.name)))) : null,
    h("p", {}, h("a", { class: "button", href: "#/c/new" }, _("Start a club"))));
}
