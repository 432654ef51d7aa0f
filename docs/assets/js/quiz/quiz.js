// @ts-check
// The quiz page (marker «::: quiz ID», sitebuild/pages/quiz_pages.py): the quiz is
// embedded in the widget as JSON (sitebuild/quiz/render.py payload()), so it
// works with no signal once the page is loaded; the engine is not needed.
//
// Screens: setup (mode, variant number and N, saved results) → questions →
// results with a review of every answer; and the print view of the variant.
// The variant (seed + N) and the mode are in the URL — ?seed=7&n=10&mode=exam —
// so a trainer can send one link to a whole group; the run (answers, current
// question) is saved in localStorage after every change and resumed on reload.
//
//   practice: «Проверить» after each answer shows the verdict, the right
//             answer, the explanation and the clauses; the answer is then locked;
//   exam:     no feedback until «Завершить тест»; a warning lists unanswered
//             questions; then the score, the review and a retake.
//
// This file is the controller (the state, the address, what is saved, the
// print view); the screens are quiz-setup.js, quiz-question.js and
// quiz-results.js. What the page decides without DOM (the address, the tally,
// the main button, the keys) is quiz-run.js; what the screens say and what a
// run does next, quiz-screens.js.

import { lettersFor, questionsWord } from "./quiz-grading.js";
import { isPrintPart, PRINT_PARTS, renderPrint } from "./quiz-print.js";
import { renderQuestion } from "./quiz-question.js";
import { renderResults } from "./quiz-results.js";
import { DEFAULT_N } from "./quiz-run.js";
import { finishedRun, openingScreen, printBack } from "./quiz-screens.js";
import { renderSetup } from "./quiz-setup.js";
import { addResult, clearRun, loadRun, newRun, saveRun } from "./quiz-store.js";
import { payloadVariant, randomSeed } from "./quiz-variant.js";
import { h } from "../lib/dom.js";

/**
 * @typedef {import("./quiz-types.js").Letters} Letters
 * @typedef {import("./quiz-types.js").Mode} Mode
 * @typedef {import("./quiz-types.js").Payload} Payload
 * @typedef {import("./quiz-types.js").Question} Question
 * @typedef {import("./quiz-types.js").Run} Run
 * @typedef {import("./quiz-types.js").VariantItem} VariantItem
 * @typedef {import("./quiz-run.js").Address} Address
 * @typedef {import("./quiz-screens.js").Screen} Screen
 * The page's state: the variant and mode chosen, the run on screen.
 * @typedef {{ seed: number, n: number, mode: Mode, variant: VariantItem[],
 *   letters: Record<string, Letters>, run: Run | null, screen: Screen, back: string,
 *   storageWarned: boolean }} State
 */

/** The quiz page's controller: its state, the screens it shows, what it saves. */
export class QuizPage {
  /** @param {HTMLElement} root @param {Payload} payload @param {Address} address */
  constructor(root, payload, address) {
    this.root = root;
    this.payload = payload;
    this.count = payload.questions.length;
    /** @type {Record<string, Question>} */
    this.byId = Object.fromEntries(payload.questions.map((q) => [q.id, q]));
    this.mixed = payload.game === "mixed";
    this.disposed = false;
    /** @type {State} */
    this.S = {
      seed: address.seed ?? randomSeed(),
      n: address.n ?? Math.min(DEFAULT_N, this.count),
      mode: address.mode ?? "practice",
      variant: [],
      letters: {}, // question id -> {choice id: letter}
      run: null,
      screen: "setup",
      back: "setup",
      storageWarned: false,
    };
    this.notice = h("div", { class: "rb-quiz-notice", role: "status", "aria-live": "polite", hidden: true });
    this.body = h("div", { class: "rb-quiz-body" });
    root.replaceChildren(this.notice, this.body);
  }

  /** The first screen: the notes on the address, then what it asks for (quiz-screens.js openingScreen()). @param {Address} address */
  open(address) {
    for (const text of address.notes) this.note(text);
    this.setVariant();
    const existing = address.print || !address.explicit ? null : this.savedRun();
    const screen = openingScreen(address.print, existing);
    if (screen === "print") {
      this.showPrint();
    } else if (screen === "results") {
      this.openResults(/** @type {Run} */ (existing));
    } else if (screen === "question") {
      this.S.run = existing;
      this.showQuestion(/** @type {Run} */ (existing).current, { focus: false });
    } else {
      this.showSetup();
    }
  }

  /** @param {string} text */
  note(text) {
    if (!text) return;
    this.notice.append(h("p", { text }));
    this.notice.hidden = false;
  }

  clearNotes() {
    this.notice.replaceChildren();
    this.notice.hidden = true;
  }

  setVariant() {
    const S = this.S;
    S.variant = payloadVariant(this.payload, S.seed, S.n);
    S.letters = Object.fromEntries(S.variant.map((v) => [v.id, lettersFor(v.choices)]));
  }

  writeAddress() {
    if (this.disposed || !this.root.isConnected) return;
    const S = this.S;
    const url = new URL(window.location.href);
    url.searchParams.set("seed", String(S.seed));
    url.searchParams.set("n", String(S.n));
    url.searchParams.set("mode", S.mode);
    if (S.screen === "print") url.searchParams.set("view", "print");
    else url.searchParams.delete("view");
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  }

