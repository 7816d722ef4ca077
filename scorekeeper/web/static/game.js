// A game's score sheet: the totals, the hands with their explanations, the entry of the next hand
// (or a correction), the offline queue's waiting hands, and the links to share the game.
import { API, Offline, api, problem, uuid } from "./api.js";
import { LEVEL_BID, SUIT_SYMBOL, bidButton, bidGrid, freshTricks, gameBids, guessedBids, kittyCardsOf, kittyGiven, kittyRow, levelOf, trickRow, trickSteppers } from "./bids.js";
import { follow, h, show, signed, toast } from "./dom.js";
import { cardPicker, cinquecentoDeck, fieldErrors, frenchDeck, suitWord } from "./entry.js";
import { chart, deltasInWords, outcomeMark, outcomeOf, outcomeWord, score, scoreboard, suited } from "./sheet.js";
import { createdAs, currentEtag, flushQueue, isLocal, pendingGame, queueHand, renderConflict, renderWaiting, renderWaitingNote, setQueueListener, showNet, waitingHands } from "./queue.js";
import { shareBlock } from "./share.js";
import { _, _n, against, lang, number } from "./i18n.js";
import { keepToken, remember, tokenOf } from "./store.js";

const ITALIAN_SUITS = ["coins", "cups", "swords", "clubs"];
const FRENCH_SUITS = ["hearts", "diamonds", "spades", "clubs"];
const PREVIEW_DELAY_MS = 250;

/** A suit's name in the page's language (the Mariannas' chips). */
/** 1st, 2nd, 3rd…: the order a Marianna was declared in. */
function ordinal(n) {
  // i18n: the order a Marianna was declared in: 1st, 2nd, 3rd, 4th
  return [_("1st"), _("2nd"), _("3rd"), _("4th")][n - 1] ?? String(n);
}

/** The form a game was started in: the variant's form with its number of sides and players. */
function formOf(variant, game) {
  return (variant.forms ?? []).find((f) => f.sides === game.sides.length && f.per_side === game.sides[0].players.length) ?? null;
}


