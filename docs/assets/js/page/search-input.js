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