  save() {
    const S = this.S;
    if (S.run && !saveRun(S.run) && !S.storageWarned) {
      S.storageWarned = true;
      this.note("Этот браузер не сохраняет ответы (частный режим или нет места): после перезагрузки страницы тест начнётся заново.");
    }
  }

  /** The saved run of the variant and mode chosen; a broken or outdated one is dropped with a note. */
  savedRun() {
    const S = this.S;
    const got = loadRun(this.payload.id, S.mode, S.seed, S.n, S.variant, this.byId);
    if (got.status === "corrupt") {
      this.note("Сохранённые ответы этого варианта повреждены, поэтому их пришлось сбросить. Тест можно пройти заново.");
    } else if (got.status === "changed") {
      this.note("С прошлого раза вопросы теста изменились, поэтому сохранённые ответы этого варианта сброшены.");
    }
    return got.status === "ok" ? got.run : null;
  }

  /** @param {Screen} screen */
  show(screen) {
    this.S.screen = screen;
    this.root.dataset.rbQuizScreen = screen;
    this.root.classList.toggle("rb-quiz--printing", screen === "print");
    this.writeAddress();
  }

  /** The run on screen: a question or the results are shown only with one. @returns {Run} */
  currentRun() {
    if (!this.S.run) throw new Error("нет начатого теста");
    return this.S.run;
  }

  scrollToTop() {
    // A new screen starts at the widget's top (below the sticky header, see quiz.css).
    const rect = this.root.getBoundingClientRect();
    if (rect.top < 0 || rect.top > window.innerHeight) this.root.scrollIntoView({ block: "start" });
  }

  showSetup() {
    renderSetup(this);
  }

  /** @param {Run} run */
  openResults(run) {
    this.S.run = run;
    this.showResults();
  }

  /** @param {string} back the screen «Назад к тесту» of the print view returns to */
  openPrint(back) {
    this.S.back = back;
    this.showPrint();
  }

  // ---- questions --------------------------------------------------------
  /** @param {Run | null} existing */
  startRun(existing) {
    const S = this.S;
    this.setVariant();
    S.run = existing || newRun(this.payload.id, S.mode, S.seed, S.n, S.variant);
    this.save();
    this.showQuestion(existing ? existing.current : 0);
  }

  /** The variant and mode chosen, from its first question: its saved run is dropped. */
  restartRun() {
    clearRun(this.payload.id, this.S.mode, this.S.seed, this.S.n);
    this.startRun(null);
  }

  /** @param {number} index @param {{ focus?: boolean }} [options] */
  showQuestion(index, options) {
    renderQuestion(this, index, options);
  }

  finishRun() {
    const run = this.S.run;
    if (!run) return;
    const result = finishedRun(run, this.byId, Date.now());
    this.save();
    addResult(this.payload.id, result);
    this.showResults();
  }

  // ---- results ----------------------------------------------------------
  showResults() {
    renderResults(this);
  }

  // ---- print view ---------------------------------------------------------
  showPrint() {
    const S = this.S;
    const root = this.root;
    this.show("print");
    this.setVariant();
    const part = isPrintPart(root.dataset.rbPrintPart) ? root.dataset.rbPrintPart : "both";
    root.dataset.rbPrintPart = part;
    const parts = h("fieldset", { class: "rb-group rb-quiz-print-parts" }, h("legend", { class: "rb-group-title", text: "Что печатать" }));
    for (const [id, label] of Object.entries(PRINT_PARTS)) {
      const input = h("input", { type: "radio", name: "rb-quiz-print-part", value: id });
      input.checked = id === part;
      input.addEventListener("change", () => {
        root.dataset.rbPrintPart = id;
      });
      parts.append(h("label", { class: "rb-quiz-mode" }, input, h("span", { text: label })));
    }
    const printNow = h("button", { type: "button", class: "rb-button rb-button--primary", "data-rb-quiz-print-now": "", text: "Печать" });
    const back = h("button", { type: "button", class: "rb-button", "data-rb-quiz-back": "", text: "← Назад к тесту" });
    const controls = h("div", { class: "rb-quiz-print-controls" },
      h("p", { class: "rb-help", text: `Вариант ${S.seed}, ${questionsWord(S.n)}. Ключ ответов печатается с новой страницы; номер варианта стоит на листе и в ключе.` }),
      parts, h("div", { class: "rb-buttons" }, printNow, back));
    this.body.replaceChildren(controls, renderPrint({ payload: this.payload, variant: S.variant, seed: S.seed }));
    printNow.addEventListener("click", () => window.print());
    back.addEventListener("click", () => this.leavePrint());
    this.scrollToTop();
  }

  /** «Назад к тесту»: the screen the print view was opened from (quiz-screens.js printBack()). */
  leavePrint() {
    const to = printBack(this.S.back, this.S.run);
    if (to === "results") this.showResults();
    else if (to === "question") this.showQuestion(this.currentRun().current);
    else this.showSetup();
  }
}
