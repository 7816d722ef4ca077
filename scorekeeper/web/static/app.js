// The phone score sheet. It uses only the public API under /api/v1, keeps tokens and hands that
// could not be sent yet in localStorage, and follows games and tournaments live with EventSource.
const API = "/api/v1";
const main = document.getElementById("main");
const SUIT_SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥", NT: "NT" };
const ITALIAN_SUITS = ["coins", "cups", "swords", "clubs"];
const FRENCH_SUITS = ["hearts", "diamonds", "spades", "clubs"];
let live = null; // the EventSource of the page on screen

// -- storage -------------------------------------------------------------------------------------

const store = {
  get(key, fallback) {
    try { return JSON.parse(localStorage.getItem(`sk.${key}`)) ?? fallback; } catch { return fallback; }
  },
  set(key, value) { localStorage.setItem(`sk.${key}`, JSON.stringify(value)); },
};
const tokenOf = (kind, id) => store.get(`${kind}tokens`, {})[id];
function keepToken(kind, id, token) {
  const tokens = store.get(`${kind}tokens`, {});
  tokens[id] = token;
  store.set(`${kind}tokens`, tokens);
}
function remember(game) {
  const games = store.get("games", []).filter((g) => g.id !== game.id);
  games.unshift({ id: game.id, title: game.sides.map((s) => s.name).join(" v "), variant: game.variant });
  store.set("games", games.slice(0, 20));
}

// -- the API -------------------------------------------------------------------------------------

class Offline extends Error {}

async function api(method, path, body, { token, ifMatch, key } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ifMatch) headers["If-Match"] = ifMatch;
  if (key) headers["Idempotency-Key"] = key;
  let response;
  try {
    response = await fetch(API + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new Offline("no connection");
  }
  const json = response.status === 204 || response.status === 304 ? null : await response.json().catch(() => null);
  return { status: response.status, ok: response.ok, json, etag: response.headers.get("ETag") };
}

function problem(result) {
  const message = result.json?.message ?? `The server answered ${result.status}.`;
  const fields = result.json?.errors ? Object.entries(result.json.errors)
    .filter(([field]) => field !== "json").map(([field, why]) => `${field}: ${[].concat(why).join(" ")}`) : [];
  return [message, ...fields.filter((line) => !message.includes(line.split(": ").slice(1).join(": ")))].join(" ");
}

function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

// -- tiny DOM helpers ----------------------------------------------------------------------------

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}
const show = (...nodes) => { main.replaceChildren(...nodes.flat().filter((n) => n !== null && n !== undefined && n !== false)); };
const signed = (n) => (n >= 0 ? `+${n}` : `${n}`);
const uuid = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** A − value + control; `max` is a number or a function asked at each step. */
function stepper(label, value, min, max, onChange) {
  const out = h("output", { "aria-live": "polite", text: String(value) });
  const highest = () => (typeof max === "function" ? max() : max);
  const set = (v) => { value = Math.max(min, Math.min(highest(), v)); out.textContent = String(value); onChange(value); };
  return h("div", { class: "stepper", role: "group", "aria-label": label },
    h("span", { class: "grow", text: label }),
    h("button", { type: "button", "aria-label": `${label}: one less`, onclick: () => set(value - 1) }, "−"),
    out,
    h("button", { type: "button", "aria-label": `${label}: one more`, onclick: () => set(value + 1) }, "+"));
}

// -- routing -------------------------------------------------------------------------------------

function route() {
  if (live) { live.close(); live = null; }
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

// -- home: start a game --------------------------------------------------------------------------

const SIDE_NAMES = { 2: ["North-South", "East-West"] };

/** A table shape as the players say it: "4 players, 2 sides of 2", "5 players, each alone,
 *  calling a partner". A form is one entry of the variant's `forms`. */
function tableInWords(form) {
  const shape = form.per_side === 1 ? "each alone" : `${form.sides} sides of ${form.per_side}`;
  return `${form.players} players, ${shape}${form.calls_partner ? ", calling a partner" : ""}`;
}

/** The form a game was started in: the variant's form with its number of sides and players. */
function formOf(variant, game) {
  return (variant.forms ?? []).find((f) => f.sides === game.sides.length && f.per_side === game.sides[0].players.length) ?? null;
}

async function homePage() {
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
    const created = await api("POST", "/games", body).catch(() => null);
    if (!created) { toast("No connection: the game could not be created. Try again when you are online."); return; }
    if (!created.ok) { toast(problem(created)); return; }
    keepToken("", created.json.id, created.json.token);
    remember(created.json);
    location.hash = `#/g/${created.json.id}`;
  });

  render();
  show(form,
    recent.length ? h("section", { class: "card" }, h("h2", { text: "Your games" }),
      h("ul", {}, recent.map((g) => h("li", {}, h("a", { href: `#/g/${g.id}` }, `${g.title} (${g.variant})`))))) : null,
    h("section", { class: "card" }, h("h2", { text: "Follow a tournament" }),
      h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); location.hash = `#/t/${new FormData(e.target).get("t")}`; } },
        h("label", { class: "sr", for: "tid" }, "Tournament number"),
        h("input", { id: "tid", name: "t", type: "number", min: "1", required: true, placeholder: "Tournament number", class: "grow" }),
        h("button", { type: "submit" }, "Open"))));
}

