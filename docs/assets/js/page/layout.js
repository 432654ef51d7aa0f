// @ts-check
// Rules and tools side by side. On a wide screen the page's tools sit in a
// sticky column beside the rule text (CSS: layout.css), so the clause a
// ruling cites is visible next to it. On a phone a tab bar switches between
// «Правила» (the page's text without its tools) and a tab for each tool, only that
// tool: «Калькулятор», «Счёт» (layout-core.js toolTab), keeping each tab's
// scroll position; a link that names a tool opens its tab, a § link followed
// from a tool's tab opens «Правила» at that clause. What the tabs decide from numbers alone is in
// layout-core.js.

import { TAB_OPENED, driftOf, parseKeptTop, readingLine, storedTab, tabStep, toolAtLine, toolTab } from "./layout-core.js";
import { fragmentId } from "./fragment-core.js";
import { measureStickyTop, onReaderInput, stickyTop } from "../lib/scroll-room.js";
import { keepMeasured } from "../lib/measured.js";

export { toolAtLine }; // its home is layout-core.js; tests/js/tool-at-line.test.mjs reads it here

/**
 * A split page's tab bar and what each tab keeps: the page's scroll position,
 * and the block at the top of the screen with its distance from the viewport's
 * top. The text above that block can change height while the other tab is
 * shown (a panel opened, a ruling shown), so the tab comes back to that block
 * rather than to the same pixel.
 * @typedef {{ article: Element, aside: HTMLElement, tools: HTMLElement[], tabs: HTMLElement,
 *   buttons: HTMLElement[], key: string, topKey: string, tab: string,
 *   scroll: Record<string, number>, anchor: Record<string, { el: Element, top: number } | null> }} Split
 */

const TAB_KEY = "rules-site:tab:";
const TOP_KEY = "rules-site:tab-top:";
const SETTLE_MS = 15000; // how long after its engine answered (or failed) a tool is held where it was

/**
 * After a reload on «Счёт» the tool comes back where it was on the screen, not
 * where the browser's restored pixel offset puts it while the saved match is
 * still loading (the page above and below it grows as the engine answers).
 * It is held there as the page grows, until the reader's first touch, key or
 * wheel, or SETTLE_MS after the tool's engine has answered (a slow phone's
 * boot may take longer than any fixed time from the page's start).
 * While it holds, the page is at least as tall as it was before the reload, so
 * that the place can be reached at once (the saved match is drawn before the
 * history below it: a shorter page clamped the scroll, and the match was
 * 46–98 px elsewhere until the engine had answered; scripts/bench_usability.py).
 * @param {HTMLElement} tool @param {number} top its viewport top before the reload
 * @param {number} height the page's height before the reload (0: unknown)
 * @returns {() => void} stop holding
 */
function holdAt(tool, top, height) {
  const page = document.documentElement;
  if (height > 0) page.style.minHeight = `${Math.round(height)}px`;
  const place = () => {
    const moved = driftOf(tool.getBoundingClientRect().top, top);
    if (moved) window.scrollBy(0, moved);
  };
  const grow = new ResizeObserver(place);
  grow.observe(document.body);
  let timer = 0;
  const settle = () => {
    if (!timer && (tool.dataset.rbEngine === "ready" || tool.dataset.rbEngine === "failed")) {
      timer = window.setTimeout(stop, SETTLE_MS);
    }
  };
  const engine = new MutationObserver(settle);
  engine.observe(tool, { attributes: true, attributeFilter: ["data-rb-engine"] });
  const stop = () => {
    page.style.minHeight = "";
    grow.disconnect();
    engine.disconnect();
    unlisten();
    window.clearTimeout(timer);
  };
  const unlisten = onReaderInput(stop);
  settle();
  place();
  return stop;
}

/**
 * The height of what stays on top of the screen as the page scrolls — the
 * site's header, and on a phone the «Правила»/«Счёт» tab bar under it — kept
 * in the root's CSS variable --rb-sticky-top (px), so that whatever is scrolled
 * to (a clause of a #link, the match after a record) lands below the real bars,
 * not below a guessed height. --rb-sticky-bottom: the scorekeeper's record bar.
 * @returns {() => void} stop following the bars' heights
 */
