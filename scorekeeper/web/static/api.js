// @ts-check
// The public API under /api/v1: one fetch wrapper, and its problems in one sentence. Every
// request says the page's language: the API's explanations, messages and names come in it.
import { _, lang } from "./i18n.js";

export const API = "/api/v1";

/** Thrown when the request did not reach the server (no connection). */
export class Offline extends Error {}

// Each API path this page has read, with the language it last read it in. The server's ETag
// names a version, not a language: a browser revalidating a copy kept in another language would
// get a 304 and show the old language, so a path's first read in a language (since the page
// loaded) skips the HTTP cache, and later reads in it revalidate as usual.
const readIn = new Map();

/** The API paths this page has read: handed to the service worker when it first takes control,
 *  so what was on screen before it did opens offline too (install.js). */
export const readPaths = () => [...readIn.keys()].map((path) => API + path);

/** One request to the API; throws Offline when it did not reach the server.
 *  @param {string} method @param {string} path @param {unknown} [body]
 *  @param {{ token?: string | null, ifMatch?: string | null, key?: string, club?: string | null }} [options]
 *  `club`: a club's token as X-Club-Token (a club game's POST /games, whose Authorization is the game's).
 *  @returns {Promise<{ status: number, ok: boolean, json: any, etag: string | null, stored: boolean }>} */
export async function api(method, path, body, { token, ifMatch, key, club } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json", "Accept-Language": lang() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ifMatch) headers["If-Match"] = ifMatch;
  if (key) headers["Idempotency-Key"] = key;
  if (club) headers["X-Club-Token"] = club;
  // Noted before the reply: a read still on its way when the worker takes control is handed over too.
  /** @type {RequestCache} */
  let cache = "default";
  if (method === "GET") {
    if (readIn.get(path) !== lang()) cache = "reload";
    readIn.set(path, lang());
  }
  let response;
  try {
    response = await fetch(API + path, { method, headers, cache,
      body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new Offline("no connection");
  }
  const empty = response.status === 204 || response.status === 304;
  const json = empty ? null : await response.json().catch(() => null);
  // `stored`: the service worker answered with the last reply it kept, the server being out of reach.
  return { status: response.status, ok: response.ok, json, etag: response.headers.get("ETag"),
    stored: response.headers.get("X-Scorekeeper-Stored") === "true" };
}

/** A refused request in words: the server's message, then any field's own complaint. */
export function problem(result) {
  const message = result.json?.message ?? _("The server answered {status}.",
    { status: String(result.status) });
  const fields = result.json?.errors ? Object.entries(result.json.errors)
    .filter(([field]) => field !== "json")
    .map(([field, why]) => `${field}: ${[].concat(why).join(" ")}`) : [];
  return [message,
    ...fields.filter((line) => !message.includes(line.split(": ").slice(1).join(": ")))].join(" ");
}

export const uuid = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
