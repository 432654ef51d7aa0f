// @ts-check
// The first screen of a quiz page (quiz.js): the mode (practice or exam), the
// variant — its number (seed) and the number of questions N, both editable and
// kept in the address — a run to continue or a result to open, the print view,
// a link to the variant for a group, and the results saved in this browser.
// What the fields mean and what the screen offers is quiz-screens.js (no DOM).

import { percent, scoreLine } from "./quiz-grading.js";
import { MODE_NAMES, setupFields, setupOffer } from "./quiz-screens.js";
import { MODES, loadResults } from "./quiz-store.js";
import { randomSeed } from "./quiz-variant.js";
import { h } from "../lib/dom.js";

/**
 * @typedef {import("./quiz-types.js").Mode} Mode
 * @typedef {import("./quiz-types.js").Payload} Payload
 * @typedef {import("./quiz-types.js").Question} Question
 * @typedef {import("./quiz-types.js").Run} Run
 * The variant and mode chosen on this screen (quiz.js keeps the rest of its state).
 * @typedef {{ seed: number, n: number, mode: Mode }} Picked
 * The quiz page's controller (quiz.js) as this screen uses it.
 * @typedef {{ S: Picked, payload: Payload, count: number, byId: Record<string, Question>, body: HTMLElement,
 *   show: (screen: "setup") => void, writeAddress: () => void, setVariant: () => void,
 *   savedRun: () => Run | null, note: (text: string) => void, clearNotes: () => void,
 *   startRun: (run: Run | null) => void, restartRun: () => void, openResults: (run: Run) => void,
 *   openPrint: (back: string) => void }} SetupApp
 * The fields of the variant: its number, N, their error line and buttons.
 * @typedef {{ el: HTMLFieldSetElement, seedInput: HTMLInputElement, nInput: HTMLInputElement,
 *   error: HTMLParagraphElement, newSeed: HTMLButtonElement, allN: HTMLButtonElement }} VariantFields
 * @typedef {{ start: HTMLButtonElement, restart: HTMLButtonElement, printButton: HTMLButtonElement,
 *   linkButton: HTMLButtonElement, linkOut: HTMLParagraphElement, status: HTMLParagraphElement }} SetupButtons
 * The screen on the page: its parts, whether the fields are usable, the saved
 * run of the variant chosen (to continue, or its result to open).
 * @typedef {{ app: SetupApp, fields: VariantFields, buttons: SetupButtons, valid: boolean,
 *   existing: Run | null }} SetupScreen
 */

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
  app.show("setup");
  /** @type {SetupScreen} */
  const screen = { app, fields: variantFields(app.S, app.count), buttons: setupButtons(), valid: true, existing: null };
  const modes = modeChoices(app.S, () => {
    app.writeAddress();
    refreshOffer(screen);
  });
  const { fields, buttons } = screen;
  const form = h("form", { class: "rb-quiz-setup", novalidate: true, autocomplete: "off" },
    modes, fields.el, buttons.status,
    h("div", { class: "rb-buttons" }, buttons.start, buttons.restart),
    h("div", { class: "rb-buttons" }, buttons.printButton, buttons.linkButton), buttons.linkOut);
  const history = h("div", { class: "rb-quiz-history" });
  app.body.replaceChildren(form, history);
  bindVariantFields(screen);
  bindSetupButtons(screen, form);
  renderHistory(history, app.payload.id, (text) => app.note(text));
  readFields(screen);
}

/**
 * The modes as radio buttons; picking one sets `picked.mode`, then `onPick()`.
 * @param {Picked} picked
 * @param {() => void} onPick
 */
function modeChoices(picked, onPick) {
  const modes = h("fieldset", { class: "rb-group rb-quiz-modes" }, h("legend", { class: "rb-group-title", text: "Режим" }));
  for (const mode of MODES) {
    const input = h("input", { type: "radio", name: "rb-quiz-mode", value: mode });
    input.checked = mode === picked.mode;
    input.addEventListener("change", () => {
      picked.mode = mode;
      onPick();
    });
    modes.append(h("label", { class: "rb-quiz-mode", "data-rb-mode": mode }, input,
      h("span", {}, h("strong", { text: MODE_NAMES[mode] }), h("span", { class: "rb-help", text: ` — ${MODE_HELP[mode]}` }))));
  }
  return modes;
}

/**
 * The variant's fields: its number and N, each with a button that fills it in.
 * @param {Picked} picked
 * @param {number} count the questions in the quiz
 * @returns {VariantFields}
 */
