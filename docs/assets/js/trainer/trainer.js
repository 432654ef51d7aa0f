// @ts-check
// The тренажёр (marker «::: trainer», sitebuild/pages/quiz_pages.py): endless
// scenario questions written and judged by the engine in the worker.
//
//   «Новый вопрос» → {op: "trainer.question", game, seed} with a fresh seed
//   answer         → {op: "trainer.check", game, seed, answer} → the verdict,
//                    the right answer and the engine's ruling with its clauses
//                    (links to the game's page).
//
// The browser never decides what is right: the question and the verdict are
// both the engine's, from (game, seed). The running score per game and the
// question on screen are saved in localStorage (a reload brings them back);
// ?game=kovboy&seed=123 opens that very question (a link to share). The
// run's decisions without DOM (the saved state checked, the address, the
// score) are in trainer-run.js.

import { call, getStatus } from "../engine-client/engine-client.js";
import { scoreLine } from "../quiz/quiz-grading.js";
import { h, keepTogether } from "../lib/dom.js";
import { unbroken } from "../lib/ru.js";
import { answerControls, givenControl, markChoices } from "../quiz/quiz-view.js";
import { answeredDelta } from "../lib/match-reveal.js";
import { inputMark, movedSince, roomOverBar } from "../lib/scroll-room.js";
import { renderRuling } from "../ruling/ruling.js";
import { loadJSON, remove, saveJSON, saveRaw } from "../lib/storage.js";
import {
  addressOf, asQuizQuestion, emptyState, noAnswerMessage, recordAnswer, scoreOf, startFresh,
  taskLink, validState,
} from "./trainer-run.js";
import { messageOf, scoreOf as scoreDeclaration, showError, stickyTop, whileBusy } from "../form/widget.js";

/**
 * @typedef {import("../quiz/quiz-types.js").FailedReply} FailedReply
 * @typedef {import("../quiz/quiz-types.js").TrainerCheckReply} TrainerCheckReply
 * @typedef {import("../quiz/quiz-types.js").TrainerGame} TrainerGame
 * @typedef {import("../quiz/quiz-types.js").TrainerQuestion} TrainerQuestion
 * @typedef {import("../quiz/quiz-types.js").TrainerQuestionReply} TrainerQuestionReply
 * @typedef {import("../quiz/quiz-view.js").Controls} Controls
 * @typedef {import("./trainer-run.js").Current} Current
 * @typedef {import("./trainer-run.js").State} State
 * @typedef {{ op: "trainer.question" | "trainer.check", game: string, seed: number, answer?: string | number }} Ask
 * @typedef {{ setup: HTMLElement, select: HTMLSelectElement, next: HTMLElement, score: HTMLElement,
 *   error: HTMLElement, question: HTMLElement }} Ui
 * The mounted тренажёр: its markup, its games, the run and the game chosen.
 * @typedef {{ root: HTMLElement, ui: Ui, byId: Record<string, TrainerGame>, state: State, game: string,
 *   disposed: boolean }} Trainer
 * A task's form on screen, and the answer chosen in it (not yet given).
 * @typedef {{ form: HTMLElement, title: HTMLElement, controls: Controls, formError: HTMLElement,
 *   submit: HTMLElement, more: HTMLElement, verdict: HTMLElement, value: string | number | undefined }} Card
 */

const KEY = "trainer";

/**
 * Many short answers («Игрок 1» … «Игрок 17») stand in columns, a long one
 * across the row: the answers of a task fit on a phone's screen (quiz.css).
 * @param {HTMLElement} controls
 */
function compactChoices(controls) {
  const list = controls.querySelector(".rb-quiz-choices");
  const choices = list ? [...list.querySelectorAll(".rb-quiz-choice")] : [];
  if (!list || choices.length <= 4) return;
  list.classList.add("rb-quiz-choices--grid");
  for (const choice of choices) {
    if ((choice.textContent || "").trim().length > 12) choice.classList.add("rb-quiz-choice--wide");
  }
}

/**
 * The saved run, or a new one where none was saved or it was damaged (then
 * the damaged text is kept aside and a notice says so).
 * @param {string[]} gameIds @param {string[]} notices @returns {State}
 */
export function loadState(gameIds, notices) {
  const saved = loadJSON(KEY);
  if (saved.status === "ok" && validState(saved.value, gameIds)) return saved.value;
  if (saved.status === "ok" || saved.status === "corrupt") {
    if (saved.raw !== undefined) saveRaw(`${KEY}:corrupt`, saved.raw);
    remove(KEY);
    notices.push("Сохранённый счёт тренажёра был повреждён, поэтому он сброшен.");
  }
  return emptyState();
}

