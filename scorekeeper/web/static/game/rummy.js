// @ts-check
// The entry of a Rummy 500 hand: each player's points on the phone's keypad, or the cards tapped
// from a picker (melds, lay-offs onto anyone's meld, the cards left in hand).
import { h } from "../dom.js";
import { cardPicker, frenchDeck } from "../entry.js";
import { _ } from "../i18n.js";
import { suited } from "../sheet.js";

/**
 * @typedef {import("./table.js").Table} Table
 * @typedef {import("./table.js").Submit} Submit
 * @typedef {MouseEvent & { currentTarget: HTMLElement }} Tap
 * @typedef {{ card: string, onto: number[] }} Layoff
 * @typedef {{ melds: string[][], layoffs: Layoff[], hand: string[] }} Laid what a player put down
 * @typedef {{ player: number, kind: "meld" | "hand" | "layoff", meld?: number, onto?: number[] }} Target
 *   what the picker fills
 * @typedef {{ code: string, label?: string, spoken?: string }} Card
 */

/** @param {Table} table @param {Submit} submit @returns {HTMLElement[]} */
export function rummyEntry(table, submit) {
  const { game, editing } = table;
  // A correction starts from the hand as recorded, a new hand from what was left half entered.
  const before = /** @type {Record<string, any>} */ (editing ?? table.draft ?? {});
  const quick = (before.players ?? []).every((/** @type {object} */ p) => "meld_points" in p);
  let cards = before.players ? !quick : false;
  /** @type {Card[]} */
  const deck = frenchDeck(Boolean(game.options.jokers));
  const named = (/** @type {unknown} */ code) => deck.find((c) => c.code === String(code).toUpperCase())?.code
    ?? String(code).toUpperCase();
  const nameOf = (/** @type {number} */ p) => game.sides[p].name;
  /** @type {Laid[]} */
  const laid = game.sides.map((_x, p) => {
    const was = before.players?.[p] ?? {};
    return { melds: (was.melds ?? []).map((/** @type {unknown[]} */ m) => m.map(named)),
      layoffs: (was.layoffs ?? []).map((/** @type {Layoff} */ l) => ({ card: named(l.card),
        onto: [...l.onto] })),
      hand: (was.hand ?? []).map(named) };
  });
  /** @type {Target | null} */
  let target = null;
  const holder = h("div", { class: "stack" });
  const cardName = (/** @type {string} */ code) => suited(deck.find((c) => c.code === code)?.label ?? code);
  /** Where a card was put, and that place in words. @param {string} code */
  const whereIs = (code) => {
    for (const [p, t] of laid.entries()) {
      const m = t.melds.findIndex((meld) => meld.includes(code));
      if (m >= 0) return { player: p, kind: "meld", meld: m, text: _("{player} meld {n}", { player: nameOf(p),
        n: m + 1 }) };
      if (t.hand.includes(code)) return { player: p, kind: "hand", text: _("{player} hand",
        { player: nameOf(p) }) };
      if (t.layoffs.some((l) => l.card === code)) return { player: p, kind: "layoff",
        text: _("{player} lay-off", { player: nameOf(p) }) };
    }
    return null;
  };
  /** @param {ReturnType<typeof whereIs>} where */
  const isTarget = (where) => where && target && where.player === target.player
    && where.kind === target.kind && (target.kind !== "meld" || where.meld === target.meld);
  const remove = (/** @type {string} */ code) => {
    for (const t of laid) {
      t.melds = t.melds.map((m) => m.filter((c) => c !== code));
      t.hand = t.hand.filter((c) => c !== code);
      t.layoffs = t.layoffs.filter((l) => l.card !== code);
    }
  };
  const tap = (/** @type {Card} */ card) => {
    if (!target) return;
    const where = whereIs(card.code);
    remove(card.code);
    if (isTarget(where)) return;
    const t = laid[target.player];
    if (target.kind === "meld") t.melds[target.meld ?? 0].push(card.code);
    else if (target.kind === "hand") t.hand.push(card.code);
    else t.layoffs.push({ card: card.code, onto: [...(target.onto ?? [])] });
  };
  const picker = cardPicker(deck, (/** @type {Card} */ card) => {
    const where = whereIs(card.code);
    return { pressed: isTarget(where), mark: where && !isTarget(where) ? where.text : "" };
  }, (/** @type {Card} */ card) => { tap(card); draw(); }, _("Cards"));
  /** @param {string[]} codes @param {(code: string) => void} onRemove */
  const chips = (codes, onRemove) => codes.map((code) => h("button", {
    type: "button", class: "chip-card", "aria-label": _("Remove {card}",
      { card: deck.find((c) => c.code === code)?.spoken ?? code }),
    onclick: () => { onRemove(code); draw(); } }, h("span", {}, cardName(code))));
  const aim = (/** @type {Target | null} */ next) => { target = next; draw(); };
  const ownMelds = () => laid.flatMap((t, p) => t.melds.map((m, i) => ({ p, i,
    m })).filter((x) => x.m.length));

  /** A player's melds, lay-offs and cards left in hand as chips, with the picker when aimed here.
   *  @param {import("./table.js").Side} side @param {number} p */
  function byCards(side, p) {
    const t = laid[p];
    const aimed = target?.player === p ? target : null;
    const meldAimed = (/** @type {number} */ i) => aimed?.kind === "meld" && aimed.meld === i;
    const layoffAimed = (/** @type {number} */ q, /** @type {number} */ i) => aimed?.kind === "layoff"
      && aimed.onto?.[0] === q && aimed.onto?.[1] === i;
    const hint = !aimed ? "" : aimed.kind === "meld" ? _("Tap the cards of {player}'s meld {n}.",
      { player: side.name, n: (aimed.meld ?? 0) + 1 })
      : aimed.kind === "hand" ? _("Tap the cards {player} was left holding.", { player: side.name })
        : _("Tap the cards {player} laid off onto {other} meld {n}.",
          { player: side.name, other: nameOf(aimed.onto?.[0] ?? 0), n: (aimed.onto?.[1] ?? 0) + 1 });
    return [
      h("div", { "data-field": `players.${p}.melds` }, h("span", { class: "label", text: _("Melds") }),
        t.melds.map((m, i) => (m.length || meldAimed(i) ? h("div", { class: "row meld" },
          h("button", { type: "button", class: "plain-chip", "aria-pressed": String(meldAimed(i)),
            onclick: () => aim({ player: p, kind: "meld", meld: i }) }, _("Meld {n}", { n: i + 1 })),
          chips(m, (code) => remove(code))) : null)),
        h("button", { type: "button", onclick: () => aim({ player: p, kind: "meld",
          meld: t.melds.filter((m) => m.length).length }) },
          _("New meld"))),
      h("div", { "data-field": `players.${p}.layoffs` }, h("span", { class: "label", text: _("Lay-offs") }),
        t.layoffs.map((l) => h("div", { class: "row" }, chips([l.card], remove), " ",
          _("onto {player} meld {n}", { player: nameOf(l.onto[0]), n: l.onto[1] + 1 }))),
        h("div", { class: "row", role: "group", "aria-label": _("{player} lays off onto",
          { player: side.name }) },
          ownMelds().map(({ p: q, i }) => h("button", { type: "button", "aria-pressed": String(layoffAimed(q,
            i)),
            onclick: () => aim({ player: p, kind: "layoff", onto: [q,
              i] }) }, _("{player} meld {n}", { player: nameOf(q), n: i + 1 }))))),
      h("div", { "data-field": `players.${p}.hand` }, h("span", { class: "label", text: _("Left in hand") }),
        h("div", { class: "row" }, chips(t.hand, remove)),
        h("button", { type: "button", "aria-pressed": String(aimed?.kind === "hand"),
          onclick: () => aim({ player: p, kind: "hand" }) },
          _("Cards left in hand"))),
      aimed ? h("div", { class: "stack picking" }, h("p", { class: "hint", text: hint }),
        picker.node, h("button", { type: "button", onclick: () => aim(null) }, _("Done"))) : null,
    ];
  }

  /** A player's points melded and left in hand, as counted at the table.
   *  @param {number} p */
  function byPoints(p) {
    const was = before.players?.[p] ?? {};
    /** @param {string} name @param {string} label @param {string} value */
    const input = (name, label, value) => h("div", {},
      h("label", { for: `${name}${p}` }, label),
      h("input", { id: `${name}${p}`, name: `${name}${p}`, type: "number", inputmode: "numeric", min: "0",
        value, autocomplete: "off" }));
    return [input("meld", _("Points melded and laid off"), String(was.meld_points ?? 0)),
      input("held", _("Points left in hand"), String(was.hand_points ?? 0))];
  }

  function draw() {
    if (target?.kind === "meld") laid[target.player].melds[target.meld ?? 0] ??= [];
    holder.replaceChildren(...game.sides.map((side, p) => h("fieldset", { class: "card",
      "data-field": `players.${p}` },
      h("legend", { text: side.name }), ...(cards ? byCards(side, p) : byPoints(p)))));
    picker.redraw();
    keep();
  }
  /** @type {HTMLFormElement | null} */
  let form = null;
  const keep = () => { if (form && !editing) table.keepDraft({ players: read(form) }); };
  draw();
  const read = (/** @type {HTMLFormElement} */ form) => {
    const data = new FormData(form);
    return game.sides.map((_x, p) => (cards ? { melds: laid[p].melds.filter((m) => m.length),
      layoffs: laid[p].layoffs, hand: laid[p].hand }
      : { meld_points: Number(data.get(`meld${p}`) || 0), hand_points: Number(data.get(`held${p}`) || 0) }));
  };
  const how = h("div", { class: "row", role: "group", "aria-label": _("Enter the hand by") },
    [["points", _("Points")], ["cards", _("Cards")]].map(([key, text]) => h("button", {
      type: "button", "aria-pressed": String(cards === (key === "cards")),
      onclick: (/** @type {Tap} */ e) => {
        cards = key === "cards";
        for (const x of e.currentTarget.parentElement?.children ?? []) x.setAttribute("aria-pressed",
          String(x === e.currentTarget));
        draw();
      } }, text)));
  form = /** @type {HTMLFormElement} */ (h("form", { class: "stack", oninput: keep,
    onsubmit: async (/** @type {SubmitEvent & { currentTarget: HTMLFormElement }} */ e) => {
    e.preventDefault();
    await submit({ players: read(e.currentTarget) });
  } },
  holder, h("button", { type: "submit", class: "primary" },
    editing ? _("Save the correction") : _("Record the hand"))));
  return [how, form];
}
