// The board's cards (docs/assets/js/ruling/match-board.js): as wide as the
// longest word of a player's name, so a name never splits inside a word.
import assert from "node:assert/strict";
import { test } from "node:test";

import { longestWord } from "../../docs/assets/js/ruling/match-board.js";

test("the board's cards are as wide as the longest word of a name, counted in letters", () => {
  assert.equal(longestWord(["Маша", "Константин", "Ян"]), 10);
  assert.equal(longestWord(["Анна Мария", "Борис"]), 5); // words, not whole names: a name wraps between them
  assert.equal(longestWord(["Ёжик👍"]), 5); // letters, not UTF-16 units
  assert.equal(longestWord([]), 0);
});
