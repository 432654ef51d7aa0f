// @ts-check
// Deterministic quiz variants, the browser twin of sitebuild/quiz/variant.py
// (the specification is there; shared test vectors: tests/quiz/variant_vectors.json).
// A seed and a count give the same questions, in the same order, with the
// same choice order as the printed sheet made at build time.
//
// Pure functions, no DOM: tests/test_quiz_js.py runs this file in Node.

/**
 * @typedef {import("./quiz-types.js").Payload} Payload
 * @typedef {import("./quiz-types.js").VariantItem} VariantItem
 * @typedef {{ next(): number, below(n: number): number }} Rng
 * A question as the variant sees it (variant.py): its choice ids in file order,
 * and the answer of an ordering question (never shown in the order of the answer).
 * @typedef {{ id: string, type: string, choices?: string[], shuffle?: boolean, answer?: unknown }} Spec
 */

export const MAX_SEED = 0xffffffff;
const GOLDEN = 0x6d2b79f5;

/**
 * mulberry32 on unsigned 32-bit integers: next() -> 0 … 2^32 − 1.
 * @param {number} seed
 * @returns {Rng}
 */
export function mulberry32(seed) {
  if (!isSeed(seed)) throw new RangeError(`seed must be an integer 0..${MAX_SEED}, got ${seed}`);
  let a = seed >>> 0;
  return {
    next() {
      a = (a + GOLDEN) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (t ^ (t >>> 14)) >>> 0;
    },
    below(n) {
      return this.next() % n;
    },
  };
}

/** A whole number from 0 to max (a quiz variant's seed by default; the тренажёр's are smaller).
 * @param {unknown} value @param {number} [max] @returns {value is number} */
export function isSeed(value, max = MAX_SEED) {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;
}

/**
 * Fisher–Yates from the end: for i = n−1 … 1, j = draw mod (i + 1), swap.
 * @template T
 * @param {readonly T[]} items
 * @param {Rng} rng
 * @returns {T[]}
 */
export function shuffle(items, rng) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** @param {unknown[]} a @param {unknown} b */
function sameList(a, b) {
  return Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * questions: [{id, type, choices: [choice ids in file order], shuffle, answer}]
 * -> [{id, choices: [choice ids in display order]}] (see variant.py, steps 1–3).
 * @param {Spec[]} questions
 * @param {number} seed
 * @param {number | null} [count] all of them when null
 * @returns {VariantItem[]}
 */
export function makeVariant(questions, seed, count = null) {
  const n = questions.length;
  if (count === null || count === undefined) count = n;
  if (!Number.isInteger(count) || count < 1 || count > n) {
    throw new RangeError(`count must be 1..${n}, got ${count}`);
  }
  const rng = mulberry32(seed);
  const chosen = shuffle(questions, rng).slice(0, count);
  return chosen.map((q) => {
    let ids = [...(q.choices || [])];
    if (ids.length && q.shuffle !== false) ids = shuffle(ids, rng);
    if (q.type === "ordering" && ids.length > 1 && sameList(ids, q.answer)) {
      ids = [...ids.slice(1), ids[0]];
    }
    return { id: q.id, choices: ids };
  });
}

/**
 * The variant of a quiz payload (sitebuild/quiz/render.py, payload()).
 * @param {Payload} payload
 * @param {number} seed
 * @param {number | null} [count]
 */
export function payloadVariant(payload, seed, count = null) {
  const spec = payload.questions.map((q) => ({
    id: q.id,
    type: q.type,
    choices: q.choices.map((c) => c.id),
    shuffle: q.shuffle,
    answer: q.type === "ordering" ? q.answer : null,
  }));
  return makeVariant(spec, seed, count);
}

// A fresh variant number: 1 … 99999, short enough to read out to a group
// (any 0 … 2^32 − 1 works; a trainer may type any of them).
export const RANDOM_SEED_MAX = 99999;

/**
 * A random number 1 … max (the тренажёр's tasks go to 999999).
 * @param {number} [max]
 */
export function randomSeed(max = RANDOM_SEED_MAX) {
  let x;
  if (globalThis.crypto && typeof globalThis.crypto.getRandomValues === "function") {
    x = globalThis.crypto.getRandomValues(new Uint32Array(1))[0];
  } else {
    x = Math.floor(Math.random() * 2 ** 32);
  }
  return 1 + (x % max);
}