// -- the offline queue ---------------------------------------------------------------------------

const queued = (gameId) => store.get("queue", []).filter((q) => q.game === gameId);

async function flushQueue() {
  const queue = store.get("queue", []);
  let changed = false;
  for (const item of queue) {
    if (item.conflict) continue;
    let result;
    try {
      result = await api(item.method, item.path, item.body, { token: tokenOf("", item.game), key: item.key, ifMatch: item.force ? undefined : item.ifMatch });
    } catch { break; } // still offline: keep the rest in order
    changed = true;
    if (result.ok) item.done = true;
    else if (result.status === 412) item.conflict = "Someone else changed the game before this hand arrived.";
    else item.conflict = problem(result);
  }
  store.set("queue", queue.filter((q) => !q.done));
  showNet();
  return changed;
}
function showNet() {
  const waiting = store.get("queue", []).length;
  document.getElementById("net").textContent = !navigator.onLine ? "Offline" : waiting ? `${waiting} waiting to be sent` : "";
}
window.addEventListener("online", async () => { if (await flushQueue()) route(); });
window.addEventListener("offline", showNet);
setInterval(async () => { if (store.get("queue", []).some((q) => !q.conflict) && await flushQueue()) route(); }, 5000);

// -- the bids of a game ----------------------------------------------------------------------------
// The grid shows the bids GET /games/{id}/bids lists, at the points that game scores: a bid its
// house rules switch off is not in the list, so it is not shown.

const LEVEL_BID = /^(\d+)(?:\.(\d))?(S|C|D|H|NT)$/; // 7H, or 6.3H under fractional bidding
const DENOMINATIONS = ["S", "C", "D", "H", "NT"];
const SUIT_WORD = { S: "spades", C: "clubs", D: "diamonds", H: "hearts", NT: "no trumps" };
const PREVIEW_DELAY_MS = 250;

/** The kitty cards a fractional bid gives away (3 for 6.3H), or null for any other bid. */
function kittyGiven(code) {
  const level = LEVEL_BID.exec(code ?? "");
  return level && level[2] !== undefined ? Number(level[2]) : null;
}

/** The distinct numbers a part of the bids' codes holds, in order: their levels (6–10), or the
 *  kitty cards their fractional forms give away (.0–.5). */
function partsOf(bids, part) {
  const found = bids.map((b) => LEVEL_BID.exec(b.code)?.[part]).filter((x) => x !== undefined).map(Number);
  return [...new Set(found)].sort((a, b) => a - b);
}
const levelsOf = (bids) => partsOf(bids, 1);
const kittyCardsOf = (bids) => partsOf(bids, 2);

/** How a screen reader says a bid: "7 hearts, 200 points", "6.3 hearts, 220 points". */
function spokenBid(bid) {
  const level = LEVEL_BID.exec(bid.code);
  const words = level ? `${level[1]}${level[2] === undefined ? "" : `.${level[2]}`} ${SUIT_WORD[level[3]]}` : bid.name;
  return bid.points == null ? words : `${words}, ${bid.points} points`;
}

function bidButton(bid, label, chosen, pick) {
  return h("button", { type: "button", "data-code": bid.code, "aria-pressed": String(chosen === bid.code), "aria-label": spokenBid(bid),
    onclick: () => pick(bid.code) }, label, h("small", { text: bid.points == null ? "" : `${bid.points}${LEVEL_BID.test(bid.code) ? "" : " points"}` }));
}

/** The bids' levels down, suits across; `given` picks the fractional bids' .K (null: plain bids). */
function bidGrid(bids, given, chosen, pick) {
  const byCode = new Map(bids.map((b) => [b.code, b]));
  const cells = [h("span"), ...DENOMINATIONS.map((d) => h("span", { class: "lvl", "aria-hidden": "true", text: SUIT_SYMBOL[d] }))];
  for (const level of levelsOf(bids)) {
    cells.push(h("span", { class: "lvl", "aria-hidden": "true", text: String(level) }));
    for (const d of DENOMINATIONS) {
      const bid = byCode.get(given === null ? `${level}${d}` : `${level}.${given}${d}`);
      cells.push(bid ? bidButton(bid, bid.name, chosen, pick) : h("span"));
    }
  }
  return cells;
}

/** Fractional bidding: the row that picks how many kitty cards the bid gives away. */
function kittyRow(kittyCards, given, choose) {
  const buttons = kittyCards.map((k) => h("button", { type: "button", "aria-pressed": String(k === given),
    "aria-label": `.${k}: ${k === 1 ? "1 kitty card" : `${k} kitty cards`} given away`,
    onclick: (e) => { for (const b of buttons) b.setAttribute("aria-pressed", String(b === e.currentTarget)); choose(k); } }, `.${k}`));
  return h("div", { class: "given" }, h("span", { class: "hint", id: "given-label", text: "Kitty cards given away (the .K of N.K)" }),
    h("div", { class: "row steps", role: "group", "aria-labelledby": "given-label" }, buttons));
}

