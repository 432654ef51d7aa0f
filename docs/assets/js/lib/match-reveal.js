// @ts-check
// Where the page scrolls after a record (DOM-free; tests/js/match-reveal.test.mjs):
// the part of the match a player reads after every shot — the status line,
// the board and the verdict, or a decision the rules ask for — is brought
// between the bars that stay on screen (the header and the tab bar above, the
// record bar below), moving the page as little as it can.

/**
 * @typedef {{ top: number, bottom: number, whole?: boolean, text?: boolean }} Span a vertical stretch of the
 *   screen, px; whole: a line read first (a title, the status line), shown whole or not at all where a bar
 *   would cut it (uncutDelta); text: such a line that is no control (it gives way to a control's size)
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

/**
 * How far to scroll after an answer is checked (the quiz, the тренажёр): the answer given
 * (`given`) and the whole verdict (`verdict`), else the answer and the verdict's first line
 * (`head`: «Верно»/«Неверно»), brought into `room` together, the page moving the least;
 * when neither fits, the verdict with its top at the room's top (however long the
 * explanation). Going to the verdict alone took the answer chosen off the screen at
 * 360 px (a newcomer).
 * @param {Span | null} given @param {Span} head @param {Span} verdict @param {Span} room @returns {number}
 */
export function answeredDelta(given, head, verdict, room) {
  for (const last of [verdict, head]) {
    const both = given ? { top: Math.min(given.top, last.top), bottom: Math.max(given.bottom, last.bottom) } : last;
    if (both.bottom - both.top <= room.bottom - room.top) return revealDelta(both, room);
  }
  return Math.round(head.top - room.top);
}

/** A target's least size (WCAG 2.5.8), px: what shows of one cut by a bar is at least this. */
export const TARGET_PX = 24;

/**
 * How far to scroll after a record so that what a player reads and taps next
 * is between the bars. Tried in order, the first that fits is revealed: the
 * status line, the board, the verdict and the whole input (the drawing, its
 * tools and the chips beside it); the same to the input's first part (a
 * decision's choices, the drawing with its tools); the same to the drawing
 * without its tools (`core`) — the status line says who plays and the score,
 * so it stays rather than the input's lower part, which can be scrolled to (a
 * newcomer never saw «Банк — 16 очков» in «пробка» with four players) — then
 * then, only when the status line has no words, the same three from the
 * board (the board marks whose turn it is); else the status line's words (or,
 * when they do not fit with the board, the board) and the verdict at the
 * room's top — a decision's choices, though, down to the record bar (the board
 * above them cut: they are the only way on). Each try from the status line is
 * made from its held box's top, then from its words' top (`words`: the box
 * keeps two lines' room, the words stand at its foot; its blank goes under the
 * bars). The words never give way to the input's foot, which can be scrolled
 * to: «Банк — 24 очка.» in «пробка» is said nowhere else (a newcomer, three
 * players at 390 px, lost it under the tab bar after a foul's taller line).
 * The status line's words and the panel's title just above it (`above`: its
 * summary) are shown whole or hidden whole under the bars, whichever moves the
 * page less — never cut through their words (a newcomer read a half-hidden
 * title as a broken page).
 * @param {{ status: Span, words?: Span | null, board: Span, end: Span, full?: Span, core?: Span, row?: Span | null,
 *   above?: Span | null, decision?: boolean, statusFirst?: boolean }} parts
 *   end: the next input; full: the whole input; core: the least of it (the drawing
 *   alone), each by default `end`; row: the buttons under the drawing (its tools);
 *   statusFirst false: each part of the input is tried from the status line, then
 *   from the board, before a smaller part (an undo: the page moves less under the
 *   thumb; a chip under the input's first part: it comes on screen) — the status
 *   line may then go under the bars
 * @param {Span} room
 * @returns {number}
 */
export function readingDelta({ status, words = null, board, end, full = end, core = end, row = null, above = null,
  decision = false, statusFirst = true }, room) {
  const height = room.bottom - room.top;
  // The drawing with its tools' row before the drawing alone: the row holds a shot's own input («Ни один шар
  // не упал» in «Кладка»), and showing the panel's title instead left it under the record bar (the walk, at
  // 1280×800: a new match's first shot needed a scroll).
  const withRow = row ? Math.max(core.bottom, row.bottom) : core.bottom;
  // The status line's words are never given way for the input's foot: with them, no try starts at the board's top
  // (a newcomer lost «Банк — 24 очка.» under the tab bar in «пробка», three players, after a foul's taller line).
  const head = words && words.top > status.top ? words.top : null;
  const tops = head === null ? [status.top, board.top] : [status.top, head];
  const heads = [head === null ? status : /** @type {Span} */ (words), above]; // shown whole or wholly hidden: the words, not their box
  const lasts = [full.bottom, end.bottom, withRow, core.bottom];
  const tries = statusFirst ? tops.flatMap((top) => lasts.map((last) => [top, last]))
    : lasts.flatMap((last) => tops.map((top) => [top, last]));
  for (const [top, last] of tries) {
    const region = { top, bottom: Math.max(last, board.bottom) };
    if (region.bottom - top <= height) return clearOfBar(wholeOrHidden(revealDelta(region, room), heads, region, room), row, room);
  }
  if (!(height > 0)) return 0;
  // A decision's choices are the only way on: they come first, their bottom on the record bar.
  if (decision && core.bottom - core.top <= height) return Math.round(core.bottom - room.bottom);
  // The status line leads when it fits with the board (who plays, the score): the drawing is scrolled to.
  // The words at the room's top, the held box's blank under the bars: the most of the input below them.
  const top = head === null ? status.top : head;
  if (!((statusFirst || head !== null) && board.bottom - top <= height)) return clearOfBar(Math.round(board.top - room.top), row, room);
  const region = { top, bottom: board.bottom }; // the title above it wholly under the bars, not a sliver
  return clearOfBar(wholeOrHidden(Math.round(top - room.top), heads, region, room), row, room);
}