/** The page was swapped away (instant navigation) while the engine answered. @param {Trainer} t */
function gone(t) {
  return t.disposed || !t.root.isConnected;
}

/** @param {Trainer} t */
function persist(t) {
  saveJSON(KEY, t.state);
}

/** The chosen game's score, with a button to reset it. @param {Trainer} t */
function drawScore(t) {
  const { ui, byId, game } = t;
  const s = scoreOf(t.state, game);
  ui.score.replaceChildren();
  if (!s.total) {
    ui.score.textContent = `${byId[game].title}: пока ни одного ответа.`;
    return;
  }
  ui.score.append(`${byId[game].title}: `, h("strong", { "data-rb-trainer-tally": "", text: scoreLine(s.correct, s.total).toLowerCase() }), " ");
  const reset = h("button", { type: "button", class: "rb-link-button", "data-rb-trainer-reset": "", text: "сбросить счёт" });
  reset.addEventListener("click", () => {
    delete t.state.scores[t.game];
    persist(t);
    drawScore(t);
  });
  ui.score.append(reset);
}

/** @param {Trainer} t @param {Current | null} current */
function writeAddress(t, current) {
  const href = addressOf(window.location.href, t.game, current);
  if (href !== window.location.href) window.history.replaceState(window.history.state, "", href);
}

/**
 * Clause links of a ruling lead to the game's page (the tools' renderer
 * links within the page it is on).
 * @param {HTMLElement} el @param {TrainerGame} g
 */
function linkToGamePage(el, g) {
  for (const a of el.querySelectorAll('a[href^="#"]')) a.setAttribute("href", g.url + (a.getAttribute("href") || ""));
  for (const a of el.querySelectorAll("a.rb-cite-go")) a.textContent = "Открыть пункт в тексте правил";
}

/** @param {Trainer} t @param {Ask} request @returns {Promise<unknown>} the engine's reply */
async function ask(t, request) {
  const busy = getStatus().state === "loading";
  const label = t.ui.next.textContent;
  if (busy) t.ui.next.textContent = "Ждём загрузки правил…";
  try {
    return await call(request);
  } finally {
    t.ui.next.textContent = label;
  }
}

/**
 * Shows the question of state.current; with an answer already given, its verdict too.
 * @param {Trainer} t
 * @param {{ focus?: boolean }} [options]
 */
async function showQuestion(t, { focus = false } = {}) {
  const { ui, state } = t;
  const current = state.current;
  if (!current) {
    ui.question.hidden = true;
    ui.question.replaceChildren();
    writeAddress(t, null);
    return;
  }
  const response = /** @type {TrainerQuestionReply | FailedReply | null} */ (
    await ask(t, { op: "trainer.question", game: current.game, seed: current.seed }));
  if (gone(t) || state.current !== current) return;
  if (!response || response.ok !== true) {
    showError(ui.error, messageOf(response));
    return;
  }
  showError(ui.error, "");
  writeAddress(t, current);
  const q = response.question;
  const answered = "correct" in current;
  const card = drawCard(t, q, current, answered);
  bindCard(t, card, q, current, answered);
  if (answered && !(await restoreVerdict(t, card, q, current))) return;
  if (focus) {
    // A new task starts at the top of the screen, below the sticky header:
    // its facts, its question and the answers in view, with no swipe.
    window.scrollBy(0, card.title.getBoundingClientRect().top - stickyTop() - 4);
    card.title.focus({ preventScroll: true });
  }
}

/**
 * The task's form, put on screen: the position, the shot, the question, the
 * answers (locked once answered) and the buttons.
 * @param {Trainer} t @param {TrainerQuestion} q @param {Current} current @param {boolean} answered
 * @returns {Card}
 */
