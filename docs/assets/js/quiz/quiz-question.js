// @ts-check
// The question screen of a quiz page (quiz.js): the head with the mode, the
// variant, the progress and the map of all questions; the card with the
// question, its answer controls and (once checked, or the run finished) the
// feedback; the main button (check, next, finish), «Назад», «Закончить» and
// the warning about questions left without an answer; the keys that pick a
// choice. What it shows and does next is decided without DOM in quiz-run.js
// and quiz-screens.js.

import { choiceOfKey, isChecked, nextIndex, primaryButton, unanswered } from "./quiz-run.js";
import { MODE_NAMES, checkQuestion, mapItems, questionProgress, recordAnswer, unansweredWarning } from "./quiz-screens.js";
import { h } from "../lib/dom.js";
import { answeredDelta, revealDelta } from "../lib/match-reveal.js";
import { roomOverBar } from "../lib/scroll-room.js";
import { answerControls, feedback, givenControl, markChoices, questionHead } from "./quiz-view.js";

/**
 * @typedef {import("./quiz-types.js").Letters} Letters
 * @typedef {import("./quiz-types.js").Mode} Mode
 * @typedef {import("./quiz-types.js").Question} Question
 * @typedef {import("./quiz-types.js").Run} Run
 * @typedef {import("./quiz-types.js").VariantItem} VariantItem
 * @typedef {import("./quiz-view.js").Controls} Controls
 * The quiz page's controller (quiz.js) as this screen uses it.
 * @typedef {{ S: { seed: number, mode: Mode, variant: VariantItem[], letters: Record<string, Letters> },
 *   root: HTMLElement, body: HTMLElement, byId: Record<string, Question>, mixed: boolean,
 *   currentRun: () => Run, show: (screen: "question") => void, save: () => void,
 *   showQuestion: (index: number, options?: { focus?: boolean }) => void, finishRun: () => void }} QuestionApp
 * The question on screen, as every part of the screen needs it.
 * @typedef {{ app: QuestionApp, run: Run, index: number, id: string, q: Question, locked: boolean }} Shown
 * The head: where the learner is, and the map of the questions.
 * @typedef {{ el: HTMLDivElement, progressText: HTMLSpanElement, bar: HTMLProgressElement,
 *   map: HTMLOListElement }} Head
 * The card: the question, its controls and the line that says an answer is missing.
 * @typedef {{ form: HTMLFormElement, head: HTMLElement, error: HTMLParagraphElement, controls: Controls }} Card
 * The buttons under the question and the place of the warning before finishing.
 * @typedef {{ bar: HTMLDivElement, prev: HTMLButtonElement, primary: HTMLButtonElement,
 *   finish: HTMLButtonElement, confirm: HTMLDivElement }} Nav
 */

/**
 * Question `index` of the run on the page.
 * @param {QuestionApp} app
 * @param {number} index
 * @param {{ focus?: boolean }} [options] focus: the page scrolls to the question's title and focuses it
 */
export function renderQuestion(app, index, { focus = true } = {}) {
  const run = app.currentRun();
  app.show("question");
  run.current = index;
  app.save();
  const id = run.order[index];
  /** @type {Shown} */
  const shown = { app, run, index, id, q: app.byId[id], locked: isChecked(run, id) || run.finished };
  const header = questionHeader(app.S, run.order.length);
  const nav = navButtons(run);
  const refresh = () => {
    drawMap(shown, header);
    updateButtons(shown, nav);
  };
  const card = questionCard(shown, refresh);
  card.form.append(nav.bar, h("div", { class: "rb-buttons rb-quiz-end" }, nav.finish), nav.confirm);
  const askFinish = () => confirmFinish(shown, nav.confirm);
  card.form.addEventListener("submit", (event) => {
    event.preventDefault();
    onMainButton(shown, card, askFinish);
  });
  nav.prev.addEventListener("click", () => app.showQuestion(index - 1));
  nav.finish.addEventListener("click", askFinish);
  card.form.addEventListener("keydown", (event) => onQuestionKey(event, shown.locked, card.form, nav.primary));
  app.body.replaceChildren(header.el, card.form);
  refresh();
  if (focus) {
    revealQuestion(card, nav.bar);
    /** @type {HTMLElement | null} */ (card.head.querySelector(".rb-quiz-q-title"))?.focus({ preventScroll: true });
  }
}

/** A little air between the sticky header and the question's title, px. */
const TITLE_GAP = 8;

