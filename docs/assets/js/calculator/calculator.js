// @ts-check
// The shot calculator: situation + action -> one ruling (op "ruling"), in the
// scorekeeper's one-line form (ruling-line.js), «почему» folded.

import { busyLabel, outOfClearView, rulingRequest } from "./calculator-request.js";
import { call, getStatus } from "../engine-client/engine-client.js";
import { bindEngineStatus } from "../engine-client/engine-status.js";
import { barOf, clearFieldErrors, readAction, readScope, resetForm, setupForm, showFirstField } from "../form/form.js";
import { renderTable } from "../ruling/match-board.js";
import { h, keepTogether } from "../lib/dom.js";
import { renderRulingLine } from "../ruling/ruling-line.js";
import { roveGroup } from "../lib/roving.js";
import { rows as rowsWord } from "../lib/ru.js";
import {
  afterPaint, answeredLate, bringIntoRoom, centerClear, drawAnswer, inputMark, keepInPlace, movedSince, scrollClear, scrollerOf,
} from "../lib/scroll-room.js";
import { mountShotInput } from "../shot-input/index.js";
import { TAB_OPENED } from "../page/layout-core.js";
import {
  declarationOf, messageOf, reveal, scoreOf, showError, showRefused, smoothScroll, stickyTop, tableOf, whileBusy,
} from "../form/widget.js";

/** @typedef {import("../lib/types.js").Request} Request */
/** @typedef {import("../lib/types.js").Response} Response */

