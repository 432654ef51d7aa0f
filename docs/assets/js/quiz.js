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

import { h } from "./ruling.js";
import {
  LETTERS, isAnswered, isCorrect, lettersFor, percent, questionsWord, scoreComment, scoreLine,
} from "./quiz-grading.js";
import { PRINT_PARTS, renderPrint } from "./quiz-print.js";
import { MODE_NAMES, parseWhole, renderSetup } from "./quiz-setup.js";
import { MODES, addResult, clearRun, loadRun, newRun, saveRun } from "./quiz-store.js";
import { MAX_SEED, isSeed, payloadVariant, randomSeed } from "./quiz-variant.js";
import { answerControls, feedback, markChoices, questionHead } from "./quiz-view.js";

const PAYLOAD_FORMAT = "rules_pkg.quiz/1";
const DEFAULT_N = 10;

function readPayload(root) {
  const payload = JSON.parse(root.dataset.rbQuizPayload || "null");
  if (!payload || payload.format !== PAYLOAD_FORMAT || !Array.isArray(payload.questions) || !payload.questions.length) {
    throw new Error("в странице нет вопросов теста");
  }
  return payload;
}

// The variant, the mode and the view from the page address; bad values are
// replaced by defaults with a notice.
function readAddress(count) {
  const sp = new URLSearchParams(window.location.search);
  const notes = [];
  let seed = null;
  let n = null;
  let mode = null;
  if (sp.has("seed")) {
    const v = parseWhole(sp.get("seed"));
    if (v !== null && isSeed(v)) seed = v;
    else notes.push(`Номер варианта «${sp.get("seed")}» в адресе не подходит (нужно целое число от 0 до ${MAX_SEED}), поэтому взят случайный вариант.`);
  }
  if (sp.has("n")) {
    const v = parseWhole(sp.get("n"));
    if (v !== null && v >= 1 && v <= count) n = v;
    else notes.push(`Число вопросов «${sp.get("n")}» в адресе не подходит (в тесте ${questionsWord(count)}), поэтому взято ${Math.min(DEFAULT_N, count)}.`);
  }
  if (sp.has("mode")) {
    if (MODES.includes(sp.get("mode"))) mode = sp.get("mode");
    else notes.push(`Режим «${sp.get("mode")}» в адресе неизвестен: открыта тренировка.`);
  }
  return { seed, n, mode, print: sp.get("view") === "print", notes, explicit: seed !== null };
}

