// @ts-check
// The engine's loading state in plain words (no "Python": it means nothing to
// a player): «Загружаем калькулятор правил: 2,1 из 5,7 МБ» from the worker's
// own fetches (progress messages {stage, loaded, total, text}). No DOM.

/** @typedef {{ state: string, stage?: string, text?: string, loaded?: number, total?: number }} Status */

const MB = 1024 * 1024;
const LOADING = "Загружаем калькулятор правил";

/** 2 202 009 bytes -> "2,1" (Russian decimal comma) @param {number} bytes */
export function megabytes(bytes) {
  return (Math.max(0, bytes) / MB).toFixed(1).replace(".", ",");
}

/** @param {Status} status @returns {{ text: string, fraction: number | null }} */
export function progressText(status) {
  if (status.state === "ready") return { text: "Калькулятор правил готов.", fraction: 1 };
  // The worker's own words, with its runtime named as what it is to a player.
  const plain = (/** @type {string | undefined} */ text) => (text || "")
    .replace(/сред[ауы] Python/g, (m) => ({ "среду Python": "калькулятор правил", "среда Python": "калькулятор правил",
      "среды Python": "калькулятора правил" })[m] || "калькулятор правил")
    .replace(/\s*\(pyodide[^)]*\)/gi, "")
    .replace(/Python|Pyodide/gi, "калькулятор правил");
  if (status.state === "failed") {
    return { text: plain(status.text) || "Калькулятор правил не загрузился. Текст правил доступен.", fraction: null };
  }
  const { loaded, total } = status;
  if (typeof loaded === "number" && typeof total === "number" && total > 0) {
    const done = Math.min(loaded, total);
    return { text: `${LOADING}: ${megabytes(done)} из ${megabytes(total)} МБ`, fraction: done / total };
  }
  if (typeof loaded === "number" && loaded > 0) return { text: `${LOADING}: ${megabytes(loaded)} МБ`, fraction: null };
  if (status.stage === "rules" || status.stage === "done") return { text: "Готовим калькулятор правил…", fraction: null };
  const text = plain(status.text);
  return { text: text && !/^Загрузка/.test(text) ? text : `${LOADING}…`, fraction: null };
}
