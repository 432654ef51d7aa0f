// Which parts of a ruling are drawn (docs/assets/js/ruling/ruling-parts.js): the
// points on the verdict line, the tags for what the rules' text does not say,
// the calculator's new total, the groups of cited ids.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  beyondTextTags, citedGroups, newTotalText, playerName, showsPoints, valueSourceIds,
} from "../../docs/assets/js/ruling/ruling-parts.js";
import { api, describe } from "./engine.mjs";
import { POINTS_SCORE } from "../../docs/assets/js/lib/ru.js";

test("the verdict shows points, but not a zero nor a decision's", () => {
  assert.equal(showsPoints({ points: 2 }, POINTS_SCORE), true);
  assert.equal(showsPoints({ points: 0 }, POINTS_SCORE), false, "a zero: the badge «Без очков» says it");
  assert.equal(showsPoints({ points: -1, foul: true }, POINTS_SCORE), true);
  assert.equal(showsPoints({ points: 0, foul: true }, POINTS_SCORE), false);
  assert.equal(showsPoints({ points: 2, kind: "decision" }, POINTS_SCORE), false);
  assert.equal(showsPoints({ points: 2, decision: { question: "?" } }, POINTS_SCORE), false);
  assert.equal(showsPoints({ points: 2 }, null), false, "a game without a score");
});

test("the tags name only the kinds beyond the text that are cited", () => {
  assert.deepEqual(beyondTextTags({}), []);
  assert.deepEqual(beyondTextTags({ tolkovaniya: ["t-1"], outside: [] }), [["tolkovanie", "по толкованию"]]);
  assert.deepEqual(beyondTextTags({ tolkovaniya: ["t-1"], outside: ["o-1"] }),
    [["tolkovanie", "по толкованию"], ["outside", "по внешнему источнику"]]);
});

test("the new total names the player when the names are known", () => {
  const ruling = { player: 1, scores: [3, 12] };
  assert.equal(newTotalText(ruling, POINTS_SCORE, ["Аня", "Боря"]), "Боря: теперь 12 очков");
  assert.equal(newTotalText(ruling, POINTS_SCORE, null), "Теперь на счету игрока: 12 очков");
  assert.equal(newTotalText({ player: 0, scores: [1] }, { forms: ["шар", "шара", "шаров"], lower_wins: false }, null),
    "Теперь на счету игрока: 1 шар");
});

test("no total without a player, the scores or while a decision is pending", () => {
  assert.equal(newTotalText({ scores: [1, 2] }, POINTS_SCORE, null), null);
  assert.equal(newTotalText({ player: 0.5, scores: [1, 2] }, POINTS_SCORE, null), null);
  assert.equal(newTotalText({ player: 0 }, POINTS_SCORE, null), null);
  assert.equal(newTotalText({ player: 2, scores: [1, 2] }, POINTS_SCORE, null), null);
  assert.equal(newTotalText({ player: 0, scores: [1, 2], decision: {} }, POINTS_SCORE, null), null);
});

test("the cited groups keep their order and leave out the empty ones", () => {
  assert.deepEqual(citedGroups({ clauses: ["p-1", "p-2"], outside: ["o-1"] }), [["clause", ["p-1", "p-2"]], ["outside", ["o-1"]]]);
  assert.deepEqual(citedGroups({ tolkovaniya: [] }), []);
});

test("the new total is not said again when the line above says it", () => {
  const ruling = { player: 0, scores: [90, 3] };
  assert.equal(newTotalText(ruling, POINTS_SCORE, null, "+1 очко, серия продолжается. Игрок 1: 90 очков."), null);
  assert.equal(newTotalText(ruling, POINTS_SCORE, null, "Превышено 90 очков (88 + 5 = 93)"), "Теперь на счету игрока: 90 очков");
  assert.equal(newTotalText(ruling, POINTS_SCORE, ["Аня", "Боря"], "Аня: 90 очков."), null);
  assert.equal(newTotalText(ruling, POINTS_SCORE, null, "Игрок 2: 90 очков."), "Теперь на счету игрока: 90 очков"); // another's
});

test("a player without a name is «Игрок N», as the engine names one", () => {
  assert.equal(playerName(["Аня", ""], 0), "Аня");
  assert.equal(playerName(["Аня", ""], 1), "Игрок 2");
  assert.equal(playerName(null, 2), "Игрок 3");
});

test("«Кладка»: the strokes' count is never marked «по толкованию» for what a ball counts", () => {
  // A touch with a ball potted: the count rests on the clauses (+1, +1 штраф); the ball's
  // толкования («16 шаров», «упавший шар — положен») say how far the player is, not the strokes
  // (newcomer 2026-12-07-c item 6: «по толкованию» beside «§ Туш» read as the penalty's source).
  const game = describe("kladka-kiem");
  const kinds = Object.fromEntries(game.tolkovaniya.map((/** @type {{id: string}} */ t) => [t.id, "tolkovanie"]));
  const out = api({ op: "ruling", game: "kladka-kiem", situation: { balls_left: 6, strokes: 11, penalties: 2 },
    action: { type: "shot", potted: 2, touch: "clothes" } });
  assert.ok(out.ok, JSON.stringify(out));
  assert.ok(out.ruling.tolkovaniya.includes("kladka-kiem-t-potted"), "the ball's толкование is cited");
  assert.deepEqual(valueSourceIds(out.ruling, (id) => kinds[id], []), []);
});
