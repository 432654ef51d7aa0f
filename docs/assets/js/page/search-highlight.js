// @ts-check
// The search highlight on an opened page marks whole words (highlight-core.js).
//
// mkdocs-material puts its marks (<mark data-md-highlight>) into the page's text
// nodes when a result is opened with «?h=…»; each text node it changed becomes a
// run of text and marks side by side. Every such run is read back as one text
// with its marks and written again with whole-word marks. Written once, a run is
// whole already and is left alone, so the observer's own changes end there.
// One observer on the document: instant navigation swaps the content, not the
// document, and this module runs once.

import { wholeWordMarks } from "./highlight-core.js";

const MARK = "mark[data-md-highlight]";

/** @param {Node} node */
const isMark = (node) => node instanceof HTMLElement && node.matches(MARK);
/** @param {Node | null} node */
const inRun = (node) => node !== null && (node.nodeType === Node.TEXT_NODE || isMark(node));

/** The run of text and marks around a mark: its nodes, its text, its marks. @param {Element} mark */
function runOf(mark) {
  let first = /** @type {Node} */ (mark);
  while (inRun(first.previousSibling)) first = /** @type {Node} */ (first.previousSibling);
  /** @type {Node[]} */
  const nodes = [];
  for (let n = /** @type {Node | null} */ (first); inRun(n); n = /** @type {Node} */ (n).nextSibling) nodes.push(/** @type {Node} */ (n));
  let text = "";
  /** @type {Array<[number, number]>} */
  const marks = [];
  for (const n of nodes) {
    const part = n.textContent || "";
    if (isMark(n)) marks.push([text.length, text.length + part.length]);
    text += part;
  }
  return { nodes, text, marks };
}

/** Write one run again with whole-word marks, unless it has them already. @param {Element} mark */
function fixRun(mark) {
  const { nodes, text, marks } = runOf(mark);
  const whole = wholeWordMarks(text, marks);
  if (JSON.stringify(whole) === JSON.stringify(marks)) return;
  /** @type {Node[]} */
  const out = [];
  let at = 0;
  for (const [start, end] of whole) {
    if (start > at) out.push(document.createTextNode(text.slice(at, start)));
    const m = document.createElement("mark");
    m.setAttribute("data-md-highlight", "");
    m.textContent = text.slice(start, end);
    out.push(m);
    at = end;
  }
  if (at < text.length) out.push(document.createTextNode(text.slice(at)));
  /** @type {ChildNode} */ (nodes[0]).replaceWith(...out);
  for (const n of nodes.slice(1)) /** @type {ChildNode} */ (n).remove();
}

/** @param {MutationRecord[]} records */
function onChange(records) {
  if (!new URLSearchParams(location.search).get("h")) return; // no highlight asked for
  /** @type {Set<Element>} */
  const marks = new Set();
  for (const r of records) {
    for (const n of r.addedNodes) if (isMark(n)) marks.add(/** @type {Element} */ (n));
  }
  for (const m of marks) if (m.isConnected) fixRun(m);
}

new MutationObserver(onChange).observe(document.documentElement, { childList: true, subtree: true });
