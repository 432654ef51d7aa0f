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
//           X-Snapshot-Encoding  "sparse": the memory without its zero pages
//                              (withoutZeroPages below says how)
// An entry for another key is deleted when it is read; so is a damaged one.

const CACHE = "rules-engine-snapshot";
// Bump when what the worker puts in the snapshot changes (2: every module of
// the engine imported, the restored engine answers before its wheel is unpacked;
// 3: stored without its zero pages).
const FORMAT = "3";
// Why sparse, not gzip: measured in headless Chromium on the developers' machine
// (3 rounds), the 31.5 MB snapshot reads from Cache Storage in 38-110 ms, its
// 4.9 MB gzip copy reads and gunzips in 167-358 ms. But half of the memory is
// zero pages (52 % of its 4 KB pages, Pyodide 314 in Node): left out, the read
// and the checksum before a restore both handle half the bytes, and putting the
// zeros back is one zeroed allocation and a copy of the rest.
const PAGE = 4096;
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

/**
 * Whether a snapshot of any version is stored: this device ran the engine before, so its
 * files are in the service worker's cache and Pyodide's start costs no download
 * (worker.mjs opens the Pyodide gate at once). Never throws.
 */
export async function present() {
  const cache = await open();
  if (!cache) return false;
  try {
    return Boolean(await cache.match(ENTRY));
  } catch {
    return false;
  }
}

export async function remove() {
  try {
    if (typeof caches !== "undefined") await caches.delete(CACHE);
  } catch {
    // nothing stored, nothing to remove
  }
}

/**
 * The stored form: [length, n, start_1, end_1, ... start_n, end_n] as
 * little-endian uint32, then the bytes of those n runs of non-zero pages, in
 * order. Everything outside the runs is zero.
 * @param {Uint8Array} data @returns {Uint8Array<ArrayBuffer>}
 */
export function withoutZeroPages(data) {
  /** @type {number[]} */
  const runs = [];
  for (let start = 0; start < data.length; start += PAGE) {
    const end = Math.min(start + PAGE, data.length);
    let zero = true;
    for (let i = start; i < end; i++) {
      if (data[i] !== 0) {
        zero = false;
        break;
      }
    }
    if (zero) continue;
    if (runs.length && runs[runs.length - 1] === start) runs[runs.length - 1] = end;
    else runs.push(start, end);
  }
  const header = 4 * (2 + runs.length);
  let size = header;
  for (let i = 0; i < runs.length; i += 2) size += runs[i + 1] - runs[i];
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length, true);
  view.setUint32(4, runs.length / 2, true);
  runs.forEach((offset, i) => view.setUint32(8 + 4 * i, offset, true));
  let at = header;
  for (let i = 0; i < runs.length; i += 2) {
    out.set(data.subarray(runs[i], runs[i + 1]), at);
    at += runs[i + 1] - runs[i];
  }
  return out;
}

/**
 * withoutZeroPages undone; throws for bytes that are not its output.
 * @param {ArrayBuffer} stored @returns {Uint8Array}
 */
export function withZeroPages(stored) {
  const bad = () => new Error("snapshot: not a sparse snapshot");
  if (stored.byteLength < 8) throw bad();
  const view = new DataView(stored);
  const length = view.getUint32(0, true);
  const n = view.getUint32(4, true);
  let at = 8 + 8 * n;
  if (at > stored.byteLength) throw bad();
  const data = new Uint8Array(length);
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const start = view.getUint32(8 + 8 * i, true);
    const end = view.getUint32(12 + 8 * i, true);
    if (start < previous || end <= start || end > length || at + end - start > stored.byteLength) throw bad();
    data.set(new Uint8Array(stored, at, end - start), start);
    at += end - start;
    previous = end;
  }
  if (at !== stored.byteLength) throw bad();
  return data;
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
  const bytes = response.arrayBuffer().then(async (stored) => {
    if ((await sha256(stored)) !== expected) throw new Error("snapshot: sha256 does not match");
    return withZeroPages(stored);
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
  const stored = withoutZeroPages(data);
  const headers = {
    "Content-Type": "application/octet-stream",
    "X-Snapshot-Key": key,
    "X-Snapshot-Sha256": await sha256(stored),
    "X-Snapshot-Encoding": "sparse",
  };
  try {
    await cache.put(ENTRY, new Response(stored, { headers }));
  } catch (err) {
    await remove();
    throw err;
  }
}