export function mountQuiz(root) {
  const payload = readPayload(root);
  const count = payload.questions.length;
  const byId = Object.fromEntries(payload.questions.map((q) => [q.id, q]));
  const mixed = payload.game === "mixed";
  const address = readAddress(count);

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
    if (!root.isConnected) return;
    const url = new URL(window.location.href);
    url.searchParams.set("seed", String(S.seed));
    url.searchParams.set("n", String(S.n));
    url.searchParams.set("mode", S.mode);
    if (S.screen === "print") url.searchParams.set("view", "print");
    else url.searchParams.delete("view");
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  }

  function save() {
    if (!saveRun(S.run) && !S.storageWarned) {
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

  function show(screen) {
    S.screen = screen;
    root.dataset.rbQuizScreen = screen;
    root.classList.toggle("rb-quiz--printing", screen === "print");
    writeAddress();
  }

  function scrollToTop() {
    // A new screen starts at the widget's top (below the sticky header, see quiz.css).
    const rect = root.getBoundingClientRect();
    if (rect.top < 0 || rect.top > window.innerHeight) root.scrollIntoView({ block: "start" });
  }

  function tally(run) {
    const correct = run.order.filter((id) => isCorrect(byId[id], run.answers[id])).length;
    const unanswered = run.order.filter((id) => !isAnswered(byId[id], run.answers[id])).length;
    return { correct, unanswered, total: run.order.length };
  }

  function showSetup() {
    renderSetup({
      S, payload, count, byId, body, show, writeAddress, setVariant, savedRun, tally, note, clearNotes, startRun,
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
  function startRun(existing) {
    setVariant();
    S.run = existing || newRun(payload.id, S.mode, S.seed, S.n, S.variant);
    save();
    showQuestion(existing ? existing.current : 0);
  }

  function isChecked(id) {
    return S.mode === "practice" && S.run.checked.includes(id);
  }

  function showQuestion(index, { focus = true } = {}) {
    show("question");
    const run = S.run;
    run.current = index;
    save();
    const id = run.order[index];
    const q = byId[id];
    const v = S.variant[index];
    const letters = S.letters[id];
    const total = run.order.length;
    const locked = isChecked(id) || run.finished;

    const answeredCount = () => run.order.filter((x) => isAnswered(byId[x], run.answers[x])).length;
    const progressText = h("span", { class: "rb-quiz-progress-text" });
    const bar = h("progress", { class: "rb-quiz-bar", max: String(total), "aria-hidden": "true" });
    const map = h("ol", { class: "rb-quiz-map", "aria-label": "Вопросы теста" });
    const header = h("div", { class: "rb-quiz-head" },
      h("p", { class: "rb-quiz-where" },
        h("span", { class: "rb-tag", text: MODE_NAMES[S.mode] }), " ",
        `вариант ${S.seed} · `, progressText),
      bar, map);

    function drawMap() {
      map.replaceChildren();
      run.order.forEach((qid, i) => {
        const answered = isAnswered(byId[qid], run.answers[qid]);
        let state = answered ? "answered" : "empty";
        let label = answered ? "есть ответ" : "без ответа";
        if (isChecked(qid)) {
          const ok = isCorrect(byId[qid], run.answers[qid]);
          state = ok ? "right" : "wrong";
          label = ok ? "верно" : "неверно";
        }
        const b = h("button", { type: "button", class: `rb-quiz-map-item rb-quiz-map-item--${state}`,
          "aria-label": `Вопрос ${i + 1}: ${label}`, "aria-current": i === index ? "step" : null, text: String(i + 1) });
        b.addEventListener("click", () => showQuestion(i));
        map.append(h("li", {}, b));
      });
      const answered = answeredCount();
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
      keepOrder: S.mode === "exam",
    });
    form.append(head, controls.el, error);
    if (locked) {
      markChoices(controls.el, q, run.answers[id]);
      form.append(feedback(q, run.answers[id], letters));
    }

    const buttons = h("div", { class: "rb-buttons rb-buttons--sticky rb-quiz-nav" });
    const prev = h("button", { type: "button", class: "rb-button", "data-rb-quiz-prev": "", text: "← Назад" });
    const primary = h("button", { type: "submit", class: "rb-button rb-button--primary", "data-rb-quiz-next": "" });
    const finish = h("button", { type: "button", class: "rb-button", "data-rb-quiz-finish": "",
      text: S.mode === "exam" ? "Завершить тест" : "Закончить" });
    buttons.append(prev, primary, finish);
    form.append(buttons);
    const confirm = h("div", { class: "rb-confirm rb-quiz-confirm", role: "alertdialog", hidden: true, "data-rb-quiz-confirm": "" });
    form.append(confirm);

    const nextUnchecked = () => {
      for (let k = 1; k <= total; k++) {
        const i = (index + k) % total;
        if (!isChecked(run.order[i])) return i;
      }
      return null;
    };

    function updateButtons() {
      prev.disabled = index === 0;
      if (S.mode === "practice") {
        if (!locked) {
          primary.textContent = "Проверить";
          primary.dataset.rbAction = "check";
        } else if (nextUnchecked() === null) {
          primary.textContent = "Результат";
          primary.dataset.rbAction = "finish";
        } else {
          primary.textContent = "Следующий вопрос →";
          primary.dataset.rbAction = "next";
        }
        finish.hidden = primary.dataset.rbAction === "finish";
      } else {
        const last = index === total - 1;
        primary.textContent = last ? "Завершить тест" : "Далее →";
        primary.dataset.rbAction = last ? "finish" : "next";
        finish.hidden = last;
      }
    }

    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const action = primary.dataset.rbAction;
      if (action === "check") {
        if (q.type === "ordering" && !isAnswered(q, run.answers[id])) run.answers[id] = controls.current();
        if (!isAnswered(q, run.answers[id])) {
          error.textContent = q.type === "number" ? "Сначала введите ответ — целое число." : "Сначала выберите ответ.";
          error.hidden = false;
          controls.focus();
          return;
        }
        run.checked.push(id);
        save();
        showQuestion(index, { focus: false });
        const fb = root.querySelector(".rb-quiz-feedback");
        if (fb) {
          fb.setAttribute("tabindex", "-1");
          fb.focus({ preventScroll: true });
          fb.scrollIntoView({ block: "nearest" });
        }
      } else if (action === "next") {
        showQuestion(S.mode === "practice" ? nextUnchecked() : index + 1);
      } else {
        askFinish();
      }
    });
    prev.addEventListener("click", () => showQuestion(index - 1));
    finish.addEventListener("click", askFinish);

    function askFinish() {
      const missing = run.order.map((qid, i) => [qid, i]).filter(([qid]) => !isAnswered(byId[qid], run.answers[qid]));
      if (!missing.length) {
        finishRun();
        return;
      }
      const numbers = missing.map(([, i]) => i + 1);
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
      goBack.addEventListener("click", () => showQuestion(missing[0][1]));
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
      const key = event.key.toUpperCase();
      let k = LETTERS.indexOf(key);
      if (k < 0 && /^[1-9]$/.test(key)) k = Number(key) - 1;
      if (k < 0) return;
      const inputs = form.querySelectorAll(".rb-quiz-choices input");
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
      head.querySelector(".rb-quiz-q-title").focus({ preventScroll: true });
    }
  }

  function finishRun() {
    const run = S.run;
    run.finished = true;
    run.finishedAt = Date.now();
    save();
    const t = tally(run);
    addResult(payload.id, { mode: run.mode, seed: run.seed, n: run.n, correct: t.correct, total: t.total, at: run.finishedAt });
    showResults();
  }

  // ---- results ----------------------------------------------------------
  function showResults() {
    show("results");
    const run = S.run;
    setVariant();
    const t = tally(run);
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
    let part = root.dataset.rbPrintPart && PRINT_PARTS[root.dataset.rbPrintPart] ? root.dataset.rbPrintPart : "both";
    root.dataset.rbPrintPart = part;
    const parts = h("fieldset", { class: "rb-group rb-quiz-print-parts" }, h("legend", { class: "rb-group-title", text: "Что печатать" }));
    for (const [id, label] of Object.entries(PRINT_PARTS)) {
      const input = h("input", { type: "radio", name: "rb-quiz-print-part", value: id });
      input.checked = id === part;
      input.addEventListener("change", () => {
        part = id;
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
  if (address.print) {
    showPrint();
    return;
  }
  const existing = address.explicit ? savedRun() : null;
  if (existing && existing.finished) {
    S.run = existing;
    showResults();
  } else if (existing) {
    S.run = existing;
    showQuestion(existing.current, { focus: false });
  } else {
    showSetup();
  }
}
