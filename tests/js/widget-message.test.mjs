// The engine's messages as the page shows them (widget.js messageOf): exactly
// the engine's own words. The engine names a field by its label and keeps the
// request path in error.field only (rules_pkg/reader.py; tested for every game in
// tests/games/test_refusal_wording.py), so the page rewrites nothing.
import { test } from "node:test";
import assert from "node:assert/strict";

import { messageOf } from "../../docs/assets/js/form/widget.js";

const refusal = (message, field) => ({ ok: false, error: { code: "input", message, field } });

test("an engine refusal is shown in the engine's words", () => {
  assert.equal(messageOf(refusal("Заполните поле «Кто бил (номер игрока)»: без него решения нет.", "action.shooter")),
    "Заполните поле «Кто бил (номер игрока)»: без него решения нет.");
  assert.equal(messageOf(refusal("Партия уже окончена.", null)), "Партия уже окончена.");
});

test("a thrown error gives its message, anything else a Russian fallback", () => {
  assert.equal(messageOf(new Error("Движок не ответил.")), "Движок не ответил.");
  assert.equal(messageOf(null), "Что-то пошло не так. Попробуйте ещё раз.");
  assert.equal(messageOf({ ok: false, error: { code: "internal", message: "" } }), "Что-то пошло не так. Попробуйте ещё раз.");
});
