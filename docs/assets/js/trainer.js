// @ts-check
// The тренажёр (marker «::: trainer», sitebuild/quiz_pages.py): endless
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
// ?game=kovboy&seed=123 opens that very question (a link to share).

import { call, getStatus } from "./engine-client.js";
import { bindEngineStatus } from "./engine-status.js";
import { scoreLine } from "./quiz-grading.js";
import { parseWhole } from "./quiz-run.js";
import { isSeed as isVariantSeed, randomSeed } from "./quiz-variant.js";
import { answerControls, h, markChoices } from "./quiz-view.js";
import { revealDelta } from "./match-reveal.js";
import { inputMark, movedSince } from "./scroll-room.js";
import { renderRuling } from "./ruling.js";
import { isObject, loadJSON, remove, saveJSON, saveRaw } from "./storage.js";
import { messageOf, showError, stickyTop, whileBusy } from "./widget.js";

/**
 * @typedef {import("./quiz-types.js").Choice} Choice
 * @typedef {import("./quiz-types.js").FailedReply} FailedReply
 * @typedef {import("./quiz-types.js").TrainerCheckReply} TrainerCheckReply
 * @typedef {import("./quiz-types.js").TrainerGame} TrainerGame
 * @typedef {import("./quiz-types.js").TrainerQuestionReply} TrainerQuestionReply
 * @typedef {{ correct: number, total: number }} Score
 * The question on screen: answer and correct once it was answered.
 * @typedef {{ game: string, seed: number, answer?: string | number, correct?: boolean }} Current
 * @typedef {{ format: string, game: string | null, scores: Record<string, Score>, current: Current | null }} State
 * @typedef {{ op: "trainer.question" | "trainer.check", game: string, seed: number, answer?: string | number }} Ask
 */

const KEY = "trainer";
const FORMAT = "rules-site.trainer/1";
const MAX_SEED = 2 ** 31 - 1; // rules_pkg.trainer.MAX_SEED
const FRESH_SEED_MAX = 999999; // short enough to read out; any 0 … MAX_SEED works

/** @param {unknown} x */
const isCount = (x) => Number.isInteger(x) && Number(x) >= 0;

/** @param {unknown} x @returns {x is number} */
const isSeed = (x) => isVariantSeed(x, MAX_SEED);

/**
 * The saved state, checked: {format, game, scores: {game: {correct, total}},
 * current: {game, seed, answer?, correct?} | null}.
 * @param {unknown} value
 * @param {string[]} gameIds
 * @returns {value is State}
 */
function validState(value, gameIds) {
  if (!isObject(value) || value.format !== FORMAT || !isObject(value.scores)) return false;
  for (const [game, s] of Object.entries(value.scores)) {
    if (!gameIds.includes(game) || !isObject(s) || !isCount(s.correct) || !isCount(s.total) || s.correct > s.total) return false;
  }
  if (value.game !== null && !gameIds.includes(value.game)) return false;
  const c = value.current;
  if (c === null) return true;
  if (!isObject(c) || !gameIds.includes(c.game) || !isSeed(c.seed)) return false;
  if ("answer" in c && !(typeof c.answer === "string" || Number.isSafeInteger(c.answer))) return false;
  if ("correct" in c && typeof c.correct !== "boolean") return false;
  return true;
}

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
 * Mount the тренажёр (`data-rb-tool="trainer"`).
 * @param {HTMLElement} root
 * @returns {() => void} dispose: stops following the engine's status; a
 *   reply that comes after is dropped
 */
