// @ts-check
// The first screen of a quiz page (quiz.js): the mode (practice or exam), the
// variant — its number (seed) and the number of questions N, both editable and
// kept in the address — a run to continue or a result to open, the print view,
// a link to the variant for a group, and the results saved in this browser.

import { isAnswered, ofQuestions, percent, questionsWord, scoreLine } from "./quiz-grading.js";
import { parseWhole } from "./quiz-run.js";
import { MODES, clearRun, loadResults } from "./quiz-store.js";
import { MAX_SEED, isSeed, randomSeed } from "./quiz-variant.js";
import { h } from "./quiz-view.js";

/**
 * @typedef {import("./quiz-types.js").Mode} Mode
 * @typedef {import("./quiz-types.js").Payload} Payload
 * @typedef {import("./quiz-types.js").Question} Question
 * @typedef {import("./quiz-types.js").Run} Run
 * @typedef {import("./quiz-types.js").Tally} Tally
 * The variant and mode chosen on this screen (quiz.js keeps the rest of its state).
 * @typedef {{ seed: number, n: number, mode: Mode }} Picked
 * The quiz page's controller (quiz.js) as this screen uses it.
 * @typedef {{ S: Picked, payload: Payload, count: number, byId: Record<string, Question>, body: HTMLElement,
 *   show: (screen: "setup") => void, writeAddress: () => void, setVariant: () => void,
 *   savedRun: () => Run | null, tally: (run: Run) => Tally, note: (text: string) => void,
 *   clearNotes: () => void, startRun: (run: Run | null) => void, openResults: (run: Run) => void,
 *   openPrint: (back: string) => void }} SetupApp
 */

/** @type {Record<Mode, string>} */
export const MODE_NAMES = { practice: "Тренировка", exam: "Экзамен" };
/** @type {Record<Mode, string>} */
const MODE_HELP = {
  practice: "ответ и разбор со ссылками на правила — сразу после каждого вопроса",
  exam: "ответы можно менять до конца; разбор и оценка — когда тест завершён",
};

