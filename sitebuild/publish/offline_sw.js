// The site's service worker: after one visit the whole site, the Pyodide
// runtime and the engine's wheel are kept on the device and served from there.
//
// sitebuild/publish/offline.py writes site/sw.js from this file, with two constants
// before it:
//   VERSION  hash of the file list below (a new build with any changed file is
//            a new version, so the browser installs the new worker)
//   FILES    {path relative to the site root: sha256 of the file}; pages as their
//            URL ("", "games/kovboy/"), everything else as its file path
//
// install   fill the cache "rules-site-<VERSION>": a file whose hash is unchanged
//           is copied from the previous version's cache (no download for Pyodide
//           after a text change); any other file is fetched (revalidated against
//           the HTTP cache), its sha256 checked, and stored. A mismatch or a
//           failed download fails the install: the old version keeps working.
// activate  delete every other "rules-site-*" cache, take control of open pages.
//           A new version waits until the page asks for it ("skip-waiting",
//           the «Обновить» button of docs/assets/js/page/offline.js).
// fetch     same-origin GET of a listed file: cache first, the stored Response
//           returned as it is (a synthesized copy would lose Chrome's compiled
//           WebAssembly cache); not stored yet: the network. Nothing on this path
//           waits for the network once a file is stored: the browser checks
//           sw.js for a new version by itself, in the background, and a new
//           version installs next to this one. An unlisted page with no
//           network: a short Russian page instead of the browser's error.
//           sitemap.xml: every listed page under this worker's own scope, so
//           mkdocs-material's instant navigation (which only follows links the
//           sitemap lists) works on any host and path, even for a site built
//           without site_url (whose sitemap.xml is empty): another game's page
//           then swaps in without booting the engine again.
//
// No timers, no runtime caching of unlisted files, no other host.
/* global VERSION, FILES */

const PREFIX = "rules-site-";
const CACHE = PREFIX + VERSION;
// Written last into a complete cache: which hash each stored file has.
const MANIFEST = "__rules-precache.json";
const PARALLEL = 4;

const scope = new URL(self.registration.scope);

function urlOf(path) {
  return new URL(path, scope).href;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(response) {
  return hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
}

// A response whose bytes are the listed ones. "no-cache" revalidates with the
// server (a 304 costs no body); "reload" bypasses the HTTP cache, for a stale
// copy that a cache between us and the host still had.
async function fetchVerified(path, hash) {
  let last = "";
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(urlOf(path), { cache: mode, credentials: "same-origin", redirect: "error" });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    last = await sha256(response);
    if (last === hash) return response;
  }
  throw new Error(`${path}: sha256 ${last}, expected ${hash}`);
}

// path -> {cache, hash} of the files stored by earlier, complete versions.
async function previousFiles() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const stored = await cache.match(urlOf(MANIFEST));
    if (!stored) continue;
    let files;
    try {
      files = await stored.json();
    } catch {
      continue;
    }
    for (const [path, hash] of Object.entries(files)) {
      if (!found.has(path) && typeof hash === "string") found.set(path, { cache, hash });
    }
  }
  return found;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const previous = await previousFiles();
  const queue = Object.keys(FILES);
  const copy = async (path) => {
    const url = urlOf(path);
    if (await cache.match(url)) return; // stored by an interrupted install of this version
    const old = previous.get(path);
    if (old && old.hash === FILES[path]) {
      const response = await old.cache.match(url);
      if (response) {
        await cache.put(url, response);
        return;
      }
    }
    await cache.put(url, await fetchVerified(path, FILES[path]));
  };
  const lane = async () => {
    while (queue.length) await copy(queue.shift());
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  await cache.put(urlOf(MANIFEST), new Response(JSON.stringify(FILES), {
    headers: { "Content-Type": "application/json" },
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
});

// The listed path a request asks for, or null.
function listedPath(url, navigate) {
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  const path = url.pathname.slice(scope.pathname.length);
  if (Object.hasOwn(FILES, path)) return path;
  if (path === "index.html" || path.endsWith("/index.html")) {
    const dir = path.slice(0, -"index.html".length);
    if (Object.hasOwn(FILES, dir)) return dir;
  }
  if (navigate && Object.hasOwn(FILES, path + "/")) return path + "/";
  return null;
}

async function fromCache(request, url, path) {
  const cached = await caches.match(urlOf(path), { cacheName: CACHE });
  if (!cached) return fetch(request); // not stored yet (first install still running)
  if (request.mode === "navigate" && !url.pathname.endsWith("/") && path.endsWith("/")) {
    // "games/kovboy" -> "games/kovboy/", as the host redirects: relative links need the slash.
    return Response.redirect(urlOf(path) + url.search, 301);
  }
  if (url.search && request.mode !== "navigate") {
    // A query on a static file (the engine worker's worker.mjs?path=...): the
    // stored response carries the URL without it, and a worker takes its
    // location from the response. A copy without a URL gets the request's URL.
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers: cached.headers });
  }
  return cached; // unchanged: the compiled-WebAssembly cache is keyed on it
}

function offlinePage() {
  const home = scope.href;
  const body = `<!doctype html><html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Нет связи</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}</style></head>
<body><h1>Нет связи с интернетом</h1>
<p>Этой страницы нет в сохранённой на устройстве копии сайта.</p>
<p><a href="${home}">Открыть главную страницу</a> — правила и калькуляторы работают без интернета.</p>
</body></html>`;
  return new Response(body, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// The built sitemap.xml (from the cache, else the network) with a <url> for
// every listed page added when it lists none (a build without site_url).
async function sitemap(request) {
  const stored = (await caches.match(urlOf("sitemap.xml"), { cacheName: CACHE })) || (await fetch(request));
  const text = await stored.text();
  if (text.includes("<loc>") || !text.includes("</urlset>")) {
    return new Response(text, { status: stored.status, headers: stored.headers });
  }
  const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const urls = Object.keys(FILES).filter((path) => path === "" || path.endsWith("/"))
    .map((path) => `<url><loc>${escape(urlOf(path))}</loc></url>\n`).join("");
  return new Response(text.replace("</urlset>", urls + "</urlset>"), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const navigate = request.mode === "navigate";
  if (!navigate && url.href.split("?")[0] === urlOf("sitemap.xml")) {
    event.respondWith(sitemap(request));
    return;
  }
  const path = listedPath(url, navigate);
  if (path !== null) {
    event.respondWith(fromCache(request, url, path));
  } else if (navigate && url.origin === scope.origin) {
    event.respondWith(fetch(request).catch(() => offlinePage()));
  }
});
