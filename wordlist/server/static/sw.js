// The page's service worker: it keeps the page, the word lists' files and the bot's core in this
// browser's cache, so that a game against the bot is played with the server gone (offline/). Every
// request goes to the server first; only when it cannot be reached is the kept copy answered.
// Games (/api/games) are never kept: a game on the server is the server's.

const CACHE = "wordlist-page-2";
// what the bot needs besides what the page loads (the page's own files are named by the page:
// offline/register.js sends what it loaded); the worker's modules: the core and what it imports
// that the page does not (the Python bot's levels, endgame search and random generator)
const LEVELS = "/api/games/levels";
const CORE = ["/js/core.js", "/js/core.wasm", "/js/endgame.js", "/js/levels.js", "/js/random.js"];
const BOT = ["/", LEVELS, "/offline/bot-worker.js", ...CORE, "/js/index.js", "/manifest.webmanifest"];

// the bot's levels are the page's to list (the same for every game); games themselves are not kept
const kept = (url) =>
  url.origin === self.location.origin &&
  (!url.pathname.startsWith("/api/games") || url.pathname === LEVELS) &&
  !url.pathname.startsWith("/docs");

/** Keep `urls` (those of this page's server) and, for /api/lists, every list's files. */
async function keep(urls) {
  const cache = await caches.open(CACHE);
  const wanted = new Set(urls.map((u) => new URL(u, self.location.origin)).filter(kept).map((u) => u.pathname + u.search));
  wanted.add("/api/lists");
  for (const url of wanted) {
    const response = await fetch(url).catch(() => null);
    if (response?.ok) await cache.put(url, response.clone());
    if (url === "/api/lists" && response?.ok) {
      const lists = await response.json().catch(() => []);
      const files = lists.flatMap((list) => Object.values(list.files || {})).filter((f) => typeof f === "string");
      for (const file of files) {
        const got = await fetch(file).catch(() => null);
        if (got?.ok) await cache.put(file, got);
      }
    }
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(keep(BOT).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.keep && Array.isArray(event.data.keep)) {
    event.waitUntil(keep(event.data.keep.filter((u) => typeof u === "string")).then(() => event.source?.postMessage({ kept: true })));
  }
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !kept(url)) return;
  event.respondWith(
    fetch(event.request)
      .then(async (response) => {
        if (response.ok && !url.searchParams.has("wait")) {
          const cache = await caches.open(CACHE);
          await cache.put(event.request, response.clone());
        }
        return response;
      })
      .catch(async () => (await caches.match(event.request, { ignoreVary: true })) ?? Response.error()),
  );
});
