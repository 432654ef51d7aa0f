// @ts-check
// The тренажёр's entry (tools.js imports it for a root marked
// data-rb-tool="trainer", template trainer.html.j2): its games in the root's
// data-rb-trainer-games, its parts found by their data-rb-trainer-* hooks, the
// saved run and the task the address asks for; trainer.js runs it. The mount
// returns the teardown.

import { bindEngineStatus } from "../engine-client/engine-status.js";
import { h } from "../lib/dom.js";
import { bindSetup, loadState, start } from "./trainer.js";
import { openAsked, readAsked } from "./trainer-run.js";

/**
 * @typedef {import("../quiz/quiz-types.js").TrainerGame} TrainerGame
 * @typedef {import("./trainer.js").Trainer} Trainer
 * @typedef {import("./trainer.js").Ui} Ui
 */

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
  const ui = findUi(root);
  const unbindStatus = bindEngineStatus(root);

  /** @type {string[]} */
  const notices = [];
  const state = loadState(gameIds, notices);
  // ?game=…&seed=… (a shared question) wins over the saved one.
  const asked = readAsked(window.location.search, gameIds);
  notices.push(...asked.notes);
  /** @type {Trainer} */
  const t = { root, ui, byId, state, game: openAsked(state, asked, gameIds), disposed: false };
  ui.select.value = t.game;

  const notice = h("div", { class: "rb-quiz-notice", role: "status", hidden: !notices.length },
    notices.map((text) => h("p", { text })));
  ui.setup.before(notice);
  bindSetup(t);
  start(t);
  return () => {
    t.disposed = true;
    unbindStatus();
  };
}

/** The тренажёр's parts in its markup. @param {HTMLElement} root @returns {Ui} */
function findUi(root) {
  /** @param {string} sel @returns {HTMLElement} */
  const part = (sel) => {
    const el = root.querySelector(sel);
    if (!(el instanceof HTMLElement)) throw new Error(`в разметке тренажёра нет ${sel}`);
    return el;
  };
  return {
    setup: part("[data-rb-trainer-setup]"),
    select: /** @type {HTMLSelectElement} */ (part("[data-rb-trainer-game]")),
    next: part("[data-rb-trainer-new]"),
    score: part("[data-rb-trainer-score]"),
    error: part("[data-rb-error]"),
    question: part("[data-rb-trainer-question]"),
  };
}
