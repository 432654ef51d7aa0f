// After a field of the form view is set, the page brings the next field out
// from under the sticky record / «Рассчитать» bar (form.js nextFieldDelta).
import assert from "node:assert/strict";
import { test } from "node:test";

import { nextFieldDelta } from "../../docs/assets/js/form/form.js";

const room = { top: 99, bottom: 785 }; // under a 99 px header and tab bar, over a 59 px bar on 844 px

test("a next field already between the bars does not move the page", () => {
  assert.equal(nextFieldDelta({ top: 300 }, { top: 420, bottom: 500 }, room), 0);
  assert.equal(nextFieldDelta({ top: 99 }, { top: 700, bottom: 785 }, room), 0);
});

test("a next field under the bar below comes just over it: the least move, not the field just set to the top", () => {
  // «Ковбой»: «Упали в лузы» set at 620, «Перескок» 740–830 under «Записать удар»: 45 px, not 521 (the field set
  // brought to the room's top took the fields above it off the screen: a newcomer, 6 December)
  assert.equal(nextFieldDelta({ top: 620 }, { top: 740, bottom: 830 }, room), 45);
});

test("the field just set never goes above the room's top for the next one", () => {
  // «Кайза»: «Заказ» set at 130, the next field 300–900 (600 px): 115 px would take «Заказ» under the header
  assert.equal(nextFieldDelta({ top: 130 }, { top: 300, bottom: 900 }, room), 31);
});

test("the field just set under the bars above: the next field only just comes up", () => {
  assert.equal(nextFieldDelta({ top: 40 }, { top: 740, bottom: 830 }, room), 45);
});

test("a next field taller than the room comes up to its own top, the field just set staying", () => {
  assert.equal(nextFieldDelta({ top: 500 }, { top: 560, bottom: 1400 }, room), 401);
  assert.equal(nextFieldDelta({ top: 600 }, { top: 700, bottom: 1500 }, room), 501);
});

test("a next field above the room comes down below the bars above", () => {
  assert.equal(nextFieldDelta({ top: 20 }, { top: 50, bottom: 120 }, room), -49);
});

test("a field brought down never takes the focused control under the bar below", () => {
  // «Игра с пробкой» by keyboard (CI): the focus had gone on to «Очки игроков» (428–472) when the
  // field left behind asked to bring a field down by 267 px; the bar's top is at 676 here.
  const phone = { top: 99, bottom: 676 };
  assert.equal(nextFieldDelta({ top: 20 }, { top: -200, bottom: -150 }, phone, { top: 428, bottom: 472 }), -204);
  assert.equal(nextFieldDelta({ top: 20 }, { top: 50, bottom: 120 }, phone, { top: 428, bottom: 472 }), -49);
  assert.equal(nextFieldDelta({ top: 20 }, { top: 50, bottom: 120 }, phone, { top: 650, bottom: 690 }), 0);
});

test("the focused control (a number being typed) stays below the bars above", () => {
  // «Игра с пробкой»: «Кто бил» typed at 266 (its input at 300), «Нарушения» 550–1035 after it
  assert.equal(nextFieldDelta({ top: 266 }, { top: 550, bottom: 1035 }, room), 167);
  assert.equal(nextFieldDelta({ top: 266 }, { top: 550, bottom: 1035 }, room, { top: 300 }), 167);
  assert.equal(nextFieldDelta({ top: 500 }, { top: 550, bottom: 1035 }, room, { top: 300 }), 201);
  assert.equal(nextFieldDelta({ top: 620 }, { top: 740, bottom: 830 }, room, { top: 80 }), 0);
});
