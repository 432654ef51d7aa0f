// @ts-check
// When the screen wake lock is asked for, kept or let go (wakelock.js), decided
// without the DOM or the Screen Wake Lock API: each function takes what the
// page knows now (is a match on screen, is a lock held or being asked for, is
// the page visible and still in the document) and names the next step.

/**
 * @typedef {{ wanted: boolean, held: boolean, pending: boolean, supported: boolean, visible: boolean, connected: boolean }} LockSituation
 * wanted: a match is on screen; held: a lock is held; pending: a request is under way;
 * supported: the browser has the API; visible: the page is visible; connected: the tool is still in the page
 */

/**
 * Asking for the lock now: "skip" (not wanted, held or asked for already, no API, page hidden),
 * "stop" (the tool left the page: let go of everything) or "request".
 * @param {LockSituation} now @returns {"skip" | "stop" | "request"}
 */
export function acquireStep({ wanted, held, pending, supported, visible, connected }) {
  if (!wanted || held || pending || !supported || !visible) return "skip";
  return connected ? "request" : "stop";
}

/**
 * A lock the browser has just granted: "keep" it, or "release" it at once
 * (the match left the screen, or the tool left the page, while it was asked for).
 * @param {{ wanted: boolean, connected: boolean }} now @returns {"keep" | "release"}
 */
export function grantedStep({ wanted, connected }) {
  return wanted && connected ? "keep" : "release";
}

/**
 * want(on): "ignore" (a match shown in a tool no longer in the page, or nothing changes),
 * "acquire" (still wanted: ask again if the lock was dropped), "start" (begin wanting it) or "stop".
 * @param {boolean} on @param {{ wanted: boolean, connected: boolean }} now
 * @returns {"ignore" | "acquire" | "start" | "stop"}
 */
export function wantStep(on, { wanted, connected }) {
  if (on && !connected) return "ignore";
  if (on === wanted) return on ? "acquire" : "ignore";
  return on ? "start" : "stop";
}

/**
 * The page's visibility changed: "stop" (the tool left the page), "acquire" (visible again:
 * the browser dropped the lock when it was hidden) or "none".
 * @param {{ connected: boolean, visible: boolean }} now @returns {"stop" | "acquire" | "none"}
 */
export function visibilityStep({ connected, visible }) {
  if (!connected) return "stop";
  return visible ? "acquire" : "none";
}