function keepBids(gameId, bids) {
  const kept = store.get("bids", {});
  kept[gameId] = bids;
  const remembered = new Set(store.get("games", []).map((g) => String(g.id)));
  store.set("bids", Object.fromEntries(Object.entries(kept).filter(([key]) => remembered.has(key))));
}

/** The game's bids from the server, else as last fetched on this phone, else guessed. */
async function gameBids(game, variant) {
  try {
    const got = await api("GET", `/games/${game.id}/bids`);
    if (got.ok) { keepBids(game.id, got.json); return { bids: got.json, exact: true }; }
  } catch { /* offline: what this phone kept */ }
  const kept = store.get("bids", {})[game.id];
  return kept ? { bids: kept, exact: true } : { bids: guessedBids(game, variant), exact: false };
}

/** Never fetched: the variant's bids the game's options switch on, with no points (only the
 *  server knows what this game scores); the server checks the hand when it is sent. */
function guessedBids(game, variant) {
  const on = (b) => !b.option || Boolean(game.options[b.option]);
  const fractional = Boolean(game.options.fractional_bidding);
  const listed = (variant.bids ?? []).filter((b) => on(b) && !(fractional && LEVEL_BID.test(b.code)));
  const table = game.options.fractional_values ?? variant.options.fractional_values?.default ?? {}; // "6.3" → its values
  const levels = fractional ? Object.keys(table).flatMap((nk) => DENOMINATIONS.map((d) => `${nk}${d}`)) : [];
  return [...listed.map((b) => ({ code: b.code, name: b.name, points: null })),
    ...levels.map((code) => ({ code, name: code.replace(/(S|C|D|H)$/, (s) => SUIT_SYMBOL[s]), points: null }))];
}

// -- tricks ---------------------------------------------------------------------------------------

const tricksInWords = (n) => (n === 1 ? "1 trick" : `${n} tricks`);

/** A new hand's tricks: two sides start with every trick to the first, a table of more sides
 *  counts up from nothing with the last taking the rest. `total` is the variant's hand.tricks. */
function freshTricks(sides, total) {
  return Array.from({ length: sides }, (_, s) => ((sides === 2 ? s === 0 : s === sides - 1) ? total : 0));
}

/** One stepper per side but the last, whose tricks are the rest of the hand's `total`. */
function trickSteppers(tricks, total, onChange, names) {
  const last = tricks.length - 1;
  const taken = h("output", { "aria-live": "polite" });
  const rest = h("div", { class: "stepper rest", id: "other-tricks", role: "group" },
    h("span", { class: "grow", text: `${names[last]} tricks` }), h("small", { class: "muted", text: "the rest" }), taken);
  const settle = () => {
    tricks[last] = total - tricks.slice(0, last).reduce((a, b) => a + b, 0);
    taken.textContent = String(tricks[last]);
    rest.setAttribute("aria-label", `${names[last]}: ${tricksInWords(tricks[last])}, the rest`);
  };
  settle();
  const steppers = names.slice(0, last).map((name, s) => stepper(`${name} tricks`, tricks[s], 0,
    () => tricks[s] + tricks[last], (v) => { tricks[s] = v; settle(); onChange(); }));
  return h("div", { class: "stack tricks" }, steppers, rest);
}

// -- a game's score sheet ------------------------------------------------------------------------

