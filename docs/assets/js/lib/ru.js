// @ts-check
// Russian words with correct plural forms for what the UI writes itself
// (the engine's own sentences already come in Russian), and dates.

/** @typedef {import("./types.js").Score} Score */

/** @param {number} n @param {string} one @param {string} few @param {string} many */
export function plural(n, one, few, many) {
  const m = Math.abs(n) % 100;
  const d = m % 10;
  if (d === 1 && m !== 11) return one;
  if (d >= 2 && d <= 4 && (m < 12 || m > 14)) return few;
  return many;
}

/**
 * A word and the number after it kept on one line («Игрок 1», «№ 5»), a number and its
 * unit («78 очков»), a change («2 → 4»), a sum («88 + 5 = 93») and a clause sign with its
 * first word («§ Штраф»): a narrow title or column broke «Удар: Игрок» / «1» (newcomer
 * 2026-12-05-b, item 7), «2 →» / «4» and «78» / «очков» (5 Dec, evening), «(88 + 5» / «= 93)»
 * and «§» / «Штраф» (5 Dec, night).
 * @param {string} text
 */
export const unbroken = (text) => text.replace(/(\S) (?=[−-]?\d|→)/g, "$1\u00a0").replace(/(\d) (?=[а-яё])/g, "$1\u00a0")
  .replace(/(\d) (?=[+−=×][ \u00a0])/g, "$1\u00a0").replace(/([+−=×]) (?=\d)/g, "$1\u00a0").replace(/§ (?=\S)/g, "§\u00a0");

/**
 * The text cut into runs whose concatenation is the text itself: a run of words that
 * `unbroken` joins is `together` (shown on one line by a span, lib/dom.js keepTogether),
 * the rest as it is. The characters stay the same: a test or a screen reader reads the
 * engine's sentence, not no-break spaces.
 * @param {string} text @returns {{ text: string, together: boolean }[]}
 */
export function togetherRuns(text) {
  const joined = unbroken(text);
  /** @type {{ text: string, together: boolean }[]} */
  const runs = [];
  // Words (runs without a breakable space) and the spaces between them, over the joined text:
  // a word holding a no-break space that was a plain one in the text is a together run.
  for (const match of joined.matchAll(/[^ \t\n]+|[ \t\n]+/g)) {
    const at = /** @type {number} */ (match.index);
    const piece = text.slice(at, at + match[0].length);
    const together = piece !== match[0];
    const last = runs[runs.length - 1];
    if (!together && last && !last.together) last.text += piece;
    else runs.push({ text: piece, together });
  }
  return runs;
}

// "−5" with a real minus sign, as the engine writes negative numbers.
export const num = (/** @type {number} */ n) => (n < 0 ? `−${-n}` : String(n));

const count = (/** @type {string} */ one, /** @type {string} */ few, /** @type {string} */ many) =>
  (/** @type {number} */ n) => `${num(n)} ${plural(n, one, few, many)}`;

export const points = count("очко", "очка", "очков");
export const fouls = count("нарушение", "нарушения", "нарушений");
export const records = count("запись", "записи", "записей");
export const players = count("игрок", "игрока", "игроков");
export const matches = count("партия", "партии", "партий");
export const rows = count("строка", "строки", "строк");

// The score of a game that declares none of its own: points, higher wins.
/** @type {Readonly<Score>} */
export const POINTS_SCORE = Object.freeze({ forms: ["очко", "очка", "очков"], lower_wins: false });

// A game's score unit: forms = ["очко", "очка", "очков"] from the declaration.
/** @param {number} n @param {readonly string[] | null | undefined} forms */
export function quantity(n, forms) {
  const [one, few, many] = forms || ["очко", "очка", "очков"];
  return `${num(n)} ${plural(n, one, few, many)}`;
}

/** @param {number} n @param {readonly string[] | null | undefined} forms */
export function signedQuantity(n, forms) {
  if (n > 0) return `+${quantity(n, forms)}`;
  return quantity(n, forms);
}

export const signedPoints = (/** @type {number} */ n) => signedQuantity(n, null);

// «Анна и Борис», «Анна, Борис и Вера».
/** @param {readonly unknown[]} items */
export function joinAnd(items) {
  const list = items.map(String);
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} и ${list[list.length - 1]}`;
}

const TIME = new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit" });
const DAY = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long" });
const DAY_YEAR = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric" });

// «сегодня в 14:05», «вчера в 09:30», «12 мая в 18:00», «3 января 2025 г. в 10:00».
/** @param {unknown} date @param {Date} [now] */
export function when(date, now = new Date()) {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return "время неизвестно";
  const startOfDay = (/** @type {Date} */ d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  const time = TIME.format(date);
  if (days === 0) return `сегодня в ${time}`;
  if (days === 1) return `вчера в ${time}`;
  const day = date.getFullYear() === now.getFullYear() ? DAY.format(date) : DAY_YEAR.format(date);
  return `${day} в ${time}`;
}

// «1 234 символа»: the count with its digits grouped, as Russian writes them.
export const characters = (/** @type {number} */ n) =>
  `${n.toLocaleString("ru-RU")} ${plural(n, "символ", "символа", "символов")}`;
