// @ts-check
// The phone's «Правила»/«Калькулятор»/«Счёт» tabs decided from numbers, without DOM (the
// DOM-free half of docs/assets/js/page/layout.js): the tab a page opens on, what a
// tab's click does, how far a kept block has moved, the open tool a reload
// keeps in its place and where it was.
//
// node --test: tests/js/layout-core.test.mjs, tests/js/tool-at-line.test.mjs.

/** The event a tool gets when its tab is shown the first time by a tap (layout.js): the
 * calculator then brings up its form, as a tap on its title does (calculator.js). */
export const TAB_OPENED = "rb-tab-opened";

/**
 * A tool's own tab on a phone (its data-rb-tab): «Калькулятор» for the
 * calculator; «Счёт» ("tools", its name before the calculator had a tab of
 * its own) for the scorekeeper and any other tool. A link that names a tool
 * opens its tab (the home page's «Калькулятор удара» opened «Счёт»,
 * notes/newcomer-2026-12-04-night.md, item 10).
 * @param {string} kind the tool's data-rb-tool @returns {"calculator" | "tools"}
 */
export function toolTab(kind) {
  return kind === "calculator" ? "calculator" : "tools";
}

/**
 * The tab a page opens on: the tab of the tool its address's fragment names
 * (#rb-calculator-kovboy), else the one the reader left it on, as
 * sessionStorage kept it.
 * @param {string | null} stored @param {string} [fragment] the address's id, without «#»
 * @returns {"rules" | "tools" | "calculator"}
 */
export function storedTab(stored, fragment = "") {
  const named = /^rb-([a-z]+)-/.exec(fragment);
  if (named) return toolTab(named[1]);
  return stored === "tools" || stored === "calculator" ? stored : "rules";
}

/**
 * What a click on a tab does: nothing on the tab shown; the first visit to a
 * tool's tab opens its tool at the top (`first`); any other shows the tab where it was left.
 * @param {string} shown the tab shown
 * @param {string} clicked the clicked tab's data-rb-tab
 * @param {number} kept the scroll kept for the clicked tab (0: never shown, or at its top)
 * @returns {{ next: string, first: boolean } | null}
 */
export function tabStep(shown, clicked, kept) {
  if (clicked === shown) return null;
  const next = clicked || "rules";
  return { next, first: next !== "rules" && !kept };
}

/**
 * How far to scroll to bring a block back to where it stood: 0 for less than a pixel.
 * @param {number} top its viewport top now @param {number} kept its viewport top before
 * @returns {number} px
 */
export function driftOf(top, kept) {
  const moved = top - kept;
  return Math.abs(moved) >= 1 ? moved : 0;
}

/**
 * The line across the middle of the screen below the sticky bars.
 * @param {number} barsBottom px from the screen's top @param {number} screenHeight
 * @returns {number} px from the screen's top
 */
export function readingLine(barsBottom, screenHeight) {
  return (barsBottom + screenHeight) / 2;
}

/**
 * Which of the open tools a reload keeps in its place: the one the player is
 * looking at — the one across the middle of the screen below the bars (`line`),
 * else the first below it, else the last above. The first open tool was kept before: with
 * the calculator open above the scorekeeper, a reload held the calculator, and
 * the match moved by whatever the calculator's height did (the walk: «Кладка
 * кием» at 360 px, the board 27 px under the header, layout shift 0.059).
 * @param {{ top: number, bottom: number }[]} boxes the open tools' boxes, in page order
 * @param {number} line px from the screen's top @returns {number} its index, -1 for none
 */
export function toolAtLine(boxes, line) {
  const across = boxes.findIndex((b) => b.top <= line && b.bottom > line);
  if (across >= 0) return across;
  const below = boxes.findIndex((b) => b.top > line);
  return below >= 0 ? below : boxes.length - 1;
}

/**
 * The tool a reload on «Счёт» keeps, as it was saved: its id, its viewport
 * top and the page's height (0: unknown; at most 1e6). Null for none or a
 * damaged record.
 * @param {string | null} text @returns {{ id: string, top: number, height: number } | null}
 */
export function parseKeptTop(text) {
  try {
    const kept = JSON.parse(text || "null");
    if (!kept || typeof kept.id !== "string" || typeof kept.top !== "number") return null;
    const height = typeof kept.height === "number" && Number.isFinite(kept.height) ? Math.min(Math.max(kept.height, 0), 1e6) : 0;
    return { id: kept.id, top: kept.top, height };
  } catch {
    return null;
  }
}
