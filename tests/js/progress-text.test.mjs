// Loading in plain words (docs/assets/js/engine-client/progress-text.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { badgeText, megabytes, progressText } from "../../docs/assets/js/engine-client/progress-text.js";

test("real progress with a Russian decimal comma", () => {
  const { text, fraction } = progressText({ state: "loading", stage: "runtime", loaded: 2.1 * 1024 * 1024, total: 5.7 * 1024 * 1024 });
  assert.equal(text, "Загружаем калькулятор правил: 2,1 из 5,7 МБ");
  assert.ok(Math.abs(fraction - 2.1 / 5.7) < 1e-9);
  assert.equal(megabytes(0), "0,0");
  assert.equal(progressText({ state: "loading", loaded: 9e6, total: 1e6 }).fraction, 1);
});

test("never the word Python", () => {
  for (const status of [
    { state: "loading", stage: "runtime", text: "Загрузка среды Python…" },
    { state: "failed", text: "не удалось скачать среду Python (pyodide.mjs)" },
    { state: "loading", stage: "start", text: "Загрузка правил…" },
  ]) {
    const { text } = progressText(status);
    assert.doesNotMatch(text, /python|pyodide/i);
    assert.ok(text.length > 10);
  }
  assert.equal(progressText({ state: "failed", text: "Нет связи с сервером." }).text, "Нет связи с сервером.");
  assert.equal(progressText({ state: "failed", text: "Движок правил не загрузился: не удалось скачать среду Python (pyodide.mjs)." }).text,
    "Движок правил не загрузился: не удалось скачать калькулятор правил.");
});

test("the words change every second, even when no byte arrives", () => {
  const frozen = { state: "loading", stage: "runtime", loaded: 1.5 * 1024 * 1024, total: 4.9 * 1024 * 1024 };
  const at17 = progressText(frozen, 17.7);
  assert.equal(at17.text, "Загружаем калькулятор правил: 1,5 из 4,9 МБ (17 с)");
  assert.notEqual(progressText(frozen, 18.7).text, at17.text);
  assert.equal(at17.short, "31 %");
  // After the downloads: the worker's named steps, not the last byte count.
  const step = progressText({ state: "loading", stage: "rules", loaded: 4.9e6, total: 5e6 }, 20.2);
  assert.equal(step.text, "Запускаем движок правил… (20 с)");
  assert.equal(step.short, "20 с");
});

test("a start from the device's cache is no download of «0,0 из 0,0 МБ»", () => {
  for (const stage of ["start", "runtime", "snapshot"]) {
    const { text } = progressText({ state: "loading", stage, loaded: 1800, total: 2400 }, 0.4);
    assert.doesNotMatch(text, /МБ/);
  }
  assert.equal(progressText({ state: "loading", stage: "snapshot", loaded: 0, total: 0 }, 1.2).text,
    "Восстанавливаем сохранённый калькулятор правил… (1 с)");
});

test("once every file is downloaded the step says the calculator is starting, not «4,8 из 4,8 МБ»", () => {
  const starting = progressText({ state: "loading", stage: "starting", loaded: 5_033_165, total: 5_033_165 }, 9.4);
  assert.equal(starting.text, "Калькулятор правил загружен, запускаем его… (9 с)");
  assert.equal(starting.short, "9 с"); // the badge's figure still moves every second
  // Between two files the figure stays: the next one may be on its way.
  assert.match(progressText({ state: "loading", stage: "runtime", loaded: 1_468_006, total: 1_468_006 }, 6).text, /1,4 из 1,4 МБ/);
});

test("the panel's badge carries a figure while the engine loads", () => {
  assert.equal(badgeText("loading", "42 %"), "загрузка… 42 %");
  assert.equal(badgeText("loading", "3 с"), "загрузка… 3 с");
  assert.equal(badgeText("loading", ""), "загрузка…");
  assert.equal(badgeText("failed", "3 с"), "расчёт недоступен");
});
