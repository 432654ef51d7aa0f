// The engine's messages as the page shows them (widget.js messageOf): no
// request path (issue 16), whatever the message's form.
import { test } from "node:test";
import assert from "node:assert/strict";

import { messageOf } from "../../docs/assets/js/widget.js";

const refusal = (message, field) => ({ ok: false, error: { code: "input", message, field } });

test("a missing field is named by its label only", () => {
  assert.equal(messageOf(refusal("Не хватает поля «Кто бил (номер игрока)» (action.shooter).", "action.shooter")),
    "Не хватает поля «Кто бил (номер игрока)».");
});

test("no request path is left in any form of message", () => {
  for (const message of [
    "Поле «Заказанная луза» (action.called_pocket) указывается, только если счёт 100.",
    "В поле action.contacts шар 3 указан дважды.",
    "Поле situation.score: недопустимое значение 200; допустимо: от 0 до 120.",
    "Поле action.contacts[1] должно быть целым числом, а получено: строка «x».",
    "Поле options.limit должно быть true или false, а получено: число 3.",
  ]) {
    const shown = messageOf(refusal(message, null));
    assert.doesNotMatch(shown, /(situation|action|options|state)[.[]/, shown);
  }
});

test("a message without a path is unchanged", () => {
  assert.equal(messageOf(refusal("Партия уже окончена.", null)), "Партия уже окончена.");
});
