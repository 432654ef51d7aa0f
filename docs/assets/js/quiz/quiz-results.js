// @ts-check
// The results screen of a quiz page (quiz.js): the score of the finished run
// with what to do next (the same variant again, a new one, another mode or N,
// the print view), then the review of every answer with its feedback. The
// summary's words are quiz-screens.js (no DOM).

import { resultSummary } from "./quiz-screens.js";
import { randomSeed } from "./quiz-variant.js";
import { h } from "../lib/dom.js";
import { answerControls, feedback, markChoices, questionHead } from "./quiz-view.js";

/**
 * @typedef {import("./quiz-types.js").Letters} Letters
 * @typedef {import("./quiz-types.js").Question} Question
 * @typedef {import("./quiz-types.js").Run} Run
 * @typedef {import("./quiz-types.js").VariantItem} VariantItem
 * The quiz page's controller (quiz.js) as this screen uses it.
 * @typedef {{ S: { seed: number, run: Run | null, variant: VariantItem[], letters: Record<string, Letters> },
 *   body: HTMLElement, byId: Record<string, Question>, count: number, mixed: boolean,
 *   currentRun: () => Run, show: (screen: "results") => void, setVariant: () => void, scrollToTop: () => void,
 *   startRun: (run: Run | null) => void, restartRun: () => void, showSetup: () => void,
 *   openPrint: (back: string) => void }} ResultsApp
 */

/**
 * The results of the run on the page (a finished one).
 * @param {ResultsApp} app
 */
export function renderResults(app) {
  const run = app.currentRun();
  app.show("results");
  app.setVariant();
  const s = resultSummary(run, app.byId, app.count);
  const again = h("button", { type: "button", class: "rb-button rb-button--primary", "data-rb-quiz-again": "",
    text: "Пройти этот вариант снова" });
  const fresh = h("button", { type: "button", class: "rb-button", "data-rb-quiz-fresh": "", text: "Новый вариант" });
  const setup = h("button", { type: "button", class: "rb-button", "data-rb-quiz-setup": "", text: "Другой режим или число вопросов" });
  const printButton = h("button", { type: "button", class: "rb-button", "data-rb-quiz-print": "", text: "Лист для печати" });

  const summary = h("div", { class: `rb-quiz-result rb-quiz-result--${s.tone}`, tabindex: "-1" },
    h("p", { class: "rb-quiz-result-meta", text: s.meta }),
    h("p", { class: "rb-quiz-score", "data-rb-quiz-score": "", text: s.score }),
    s.unanswered ? h("p", { class: "rb-quiz-unanswered", text: s.unanswered }) : null,
    h("p", { text: s.comment }),
    h("div", { class: "rb-buttons" }, again, fresh),
    h("div", { class: "rb-buttons" }, setup, printButton));

  app.body.replaceChildren(summary, h("h3", { class: "rb-quiz-review-title", text: "Разбор ответов" }), review(app, run));
  again.addEventListener("click", () => app.restartRun());
  fresh.addEventListener("click", () => {
    app.S.seed = randomSeed();
    app.startRun(null);
  });
  setup.addEventListener("click", () => {
    app.S.run = null;
    app.showSetup();
  });
  printButton.addEventListener("click", () => app.openPrint("results"));
  app.scrollToTop();
  summary.focus({ preventScroll: true });
}

/**
 * Every question of the run with the answer given (the choices marked) and its feedback.
 * @param {ResultsApp} app
 * @param {Run} run
 */
function review(app, run) {
  const list = h("ol", { class: "rb-quiz-review", "data-rb-quiz-review": "" });
  run.order.forEach((id, i) => {
    const q = app.byId[id];
    const value = run.answers[id];
    const letters = app.S.letters[id];
    const item = h("li", { class: "rb-quiz-review-item", "data-rb-question": id });
    item.append(questionHead(q, { number: i + 1, mixed: app.mixed, headingTag: "h4" }));
    if (q.type !== "number") {
      const shown = answerControls(q, app.S.variant[i].choices, letters, { value, locked: true, onChange() {} });
      markChoices(shown.el, q, value);
      item.append(shown.el);
    }
    item.append(feedback(q, value, letters, { showGiven: true }));
    list.append(item);
  });
  return list;
}
