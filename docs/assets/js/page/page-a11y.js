// @ts-check
// Accessibility fixes to mkdocs-material's and our own page markup, on every
// page and after every instant navigation (issue 17):
// - the search dialog gets a name (aria-dialog-name), and so does the
//   instant-navigation progress bar in the header (aria-progressbar-name);
// - code blocks that scroll sideways can be reached and scrolled by keyboard
//   (scrollable-region-focusable): tabindex=0 and a name, told apart by its
//   number on the page, and their copy buttons are in no landmark (landmark-unique);
// - wide tables that scroll sideways, likewise;
// - the navigation's section labels («Игры», …) are tab stops that fold their
//   section: a button with its state (4.1.2) — the label's text, since a
//   <label> may carry no role —, not a bare label;
// - while the keyboard moves focus, <html> has the class rb-keyboard: on a phone
//   base.css then keeps a focused element clear of the sticky bars with
//   scroll-padding (2.4.11). Not for taps: a tap on a sticky tab or button bar
//   would make the browser scroll the page out from under the thumb;
// - a link's #fragment target opens on screen, clear of the sticky bars
//   (fragment-target.js: search results, «§», shared and glossary links, back).

import { mountFragmentTargets } from "./fragment-target.js";

function nameSearch() {
  for (const dialog of document.querySelectorAll('.md-search[role="dialog"]')) {
    if (!dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", "Поиск по сайту");
  }
}

// The bar is a child of <body>, outside every landmark (axe: region): it goes
// into the header (the banner), where it is drawn anyway (position: fixed, top).
function nameProgress() {
  const header = document.querySelector("header.md-header");
  for (const bar of document.querySelectorAll('.md-progress[role="progressbar"]')) {
    if (!bar.hasAttribute("aria-label")) bar.setAttribute("aria-label", "Загрузка страницы");
    if (header && !header.contains(bar)) header.append(bar);
  }
}

/** A region's name, told apart from its page's other regions of the kind (axe: landmark-unique).
 * @param {string} name @param {number} index @param {number} count */
function regionName(name, index, count) {
  return count > 1 ? `${name} ${index + 1} из ${count}` : name;
}

function focusableCode() {
  const codes = [...document.querySelectorAll(".md-typeset pre > code")];
  codes.forEach((code, i) => {
    if (code.hasAttribute("tabindex")) return;
    code.setAttribute("tabindex", "0");
    code.setAttribute("role", "region");
    code.setAttribute("aria-label", regionName("Пример кода", i, codes.length));
  });
}

// mkdocs-material puts each code block's copy button in a <nav>: a landmark per
// block, all alike (axe: landmark-unique). A copy button is no navigation.
function codeButtonsNoLandmarks() {
  for (const nav of document.querySelectorAll(".md-typeset nav.md-code__nav:not([role])")) nav.setAttribute("role", "none");
}

// Wide tables scroll in mkdocs-material's wrapper: reachable by keyboard when they do.
// Read once the browser has laid the page out (a ResizeObserver's callback), never
// in the middle of an instant navigation: reading scrollWidth there forced a
// layout of the whole new page before the tools had mounted (issue 19: 40-60 ms
// of a phone's page swap). The observer also follows every later change of size,
// of the wrapper (the window) or of what it holds (the table).
/** @param {Element} wrap */
function markScroller(wrap) {
  const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
  if (scrolls && !wrap.hasAttribute("tabindex")) {
    wrap.setAttribute("tabindex", "0");
    wrap.setAttribute("role", "region");
    wrap.setAttribute("aria-label", "Таблица, прокручивается вбок");
  } else if (!scrolls && wrap.getAttribute("tabindex") === "0") {
    for (const a of ["tabindex", "role", "aria-label"]) wrap.removeAttribute(a);
  }
}

const scrollers = new ResizeObserver((entries) => {
  const wraps = new Set(entries.map((entry) => entry.target.closest(".md-typeset__scrollwrap")));
  for (const wrap of wraps) if (wrap) markScroller(wrap);
});

function focusableScrollers() {
  scrollers.disconnect(); // the wrappers of the page before are gone
  for (const wrap of document.querySelectorAll(".md-typeset__scrollwrap")) {
    scrollers.observe(wrap);
    if (wrap.firstElementChild) scrollers.observe(wrap.firstElementChild);
  }
}

// mkdocs-material folds a section with a checkbox and its <label tabindex=0>.
// A <label> may carry no role (axe: aria-allowed-role), so the button with its
// state is the label's text (its span): the tab stop moves there, Enter and
// Space click it, and the click reaches the label, which folds the section.
function sectionToggles() {
  for (const label of document.querySelectorAll('label.md-nav__link[for][tabindex="0"], label.md-nav__link[for][data-rb-toggle]')) {
    const box = document.getElementById(label.getAttribute("for") || "");
    const button = label.querySelector(":scope > .md-ellipsis");
    if (!(box instanceof HTMLInputElement) || box.type !== "checkbox" || !(button instanceof HTMLElement)) continue;
    label.removeAttribute("tabindex");
    button.setAttribute("role", "button");
    button.tabIndex = 0;
    const show = () => button.setAttribute("aria-expanded", String(box.checked));
    show();
    if (!label.hasAttribute("data-rb-toggle")) {
      label.setAttribute("data-rb-toggle", "");
      box.addEventListener("change", show);
      button.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        button.click();
      });
      // Material may set the box by script: no change event then.
      label.addEventListener("click", () => setTimeout(show, 0));
    }
  }
}

function fixPage() {
  sectionToggles();
  nameSearch();
  nameProgress();
  focusableCode();
  codeButtonsNoLandmarks();
  focusableScrollers();
}

fixPage();
mountFragmentTargets();
const doc$ = /** @type {import("../lib/types.js").SiteWindow} */ (window).document$;
if (doc$ && typeof doc$.subscribe === "function") doc$.subscribe(() => fixPage());

// Keyboard or pointer: set once per document (listeners on the window survive instant navigation).
window.addEventListener("keydown", (event) => {
  if (event.key === "Tab" || event.key.startsWith("Arrow")) document.documentElement.classList.add("rb-keyboard");
}, { capture: true });
window.addEventListener("pointerdown", () => document.documentElement.classList.remove("rb-keyboard"), { capture: true });
