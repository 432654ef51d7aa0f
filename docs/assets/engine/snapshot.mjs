// @ts-check
// The engine's memory snapshot, kept on this device in Cache Storage (used by
// worker.mjs), and the warm-up's mark (`warmed`, below). Never fetched from the network:
//   cache "rules-engine-snapshot" (not "rules-site-*": the service worker
//   deletes those on every new site version), URL <site root>/__engine-snapshot
//   headers X-Snapshot-Key     FORMAT/<runtime path><stdlib file>/<wheel sha256>:
//                              the trimmed standard library's file name carries
//                              its hash, the wheel's sha256 comes from the lock file,
//                              the runtime is pinned by its version path
//           X-Snapshot-Sha256  of the stored bytes (checked before a restore:
//                              a damaged snapshot would hang or crash Pyodide)
//           X-Snapshot-Encoding  "gzip" or "identity" (see COMPRESS)
// An entry for another key is deleted when it is read; so is a damaged one.

const CACHE = "rules-engine-snapshot";
// Bump when what the worker puts in the snapshot changes (2: every module of
// the engine imported, the restored engine answers before its wheel is unpacked).
const FORMAT = "2";
// Measured in headless Chromium on the developers' machine (3 rounds): the 31.5 MB
// snapshot reads from Cache Storage in 38-110 ms; its 4.9 MB gzip copy reads and
// gunzips in 167-358 ms and takes 1.2-1.7 s to compress. Raw is faster on every
// visit, so it is kept raw (31 MB of the device's storage, not 5).
const COMPRESS = false;
const ENTRY = new URL("../../__engine-snapshot", import.meta.url).href;

/** @param {BufferSource} data */
export async function sha256(data) {
  const digest = await crypto.subtle.digest("SHA-256", data);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {string} runtimePath @param {string} stdlib @param {string} wheelSha256 */
export function keyOf(runtimePath, stdlib, wheelSha256) {
  return `${FORMAT}/${runtimePath}${stdlib}/${wheelSha256}`;
}

async function open() {
  if (typeof caches === "undefined" || typeof crypto === "undefined" || !crypto.subtle) return null;
  try {
    return await caches.open(CACHE);
  } catch {
    return null; // storage refused (private mode, policy)
  }
}

/** Whether this browser can keep a snapshot at all. */
export async function available() {
  return (await open()) !== null;
}

export async function remove() {
  try {
    if (typeof caches !== "undefined") await caches.delete(CACHE);
  } catch {
    // nothing stored, nothing to remove
  }
}

/** @param {Response} response */
async function decoded(response) {
  if (response.headers.get("X-Snapshot-Encoding") !== "gzip") return response.arrayBuffer();
  return new Response(/** @type {ReadableStream} */ (response.body).pipeThrough(new DecompressionStream("gzip")))
    .arrayBuffer();
}

/**
 * The stored snapshot for this key, or null (none, another version: deleted).
 * The key is a promise (it needs the lock file): with no entry stored (a first
 * visit) the answer comes without waiting for it, so the normal boot's downloads
 * start at once. `bytes` is already being read: it resolves to the verified
 * bytes, or rejects for a damaged entry (the caller deletes it and boots normally).
 * @param {Promise<string>} keyPromise
 * @returns {Promise<{bytes: Promise<Uint8Array>} | null>}
 */
export async function read(keyPromise) {
  const cache = await open();
  if (!cache) return null;
  let response;
  try {
    response = await cache.match(ENTRY);
  } catch {
    return null;
  }
  if (!response) return null;
  const key = await keyPromise.catch(() => null);
  const expected = response.headers.get("X-Snapshot-Sha256");
  if (!key || response.headers.get("X-Snapshot-Key") !== key || !expected) {
    await remove(); // another site version made it
    return null;
  }
  const bytes = decoded(response).then(async (data) => {
    if ((await sha256(data)) !== expected) throw new Error("snapshot: sha256 does not match");
    return new Uint8Array(data);
  });
  bytes.catch(() => {});
  return { bytes };
}

// Whether this device's browser was made to cache the optimized WebAssembly of
// the runtime (worker.mjs, warmUp): an entry beside the snapshot that holds the key.
const WARMED = new URL("../../__engine-warmed", import.meta.url).href;

/** @param {string} key */
export async function warmed(key) {
  const cache = await open();
  const response = cache && (await cache.match(WARMED).catch(() => null));
  return !!response && response.headers.get("X-Warmed-Key") === key;
}

/** @param {string} key */
export async function markWarmed(key) {
  const cache = await open();
  if (cache) await cache.put(WARMED, new Response("", { headers: { "X-Warmed-Key": key } }));
}

/**
 * Store a snapshot; a refusal (quota) leaves nothing behind and rejects.
 * @param {string} key @param {Uint8Array<ArrayBuffer>} data
 */
export async function write(key, data) {
  const cache = await open();
  if (!cache) throw new Error("snapshot: no Cache Storage");
  const hash = await sha256(data);
  let body = new Blob([data]);
  if (COMPRESS) body = await new Response(body.stream().pipeThrough(new CompressionStream("gzip"))).blob();
  const headers = {
    "Content-Type": "application/octet-stream",
    "X-Snapshot-Key": key,
    "X-Snapshot-Sha256": hash,
    "X-Snapshot-Encoding": COMPRESS ? "gzip" : "identity",
  };
  try {
    await cache.put(ENTRY, new Response(body, { headers }));
  } catch (err) {
    await remove();
    throw err;
  }
}
