// What the engine's status shows for one status (docs/assets/js/engine-client/engine-status-look.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { fill, isWaiting, statusLook } from "../../docs/assets/js/engine-client/engine-status-look.js";

const MB = 1024 * 1024;

test("loading with known bytes: the bar, its percent, the seconds and a waiting button's words", () => {
  assert.deepEqual(statusLook({ state: "loading", stage: "runtime", loaded: 1.5 * MB, total: 4.9 * MB }, 17.7), {
    loading: true, hidden: false, failed: false,
    text: "Загружаем калькулятор правил: 1,5 из 4,9 МБ (17 с)",
    fill: "scaleX(0.31)", unknown: false, valueNow: "31",
    waiting: "Ждём загрузки правил… 31 %", badge: "загрузка… 31 %",
  });
});

test("a named step: no known fraction, the moving bar, the seconds on the button", () => {
  const look = statusLook({ state: "loading", stage: "rules", loaded: 4.9e6, total: 5e6 }, 20.2);
  assert.deepEqual([look.text, look.fill, look.unknown, look.valueNow, look.waiting],
    ["Запускаем движок правил… (20 с)", "", true, null, "Ждём загрузки правил… 20 с"]);
});

test("ready: the box hides, the bar is full, no seconds are counted", () => {
  assert.deepEqual(statusLook({ state: "ready" }, 99), {
    loading: false, hidden: true, failed: false, text: "Калькулятор правил готов.",
    fill: "scaleX(1)", unknown: false, valueNow: "100", waiting: "Ждём загрузки правил…", badge: "готово",
  });
});

test("failed: a retry is wanted and the box stays", () => {
  assert.deepEqual(statusLook({ state: "failed", text: "Нет связи с сервером." }, 5), {
    loading: false, hidden: false, failed: true, text: "Нет связи с сервером.",
    fill: "", unknown: true, valueNow: null, waiting: "Ждём загрузки правил…", badge: "расчёт недоступен",
  });
});

test("the bar's fill is rounded to hundredths; a waiting button is known by its words", () => {
  assert.equal(fill(null), "");
  assert.equal(fill(0.456), "scaleX(0.46)");
  assert.equal(fill(0), "scaleX(0)");
  assert.equal(isWaiting("Ждём загрузки правил… 40 %"), true);
  assert.equal(isWaiting("Ждём загрузки правил…"), true);
  assert.equal(isWaiting("Показать решение"), false);
  assert.equal(isWaiting(""), false);
  assert.equal(isWaiting(null), false);
});