export function trackStickyBars() {
  const root = document.documentElement;
  const measure = () => {
    root.style.setProperty("--rb-sticky-top", `${Math.ceil(measureStickyTop())}px`);
  };
  const sizes = new ResizeObserver(measure);
  for (const el of document.querySelectorAll(".md-header, .rb-tabs")) sizes.observe(el);
  window.addEventListener("resize", measure);
  measure();
  return () => {
    sizes.disconnect();
    window.removeEventListener("resize", measure);
  };
}

/**
 * A desktop's tools column is sticky under the header and as tall as the screen
 * below it (layout.css). Until the page is scrolled that far, the column stands
 * lower, at its place in the page, and a column as tall as the screen would
 * reach past its bottom, taking the record bar with it (the walk: «Записать
 * удар» 11 px off a 1280×800 screen at the page's top). --rb-tools-top holds
 * where the column's top is now; layout.css keeps the column above the bottom.
 * @returns {() => void} stop following
 */
export function fitToolsColumn() {
  const column = document.querySelector(".md-typeset.rb-has-split > .rb-split-tools");
  if (!(column instanceof HTMLElement)) return () => {};
  const root = document.documentElement;
  let frame = 0;
  let shown = -1;
  let sticky = false; // a phone: the column is the page, and a scroll has nothing to follow
  const measure = () => {
    frame = 0;
    const top = Math.max(0, Math.round(column.getBoundingClientRect().top));
    if (top === shown) return;
    shown = top;
    root.style.setProperty("--rb-tools-top", `${top}px`);
  };
  const later = () => {
    if (sticky && !frame) frame = window.requestAnimationFrame(measure);
  };
  const resized = () => {
    sticky = getComputedStyle(column).position === "sticky";
    later();
  };
  window.addEventListener("scroll", later, { passive: true });
  window.addEventListener("resize", resized);
  resized();
  return () => {
    window.cancelAnimationFrame(frame);
    window.removeEventListener("scroll", later);
    window.removeEventListener("resize", resized);
    root.style.removeProperty("--rb-tools-top");
  };
}

/**
 * The height of the tallest sticky bar shown in a desktop's tools column (the
 * scorekeeper's record bar, a calculator's «Рассчитать»), kept in the column's
 * --rb-tools-bar (px): its scroll-padding-bottom (layout.css) is that bar, so
 * the browser's own scroll to a focused control (a chip tapped near the
 * column's bottom) moves the column only as far as the bar needs — a guessed
 * padding taller than the bar took the board's names under the column's top
 * (the walk: po-chasovoy 1280×800, seed 0).
 * @returns {() => void} stop following
 */
export function trackToolsBar() {
  const column = document.querySelector(".md-typeset.rb-has-split > .rb-split-tools");
  if (!(column instanceof HTMLElement)) return () => {};
  const bars = [...column.querySelectorAll("[data-rb-bar]")];
  return keepMeasured(column, "--rb-tools-bar", bars, (boxes) => Math.max(0, ...boxes.map((b) => b.height)));
}

/** @returns {() => void} dispose */
export function mountLayout() {
  const dispose = splitPage(); // the tab bar first: it is one of the bars
  const bars = trackStickyBars();
  const column = fitToolsColumn();
  const toolBars = trackToolsBar();
  return () => {
    dispose();
    bars();
    column();
    toolBars();
  };
}

/** @returns {() => void} dispose */
function splitPage() {
  // The column is made while the page is parsed (early-anchors.js, inlined in
  // <head>), so the page is drawn split from its first paint; a page shown by
  // instant navigation gets it here, from the same function.
  const split = /** @type {{ rbSplitTools?: (article: Element) => HTMLElement | null }} */ (/** @type {unknown} */ (window)).rbSplitTools;
  const found = document.querySelector(".md-content__inner");
  const aside = found && split ? split(found) : null;
  if (!found || !aside || found.querySelector(":scope > .rb-tabs")) return () => {};
  const s = addTabBar(found, aside);
  const unlisten = listenTabs(s);
  showTab(s, s.tab, false);
  const release = holdKeptTool(s);
  return () => {
    release();
    unlisten();
    document.body.classList.remove("rb-split-page");
  };
}

/** A tool tab's words. @type {Record<string, string>} */
const TAB_NAMES = { rules: "Правила", calculator: "Калькулятор", tools: "Счёт" };

/**
 * The tab bar — «Правила», then a tab for each tool in the column's order —,
 * put at the top of the article, on the tab of the tool the address names or
 * the tab the reader left this page on.
 * @param {Element} article @param {HTMLElement} aside the tools' column @returns {Split}
 */
