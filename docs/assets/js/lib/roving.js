// @ts-check
// A group of chips as one Tab stop (the roving tabindex of the WAI-ARIA
// toolbar and radio group patterns, issue 17): Tab enters the group at the
// chip last focused there and leaves it with the next Tab; the arrows move
// within it, Home and End to its ends, a letter or digit to the next chip
// whose words begin with it («5» → «5 (пятёрка)»); Space and Enter act on the
// focused chip as before. Radios need none of this: the browser already makes
// a radio group one stop.
//
//   roveGroup(container, selector)   selector: the group's focusable items

/** @param {HTMLElement} item */
function wordsOf(item) {
  const chip = item.closest(".rb-chip") || item;
  const words = chip.querySelector("span:last-child") || chip;
  return (words.textContent || "").trim().toLowerCase();
}

/** @param {HTMLElement} item */
// Not usable: disabled, hidden, or a chip the table drawing owns while it is shown (shot-input.js).
const usable = (item) => !(/** @type {HTMLButtonElement} */ (item).disabled) && !item.closest("[hidden]")
  && !item.closest(".rb-form--drawing [data-rb-drawn]");

const NEXT = new Set(["ArrowRight", "ArrowDown"]);
const PREVIOUS = new Set(["ArrowLeft", "ArrowUp"]);

/**
 * The item a key moves to from list[i], or null (the key is not the group's).
 * @param {KeyboardEvent} event @param {HTMLElement[]} list @param {number} i
 * @returns {HTMLElement | null}
 */
function target(event, list, i) {
  const n = list.length;
  if (NEXT.has(event.key)) return list[(i + 1) % n];
  if (PREVIOUS.has(event.key)) return list[(i - 1 + n) % n];
  if (event.key === "Home") return list[0];
  if (event.key === "End") return list[n - 1];
  if (event.key.length !== 1 || event.key === " " || event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key.toLowerCase();
  for (let k = 1; k <= n; k++) {
    const item = list[(i + k) % n];
    if (wordsOf(item).startsWith(key)) return item;
  }
  return null;
}

/** @param {HTMLElement} container @param {string} selector */
export function roveGroup(container, selector) {
  if (container.dataset.rbRoving !== undefined) return;
  container.dataset.rbRoving = "";
  const every = () => [.../** @type {NodeListOf<HTMLElement>} */ (container.querySelectorAll(selector))];
  const items = () => every().filter(usable);
  /** @param {HTMLElement | undefined} current */
  const settle = (current) => {
    for (const item of every()) item.tabIndex = item === current ? 0 : -1;
  };
  settle(every()[0]); // hidden now (a «when» field) or not: one stop once shown
  container.addEventListener("focusin", (event) => {
    const list = items();
    if (event.target instanceof HTMLElement && list.includes(event.target)) settle(event.target);
  });
  container.addEventListener("keydown", (event) => {
    const list = items();
    const i = event.target instanceof HTMLElement ? list.indexOf(event.target) : -1;
    if (i < 0) return;
    const next = target(event, list, i);
    if (!next) return;
    event.preventDefault();
    next.focus();
  });
}
