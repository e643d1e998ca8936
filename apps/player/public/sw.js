/* global self, caches */
/**
 * The web player's service worker (scope /player/): keeps the app shell so a screen opens without the
 * network. The page is fetched from the network first (it names the newest bundle), falling back to the
 * copy kept here; hashed assets are served from the cache. Nothing under /api is touched: content, signed
 * media addresses and the socket always go to the server.
 */
const CACHE = 'vitrine-player-shell-v1';
const SCOPE = new URL('./', self.location.href).pathname;
const PAGE = SCOPE;
const ASSETS = `${SCOPE}assets/`;
const EXTRAS = ['manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png'].map((f) => SCOPE + f);
const NETWORK_WAIT_MS = 4000;

/** The hashed files a page names (its script and styles). */
function assetsOf(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
    const path = new URL(match[1], self.location.href).pathname;
    if (path.startsWith(ASSETS)) found.add(path);
  }
  return [...found];
}

/** Keeps `html` as the page, caches what it names and forgets assets of older builds. */
async function keepShell(cache, html) {
  await cache.put(PAGE, new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
  const wanted = assetsOf(html);
  for (const path of wanted) {
    if (!(await cache.match(path))) {
      const response = await fetch(path, { cache: 'no-cache' });
      if (response.ok) await cache.put(path, response);
    }
  }
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith(ASSETS) && !wanted.includes(path)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const response = await fetch(PAGE, { cache: 'no-cache' });
      if (response.ok) await keepShell(cache, await response.text());
      await Promise.all(
        EXTRAS.map((path) =>
          fetch(path, { cache: 'no-cache' })
            .then((r) => (r.ok ? cache.put(path, r) : undefined))
            .catch(() => undefined),
        ),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('vitrine-player-') && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

/** The network's answer, or null when it fails or takes longer than `ms`. */
function fromNetwork(request, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    fetch(request)
      .then((response) => {
        clearTimeout(timer);
        resolve(response);
      })
      .catch(() => {
        clearTimeout(timer);
        resolve(null);
      });
  });
}

async function page(event) {
  const cache = await caches.open(CACHE);
  const response = await fromNetwork(event.request, NETWORK_WAIT_MS);
  if (response && response.ok) {
    const html = await response.clone().text();
    event.waitUntil(keepShell(cache, html).catch(() => undefined));
    return response;
  }
  const kept = await cache.match(PAGE);
  if (kept) return kept;
  return response || fetch(event.request);
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function other(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request);
  const fresh = fetch(event.request)
    .then(async (response) => {
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    })
    .catch(() => null);
  if (kept) {
    event.waitUntil(fresh);
    return kept;
  }
  return (await fresh) || Response.error();
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Only the player's own files: never /api, never another origin, never the worker itself.
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  if (url.pathname === `${SCOPE}sw.js` || url.pathname.endsWith('.map')) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (url.pathname.startsWith(ASSETS)) event.respondWith(asset(request));
  else event.respondWith(other(event));
});
