// @ts-check
// A match in a link: the engine's state (JSON) in the URL fragment, so the
// opponent's phone opens the same score and history with no server.
//
//   #match=1z<base64url of deflate-raw(JSON)>   where CompressionStream exists
//   #match=1j<base64url of UTF-8 JSON>          elsewhere (longer, same content)
//
// The fragment never reaches a server. Opening a link only decodes it here;
// the scorekeeper validates the state with the engine (match.view).

const PARAM = "match=";
const VERSION = "1";
export const MAX_FRAGMENT = 60_000; // characters: far above a real match, far below what browsers accept
// Bytes of JSON a link may unpack to: a 5 000-shot match is about 0.6 MB. A few KB
// of deflate can unpack to gigabytes, so the inflate is streamed and stopped here.
export const MAX_DECODED = 2_000_000;

/** @param {Uint8Array} bytes */
function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError("в ссылке есть лишние символы");
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  let binary;
  try {
    binary = atob(base64);
  } catch {
    throw new LinkError("ссылка обрезана");
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** @param {CompressionStream} stream @param {Uint8Array<ArrayBuffer>} bytes */
async function through(stream, bytes) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

// Inflates chunk by chunk and gives up past `limit` bytes, before holding them all.
/** @param {Uint8Array<ArrayBuffer>} bytes @param {number} limit */
async function inflateCapped(bytes, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      reader.cancel().catch(() => {});
      throw new LinkError("партия в ссылке слишком большая");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export class LinkError extends Error {}

export const canCompress = () => typeof CompressionStream === "function" && typeof DecompressionStream === "function";

// -> the fragment text without "#": "match=1z..."
/** @param {import("../lib/types.js").MatchState} state @returns {Promise<string>} */
export async function encodeMatch(state) {
  const json = new TextEncoder().encode(JSON.stringify(state));
  if (canCompress()) {
    try {
      return `${PARAM}${VERSION}z${toBase64url(await through(new CompressionStream("deflate-raw"), json))}`;
    } catch {
      /* fall through to the plain form */
    }
  }
  return `${PARAM}${VERSION}j${toBase64url(json)}`;
}

/**
 * @param {string} fragment
 * @param {{ origin: string, pathname: string, search: string }} [location]
 */
export function matchUrl(fragment, location = window.location) {
  return `${location.origin}${location.pathname}${location.search}#${fragment}`;
}

// Is there a match in this fragment ("#match=..." or "match=...")?
/** @param {string | null | undefined} hash */
export function hasMatch(hash) {
  return (hash || "").replace(/^#/, "").startsWith(PARAM);
}

// -> the state object; throws LinkError with a Russian reason. The object is
// only JSON: the engine (match.view) tells whether it is a match state.
/** @param {string | null | undefined} hash @returns {Promise<Record<string, unknown>>} */
export async function decodeMatch(hash) {
  const text = (hash || "").replace(/^#/, "");
  if (!text.startsWith(PARAM)) throw new LinkError("в ссылке нет партии");
  if (text.length > MAX_FRAGMENT) throw new LinkError("ссылка слишком длинная");
  const body = text.slice(PARAM.length);
  // Another version's link starts with its version's digit; anything else there (an empty
  // «#match=», «#match=hello») is a damaged link, not a newer site's (a newcomer).
  if (!/^[0-9]/.test(body)) throw new LinkError("ссылка повреждена или обрезана");
  if (body[0] !== VERSION) throw new LinkError("ссылка сделана другой версией сайта");
  const codec = body[1];
  let bytes = fromBase64url(body.slice(2));
  if (codec === "z") {
    if (!canCompress()) throw new LinkError("этот браузер не умеет распаковывать сжатые ссылки; обновите его");
    try {
      bytes = await inflateCapped(bytes, MAX_DECODED);
    } catch (error) {
      if (error instanceof LinkError) throw error;
      throw new LinkError("ссылка повреждена или обрезана");
    }
  } else if (codec !== "j") {
    throw new LinkError("ссылка повреждена или обрезана"); // this version has the two codecs only
  }
  let state;
  try {
    state = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new LinkError("ссылка повреждена или обрезана");
  }
  if (state === null || typeof state !== "object" || Array.isArray(state)) {
    throw new LinkError("в ссылке нет данных партии");
  }
  return state;
}

// Drops the fragment from the address bar without a navigation.
export function clearMatchFromUrl() {
  if (!hasMatch(window.location.hash)) return;
  try {
    history.replaceState(history.state, "", `${window.location.pathname}${window.location.search}`);
  } catch {
    /* the address keeps the link; nothing else depends on it */
  }
}