/** @param {number} ms */
function formatDate(ms) {
  try {
    return new Date(ms).toLocaleString("ru-RU", { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" });
  } catch {
    return "";
  }
}

/** @param {SetupApp} app */
export function renderSetup(app) {
  const { S, payload, count, byId } = app;
  app.show("setup");
  const form = h("form", { class: "rb-quiz-setup", novalidate: true, autocomplete: "off" });

  const modes = h("fieldset", { class: "rb-group rb-quiz-modes" }, h("legend", { class: "rb-group-title", text: "Режим" }));
  for (const mode of MODES) {
    const input = h("input", { type: "radio", name: "rb-quiz-mode", value: mode });
    input.checked = mode === S.mode;
    input.addEventListener("change", () => {
      S.mode = mode;
      app.writeAddress();
      refresh();
    });
    modes.append(h("label", { class: "rb-quiz-mode", "data-rb-mode": mode }, input,
      h("span", {}, h("strong", { text: MODE_NAMES[mode] }), h("span", { class: "rb-help", text: ` — ${MODE_HELP[mode]}` }))));
  }

  const seedInput = h("input", { class: "rb-text", id: "rb-quiz-seed", "data-rb-quiz-seed": "", inputmode: "numeric",
    value: String(S.seed), "aria-describedby": "rb-quiz-seed-help" });
  const nInput = h("input", { class: "rb-text", id: "rb-quiz-n", "data-rb-quiz-n": "", inputmode: "numeric",
    value: String(S.n), "aria-describedby": "rb-quiz-n-help" });
  const fieldError = h("p", { class: "rb-error", role: "alert", hidden: true, "data-rb-error": "" });
  const newSeed = h("button", { type: "button", class: "rb-button", "data-rb-quiz-reseed": "", text: "Другой вариант" });
  const allN = h("button", { type: "button", class: "rb-button", "data-rb-quiz-all": "", text: `Все ${count}` });
  const variant = h("fieldset", { class: "rb-group rb-quiz-variant" },
    h("legend", { class: "rb-group-title", text: "Вариант" }),
    h("div", { class: "rb-quiz-variant-row" },
      h("div", { class: "rb-quiz-variant-field" }, h("label", { class: "rb-label", for: seedInput.id, text: "Номер варианта" }), seedInput),
      newSeed),
    h("p", { class: "rb-help", id: "rb-quiz-seed-help",
      text: "Один номер с тем же числом вопросов — те же вопросы и тот же порядок ответов у всех, на экране и на распечатке." }),
    h("div", { class: "rb-quiz-variant-row" },
      h("div", { class: "rb-quiz-variant-field" }, h("label", { class: "rb-label", for: nInput.id, text: `Вопросов (из ${count})` }), nInput),
      allN),
    h("p", { class: "rb-help", id: "rb-quiz-n-help", text: `От 1 до ${count}: вопросы выбираются из теста случайно, по номеру варианта.` }),
    fieldError);

  const start = h("button", { type: "submit", class: "rb-button rb-button--primary", "data-rb-quiz-start": "" });
  const restart = h("button", { type: "button", class: "rb-button", "data-rb-quiz-restart": "", hidden: true, text: "Начать заново" });
  const printButton = h("button", { type: "button", class: "rb-button", "data-rb-quiz-print": "", text: "Лист для печати" });
  const linkButton = h("button", { type: "button", class: "rb-button", "data-rb-quiz-link": "", text: "Ссылка на вариант" });
  const linkOut = h("p", { class: "rb-quiz-link-out", hidden: true });
  const status = h("p", { class: "rb-quiz-status", "data-rb-quiz-status": "" });
  form.append(modes, variant, status,
    h("div", { class: "rb-buttons" }, start, restart),
    h("div", { class: "rb-buttons" }, printButton, linkButton), linkOut);

  const history = h("div", { class: "rb-quiz-history" });
  app.body.replaceChildren(form, history);

  let valid = true;
  /** @type {Run | null} */
  let existing = null;

  function readFields() {
    const seed = parseWhole(seedInput.value);
    const n = parseWhole(nInput.value);
    const problems = [];
    seedInput.classList.toggle("rb-quiz-invalid", !(seed !== null && isSeed(seed)));
    nInput.classList.toggle("rb-quiz-invalid", !(n !== null && n >= 1 && n <= count));
    if (seed === null || !isSeed(seed)) problems.push(`Номер варианта — целое число от 0 до ${MAX_SEED}.`);
    if (n === null || n < 1 || n > count) problems.push(`Вопросов — от 1 до ${count}.`);
    valid = !problems.length;
    fieldError.textContent = problems.join(" ");
    fieldError.hidden = valid;
    if (valid && seed !== null && n !== null && (seed !== S.seed || n !== S.n)) {
      S.seed = seed;
      S.n = n;
      app.writeAddress();
    }
    refresh();
  }

  function refresh() {
    start.disabled = !valid;
    printButton.disabled = !valid;
    linkButton.disabled = !valid;
    linkOut.hidden = true;
    existing = null;
    if (valid) {
      app.setVariant();
      existing = app.savedRun();
    }
    if (existing && existing.finished) {
      const t = app.tally(existing);
      start.textContent = "Открыть результат";
      status.textContent = `Этот вариант уже пройден: ${scoreLine(t.correct, t.total).toLowerCase()}.`;
      restart.hidden = false;
      restart.textContent = "Пройти заново";
    } else if (existing) {
      const { answers } = existing;
      const answered = existing.order.filter((id) => isAnswered(byId[id], answers[id])).length;
      start.textContent = S.mode === "practice" ? "Продолжить тренировку" : "Продолжить экзамен";
      const begun = S.mode === "practice" ? "Начатая тренировка" : "Начатый экзамен";
      status.textContent = `${begun}: отвечено ${answered} ${ofQuestions(existing.order.length)}.`;
      restart.hidden = false;
      restart.textContent = "Начать заново";
    } else {
      start.textContent = S.mode === "practice" ? "Начать тренировку" : "Начать экзамен";
      status.textContent = valid ? `Вариант ${S.seed}: ${questionsWord(S.n)}.` : "";
      restart.hidden = true;
    }
  }

  seedInput.addEventListener("input", readFields);
  nInput.addEventListener("input", readFields);
  newSeed.addEventListener("click", () => {
    seedInput.value = String(randomSeed());
    readFields();
  });
  allN.addEventListener("click", () => {
    nInput.value = String(count);
    readFields();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!valid) {
      (seedInput.classList.contains("rb-quiz-invalid") ? seedInput : nInput).focus();
      return;
    }
    app.clearNotes();
    if (existing && existing.finished) {
      app.openResults(existing);
    } else {
      app.startRun(existing);
    }
  });
  restart.addEventListener("click", () => {
    app.clearNotes();
    clearRun(payload.id, S.mode, S.seed, S.n);
    app.startRun(null);
  });
  printButton.addEventListener("click", () => app.openPrint("setup"));
  linkButton.addEventListener("click", () => shareLink(variantUrl(S.seed, S.n, S.mode), linkOut));

  renderHistory(history, payload.id, app.note);
  readFields();
}

/**
 * The address of a variant: this page with ?seed=…&n=…&mode=… (a trainer sends it).
 * @param {number} seed @param {number} n @param {Mode} mode
 */
export function variantUrl(seed, n, mode) {
  const url = new URL(window.location.href);
  url.hash = "";
  url.search = "";
  url.searchParams.set("seed", String(seed));
  url.searchParams.set("n", String(n));
  url.searchParams.set("mode", mode);
  return url.href;
}

/** @param {string} link @param {HTMLElement} out */
async function shareLink(link, out) {
  out.replaceChildren();
  try {
    await navigator.clipboard.writeText(link);
    out.append(h("span", { text: "Ссылка скопирована: " }));
  } catch {
    out.append(h("span", { text: "Ссылка на этот вариант: " }));
  }
  const field = h("input", { class: "rb-text rb-quiz-link-field", readonly: true, value: link, "aria-label": "Ссылка на вариант" });
  out.append(field);
  out.hidden = false;
  field.select();
}

/** @param {HTMLElement} box @param {string} quizId @param {(text: string) => void} note */
function renderHistory(box, quizId, note) {
  const { status, list } = loadResults(quizId);
  if (status === "corrupt") note("Список прошлых результатов этого теста был повреждён и очищен.");
  if (!list.length) return;
  box.append(h("h3", { class: "rb-quiz-history-title", text: "Прошлые результаты в этом браузере" }));
  box.append(h("ul", { class: "rb-quiz-history-list" }, list.map((r) => {
    return h("li", {},
      h("span", { class: "rb-quiz-history-when", text: formatDate(r.at) }), " — ",
      `${MODE_NAMES[r.mode].toLowerCase()}, `, h("a", { href: variantUrl(r.seed, r.n, r.mode), text: `вариант ${r.seed}` }),
      `: ${scoreLine(r.correct, r.total).toLowerCase()} (${percent(r.correct, r.total)}\u00a0%)`);
  })));
}
