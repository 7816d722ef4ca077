// @ts-check
// What a game's entry forms and preview are handed: the game on the sheet, its variant, the bids
// its table may win with and the hand being corrected, with the names the forms say. Built once
// per drawing of the sheet (sheet.js); no module keeps it.
import { LEVEL_BID, SUIT_SYMBOL } from "../bids.js";

/**
 * @typedef {{ name: string, players: string[] }} Side
 * @typedef {{ id: string | number, variant: string, options: Record<string, any>, sides: Side[],
 *   scores: number[], status: string, winner: number | null, dealer: number,
 *   barred_seat?: number | null, hands_played: number, updated_at: string | null,
 *   tournament?: number | null, match?: string | null, club?: number | null }} Game
 * @typedef {{ sides: number, per_side: number, calls_partner?: boolean }} Form
 * @typedef {{ key?: string, name: string, family: string, forms?: Form[], bids?: unknown[],
 *   hand: { tricks?: number, points?: number }, options: Record<string, unknown> }} Variant
 * @typedef {{ code: string, name?: string, plays?: string, tricks?: number }} Bid
 * @typedef {{ bids: Bid[], exact: boolean }} TableBids
 * @typedef {Record<string, any> & { number: number }} Hand a hand as the API gives it
 * @typedef {object} Table
 * @property {string | number} id the game's id (a local one while it waits to be created)
 * @property {boolean} local started offline, not yet created: no preview
 * @property {Game} game
 * @property {Variant} variant
 * @property {TableBids} tableBids
 * @property {Hand | null} editing the hand being corrected, or null for a new hand
 * @property {Record<string, any> | null} draft a new hand as the form left it half entered, in
 *   the form's own words (kept on this phone per game, so Back or a reload does not lose it)
 * @property {(draft: Record<string, any>) => void} keepDraft the form tells what it holds so far
 * @property {(code: string | null) => boolean} defendersOwnTricks whether each defender's own tricks
 *   change the score of this bid (the published data says; true without it: better asked)
 * @property {(seat: number) => string} seatName
 * @property {(code: string) => Bid | undefined} bidOf the bid a code names, as the API lists it
 * @property {(code: string) => string} bidName "7♥", "6.3♥", "Misère"
 * @property {(code: string) => boolean} playedAlone the bid is always played alone (the API says)
 * @property {number} waiting hands of this game waiting in the outbox, not yet scored by the server
 * @property {((hand: Record<string, unknown>) => import("./provisional.js").Scored) | null} provisional
 *   a new hand scored from the published data after the waiting ones (null: no data to go by)
 * @typedef {(body: Record<string, unknown>) => Promise<boolean>} Submit sends the hand entered
 */

/**
 * @param {{ id: string | number, local: boolean, game: Game, variant: Variant,
 *   tableBids: TableBids, editing: Hand | null, waiting?: number,
 *   provisional?: Table["provisional"], draft?: Table["draft"], keepDraft?: Table["keepDraft"],
 *   scoring?: import("./provisional.js").Scoring | null }} parts
 * @returns {Table}
 */
export function tableOf({ id, local, game, variant, tableBids, editing, waiting = 0, provisional = null,
  draft = null, keepDraft = () => {}, scoring = null }) {
  const bidOf = (/** @type {string} */ code) => tableBids.bids.find((b) => b.code === code);
  const published = scoring?.bids ?? [];
  return {
    id, local, game, variant, tableBids, editing, bidOf, waiting, provisional, draft, keepDraft,
    defendersOwnTricks: (code) => {
      const found = published.find((b) => code !== null && b.codes.includes(code));
      return !found || (found.defenders_score && !scoring?.defenders?.together);
    },
    seatName: (seat) => game.sides[seat % game.sides.length].players[Math.floor(seat / game.sides.length)],
    // The game's own name for a bid, else its code with the suit drawn.
    bidName: (code) => bidOf(code)?.name
      ?? (LEVEL_BID.test(code) ? code.replace(/(S|C|D|H)$/,
        (s) => SUIT_SYMBOL[/** @type {"S" | "C" | "D" | "H"} */ (s)]) : code),
    playedAlone: (code) => bidOf(code)?.plays === "alone",
  };
}

/** The form a game was started in: the variant's form with its number of sides and players.
 *  @param {Variant} variant @param {Game} game */
export function formOf(variant, game) {
  return (variant.forms ?? []).find((f) => f.sides === game.sides.length
    && f.per_side === game.sides[0].players.length) ?? null;
}
