// The status line of a saved match before the engine has loaded
// (scorekeeper-screen.js provisionalStatus): the engine's own line saved with
// the record, so the engine's view changes no height above the board; a record
// without one (an imported link's) says what waits.
import assert from "node:assert/strict";
import test from "node:test";

import { provisionalStatus } from "../../docs/assets/js/scorekeeper/scorekeeper-screen.js";

test("a saved match shows the status the engine wrote for it", () => {
  const summary = { players: ["Анна", "Борис"], status: "Ход: Анна (в серии 8 очков)." };
  assert.equal(provisionalStatus(summary), "Ход: Анна (в серии 8 очков).");
});

test("a record without the engine's status says that the rest comes with the rules", () => {
  assert.equal(provisionalStatus({ players: ["Анна", "Борис"], status: "" }),
    "Сохранённая партия (Анна, Борис): всё остальное появится, когда загрузятся правила.");
  assert.equal(provisionalStatus({ players: [] }), "Сохранённая партия: всё остальное появится, когда загрузятся правила.");
  assert.equal(provisionalStatus({ players: ["Анна"], status: "   " }),
    "Сохранённая партия (Анна): всё остальное появится, когда загрузятся правила.");
});