/** One calculator on the page: its form, its answer, the engine's call between them. */
export class Calculator {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    this.game = declarationOf(root);
    this.score = scoreOf(this.game);
    const form = /** @type {HTMLFormElement} */ (root.querySelector("[data-rb-form]"));
    this.form = form;
    this.errorBox = /** @type {HTMLElement | null} */ (form.querySelector("[data-rb-error]"));
    this.result = /** @type {HTMLElement} */ (root.querySelector("[data-rb-result]"));
    this.submit = /** @type {HTMLButtonElement} */ (root.querySelector("[data-rb-submit]")); // in the bar after the form
    bindEngineStatus(root);
    setupForm(form);
    this.input = mountShotInput(form, tableOf(root));
    // «На столе» / «Формой»: one Tab stop, the arrows between them.
    const modes = /** @type {HTMLElement | null} */ (form.querySelector(".rb-shot-modes"));
    if (modes) roveGroup(modes, "[data-rb-shot-mode]");
    this.stopOpen = formUpWhenOpened(root, form);
    this.bind();
  }

  bind() {
    const form = this.form;
    form.addEventListener("submit", (event) => this.calculate(event));
    // Changed inputs make the shown answer stale until the next calculation.
    const markStale = () => this.markStale();
    form.addEventListener("input", markStale);
    form.addEventListener("change", markStale);
    form.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest("[data-rb-step], [data-rb-option], [data-rb-seq-clear]")) {
        markStale();
      }
    });
    /** @type {HTMLButtonElement} */ (this.root.querySelector("[data-rb-reset]")).addEventListener("click", () => this.reset());
  }

  /** «Рассчитать»: the input checked, then the engine asked. @param {Event} event */
  calculate(event) {
    const form = this.form;
    event.preventDefault();
    clearFieldErrors(form);
    showError(this.errorBox, "");
    const problem = this.input ? this.input.check() : null;
    if (problem) {
      // An empty input is never a miss. The message stands above the form's end: the control
      // pressed («Рассчитать», Enter in a field) is kept where it was, on screen (at 400 % zoom
      // the bar does not stick, and the message pushed it off: tests/browser/test_keyboard.py); then
      // the message itself comes out from under the sticky bar, where it stood unseen on a phone.
      const focused = document.activeElement;
      keepInPlace(focused instanceof HTMLElement && this.root.contains(focused) ? focused : this.submit,
        () => showError(this.errorBox, problem));
      bringIntoRoom(this.errorBox, barOf(form));
      return;
    }
    const request = rulingRequest(this.game.id, readScope(form, "situation"), readAction(form), readScope(form, "options"));
    whileBusy(this.root, () => this.ask(request));
  }

  /** @param {Request} request */
  async ask(request) {
    const submit = this.submit;
    const label = submit.textContent;
    submit.textContent = busyLabel(getStatus().state);
    const mark = inputMark();
    const askedAt = performance.now();
    try {
      const response = await call(request);
      if (!response || response.ok !== true) {
        await this.refused(response, mark, answeredLate(askedAt));
        return;
      }
      await this.show(response, mark); // busy until the answer is drawn and has the focus
    } catch (err) {
      showError(this.errorBox, messageOf(err));
    } finally {
      submit.textContent = label;
    }
  }

  /**
   * What the reader looks at when the answer comes: the form they filled, or where they went
   * meanwhile (the focus moved by a Tab or a tap).
   * @param {ReturnType<typeof inputMark>} mark @returns {Element}
   */
  watched(mark) {
    const focused = document.activeElement;
    return movedSince(mark) && focused && focused !== document.body ? focused : this.form;
  }

  /**
   * The engine refused the input: its message, the focus on the field it names.
   * @param {Response | null | undefined} response @param {ReturnType<typeof inputMark>} mark
   * @param {boolean} late answered LATE_MS after «Рассчитать» or later (scroll-room.js answeredLate)
   * @returns {Promise<void>} once the focus is on the field
   */
  refused(response, mark, late) {
    keepInPlace(this.watched(mark), () => this.clearResult()); // an answer to other inputs must not look like this one's
    const message = messageOf(response);
    const refusal = { message, field: response && response.error && response.error.field };
    /** @type {Element | null} */
    let field = null;
    const say = () => {
      field = showRefused(this.input ? this.input.explain(refusal) : refusal, this.errorBox, this.form);
    };
    // The focus goes with the message: «Рассчитать» is now off screen (2.4.3, 2.4.11).
    const focusField = () => {
      const invalid = /** @type {HTMLElement | null} */ (field && field.querySelector("[aria-invalid]"));
      if (!invalid) return;
      invalid.focus({ preventScroll: true });
      // Brought into view between the sticky bars (the middle of the screen is clear of both), no control cut.
      if (outOfClearView(invalid.getBoundingClientRect(), stickyTop(), window.innerHeight)) centerClear(invalid, this.form, barOf(this.form), "auto");
    };
    // A late refusal moves nothing on screen: the message under its field pushes down what is below it,
    // so the form's foot is kept where it was (the page scrolls by the message), and the field is
    // brought up once that frame is painted (the walk with --late: 0.046 in «пробка»'s calculator).
    return drawAnswer({
      late, anchor: this.form, edge: "foot", change: say,
      after: () => {
        if (!late || !movedSince(mark)) focusField();
      },
    });
  }

  /**
   * The ruling and the table after it.
   * @param {Response} response @param {ReturnType<typeof inputMark>} mark
   * @returns {Promise<void>} once the answer is drawn and brought up
   */
  show(response, mark) {
    const result = this.result;
    const table = response.view && response.view.table;
    if (!response.ruling) throw new Error("Движок не прислал решение. Попробуйте ещё раз.");
    const line = renderRulingLine({ ruling: response.ruling, refs: this.game.refs, score: this.score, decision: true, standalone: true });
    keepTogether(line); // «93» / «очка» never on two lines, in the line and behind «почему» alike
    const box = scrollerOf(result) || document.scrollingElement || document.documentElement;
    const before = box.scrollTop; // the page as the reader left it at «Рассчитать»
    // The answer stands above the form: quick or late, it comes in without moving what the reader looks at.
    return drawAnswer({
      late: true, anchor: this.watched(mark),
      change: () => {
        result.replaceChildren(line, afterTable(table));
        result.hidden = false;
        result.classList.remove("rb-result--stale");
      },
      // Once drawn, the answer is brought up (a scroll: nothing shifted) and takes the focus, unless the
      // reader has gone on meanwhile (a Tab or a scroll while «Ждём загрузки правил…»).
      after: () => {
        if (!movedSince(mark)) revealAt(result, box, before);
      },
    });
  }

  clearResult() {
    const result = this.result;
    result.hidden = true;
    result.replaceChildren();
    result.classList.remove("rb-result--stale");
  }

  markStale() {
    const result = this.result;
    if (result.hidden || result.classList.contains("rb-result--stale")) return;
    result.classList.add("rb-result--stale");
    result.prepend(h("p", { class: "rb-stale-note", text: "Данные изменены: нажмите «Рассчитать», чтобы обновить ответ." }));
  }

  reset() {
    const form = this.form;
    resetForm(form);
    if (this.input) this.input.reset();
    clearFieldErrors(form);
    showError(this.errorBox, "");
    this.clearResult();
    // The form starts over: its first field is where the player goes next.
    showFirstField(form, barOf(form));
  }

  dispose() {
    if (this.input) this.input.dispose();
    this.stopOpen();
  }
}

