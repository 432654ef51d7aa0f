// @ts-check
// Rules and tools side by side. On a wide screen the page's tools sit in a
// sticky column beside the rule text (CSS: layout.css), so the clause a
// ruling cites is visible next to it. On a phone a tab bar switches between
// «Правила» (the whole page, as it reads) and «Счёт» (only the tools),
// keeping each tab's scroll position; a § link followed from «Счёт» opens
// «Правила» at that clause.

import { measureStickyTop, onReaderInput, stickyTop } from "./scroll-room.js";

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
    const moved = tool.getBoundingClientRect().top - top;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
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

/** @returns {() => void} dispose */
export function mountLayout() {
  const dispose = splitPage(); // the tab bar first: it is one of the bars
  const bars = trackStickyBars();
  const column = fitToolsColumn();
  return () => {
    dispose();
    bars();
    column();
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
  /** @type {Element} */
  const article = found;
  const tools = [...aside.querySelectorAll(":scope > [data-rb-tool]")];

  const tabs = document.createElement("nav");
  tabs.className = "rb-tabs";
  tabs.setAttribute("aria-label", "Что показать");
  const make = (/** @type {string} */ id, /** @type {string} */ label) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "rb-tab";
    b.dataset.rbTab = id;
    b.textContent = label;
    tabs.append(b);
    return b;
  };
  const rulesTab = make("rules", "Правила");
  const toolsTab = make("tools", "Счёт");
  article.prepend(tabs);

  const key = TAB_KEY + window.location.pathname;
  const topKey = TOP_KEY + window.location.pathname;
  /** @type {Record<string, number>} */
  const scroll = { rules: 0, tools: 0 };
  /** What the reader had at the top of each tab: the block and its distance
   * from the viewport's top. The text above it can change height while the
   * other tab is shown (a panel opened, a ruling shown), so the tab comes back
   * to that block rather than to the same pixel.
   * @type {Record<string, { el: Element, top: number } | null>} */
  const anchor = { rules: null, tools: null };
  let tab = "rules";
  try {
    tab = window.sessionStorage.getItem(key) === "tools" ? "tools" : "rules";
  } catch {
    /* the page opens on the rules */
  }

  /** The element at the top of the shown tab, just under the sticky tab bar. */
  function topBlock() {
    const box = article.getBoundingClientRect();
    const y = tabs.getBoundingClientRect().bottom + 6;
    for (const x of [box.left + 24, box.left + box.width / 2]) {
      const el = document.elementFromPoint(x, y);
      if (el && el !== article && article.contains(el) && !tabs.contains(el)) return el;
    }
    return null;
  }

  function remember() {
    scroll[tab] = window.scrollY;
    const el = scroll[tab] > 0 ? topBlock() : null;
    anchor[tab] = el ? { el, top: el.getBoundingClientRect().top } : null;
  }

  function restore() {
    window.scrollTo(0, scroll[tab]);
    const kept = anchor[tab];
    if (kept && kept.el.isConnected && kept.el.getClientRects().length) {
      const moved = kept.el.getBoundingClientRect().top - kept.top;
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    }
  }

  /** @param {string} next @param {boolean} [keep] keep the scroll position of each tab */
  function show(next, keep = true) {
    if (keep) remember();
    tab = next;
    article.setAttribute("data-rb-tab", tab);
    rulesTab.setAttribute("aria-pressed", String(tab === "rules"));
    toolsTab.setAttribute("aria-pressed", String(tab === "tools"));
    try {
      window.sessionStorage.setItem(key, tab);
    } catch {
      /* nothing to keep */
    }
    if (keep) restore();
  }
  const onTabs = (/** @type {Event} */ event) => {
    const b = /** @type {Element} */ (event.target).closest("[data-rb-tab]");
    if (!b || b.getAttribute("data-rb-tab") === tab) return;
    const next = b.getAttribute("data-rb-tab") || "rules";
    if (next === "tools" && !scroll.tools) {
      // First time on «Счёт»: open the scorekeeper (or the first tool) at the top.
      remember();
      show(next, false);
      const first = /** @type {HTMLDetailsElement} */ (aside.querySelector('[data-rb-tool="scorekeeper"]') || tools[0]);
      if (first instanceof HTMLDetailsElement) first.open = true;
      (first || aside).scrollIntoView({ block: "start" });
      return;
    }
    show(next);
  };
  // A § link followed from «Счёт»: the rule text is on «Правила».
  const onLink = (/** @type {Event} */ event) => {
    const a = /** @type {Element} */ (event.target).closest('a[href^="#"]');
    if (!a || tab !== "tools") return;
    remember();
    tab = "rules";
    show("rules", false);
  };
  /** The open tool at the top of the screen on «Счёт», and where it is, kept for a reload. */
  const onLeave = () => {
    const opened = tab === "tools" ? tools.filter((t) => t instanceof HTMLDetailsElement && t.open) : [];
    const middle = (stickyTop() + window.innerHeight) / 2;
    const open = opened[toolAtLine(opened.map((t) => t.getBoundingClientRect()), middle)] || null;
    try {
      if (open) {
        window.sessionStorage.setItem(topKey, JSON.stringify({
          id: open.id, top: open.getBoundingClientRect().top, height: document.documentElement.scrollHeight,
        }));
      }
      else window.sessionStorage.removeItem(topKey);
    } catch {
      /* the reload starts at the top */
    }
  };
  // A tool shows something the page was opened for (a shared match): «Счёт» is the tab shown.
  const onToolsShown = () => {
    if (tab === "tools") return;
    remember();
    show("tools", false);
  };
  tabs.addEventListener("click", onTabs);
  aside.addEventListener("click", onLink, true);
  aside.addEventListener("rb-tools-shown", onToolsShown);
  window.addEventListener("pagehide", onLeave);
  show(tab, false);
  let release = () => {};
  const kept = tab === "tools" ? readTop(topKey) : null;
  const keptTool = kept ? document.getElementById(kept.id) : null;
  if (kept && keptTool instanceof HTMLDetailsElement && aside.contains(keptTool)) {
    window.history.scrollRestoration = "manual";
    keptTool.open = true;
    release = holdAt(keptTool, kept.top, kept.height);
  } else document.documentElement.style.minHeight = ""; // set early for a reload on «Счёт» (early-anchors.js)
  return () => {
    release();
    tabs.removeEventListener("click", onTabs);
    aside.removeEventListener("click", onLink, true);
    aside.removeEventListener("rb-tools-shown", onToolsShown);
    window.removeEventListener("pagehide", onLeave);
    document.body.classList.remove("rb-split-page");
  };
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

/** @param {string} key @returns {{ id: string, top: number, height: number } | null} */
function readTop(key) {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(key) || "null");
    if (!kept || typeof kept.id !== "string" || typeof kept.top !== "number") return null;
    const height = typeof kept.height === "number" && Number.isFinite(kept.height) ? Math.min(Math.max(kept.height, 0), 1e6) : 0;
    return { id: kept.id, top: kept.top, height };
  } catch {
    return null;
  }
}
