// @ts-check
// The room a tool's content is read in: between what stays on top of the
// screen as the page scrolls (the site's header, the phone's «Правила»/«Счёт»
// tab bar) and a tool's sticky bar below; on a desktop the tools' column
// scrolls by itself. The scorekeeper's reveals and the forms' next-field scroll
// go through scrollClear, which leaves no control cut by a bar (match-reveal.js
// uncutDelta, DOM-free); the calculator's late answer through keepInPlace.

import { controlCut, headsAndControlsClear, revealDelta, uncutDelta } from "./match-reveal.js";

/** @typedef {import("./match-reveal.js").Span} Span */

// The reader's own moves, counted: a touch, a key (not a modifier alone), a
// wheel. A scroll asked for before one of them and made later (after the
// engine's answer, a frame or a queued task) is not made: the reader has gone
// on, and the browser has shown where the focus went. On a busy phone the
// answer or the frame comes after the next Tab: the link's target, the field
// just set and the answer had each taken the focused control off screen.
const INPUTS = ["pointerdown", "keydown", "wheel", "touchstart"];
const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta"]);
let inputs = 0;
let counting = false;

/** The reader's inputs so far: take it when a later scroll is asked for (counting starts at the first call). @returns {number} */
export function inputMark() {
  if (!counting && typeof window !== "undefined") {
    counting = true;
    const count = (/** @type {Event} */ event) => {
      if (!(event instanceof KeyboardEvent && MODIFIERS.has(event.key))) inputs += 1;
    };
    onReaderInput(count);
  }
  return inputs;
}

/** Whether the reader has touched, typed or wheeled since `mark` (inputMark). @param {number} mark */
export function movedSince(mark) {
  return inputs !== mark;
}

/**
 * Call `fn` at each of the reader's inputs (any key, a modifier too) until the
 * returned function is called: what holds the page in place lets go at the first.
 * @param {(event: Event) => void} fn @returns {() => void} stop listening
 */
export function onReaderInput(fn) {
  for (const type of INPUTS) window.addEventListener(type, fn, { capture: true, passive: true });
  return () => {
    for (const type of INPUTS) window.removeEventListener(type, fn, true);
  };
}

/** @returns {ScrollBehavior} */
export function smoothScroll() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/**
 * The bottom of what stays on top of the screen as the page scrolls (the
 * site's header, the phone's «Правила»/«Счёт» tab bar), px: layout.js keeps
 * it in --rb-sticky-top; else measured here.
 * @returns {number}
 */
export function stickyTop() {
  const kept = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--rb-sticky-top"));
  return kept > 0 ? kept : measureStickyTop();
}

/**
 * The room a screen of answers reads in (the quiz, the тренажёр): from `gap` px under the bars above
 * down to `bar`, its sticky buttons, where it sticks; else to the screen's bottom less `below` px.
 * @param {Element | null} bar @param {number} gap @param {number} [below] @returns {Span}
 */
export function roomOverBar(bar, gap, below = 0) {
  const stuck = stickyBar(bar);
  return { top: stickyTop() + gap, bottom: stuck ? stuck.getBoundingClientRect().top : window.innerHeight - below };
}

/** `bar` when it sticks to the screen (not at 400 % zoom), else null: a bar in the flow covers nothing. @param {Element | null} bar */
export function stickyBar(bar) {
  return bar && getComputedStyle(bar).position === "sticky" ? bar : null;
}

/** The same, measured from the bars themselves now (layout.js keeps it from this). @returns {number} */
export function measureStickyTop() {
  let top = 0;
  for (const el of document.querySelectorAll(".md-header, .rb-tabs")) {
    const style = getComputedStyle(el);
    if (style.display === "none" || (style.position !== "sticky" && style.position !== "fixed")) continue;
    top = Math.max(top, (parseFloat(style.top) || 0) + el.getBoundingClientRect().height);
  }
  return top;
}

/**
 * What scrolls `el` (the desktop's tools column, or the page) and the room
 * between the bars that stay on screen: the header and tab bar above
 * (--rb-sticky-top, layout.js), `bar` below (a sticky bar of the tool).
 * @param {Element} el @param {Element | null} bar
 */
export function roomOf(el, bar) {
  const scroller = scrollerOf(el);
  const sticky = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--rb-sticky-top")) || 0;
  const box = scroller ? scroller.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  const barHeight = bar ? bar.getBoundingClientRect().height : 0;
  return { scroller, room: { top: Math.max(box.top, sticky), bottom: Math.min(box.bottom, window.innerHeight) - barHeight } };
}

