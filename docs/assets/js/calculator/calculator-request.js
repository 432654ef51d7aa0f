// @ts-check
// The calculator's decisions that need no DOM (calculator.js reads the form
// and draws the answer): the request it sends, what «Рассчитать» says while
// the engine works, and whether a refused field is out of the clear part of
// the screen.

/** @typedef {import("../lib/types.js").Action} Action */
/** @typedef {import("../lib/types.js").Request} Request */

/**
 * The request for one ruling; options only when the form sets some.
 * @param {string} game @param {Record<string, unknown>} situation @param {Action | null} action
 * @param {Record<string, unknown>} options @returns {Request}
 */
export function rulingRequest(game, situation, action, options) {
  /** @type {Request} */
  const request = { op: "ruling", game, situation, action };
  if (Object.keys(options).length) request.options = options;
  return request;
}

/** What «Рассчитать» says while the answer is on its way. @param {string} engineState engine-client.js getStatus().state */
export function busyLabel(engineState) {
  return engineState === "loading" ? "Ждём загрузки правил…" : "Считаем…";
}

/**
 * A field is brought into view between the sticky bars (the middle of the
 * screen is clear of both) when it is under the top bar or in the lowest quarter.
 * @param {{ top: number, bottom: number }} box the field's bounding box
 * @param {number} barBottom where the sticky top bars end @param {number} viewHeight
 */
export function outOfClearView(box, barBottom, viewHeight) {
  return box.top < barBottom || box.bottom > viewHeight * 0.75;
}