function drawCard(t, q, current, answered) {
  const g = t.byId[q.game];
  const title = h("h3", { class: "rb-quiz-q-title", tabindex: "-1" }, `Задача № ${q.seed}`, " ",
    h("span", { class: "rb-tag", text: g.title }));
  const form = h("form", { class: "rb-quiz-card rb-trainer-card", novalidate: true, autocomplete: "off", "data-rb-trainer-seed": String(q.seed) });
  const link = taskLink(window.location.href, q);
  form.append(
    title,
    h("p", { class: "rb-section-title", text: "Положение перед ударом" }),
    h("ul", { class: "rb-trainer-lines" }, q.situation.map((line) => h("li", { text: unbroken(line) }))),
    h("p", { class: "rb-section-title", text: "Удар" }),
    h("ul", { class: "rb-trainer-lines" }, q.action.map((line) => h("li", { text: unbroken(line) }))),
    h("p", { class: "rb-trainer-ask", "data-rb-trainer-ask": "", text: unbroken(q.text) }));
  const asQuiz = asQuizQuestion(q);
  const controls = answerControls(asQuiz, asQuiz.choices.map((c) => c.id), {}, {
    value: answered ? current.answer : undefined,
    locked: answered,
    onChange(v) {
      card.value = typeof v === "string" || typeof v === "number" ? v : undefined; // what a single or number question gives
      showError(card.formError, "");
    },
  });
  compactChoices(controls.el);
  const formError = h("p", { class: "rb-error", role: "alert", hidden: true });
  const submit = h("button", { type: "submit", class: "rb-button rb-button--primary", "data-rb-trainer-answer": "",
    text: "Ответить", hidden: answered });
  const more = h("button", { type: "button", class: "rb-button rb-button--primary", "data-rb-trainer-more": "",
    text: "Следующий вопрос", hidden: !answered });
  const share = h("a", { class: "rb-trainer-share", href: link, text: "Ссылка на задачу" });
  const verdict = h("div", { class: "rb-trainer-verdict", "aria-live": "polite" });
  // The buttons stay at the screen's bottom on a phone, as the quiz's: a verdict with its ruling is 1 000 px
  // and more, and «Следующий вопрос» stood under it (issue 26 § 2: a swipe of up to 960 px a task).
  const bar = h("div", { class: "rb-buttons rb-buttons--sticky", "data-rb-bar": "" }, submit, more);
  form.append(controls.el, formError, verdict, bar, h("p", { class: "rb-help" }, share));
  /** @type {Card} */
  const card = { form, title, controls, formError, submit, more, verdict, value: current.answer };
  t.ui.question.replaceChildren(form);
  t.ui.question.hidden = false;
  return card;
}

/**
 * «Следующий вопрос» asks for a new task; the form's submit gives the answer
 * to the engine (once: an answered task stays as it was judged).
 * @param {Trainer} t @param {Card} card @param {TrainerQuestion} q @param {Current} current @param {boolean} answered
 */
function bindCard(t, card, q, current, answered) {
  card.more.addEventListener("click", () => whileBusy(t.root, () => newQuestion(t)));
  card.form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (answered || "correct" in current) return;
    const given = card.value;
    if (given === undefined || given === null) {
      showError(card.formError, noAnswerMessage(q.type));
      card.controls.focus();
      return;
    }
    whileBusy(t.root, () => checkAnswer(t, card, q, current, given));
  });
}

/**
 * The answer given, judged by the engine: counted in the score, and its verdict shown.
 * @param {Trainer} t @param {Card} card @param {TrainerQuestion} q @param {Current} current
 * @param {string | number} given
 */
async function checkAnswer(t, card, q, current, given) {
  /** @type {Ask} */
  const request = { op: "trainer.check", game: q.game, seed: q.seed, answer: given };
  const mark = inputMark();
  const checked = /** @type {TrainerCheckReply | FailedReply | null} */ (await call(request)
    .catch((/** @type {unknown} */ err) => ({ ok: false, error: { message: messageOf(err) } })));
  if (gone(t) || t.state.current !== current) return;
  if (!checked || checked.ok !== true) {
    showError(card.formError, messageOf(checked));
    return;
  }
  recordAnswer(t.state, current, { game: q.game, answer: given, correct: checked.correct });
  persist(t);
  drawScore(t);
  showVerdict(card.verdict, checked, t.byId[q.game]);
  for (const input of /** @type {NodeListOf<HTMLInputElement | HTMLButtonElement>} */ (
    card.controls.el.querySelectorAll("input, button"))) input.disabled = true;
  markGiven(card, q, checked, given);
  card.submit.hidden = true;
  card.more.hidden = false;
  card.verdict.setAttribute("tabindex", "-1");
  if (movedSince(mark)) return; // the learner went on while it was checked: the page stays
  card.verdict.focus({ preventScroll: true });
  // The answer given and the verdict's first line («Верно»/«Неверно») between the sticky header and the
  // sticky buttons; else that line below the header, however long the explanation.
  const head = card.verdict.querySelector(".rb-quiz-verdict") || card.verdict;
  const chosen = givenControl(card.controls.el);
  window.scrollBy(0, answeredDelta(chosen && chosen.getBoundingClientRect(), head.getBoundingClientRect(),
    card.verdict.getBoundingClientRect(), roomOverBar(card.form.querySelector("[data-rb-bar]"), 8, 8)));
}

