// @ts-check
// The site's search box reacts to every kind of input.
//
// mkdocs-material reads the query on «keyup» (and on focus) only. Text that
// arrives without a key-up — pasted from the menu, dropped, dictated, chosen
// from a phone keyboard's suggestions, composed by an input method — would not
// be searched until another key is pressed. Every «input» and «compositionend»
// event of the search box is therefore followed by a synthetic «keyup» on it:
// material reads the value again (it ignores a value it has already searched).
//
// One listener on the document, so the box may be re-created (instant
// navigation) without mounting anything again.

const QUERY = 'input[data-md-component="search-query"]';

/** @param {Event} event */
function readAgain(event) {
  const box = event.target;
  if (!(box instanceof HTMLInputElement) || !box.matches(QUERY)) return;
  box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
}

document.addEventListener("input", readAgain, true);
document.addEventListener("compositionend", readAgain, true);

// A result whose own text holds none of the query's words (a page's heading above its
// clauses: «Ковбой» for «три нарушения подряд») gets an empty «?h=» from material, and the
// page opened from it marked nothing (a newcomer). It takes the words the other results
// of the same query carry (material's own, stemmed: «три+нарушен+подряд»), else the query
// as typed — set before the tap, the key or the menu reads the address.
const RESULT = "a.md-search-result__link";

/** @param {Event} event */
function fillEmptyHighlight(event) {
  const link = event.target instanceof Element ? event.target.closest(RESULT) : null;
  if (!(link instanceof HTMLAnchorElement)) return;
  const url = new URL(link.href);
  if (!url.searchParams.has("h") || url.searchParams.get("h")) return;
  const words = highlightOfOthers() || queryTyped();
  if (!words) return;
  url.searchParams.set("h", words);
  link.href = url.href;
}

/** The highlight words of the first result that has some. @returns {string} */
function highlightOfOthers() {
  for (const a of document.querySelectorAll(RESULT)) {
    const words = a instanceof HTMLAnchorElement ? new URL(a.href).searchParams.get("h") : null;
    if (words) return words;
  }
  return "";
}

/** @returns {string} */
function queryTyped() {
  const box = document.querySelector(QUERY);
  return box instanceof HTMLInputElement ? box.value.trim() : "";
}

for (const type of ["pointerdown", "focusin", "contextmenu", "click"]) document.addEventListener(type, fillEmptyHighlight, true);
