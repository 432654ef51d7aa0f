// @ts-check
// Where the page scrolls after a record (DOM-free; tests/js/match-reveal.test.mjs):
// the part of the match a player reads after every shot — the status line,
// the board and the verdict, or a decision the rules ask for — is brought
// between the bars that stay on screen (the header and the tab bar above, the
// record bar below), moving the page as little as it can.

/**
 * @typedef {{ top: number, bottom: number }} Span a vertical stretch of the screen, px
 */

/**
 * How far to scroll (px, positive: the page moves up) so that `region` is
 * inside `room`; 0 when it already is. A region taller than the room is put
 * with its top at the room's top (the status and the board first).
 * @param {Span} region @param {Span} room
 * @returns {number}
 */
export function revealDelta(region, room) {
  if (!(room.bottom > room.top) || !(region.bottom >= region.top)) return 0;
  const above = region.top - room.top; // < 0: its top is under the bars above
  const below = region.bottom - room.bottom; // > 0: its bottom is under the bar below
  if (above < 0) return Math.round(above);
  if (below > 0) return Math.round(Math.min(below, above));
  return 0;
}

/** A target's least size (WCAG 2.5.8), px: what shows of one cut by a bar is at least this. */
export const TARGET_PX = 24;

/**
 * How far to scroll after a record so that what a player reads and taps next
 * is between the bars. Tried in order, the first that fits is revealed: the
 * status line, the board, the verdict and the whole input (the drawing, its
 * tools and the chips beside it); the same from the board (the board marks
 * whose turn it is); the status line to the next input's first part (a
 * decision's choices, the drawing with its tools); the board to it; the same
 * two to the drawing without its tools (`core`); else the board and the
 * verdict at the room's top — a decision's choices, though, down to the record
 * bar (the board above them cut: they are the only way on). The target just
 * above the status line (`above`: the panel's summary) shows at least
 * TARGET_PX of itself, never a sliver under the bar (axe target-size).
 * @param {{ status: Span, board: Span, end: Span, full?: Span, core?: Span, row?: Span | null, above?: Span | null,
 *   decision?: boolean }} parts
 *   end: the next input; full: the whole input; core: the least of it (the drawing
 *   alone), each by default `end`; row: the buttons under the drawing (its tools)
 * @param {Span} room
 * @returns {number}
 */
export function readingDelta({ status, board, end, full = end, core = end, row = null, above = null, decision = false }, room) {
  const height = room.bottom - room.top;
  const head = above ? Math.min(status.top, Math.max(above.top, above.bottom - TARGET_PX)) : status.top;
  const tries = [[head, full.bottom], [board.top, full.bottom], [head, end.bottom], [board.top, end.bottom],
    [head, core.bottom], [board.top, core.bottom]];
  for (const [top, last] of tries) {
    const bottom = Math.max(last, board.bottom);
    if (bottom - top <= height) return clearOfBar(revealDelta({ top, bottom }, room), row, room);
  }
  if (!(height > 0)) return 0;
  // A decision's choices are the only way on: they come first, their bottom on the record bar.
  if (decision && core.bottom - core.top <= height) return Math.round(core.bottom - room.bottom);
  return clearOfBar(Math.round(board.top - room.top), row, room);
}

/**
 * A row of targets the record bar would cut (the drawing's tools when only
 * the drawing fits) goes wholly under it instead: a sliver of a button is not
 * a target (axe target-size). The page then moves a little less; what is
 * above the row moves down with it and stays in the room.
 * @param {number} delta @param {Span | null} row @param {Span} room
 */
function clearOfBar(delta, row, room) {
  if (!row) return delta;
  const [top, bottom] = [row.top - delta, row.bottom - delta];
  return top < room.bottom && bottom > room.bottom ? Math.floor(row.top - room.bottom) : delta;
}