/**
 * `delta` moved the least it takes so that no line above the revealed region
 * (`heads`: the status line, the panel's title above it) is cut by the bars
 * above: each is shown whole or wholly under them, whichever is nearer, so
 * long as `region` stays in the room (within a pixel: the page scrolls by
 * whole pixels). The same search as uncutDelta's for its whole lines.
 * @param {number} delta @param {(Span | null)[]} heads @param {Span} region @param {Span} room
 * @returns {number}
 */
function wholeOrHidden(delta, heads, region, room) {
  const limits = { min: region.bottom - room.bottom - 1, max: region.top - room.top + 1 };
  return nearestClear(delta, wholeLines(heads), openView(room), limits) ?? delta;
}

/** The heads as lines to be shown whole or not at all. @param {(Span | null)[]} heads @returns {Span[]} */
const wholeLines = (heads) => heads.filter((h) => h !== null).map((h) => ({ top: h.top, bottom: h.bottom, whole: true }));

/** The room with nothing off the screen to keep (the heads stand at the bars above). @param {Span} room @returns {View} */
const openView = (room) => ({ room, screen: { top: -Infinity, bottom: Infinity } });

/**
 * `delta` moved on, the least it takes, so that each of `heads` (the status line,
 * the panel's title above it) is whole or wholly under the bars above `room` — the
 * last word on a reveal whose own limits left one cut (the walk: «пробка» at
 * 390 px, the status line's lines across the tab bar's edge after a record).
 * @param {number} delta @param {(Span | null)[]} heads @param {Span} room @returns {number}
 */
export function headsUncut(delta, heads, room) {
  // Only the page moving further: the input below, which the reveal put first, stays in the
  // room (showing the heads instead took the drawn shot's line under the record bar at 360 px).
  return clearing(delta, wholeLines(heads), openView(room), 1) ?? delta;
}

/**
 * How far a scroll about `delta` may go so that `span` stays in `room`: the page moves up
 * at `most` until the span's top reaches the room's top, and at `least` until its bottom
 * clears the room's bottom (whole pixels, inwards); `delta` itself is always within them.
 * @param {number} delta @param {Span} span @param {Span} room @returns {{ most: number, least: number }}
 */
export function keepingInRoom(delta, span, room) {
  return { most: Math.max(delta, Math.floor(span.top - room.top)), least: Math.min(delta, Math.ceil(span.bottom - room.bottom)) };
}

/**
 * The scroll nearest `delta`, within `limits`, at which each of `heads` (lines read first) is whole or
 * wholly under the bars above `room` and no control is cut (`controlsCut`). Each way is tried on its
 * own, heads and controls cleared in turn (`controls(d, limits)`: the nearest scroll within `limits`
 * that cuts no control, scroll-room.js clearDelta); the nearer result wins; `delta` itself when neither
 * way clears both. Taking only the nearest heads' move and dropping it when it cut a control left the
 * status line cut (the walk, «по часовой» at 360 px: the drawing brought up 10 px, its tools' row then
 * half under the record bar).
 * @param {number} delta @param {Span[]} heads @param {Span} room @param {{ min: number, max: number }} limits
 * @param {(d: number, limits: { min: number, max: number }) => number} controls
 * @param {(d: number) => boolean} controlsCut
 * @returns {number}
 */