/**
 * A message shown under a form's last field (the calculator's «нарисуйте удар…») brought between the
 * bars when a bar covers part of it: the least move, no control left cut. It stood under the
 * calculator's «Рассчитать» bar, unseen (the walk, «пробка» at 390 × 844, seed 1680).
 * @param {HTMLElement | null} el @param {Element | null} bar the tool's sticky bar below
 */
export function bringIntoRoom(el, bar) {
  // A bar that does not stick (400 % zoom) covers nothing: the message stands above it, and the
  // control pressed, kept in place, stays on screen (tests/browser/test_keyboard.py).
  const stuck = stickyBar(bar);
  if (!el || !el.getClientRects().length || !stuck) return;
  const { scroller, room } = roomOf(el, stuck);
  const delta = revealDelta(spanOf(el), room);
  if (delta) scrollClear(scroller, delta, el.closest("form") || el, room);
}

/**
 * `el` (a field an answer names) scrolled to the middle of the room between the bars above and `bar`
 * below, moved the least more it takes so that no control of `scope` is left cut by a bar. The browser's
 * own scroll to the centre («Кладка»'s calculator refusing its first stroke's kind) left a stepper's
 * buttons under the «Рассчитать» bar, 14 px of them showing (axe target-size).
 * @param {Element} el @param {Element} scope @param {Element | null} bar @param {ScrollBehavior} [behavior]
 */
export function centerClear(el, scope, bar, behavior = smoothScroll()) {
  const { scroller, room } = roomOf(el, stickyBar(bar));
  const span = spanOf(el);
  scrollClear(scroller, Math.round((span.top + span.bottom - room.top - room.bottom) / 2), scope, room, behavior);
}

/** @param {Element} el @returns {HTMLElement | null} the box that scrolls it (the desktop's tools column), or null: the page */
export function scrollerOf(el) {
  for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
    const overflow = getComputedStyle(n).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && n.scrollHeight > n.clientHeight && n instanceof HTMLElement) return n;
  }
  return null;
}

/**
 * Run `change`, which grows or shrinks what stands above `anchor`, with `anchor` kept where the
 * reader sees it: its box (the page, or the desktop's tools column) scrolls by what moved it, in
 * the same frame. An answer that comes late and stands above the form so moves nothing on screen
 * (no layout shift: the probe in notes/walk-findings.md); bringing the answer up after it (afterPaint)
 * is a scroll.
 * `edge` "foot" keeps the anchor's foot instead when nothing above it moved it: what changed inside it
 * (a field that went) then moves nothing below it either. One scroll keeps one seam: a layout shift is
 * a box that moved both on the screen and in the page, so a change above the anchor and another
 * inside it leave one of them counted — the one above is kept, it moves the anchor's whole box.
 * @param {Element} anchor @param {() => void} change @param {"top" | "foot"} [edge]
 */
export function keepInPlace(anchor, change, edge = "top") {
  const before = anchor.getBoundingClientRect();
  change();
  if (!anchor.getClientRects().length) return; // gone with the change: nothing to keep
  const after = anchor.getBoundingClientRect();
  const top = after.top - before.top;
  const moved = edge === "top" || Math.abs(top) >= 0.5 ? top : after.bottom - before.bottom;
  if (moved && before.top < window.innerHeight) (scrollerOf(anchor) || window).scrollBy({ top: moved, behavior: "instant" });
}

/**
 * An answer later than this after the tap, ms, is a late one (a busy phone): what it moves is no
 * longer seen as the tap's own response (a browser forgives a layout shift only within 0.5 s of an
 * input, and the tap's press comes before its click), so it comes in without moving what is read.
 */
export const LATE_MS = 250;

/** Whether an answer to a request asked at `askedAt` (performance.now()) comes late. @param {number} askedAt */
export function answeredLate(askedAt) {
  return performance.now() - askedAt > LATE_MS;
}

/**
 * `el` kept at least as tall as it is now, until the returned function lets it go.
 * @param {Element} el @returns {() => void}
 */
function holdHeight(el) {
  if (!(el instanceof HTMLElement)) return () => {};
  const before = el.style.minHeight;
  el.style.minHeight = `${el.getBoundingClientRect().height}px`;
  return () => {
    el.style.minHeight = before;
  };
}