export async function gamePage(id, watching) {
  const local = isLocal(id); // started offline, not yet created: its hands wait in the outbox
  if (local && createdAs(id)) { location.replace(`#/g/${createdAs(id)}`); return; }
  const token = watching ? null : local ? "not yet created" : tokenOf("", id);
  let game, hands, variant, etag;
  let stored = false; // shown from the service worker's last kept reply: the server is out of reach
  let tableBids = { bids: [], exact: true }; // the bids this game's table may win with
  async function load() {
    if (local) {
      const pending = pendingGame(id);
      if (!pending) throw new Error(_("This game was discarded on this phone before it was created."));
      ({ game, variant } = pending);
      hands = [];
      return;
    }
    const [g, hs] = await Promise.all([api("GET", `/games/${id}`), api("GET", `/games/${id}/hands`)]);
    if (!g.ok) throw new Error(problem(g));
    game = g.json; etag = g.etag; hands = hs.json ?? []; stored = g.stored;
    if (!variant) variant = (await api("GET", `/variants/${game.variant}`)).json;
  }
  try { await load(); } catch (error) {
    show(h("p", { class: "banner bad", text: error instanceof Offline ? _("Offline: this game cannot be loaded until the connection returns.") : error.message }));
    return;
  }
  remember(game);
  if (variant.bids) tableBids = local ? { bids: guessedBids(game, variant), exact: false } : await gameBids(game, variant);
  document.title = _("{game} — scorekeeper", { game: against(game.sides.map((s) => s.name)) });
  let editing = null; // the hand being corrected, or null for a new hand
  let opened = null;
  let dirty = false; // the scorer has started entering a hand: live updates must not disturb it

  const seatName = (seat) => game.sides[seat % game.sides.length].players[Math.floor(seat / game.sides.length)];

  function render({ top = false } = {}) {
    const sides = game.sides;
    const rows = [];
    for (const hand of hands) {
      const outcome = outcomeOf(hand);
      // The whole row opens the explanation on tap; its first cell's button does so from the keyboard.
      rows.push(h("tr", { class: `hand${outcome ? ` ${outcome}` : ""}`, onclick: () => { opened = opened === hand.number ? null : hand.number; render(); } },
        h("td", {}, h("button", { type: "button", class: "plain", "aria-expanded": String(opened === hand.number) },
          `${number(hand.number)}. `, suited(summary(hand)), outcome ? " " : null, outcomeMark(outcome))),
        ...hand.scores.map((total, s) => h("td", {}, score(total, "run"),
          h("span", { class: `delta${hand.deltas[s] < 0 ? " neg" : ""}`, text: signed(hand.deltas[s]) })))));
      if (opened === hand.number) {
        rows.push(h("tr", { class: "detail" }, h("td", { colspan: String(sides.length + 1) },
          h("ul", {}, hand.explanation.map((line) => h("li", {}, suited(line)))),
          token ? h("div", { class: "row" },
            h("button", { type: "button", onclick: () => { editing = hand; render(); document.getElementById("entry")?.scrollIntoView(); } }, _("Correct hand {n}", { n: hand.number })),
            hand.number === hands.length ? h("button", { type: "button", class: "danger", onclick: () => undo(hand.number) }, _("Undo hand {n}", { n: hand.number })) : null) : null)));
      }
    }
    rows.push(...renderWaiting(game, summary, sides.length + 1));
    const finished = game.status === "finished";
    show(
      h("h1", { class: "game-title", text: _("{variant}: {sides}", { variant: variant.name, sides: against(sides.map((s) => s.name)) }) }),
      scoreboard(game),
      finished ? gameOver()
        : h("p", { class: "muted dealer", text: game.barred_seat != null
          // i18n: "ralphed": the seat may not bid in this auction (a house rule of 500)
          ? _("{dealer} deals next. {player} is ralphed for this auction.", { dealer: seatName(game.dealer), player: seatName(game.barred_seat) })
          : _("{dealer} deals next.", { dealer: seatName(game.dealer) }) }),
      renderWaitingNote(game, stored),
      renderConflict(game, hands, summary, async () => { await load(); render(); }),
      token && (!finished || editing) ? entryForm() : null,
      h("table", { class: "sheet" },
        h("caption", { class: "sr", text: _("Hands and running totals; tap a hand for its explanation") }),
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: _("Hand") }), sides.map((side) => h("th", { scope: "col", text: side.name })))),
        h("tbody", {}, rows.length ? rows : [h("tr", {}, h("td", { colspan: String(sides.length + 1), class: "muted", text: _("No hands yet.") }))])),
      chart(game, hands),
      local ? h("p", { class: "muted", text: _("The links to share this game appear once it is created on the server.") }) : shareBlock(id, token, watching));
    if (top) window.scrollTo(0, 0); // a new hand starts at the top: the scores, then the entry
  }

  /** The end of the game: who won, a rematch, and the game's statistics, sheet and export. */
  function gameOver() {
    const winner = game.sides[game.winner]?.name;
    const csv = `${API}/games/${id}/sheet.csv?lang=${lang()}`;
    return h("section", { class: "banner win over", role: "status", "aria-label": _("Game over") },
      h("p", { class: "big", text: winner ? _("Game over: {winner} won.", { winner }) : _("Game over: nobody won.") }),
      h("div", { class: "row" },
        h("button", { type: "button", class: "primary", onclick: rematch }, _("Rematch")),
        h("a", { class: "button", href: `${API}/games/${id}/stats?lang=${lang()}` }, _("Statistics")),
        h("a", { class: "button", href: csv, download: `game-${id}.csv` }, _("CSV")),
        h("a", { class: "button", href: `${API}/games/${id}/export`, download: `game-${id}.json` }, _("Export"))));
  }

  /** A new game with the same players, sides and house rules, the next dealer dealing first. */
  async function rematch() {
    const body = { variant: game.variant, options: game.options, first_dealer: game.dealer,
      sides: game.sides.map((side) => ({ name: side.name, players: [...side.players] })) };
    let created;
    try { created = await api("POST", "/games", body, { key: uuid() }); } catch { toast(_("No connection: the rematch could not be started. Try again when you are online.")); return; }
    if (!created.ok) { toast(problem(created)); return; }
    keepToken("", created.json.id, created.json.token);
    remember(created.json);
    location.hash = `#/g/${created.json.id}`;
  }

  /** "7♥", "6.3♥", "Misère": the game's own name for a bid, else its code with the suit drawn. */
  /** The bid a code names, as the API lists it for this game (its name, points, kind, tricks). */
  function bidOf(code) { return tableBids.bids.find((b) => b.code === code); }

  function bidName(code) {
    const known = bidOf(code);
    return known?.name ?? (LEVEL_BID.test(code) ? code.replace(/(S|C|D|H)$/, (s) => SUIT_SYMBOL[s]) : code);
  }

  function summary(hand) {
    if (hand.passed_out) return _("passed out");
    if (hand.bid) {
      const said = { bid: bidName(hand.bid), bidder: seatName(hand.bidder) };
      if (hand.partner === undefined) return _("{bid} by {bidder}", said);
      // i18n: five-handed 500: the bidder called no partner
      if (hand.partner === null) return _("{bid} by {bidder} alone", said);
      return _("{bid} by {bidder} with {partner}", { ...said, partner: seatName(hand.partner) });
    }
    if (hand.points || hand.captured) {
      const count = hand.mariannas?.length ?? 0;
      return count ? _n("card points, {n} Marianna", "card points, {n} Mariannas", count) : _("card points");
    }
    // Rummy: who went out, as the API says (a hand still waiting to be sent is not scored yet).
    if (hand.out !== undefined) return hand.out === null ? _("stock ran out") : _("{player} went out", { player: game.sides[hand.out].name });
    return "";
  }

  /** A new hand goes to the outbox when it cannot go now: with no connection, or behind hands
   *  already waiting (a game's hands go in order), or in a game not yet created. */
  function keep(body, key) {
    queueHand(id, body, { etag, hands: hands.length }, key);
    editing = null;
    dirty = false;
    opened = null;
    render();
    if (navigator.onLine) flushQueue();
    else toast(_("Offline: the hand is kept on this phone and will be sent when the connection returns."), { offline: true });
    return true;
  }

  /** Send a write; a refusal is shown by `refused(result)` when the form gives one (the message
   *  once, each field's complaint at its control), else in a toast. */
  async function send(method, path, body, refused = null) {
    const key = uuid();
    const newHand = method === "POST" && !editing;
    if (newHand && (local || waitingHands(id).length)) return keep(body, key);
    let result;
    try {
      result = await api(method, path, body, { token, ifMatch: currentEtag(id, etag), key });
    } catch (error) {
      if (!(error instanceof Offline) || !newHand) { toast(_("No connection: try again when you are back online.")); return false; }
      return keep(body, key); // the same key: if the server did record it, the retry records nothing
    }
    if (result.status === 412) {
      toast(_("Someone else changed this game since you loaded it. Reload to see their change; your entry is still in the form."));
      changed();
      return false;
    }
    if (!result.ok) { if (refused) refused(result); else toast(problem(result)); return false; }
    await load();
    const fresh = method === "POST";
    editing = null;
    dirty = false;
    opened = null;
    render({ top: fresh });
    return true;
  }

  function changed() {
    const entry = document.getElementById("entry");
    if (!entry || entry.querySelector(".changed")) return;
    entry.prepend(h("div", { class: "banner warn changed", role: "alert" }, _("This game changed on another phone."), " ",
      h("button", { type: "button", onclick: async () => { dirty = false; editing = null; await load(); render(); } }, _("Reload the game"))));
  }

  async function undo(number) {
    if (!confirm(_("Undo hand {n}?", { n: number }))) return;
    await send("DELETE", `/games/${id}/hands/${number}`);
  }

  /** Bids always played alone (misère and its kin, hi/lo): the partner choice is not offered for
   *  them. Only a convenience of the page: the server checks the rule and says so if it differs. */
  /** Whether the bid is always played alone (no partner is called): the API says. */
  function playedAlone(code) { return bidOf(code)?.plays === "alone"; }

  /** Five-handed 500: after the bidder, the seat the bidder called as partner, or Alone. */
  function partnerChoice(seats, current, choose) {
    const node = h("div", { class: "row partners", role: "group", "aria-labelledby": "partner-label" });
    function redraw() {
      const { bid, bidder, partner } = current();
      if (playedAlone(bid)) {
        node.replaceChildren(h("p", { class: "muted", text: _("{bid} is always played alone.", { bid: bidName(bid) }) }));
        return;
      }
      if (partner !== undefined && partner === bidder) choose(undefined);
      const chosen = current().partner;
      const button = (seat, label) => h("button", { type: "button", "aria-pressed": String(chosen === seat),
        onclick: () => { choose(seat); redraw(); } }, label);
      node.replaceChildren(...Array.from({ length: seats }, (_x, seat) => seat)
        .filter((seat) => seat !== bidder).map((seat) => button(seat, seatName(seat))), button(null, _("Alone")));
    }
    redraw();
    return { node, redraw };
  }

  function entryForm() {
    const box = h("section", { class: "card stack", id: "entry", "aria-label": editing ? _("Correct hand {n}", { n: editing.number }) : _("Enter a hand"),
      onclick: () => { dirty = true; }, oninput: () => { dirty = true; } });
    const title = h("h2", { text: editing ? _("Correct hand {n}", { n: editing.number }) : _("Hand {n}", { n: hands.length + waitingHands(id).length + 1 }) });
    const refusal = h("div", { class: "refusal", role: "alert", hidden: true });
    const refused = (result) => fieldErrors(box, refusal, result);
    const submit = (body) => {
      fieldErrors(box, refusal, null);
      return editing ? send("PUT", `/games/${id}/hands/${editing.number}`, body, refused) : send("POST", `/games/${id}/hands`, body, refused);
    };
    const cancel = editing ? h("button", { type: "button", onclick: (e) => { e.stopPropagation(); editing = null; dirty = false; render(); } }, _("Cancel")) : null;
    const byFamily = { contract: contractEntry, card_points: cardPointsEntry, rummy: rummyEntry }; // the variant's family
    const entry = byFamily[variant.family] ?? contractEntry;
    box.append(title, refusal, ...entry(submit), cancel ?? "");
    return box;
  }

  function contractEntry(submit) {
    const seats = game.sides.reduce((n, s) => n + s.players.length, 0);
    const nSides = game.sides.length;
    const callsPartner = Boolean(formOf(variant, game)?.calls_partner);
    const total = variant.hand.tricks;
    const before = editing ?? {};
    const noTrumpPassOut = game.options.pass_out === "no-trump";
    let passed = Boolean(before.passed_out);
    let bid = before.bid ?? null;
    let bidder = before.bidder ?? null;
    let partner = before.bidder === undefined ? undefined : before.partner ?? null; // undefined: not picked yet
    // Two sides: the tricks one side took, the other's are the rest (null: not picked yet).
    // More sides: each side's tricks on a stepper, the last taking the rest.
    const tricks = before.tricks ? [...before.tricks] : freshTricks(nSides, total);
    const sideOf = (seat) => seat % nSides;
    const counted = () => (passed ? 0 : bidder === null ? 0 : sideOf(bidder)); // whose tricks the row counts
    let taken = nSides === 2 && before.tricks ? before.tricks[counted()] : null;
    const bids = tableBids.bids;
    const fractional = bids.some((b) => kittyGiven(b.code) !== null);
    let given = kittyGiven(bid) ?? kittyCardsOf(bids)[0] ?? null; // the .K of the fractional bids on show
    const grid = h("div", { class: fractional ? "grid fractional" : "grid", role: "group", "aria-label": _("Bid"), "data-field": "bid" });
    const pick = (code) => { bid = code; markChosen(); partnerRow?.redraw(); row?.start(levelOf(bidOf(bid))); check(); };
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
    const bidderRow = h("div", { class: "row bidders", role: "group", "aria-label": _("Bidder"), "data-field": "bidder" },
      Array.from({ length: seats }, (_x, seat) => h("button", { type: "button", "aria-pressed": String(bidder === seat),
        onclick: (e) => { bidder = seat; for (const x of e.currentTarget.parentElement.children) x.setAttribute("aria-pressed", String(x === e.currentTarget)); partnerRow?.redraw(); check(); } }, seatName(seat))));
    const partnerRow = callsPartner ? partnerChoice(seats, () => ({ bid, bidder, partner }), (seat) => { partner = seat; check(); }) : null;
    const rowLabel = () => _("Tricks {side} took", { side: game.sides[counted()].name });
    const row = nSides === 2 ? trickRow(total, taken, (n) => { taken = n; check(); }, rowLabel()) : null;
    const trickHeading = h("h3", { id: "tricks-label" });
    const rest = h("p", { class: "muted rest", id: "other-tricks", "aria-live": "polite" });
    const trickEntry = row ? h("div", { "data-field": "tricks" }, row.node, rest)
      : h("div", { "data-field": "tricks" }, trickSteppers(tricks, total, check, game.sides.map((side) => side.name)));
    const status = h("p", { class: "muted", "aria-live": "polite" });
    const preview = handPreview(editing);
    const record = h("button", { type: "submit", class: "primary" }, editing ? _("Save the correction") : _("Record the hand"));
    const trickList = () => {
      if (!row) return [...tricks];
      const list = Array(nSides).fill(total - taken);
      list[counted()] = taken;
      return list;
    };
    const hand = () => (passed ? { passed_out: true, tricks: trickList() }
      : { bidder, bid, ...(callsPartner ? { partner: playedAlone(bid) ? null : partner } : {}), tricks: trickList() });
    function check() {
      const sum = tricks.reduce((a, b) => a + b, 0);
      trickHeading.textContent = row ? (bidder === null && !passed ? _("Tricks the bidding side took") : rowLabel()) : _("Tricks");
      row?.relabel(rowLabel());
      if (row) {
        const other = game.sides[1 - counted()].name;
        rest.textContent = taken === null ? "" : _n("{side} took the other {n}.", "{side} took the other {n}.", total - taken, { side: other });
      }
      const missing = passed ? (row && taken === null ? _("Pick the tricks {side} took.", { side: game.sides[0].name }) : "")
        : !bid ? _("Pick the bid.")
          : bidder === null ? _("Pick the bidder.")
            : callsPartner && partner === undefined && !playedAlone(bid) ? _("Pick the partner the bidder called, or Alone.")
              : row && taken === null ? _("Pick the tricks {side} took.", { side: game.sides[counted()].name })
                : !row && sum !== total ? _("The tricks add up to {sum}, not {total}.", { sum, total }) : "";
      status.textContent = missing;
      record.disabled = Boolean(missing);
      preview.ask(missing ? null : hand(), bid && !passed ? bidName(bid) : passed ? _("Passed out") : "");
    }
    const auction = h("div", { class: "stack auction", hidden: passed },
      tableBids.exact ? null : h("p", { class: "hint", text: _("This game's bids could not be fetched, so they are shown without their points; the hand is checked when it is sent.") }),
      giveRow, grid, specials.length ? h("div", { class: "specials" }, specials) : null,
      // i18n: heading above the players: who won the auction
      h("h3", { text: _("Won by") }), bidderRow, partnerRow ? [h("h3", { id: "partner-label", text: _("Partner") }), partnerRow.node] : null);
    const passedNote = h("p", { class: "hint", hidden: !passed, text: _("Everybody passed: the hand is played at no-trumps, and every trick scores. Enter the tricks.") });
    check();
    if (row) requestAnimationFrame(() => row.start(levelOf(bidOf(bid))));
    const form = h("form", { class: "stack", onsubmit: async (e) => { e.preventDefault(); preview.ask(null); await submit(hand()); } },
      auction, passedNote, trickHeading, trickEntry, preview.node, actionBar(status, preview, record));
    const setPassed = (on) => {
      passed = on;
      auction.hidden = on;
      passedNote.hidden = !on;
      passButton.textContent = on ? _("Back to the bids") : _("Everybody passed");
      passButton.setAttribute("aria-pressed", String(on));
      check();
    };
    // Pass-out played at no-trumps: the tricks are entered; otherwise the hand is recorded at once.
    const passButton = h("button", { type: "button", "aria-pressed": noTrumpPassOut ? String(passed) : null,
      onclick: () => (noTrumpPassOut ? setPassed(!passed) : submit({ passed_out: true })) }, passed ? _("Back to the bids") : _("Everybody passed"));
    return [form, passButton];
  }

  /** Record with what is missing or the preview's headline beside it, kept in sight at the
   *  bottom of the screen while the hand is entered. */
  function actionBar(status, preview, record) {
    return h("div", { class: "actions" }, h("div", { class: "said" }, status, preview.line), record);
  }

  // What the hand would score, asked of the server as the entry changes (a new hand only: a
  // correction is scored where it stands, which the preview cannot say).
  function handPreview(correcting) {
    const node = h("div", { class: "preview", id: "preview", role: "status", "aria-live": "polite", hidden: true });
    const line = h("span", { class: "headline", "aria-hidden": "true" }); // the preview's headline beside Record
    let asked = 0;
    let timer = null;
    let label = "";
    function ask(hand, what = "") {
      label = what;
      clearTimeout(timer);
      const question = ++asked;
      if (!hand || correcting || local) { node.hidden = true; node.replaceChildren(); line.replaceChildren(); return; }
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
      if (!result) node.replaceChildren(h("p", { text: _("The preview needs a connection. You can still record the hand: this phone keeps it and sends it when the connection returns.") }));
      else if (!result.ok) node.replaceChildren(h("strong", { text: _("The rules refuse this hand") }), h("p", { text: problem(result) }));
      else node.replaceChildren(...forecast(result.json, label).filter(Boolean));
      const headline = node.querySelector(".headline");
      line.className = headline ? headline.className : "headline";
      line.replaceChildren(...(headline ? [...headline.childNodes].map((n) => n.cloneNode(true)) : []));
    }
    return { node, ask, line };
  }

  function forecast(outcome, label) {
    const after = outcome.game;
    const result = outcomeOf(outcome);
    const deltas = deltasInWords(game, outcome.deltas);
    const headline = !label ? _("If recorded: {deltas}", { deltas })
      // i18n: the preview's headline, e.g. "7♥ made: North-South +200, East-West +0"
      : result ? _("{bid} {outcome}: {deltas}", { bid: label, outcome: outcomeWord(result), deltas })
        : _("{bid}: {deltas}", { bid: label, deltas });
    return [
      h("p", { class: `headline${result ? ` ${result}` : ""}` }, result ? h("span", { "aria-hidden": "true", text: result === "made" ? "✓ " : "✗ " }) : null, suited(headline)),
      h("ul", { class: "deltas", "aria-label": _("Points this hand gives") }, game.sides.map((side, s) => h("li", {},
        h("span", { text: side.name }), h("b", { class: outcome.deltas[s] < 0 ? "down" : null, text: signed(outcome.deltas[s]) }),
        h("small", { text: _("total {total}", { total: outcome.scores[s] }) })))),
      h("ul", { class: "why" }, outcome.explanation.map((line) => h("li", { text: line }))),
      after.status === "finished" ? h("p", { class: "ends", text: game.sides[after.winner]
        ? _("This hand ends the game: {winner} wins.", { winner: game.sides[after.winner].name }) : _("This hand ends the game: nobody wins.") }) : null,
    ];
  }

  /** Card points captured by each side (the variant's hand.points in all) typed on the phone's
   *  keypad, or the captured cards tapped; the Mariannas as suit chips in the order declared. */
  function cardPointsEntry(submit) {
    const sides = game.sides.length;
    const last = sides - 1;
    const total = variant.hand.points;
    const before = editing ?? {};
    let byCards = Boolean(before.captured);
    const points = before.points ? [...before.points] : Array.from({ length: sides }, (_x, s) => (sides === 2 ? (s === 0 ? total - Math.floor(total / 2) : Math.floor(total / 2)) : s === 0 ? total : 0));
    const mariannas = [...(before.mariannas ?? [])];
    const suits = game.options.deck === "french" ? FRENCH_SUITS : ITALIAN_SUITS;
    const deck = cinquecentoDeck(game.options.deck);
    const owner = new Map(); // card code → the side that captured it; a card not listed went to the last side
    (before.captured ?? []).forEach((cards, s) => { if (s !== last) for (const c of cards) owner.set(deck.find((d) => d.code.toLowerCase() === String(c).toLowerCase())?.code ?? c, s); });
    let tapping = 0; // the side whose cards are being tapped
    const status = h("p", { class: "muted", "aria-live": "polite" });
    const preview = handPreview(editing);
    const record = h("button", { type: "submit", class: "primary" }, editing ? _("Save the correction") : _("Record the hand"));
    const captured = () => game.sides.map((_x, s) => deck.filter((c) => (owner.get(c.code) ?? last) === s).map((c) => c.code));
    const hand = () => (byCards ? { captured: captured(), mariannas: [...mariannas] } : { points: [...points], mariannas: [...mariannas] });
    const check = () => {
      const sum = points.reduce((a, b) => a + b, 0);
      const missing = byCards ? "" : sum === total ? "" : _("The card points add up to {sum}, not {total}.", { sum, total });
      status.textContent = missing;
      record.disabled = Boolean(missing);
      if (byCards) counts.textContent = game.sides.map((side, s) => _n("{side}: {n} card", "{side}: {n} cards", captured()[s].length, { side: side.name })).join(" · ");
      for (const chip of box.querySelectorAll("[data-suit]")) {
        const at = mariannas.findIndex((m) => m.suit === chip.dataset.suit);
        const mine = at >= 0 && mariannas[at].side === Number(chip.dataset.side);
        chip.setAttribute("aria-pressed", String(mine));
        chip.disabled = at >= 0 && !mine;
        chip.querySelector("small").textContent = mine ? ordinal(at + 1) : "";
      }
      preview.ask(missing ? null : hand());
    };
    const pointRows = game.sides.map((side, s) => (sides === 2 && s === 1
      ? h("p", { class: "muted other", id: "other-points", text: _n("{side}: {n} card point", "{side}: {n} card points", points[1], { side: side.name }) })
      : h("div", { "data-field": `points.${s}` }, h("label", { for: `pts${s}` }, _("{side} card points", { side: side.name })),
        h("input", { id: `pts${s}`, type: "number", inputmode: "numeric", min: "0", max: String(total), value: String(points[s]), class: "big-number",
          oninput: (e) => {
            points[s] = Number(e.target.value || 0);
            if (sides === 2) { points[1] = total - points[0]; document.getElementById("other-points").textContent = _n("{side}: {n} card point", "{side}: {n} card points", points[1], { side: game.sides[1].name }); }
            check();
          } }))));
    const counts = h("p", { class: "muted", "aria-live": "polite" });
    const sidePick = sides > 2 ? h("div", { class: "row", role: "group", "aria-label": _("Whose cards") }, game.sides.slice(0, last).map((side, s) => h("button", {
      type: "button", "aria-pressed": String(s === tapping),
      onclick: (e) => { tapping = s; for (const b of e.currentTarget.parentElement.children) b.setAttribute("aria-pressed", String(b === e.currentTarget)); picker.redraw(); },
    }, _("{side}'s cards", { side: side.name })))) : null;
    const picker = cardPicker(deck, (card) => {
      const s = owner.get(card.code);
      return { pressed: s === tapping, mark: s !== undefined && s !== tapping ? game.sides[s].name : "" };
    }, (card) => { if (owner.get(card.code) === tapping) owner.delete(card.code); else owner.set(card.code, tapping); check(); }, _("Captured cards"));
    const byPoints = h("div", { class: "stack", hidden: byCards }, pointRows);
    const cardsBox = h("div", { class: "stack", hidden: !byCards, "data-field": "captured" },
      h("p", { class: "hint", text: sides === 2 ? _("Tap the cards {side} captured; {other} took the rest.", { side: game.sides[0].name, other: game.sides[1].name })
        : _("Pick a side, tap the cards it captured; {other} took the rest.", { other: game.sides[last].name }) }),
      sidePick, picker.node, counts);
    const how = h("div", { class: "row", role: "group", "aria-label": _("Enter the hand by") },
      [["points", _("Card points")], ["cards", _("Captured cards")]].map(([key, text]) => h("button", { type: "button", "aria-pressed": String(byCards === (key === "cards")),
        onclick: (e) => {
          byCards = key === "cards";
          for (const b of e.currentTarget.parentElement.children) b.setAttribute("aria-pressed", String(b === e.currentTarget));
          byPoints.hidden = byCards; cardsBox.hidden = !byCards; check();
        } }, text)));
    const chips = h("div", { class: "stack", "data-field": "mariannas" }, game.sides.map((side, s) => h("div", { class: "row chips", role: "group", "aria-label": _("Mariannas of {side}", { side: side.name }) },
      h("span", { class: "chip-side", text: side.name }),
      suits.map((suit) => h("button", { type: "button", class: `chip${suit === "hearts" || suit === "diamonds" ? " red" : ""}`, "data-suit": suit, "data-side": String(s),
        onclick: () => {
          const at = mariannas.findIndex((m) => m.suit === suit);
          if (at >= 0) mariannas.splice(at, 1); else mariannas.push({ side: s, suit });
          check();
        } }, suitWord(suit, game.options.deck !== "french"), h("small"))))));
    const box = h("form", { class: "stack", onsubmit: async (e) => { e.preventDefault(); preview.ask(null); await submit(hand()); } },
      how, byPoints, cardsBox, h("h3", { text: _("Mariannas") }), h("p", { class: "hint", text: _("Tap each Marianna in the order declared; tap again to take it back.") }),
      chips, preview.node, actionBar(status, preview, record));
    check();
    return [box];
  }

  /** Rummy 500: each player's points on the phone's keypad, or the cards tapped from a picker
   *  (melds, lay-offs onto anyone's meld, the cards left in hand). */
  function rummyEntry(submit) {
    const before = editing ?? {};
    const quick = (before.players ?? []).every((p) => "meld_points" in p);
    let cards = before.players ? !quick : false;
    const deck = frenchDeck(Boolean(game.options.jokers));
    const named = (code) => deck.find((c) => c.code === String(code).toUpperCase())?.code ?? String(code).toUpperCase();
    // The cards each player put down: melds, lay-offs ({card, onto: [player, meld]}) and hand.
    const table = game.sides.map((_x, p) => {
      const was = before.players?.[p] ?? {};
      return { melds: (was.melds ?? []).map((m) => m.map(named)), layoffs: (was.layoffs ?? []).map((l) => ({ card: named(l.card), onto: [...l.onto] })), hand: (was.hand ?? []).map(named) };
    });
    let target = null; // what the picker fills: {player, kind: "meld"|"hand"|"layoff", meld, onto}
    const holder = h("div", { class: "stack" });
    const cardName = (code) => suited(deck.find((c) => c.code === code)?.label ?? code);
    const whereIs = (code) => {
      for (const [p, t] of table.entries()) {
        const m = t.melds.findIndex((meld) => meld.includes(code));
        if (m >= 0) return { player: p, kind: "meld", meld: m, text: _("{player} meld {n}", { player: game.sides[p].name, n: m + 1 }) };
        if (t.hand.includes(code)) return { player: p, kind: "hand", text: _("{player} hand", { player: game.sides[p].name }) };
        if (t.layoffs.some((l) => l.card === code)) return { player: p, kind: "layoff", text: _("{player} lay-off", { player: game.sides[p].name }) };
      }
      return null;
    };
    const isTarget = (where) => where && target && where.player === target.player && where.kind === target.kind
      && (target.kind !== "meld" || where.meld === target.meld);
    const remove = (code) => {
      for (const t of table) {
        t.melds = t.melds.map((m) => m.filter((c) => c !== code));
        t.hand = t.hand.filter((c) => c !== code);
        t.layoffs = t.layoffs.filter((l) => l.card !== code);
      }
    };
    const tap = (card) => {
      if (!target) return;
      const where = whereIs(card.code);
      remove(card.code);
      if (isTarget(where)) return;
      const t = table[target.player];
      if (target.kind === "meld") t.melds[target.meld].push(card.code);
      else if (target.kind === "hand") t.hand.push(card.code);
      else t.layoffs.push({ card: card.code, onto: [...target.onto] });
    };
    const picker = cardPicker(deck, (card) => {
      const where = whereIs(card.code);
      return { pressed: isTarget(where), mark: where && !isTarget(where) ? where.text : "" };
    }, (card) => { tap(card); draw(); }, _("Cards"));
    const chips = (codes, onRemove) => codes.map((code) => h("button", { type: "button", class: "chip-card", "aria-label": _("Remove {card}", { card: deck.find((c) => c.code === code)?.spoken ?? code }), onclick: () => { onRemove(code); draw(); } }, h("span", {}, cardName(code))));
    const aim = (next) => { target = next; draw(); };
    const ownMelds = () => table.flatMap((t, p) => t.melds.map((m, i) => ({ p, i, m })).filter((x) => x.m.length));
    function draw() {
      if (target?.kind === "meld") table[target.player].melds[target.meld] ??= [];
      holder.replaceChildren(...game.sides.map((side, p) => {
        const was = before.players?.[p] ?? {};
        const t = table[p];
        const input = (name, label, value) => h("div", {}, h("label", { for: `${name}${p}` }, label),
          h("input", { id: `${name}${p}`, name: `${name}${p}`, type: "number", inputmode: "numeric", min: "0", value, autocomplete: "off" }));
        const here = target?.player === p;
        return h("fieldset", { class: "card", "data-field": `players.${p}` }, h("legend", { text: side.name }), ...(cards
          ? [h("div", { "data-field": `players.${p}.melds` }, h("span", { class: "label", text: _("Melds") }),
            t.melds.map((m, i) => (m.length || (here && target.kind === "meld" && target.meld === i) ? h("div", { class: "row meld" },
              h("button", { type: "button", class: "plain-chip", "aria-pressed": String(here && target.kind === "meld" && target.meld === i), onclick: () => aim({ player: p, kind: "meld", meld: i }) }, _("Meld {n}", { n: i + 1 })),
              chips(m, (code) => remove(code))) : null)),
            h("button", { type: "button", onclick: () => aim({ player: p, kind: "meld", meld: t.melds.filter((m) => m.length).length }) }, _("New meld"))),
          h("div", { "data-field": `players.${p}.layoffs` }, h("span", { class: "label", text: _("Lay-offs") }),
            t.layoffs.map((l) => h("div", { class: "row" }, chips([l.card], remove), " ", _("onto {player} meld {n}", { player: game.sides[l.onto[0]].name, n: l.onto[1] + 1 }))),
            h("div", { class: "row", role: "group", "aria-label": _("{player} lays off onto", { player: side.name }) }, ownMelds().map(({ p: q, i }) => h("button", { type: "button",
              "aria-pressed": String(here && target.kind === "layoff" && target.onto[0] === q && target.onto[1] === i),
              onclick: () => aim({ player: p, kind: "layoff", onto: [q, i] }) }, _("{player} meld {n}", { player: game.sides[q].name, n: i + 1 }))))),
          h("div", { "data-field": `players.${p}.hand` }, h("span", { class: "label", text: _("Left in hand") }), h("div", { class: "row" }, chips(t.hand, remove)),
            h("button", { type: "button", "aria-pressed": String(here && target.kind === "hand"), onclick: () => aim({ player: p, kind: "hand" }) }, _("Cards left in hand"))),
          here ? h("div", { class: "stack picking" }, h("p", { class: "hint", text: target.kind === "meld" ? _("Tap the cards of {player}'s meld {n}.", { player: side.name, n: target.meld + 1 })
            : target.kind === "hand" ? _("Tap the cards {player} was left holding.", { player: side.name })
              : _("Tap the cards {player} laid off onto {other} meld {n}.", { player: side.name, other: game.sides[target.onto[0]].name, n: target.onto[1] + 1 }) }),
          picker.node, h("button", { type: "button", onclick: () => aim(null) }, _("Done"))) : null]
          : [input("meld", _("Points melded and laid off"), String(was.meld_points ?? 0)),
            input("held", _("Points left in hand"), String(was.hand_points ?? 0))]));
      }));
      picker.redraw();
    }
    draw();
    const read = (form) => {
      const data = new FormData(form);
      return game.sides.map((_x, p) => (cards ? { melds: table[p].melds.filter((m) => m.length), layoffs: table[p].layoffs, hand: table[p].hand }
        : { meld_points: Number(data.get(`meld${p}`) || 0), hand_points: Number(data.get(`held${p}`) || 0) }));
    };
    const how = h("div", { class: "row", role: "group", "aria-label": _("Enter the hand by") },
      [["points", _("Points")], ["cards", _("Cards")]].map(([key, text]) => h("button", { type: "button", "aria-pressed": String(cards === (key === "cards")),
        onclick: (e) => { cards = key === "cards"; for (const x of e.currentTarget.parentElement.children) x.setAttribute("aria-pressed", String(x === e.currentTarget)); draw(); } }, text)));
    return [how, h("form", { class: "stack", onsubmit: async (e) => { e.preventDefault(); await submit({ players: read(e.currentTarget) }); } },
      holder, h("button", { type: "submit", class: "primary" }, editing ? _("Save the correction") : _("Record the hand")))];
  }

  render({ top: true }); // opened: the scores and the entry, not wherever the last page was scrolled
  showNet();
  // The outbox sent or refused something of this game: show it (a game started offline moves
  // to its real address once created). A half-entered hand is kept, the data refreshed under it.
  setQueueListener(async (games) => {
    if (local) { if (createdAs(id)) location.replace(`#/g/${createdAs(id)}`); else render(); return; }
    if (!games.has(String(id))) return;
    await load();
    if (!dirty) render();
  });
  if (local) return;
  follow(`${API}/games/${id}/events?lang=${lang()}`, async (event) => {
    const seen = JSON.parse(event.data);
    if (seen.updated_at === game.updated_at && seen.hands_played === game.hands_played) return;
    if (dirty) { changed(); return; } // keep the scorer's half-entered hand and its ETag
    await load();
    render();
  });
}