export function mountTrainer(root) {
  /** @type {TrainerGame[]} */
  const games = JSON.parse(root.dataset.rbTrainerGames || "[]");
  if (!Array.isArray(games) || !games.length) throw new Error("в тренажёре нет игр");
  const gameIds = games.map((g) => g.id);
  const byId = Object.fromEntries(games.map((g) => [g.id, g]));
  /** @param {string} sel @returns {HTMLElement} */
  const part = (sel) => {
    const el = root.querySelector(sel);
    if (!(el instanceof HTMLElement)) throw new Error(`в разметке тренажёра нет ${sel}`);
    return el;
  };
  const ui = {
    setup: part("[data-rb-trainer-setup]"),
    select: /** @type {HTMLSelectElement} */ (part("[data-rb-trainer-game]")),
    next: part("[data-rb-trainer-new]"),
    score: part("[data-rb-trainer-score]"),
    error: part("[data-rb-error]"),
    question: part("[data-rb-trainer-question]"),
  };
  const unbindStatus = bindEngineStatus(root);
  let disposed = false;
  // The page was swapped away (instant navigation) while the engine answered.
  const gone = () => disposed || !root.isConnected;

  /** @type {string[]} */
  const notices = [];
  /** @type {State} */
  let state = { format: FORMAT, game: null, scores: {}, current: null };
  const saved = loadJSON(KEY);
  if (saved.status === "ok" && validState(saved.value, gameIds)) {
    state = saved.value;
  } else if (saved.status === "ok" || saved.status === "corrupt") {
    if (saved.raw !== undefined) saveRaw(`${KEY}:corrupt`, saved.raw);
    remove(KEY);
    notices.push("Сохранённый счёт тренажёра был повреждён, поэтому он сброшен.");
  }

  // ?game=…&seed=… (a shared question) wins over the saved one.
  const params = new URLSearchParams(window.location.search);
  const askedGame = params.get("game");
  const asked = askedGame !== null && gameIds.includes(askedGame) ? askedGame : null;
  // Read as strictly as the quiz page's variant: "", " ", "1e3" or "0x10" is not a task number.
  const askedSeed = params.has("seed") ? parseWhole(params.get("seed") || "") : null;
  if (askedGame !== null && asked === null) {
    notices.push(`Игры «${askedGame}» в тренажёре нет: выберите игру из списка.`);
  }
  if (params.has("seed") && !isSeed(askedSeed)) {
    notices.push(`Номер задачи «${params.get("seed")}» в адресе не подходит (нужно целое число от 0 до ${MAX_SEED}).`);
  }
  let game = asked ?? (state.game && gameIds.includes(state.game) ? state.game : gameIds[0]);
  if (asked !== null && isSeed(askedSeed)) {
    if (!state.current || state.current.game !== asked || state.current.seed !== askedSeed) {
      state.current = { game: asked, seed: askedSeed };
    }
  } else if (asked !== null && state.current && state.current.game !== asked) {
    state.current = null; // a link to another game's тренажёр: start with that game
  }
  ui.select.value = game;
  state.game = game;

  const notice = h("div", { class: "rb-quiz-notice", role: "status", hidden: !notices.length },
    notices.map((t) => h("p", { text: t })));
  ui.setup.before(notice);

  function persist() {
    saveJSON(KEY, state);
  }

  /** @param {string} g @returns {Score} */
  function score(g) {
    return state.scores[g] || { correct: 0, total: 0 };
  }

  function drawScore() {
    const s = score(game);
    ui.score.replaceChildren();
    if (!s.total) {
      ui.score.textContent = `${byId[game].title}: пока ни одного ответа.`;
      return;
    }
    ui.score.append(`${byId[game].title}: `, h("strong", { "data-rb-trainer-tally": "", text: scoreLine(s.correct, s.total).toLowerCase() }), " ");
    const reset = h("button", { type: "button", class: "rb-link-button", "data-rb-trainer-reset": "", text: "сбросить счёт" });
    reset.addEventListener("click", () => {
      delete state.scores[game];
      persist();
      drawScore();
    });
    ui.score.append(reset);
  }

  /** @param {Current | null} current */
  function writeAddress(current) {
    const url = new URL(window.location.href);
    url.searchParams.set("game", game);
    if (current) url.searchParams.set("seed", String(current.seed));
    else url.searchParams.delete("seed");
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  }

  // Clause links of a ruling lead to the game's page (the tools' renderer
  // links within the page it is on).
  /** @param {HTMLElement} el @param {TrainerGame} g */
  function linkToGamePage(el, g) {
    for (const a of el.querySelectorAll('a[href^="#"]')) a.setAttribute("href", g.url + (a.getAttribute("href") || ""));
    for (const a of el.querySelectorAll("a.rb-cite-go")) a.textContent = "Открыть пункт в тексте правил";
  }

  /** @param {Ask} request @returns {Promise<unknown>} the engine's reply */
  async function ask(request) {
    const busy = getStatus().state === "loading";
    const label = ui.next.textContent;
    if (busy) ui.next.textContent = "Ждём загрузки правил…";
    try {
      return await call(request);
    } finally {
      ui.next.textContent = label;
    }
  }

  /**
   * Shows the question of state.current; with an answer already given, its verdict too.
   * @param {{ focus?: boolean }} [options]
   */
  async function showQuestion({ focus = false } = {}) {
    const current = state.current;
    if (!current) {
      ui.question.hidden = true;
      ui.question.replaceChildren();
      writeAddress(null);
      return;
    }
    const response = /** @type {TrainerQuestionReply | FailedReply | null} */ (
      await ask({ op: "trainer.question", game: current.game, seed: current.seed }));
    if (gone() || state.current !== current) return;
    if (!response || response.ok !== true) {
      showError(ui.error, messageOf(response));
      return;
    }
    showError(ui.error, "");
    writeAddress(current);
    const q = response.question;
    const g = byId[q.game];
    let value = current.answer;
    const title = h("h3", { class: "rb-quiz-q-title", tabindex: "-1" }, `Задача № ${q.seed}`, " ",
      h("span", { class: "rb-tag", text: g.title }));
    const form = h("form", { class: "rb-quiz-card rb-trainer-card", novalidate: true, autocomplete: "off", "data-rb-trainer-seed": String(q.seed) });
    const link = new URL(window.location.href);
    link.search = "";
    link.hash = "";
    link.searchParams.set("game", q.game);
    link.searchParams.set("seed", String(q.seed));
    form.append(
      title,
      h("p", { class: "rb-section-title", text: "Положение перед ударом" }),
      h("ul", { class: "rb-trainer-lines" }, q.situation.map((line) => h("li", { text: line }))),
      h("p", { class: "rb-section-title", text: "Удар" }),
      h("ul", { class: "rb-trainer-lines" }, q.action.map((line) => h("li", { text: line }))),
      h("p", { class: "rb-trainer-ask", "data-rb-trainer-ask": "", text: q.text }));
    /** @type {{ type: "number" | "single", choices: Choice[] }} */
    const asQuiz = { type: q.type === "number" ? "number" : "single",
      choices: q.choices.map((c) => ({ id: c.id, text: c.label })) };
    const answered = "correct" in current;
    const controls = answerControls(asQuiz, asQuiz.choices.map((c) => c.id), {}, {
      value: answered ? current.answer : undefined,
      locked: answered,
      onChange(v) {
        value = typeof v === "string" || typeof v === "number" ? v : undefined; // what a single or number question gives
        showError(formError, "");
      },
    });
    compactChoices(controls.el);
    const formError = h("p", { class: "rb-error", role: "alert", hidden: true });
    const submit = h("button", { type: "submit", class: "rb-button rb-button--primary", "data-rb-trainer-answer": "",
      text: "Ответить", hidden: answered });
    const more = h("button", { type: "button", class: "rb-button rb-button--primary", "data-rb-trainer-more": "",
      text: "Следующий вопрос", hidden: !answered });
    const share = h("a", { class: "rb-trainer-share", href: link.href, text: "Ссылка на задачу" });
    const verdict = h("div", { class: "rb-trainer-verdict", "aria-live": "polite" });
    form.append(controls.el, formError, verdict, h("div", { class: "rb-buttons" }, submit, more), h("p", { class: "rb-help" }, share));
    ui.question.replaceChildren(form);
    ui.question.hidden = false;

    more.addEventListener("click", () => whileBusy(root, newQuestion));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (answered || "correct" in current) return;
      const given = value;
      if (given === undefined || given === null) {
        showError(formError, q.type === "number" ? "Сначала введите ответ — целое число." : "Сначала выберите ответ.");
        controls.focus();
        return;
      }
      whileBusy(root, async () => {
        /** @type {Ask} */
        const request = { op: "trainer.check", game: q.game, seed: q.seed, answer: given };
        const mark = inputMark();
        const checked = /** @type {TrainerCheckReply | FailedReply | null} */ (await call(request)
          .catch((/** @type {unknown} */ err) => ({ ok: false, error: { message: messageOf(err) } })));
        if (gone() || state.current !== current) return;
        if (!checked || checked.ok !== true) {
          showError(formError, messageOf(checked));
          return;
        }
        current.answer = given;
        current.correct = checked.correct;
        const s = score(q.game);
        state.scores[q.game] = { correct: s.correct + (checked.correct ? 1 : 0), total: s.total + 1 };
        persist();
        drawScore();
        showVerdict(verdict, checked, g);
        for (const input of /** @type {NodeListOf<HTMLInputElement | HTMLButtonElement>} */ (
          controls.el.querySelectorAll("input, button"))) input.disabled = true;
        if (asQuiz.type === "single") markChoices(controls.el, { type: "single", answer: String(checked.answer) }, given);
        submit.hidden = true;
        more.hidden = false;
        verdict.setAttribute("tabindex", "-1");
        if (movedSince(mark)) return; // the learner went on while it was checked: the page stays
        verdict.focus({ preventScroll: true });
        // The verdict's first line («Верно»/«Неверно») below the sticky header, however long the explanation.
        window.scrollBy(0, revealDelta(verdict.getBoundingClientRect(),
          { top: stickyTop() + 8, bottom: window.innerHeight - 8 }));
      });
    });

    if (answered) {
      // Bring the verdict back (the score was counted when it was given).
      const checked = /** @type {TrainerCheckReply | FailedReply | null} */ (
        await ask({ op: "trainer.check", game: q.game, seed: q.seed, answer: current.answer }));
      if (gone() || state.current !== current) return;
      if (checked && checked.ok === true) {
        showVerdict(verdict, checked, g);
        if (asQuiz.type === "single") markChoices(controls.el, { type: "single", answer: String(checked.answer) }, current.answer);
      }
    }
    if (focus) {
      // A new task starts at the top of the screen, below the sticky header:
      // its facts, its question and the answers in view, with no swipe.
      window.scrollBy(0, title.getBoundingClientRect().top - stickyTop() - 4);
      title.focus({ preventScroll: true });
    }
  }

  /** @param {HTMLElement} box @param {TrainerCheckReply} checked @param {TrainerGame} g */
  function showVerdict(box, checked, g) {
    const ruling = renderRuling({ ruling: checked.ruling, refs: g.refs, foldClauses: true });
    linkToGamePage(ruling, g);
    box.replaceChildren(
      h("div", { class: `rb-quiz-feedback rb-quiz-feedback--${checked.correct ? "ok" : "bad"}`, "data-rb-verdict": checked.correct ? "right" : "wrong" },
        h("p", { class: "rb-quiz-verdict" }, h("span", { class: `rb-badge rb-badge--${checked.correct ? "ok" : "foul"}`,
          text: checked.correct ? "Верно" : "Неверно" })),
        h("p", { class: "rb-quiz-right" }, h("span", { class: "rb-quiz-label", text: "Правильный ответ: " }), checked.answer_text),
        h("p", { class: "rb-section-title", text: "Решение по правилам" }),
        ruling));
  }

  function newQuestion() {
    state.current = { game, seed: randomSeed(FRESH_SEED_MAX) };
    persist();
    return showCurrent({ focus: true });
  }

  /**
   * Every engine call may fail (no engine in this browser, no signal): the
   * message goes next to the form, never to the console only.
   * @param {{ focus?: boolean }} [options]
   */
  function showCurrent(options) {
    return showQuestion(options).catch((err) => showError(ui.error, messageOf(err)));
  }

  ui.select.addEventListener("change", () => {
    game = ui.select.value;
    state.game = game;
    persist();
    drawScore();
    writeAddress(state.current && state.current.game === game ? state.current : null);
  });
  ui.setup.addEventListener("submit", (event) => {
    event.preventDefault();
    whileBusy(root, newQuestion);
  });

  drawScore();
  persist();
  if (state.current) {
    if (state.current.game !== game) {
      game = state.current.game;
      ui.select.value = game;
      state.game = game;
      drawScore();
    }
    showCurrent();
  } else {
    writeAddress(null);
  }
  return () => {
    disposed = true;
    unbindStatus();
  };
}
