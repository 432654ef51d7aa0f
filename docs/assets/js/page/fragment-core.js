// @ts-check
// What a link's #fragment names, and how far down the sticky bars reach: the
// DOM-free half of docs/assets/js/page/fragment-target.js (node tests:
// tests/js/fragment-core.test.mjs).

/**
 * The element id a location's hash names ("" for none or a malformed escape).
 * @param {string} hash "#kovboy-rule-8", "#%D0%B0", "" @returns {string}
 */
export function fragmentId(hash) {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!raw) return "";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * @typedef {{ position: string, top: number, height: number, shown: boolean }} Bar
 *   a bar's computed position and `top` (px; NaN for `auto`), its height, whether it is drawn
 */

/**
 * How far from the viewport's top the sticky and fixed bars reach once they
 * are stuck: the lowest stuck bottom (`top` + height) of those drawn. A bar in
 * the flow (static, relative) covers nothing when the page is scrolled.
 * @param {Bar[]} bars @returns {number} whole px, 0 without bars
 */
export function stuckBottom(bars) {
  let bottom = 0;
  for (const bar of bars) {
    if (!bar.shown || bar.height <= 0 || (bar.position !== "sticky" && bar.position !== "fixed")) continue;
    const top = Number.isFinite(bar.top) ? bar.top : 0;
    bottom = Math.max(bottom, top + bar.height);
  }
  return Math.ceil(bottom);
}
