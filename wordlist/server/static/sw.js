// The service worker of the offline game (offline.html): the page, the JavaScript reader, the
// core and the word lists a game loaded are kept in the cache, so a game against the bot goes on
// with the server gone. Network first: online, the server's files are used (and the cache
// renewed); offline, the cached ones. Games against a friend (/api/games) are never cached.

const CACHE = "wordlist-offline-1";
const READER = ["index.js", "alphabet.js", "core.js", "core.wasm", "dawg.js", "errors.js", "format.js"]
  .concat(["game.js", "graph.js", "lexicon.js", "limits.js", "pos.js", "text.js", "unicode.js"])
  .map((name) => `/js/${name}`);
const SHELL = [
  "/offline.html",
  "/offline.js",
  "/offline.css",
  "/bot-worker.js",
  "/dom.js",
  "/app.css",
  "/icon.svg",
  "/manifest.json",
  ...READER,
];
// a list's files for a client-side reader, cached as a game loads them
const LIST_FILE = /^\/api\/lists\/[^/]+\/[^/]+\/files\/(words\.dawg|alphabet\.json|game\.json)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  const kept = SHELL.includes(url.pathname) || LIST_FILE.test(url.pathname);
  if (!kept) return;
  event.respondWith(
    fetch(event.request)
      .then(async (response) => {
        if (response.ok) await (await caches.open(CACHE)).put(url.pathname, response.clone());
        return response;
      })
      .catch(async () => (await caches.match(url.pathname)) ?? Response.error()),
  );
});
