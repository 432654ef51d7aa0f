// @ts-check
// The shot input's entry, mounted by the calculator and the scorekeeper on
// their action form (not by tools.js: it has no root of its own): the drawing
// goes into the form's part marked data-rb-action="<the declaration's action>";
// a game without a table declaration, or a form without that part, gets none.
// The handle it returns holds the teardown (dispose) and what the tool asks of
// the drawing; shot-input.js is the controller.

import { withRack } from "./shot-input-core.js";
import { ShotInputController } from "./shot-input.js";

/** @typedef {import("../lib/types.js").TableDecl} TableDecl */
/** @typedef {import("./shot-input.js").ShotInput} ShotInput */

/**
 * @param {HTMLFormElement} form @param {TableDecl | null | undefined} declared
 * @returns {ShotInput | null}
 */
export function mountShotInput(form, declared) {
  if (!declared) return null;
  const box = /** @type {HTMLElement | null} */ (form.querySelector(`[data-rb-action="${declared.action}"]`));
  if (!box) return null;
  const input = new ShotInputController(form, declared, box);
  input.start();
  return {
    mode: () => input.mode,
    check() {
      return input.check();
    },
    // The rack drawn: the balls the shooter has left (the view's rack), else the table's full one.
    showRack(n) {
      this.showTable(withRack(input.now, n));
    },
    // The balls on the table before the next shot (the engine's view: rack, absent).
    showTable(view) {
      input.showTable(view);
    },
    reset() {
      input.reset();
    },
    snapshot() {
      return input.snapshot();
    },
    drawn() {
      return input.drawn();
    },
    putDrawn(data) {
      input.putDrawn(data);
    },
    explain(refusal) {
      return input.explain(refusal);
    },
    dispose() {
      input.dispose();
    },
  };
}
