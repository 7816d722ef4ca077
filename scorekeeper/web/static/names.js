// @ts-check
// Players' and sides' names as the API takes them: at most NAME_MOST characters (MAX_NAME in
// api/schemas/common.py), and a side's name built from its players' when none is typed.

/** The most characters the API takes in a side's or player's name. */
export const NAME_MOST = 60;

/** The characters of `text` as Python counts them (code points), in whole graphemes: a cut never
 *  splits an accented letter or a joined emoji. @param {string} text @returns {string[]} */
const graphemes = (text) => [...new Intl.Segmenter().segment(text)].map((s) => s.segment);

/** `text` cut to at most `most` characters, ending "…" when cut. @param {string} text */
export function shortened(text, most = NAME_MOST) {
  if ([...text].length <= most) return text;
  let kept = "";
  for (const piece of graphemes(text)) {
    if ([...kept].length + [...piece].length > most - 1) break;
    kept += piece;
  }
  return `${kept.trimEnd()}…`;
}

/** A side's name from its players' ("Ann & Bo"), shortened to fit. @param {string[]} players */
export const builtSideName = (players) => shortened(players.filter(Boolean).join(" & "));
