// A game's score sheet: the totals, the hands with their explanations, the entry of the next hand
// (or a correction), the offline queue's waiting hands, and the links to share the game.
import { API, Offline, api, problem, uuid } from "./api.js";
import { LEVEL_BID, SUIT_SYMBOL, bidButton, bidGrid, freshTricks, gameBids, kittyCardsOf, kittyGiven, kittyRow, trickSteppers } from "./bids.js";
import { follow, h, show, signed, toast } from "./dom.js";
import { enqueue, renderConflict, renderWaiting, showNet } from "./queue.js";
import { shareBlock } from "./share.js";
import { remember, tokenOf } from "./store.js";

const ITALIAN_SUITS = ["coins", "cups", "swords", "clubs"];
const FRENCH_SUITS = ["hearts", "diamonds", "spades", "clubs"];
const PREVIEW_DELAY_MS = 250;

/** The form a game was started in: the variant's form with its number of sides and players. */
function formOf(variant, game) {
  return (variant.forms ?? []).find((f) => f.sides === game.sides.length && f.per_side === game.sides[0].players.length) ?? null;
}


export async function gamePage(id, watching) {
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
    const sides = game.sides;
    const rows = [];
    for (const hand of hands) {
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
    rows.push(...renderWaiting(id, summary, sides.length + 1));
    const finished = game.status === "finished";
    show(
      h("h1", { text: `${variant.name}: ${sides.map((s) => s.name).join(" v ")}` }),
      h("div", { class: sides.length > 2 ? "totals many" : "totals", "aria-label": "Scores" }, sides.map((side, s) => h("div", { class: "total" },
        h("span", { text: side.name }), h("b", { text: String(game.scores[s]) }),
        side.players.length > 1 ? h("small", { class: "muted", text: side.players.join(" & ") }) : null))),
      finished
        ? h("p", { class: "banner win", role: "status", text: `Game over: ${sides[game.winner]?.name ?? "nobody"} won.` })
        : h("p", { class: "muted", text: `${seatName(game.dealer)} deals next.${game.barred_seat != null ? ` ${seatName(game.barred_seat)} is ralphed for this auction.` : ""}` }),
      renderConflict(id, async () => { await load(); render(); }),
      h("table", { class: "sheet" },
        h("caption", { class: "sr", text: "Hands and running totals; tap a hand for its explanation" }),
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Hand" }), sides.map((side) => h("th", { scope: "col", text: side.name })))),
        h("tbody", {}, rows.length ? rows : [h("tr", {}, h("td", { colspan: String(sides.length + 1), class: "muted", text: "No hands yet." }))])),
      token && (!finished || editing) ? entryForm() : null,
      shareBlock(id, token, watching));
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
      enqueue(intent);
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

  render();
  showNet();
  follow(`${API}/games/${id}/events`).addEventListener("update", async (event) => {
    const seen = JSON.parse(event.data);
    if (seen.updated_at === game.updated_at && seen.hands_played === game.hands_played) return;
    if (dirty) { changed(); return; } // keep the scorer's half-entered hand and its ETag
    await load();
    render();
  });
}