function addTabBar(article, aside) {
  const tools = /** @type {HTMLElement[]} */ ([...aside.querySelectorAll(":scope > [data-rb-tool]")]);
  const tabs = document.createElement("nav");
  tabs.className = "rb-tabs";
  tabs.setAttribute("aria-label", "Что показать");
  const ids = ["rules", ...new Set(tools.map((t) => toolTab(t.dataset.rbTool || "")))];
  const buttons = ids.map((id) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "rb-tab";
    b.dataset.rbTab = id;
    b.textContent = TAB_NAMES[id];
    tabs.append(b);
    return b;
  });
  article.prepend(tabs);

  const key = TAB_KEY + window.location.pathname;
  let tab = "rules";
  try {
    tab = storedTab(window.sessionStorage.getItem(key), fragmentId(window.location.hash));
  } catch {
    /* the page opens on the rules */
  }
  if (!ids.includes(tab)) tab = "rules";
  return { article, aside, tools, tabs, buttons, key, topKey: TOP_KEY + window.location.pathname, tab,
    scroll: Object.fromEntries(ids.map((id) => [id, 0])), anchor: Object.fromEntries(ids.map((id) => [id, null])) };
}

/** @param {Split} s @returns {() => void} stop listening */
function listenTabs(s) {
  const onTabs = (/** @type {Event} */ event) => clickTab(s, event);
  // A § link followed from a tool's tab: the rule text is on «Правила».
  const onLink = (/** @type {Event} */ event) => {
    const a = /** @type {Element} */ (event.target).closest('a[href^="#"]');
    if (!a || s.tab === "rules") return;
    jumpTo(s, "rules");
  };
  // The skip link names the page's title, which a tool's tab hides: it would open «Правила»,
  // where no tool is shown, and take the tool away from a keyboard user. With the tab bar
  // shown the content begins there: the focus goes to the shown tab's button, one Tab from
  // the next tab and the tab's content.
  const onSkip = (/** @type {Event} */ event) => {
    const a = /** @type {Element} */ (event.target).closest("a.md-skip");
    if (!a || !s.tabs.getClientRects().length) return;
    event.preventDefault();
    window.scrollTo(0, 0);
    const shown = s.buttons.find((b) => b.dataset.rbTab === s.tab);
    if (shown) shown.focus();
  };
  const onLeave = () => keepOpenTool(s);
  // A tool shows something the page was opened for (a shared match): «Счёт» is the tab shown.
  const onToolsShown = () => {
    if (s.tab === "tools") return;
    jumpTo(s, "tools");
  };
  s.tabs.addEventListener("click", onTabs);
  document.addEventListener("click", onSkip, true);
  s.aside.addEventListener("click", onLink, true);
  s.aside.addEventListener("rb-tools-shown", onToolsShown);
  window.addEventListener("pagehide", onLeave);
  return () => {
    s.tabs.removeEventListener("click", onTabs);
    document.removeEventListener("click", onSkip, true);
    s.aside.removeEventListener("click", onLink, true);
    s.aside.removeEventListener("rb-tools-shown", onToolsShown);
    window.removeEventListener("pagehide", onLeave);
  };
}

/** The element at the top of the shown tab, just under the sticky tab bar. @param {Split} s */
function topBlock({ article, tabs }) {
  const box = article.getBoundingClientRect();
  const y = tabs.getBoundingClientRect().bottom + 6;
  for (const x of [box.left + 24, box.left + box.width / 2]) {
    const el = document.elementFromPoint(x, y);
    if (el && el !== article && article.contains(el) && !tabs.contains(el)) return el;
  }
  return null;
}

/** Keep where the shown tab is: its scroll position and its top block. @param {Split} s */
function remember(s) {
  s.scroll[s.tab] = window.scrollY;
  const el = s.scroll[s.tab] > 0 ? topBlock(s) : null;
  s.anchor[s.tab] = el ? { el, top: el.getBoundingClientRect().top } : null;
}

/** Bring the shown tab back where it was left. @param {Split} s */
function restore(s) {
  window.scrollTo(0, s.scroll[s.tab]);
  const kept = s.anchor[s.tab];
  if (kept && kept.el.isConnected && kept.el.getClientRects().length) {
    const moved = driftOf(kept.el.getBoundingClientRect().top, kept.top);
    if (moved) window.scrollBy(0, moved);
  }
}

