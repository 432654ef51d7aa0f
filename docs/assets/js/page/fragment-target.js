// @ts-check
// A link with a #fragment opens with its target on screen, below the sticky
// bars (issue 26): a search result («games/kovboy/?h=…#kovboy-rule-8»), a «§»,
// «Встречается в правилах» in the glossary, a shared clause link, the back
// and forward buttons to one, by instant navigation or by a page load.
//
// Why a search result opened at the top of the page: on a phone the search
// is a full-screen layer, and mkdocs-material fixes the page under it
// (body[data-md-scrolllock], position: fixed) and puts the old scroll back
// 100 ms after the layer closes. Instant navigation swaps the new page in
// and scrolls to its anchor before that: the fixed page cannot scroll, and
// the unlock then put the old offset (0 from the home page) back. On a
// desktop the anchor was reached, then the page grew above it (the tools
// mount) and it slid down out of view; on a game page the phone's tab bar
// («Правила / Счёт») covered it, and with «Счёт» chosen it was hidden.
//
// So, after every page shown with a fragment and every hashchange: the
// target is made visible (a closed <details> opened, «Правила» chosen),
// then, once the page is not fixed under the search, scrolled to (its
// scroll-margin-top is the stuck bars' height, --rb-sticky-top, measured
// here), and held there while the page above it still grows, until the
// reader's first touch, key or wheel.

import { fragmentId, stuckBottom } from "./fragment-core.js";
import { toolTab } from "./layout-core.js";
import { inputMark, movedSince, onReaderInput } from "../lib/scroll-room.js";

const BARS = ".md-header, .rb-tabs"; // the bars that stick at the top over the text
const LOCK = "data-md-scrolllock"; // mkdocs-material: the page is fixed under its search layer
const HOLD_MS = 20000; // the tools' engine answers within this on a slow phone
const SETTLE_MS = 3000; // the target is put back at every frame for at most this long…
const SETTLED_FRAMES = 20; // …or until it has stood in place for this many frames

/** The stuck bars' height, as --rb-sticky-top on <html> (CSS: scroll-margin-top of targets). */
export function measureBars() {
  const bars = [...document.querySelectorAll(BARS)].map((el) => {
    const style = window.getComputedStyle(el);
    return {
      position: style.position, top: parseFloat(style.top), height: el.getBoundingClientRect().height,
      shown: style.display !== "none" && el.getClientRects().length > 0,
    };
  });
  const px = stuckBottom(bars);
  document.documentElement.style.setProperty("--rb-sticky-top", `${px}px`);
  return px;
}

/**
 * A target inside a closed <details> is shown, and on a phone's game page the
 * tab it belongs to is chosen (layout.js switches on the tab's click): a tool
 * (the home page's «Калькулятор удара», «Счёт партии») on its own tab
 * («Калькулятор», «Счёт»: layout-core.js toolTab); a clause on «Правила» when a tool's tab hides it.
 * @param {Element} target
 */
function unhide(target) {
  for (let d = target.closest("details:not([open])"); d; d = d.parentElement && d.parentElement.closest("details:not([open])")) {
    /** @type {HTMLDetailsElement} */ (d).open = true;
  }
  const split = target.closest(".rb-has-split");
  if (!split) return;
  const tool = target.closest(".rb-split-tools [data-rb-tool]");
  if (!tool && target.getClientRects().length) return;
  const name = tool instanceof HTMLElement ? toolTab(tool.dataset.rbTool || "") : "rules";
  const tab = split.querySelector(`.rb-tabs [data-rb-tab="${name}"]`);
  if (tab instanceof HTMLElement && tab.getClientRects().length && tab.getAttribute("aria-pressed") !== "true") tab.click();
}

/** Run fn once the page is not fixed under the search layer. @param {() => void} fn */
function whenUnlocked(fn) {
  const body = document.body;
  if (!body.hasAttribute(LOCK)) {
    fn();
    return;
  }
  // Material takes the lock off and scrolls back in one go: this runs after that.
  const watch = new MutationObserver(() => {
    if (body.hasAttribute(LOCK)) return;
    watch.disconnect();
    fn();
  });
  watch.observe(body, { attributes: true, attributeFilter: [LOCK] });
}

let release = () => {};

/** Put the target at its place, below the stuck bars (its scroll-margin-top). @param {Element} target */
function place(target) {
  measureBars();
  // "instant": a smooth scroll still running is overtaken, not joined.
  target.scrollIntoView({ block: "start", behavior: "instant" });
}

/** Whether the target stands where place() puts it (or as near as the page's end lets it).
 * @param {Element} target */
