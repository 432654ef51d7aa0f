// @ts-check
// What the table drawing (table-svg.js) shows of the shot, without a DOM: the
// balls in each pocket, each ball's and the cue ball's state in words (the
// end of its accessible name) and in class names, and a pocket's name.

/** @typedef {import("../lib/types.js").TableDecl} TableDecl */
/** @typedef {import("./shot-model.js").Shot} Shot */
/** @typedef {{ colour: string, label: string }} PocketBall  a ball drawn in a pocket */
/**
 * @typedef {{ order: number, dropped: boolean, outside: boolean, selected: boolean }} BallState
 *   order: the ball's place among the balls touched (0: first), -1 when untouched
 */

/**
 * The balls drawn in each pocket, by pocket id: the object balls dropped, then
 * the cue ball (white), then the balls of no stated colour (pale).
 * @param {TableDecl} table @param {Shot} shot @returns {Map<string, PocketBall[]>}
 */
export function ballsInPockets(table, shot) {
  /** @type {Map<string, PocketBall[]>} */
  const inPocket = new Map();
  const add = (/** @type {string} */ p, /** @type {PocketBall} */ b) => inPocket.set(p, [...(inPocket.get(p) || []), b]);
  for (const d of shot.dropped) {
    const ball = table.balls.find((b) => b.id === d.ball);
    if (ball) add(d.pocket, ball);
  }
  if (shot.cue === "pocket" && shot.cuePocket) add(shot.cuePocket, { colour: "#fff", label: "" });
  for (const p of shot.pockets) add(p, { colour: "#d7ccc8", label: "" });
  return inPocket;
}

/** @param {Shot} shot @param {import("../lib/types.js").Id} id @returns {BallState} */
export function ballState(shot, id) {
  const order = shot.touched.indexOf(id);
  const dropped = shot.dropped.some((d) => d.ball === id);
  const outside = shot.outside.includes(id);
  const selected = shot.selected === id && !dropped && !outside;
  return { order, dropped, outside, selected };
}

/** A ball's state as its accessible name ends: «, в лузе», «, коснулся 2-м, выбран»… @param {BallState} state */
export function ballStateWords({ order, dropped, outside, selected }) {
  return (dropped ? ", в лузе" : outside ? ", за бортом" : order >= 0 ? `, коснулся ${order + 1}-м` : "")
    + (selected ? ", выбран" : "");
}

/** @param {BallState} state */
export function ballClass({ order, dropped, outside, selected }) {
  return `rb-t-ball${order >= 0 ? " rb-t-ball--touched" : ""}${dropped ? " rb-t-ball--dropped" : ""}`
    + `${outside ? " rb-t-ball--outside" : ""}${selected ? " rb-t-ball--selected" : ""}`;
}

/** A ball's accessible name: the visible label first (WCAG 2.5.3): «1 — шар единица, в лузе».
 * @param {{ label?: string, name: string }} ball @param {BallState} state */
export function ballName(ball, state) {
  return `${ball.label ? `${ball.label} — шар ${ball.name}` : `Шар: ${ball.name}`}${ballStateWords(state)}`;
}

/** @type {Record<string, string>} */
const SHORT = {
  "far-left": "дальняя левая", "far-right": "дальняя правая", "right-middle": "правая средняя",
  // «у «дома»» never split: «правая / у / «дома»» in a third of a 360 px phone (a decision's button)
  "near-right": "правая у\u00a0«дома»", "near-left": "левая у\u00a0«дома»", "left-middle": "левая средняя",
};

/** The pockets as the drawing lays them out, row by row: the left rail on top («дом» at the left), the right below. */
const POCKETS_AS_DRAWN = ["near-left", "left-middle", "far-left", "near-right", "right-middle", "far-right"];

/**
 * Choices that are the six pockets (by id), in the drawing's layout (three to a row); null for any other set.
 * @template {{ id: unknown }} T @param {T[]} options @returns {T[] | null}
 */
export function pocketsAsDrawn(options) {
  const byId = new Map(options.map((o) => [o.id, o]));
  if (options.length !== POCKETS_AS_DRAWN.length || !POCKETS_AS_DRAWN.every((id) => byId.has(id))) return null;
  return POCKETS_AS_DRAWN.map((id) => /** @type {T} */ (byId.get(id)));
}