/**
 * Bring the verdict of an answered task back (the score was counted when it was given).
 * @param {Trainer} t @param {Card} card @param {TrainerQuestion} q @param {Current} current
 * @returns {Promise<boolean>} false: the page or the task is gone meanwhile
 */
async function restoreVerdict(t, card, q, current) {
  const checked = /** @type {TrainerCheckReply | FailedReply | null} */ (
    await ask(t, { op: "trainer.check", game: q.game, seed: q.seed, answer: current.answer }));
  if (gone(t) || t.state.current !== current) return false;
  if (checked && checked.ok === true) {
    showVerdict(card.verdict, checked, t.byId[q.game]);
    markGiven(card, q, checked, current.answer);
  }
  return true;
}

/**
 * On a task of choices, the right one and the one given marked.
 * @param {Card} card @param {TrainerQuestion} q @param {TrainerCheckReply} checked
 * @param {string | number | undefined} given
 */
function markGiven(card, q, checked, given) {
  if (asQuizQuestion(q).type === "single") markChoices(card.controls.el, { type: "single", answer: String(checked.answer) }, given);
}

/** The verdict, the right answer and the engine's ruling. @param {HTMLElement} box @param {TrainerCheckReply} checked @param {TrainerGame} g */
function showVerdict(box, checked, g) {
  // A task asking the score: «Правильный ответ: 66 очков» says the total; the solution does not again.
  const ruling = renderRuling({ ruling: checked.ruling, refs: g.refs, score: scoreDeclaration(g), foldClauses: true,
    totalSaid: checked.question.kind === "score" });
  linkToGamePage(ruling, g);
  const feedback = h("div", { class: `rb-quiz-feedback rb-quiz-feedback--${checked.correct ? "ok" : "bad"}`, "data-rb-verdict": checked.correct ? "right" : "wrong" },
    h("p", { class: "rb-quiz-verdict" }, h("span", { class: `rb-badge rb-badge--${checked.correct ? "ok" : "foul"}`,
      text: checked.correct ? "Верно" : "Неверно" })),
    h("p", { class: "rb-quiz-right" }, h("span", { class: "rb-quiz-label", text: "Правильный ответ: " }), checked.answer_text),
    h("p", { class: "rb-section-title", text: "Решение по правилам" }),
    ruling);
  keepTogether(feedback); // «Следующий удар: Игрок» / «2.» broke in a narrow card: the answer and the solution alike
  box.replaceChildren(feedback);
}

/** A new task of the chosen game, on screen and in view. @param {Trainer} t */
function newQuestion(t) {
  startFresh(t.state, t.game);
  persist(t);
  return showCurrent(t, { focus: true });
}

/**
 * Every engine call may fail (no engine in this browser, no signal): the
 * message goes next to the form, never to the console only.
 * @param {Trainer} t
 * @param {{ focus?: boolean }} [options]
 */
function showCurrent(t, options) {
  return showQuestion(t, options).catch((err) => showError(t.ui.error, messageOf(err)));
}

/** The game's list chooses the score shown; «Новый вопрос» asks for a task. @param {Trainer} t */
export function bindSetup(t) {
  const { ui, state } = t;
  ui.select.addEventListener("change", () => {
    t.game = ui.select.value;
    state.game = t.game;
    persist(t);
    drawScore(t);
    writeAddress(t, state.current && state.current.game === t.game ? state.current : null);
  });
  ui.setup.addEventListener("submit", (event) => {
    event.preventDefault();
    whileBusy(t.root, () => newQuestion(t));
  });
}

/** The score, and the task that was on screen (its game chosen) or none. @param {Trainer} t */
export function start(t) {
  const { ui, state } = t;
  drawScore(t);
  persist(t);
  if (state.current) {
    if (state.current.game !== t.game) {
      t.game = state.current.game;
      ui.select.value = t.game;
      state.game = t.game;
      drawScore(t);
    }
    showCurrent(t);
  } else {
    writeAddress(t, null);
  }
}