async function gamePage(id, watching) {
  const token = watching ? null : tokenOf("", id);
  let game, hands, variant, etag;
  let tableBids = { bids: [], exact: true }; // the bids this game's table may win with
  async function load() {
    const [g, hs] = await Promise.all([api("GET", `/games/${id}`), api("GET", `/games/${id}/hands`)]);
    if (!g.ok) throw new Error(problem(g));
    game = g.json; etag = g.etag; hands = hs.json ?? [];
    if (!variant) variant = (await api("GET", `/variants/${game.variant}`)).json;
  }
  try { await load(); } catch (error) {
    show(h("p", { class: "banner bad", text: error instanceof Offline ? "Offline: this game cannot be loaded until the connection returns." : error.message }));
    return;
  }
  remember(game);
  if (variant.bids) tableBids = await gameBids(game, variant);
  document.title = `${game.sides.map((s) => s.name).join(" v ")} — scorekeeper`;
  let editing = null; // the hand being corrected, or null for a new hand
  let opened = null;
  let dirty = false; // the scorer has started entering a hand: live updates must not disturb it

  const seatName = (seat) => game.sides[seat % game.sides.length].players[Math.floor(seat / game.sides.length)];

  function render() {
    const pending = queued(id);
    const sides = game.sides;
    const rows = [];
    let totals = sides.map(() => 0);
    for (const hand of hands) {
      totals = hand.scores;
      // The whole row opens the explanation on tap; its first cell's button does so from the keyboard.
      rows.push(h("tr", { class: "hand", onclick: () => { opened = opened === hand.number ? null : hand.number; render(); } },
        h("td", {}, h("button", { type: "button", class: "plain", "aria-expanded": String(opened === hand.number) }, `${hand.number}. ${summary(hand)}`)),
        ...hand.scores.map((score, s) => h("td", {}, String(score), h("span", { class: "delta", text: signed(hand.deltas[s]) })))));
      if (opened === hand.number) {
        rows.push(h("tr", { class: "detail" }, h("td", { colspan: String(sides.length + 1) },
          h("ul", {}, hand.explanation.map((line) => h("li", { text: line }))),
          token ? h("div", { class: "row" },
            h("button", { type: "button", onclick: () => { editing = hand; render(); document.getElementById("entry")?.scrollIntoView(); } }, `Correct hand ${hand.number}`),
            hand.number === hands.length ? h("button", { type: "button", class: "danger", onclick: () => undo(hand.number) }, `Undo hand ${hand.number}`) : null) : null)));
      }
    }
    for (const item of pending) {
      rows.push(h("tr", { class: "pending" }, h("td", { colspan: String(sides.length + 1),
        text: item.conflict ? `Not recorded: ${item.conflict}` : `Hand waiting to be sent: ${summary(item.body)}` })));
    }
    const finished = game.status === "finished";
    show(
      h("h1", { text: `${variant.name}: ${sides.map((s) => s.name).join(" v ")}` }),
      h("div", { class: sides.length > 2 ? "totals many" : "totals", "aria-label": "Scores" }, sides.map((side, s) => h("div", { class: "total" },
        h("span", { text: side.name }), h("b", { text: String(game.scores[s]) }),
        side.players.length > 1 ? h("small", { class: "muted", text: side.players.join(" & ") }) : null))),
      finished
        ? h("p", { class: "banner win", role: "status", text: `Game over: ${sides[game.winner]?.name ?? "nobody"} won.` })
        : h("p", { class: "muted", text: `${seatName(game.dealer)} deals next.${game.barred_seat != null ? ` ${seatName(game.barred_seat)} is ralphed for this auction.` : ""}` }),
      pending.some((q) => q.conflict) ? h("div", { class: "banner warn", role: "alert" },
        h("p", { text: "A hand entered offline could not be recorded because the game changed meanwhile." }),
        h("div", { class: "row" },
          h("button", { type: "button", onclick: () => resolveQueue(id, "force") }, "Send it anyway"),
          h("button", { type: "button", class: "danger", onclick: () => resolveQueue(id, "drop") }, "Discard it"))) : null,
      h("table", { class: "sheet" },
        h("caption", { class: "sr", text: "Hands and running totals; tap a hand for its explanation" }),
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Hand" }), sides.map((side) => h("th", { scope: "col", text: side.name })))),
        h("tbody", {}, rows.length ? rows : [h("tr", {}, h("td", { colspan: String(sides.length + 1), class: "muted", text: "No hands yet." }))])),
      token && (!finished || editing) ? entryForm() : null,
      h("section", { class: "card" }, h("h2", { text: "Share" }),
        h("p", {}, h("a", { href: `#/g/${id}/watch` }, "Spectator link"), " — follows the game live, read-only."),
        token ? h("p", {}, h("a", { href: `#/g/${id}?token=${encodeURIComponent(token)}`, id: "scorer-link" }, "Scorer link"),
          " — lets a second phone enter hands. Share it only with scorers.") : null,
        !token && !watching ? h("p", { class: "muted", text: "This phone has no token for this game, so it can only watch." }) : null));
  }

  /** "7♥", "6.3♥", "Misère": the game's own name for a bid, else its code with the suit drawn. */
  function bidName(code) {
    const known = tableBids.bids.find((b) => b.code === code);
    return known?.name ?? (LEVEL_BID.test(code) ? code.replace(/(S|C|D|H)$/, (s) => SUIT_SYMBOL[s]) : code);
  }

  function summary(hand) {
    if (hand.passed_out) return "passed out";
    if (hand.bid) {
      const called = hand.partner === undefined ? "" : hand.partner === null ? " alone" : ` with ${seatName(hand.partner)}`;
      return `${bidName(hand.bid)} by ${seatName(hand.bidder)}${called}`;
    }
    if (hand.points || hand.captured) return `card points${hand.mariannas?.length ? `, ${hand.mariannas.length} Marianna${hand.mariannas.length > 1 ? "s" : ""}` : ""}`;
    if (hand.players) {
      const out = hand.players.findIndex((p) => p.went_out || (p.hand && p.hand.length === 0) || p.hand_points === 0);
      return out >= 0 ? `${game.sides[out].name} went out` : "stock ran out";
    }
    return "";
  }

  async function send(method, path, body) {
    const key = uuid();
    const intent = { method, path, body, key, game: id, ifMatch: etag };
    let result;
    try {
      result = await api(method, path, body, { token, ifMatch: etag, key });
    } catch (error) {
      if (!(error instanceof Offline) || method !== "POST") { toast("No connection: try again when you are back online."); return false; }
      store.set("queue", [...store.get("queue", []), intent]);
      showNet();
      toast("Offline: the hand is kept on this phone and will be sent when the connection returns.");
      render();
      return true;
    }
    if (result.status === 412) {
      toast("Someone else changed this game since you loaded it. Reload to see their change; your entry is still in the form.");
      changed();
      return false;
    }
    if (!result.ok) { toast(problem(result)); return false; }
    await load();
    editing = null;
    dirty = false;
    opened = null;
    render();
    return true;
  }

  function changed() {
    const entry = document.getElementById("entry");
    if (!entry || entry.querySelector(".changed")) return;
    entry.prepend(h("div", { class: "banner warn changed", role: "alert" }, "This game changed on another phone. ",
      h("button", { type: "button", onclick: async () => { dirty = false; editing = null; await load(); render(); } }, "Reload the game")));
  }

  async function undo(number) {
    if (!confirm(`Undo hand ${number}?`)) return;
    await send("DELETE", `/games/${id}/hands/${number}`);
  }

  /** Bids always played alone (misère and its kin, hi/lo): the partner choice is not offered for
   *  them. Only a convenience of the page: the server checks the rule and says so if it differs. */
  function playedAlone(code) {
    if (!code) return false;
    const name = bidName(code).toLowerCase();
    return /^(MIS|OMIS|BMIS|HILO)/.test(code) || /mis[eè]re|hi\s*\/\s*lo/.test(name);
  }

  /** Five-handed 500: after the bidder, the seat the bidder called as partner, or Alone. */
  function partnerChoice(seats, current, choose) {
    const node = h("div", { class: "row partners", role: "group", "aria-labelledby": "partner-label" });
    function redraw() {
      const { bid, bidder, partner } = current();
      if (playedAlone(bid)) {
        node.replaceChildren(h("p", { class: "muted", text: `${bidName(bid)} is always played alone.` }));
        return;
      }
      if (partner !== undefined && partner === bidder) choose(undefined);
      const chosen = current().partner;
      const button = (seat, label) => h("button", { type: "button", "aria-pressed": String(chosen === seat),
        onclick: () => { choose(seat); redraw(); } }, label);
      node.replaceChildren(...Array.from({ length: seats }, (_, seat) => seat)
        .filter((seat) => seat !== bidder).map((seat) => button(seat, seatName(seat))), button(null, "Alone"));
    }
    redraw();
    return { node, redraw };
  }

  function entryForm() {
    const box = h("section", { class: "card stack", id: "entry", "aria-label": editing ? `Correct hand ${editing.number}` : "Enter a hand",
      onclick: () => { dirty = true; }, oninput: () => { dirty = true; } });
    const title = h("h2", { text: editing ? `Correct hand ${editing.number}` : `Hand ${hands.length + 1}` });
    const submit = (body) => (editing ? send("PUT", `/games/${id}/hands/${editing.number}`, body) : send("POST", `/games/${id}/hands`, body));
    const cancel = editing ? h("button", { type: "button", onclick: (e) => { e.stopPropagation(); editing = null; dirty = false; render(); } }, "Cancel") : null;
    const byFamily = { contract: contractEntry, card_points: cardPointsEntry, rummy: rummyEntry }; // the variant's family
    const entry = byFamily[variant.family] ?? contractEntry;
    box.append(title, ...entry(submit), cancel ?? "");
    return box;
  }

  function contractEntry(submit) {
    const seats = game.sides.reduce((n, s) => n + s.players.length, 0);
    const callsPartner = Boolean(formOf(variant, game)?.calls_partner);
    const before = editing ?? {};
    let bid = before.bid ?? null;
    let bidder = before.bidder ?? null;
    let partner = before.bidder === undefined ? undefined : before.partner ?? null; // undefined: not picked yet
    const tricks = before.tricks ? [...before.tricks] : freshTricks(game.sides.length, variant.hand.tricks);
    const options = game.options;
    const bids = tableBids.bids;
    const fractional = bids.some((b) => kittyGiven(b.code) !== null);
    let given = kittyGiven(bid) ?? kittyCardsOf(bids)[0] ?? null; // the .K of the fractional bids on show
    const grid = h("div", { class: fractional ? "grid fractional" : "grid", role: "group", "aria-label": "Bid" });
    const pick = (code) => { bid = code; markChosen(); partnerRow?.redraw(); check(); };
    const markChosen = () => { for (const b of document.querySelectorAll("#entry [data-code]")) b.setAttribute("aria-pressed", String(b.dataset.code === bid)); };
    const drawGrid = () => grid.replaceChildren(...bidGrid(bids, fractional ? given : null, bid, pick));
    drawGrid();
    const giveRow = fractional ? kittyRow(kittyCardsOf(bids), given, (k) => {
      given = k;
      const moved = bid && kittyGiven(bid) !== null ? bid.replace(/\.\d/, `.${k}`) : null; // 7.0♥ → 7.2♥: same level and suit
      if (moved && bids.some((b) => b.code === moved)) bid = moved;
      drawGrid();
      check();
    }) : null;
    const specials = bids.filter((b) => !LEVEL_BID.test(b.code)).map((b) => bidButton(b, b.name, bid, pick));
    const bidderRow = h("div", { class: "row", role: "group", "aria-label": "Bidder" },
      Array.from({ length: seats }, (_, seat) => h("button", { type: "button", "aria-pressed": String(bidder === seat),
        onclick: (e) => { bidder = seat; for (const x of e.target.parentElement.children) x.setAttribute("aria-pressed", String(x === e.target)); partnerRow?.redraw(); check(); } }, seatName(seat))));
    const partnerRow = callsPartner ? partnerChoice(seats, () => ({ bid, bidder, partner }), (seat) => { partner = seat; check(); }) : null;
    const trickRow = trickSteppers(tricks, variant.hand.tricks, check, game.sides.map((side) => side.name));
    const status = h("p", { class: "muted", "aria-live": "polite" });
    const preview = handPreview(editing);
    const record = h("button", { type: "submit", class: "primary" }, editing ? "Save the correction" : "Record the hand");
    const hand = () => ({ bidder, bid, ...(callsPartner ? { partner: playedAlone(bid) ? null : partner } : {}), tricks: [...tricks] });
    function check() {
      const sum = tricks.reduce((a, b) => a + b, 0);
      const missing = !bid ? "Pick the bid."
        : bidder === null ? "Pick the bidder."
          : callsPartner && partner === undefined && !playedAlone(bid) ? "Pick the partner the bidder called, or Alone."
            : sum !== variant.hand.tricks ? `The tricks add up to ${sum}, not ${variant.hand.tricks}.` : "";
      status.textContent = missing;
      record.disabled = Boolean(missing);
      preview.ask(missing ? null : hand());
    }
    check();
    const form = h("form", { class: "stack", onsubmit: async (e) => { e.preventDefault(); preview.ask(null); await submit(hand()); } },
      h("h3", { text: "Bid" }),
      tableBids.exact ? null : h("p", { class: "hint", text: "This game's bids could not be fetched, so they are shown without their points; the hand is checked when it is sent." }),
      giveRow, grid, specials.length ? h("div", { class: "specials" }, specials) : null,
      h("h3", { text: "Won by" }), bidderRow, partnerRow ? [h("h3", { id: "partner-label", text: "Partner" }), partnerRow.node] : null,
      h("h3", { text: "Tricks" }), trickRow, status, preview.node, record);
    const passed = h("button", { type: "button", onclick: () => submit({ passed_out: true }) }, "Everybody passed");
    return [form, options.pass_out === "no-trump" ? h("p", { class: "hint", text: "A passed-out hand is played at no-trumps here: enter it with its tricks through the API." }) : passed];
  }

  // What the hand would score, asked of the server as the entry changes (a new hand only: a
  // correction is scored where it stands, which the preview cannot say).
  function handPreview(correcting) {
    const node = h("div", { class: "preview", id: "preview", role: "status", "aria-live": "polite", hidden: true });
    let asked = 0;
    let timer = null;
    function ask(hand) {
      clearTimeout(timer);
      const question = ++asked;
      if (!hand || correcting) { node.hidden = true; node.replaceChildren(); return; }
      timer = setTimeout(async () => {
        if (!node.isConnected) return; // the form was replaced meanwhile
        let result = null;
        try { result = await api("POST", `/games/${id}/hands/preview`, hand); } catch { /* offline: said below */ }
        if (question === asked) tell(result); // an older reply to an entry since changed is dropped
      }, PREVIEW_DELAY_MS);
    }
    function tell(result) {
      node.hidden = false;
      node.className = `preview${result?.ok ? "" : result ? " refused" : " offline"}`;
      if (!result) node.replaceChildren(h("p", { text: "The preview needs a connection. You can still record the hand: this phone keeps it and sends it when the connection returns." }));
      else if (!result.ok) node.replaceChildren(h("strong", { text: "The rules refuse this hand" }), h("p", { text: problem(result) }));
      else node.replaceChildren(...forecast(result.json).filter(Boolean));
    }
    return { node, ask };
  }

  function forecast(outcome) {
    const after = outcome.game;
    return [
      h("strong", { text: "If recorded" }),
      h("ul", { class: "deltas", "aria-label": "Points this hand gives" }, game.sides.map((side, s) => h("li", {},
        h("span", { text: side.name }), h("b", { class: outcome.deltas[s] < 0 ? "down" : null, text: signed(outcome.deltas[s]) }),
        h("small", { text: `total ${outcome.scores[s]}` })))),
      h("ul", { class: "why" }, outcome.explanation.map((line) => h("li", { text: line }))),
      after.status === "finished" ? h("p", { class: "ends", text: `This hand ends the game: ${game.sides[after.winner]?.name ?? "nobody"} wins.` }) : null,
    ];
  }

  /** Card points captured by each side (the variant's hand.points in all), and the Mariannas. */
  function cardPointsEntry(submit) {
    const sides = game.sides.length;
    const total = variant.hand.points;
    const before = editing ?? {};
    const points = before.points ? [...before.points] : Array.from({ length: sides }, (_, s) => (sides === 2 ? (s === 0 ? total - Math.floor(total / 2) : Math.floor(total / 2)) : s === 0 ? total : 0));
    const mariannas = [...(before.mariannas ?? [])];
    const suits = game.options.deck === "french" ? FRENCH_SUITS : ITALIAN_SUITS;
    const list = h("ol", { "aria-label": "Mariannas in the order declared" });
    const status = h("p", { class: "muted", "aria-live": "polite" });
    const record = h("button", { type: "submit", class: "primary" }, editing ? "Save the correction" : "Record the hand");
    const check = () => {
      const sum = points.reduce((a, b) => a + b, 0);
      status.textContent = sum === total ? "" : `The card points add up to ${sum}, not ${total}.`;
      record.disabled = sum !== total;
      list.replaceChildren(...mariannas.map((m, i) => h("li", {}, `${m.suit} by ${game.sides[m.side].name} `,
        h("button", { type: "button", "aria-label": `Remove the Marianna of ${m.suit}`, onclick: () => { mariannas.splice(i, 1); check(); } }, "✕"))));
    };
    const pointRows = game.sides.map((side, s) => (sides === 2 && s === 1
      ? h("p", { class: "muted", id: "other-points", text: `${side.name}: ${points[1]} card points` })
      : h("div", {}, h("label", { for: `pts${s}` }, `${side.name} card points`),
        h("input", { id: `pts${s}`, type: "number", inputmode: "numeric", min: "0", max: String(total), value: String(points[s]),
          oninput: (e) => {
            points[s] = Number(e.target.value || 0);
            if (sides === 2) { points[1] = total - points[0]; document.getElementById("other-points").textContent = `${game.sides[1].name}: ${points[1]} card points`; }
            check();
          } }))));
    const add = h("div", { class: "stack" }, game.sides.map((side, s) => h("div", { class: "row", role: "group", "aria-label": `Mariannas of ${side.name}` },
      h("span", { text: `${side.name}:` }),
      suits.map((suit) => h("button", { type: "button", onclick: () => {
        if (mariannas.some((m) => m.suit === suit)) { toast(`The Marianna of ${suit} is already declared.`); return; }
        mariannas.push({ side: s, suit }); check();
      } }, `+ ${suit}`)))));
    check();
    return [h("form", { class: "stack", onsubmit: async (e) => { e.preventDefault(); await submit({ points, mariannas }); } },
      ...pointRows, h("h3", { text: "Mariannas" }), add, list, status, record)];
  }

  function rummyEntry(submit) {
    const before = editing ?? {};
    const quick = (before.players ?? []).every((p) => "meld_points" in p);
    let cards = before.players ? !quick : false;
    const holder = h("div", { class: "stack" });
    const toggle = h("label", { class: "toggle" }, h("input", { type: "checkbox", checked: cards, onchange: (e) => { cards = e.target.checked; draw(); } }),
      h("span", {}, "Enter the cards", h("small", { text: "Melds as groups separated by commas (7H 8H 9H, QS QD QC); lay-offs as card@player.meld (10H@1.1); the cards left in hand." })));
    const draw = () => {
      holder.replaceChildren(...game.sides.map((side, p) => {
        const was = before.players?.[p] ?? {};
        const input = (name, label, value, type = "text") => h("div", {}, h("label", { for: `${name}${p}` }, label),
          h("input", { id: `${name}${p}`, name: `${name}${p}`, type, inputmode: type === "number" ? "numeric" : undefined, min: type === "number" ? "0" : undefined, value, autocomplete: "off", autocapitalize: "characters" }));
        return h("fieldset", { class: "card" }, h("legend", { text: side.name }), ...(cards
          ? [input("melds", "Melds", (was.melds ?? []).map((m) => m.join(" ")).join(", ")),
            input("layoffs", "Lay-offs", (was.layoffs ?? []).map((l) => `${l.card}@${l.onto[0] + 1}.${l.onto[1] + 1}`).join(" ")),
            input("hand", "Left in hand", (was.hand ?? []).join(" "))]
          : [input("meld", "Points melded and laid off", String(was.meld_points ?? 0), "number"),
            input("held", "Points left in hand", String(was.hand_points ?? 0), "number")]));
      }));
    };
    draw();
    const words = (text) => String(text ?? "").trim().split(/[\s,]+/).filter(Boolean);
    const read = (form) => {
      const data = new FormData(form);
      return game.sides.map((_, p) => (cards ? {
        melds: String(data.get(`melds${p}`) ?? "").split(",").map(words).filter((m) => m.length),
        layoffs: words(data.get(`layoffs${p}`)).map((w) => { const [card, at] = w.split("@"); const [pl, m] = (at ?? "").split("."); return { card, onto: [Number(pl) - 1, Number(m) - 1] }; }),
        hand: words(data.get(`hand${p}`)),
      } : { meld_points: Number(data.get(`meld${p}`) || 0), hand_points: Number(data.get(`held${p}`) || 0) }));
    };
    return [toggle, h("form", { class: "stack", onsubmit: async (e) => { e.preventDefault(); await submit({ players: read(e.target) }); } },
      holder, h("button", { type: "submit", class: "primary" }, editing ? "Save the correction" : "Record the hand"))];
  }

  async function resolveQueue(gameId, how) {
    const queue = store.get("queue", []);
    for (const item of queue) {
      if (item.game === gameId && item.conflict) {
        if (how === "drop") item.done = true; else { item.conflict = null; item.force = true; }
      }
    }
    store.set("queue", queue.filter((q) => !q.done));
    await flushQueue();
    await load();
    render();
  }

  render();
  showNet();
  live = new EventSource(`${API}/games/${id}/events`);
  live.addEventListener("update", async (event) => {
    const seen = JSON.parse(event.data);
    if (seen.updated_at === game.updated_at && seen.hands_played === game.hands_played) return;
    if (dirty) { changed(); return; } // keep the scorer's half-entered hand and its ETag
    await load();
    render();
  });
}