/**
 * An engine's answer put on the page (`change`) and what it says brought into view (`after`). A quick
 * answer (not `late`) does both at once: what moves is the tap's own response. A late one moves nothing
 * where the reader looks: `change` runs with `anchor` kept in place (keepInPlace, at `edge`), and `after`
 * once that frame is painted — a scroll, not a layout shift (notes/walk-findings.md). `hold`: the anchor
 * also keeps its height in that frame and gives it back in the next, its foot kept — one seam a frame (a
 * decision's choices gave way to the shorter drawing, and what stood below the input moved up).
 * @param {{ late: boolean, anchor: Element, change: () => void, after: () => void, edge?: "top" | "foot",
 *   hold?: boolean }} answer
 * @returns {Promise<void>} once `after` has run
 */
export function drawAnswer({ late, anchor, change, after, edge = "top", hold = false }) {
  if (!late) {
    change();
    after();
    return Promise.resolve();
  }
  const held = hold ? holdHeight(anchor) : null;
  keepInPlace(anchor, change, edge);
  return new Promise((done) => afterPaint(() => {
    const finish = () => {
      after();
      done();
    };
    if (!held) return finish();
    keepInPlace(anchor, held, "foot");
    afterPaint(finish);
  }));
}

/** Call `fn` once the frame now being made is on screen (a scroll after it is a scroll, not a shift). @param {() => void} fn */
export function afterPaint(fn) {
  requestAnimationFrame(() => requestAnimationFrame(fn));
}

/** @param {Element} el @returns {Span} */
export function spanOf(el) {
  const r = el.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom };
}

const TARGETS = "button, input:not([type=hidden]), select, textarea, a[href], summary, [role=button], label.rb-chip, [tabindex]:not([tabindex='-1'])";
/** A control a player taps or tabs to — not a container that takes the focus only from a script or a tap on its blank (tabindex="-1"). @param {Element} el */
export function isControl(el) {
  return el.matches(TARGETS);
}
/** Lines read first — a panel's title, a match's status line, the board's names: each line whole or wholly under a bar, never cut through its words. */
const WHOLE = "summary, [data-rb-status-line], [data-rb-scores] .rb-score-name";

/**
 * The controls of `scope` a bar could cut: shown, not inside a sticky bar
 * (it moves with the screen), not a chip's own hidden input; and the lines
 * that must show whole or not at all (WHOLE: `whole` set).
 * @param {Element} scope
 * @returns {Span[]}
 */
export function targetsIn(scope) {
  /** @type {Span[]} */
  const out = [];
  for (const el of scope.querySelectorAll(`${TARGETS}, ${WHOLE}`)) {
    if (el.closest("[data-rb-bar], [inert], svg")) continue;
    const r = el.getBoundingClientRect();
    if (!(r.width >= 1 && r.height >= 1)) continue;
    const control = el.matches(TARGETS);
    if (control) out.push({ top: r.top, bottom: r.bottom });
    // A line read first is cut when a bar cuts through one of its lines' words; between two lines it may be.
    if (el.matches(WHOLE)) for (const line of linesOf(el)) out.push({ ...line, whole: true, ...(control ? {} : { text: true }) });
  }
  return out;
}

/**
 * The lines `el`'s text stands on, top to bottom (the boxes of one line merged), px. Measured on its
 * text, not its elements: an inline-block of words kept together (dom.js keepTogether) has one box over
 * all its rows, and merged with them it made the status line one block — an undo then left its first
 * row across the tab bar's edge (the walk, «пробка» at 360 px, seed 1621).
 * @param {Element} el @returns {Span[]}
 */
export function linesOf(el) {
  /** @type {DOMRect[]} */
  const all = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    all.push(...range.getClientRects());
  }
  /** @type {Span[]} */
  const lines = [];
  const boxes = all.filter((b) => b.width >= 1 && b.height >= 1).sort((a, b) => a.top - b.top);
  for (const b of boxes) {
    const last = lines[lines.length - 1];
    // the same line: boxes that overlap by most of the lower one's height (a bold word, a link)
    if (last && Math.min(last.bottom, b.bottom) - Math.max(last.top, b.top) > 0.5 * Math.min(b.height, last.bottom - last.top)) {
      last.top = Math.min(last.top, b.top);
      last.bottom = Math.max(last.bottom, b.bottom);
    } else lines.push({ top: b.top, bottom: b.bottom });
  }
  return lines;
}