function inPlace(target) {
  const want = parseFloat(window.getComputedStyle(target).scrollMarginTop) || 0;
  const top = target.getBoundingClientRect().top;
  const end = document.documentElement.scrollHeight - window.innerHeight;
  return Math.abs(top - want) < 1 || (top > want && window.scrollY >= end - 1);
}

/** Keep the target at its place while the page grows or shrinks around it,
 * and when a scroll ended elsewhere (a phone's browser may finish a scroll
 * begun on a page still being swapped in short of it), until the reader
 * touches, types or wheels. @param {Element} target */
function hold(target) {
  release();
  const keep = () => {
    if (!target.isConnected) stop();
    else if (!inPlace(target)) place(target);
  };
  const grow = new ResizeObserver(keep);
  // <body> keeps the window's height (mkdocs-material): the page grows in its container.
  for (const el of [document.body, document.querySelector('[data-md-component="container"]'), target.closest("article")]) {
    if (el) grow.observe(el);
  }
  const timer = window.setTimeout(() => stop(), HOLD_MS);
  // A scroll asked for while the page cannot scroll yet (just swapped in under
  // the closing search layer) does nothing and fires no event: the target is
  // put in place again at every frame until it has stood there for a while
  // (a search result opened at the page's top about one time in three,
  // notes/newcomer-2026-12-04-late.md).
  let frame = 0;
  let still = 0;
  const started = performance.now();
  const settle = () => {
    keep();
    if (!target.isConnected) return; // keep() has let go
    still = inPlace(target) ? still + 1 : 0;
    frame = still < SETTLED_FRAMES && performance.now() - started < SETTLE_MS ? window.requestAnimationFrame(settle) : 0;
  };
  frame = window.requestAnimationFrame(settle);
  const stop = () => {
    grow.disconnect();
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    window.removeEventListener("scrollend", keep);
    unlisten();
    release = () => {};
  };
  window.addEventListener("scrollend", keep);
  const unlisten = onReaderInput(stop);
  release = stop;
}

/** @type {{ hash: string, inputs: number, revealed: boolean } | null} the last link to this page followed */
let clicked = null;

/**
 * Show the element the address's fragment names, clear of the sticky bars —
 * unless the reader has touched, typed or wheeled since the link was followed
 * (since: scroll-room.js inputMark then). On a busy phone a queued hashchange
 * can run after the next key: a Tab from a skip link had moved the focus on,
 * and the page was scrolled back to the link's target, the focus off screen.
 * @param {number} [since]
 */
export function revealTarget(since = inputMark()) {
  const id = fragmentId(window.location.hash);
  const target = id ? document.getElementById(id) : null;
  if (!target || movedSince(since)) return;
  release();
  unhide(target);
  whenUnlocked(() => {
    if (!target.isConnected || movedSince(since)) return;
    place(target);
    hold(target);
  });
}

/** A reload or a history step into a loaded page keeps the scroll the browser restores. */
function openedByLink() {
  const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType("navigation")[0]);
  return !nav || nav.type === "navigate";
}

/**
 * A link to an anchor of the page shown: a § link changes the hash (hashchange),
 * but a search result for this page differs in its «?h=» too, and material
 * follows it without a page swap or a hashchange (history.pushState).
 * @param {MouseEvent} event
 */
function onLink(event) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || !link.hash) return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) return;
  const click = { hash: url.hash, inputs: inputMark(), revealed: false };
  clicked = click;
  window.setTimeout(() => revealClicked(click), 0);
}

/** A followed link's target is revealed once: by its hashchange or, without one, by onLink's timer.
 * @param {{ hash: string, inputs: number, revealed: boolean }} click */
function revealClicked(click) {
  if (click.revealed || window.location.hash !== click.hash) return;
  click.revealed = true;
  revealTarget(click.inputs);
}

/** A hashchange: a followed link's (counted from its click) or the back and forward buttons'. */
function onHashChange() {
  const click = clicked && clicked.hash === window.location.hash ? clicked : null;
  clicked = null;
  if (click) revealClicked(click);
  else revealTarget();
}

export function mountFragmentTargets() {
  let first = true;
  const shown = () => {
    measureBars();
    if (!first || openedByLink()) revealTarget();
    first = false;
  };
  const doc$ = /** @type {import("../lib/types.js").SiteWindow} */ (window).document$;
  if (doc$ && typeof doc$.subscribe === "function") doc$.subscribe(shown);
  else shown();
  inputMark(); // the reader's inputs are counted from now
  window.addEventListener("hashchange", onHashChange);
  document.addEventListener("click", onLink, true);
  window.addEventListener("resize", measureBars);
}
