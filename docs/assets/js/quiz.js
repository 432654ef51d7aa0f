// @ts-check
// The quiz page (marker «::: quiz ID», sitebuild/quiz_pages.py): the quiz is
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
// What the page decides without DOM (the address, the tally, the main
// button, the keys) is quiz-run.js.

import { isAnswered, isCorrect, lettersFor, percent, questionsWord, scoreComment, scoreLine } from "./quiz-grading.js";
import { isPrintPart, PRINT_PARTS, renderPrint } from "./quiz-print.js";
import {
  DEFAULT_N, choiceOfKey, isChecked, nextIndex, primaryButton, readAddress, resultOf, tally, unanswered,
} from "./quiz-run.js";
import { MODE_NAMES, renderSetup } from "./quiz-setup.js";
import { addResult, clearRun, loadRun, newRun, saveRun } from "./quiz-store.js";
import { payloadVariant, randomSeed } from "./quiz-variant.js";
import { answerControls, feedback, h, markChoices, questionHead } from "./quiz-view.js";

/**
 * @typedef {import("./quiz-types.js").Letters} Letters
 * @typedef {import("./quiz-types.js").Mode} Mode
 * @typedef {import("./quiz-types.js").Payload} Payload
 * @typedef {import("./quiz-types.js").Run} Run
 * @typedef {import("./quiz-types.js").VariantItem} VariantItem
 * @typedef {"setup" | "question" | "results" | "print"} Screen
 * The page's state: the variant and mode chosen, the run on screen.
 * @typedef {{ seed: number, n: number, mode: Mode, variant: VariantItem[],
 *   letters: Record<string, Letters>, run: Run | null, screen: Screen, back: string,
 *   storageWarned: boolean }} State
 */

const PAYLOAD_FORMAT = "rules_pkg.quiz/1";

/** @param {HTMLElement} root @returns {Payload} */
function readPayload(root) {
  const payload = JSON.parse(root.dataset.rbQuizPayload || "null");
  if (!payload || payload.format !== PAYLOAD_FORMAT || !Array.isArray(payload.questions) || !payload.questions.length) {
    throw new Error("в странице нет вопросов теста");
  }
  return payload;
}

/**
 * Mount the quiz widget (`data-rb-tool="quiz"`).
 * @param {HTMLElement} root
 * @returns {() => void} dispose: the quiz listens only on its own elements;
 *   once disposed it no longer writes the page address
 */