export function headsAndControlsClear(delta, heads, room, limits, controls, controlsCut) {
  const [lines, view] = [wholeLines(heads), openView(room)];
  const clear = (/** @type {number} */ d) => !lines.some((h) => cutAt(h, d, view) !== null) && !controlsCut(d);
  if (clear(delta)) return delta;
  /** @type {number[]} */
  const found = [];
  for (const way of [-1, 1]) {
    let d = delta;
    for (let step = 0; step < 2 * lines.length + 4 && !clear(d); step += 1) {
      const head = nearestClear(d, lines, view, way > 0 ? { min: d, max: limits.max } : { min: limits.min, max: d }) ?? d;
      const next = controls(head, way > 0 ? { min: head, max: limits.max } : { min: limits.min, max: head });
      if (next === d) break;
      d = next;
    }
    if (clear(d) && d >= limits.min && d <= limits.max) found.push(d);
  }
  return found.length ? found.reduce((best, d) => (Math.abs(d - delta) < Math.abs(best - delta) ? d : best)) : delta;
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

/**
 * The scroll `delta` moved as little as it takes so that no target is cut by
 * a bar (axe target-size: a sliver of a control is a target too small to
 * tap). A target in the room shows at least TARGET_PX of itself (or all of
 * itself, if smaller; a `whole` line all of itself); one under a bar is wholly under it, never half under
 * it and half off the screen (`screen`: the box the bars stand in — axe counts
 * what sticks out past the screen's edge as bare). Tried both ways (the page
 * moving less and more); the smaller move within `limits` (how far the page
 * can scroll each way from where it is) wins; `delta` itself when neither
 * clears every target.
 * @param {number} delta @param {Span[]} targets @param {Span} room @param {Span} screen
 * @param {{ min: number, max: number }} [limits]
 * @returns {number}
 */
export function uncutDelta(delta, targets, room, screen, limits = { min: -Infinity, max: Infinity }) {
  const view = { room, screen };
  // A control's size comes first (axe target-size): when no scroll keeps every line whole
  // too, the lines that are no control (the status line) give way, and a title is a control.
  const controls = targets.filter((t) => !t.text).map((t) => ({ top: t.top, bottom: t.bottom }));
  return nearestClear(delta, targets, view, limits) ?? nearestClear(delta, controls, view, limits) ?? delta;
}

/**
 * Whether a control (not a line of text) is cut by a bar at scroll `delta` (axe target-size).
 * @param {number} delta @param {Span[]} targets @param {Span} room @param {Span} screen
 * @returns {boolean}
 */
export function controlCut(delta, targets, room, screen) {
  return targets.some((t) => !t.text && cutAt(t, delta, { room, screen }) !== null);
}

/**
 * The scroll nearest `delta`, within `limits`, at which no target is cut; null if none.
 * @param {number} delta @param {Span[]} targets @param {View} view @param {{ min: number, max: number }} limits
 * @returns {number | null}
 */
function nearestClear(delta, targets, view, limits) {
  /** @type {number[]} */
  const tries = [];
  for (const d of [clearing(delta, targets, view, -1), clearing(delta, targets, view, 1)]) {
    if (d !== null && d >= limits.min && d <= limits.max) tries.push(d);
  }
  return tries.length ? tries.reduce((best, d) => (Math.abs(d - delta) < Math.abs(best - delta) ? d : best)) : null;
}

/** @typedef {{ room: Span, screen: Span }} View the room between the bars, inside the screen */

/**
 * From `delta`, moving only one way (`way` −1: the page moves less, +1: more),
 * the first scroll at which no target is cut; null if none within a room's height.
 * @param {number} delta @param {Span[]} targets @param {View} view @param {-1 | 1} way
 * @returns {number | null}
 */
function clearing(delta, targets, view, way) {
  let d = delta;
  for (let step = 0; step <= 2 * targets.length; step += 1) {
    const cut = targets.find((t) => cutAt(t, d, view) !== null);
    if (!cut) return d;
    d = moveFor(cut, d, view, way);
    if (Math.abs(d - delta) > view.room.bottom - view.room.top) return null;
  }
  return null;
}

/** @param {Span} t @returns {number} what must show of `t`: a control TARGET_PX, a whole line all of it */
const least = (t) => (t.whole ? t.bottom - t.top : Math.min(TARGET_PX, t.bottom - t.top));

/**
 * The edge that cuts `t` at scroll `d` (a bar's inner edge, or the screen's
 * edge under a bar), or null.
 * @param {Span} t @param {number} d @param {View} view @returns {number | null}
 */
function cutAt(t, d, { room, screen }) {
  const [top, bottom] = [t.top - d, t.bottom - d];
  const shown = Math.min(bottom, room.bottom) - Math.max(top, room.top);
  // Any sliver cuts (axe: a summary 0.09 px over the tab bar's edge, a check box 0.2 px over the record
  // bar's, is a target too small). A whole line's own edge may go a pixel under (the page scrolls by whole
  // pixels; the title above ends where it starts).
  if (shown > 0.01) return shown < least(t) - (t.whole ? 1 : 0.5) ? (top < room.top ? room.top : room.bottom) : null;
  for (const edge of [screen.top, screen.bottom]) if (top < edge - 0.5 && bottom > edge + 0.5) return edge;
  return null;
}

/**
 * The scroll that takes `t` off the edge cutting it: the page moving less
 * (`way` −1: `t` goes down past the edge) or more (+1: up past it); in the
 * room, it then shows TARGET_PX of itself (a `whole` line, all of itself).
 * @param {Span} t @param {number} d @param {View} view @param {-1 | 1} way
 */
function moveFor(t, d, view, way) {
  const edge = /** @type {number} */ (cutAt(t, d, view));
  const { room } = view;
  if (way < 0) return Math.floor(edge === room.top ? t.bottom - least(t) - edge : t.top - edge);
  return Math.ceil(edge === room.bottom ? t.top + least(t) - edge : t.bottom - edge);
}
