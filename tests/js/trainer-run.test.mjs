// The тренажёр's run without DOM (docs/assets/js/trainer/trainer-run.js): the saved
// state, the shared link, the score, the next task, the addresses.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  FORMAT, MAX_SEED, addressOf, asQuizQuestion, emptyState, noAnswerMessage, openAsked, readAsked, recordAnswer,
  scoreOf, startFresh, taskLink, validState,
} from "../../docs/assets/js/trainer/trainer-run.js";

const GAMES = ["kovboy", "probka"];
const saved = (over = {}) => ({ format: FORMAT, game: "kovboy", scores: { kovboy: { correct: 2, total: 3 } },
  current: { game: "probka", seed: 42, answer: "p1", correct: true }, ...over });
const question = (over = {}) => ({ id: "q", game: "kovboy", seed: 7, kind: "foul", type: "single", text: "?",
  situation: [], action: [], choices: [{ id: "a", label: "Игрок 1" }, { id: "b", label: "Игрок 2" }], ...over });

test("a saved state is taken only as it was written", () => {
  assert.equal(validState(saved(), GAMES), true);
  assert.equal(validState(emptyState(), GAMES), true);
  assert.equal(validState(saved({ current: null, game: null }), GAMES), true);
  assert.equal(validState(saved({ format: "rules-site.trainer/0" }), GAMES), false);
  assert.equal(validState(saved({ scores: { kovboy: { correct: 4, total: 3 } } }), GAMES), false); // more right than given
  assert.equal(validState(saved({ scores: { kovboy: { correct: -1, total: 3 } } }), GAMES), false);
  assert.equal(validState(saved({ scores: { pool: { correct: 0, total: 0 } } }), GAMES), false); // a game not here
  assert.equal(validState(saved({ game: "pool" }), GAMES), false);
  assert.equal(validState(saved({ current: { game: "kovboy", seed: MAX_SEED + 1 } }), GAMES), false);
  assert.equal(validState(saved({ current: { game: "kovboy", seed: 1, answer: 1.5 } }), GAMES), false);
  assert.equal(validState(saved({ current: { game: "kovboy", seed: 1, correct: "yes" } }), GAMES), false);
  assert.equal(validState([], GAMES), false);
  assert.equal(validState(null, GAMES), false);
});

test("a shared link: its game and task, a bad value left out with a note", () => {
  assert.deepEqual(readAsked("?game=probka&seed=123", GAMES), { game: "probka", seed: 123, notes: [] });
  assert.deepEqual(readAsked("", GAMES), { game: null, seed: null, notes: [] });
  const wrong = readAsked("?game=pool&seed=1e3", GAMES);
  assert.equal(wrong.game, null);
  assert.equal(wrong.seed, null);
  assert.deepEqual(wrong.notes, [
    "Игры «pool» в тренажёре нет: выберите игру из списка.",
    `Номер задачи «1e3» в адресе не подходит (нужно целое число от 0 до ${MAX_SEED}).`,
  ]);
  assert.equal(readAsked(`?seed=${MAX_SEED + 1}`, GAMES).seed, null);
  assert.equal(readAsked(`?seed=${MAX_SEED}`, GAMES).seed, MAX_SEED);
  assert.equal(readAsked("?seed=0", GAMES).seed, 0);
  assert.equal(readAsked("?seed=", GAMES).notes.length, 1);
});

test("the game opened: the link's, else the saved one, else the first", () => {
  const fresh = emptyState();
  assert.equal(openAsked(fresh, { game: null, seed: null, notes: [] }, GAMES), "kovboy");
  assert.equal(fresh.game, "kovboy");
  const kept = saved({ game: "probka" });
  assert.equal(openAsked(kept, { game: null, seed: null, notes: [] }, GAMES), "probka");
  assert.deepEqual(kept.current, { game: "probka", seed: 42, answer: "p1", correct: true }); // the task stays
});

test("a link's task replaces the one on screen, unless it is that task", () => {
  const other = saved();
  assert.equal(openAsked(other, { game: "kovboy", seed: 9, notes: [] }, GAMES), "kovboy");
  assert.deepEqual(other.current, { game: "kovboy", seed: 9 });
  assert.equal(other.game, "kovboy");
  const same = saved();
  openAsked(same, { game: "probka", seed: 42, notes: [] }, GAMES);
  assert.deepEqual(same.current, { game: "probka", seed: 42, answer: "p1", correct: true }); // its answer kept
  const gameOnly = saved();
  assert.equal(openAsked(gameOnly, { game: "kovboy", seed: null, notes: [] }, GAMES), "kovboy");
  assert.equal(gameOnly.current, null); // another game's task is not shown under this game
  const sameGame = saved();
  openAsked(sameGame, { game: "probka", seed: null, notes: [] }, GAMES);
  assert.equal(sameGame.current?.seed, 42);
});

test("an answer is counted in its game's score", () => {
  const state = emptyState();
  assert.deepEqual(scoreOf(state, "kovboy"), { correct: 0, total: 0 });
  const current = startFresh(state, "kovboy", 5);
  assert.equal(state.current, current);
  recordAnswer(state, current, { game: "kovboy", answer: "a", correct: true });
  assert.deepEqual(current, { game: "kovboy", seed: 5, answer: "a", correct: true });
  recordAnswer(state, startFresh(state, "kovboy", 6), { game: "kovboy", answer: 3, correct: false });
  assert.deepEqual(scoreOf(state, "kovboy"), { correct: 1, total: 2 });
  assert.deepEqual(scoreOf(state, "probka"), { correct: 0, total: 0 });
  assert.equal(validState(state, GAMES), true); // what is saved reads back
});

test("a fresh task has a short seed of the game chosen", () => {
  const state = emptyState();
  for (let i = 0; i < 50; i += 1) {
    const { game, seed } = startFresh(state, "probka");
    assert.equal(game, "probka");
    assert.ok(Number.isInteger(seed) && seed >= 1 && seed <= 999999, String(seed));
  }
});

test("the addresses: the page's with the task on screen, and the link to share", () => {
  const page = "https://example.org/trainer/?game=kovboy&seed=1#top";
  assert.equal(addressOf(page, "probka", { game: "probka", seed: 77 }), "https://example.org/trainer/?game=probka&seed=77#top");
  assert.equal(addressOf(page, "probka", null), "https://example.org/trainer/?game=probka#top");
  assert.equal(addressOf("https://example.org/trainer/", "kovboy", null), "https://example.org/trainer/?game=kovboy");
  assert.equal(taskLink("https://example.org/trainer/?x=1#top", { game: "kovboy", seed: 7 }),
    "https://example.org/trainer/?game=kovboy&seed=7");
});

test("a task as the answer controls take it, and the word before an answer", () => {
  // «Игрок 1» never broken at a line's end (lib/ru.js unbroken).
  assert.deepEqual(asQuizQuestion(question()),
    { type: "single", choices: [{ id: "a", text: "Игрок\u00a01" }, { id: "b", text: "Игрок\u00a02" }] });
  assert.equal(asQuizQuestion(question({ type: "truefalse" })).type, "single");
  assert.deepEqual(asQuizQuestion(question({ type: "number", choices: [] })), { type: "number", choices: [] });
  assert.equal(noAnswerMessage("number"), "Сначала введите ответ — целое число.");
  assert.equal(noAnswerMessage("single"), "Сначала выберите ответ.");
});