/**
 * Scroll `scroller` (null: the page) by about `delta` px, moved as little as
 * it takes so that no control of `scope` is left cut by a bar: the header
 * above `room`, a tool's bar below it.
 * Called with 0 too: content that grew over a bar is cleared of it. `most`:
 * the page moves up no further than this (the focused control stays below the
 * bars above); `least`: it moves up at least this much (what was revealed stays
 * above the bar below), so a control cut elsewhere never undoes the reveal itself.
 * @param {HTMLElement | Element | null} scroller @param {number} delta @param {Element} scope @param {Span} room
 * @param {ScrollBehavior} [behavior] @param {number} [most] @param {number} [least]
 */
export function scrollClear(scroller, delta, scope, room, behavior = "auto", most = Infinity, least = -Infinity) {
  const moved = clearDelta(scroller, delta, scope, room, most, least);
  if (!moved) return;
  (scroller || window).scrollBy({ top: moved, behavior });
}

/**
 * How far scrollClear would scroll (the same arguments, nothing moved).
 * @param {HTMLElement | Element | null} scroller @param {number} delta @param {Element} scope @param {Span} room
 * @param {number} [most] @param {number} [least]
 * @returns {number}
 */
export function clearDelta(scroller, delta, scope, room, most = Infinity, least = -Infinity) {
  const box = scroller || document.scrollingElement || document.documentElement;
  const limits = {
    min: Math.max(least, -box.scrollTop),
    max: Math.min(most, box.scrollHeight - box.clientHeight - box.scrollTop),
  };
  const clamped = Math.max(limits.min, Math.min(limits.max, delta));
  return uncutDelta(clamped, targetsIn(scope), room, screenOf(scroller), limits);
}

/**
 * Scroll a form's room (the page, or the desktop's tools column) by about `delta`
 * px: no control of `form` cut by a bar (clearDelta, `most` its limit), and no line
 * read first above the form in its panel (the title, the match's status line, the
 * board's names) cut through its words by the bars above — each whole or wholly under
 * them, the page moving a little more or less (match-reveal.js headsAndControlsClear), within
 * `least`…`most` and leaving no control cut. The walk found both moves of the input — a field focused, the drawing brought
 * up — leaving the status line and the names across the tab bar's edge («пробка»,
 * «Кладка» at 360/390 px).
 * @param {Element} form @param {Span & { scroller: HTMLElement | null }} room @param {number} delta
 * @param {{ most?: number, least?: number, behavior?: ScrollBehavior }} [how] `behavior`: smooth unless
 *   the reader asks for reduced motion (smoothScroll); "auto" for a focus (it is measured at once)
 */
export function scrollFormClear(form, room, delta, { most = Infinity, least = -Infinity, behavior = smoothScroll() } = {}) {
  const cleared = clearDelta(room.scroller, delta, form, room, most, least);
  const panel = form.closest("details") || form;
  const formTop = form.getBoundingClientRect().top;
  const heads = targetsIn(panel).filter((t) => t.whole && t.bottom <= formTop + 0.5);
  const done = clearHeadsAndControls(room.scroller, cleared, heads, form, room, { min: least, max: most });
  if (done) (room.scroller || window).scrollBy({ top: done, behavior });
}

/**
 * The scroll nearest `delta`, within `limits`, at which each of `heads` (lines read first: the status
 * line's rows, a title) is whole or wholly under the bars above `room`, and no control of `scope` is
 * cut by a bar (match-reveal.js headsAndControlsClear); `delta` when no such scroll is near.
 * @param {HTMLElement | null} scroller @param {number} delta @param {Span[]} heads @param {Element} scope
 * @param {Span} room @param {{ min: number, max: number }} limits @returns {number}
 */
export function clearHeadsAndControls(scroller, delta, heads, scope, room, limits) {
  if (!heads.length) return delta;
  return headsAndControlsClear(delta, heads, room, limits,
    (d, lim) => clearDelta(scroller, d, scope, room, lim.max, lim.min),
    (d) => leavesControlCut(scroller, d, scope, room));
}

/**
 * Whether scrolling by `delta` leaves a control in `scope` cut by a bar (clearDelta's test).
 * @param {HTMLElement | Element | null} scroller @param {number} delta @param {Element} scope @param {Span} room
 */
export function leavesControlCut(scroller, delta, scope, room) {
  return controlCut(delta, targetsIn(scope), room, screenOf(scroller));
}

/** The box the bars stand in: the scroller's, inside the window. @param {HTMLElement | Element | null} scroller */
function screenOf(scroller) {
  const frame = scroller ? scroller.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  return { top: Math.max(frame.top, 0), bottom: Math.min(frame.bottom, window.innerHeight) };
}

