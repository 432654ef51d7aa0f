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

/** A pocket's accessible name: «Луза: … (шаров в ней: 2), заказана».
 * @param {string} label @param {number} count balls in it @param {boolean} called */
export function pocketName(label, count, called) {
  return `Луза: ${label}${count ? ` (шаров в ней: ${count})` : ""}${called ? ", заказана" : ""}`;
}

/** The cue ball's accessible name: «Биток, в лузе, выбран». @param {Shot} shot */
export function cueName(shot) {
  return `Биток${shot.cue === "pocket" ? ", в лузе" : shot.cue === "off" ? ", за бортом" : ""}${shot.cueSelected ? ", выбран" : ""}`;
}
