// @ts-check
// A size the CSS cannot know, measured and kept in a custom property: the
// tallest sticky bar of a desktop's tools column (page/layout.js), a form's
// sticky bar (the fields' scroll margin, form/form.js keepFocusClear), the
// width of a control that another element must leave room for (the shot
// input's «На столе / Формой» beside the input's title, shot-input.css).
// A guessed rem width was 6 px short of the switch on a phone, and a long
// name in the title («Удар: Александр») ran under «На столе».

/**
 * Keep `size(boxes)` of `elements` in `target`'s custom property `property`
 * (px), measured again whenever one of them changes size; a size of 0 (the
 * elements not shown) removes it, so the CSS falls back to its default.
 * @param {HTMLElement} target @param {string} property @param {Element[]} elements
 * @param {(boxes: DOMRect[]) => number} size
 * @returns {() => void} stop: no more measuring, the property removed
 */
export function keepMeasured(target, property, elements, size) {
  const measure = () => {
    const px = Math.ceil(size(elements.map((e) => e.getBoundingClientRect())));
    if (px > 0) target.style.setProperty(property, `${px}px`);
    else target.style.removeProperty(property);
  };
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
  for (const e of elements) observer?.observe(e);
  measure();
  return () => {
    observer?.disconnect();
    target.style.removeProperty(property);
  };
}

/** The width the boxes span together, from the leftmost edge to the rightmost. @param {DOMRect[]} boxes */
export function spannedWidth(boxes) {
  const shown = boxes.filter((b) => b.width > 0);
  return shown.length ? Math.max(...shown.map((b) => b.right)) - Math.min(...shown.map((b) => b.left)) : 0;
}