/**
 * The new question's title and its first answer brought between the sticky header and the sticky bar
 * of buttons, the page moving the least it takes (the title first when they do not fit together).
 * Going to the widget's top put the number map first, and at 390 × 844 the first answer of the next
 * question stood under «Проверить» (a newcomer; tests/browser/test_quiz_page.py).
 * @param {Card} card @param {HTMLElement} bar
 */
function revealQuestion(card, bar) {
  const title = card.head.querySelector(".rb-quiz-q-title") || card.head;
  const first = card.form.querySelector(".rb-quiz-choice, input.rb-quiz-number, li[data-rb-choice]") || title;
  const room = roomOverBar(bar, TITLE_GAP);
  const region = { top: title.getBoundingClientRect().top, bottom: first.getBoundingClientRect().bottom };
  const delta = revealDelta(region, room);
  if (delta) window.scrollBy({ top: delta, behavior: "auto" });
}

/**
 * The head of the screen; drawMap() fills in the progress and the map.
 * @param {{ seed: number, mode: Mode }} picked
 * @param {number} total the questions in the run
 * @returns {Head}
 */
function questionHeader(picked, total) {
  const progressText = h("span", { class: "rb-quiz-progress-text" });
  const bar = h("progress", { class: "rb-quiz-bar", max: String(total), "aria-hidden": "true" });
  const map = h("ol", { class: "rb-quiz-map", "aria-label": "Вопросы теста" });
  const el = h("div", { class: "rb-quiz-head" },
    h("p", { class: "rb-quiz-where" },
      h("span", { class: "rb-tag", text: MODE_NAMES[picked.mode] }), " ",
      `вариант ${picked.seed} · `, progressText),
    bar, map);
  return { el, progressText, bar, map };
}

/**
 * The map of the questions (a button each, to go there) and the progress.
 * @param {Shown} shown
 * @param {Head} header
 */
function drawMap({ app, run, index }, header) {
  header.map.replaceChildren();
  mapItems(run, app.byId).forEach((item, i) => {
    const b = h("button", { type: "button", class: `rb-quiz-map-item rb-quiz-map-item--${item.state}`,
      "aria-label": `Вопрос ${i + 1}: ${item.label}`, "aria-current": i === index ? "step" : null, text: String(i + 1) });
    b.addEventListener("click", () => app.showQuestion(i));
    header.map.append(h("li", {}, b));
  });
  const progress = questionProgress(run, app.byId, index);
  header.progressText.textContent = progress.text;
  header.bar.value = progress.answered;
}

/**
 * The question and its answer controls; a change of the answer is saved, then `refresh()`.
 * @param {Shown} shown
 * @param {() => void} refresh
 * @returns {Card}
 */
function questionCard({ app, run, index, id, q, locked }, refresh) {
  const letters = app.S.letters[id];
  const form = h("form", { class: "rb-quiz-card", novalidate: true, autocomplete: "off", "data-rb-question": id });
  const head = questionHead(q, { number: index + 1, total: run.order.length, mixed: app.mixed });
  const error = h("p", { class: "rb-error", role: "alert", hidden: true });
  const controls = answerControls(q, app.S.variant[index].choices, letters, {
    value: run.answers[id],
    locked,
    onChange(value) {
      recordAnswer(run, id, value);
      error.hidden = true;
      app.save();
      refresh();
    },
    onEnter: () => form.requestSubmit(),
    keepOrder: run.mode === "exam",
  });
  form.append(head, controls.el, error);
  if (locked) {
    markChoices(controls.el, q, run.answers[id]);
    form.append(feedback(q, run.answers[id], letters));
  }
  return { form, head, error, controls };
}

/**
 * «Назад», the main button (its label: updateButtons()), «Закончить» and the
 * place of the warning before finishing.
 * @param {Run} run
 * @returns {Nav}
 */
function navButtons(run) {
  const prev = h("button", { type: "button", class: "rb-button", "data-rb-quiz-prev": "", text: "← Назад" });
  const primary = h("button", { type: "submit", class: "rb-button rb-button--primary", "data-rb-quiz-next": "" });
  const finish = h("button", { type: "button", class: "rb-button", "data-rb-quiz-finish": "",
    text: run.mode === "exam" ? "Завершить тест" : "Закончить" });
  // «Закончить» is rare and final: under the question, not in the sticky bar beside «Проверить»
  // (one row of two there: on a phone the bar with three took 180 px, a fifth of the screen).
  const bar = h("div", { class: "rb-buttons rb-buttons--sticky rb-quiz-nav", "data-rb-bar": "" }, prev, primary);
  const confirm = h("div", { class: "rb-confirm rb-quiz-confirm", role: "alertdialog", hidden: true, "data-rb-quiz-confirm": "" });
  return { bar, prev, primary, finish, confirm };
}

