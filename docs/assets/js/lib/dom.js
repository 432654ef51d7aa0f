// @ts-check
// The DOM builder of every tool: h(tag, props, ...children) makes an element
// from plain values. Only textContent and attributes: text typed by players or
// written in a quiz never becomes HTML. keepTogether(root): numbers kept with
// their words on one line in what is already built.

import { togetherRuns } from "./ru.js";

/** A child of h(): a node, or text; null, undefined and false are left out. */
/** @typedef {Node | string | number | boolean | null | undefined} Child */

/**
 * An element with attributes ("class", "text": its textContent; null, undefined
 * and false: left out; true: present, empty) and children (arrays are spread,
 * one level).
 * Typed by its tag, as document.createElement is: h("input") is an HTMLInputElement.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, unknown>} [props] @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const TOGETHER = "rb-together";

/**
 * Every text under `root` with its numbers kept with their words on one line
 * (lib/ru.js unbroken: «Игрок 2», «78 очков», «2 → 4»): a joined run becomes a
 * span that does not wrap, the characters unchanged. Run again over the same
 * root, it leaves what it wrapped alone.
 * @param {Node} root
 */
export function keepTogether(root) {
  const doc = root.ownerDocument || /** @type {Document} */ (root);
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  /** @type {Text[]} */
  const texts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node.parentElement && node.parentElement.classList.contains(TOGETHER))) texts.push(/** @type {Text} */ (node));
  }
  for (const text of texts) {
    const runs = togetherRuns(text.data);
    if (!runs.some((run) => run.together)) continue;
    text.replaceWith(...runs.map((run) => (run.together ? h("span", { class: TOGETHER, text: run.text }) : run.text)));
  }
}
