// @ts-check
// The page's words in the player's language. The server lists its languages in <html
// data-languages> and serves each one's messages at /i18n/<code>.json ({lang, messages}); a
// message is keyed by its English text (with "context\u0004" before it for _p), a plural one by
// its singular, valued [one, other]. A message missing from the catalog shows its English text.
// Every call names its message as a string literal: Babel's extractor reads them from the source.
import { store } from "./store.js";

const ENGLISH = { code: "en", name: "English", locale: "en" };
const root = document.documentElement;

function listed() {
  try {
    const list = JSON.parse(root.dataset.languages ?? "[]");
    return Array.isArray(list) && list.length ? list : [ENGLISH];
  } catch {
    return [ENGLISH];
  }
}

const known = listed();
let current = known.find((l) => l.code === "en") ?? known[0];
let messages = {};
let plurals = new Intl.PluralRules(current.locale);
let numbers = new Intl.NumberFormat(current.locale);

/** The languages the server speaks: [{code, name, locale}], each name in its own language. */
export const languages = () => known;
/** The language the page speaks now (its code), and its BCP 47 locale for Intl. */
export const lang = () => current.code;
export const locale = () => current.locale;

const spoken = (code) => known.some((l) => l.code === code);

/** ?lang= in the page's address, before the # or in its route's query: a link that says which
 *  language its page speaks (a French club's night). Kept once read: the route's query is taken
 *  out of the address bar with the token. */
let asked = null;
function addressed() {
  const query = location.hash.split("?")[1] ?? "";
  const code = new URLSearchParams(location.search).get("lang") ?? new URLSearchParams(query).get("lang");
  if (spoken(code)) asked = code;
  return asked;
}

/** The player's language: the address's ?lang=, else the one chosen on this phone, else the best
 *  of the browser's. */
function preferred() {
  if (addressed()) return asked;
  const chosen = store.get("lang", null);
  if (spoken(chosen)) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const wanted = String(tag).toLowerCase();
    const exact = known.find((l) => l.locale.toLowerCase() === wanted || l.code === wanted);
    const base = known.find((l) => l.code === wanted.split("-")[0]);
    if (exact ?? base) return (exact ?? base).code;
  }
  return known.some((l) => l.code === "en") ? "en" : known[0].code;
}

async function catalog(code) {
  if (code === "en") return {};
  const response = await fetch(`/i18n/${encodeURIComponent(code)}.json`,
    { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`no catalog for ${code}`);
  return (await response.json()).messages ?? {};
}

/** Speak `code`; with `remember`, this phone keeps the choice. A catalog that cannot be fetched
 *  (offline before it was ever kept) leaves the page in English, silently. */
export async function setLang(code, { remember = true } = {}) {
  const wanted = known.find((l) => l.code === code) ?? ENGLISH;
  if (remember) store.set("lang", wanted.code);
  let next = wanted;
  try {
    messages = await catalog(wanted.code);
  } catch {
    messages = {};
    next = known.find((l) => l.code === "en") ?? ENGLISH;
  }
  current = next;
  plurals = new Intl.PluralRules(current.locale);
  numbers = new Intl.NumberFormat(current.locale);
  root.lang = current.locale;
  // The shell's static words (the header bar) follow, whoever changed the language.
  document.dispatchEvent(new Event("pagelanguage"));
}

/** A page with a language of its own (a tournament's projector, print kit, desk and scorer
 *  pages): speak it, unless the address or this phone's settings chose one. Resolves true when
 *  the language changed, for the page to draw itself again. */
export async function speakOwn(code) {
  if (addressed() || spoken(store.get("lang", null)) || !spoken(code) || code === current.code) return false;
  await setLang(code, { remember: false });
  return current.code === code;
}

/** Load the player's language: awaited before the page's first render. */
export const startI18n = () => setLang(preferred(), { remember: false });

/** `{name}` placeholders filled from `values`; numbers in the language's own way. */
function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values
    ? (typeof values[name] === "number" ? number(values[name]) : String(values[name])) : whole));
}

const translated = (key, fallback) => {
  const found = messages[key];
  return typeof found === "string" && found ? found : fallback;
};

/** A message. */
export const _ = (msgid, values) => fill(translated(msgid, msgid), values);

/** A message in context (the same English words meaning two things). */
export const _p = (context, msgid, values) => fill(translated(`${context}\u0004${msgid}`, msgid), values);

/** A message with a singular and a plural form, chosen by `n`; {n} is filled with n. */
export function _n(singular, plural, n, values = {}) {
  const one = plurals.select(n) === "one";
  const forms = messages[singular];
  const text = Array.isArray(forms) && forms[one ? 0 : 1] ? forms[one ? 0 : 1] : one ? singular : plural;
  return fill(text, { n, ...values });
}

/** A number as the language writes it: 1,000 in English, 1 000 in French. */
export const number = (n) => numbers.format(n);

/** A number with its sign, +30 or −20 (0 as +0), as the language writes numbers. */
export const signedNumber = (n) => (n >= 0 ? `+${number(n)}` : number(n));

/** A date, and a date with its time, as the language writes them. */
export const date = (d) => new Intl.DateTimeFormat(current.locale,
  { dateStyle: "medium" }).format(new Date(d));
export const dateTime = (d) => new Intl.DateTimeFormat(current.locale, { dateStyle: "medium",
  timeStyle: "short" }).format(new Date(d));

/** The sides of a game or a match, one against the other: "Nous v Eux". */
// i18n: between the names of the sides playing each other, as in "Nous v Eux" (versus)
export const against = (names) => names.join(" " + _p("versus", "v") + " ");