// -- a tournament --------------------------------------------------------------------------------

async function tournamentPage(id) {
  const token = tokenOf("t", id);
  let t, bracket;
  async function load() {
    const got = await api("GET", `/tournaments/${id}`);
    if (!got.ok) throw new Error(problem(got));
    t = got.json;
    bracket = t.status === "registered" ? null : (await api("GET", `/tournaments/${id}/bracket`)).json;
  }
  try { await load(); } catch (error) { show(h("p", { class: "banner bad", text: error.message })); return; }
  const name = (team) => (team == null ? "—" : t.teams[team].name);

  async function write(method, path, body) {
    let result;
    try { result = await api(method, path, body, { token, key: uuid() }); } catch { toast("No connection: try again when you are back online."); return; }
    if (!result.ok) { toast(problem(result)); return; }
    await load();
    render();
  }

  function reportForm(match) {
    const inputs = match.teams.map((team, i) => h("input", { type: "number", inputmode: "numeric", required: true, "aria-label": `${name(team)} score`, name: `s${i}`, class: "narrow" }));
    return h("form", { class: "row", onsubmit: (e) => {
      e.preventDefault();
      write("POST", `/tournaments/${id}/matches/${match.id}/games`, { scores: inputs.map((x) => Number(x.value)) });
    } }, ...inputs, h("button", { type: "submit" }, `Report game ${match.results.length + 1}`));
  }

  function render() {
    document.title = `${t.name} — scorekeeper`;
    const open = t.rounds.flatMap((r) => r.matches).filter((m) => m.status !== "complete");
    show(
      h("h1", { text: t.name }),
      t.champion != null ? h("p", { class: "banner win", role: "status", text: `Champions: ${name(t.champion)}` }) : h("p", { class: "muted", text: t.next_step }),
      token ? h("section", { class: "card stack", "aria-label": "Organizer" }, h("h2", { text: "Organizer" }),
        t.status === "registered" ? h("button", { class: "primary", type: "button", onclick: () => write("POST", `/tournaments/${id}/draw`, {}) }, "Draw the numbers") : null,
        t.can_advance ? h("button", { class: "primary", type: "button", onclick: () => write("POST", `/tournaments/${id}/advance`) }, "Advance to the next round") : null,
        ...open.filter((m) => m.kind !== "bye").map((m) => h("div", {}, h("p", { text: `${m.id}: ${m.names.join(" v ")} (${m.wins ? m.wins.join("–") : m.totals.join(", ")})` }), reportForm(m)))) : null,
      bracket?.knockout?.length ? h("section", {}, h("h2", { text: "Bracket" }),
        h("div", { class: "bracket", tabindex: "0", role: "region", "aria-label": "Knockout bracket, scrolls sideways" }, bracket.knockout.map((round) => h("div", { class: "round", "aria-label": round.name },
          h("h3", { text: round.name }),
          round.matches.map((m) => h("div", { class: "match" }, m.slots.map((slot) => h("div", { class: `slot${slot && m.winner === slot.team && slot.team != null ? " won" : ""}` },
            h("span", { text: slot ? (slot.name ?? `Seed ${slot.seed}`) : (m.slots.length === 2 ? "—" : "bye") }),
            h("span", { text: slot?.wins != null ? String(slot.wins) : "" }))))))))) : null,
      t.standings.length ? h("section", {}, h("h2", { text: "Standings" }),
        h("table", { class: "sheet" }, h("thead", {}, h("tr", {}, ["#", "Team", "Won", "Pts", "Scored"].map((x) => h("th", { scope: "col", text: x })))),
          h("tbody", {}, t.standings.map((s) => h("tr", {}, h("td", { text: String(s.rank) }), h("td", { text: `${s.name} (${s.number})` }),
            h("td", { text: String(s.won) }), h("td", { text: String(s.points) }), h("td", { text: String(s.scored) }))))),
        h("p", {}, h("a", { href: `${API}/tournaments/${id}/standings.csv` }, "Standings as CSV"))) : null,
      t.rounds.filter((r) => r.kind !== "knockout").map((r) => h("section", { class: "card" }, h("h2", { text: r.name }),
        h("ul", {}, r.matches.map((m) => h("li", { text: `${m.names.join(" v ")}: ${m.kind === "bye" ? "bye" : m.wins ? m.wins.join("–") : m.totals.join(", ")}${m.winner != null ? ` — ${name(m.winner)}` : ""}` }))))));
  }

  render();
  live = new EventSource(`${API}/tournaments/${id}/events`);
  live.addEventListener("update", async (event) => {
    const seen = JSON.parse(event.data);
    if (seen.updated_at === t.updated_at) return;
    await load();
    if (!main.contains(document.activeElement) || document.activeElement === main) render();
  });
}

route();
showNet();
