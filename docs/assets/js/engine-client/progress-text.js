// @ts-check
// The engine's loading state in plain words (no "Python": it means nothing to
// a player): «Загружаем калькулятор правил: 2,1 из 5,7 МБ (12 с)» from the worker's
// own fetches (progress messages {stage, loaded, total, text}), then its named steps
// («Запускаем движок правил…»), with the seconds since the page opened. No DOM.

/** @typedef {{ state: string, stage?: string, text?: string, loaded?: number, total?: number }} Status */

const MB = 1024 * 1024;
const LOADING = "Загружаем калькулятор правил";

/** 2 202 009 bytes -> "2,1" (Russian decimal comma) @param {number} bytes */
export function megabytes(bytes) {
  return (Math.max(0, bytes) / MB).toFixed(1).replace(".", ",");
}

/** Below this many bytes the figure says nothing (files read from the device's cache). */
const FEW_BYTES = 100 * 1024;
/** The worker's named steps after the downloads, in the player's words. */
const STEPS = /** @type {Record<string, string>} */ ({
  // Every file downloaded, the runtime compiling: not «4,8 из 4,8 МБ» standing
  // still for seconds (issue 26; the worker names this step "starting").
  starting: "Калькулятор правил загружен, запускаем его…",
  snapshot: "Восстанавливаем сохранённый калькулятор правил…",
  restored: "Запускаем движок правил…",
  rules: "Запускаем движок правил…",
  done: "Запускаем движок правил…",
});

/**
 * @param {Status} status
 * @param {number | null} [seconds] since the page opened: while loading, the text
 *   changes every second even when no byte arrives (a WebAssembly compile, a restore)
 * @returns {{ text: string, fraction: number | null, short: string }}
 *   short: what a button waiting for the engine says
 */
export function progressText(status, seconds = null) {
  if (status.state === "ready") return { text: "Калькулятор правил готов.", fraction: 1, short: "" };
  // The worker's own words, with its runtime named as what it is to a player.
  const plain = (/** @type {string | undefined} */ text) => (text || "")
    .replace(/сред[ауы] Python/g, (m) => ({ "среду Python": "калькулятор правил", "среда Python": "калькулятор правил",
      "среды Python": "калькулятора правил" })[m] || "калькулятор правил")
    .replace(/\s*\(pyodide[^)]*\)/gi, "")
    .replace(/Python|Pyodide/gi, "калькулятор правил");
  if (status.state === "failed") {
    return { text: plain(status.text) || "Калькулятор правил не загрузился. Текст правил доступен.", fraction: null, short: "" };
  }
  const elapsed = typeof seconds === "number" ? `${Math.floor(seconds)} с` : "";
  const clock = elapsed && ` (${elapsed})`;
  const { loaded, total } = status;
  const step = STEPS[status.stage || ""];
  if (!step && typeof loaded === "number" && typeof total === "number" && total >= FEW_BYTES) {
    const done = Math.min(loaded, total);
    const fraction = done / total;
    return { text: `${LOADING}: ${megabytes(done)} из ${megabytes(total)} МБ${clock}`, fraction,
      short: `${Math.round(fraction * 100)} %` };
  }
  if (step) return { text: step + clock, fraction: null, short: elapsed };
  if (typeof loaded === "number" && loaded >= FEW_BYTES) {
    return { text: `${LOADING}: ${megabytes(loaded)} МБ${clock}`, fraction: null, short: elapsed };
  }
  const text = plain(status.text);
  const words = text && !/^Загрузка/.test(text) ? text : `${LOADING}…`;
  return { text: words + clock, fraction: null, short: elapsed };
}

/**
 * What the panel's badge says: «загрузка… 42 %» (or the seconds), «готово», «расчёт недоступен».
 * @param {string} state @param {string} short the progress in a few characters (progress-text.js)
 */
export function badgeText(state, short) {
  if (state === "failed") return "расчёт недоступен";
  if (state === "ready") return "готово";
  return short ? `загрузка… ${short}` : "загрузка…";
}
