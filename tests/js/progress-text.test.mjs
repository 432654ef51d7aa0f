// Loading in plain words (docs/assets/js/progress-text.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { megabytes, progressText } from "../../docs/assets/js/progress-text.js";

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