/**
 * A pocket's short name, as the drawing writes it beside the pocket («правая у «дома»»), else `label`:
 * the drawing's names and a pocket chosen by a button (a decision, «по часовой») are one wording.
 * @param {unknown} id @param {string} label
 */
export function shortPocketName(id, label) {
  return SHORT[String(id)] || label;
}

/** A pocket's accessible name: «Луза: … (шаров в ней: 2), заказана».
 * @param {string} label @param {number} count balls in it @param {boolean} called */
export function pocketName(label, count, called) {
  return `Луза: ${label}${count ? ` (шаров в ней: ${count})` : ""}${called ? ", заказана" : ""}`;
}

/** The cue ball's accessible name: «Биток, в лузе, выбран». @param {Shot} shot */
export function cueName(shot) {
  return `Биток${shot.cue === "pocket" ? ", в лузе" : shot.cue === "off" ? ", за бортом" : ""}${shot.cueSelected ? ", выбран" : ""}`;
}

/** The rail's outer edge, the edge of the drawn table (table-svg.js draws the rail with these numbers). */
export const RAIL = { x: -9, y: -9, width: 218, height: 118 };
/** The cloth inside the rail. */
export const CLOTH = { x: 0, y: 0, width: 200, height: 100 };
/** The radius of a ball drawn in a pocket, and of a ball of the pyramid. */
export const POCKET_BALL_R = 3.2;
export const PYRAMID_BALL_R = 3.1;
const POCKET_STEP = 5; // the distance between two balls in a pocket, while they fit
const POCKET_SPAN = 30; // the longest row in a pocket: more balls stand closer (their number is written beside)

/** The centre of the i-th of n balls along the span [lo, hi], spaced by step at most, centred on c. */
function along(c, i, n, step, lo, hi) {
  const gap = n > 1 ? Math.min(step, (hi - lo) / (n - 1)) : 0;
  const half = (gap * (n - 1)) / 2;
  const mid = Math.min(Math.max(c, lo + half), hi - half);
  return mid + (i - (n - 1) / 2) * gap;
}

/**
 * Where the balls in a pocket are drawn: a row through the pocket, never past the
 * rail whatever their number (an impossible count is drawn too, before the engine
 * refuses it): beyond POCKET_SPAN they stand closer.
 * @param {[number, number]} at the pocket's centre @param {number} n @returns {[number, number][]}
 */
export function pocketRow([x, y], n) {
  // A window POCKET_SPAN long around the pocket, moved along the rail to lie within it.
  const first = RAIL.x + POCKET_BALL_R, last = RAIL.x + RAIL.width - POCKET_BALL_R;
  const lo = Math.max(first, Math.min(x - POCKET_SPAN / 2, last - POCKET_SPAN)), hi = Math.min(last, lo + POCKET_SPAN);
  const top = RAIL.y + POCKET_BALL_R, bottom = RAIL.y + RAIL.height - POCKET_BALL_R;
  const cy = Math.min(Math.max(y, top), bottom);
  return Array.from({ length: Math.max(0, n) }, (_, i) => [along(x, i, n, POCKET_STEP, lo, hi), cy]);
}

/**
 * The undistinguished balls of «Кладка шаров кием» as a triangle, its apex on the
 * foot spot (140, 50), on the cloth whatever their number: a rack larger than 15
 * (an impossible count) gets more rows, all drawn closer.
 * @param {number} n @returns {[number, number][]}
 */
export function pyramidAt(n) {
  const count = Math.max(0, Math.floor(n));
  let rows = 0;
  while ((rows * (rows + 1)) / 2 < count) rows++;
  const r = PYRAMID_BALL_R;
  const room = Math.min((CLOTH.x + CLOTH.width - r - 140) / (5.6 * Math.max(1, rows - 1)),
    (CLOTH.height / 2 - r) / (3.2 * Math.max(1, rows - 1)));
  const k = Math.min(1, room);
  /** @type {[number, number][]} */
  const out = [];
  for (let row = 0; out.length < count; row++) {
    for (let i = 0; i <= row && out.length < count; i++) out.push([140 + row * 5.6 * k, 50 + (i - row / 2) * 6.4 * k]);
  }
  return out;
}
