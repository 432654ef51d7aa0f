// @ts-check
// Glossary terms in the rule text (marked at build time by
// sitebuild/pages/glossary.py as <span class="rb-term" aria-describedby=...>):
// show the term's definition on hover, on keyboard focus and on tap.
//
// The definitions are on the page once, hidden (div.rb-term-defs); screen
// readers get them through aria-describedby. This module only draws one popup
// for sighted users, placed inside the viewport so it never makes the page
// scroll sideways. Enter on a focused term opens its glossary entry; Escape or
// a tap elsewhere closes the popup.
//
// For a screen reader a term is a toggle of that popup: a link when Enter
// opens its glossary entry, else a button, with aria-expanded telling whether
// its definition is shown (WCAG 4.1.2).

export {}; // a module (mkdocs.yml loads it with type=module): its names stay its own

const TIP_ID = "rb-term-tip";
const MARGIN = 8; // px between the popup and the edges of the window

/** @type {HTMLDivElement | null} */
let tip = null;
/** @type {Element | null} */
let current = null; // the term whose definition is shown
let pinned = false; // opened by a tap or click: stays until closed
let hideTimer = 0;

/** @param {Element} term */
function definitionOf(term) {
  const id = term.getAttribute("aria-describedby");
  return id ? document.getElementById(id) : null;
}

/** @param {Element} term @param {boolean} open */
function setExpanded(term, open) {
  term.setAttribute("aria-expanded", String(open));
}

// Role and state of every focusable term on the page (run again after an
// instant navigation has swapped the page in).
function markTerms() {
  for (const term of document.querySelectorAll(".rb-term[tabindex]")) {
    const def = definitionOf(term);
    if (!term.hasAttribute("role")) term.setAttribute("role", def && def.dataset.href ? "link" : "button");
    setExpanded(term, term === current);
  }
}

/** @returns {HTMLDivElement} */
function ensureTip() {
  if (tip && document.body.contains(tip)) return tip;
  tip = document.createElement("div");
  tip.id = TIP_ID;
  tip.className = "rb-term-tip";
  tip.hidden = true;
  // The same text reaches screen readers through the term's aria-describedby.
  tip.setAttribute("aria-hidden", "true");
  const title = document.createElement("strong");
  title.className = "rb-term-tip-title";
  const text = document.createElement("span");
  text.className = "rb-term-tip-text";
  const more = document.createElement("a");
  more.className = "rb-term-tip-more";
  more.tabIndex = -1;
  more.textContent = "В словаре →";
  tip.append(title, " ", text, more);
  tip.addEventListener("pointerenter", () => window.clearTimeout(hideTimer));
  tip.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse" && !pinned) scheduleHide();
  });
  document.body.append(tip);
  return tip;
}

/** @param {Element} term */
function place(term) {
  const box = ensureTip();
  const width = document.documentElement.clientWidth;
  box.style.maxWidth = `${Math.max(160, Math.min(352, width - 2 * MARGIN))}px`;
  box.style.left = "0px";
  box.style.top = "0px";
  const rect = term.getBoundingClientRect();
  const tipRect = box.getBoundingClientRect();
  let left = rect.left;
  left = Math.min(left, width - tipRect.width - MARGIN);
  left = Math.max(left, MARGIN);
  let top = rect.bottom + 6;
  if (top + tipRect.height > window.innerHeight - MARGIN && rect.top - tipRect.height - 6 > MARGIN) {
    top = rect.top - tipRect.height - 6;
  }
  box.style.left = `${Math.round(left + window.scrollX)}px`;
  box.style.top = `${Math.round(top + window.scrollY)}px`;
}

/** @param {Element} term @param {boolean} pin */
function show(term, pin) {
  const def = definitionOf(term);
  if (!def) return;
  window.clearTimeout(hideTimer);
  const box = ensureTip();
  const [title, text, more] = /** @type {[HTMLElement, HTMLElement, HTMLAnchorElement]} */ (
    [".rb-term-tip-title", ".rb-term-tip-text", ".rb-term-tip-more"].map((part) => box.querySelector(part)));
  title.textContent = def.dataset.title || term.textContent;
  text.textContent = def.textContent;
  if (def.dataset.href) {
    more.href = def.dataset.href;
    more.hidden = false;
  } else {
    more.hidden = true;
  }
  if (current && current !== term) {
    current.classList.remove("rb-term--active");
    setExpanded(current, false);
  }
  current = term;
  pinned = pin;
  term.classList.add("rb-term--active");
  setExpanded(term, true);
  box.hidden = false;
  place(term);
}

function hide() {
  window.clearTimeout(hideTimer);
  if (tip) tip.hidden = true;
  if (current) {
    current.classList.remove("rb-term--active");
    setExpanded(current, false);
  }
  current = null;
  pinned = false;
}

function scheduleHide() {
  window.clearTimeout(hideTimer);
  hideTimer = window.setTimeout(hide, 200);
}

/** @param {EventTarget | null} target */
function termOf(target) {
  return target instanceof Element ? target.closest(".rb-term") : null;
}

function wire() {
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const term = termOf(event.target);
    if (term && !(pinned && current === term)) show(term, false);
  });
  document.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "mouse" || pinned) return;
    const term = termOf(event.target);
    const to = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    if (term && !term.contains(to) && !(tip && tip.contains(to))) scheduleHide();
  });
  document.addEventListener("focusin", (event) => {
    const term = termOf(event.target);
    if (term) show(term, pinned && current === term);
  });
  document.addEventListener("focusout", (event) => {
    const term = termOf(event.target);
    if (term && term === current && !pinned) scheduleHide();
  });
  document.addEventListener("click", (event) => {
    const term = termOf(event.target);
    if (term) {
      // A tap focuses the term first (its popup is then open, unpinned):
      // the click pins it; a second tap on the same term closes it.
      if (pinned && current === term) hide();
      else show(term, true);
      return;
    }
    if (tip && event.target instanceof Node && tip.contains(event.target)) return;
    if (current) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && current) {
      hide();
      return;
    }
    const term = termOf(event.target);
    if (term && event.key === "Enter") {
      const def = definitionOf(term);
      if (def && def.dataset.href) window.location.href = def.dataset.href;
    }
  });
  window.addEventListener("resize", () => {
    if (current) place(current);
  });
}

wire();
markTerms();

// Instant navigation swaps the page: close a popup left open on the old one.
const doc$ = /** @type {import("../lib/types.js").SiteWindow} */ (window).document$;
if (doc$ && typeof doc$.subscribe === "function") {
  doc$.subscribe(() => {
    hide();
    markTerms();
  });
}