export function mountQuiz(root) {
  const payload = readPayload(root);
  const count = payload.questions.length;
  const byId = Object.fromEntries(payload.questions.map((q) => [q.id, q]));
  const mixed = payload.game === "mixed";
  const address = readAddress(window.location.search, count);
  let disposed = false;

  /** @type {State} */
  const S = {
    seed: address.seed ?? randomSeed(),
    n: address.n ?? Math.min(DEFAULT_N, count),
    mode: address.mode ?? "practice",
    variant: [],
    letters: {}, // question id -> {choice id: letter}
    run: null,
    screen: "setup",
    back: "setup",
    storageWarned: false,
  };

  const notice = h("div", { class: "rb-quiz-notice", role: "status", "aria-live": "polite", hidden: true });
  const body = h("div", { class: "rb-quiz-body" });
  root.replaceChildren(notice, body);

  /** @param {string} text */
  function note(text) {
    if (!text) return;
    notice.append(h("p", { text }));
    notice.hidden = false;
  }
  function clearNotes() {
    notice.replaceChildren();
    notice.hidden = true;
  }

  function setVariant() {
    S.variant = payloadVariant(payload, S.seed, S.n);
    S.letters = Object.fromEntries(S.variant.map((v) => [v.id, lettersFor(v.choices)]));
  }

  function writeAddress() {
    if (disposed || !root.isConnected) return;
    const url = new URL(window.location.href);
    url.searchParams.set("seed", String(S.seed));
    url.searchParams.set("n", String(S.n));
    url.searchParams.set("mode", S.mode);
    if (S.screen === "print") url.searchParams.set("view", "print");
    else url.searchParams.delete("view");
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  }

  function save() {
    if (S.run && !saveRun(S.run) && !S.storageWarned) {
      S.storageWarned = true;
      note("Этот браузер не сохраняет ответы (частный режим или нет места): после перезагрузки страницы тест начнётся заново.");
    }
  }

  function savedRun() {
    const got = loadRun(payload.id, S.mode, S.seed, S.n, S.variant, byId);
    if (got.status === "corrupt") {
      note("Сохранённые ответы этого варианта повреждены, поэтому их пришлось сбросить. Тест можно пройти заново.");
    } else if (got.status === "changed") {
      note("С прошлого раза вопросы теста изменились, поэтому сохранённые ответы этого варианта сброшены.");
    }
    return got.status === "ok" ? got.run : null;
  }

  /** @param {Screen} screen */
  function show(screen) {
    S.screen = screen;
    root.dataset.rbQuizScreen = screen;
    root.classList.toggle("rb-quiz--printing", screen === "print");
    writeAddress();
  }

  /** The run on screen: a question or the results are shown only with one. @returns {Run} */
  function currentRun() {
    if (!S.run) throw new Error("нет начатого теста");
    return S.run;
  }

  function scrollToTop() {
    // A new screen starts at the widget's top (below the sticky header, see quiz.css).
    const rect = root.getBoundingClientRect();
    if (rect.top < 0 || rect.top > window.innerHeight) root.scrollIntoView({ block: "start" });
  }

  function showSetup() {
    renderSetup({
      S, payload, count, byId, body, show, writeAddress, setVariant, savedRun, tally: (run) => tally(run, byId), note,
      clearNotes, startRun,
      openResults(run) {
        S.run = run;
        showResults();
      },
      openPrint(back) {
        S.back = back;
        showPrint();
      },
    });
  }

  // ---- questions --------------------------------------------------------
  /** @param {Run | null} existing */
  function startRun(existing) {
    setVariant();
    S.run = existing || newRun(payload.id, S.mode, S.seed, S.n, S.variant);
    save();
    showQuestion(existing ? existing.current : 0);
  }

  /** @param {number} index @param {{ focus?: boolean }} [options] */
  function showQuestion(index, { focus = true } = {}) {
    const run = currentRun();
    show("question");
    run.current = index;
    save();
    const id = run.order[index];
    const q = byId[id];
    const v = S.variant[index];
    const letters = S.letters[id];
    const total = run.order.length;
    const locked = isChecked(run, id) || run.finished;

    const progressText = h("span", { class: "rb-quiz-progress-text" });
    const bar = h("progress", { class: "rb-quiz-bar", max: String(total), "aria-hidden": "true" });
    const map = h("ol", { class: "rb-quiz-map", "aria-label": "Вопросы теста" });
    const header = h("div", { class: "rb-quiz-head" },
      h("p", { class: "rb-quiz-where" },
        h("span", { class: "rb-tag", text: MODE_NAMES[S.mode] }), " ",
        `вариант ${S.seed} · `, progressText),
      bar, map);

    function drawMap() {
      const missing = unanswered(run, byId);
      map.replaceChildren();
      run.order.forEach((qid, i) => {
        const answered = !missing.includes(i);
        let state = answered ? "answered" : "empty";
        let label = answered ? "есть ответ" : "без ответа";
        if (isChecked(run, qid)) {
          const ok = isCorrect(byId[qid], run.answers[qid]);
          state = ok ? "right" : "wrong";
          label = ok ? "верно" : "неверно";
        }
        const b = h("button", { type: "button", class: `rb-quiz-map-item rb-quiz-map-item--${state}`,
          "aria-label": `Вопрос ${i + 1}: ${label}`, "aria-current": i === index ? "step" : null, text: String(i + 1) });
        b.addEventListener("click", () => showQuestion(i));
        map.append(h("li", {}, b));
      });
      const answered = total - missing.length;
      progressText.textContent = `вопрос ${index + 1} из ${total} · отвечено ${answered}`;
      bar.value = answered;
    }

    const form = h("form", { class: "rb-quiz-card", novalidate: true, autocomplete: "off", "data-rb-question": id });
    const head = questionHead(q, { number: index + 1, total, mixed });
    const error = h("p", { class: "rb-error", role: "alert", hidden: true });
    const controls = answerControls(q, v.choices, letters, {
      value: run.answers[id],
      locked,
      onChange(value) {
        if (value === undefined) delete run.answers[id];
        else run.answers[id] = value;
        error.hidden = true;
        save();
        drawMap();
        updateButtons();
      },
      onEnter: () => form.requestSubmit(),
      keepOrder: run.mode === "exam",
    });
    form.append(head, controls.el, error);
    if (locked) {
      markChoices(controls.el, q, run.answers[id]);
      form.append(feedback(q, run.answers[id], letters));
    }

    const buttons = h("div", { class: "rb-buttons rb-buttons--sticky rb-quiz-nav", "data-rb-bar": "" });
    const prev = h("button", { type: "button", class: "rb-button", "data-rb-quiz-prev": "", text: "← Назад" });
    const primary = h("button", { type: "submit", class: "rb-button rb-button--primary", "data-rb-quiz-next": "" });
    const finish = h("button", { type: "button", class: "rb-button", "data-rb-quiz-finish": "",
      text: run.mode === "exam" ? "Завершить тест" : "Закончить" });
    // «Закончить» is rare and final: under the question, not in the sticky bar beside «Проверить»
    // (one row of two there: on a phone the bar with three took 180 px, a fifth of the screen).
    buttons.append(prev, primary);
    form.append(buttons, h("div", { class: "rb-buttons rb-quiz-end" }, finish));
    const confirm = h("div", { class: "rb-confirm rb-quiz-confirm", role: "alertdialog", hidden: true, "data-rb-quiz-confirm": "" });
    form.append(confirm);

    function updateButtons() {
      prev.disabled = index === 0;
      const button = primaryButton(run, index, locked);
      primary.textContent = button.label;
      primary.dataset.rbAction = button.action;
      finish.hidden = button.finishHidden;
    }

    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const action = primaryButton(run, index, locked).action;
      if (action === "check") {
        if (q.type === "ordering" && !isAnswered(q, run.answers[id]) && controls.current) run.answers[id] = controls.current();
        if (!isAnswered(q, run.answers[id])) {
          error.textContent = q.type === "number" ? "Сначала введите ответ — целое число." : "Сначала выберите ответ.";
          error.hidden = false;
          controls.focus();
          return;
        }
        run.checked.push(id);
        save();
        showQuestion(index, { focus: false });
        const fb = /** @type {HTMLElement | null} */ (root.querySelector(".rb-quiz-feedback"));
        if (fb) {
          fb.setAttribute("tabindex", "-1");
          fb.focus({ preventScroll: true });
          fb.scrollIntoView({ block: "nearest" });
        }
      } else if (action === "next") {
        showQuestion(nextIndex(run, index));
      } else {
        askFinish();
      }
    });
    prev.addEventListener("click", () => showQuestion(index - 1));
    finish.addEventListener("click", askFinish);

    function askFinish() {
      const missing = unanswered(run, byId);
      if (!missing.length) {
        finishRun();
        return;
      }
      const numbers = missing.map((i) => i + 1);
      const goBack = h("button", { type: "button", class: "rb-button rb-button--primary", "data-rb-quiz-confirm-no": "",
        text: "Вернуться к вопросам" });
      const finishAnyway = h("button", { type: "button", class: "rb-button rb-button--danger", "data-rb-quiz-confirm-yes": "",
        text: "Завершить" });
      confirm.replaceChildren(
        h("p", { class: "rb-quiz-confirm-text" },
          `Без ответа ${questionsWord(missing.length)} (№ ${numbers.join(", ")}). `,
          "Если завершить сейчас, они будут засчитаны как неверные."),
        h("div", { class: "rb-buttons" }, goBack, finishAnyway));
      confirm.hidden = false;
      goBack.addEventListener("click", () => showQuestion(missing[0]));
      finishAnyway.addEventListener("click", finishRun);
      goBack.focus();
    }

    // Keyboard: a letter (А, Б, В…) or a digit picks that choice; Enter on
    // a choice is the main button (check, next).
    form.addEventListener("keydown", (event) => {
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
    });

    body.replaceChildren(header, form);
    drawMap();
    updateButtons();
    if (focus) {
      scrollToTop();
      /** @type {HTMLElement | null} */ (head.querySelector(".rb-quiz-q-title"))?.focus({ preventScroll: true });
    }
  }

  function finishRun() {
    const run = S.run;
    if (!run) return;
    const at = Date.now();
    run.finished = true;
    run.finishedAt = at;
    save();
    addResult(payload.id, resultOf(run, byId, at));
    showResults();
  }

  // ---- results ----------------------------------------------------------
  function showResults() {
    const run = currentRun();
    show("results");
    setVariant();
    const t = tally(run, byId);
    const again = h("button", { type: "button", class: "rb-button rb-button--primary", "data-rb-quiz-again": "",
      text: "Пройти этот вариант снова" });
    const fresh = h("button", { type: "button", class: "rb-button", "data-rb-quiz-fresh": "", text: "Новый вариант" });
    const setup = h("button", { type: "button", class: "rb-button", "data-rb-quiz-setup": "", text: "Другой режим или число вопросов" });
    const printButton = h("button", { type: "button", class: "rb-button", "data-rb-quiz-print": "", text: "Лист для печати" });

    const summary = h("div", { class: `rb-quiz-result rb-quiz-result--${t.correct === t.total ? "ok" : "mixed"}`, tabindex: "-1" },
      h("p", { class: "rb-quiz-result-meta", text: `${MODE_NAMES[run.mode]} · вариант ${run.seed} · ${questionsWord(run.n)}${run.n !== count ? ` из ${count}` : ""}` }),
      h("p", { class: "rb-quiz-score", "data-rb-quiz-score": "", text: `${scoreLine(t.correct, t.total)} (${percent(t.correct, t.total)}\u00a0%)` }),
      t.unanswered ? h("p", { class: "rb-quiz-unanswered", text: `Без ответа: ${questionsWord(t.unanswered)}.` }) : null,
      h("p", { text: scoreComment(t.correct, t.total) }),
      h("div", { class: "rb-buttons" }, again, fresh),
      h("div", { class: "rb-buttons" }, setup, printButton));

    const review = h("ol", { class: "rb-quiz-review", "data-rb-quiz-review": "" });
    run.order.forEach((id, i) => {
      const q = byId[id];
      const value = run.answers[id];
      const letters = S.letters[id];
      const item = h("li", { class: "rb-quiz-review-item", "data-rb-question": id });
      item.append(questionHead(q, { number: i + 1, mixed, headingTag: "h4" }));
      if (q.type !== "number") {
        const shown = answerControls(q, S.variant[i].choices, letters, { value, locked: true, onChange() {} });
        markChoices(shown.el, q, value);
        item.append(shown.el);
      }
      item.append(feedback(q, value, letters, { showGiven: true }));
      review.append(item);
    });

    body.replaceChildren(summary, h("h3", { class: "rb-quiz-review-title", text: "Разбор ответов" }), review);
    again.addEventListener("click", () => {
      clearRun(payload.id, S.mode, S.seed, S.n);
      startRun(null);
    });
    fresh.addEventListener("click", () => {
      S.seed = randomSeed();
      startRun(null);
    });
    setup.addEventListener("click", () => {
      S.run = null;
      showSetup();
    });
    printButton.addEventListener("click", () => {
      S.back = "results";
      showPrint();
    });
    scrollToTop();
    summary.focus({ preventScroll: true });
  }

  // ---- print view ---------------------------------------------------------
  function showPrint() {
    show("print");
    setVariant();
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
    body.replaceChildren(controls, renderPrint({ payload, variant: S.variant, seed: S.seed }));
    printNow.addEventListener("click", () => window.print());
    back.addEventListener("click", () => {
      if (S.back === "results" && S.run && S.run.finished) showResults();
      else if (S.back === "question" && S.run) showQuestion(S.run.current);
      else showSetup();
    });
    scrollToTop();
  }

  // ---- start --------------------------------------------------------------
  for (const text of address.notes) note(text);
  setVariant();
  const existing = address.print || !address.explicit ? null : savedRun();
  if (address.print) {
    showPrint();
  } else if (existing && existing.finished) {
    S.run = existing;
    showResults();
  } else if (existing) {
    S.run = existing;
    showQuestion(existing.current, { focus: false });
  } else {
    showSetup();
  }
  return () => {
    disposed = true;
  };
}
