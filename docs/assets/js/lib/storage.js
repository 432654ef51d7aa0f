// @ts-check
// localStorage that never throws: private mode, a full quota or disabled
// storage must not break a tool, only make it forget on reload. Every key
// gets the site's prefix.

const PREFIX = "rules-site:";

/**
 * @typedef {{ status: "missing" } | { status: "unavailable" } | { status: "ok", value: unknown, raw: string }
 *   | { status: "corrupt", raw: string }} Loaded
 */

/** A JSON object (not null, not a list): what a stored record must be before its fields are read.
 * @param {unknown} x @returns {x is Record<string, any>} */
export function isObject(x) {
  return x !== null && typeof x === "object" && !Array.isArray(x);
}

/** A list as saved (or as the engine sent it), each item as a string; anything else: none. @param {unknown} x @returns {string[]} */
export function strings(x) {
  return Array.isArray(x) ? x.map(String) : [];
}

function store() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function available() {
  const s = store();
  if (!s) return false;
  try {
    s.getItem(`${PREFIX}probe`);
    return true;
  } catch {
    return false;
  }
}

// -> string | null (null: missing or storage unavailable)
/** @param {string} key @returns {string | null} */
export function loadRaw(key) {
  const s = store();
  if (!s) return null;
  try {
    return s.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

// -> {status: "missing" | "ok" | "corrupt" | "unavailable", value?, raw?}
/** @param {string} key @returns {Loaded} */
export function loadJSON(key) {
  const s = store();
  if (!s) return { status: "unavailable" };
  let raw;
  try {
    raw = s.getItem(PREFIX + key);
  } catch {
    return { status: "unavailable" };
  }
  if (raw === null) return { status: "missing" };
  try {
    return { status: "ok", value: JSON.parse(raw), raw };
  } catch {
    return { status: "corrupt", raw };
  }
}

/** @param {string} key @param {unknown} value @returns {boolean} */
export function saveJSON(key, value) {
  return saveRaw(key, JSON.stringify(value));
}

/** @param {string} key @param {string} raw @returns {boolean} */
export function saveRaw(key, raw) {
  const s = store();
  if (!s) return false;
  try {
    s.setItem(PREFIX + key, raw);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} key */
export function remove(key) {
  const s = store();
  if (!s) return;
  try {
    s.removeItem(PREFIX + key);
  } catch {
    /* nothing to do */
  }
}

// The keys (without the site prefix) that start with `prefix`.
/** @param {string} prefix @returns {string[]} */
export function keysStartingWith(prefix) {
  const s = store();
  if (!s) return [];
  const out = [];
  try {
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i);
      if (key && key.startsWith(PREFIX + prefix)) out.push(key.slice(PREFIX.length));
    }
  } catch {
    return out;
  }
  return out;
}
