// @ts-check
// The record bar stands at the screen's foot, stuck, whenever the match stands
// where it is read (its top under the bars above): the input's place is at
// least as tall as the room left between the parts above it and the bar. A
// short form («Кайза», «По часовой стрелке») left the bar floating above the
// screen's foot, and a field that came with a played ball («Заказ»), or went
// with the record, moved the bar and the buttons under the thumb by 20–44 px
// (scripts/bench_usability.py). Now such a field fills the blank over the bar.
// The CSS (scorekeeper.css) makes the height from two measured sizes kept here.

import { keepMeasured } from "../lib/measured.js";

/**
 * Keep the sizes the CSS needs on the match: `--rb-sk-above` (the status line, the board and the
 * last ruling: the input's top below the match's) and `--rb-sk-bar` (the bar with its margin).
 * @param {{ match: HTMLElement, statusLine: HTMLElement, scores: HTMLElement, last: HTMLElement,
 *   actionForm: HTMLElement, bar: HTMLElement }} parts
 * @returns {() => void} stop
 */
export function keepBarAtFoot({ match, statusLine, scores, last, actionForm, bar }) {
  const above = keepMeasured(match, "--rb-sk-above", [statusLine, scores, last],
    () => actionForm.getBoundingClientRect().top - match.getBoundingClientRect().top);
  const below = keepMeasured(match, "--rb-sk-bar", [bar], ([box]) =>
    box.height + (parseFloat(getComputedStyle(bar).marginTop) || 0) + (parseFloat(getComputedStyle(actionForm).marginBottom) || 0));
  return () => {
    above();
    below();
  };
}