/**
 * The buttons as the run stands: «Назад» off on the first question, the main
 * button's label and action, «Закончить» hidden when the main button finishes.
 * @param {Shown} shown
 * @param {Nav} nav
 */
function updateButtons({ run, index, locked }, nav) {
  nav.prev.disabled = index === 0;
  const button = primaryButton(run, index, locked);
  nav.primary.textContent = button.label;
  nav.primary.dataset.rbAction = button.action;
  nav.finish.hidden = button.finishHidden;
}

/**
 * The main button (the form's submit): check the answer, go on, or finish.
 * @param {Shown} shown
 * @param {Card} card
 * @param {() => void} askFinish
 */
function onMainButton(shown, card, askFinish) {
  const { app, run, index, locked } = shown;
  const action = primaryButton(run, index, locked).action;
  if (action === "check") {
    checkAnswer(shown, card);
  } else if (action === "next") {
    app.showQuestion(nextIndex(run, index));
  } else {
    askFinish();
  }
}

/**
 * «Проверить»: without an answer, say so; else the question again, with its
 * feedback focused.
 * @param {Shown} shown
 * @param {Card} card
 */
function checkAnswer({ app, run, index, q }, card) {
  const problem = checkQuestion(run, q, card.controls.current);
  if (problem) {
    card.error.textContent = problem;
    card.error.hidden = false;
    card.controls.focus();
    return;
  }
  app.save();
  app.showQuestion(index, { focus: false });
  const fb = /** @type {HTMLElement | null} */ (app.root.querySelector(".rb-quiz-feedback"));
  if (fb) {
    fb.setAttribute("tabindex", "-1");
    fb.focus({ preventScroll: true });
    revealFeedback(app.root, fb);
  }
}

/**
 * The answer given and the feedback's first line between the sticky header and the sticky bar of
 * buttons (lib/match-reveal.js answeredDelta): scrolled to the feedback alone, the answer chosen left
 * the screen at 360 px (a newcomer).
 * @param {HTMLElement} root @param {HTMLElement} fb
 */
function revealFeedback(root, fb) {
  const form = root.querySelector("form[data-rb-question]");
  const room = roomOverBar(root.querySelector(".rb-quiz-nav"), TITLE_GAP);
  const given = form && givenControl(form);
  const head = fb.firstElementChild || fb;
  const delta = answeredDelta(given && given.getBoundingClientRect(), head.getBoundingClientRect(), fb.getBoundingClientRect(), room);
  if (delta) window.scrollBy({ top: delta, behavior: "auto" });
}

/**
 * Finish the run; with questions left unanswered, first a warning that lists
 * them and offers to go back to the first.
 * @param {Shown} shown
 * @param {HTMLDivElement} confirm
 */
function confirmFinish({ app, run }, confirm) {
  const missing = unanswered(run, app.byId);
  if (!missing.length) {
    app.finishRun();
    return;
  }
  const goBack = h("button", { type: "button", class: "rb-button rb-button--primary", "data-rb-quiz-confirm-no": "",
    text: "Вернуться к вопросам" });
  const finishAnyway = h("button", { type: "button", class: "rb-button rb-button--danger", "data-rb-quiz-confirm-yes": "",
    text: "Завершить" });
  confirm.replaceChildren(
    h("p", { class: "rb-quiz-confirm-text" },
      unansweredWarning(missing),
      "Если завершить сейчас, они будут засчитаны как неверные."),
    h("div", { class: "rb-buttons" }, goBack, finishAnyway));
  confirm.hidden = false;
  goBack.addEventListener("click", () => app.showQuestion(missing[0]));
  finishAnyway.addEventListener("click", () => app.finishRun());
  goBack.focus();
}

/**
 * Keyboard: a letter (А, Б, В…) or a digit picks that choice; Enter on
 * a choice is the main button (check, next).
 * @param {KeyboardEvent} event
 * @param {boolean} locked the answer can no longer change
 * @param {HTMLFormElement} form
 * @param {HTMLButtonElement} primary
 */
function onQuestionKey(event, locked, form, primary) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Enter" && event.target instanceof HTMLInputElement
      && (event.target.type === "radio" || event.target.type === "checkbox")) {
    event.preventDefault();
    form.requestSubmit(primary);
    return;
  }
  if (locked) return;
  if (event.target instanceof HTMLInputElement && event.target.type === "text") return;
  const k = choiceOfKey(event.key);
  if (k < 0) return;
  const inputs = /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll(".rb-quiz-choices input"));
  if (!inputs[k]) return;
  event.preventDefault();
  inputs[k].click();
  inputs[k].focus();
}