function variantFields(picked, count) {
  const seedInput = h("input", { class: "rb-text", id: "rb-quiz-seed", "data-rb-quiz-seed": "", inputmode: "numeric",
    value: String(picked.seed), "aria-describedby": "rb-quiz-seed-help" });
  const nInput = h("input", { class: "rb-text", id: "rb-quiz-n", "data-rb-quiz-n": "", inputmode: "numeric",
    value: String(picked.n), "aria-describedby": "rb-quiz-n-help" });
  const error = h("p", { class: "rb-error", role: "alert", hidden: true, "data-rb-error": "" });
  const newSeed = h("button", { type: "button", class: "rb-button", "data-rb-quiz-reseed": "", text: "Другой вариант" });
  const allN = h("button", { type: "button", class: "rb-button", "data-rb-quiz-all": "", text: `Все ${count}` });
  const el = h("fieldset", { class: "rb-group rb-quiz-variant" },
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
    error);
  return { el, seedInput, nInput, error, newSeed, allN };
}

/** The buttons of the screen, the status line above them and the place of the link. @returns {SetupButtons} */
function setupButtons() {
  return {
    start: h("button", { type: "submit", class: "rb-button rb-button--primary", "data-rb-quiz-start": "" }),
    restart: h("button", { type: "button", class: "rb-button", "data-rb-quiz-restart": "", hidden: true, text: "Начать заново" }),
    printButton: h("button", { type: "button", class: "rb-button", "data-rb-quiz-print": "", text: "Лист для печати" }),
    linkButton: h("button", { type: "button", class: "rb-button", "data-rb-quiz-link": "", text: "Ссылка на вариант" }),
    linkOut: h("p", { class: "rb-quiz-link-out", hidden: true }),
    status: h("p", { class: "rb-quiz-status", "data-rb-quiz-status": "" }),
  };
}

/**
 * Typing in the fields or their buttons: the fields are read again.
 * @param {SetupScreen} screen
 */
function bindVariantFields(screen) {
  const { seedInput, nInput, newSeed, allN } = screen.fields;
  seedInput.addEventListener("input", () => readFields(screen));
  nInput.addEventListener("input", () => readFields(screen));
  newSeed.addEventListener("click", () => {
    seedInput.value = String(randomSeed());
    readFields(screen);
  });
  allN.addEventListener("click", () => {
    nInput.value = String(screen.app.count);
    readFields(screen);
  });
}

/**
 * Start (or continue, or open the result), start again, print, link.
 * @param {SetupScreen} screen
 * @param {HTMLFormElement} form
 */
function bindSetupButtons(screen, form) {
  const { app, fields, buttons } = screen;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!screen.valid) {
      (fields.seedInput.classList.contains("rb-quiz-invalid") ? fields.seedInput : fields.nInput).focus();
      return;
    }
    app.clearNotes();
    if (screen.existing && screen.existing.finished) {
      app.openResults(screen.existing);
    } else {
      app.startRun(screen.existing);
    }
  });
  buttons.restart.addEventListener("click", () => {
    app.clearNotes();
    app.restartRun();
  });
  buttons.printButton.addEventListener("click", () => app.openPrint("setup"));
  buttons.linkButton.addEventListener("click", () => shareLink(variantUrl(app.S.seed, app.S.n, app.S.mode), buttons.linkOut));
}

/**
 * The fields read: marked if wrong, the problems shown, a new valid variant taken.
 * @param {SetupScreen} screen
 */
function readFields(screen) {
  const { app, fields } = screen;
  const read = setupFields(fields.seedInput.value, fields.nInput.value, app.count);
  fields.seedInput.classList.toggle("rb-quiz-invalid", !read.seedOk);
  fields.nInput.classList.toggle("rb-quiz-invalid", !read.nOk);
  screen.valid = !read.problems.length;
  fields.error.textContent = read.problems.join(" ");
  fields.error.hidden = screen.valid;
  if (screen.valid && read.seed !== null && read.n !== null && (read.seed !== app.S.seed || read.n !== app.S.n)) {
    app.S.seed = read.seed;
    app.S.n = read.n;
    app.writeAddress();
  }
  refreshOffer(screen);
}

/**
 * The buttons and the status line for the variant and mode chosen.
 * @param {SetupScreen} screen
 */
function refreshOffer(screen) {
  const { app, buttons, valid } = screen;
  buttons.start.disabled = !valid;
  buttons.printButton.disabled = !valid;
  buttons.linkButton.disabled = !valid;
  buttons.linkOut.hidden = true;
  screen.existing = null;
  if (valid) {
    app.setVariant();
    screen.existing = app.savedRun();
  }
  const offer = setupOffer(screen.existing, app.S, valid, app.byId);
  buttons.start.textContent = offer.start;
  buttons.status.textContent = offer.status;
  buttons.restart.hidden = offer.restart === null;
  if (offer.restart !== null) buttons.restart.textContent = offer.restart;
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
