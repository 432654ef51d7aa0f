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
