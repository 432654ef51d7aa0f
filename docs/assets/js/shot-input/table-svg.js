// @ts-check
// The table drawing as SVG (rules_pkg/drawing.py declares what to draw): the
// cloth, the six pockets with their names, the «дом» and the spots where the
// game uses them, the balls with their numbers or colours. Tappable parts
// carry data-rb-tap ("ball", "cue", "pocket") and data-rb-id (JSON); the
// state of the shot (shot-model.js) shows as order numbers, balls in
// pockets, a ring on the selected ball.

import {
  CLOTH, POCKET_BALL_R, PYRAMID_BALL_R, RAIL, ballClass, ballName, ballsInPockets, ballState, cueName, pocketName, pocketRow, pyramidAt,
  shortPocketName,
} from "./table-svg-model.js";

/** @typedef {import("../lib/types.js").TableDecl} TableDecl */
/** @typedef {import("./shot-model.js").Shot} Shot */

// The SVG namespace as the HTML parser assigns it (no URI spelled out here).
let ns = "";
export function svgNamespace() {
  if (!ns) {
    const holder = document.createElement("div");
    holder.innerHTML = "<svg></svg>";
    ns = /** @type {Element} */ (holder.firstElementChild).namespaceURI || "";
  }
  return ns;
}
// Looking from the «дом» (drawn on the left): see rules_pkg/table.py.
/** @type {Record<string, [number, number]>} */
const POCKET_AT = {
  "far-left": [200, 0], "far-right": [200, 100], "right-middle": [100, 103], "near-right": [0, 100],
  "near-left": [0, 0], "left-middle": [100, -3],
};
/** @type {Record<string, [number, number, string]>} x, y, text-anchor of the short name */
const NAME_AT = {
  "far-left": [200, -12, "end"], "far-right": [200, 117, "end"], "right-middle": [100, 117, "middle"],
  "near-right": [0, 117, "start"], "near-left": [0, -12, "start"], "left-middle": [100, -12, "middle"],
};
const BALL_R = 6;

