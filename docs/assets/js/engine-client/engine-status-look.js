// @ts-check
// What the engine's status shows for one status (engine-status.js), without a
// DOM: the words and the bar of the status box, whether the box is hidden or
// busy, the badge and the line along the tool's summary, the words of a button
// waiting for the engine, and whether a retry button is wanted.

import { badgeText, progressText } from "./progress-text.js";

/** @typedef {import("../lib/types.js").EngineStatus} EngineStatus */

/** The words a tool's button shows while its request waits for the engine (calculator.js, trainer.js). */
const WAITING = "Ждём загрузки правил";

/** The fill of a progress bar (tool-panel.css: a transform, so that it moves nothing).
 * @param {number | null} fraction null: unknown (the stylesheet's moving part) */
export function fill(fraction) {
  return fraction === null ? "" : `scaleX(${Math.round(fraction * 100) / 100})`;
}

/**
 * @typedef {object} StatusLook
 * @property {boolean} loading  the engine is loading: the words tick every second
 * @property {boolean} hidden  the status box is hidden (the engine is ready)
 * @property {string} text  the status box's words, also the bar's aria-valuetext
 * @property {string} fill  the bar's and the summary line's transform
 * @property {boolean} unknown  how far it is is not known (the moving bar)
 * @property {string | null} valueNow  the bar's aria-valuenow (percent), null: none
 * @property {string} waiting  the words of a button waiting for the engine
 * @property {string} badge  the summary's badge
 * @property {boolean} failed  the load failed: a retry button is offered
 */

/**
 * @param {EngineStatus} status @param {number} seconds since the page opened (counted only while loading)
 * @returns {StatusLook}
 */
export function statusLook(status, seconds) {
  const loading = status.state === "loading";
  const words = progressText(status, loading ? seconds : null);
  const { fraction } = words;
  return {
    loading,
    hidden: status.state === "ready",
    text: words.text,
    fill: fill(fraction),
    unknown: fraction === null,
    valueNow: fraction === null ? null : String(Math.round(fraction * 100)),
    waiting: words.short ? `${WAITING}… ${words.short}` : `${WAITING}…`,
    badge: badgeText(status.state, words.short),
    failed: status.state === "failed",
  };
}

/** A button's words say it waits for the engine (they then show the progress). @param {string | null} label */
export function isWaiting(label) {
  return Boolean(label) && /** @type {string} */ (label).startsWith(WAITING);
}