/** @param {Split} s @param {string} next @param {boolean} [keep] keep the scroll position of each tab */
function showTab(s, next, keep = true) {
  if (keep) remember(s);
  s.tab = next;
  s.article.setAttribute("data-rb-tab", s.tab);
  for (const b of s.buttons) b.setAttribute("aria-pressed", String(b.dataset.rbTab === s.tab));
  try {
    window.sessionStorage.setItem(s.key, s.tab);
  } catch {
    /* nothing to keep */
  }
  if (keep) restore(s);
}

/** Leave the shown tab where it is, and show `next` as the page stands. @param {Split} s @param {string} next */
function jumpTo(s, next) {
  remember(s);
  showTab(s, next, false);
}

/** @param {Split} s @param {Event} event a click on the tab bar */
function clickTab(s, event) {
  const b = /** @type {Element} */ (event.target).closest("[data-rb-tab]");
  const clicked = b ? b.getAttribute("data-rb-tab") || "" : "";
  const step = b ? tabStep(s.tab, clicked, s.scroll[clicked] || 0) : null;
  if (!step) return;
  // A reader's key (Enter, Space): a trusted click with no pointer; a script's tab.click() (a link to a
  // tool, fragment-target.js) is neither a key nor a tap.
  const byKey = event.isTrusted && /** @type {MouseEvent} */ (event).detail === 0;
  const first = s.tools.find((t) => toolTab(t.dataset.rbTool || "") === step.next);
  if (!step.first) showTab(s, step.next);
  else {
    // First time on a tool's tab: open its tool at the top; a tap asks the tool to bring up
    // what is used first («tab-opened»: the calculator's form, as a tap on its title does).
    jumpTo(s, step.next);
    if (first instanceof HTMLDetailsElement) first.open = true;
    (first || s.aside).scrollIntoView({ block: "start" });
    if (first && event.isTrusted && !byKey) {
      // A tool not mounted yet (its code still loading on a first visit) reads the tap when it mounts.
      if (first.dataset.rbMounted) first.dispatchEvent(new Event(TAB_OPENED));
      else first.dataset.rbTabOpened = String(Math.round(window.scrollY));
    }
  }
  if (byKey) focusShownTab(s, first);
}

/**
 * A tab chosen by a key (a click with no pointer): the focus goes on where the reader is
 * going — a tool's tab to its tool's summary —, and never stays on a button the tab's
 * scroll took off the screen (at 400 % zoom the tab bar does not stick).
 * @param {Split} s @param {HTMLElement | undefined} tool the shown tab's first tool
 */
function focusShownTab(s, tool) {
  const summary = tool && s.tab !== "rules" ? tool.querySelector(":scope > summary") : null;
  if (summary instanceof HTMLElement) {
    summary.focus();
    return;
  }
  const box = s.tabs.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) window.scrollTo(0, 0);
}

/** The open tool at the top of the screen on «Счёт», and where it is, kept for a reload. @param {Split} s */
function keepOpenTool(s) {
  const opened = s.tab !== "rules" ? s.tools.filter((t) => t instanceof HTMLDetailsElement && t.open && t.getClientRects().length) : [];
  const middle = readingLine(stickyTop(), window.innerHeight);
  const open = opened[toolAtLine(opened.map((t) => t.getBoundingClientRect()), middle)] || null;
  try {
    if (open) {
      window.sessionStorage.setItem(s.topKey, JSON.stringify({
        id: open.id, top: open.getBoundingClientRect().top, height: document.documentElement.scrollHeight,
      }));
    }
    else window.sessionStorage.removeItem(s.topKey);
  } catch {
    /* the reload starts at the top */
  }
}

/**
 * After a reload on «Счёт», the tool that was kept opens and is held where it
 * was (holdAt).
 * @param {Split} s @returns {() => void} stop holding
 */
function holdKeptTool(s) {
  const kept = s.tab !== "rules" ? readTop(s.topKey) : null;
  const keptTool = kept ? document.getElementById(kept.id) : null;
  if (kept && keptTool instanceof HTMLDetailsElement && s.aside.contains(keptTool)) {
    window.history.scrollRestoration = "manual";
    keptTool.open = true;
    return holdAt(keptTool, kept.top, kept.height);
  }
  document.documentElement.style.minHeight = ""; // set early for a reload on «Счёт» (early-anchors.js)
  return () => {};
}

/** @param {string} key @returns {{ id: string, top: number, height: number } | null} */
function readTop(key) {
  try {
    return parseKeptTop(window.sessionStorage.getItem(key));
  } catch {
    return null;
  }
}
