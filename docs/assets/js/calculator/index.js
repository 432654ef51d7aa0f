// @ts-check
// The calculator's entry (tools.js imports it for a root marked
// data-rb-tool="calculator", template calculator.html.j2): the controller
// (calculator.js) finds its parts by their data-rb-* hooks (data-rb-form,
// data-rb-result, data-rb-submit); the mount returns its teardown.

import { Calculator } from "./calculator.js";

/** @param {HTMLElement} root @returns {() => void} dispose */
export function mountCalculator(root) {
  const calculator = new Calculator(root);
  return () => calculator.dispose();
}
