// @ts-check
// «▾ ещё» under the drawing: the shot's line and the hint stand in a place
// three rows high (shot-input.css .rb-shot-said); a tap shows what comes next.
// It scrolled by the place's height less a row, so the place began in the middle
// of a sentence (notes/newcomer-2026-12-04-night.md, item 2). Now the place
// begins at the row where the first sentence not shown whole starts, and always
// on a row's top: whole rows, and the sentence that was cut shown from its start.
//
// node --test: tests/js/said-fold.test.mjs (sentenceStarts, nextFoldTop).

/**
 * A row of the place's text: its top in the place's content (px from the
 * content's top, the place's scroll left out), its height, whether a sentence
 * (or a paragraph) begins in it (`starts`) and whether one begins at its head.
 * @typedef {{ top: number, height: number, starts: boolean, head: boolean }} FoldRow
 */

/**
 * Where the sentences of a text begin: 0, and after «.», «!», «?» or «…»
 * (a closing quote or bracket may follow) and a space, before a capital,
 * a digit or an opening quote.
 * @param {string} text @returns {number[]}
 */
export function sentenceStarts(text) {
  const starts = text.trim() ? [text.length - text.trimStart().length] : [];
  for (const m of text.matchAll(/[.!?…][»)"]?\s+(?=[А-ЯЁA-Z0-9«"(])/g)) starts.push((m.index || 0) + m[0].length);
  return starts;
}

/**
 * The top to scroll the place to: the top of the row where the first sentence
 * not shown whole begins, if that is below the place's top now; else (a sentence
 * longer than the place) the row before the first one cut, one row of what was read
 * kept; the end of the text at most.
 * @param {FoldRow[]} rows in order @param {number} scrollTop @param {number} height the place's
 * @param {number} maxTop @returns {number}
 */
export function nextFoldTop(rows, scrollTop, height, maxTop) {
  const cut = rows.findIndex((r) => r.top + r.height > scrollTop + height + 0.5);
  if (cut < 0) return maxTop;
  // The sentence the cut row's head belongs to: it begins there, or in the last row above with a beginning.
  let start = cut;
  if (!rows[cut].head) do start -= 1; while (start > 0 && !rows[start].starts);
  let row = Math.max(start, 0);
  if (rows[row].top <= scrollTop + 0.5) row = Math.max(cut - 1, 0);
  if (rows[row].top <= scrollTop + 0.5) row = cut;
  return Math.min(rows[row].top, maxTop);
}

/**
 * The rows of the place's paragraphs as laid out now (one text node each).
 * @param {HTMLElement} place @returns {FoldRow[]}
 */
export function foldRows(place) {
  const origin = place.getBoundingClientRect().top + place.clientTop - place.scrollTop;
  /** @type {FoldRow[]} */
  const rows = [];
  for (const p of place.children) {
    const text = p.firstChild;
    if (!(p instanceof HTMLElement) || !text || text.nodeType !== Node.TEXT_NODE || !p.getClientRects().length) continue;
    const line = parseFloat(getComputedStyle(p).lineHeight) || 16;
    const top = p.getBoundingClientRect().top - origin;
    const range = document.createRange();
    range.selectNodeContents(text);
    const lefts = [...range.getClientRects()].map((r) => r.left);
    const own = lefts.map((_, i) => ({ top: top + i * line, height: line, starts: false, head: false }));
    const length = (text.textContent || "").length;
    for (const at of sentenceStarts(text.textContent || "")) {
      range.setStart(text, at);
      range.setEnd(text, Math.min(at + 1, length));
      const glyph = range.getClientRects()[0];
      const i = glyph ? Math.floor((glyph.top + glyph.height / 2 - origin - top) / line) : -1;
      if (!own[i]) continue;
      own[i].starts = true;
      if (glyph && Math.abs(glyph.left - lefts[i]) < 1) own[i].head = true;
    }
    rows.push(...own);
  }
  return rows;
}
