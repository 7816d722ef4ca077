// The service worker. The server prepends `const SHELL = {cache, files, hashed}`: the page's shell
// (its page, manifest and languages; its static files under their content-hashed names) and a
// cache name made from those files' content (scorekeeper/web/__init__.py), so a changed file is a
// changed worker. The shell is served from its cache first; GET requests to the API go to the
// network first and fall back to the last reply this phone got, so every game it opened, and the
// start page, open with no connection in their last known state. Writes and event streams are
// never touched: they go to the network as they are, and the page queues writes itself.
"use strict";

const API_CACHE = "sk-api"; // data, not code: kept from one version of the page to the next
const STORED = "X-Scorekeeper-Stored"; // on a reply from the cache: the page says it may be old

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL.cache);
    // "no-cache": revalidated with the server (a 304 for what the page just loaded), never stale.
    // A hashed name never changes content: taken from the HTTP cache when the page loaded it.
    await cache.addAll([...SHELL.files.map((url) => new Request(url, { cache: "no-cache" })),
      ...SHELL.hashed]);
    // A new version takes over at once rather than waiting for every tab to close: a page
    // already open keeps running the modules it loaded (one it imports later comes from the
    // server under the name it knows), and the next visit (or reload) opens the new one.
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("sk-shell-") && name !== SHELL.cache)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

// The page hands over the API paths it read before this worker controlled it (its first visit).
self.addEventListener("message", (event) => {
  if (Array.isArray(event.data?.keep)) event.waitUntil(keep(event.data.keep, event.data.lang));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) {
    const stream = url.pathname.endsWith("/events") || (request.headers.get("Accept")
      ?? "").includes("text/event-stream");
    if (!stream) event.respondWith(networkFirst(request));
    return;
  }
  if (request.mode === "navigate" && url.pathname === "/") event.respondWith(shellFirst(new Request("/")));
  else if (SHELL.files.includes(url.pathname) || SHELL.hashed.includes(url.pathname)) {
    event.respondWith(shellFirst(request));
  }
});

async function shellFirst(request) {
  const cached = await caches.match(request, { cacheName: SHELL.cache, ignoreSearch: true });
  return cached ?? fetch(request);
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.status === 200) {
      const copy = response.clone();
      caches.open(API_CACHE).then((cache) => store(cache, request, copy)).catch(() => {});
    }
    return response;
  } catch (offline) {
    const cached = await caches.match(request, { cacheName: API_CACHE, ignoreVary: true });
    if (!cached) throw offline; // never seen: the page learns it is offline, as without a worker
    const headers = new Headers(cached.headers);
    headers.set(STORED, "true");
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
  }
}

/** Keep one reply per address, the last, whatever its language: the API's replies vary with
 *  Accept-Language, and a put alone would keep one per language beside the others. Offline, the
 *  last reply is shown (with ignoreVary), even in the language the page spoke before. */
async function store(cache, request, response) {
  await cache.delete(request, { ignoreVary: true });
  await cache.put(request, response);
}

/** Fetch and keep the last reply of each API path in the page's language (failures are left
 *  for the next time). */
async function keep(paths, lang) {
  const cache = await caches.open(API_CACHE);
  await Promise.all(paths.map(async (path) => {
    try {
      const headers = { Accept: "application/json" };
      if (lang) headers["Accept-Language"] = lang;
      const request = new Request(path, { headers });
      const response = await fetch(request);
      if (response.status === 200) await store(cache, request, response);
    } catch { /* offline: kept on a later visit */ }
  }));
}
