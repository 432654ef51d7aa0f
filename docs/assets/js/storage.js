// localStorage that never throws: private mode, a full quota or disabled
// storage must not break a tool, only make it forget on reload.

const PREFIX = "rules-site:";

function store() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// -> {status: "missing" | "ok" | "corrupt" | "unavailable", value?, raw?}
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

export function saveJSON(key, value) {
  const s = store();
  if (!s) return false;
  try {
    s.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

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

export function remove(key) {
  const s = store();
  if (!s) return;
  try {
    s.removeItem(PREFIX + key);
  } catch {
    /* nothing to do */
  }
}