/** @param {string} tag @param {Record<string, string | number | null | undefined>} attrs @param {...(Element | string)} children */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(svgNamespace(), tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

/** @param {string} colour */
const darkText = (colour) => !/^#(c6|8d)/i.test(colour);

/** @typedef {{ ballsTappable: boolean, ballCarried?: boolean, cueTappable: boolean, cueNote?: boolean, pocketsTappable: boolean }} Can */

/**
 * @param {TableDecl} table @param {Shot} shot
 * @param {{ ballsTappable: boolean, ballCarried?: boolean, cueTappable: boolean, cueNote?: boolean, pocketsTappable: boolean }} can
 *   ballCarried: the one ball is carried into a pocket, not tapped (a drag only; shot-model.js carriedToPocket)
 * @returns {SVGSVGElement}
 */
export function renderTableSvg(table, shot, can) {
  const svg = /** @type {SVGSVGElement} */ (s("svg", {
    class: "rb-table-svg", viewBox: "-14 -20 228 141", role: "group", "aria-label": "Стол: нажмите, что произошло",
    tabindex: -1, // the focus lands here, never on <body>, should a focused part be gone after a redraw
  }));
  drawCloth(svg, table);
  const inPocket = ballsInPockets(table, shot);
  for (const pocket of table.pockets) drawPocket(svg, pocket, inPocket.get(String(pocket.id)) || [], shot, can);
  table.balls.forEach((ball) => drawBall(svg, ball, shot, can));
  if (table.cue) svg.append(cueBall(table.cue.at, shot, can));
  return svg;
}

/** The rail, the cloth, the «дом», the spots and the pyramid. @param {SVGSVGElement} svg @param {TableDecl} table */
function drawCloth(svg, table) {
  svg.append(s("rect", { class: "rb-t-rail", ...RAIL, rx: 6 }));
  svg.append(s("rect", { class: "rb-t-cloth", ...CLOTH }));
  if (table.house) {
    svg.append(s("line", { class: "rb-t-house", x1: 50, y1: 0, x2: 50, y2: 100 }));
    svg.append(s("text", { class: "rb-t-note", x: 25, y: 96, "text-anchor": "middle" }, "дом"));
  }
  for (const spot of table.spots) {
    const [x, y] = spot.at;
    svg.append(s("g", { class: "rb-t-spot" }, s("title", {}, spot.label),
      s("line", { x1: x - 2.5, y1: y, x2: x + 2.5, y2: y }), s("line", { x1: x, y1: y - 2.5, x2: x, y2: y + 2.5 })));
    // A numbered spot a rule names («красный с 1-й точки») is told apart under the ball standing on it.
    if (spot.note) svg.append(s("text", { class: "rb-t-note", x, y: y + BALL_R + 5.5, "text-anchor": "middle", "aria-hidden": "true" }, spot.note));
  }
  if (table.pyramid) svg.append(pyramid(table.pyramid));
}

/**
 * A pocket: its name, its button with the balls in it, their count.
 * @param {SVGSVGElement} svg @param {TableDecl["pockets"][number]} pocket
 * @param {import("./table-svg-model.js").PocketBall[]} balls @param {Shot} shot @param {Can} can
 */
function drawPocket(svg, pocket, balls, shot, can) {
  const [x, y] = POCKET_AT[String(pocket.id)] || [0, 0];
  const [nx, ny, anchor] = NAME_AT[String(pocket.id)] || [x, y, "middle"];
  const called = shot.called === pocket.id;
  const g = s("g", {
    class: `rb-t-pocket${balls.length ? " rb-t-pocket--full" : ""}${called ? " rb-t-pocket--called" : ""}`,
    "data-rb-tap": can.pocketsTappable ? "pocket" : null, "data-rb-id": JSON.stringify(pocket.id),
    role: can.pocketsTappable ? "button" : "img", tabindex: can.pocketsTappable ? 0 : null,
    "aria-label": pocketName(pocket.label, balls.length, called),
  },
  s("circle", { class: "rb-t-hit", cx: x, cy: y, r: 14 }),
  s("circle", { class: "rb-t-hole", cx: x, cy: y, r: 7 }));
  // The name is outside the tap target (a tap is aimed at the pocket itself).
  svg.append(s("text", { class: "rb-t-name", x: nx, y: ny, "text-anchor": anchor, "aria-hidden": "true" },
    shortPocketName(pocket.id, pocket.label)));
  const row = pocketRow([x, y], balls.length);
  balls.forEach((b, i) => {
    g.append(s("circle", { class: "rb-t-in", cx: row[i][0], cy: row[i][1], r: POCKET_BALL_R, fill: b.colour }));
  });
  svg.append(g);
  // The count beside the pocket is drawn over it, outside the button: its name says it in words (2.5.3).
  if (balls.length > 1) {
    svg.append(s("text", { class: "rb-t-count", x, y: y + (y < 50 ? 14 : -9), "text-anchor": "middle", "aria-hidden": "true" },
      String(balls.length)));
  }
}

/**
 * A ball: its button, then its order badge.
 * @param {SVGSVGElement} svg @param {TableDecl["balls"][number]} ball @param {Shot} shot @param {Can} can
 */
function drawBall(svg, ball, shot, can) {
  const [x, y] = ball.at;
  const state = ballState(shot, ball.id);
  const { order, selected } = state;
  const g = s("g", {
    class: ballClass(state),
    "data-rb-tap": can.ballsTappable ? "ball" : can.ballCarried ? "carry" : null, "data-rb-id": JSON.stringify(ball.id),
    role: can.ballsTappable ? "button" : "img", tabindex: can.ballsTappable ? 0 : null,
    "aria-label": ballName(ball, state),
    "aria-pressed": can.ballsTappable ? String(order >= 0) : null,
    "aria-current": can.ballsTappable && selected ? "true" : null,
  },
  s("circle", { class: "rb-t-hit", cx: x, cy: y, r: 12 }),
  s("circle", { class: "rb-t-face", cx: x, cy: y, r: BALL_R, fill: ball.colour }),
  ball.label ? s("text", { class: `rb-t-label${darkText(ball.colour) ? "" : " rb-t-label--light"}`, x, y: y + 2.3, "text-anchor": "middle" }, ball.label) : "");
  svg.append(g);
  // Its note («соперника») is drawn under it, outside the button: the button's visible text is
  // its label alone, the start of its name «Б — шар белый соперника» (2.5.3; axe
  // label-content-name-mismatch read «Б соперника»).
  if (ball.note) svg.append(s("text", { class: "rb-t-note", x, y: y + 13, "text-anchor": "middle", "aria-hidden": "true" }, ball.note));
  // The order badge is drawn over the ball, outside the button (its name says «коснулся 2-м»):
  // the button's visible text is its label alone, the start of its name (2.5.3).
  if (order >= 0) {
    svg.append(s("g", { class: "rb-t-order", "aria-hidden": "true" },
      s("circle", { class: "rb-t-badge", cx: x + 6, cy: y - 6, r: 3.6 }),
      s("text", { class: "rb-t-badge-n", x: x + 6, y: y - 4.6, "text-anchor": "middle" }, String(order + 1))));
  }
}

/** The cue ball. @param {number[]} at @param {Shot} shot @param {Can} can */
function cueBall(at, shot, can) {
  const [x, y] = at;
  const gone = shot.cue !== "table";
  return s("g", {
    class: `rb-t-cue${shot.cueSelected ? " rb-t-ball--selected" : ""}${gone ? " rb-t-ball--outside" : ""}`,
    // A cue ball whose fate is no field says so when pressed (the table's cue_note), as a button.
    "data-rb-tap": can.cueTappable ? "cue" : can.cueNote ? "cue-note" : null,
    role: can.cueTappable || can.cueNote ? "button" : "img",
    tabindex: can.cueTappable || can.cueNote ? 0 : null,
    "aria-label": cueName(shot),
    "aria-current": can.cueTappable && shot.cueSelected ? "true" : null,
  },
  s("circle", { class: "rb-t-hit", cx: x, cy: y, r: 12 }),
  s("circle", { class: "rb-t-face", cx: x, cy: y, r: BALL_R, fill: "#ffffff" }),
  s("circle", { class: "rb-t-cue-dot", cx: x, cy: y, r: 1.6 }),
  s("text", { class: "rb-t-note", x, y: y + 13, "text-anchor": "middle" }, "биток"));
}

/** @param {number} n undistinguished balls in a triangle (not tappable) */
function pyramid(n) {
  const g = s("g", { class: "rb-t-pyramid", "aria-hidden": "true" });
  for (const [cx, cy] of pyramidAt(n)) g.append(s("circle", { cx, cy, r: PYRAMID_BALL_R }));
  return g;
}