/**
 * The answer brought into view, and the focus on it: the page scrolled back to where the reader left
 * it at «Рассчитать» (`before`, the scrollTop of `box`) when the answer then stands clear of the bars
 * in the screen's upper part — it came in above the form with the form kept in place, and it stands
 * where the form began —, else to the top of the screen (form/widget.js reveal).
 * @param {HTMLElement} result @param {Element} box @param {number} before
 */
function revealAt(result, box, before) {
  const top = result.getBoundingClientRect().top + (box.scrollTop - before);
  if (top < stickyTop() || top > window.innerHeight * 0.6) return reveal(result);
  box.scrollTo({ top: before, behavior: "instant" });
  result.focus({ preventScroll: true });
}

/** How far from its place under the bars the opened form may stand so that no control is cut, px. */
const NEAR_PX = 48;

/**
 * Opened by a tap on a phone — on its title, or on its tab the first time (layout.js
 * TAB_OPENED) —, the calculator brings its form up under the
 * sticky bars: the drawing, the score before the shot and «Рассчитать» are
 * then on one screen, and the answer appears above the form, in view.
 * @param {HTMLElement} root @param {HTMLFormElement} form @returns {() => void} dispose
 */
function formUpWhenOpened(root, form) {
  const summary = root.querySelector(":scope > summary");
  if (!summary || !(root instanceof HTMLDetailsElement)) return () => {};
  let tapped = false;
  const onTap = () => {
    tapped = !root.open;
  };
  const formUp = () => {
    if (!window.matchMedia("(max-width: 59.984em)").matches) return;
    // The title goes wholly under the bars, not a 4 px sliver of it left to tap (axe target-size).
    const below = Math.max(form.getBoundingClientRect().top - stickyTop() - 4, summary.getBoundingClientRect().bottom - stickyTop());
    if (below <= 0) return;
    // …the least move near it that leaves no control — the title, a field — half under a bar
    // (scrollClear; axe target-size: «Пять шаров», a field cut by «Рассчитать»).
    const bar = barOf(form);
    const room = { top: stickyTop(), bottom: Math.min(window.innerHeight, bar ? bar.getBoundingClientRect().top : Infinity) };
    const up = Math.ceil(below);
    scrollClear(null, up, root, room, smoothScroll(), up + NEAR_PX, up - NEAR_PX);
  };
  const onToggle = () => {
    const opened = tapped && root.open;
    tapped = false;
    if (opened) formUp();
  };
  summary.addEventListener("click", onTap);
  root.addEventListener("toggle", onToggle);
  root.addEventListener(TAB_OPENED, formUp);
  // The tab was tapped before this code was mounted (a first visit): its form comes up once it is
  // drawn (the frame after the mount), unless the reader has scrolled since the tap.
  const tappedAt = root.dataset.rbTabOpened;
  delete root.dataset.rbTabOpened;
  if (tappedAt !== undefined && root.open) {
    afterPaint(() => {
      if (Math.abs(window.scrollY - Number(tappedAt)) < 2) formUp();
    });
  }
  return () => {
    summary.removeEventListener("click", onTap);
    root.removeEventListener("toggle", onToggle);
    root.removeEventListener(TAB_OPENED, formUp);
  };
}

/** Rows of the table after the shot shown open; a longer one («по часовой»: every
 * ball's pocket) is folded, so that the answer stays short and the scorekeeper
 * below it near (the line already says the next ball and pocket). */
const AFTER_OPEN_ROWS = 4;

/**
 * The table after the shot (the engine's view.table), or "" when there is none.
 * @param {import("../lib/types.js").View["table"] | undefined} table @returns {HTMLElement | string}
 */
function afterTable(table) {
  if (!table || !table.rows || !table.rows.length) return "";
  const body = renderTable(table, "После удара");
  if (table.rows.length <= AFTER_OPEN_ROWS) {
    return h("section", { class: "rb-calc-after" }, h("h3", { class: "rb-sk-heading", text: "После удара" }), body);
  }
  return h("details", { class: "rb-calc-after rb-sk-table" },
    h("summary", { text: `После удара: таблица (${rowsWord(table.rows.length)})` }), body);
}

