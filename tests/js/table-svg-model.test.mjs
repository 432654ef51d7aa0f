// What the table drawing shows of a shot (docs/assets/js/shot-input/table-svg-model.js):
// the balls drawn in each pocket, in order, and each part's state as its
// accessible name and class names say it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { emptyShot } from "../../docs/assets/js/shot-input/shot-model.js";
import {
  ballClass, ballName, ballsInPockets, ballState, ballStateWords, cueName, pocketName, pocketsAsDrawn, shortPocketName,
} from "../../docs/assets/js/shot-input/table-svg-model.js";

const TABLE = {
  balls: [
    { id: 1, label: "1", name: "единица", colour: "#f5c542", at: [150, 50] },
    { id: 2, label: "", name: "красный", colour: "#c62828", at: [160, 40] },
  ],
};

test("a pocket holds the dropped balls, then the cue ball, then the balls of no stated colour", () => {
  const shot = {
    ...emptyShot(), dropped: [{ ball: 2, pocket: "far-left" }, { ball: 9, pocket: "far-left" }],
    cue: "pocket", cuePocket: "far-left", pockets: ["far-left", "near-right"],
  };
  const inPocket = ballsInPockets(TABLE, shot);
  assert.deepEqual(inPocket.get("far-left"), [TABLE.balls[1], { colour: "#fff", label: "" }, { colour: "#d7ccc8", label: "" }]);
  assert.deepEqual(inPocket.get("near-right"), [{ colour: "#d7ccc8", label: "" }]);
  assert.equal(inPocket.size, 2, "a ball the table does not have is not drawn");
});

test("the cue ball is in a pocket only when the shot says which", () => {
  assert.equal(ballsInPockets(TABLE, { ...emptyShot(), cue: "pocket" }).size, 0);
  assert.equal(ballsInPockets(TABLE, { ...emptyShot(), cue: "off", cuePocket: "far-left" }).size, 0);
});

test("a ball's state: touched second and selected", () => {
  const state = ballState({ ...emptyShot(), touched: [2, 1], selected: 1 }, 1);
  assert.deepEqual(state, { order: 1, dropped: false, outside: false, selected: true });
  assert.equal(ballStateWords(state), ", коснулся 2-м, выбран");
  assert.equal(ballClass(state), "rb-t-ball rb-t-ball--touched rb-t-ball--selected");
  assert.equal(ballName(TABLE.balls[0], state), "1 — шар единица, коснулся 2-м, выбран");
});

test("a ball dropped or off the table is not selected, and says where it is", () => {
  const dropped = ballState({ ...emptyShot(), touched: [2], dropped: [{ ball: 2, pocket: "far-left" }], selected: 2 }, 2);
  assert.equal(dropped.selected, false);
  assert.equal(ballName(TABLE.balls[1], dropped), "Шар: красный, в лузе");
  assert.equal(ballClass(dropped), "rb-t-ball rb-t-ball--touched rb-t-ball--dropped");
  const outside = ballState({ ...emptyShot(), outside: [1], selected: 1 }, 1);
  assert.equal(ballStateWords(outside), ", за бортом");
  assert.equal(ballClass(outside), "rb-t-ball rb-t-ball--outside");
  assert.equal(ballStateWords(ballState(emptyShot(), 1)), "");
});

test("a pocket's and the cue ball's names", () => {
  assert.equal(pocketName("дальняя левая", 0, false), "Луза: дальняя левая");
  assert.equal(pocketName("дальняя левая", 2, true), "Луза: дальняя левая (шаров в ней: 2), заказана");
  assert.equal(cueName(emptyShot()), "Биток");
  assert.equal(cueName({ ...emptyShot(), cue: "pocket", cueSelected: true }), "Биток, в лузе, выбран");
  assert.equal(cueName({ ...emptyShot(), cue: "off" }), "Биток, за бортом");
});

test("a pocket's short name is the drawing's, for every pocket; anything else keeps its label", () => {
  // The decision's buttons («по часовой») and the names beside the drawn pockets say one wording.
  assert.equal(shortPocketName("near-right", "правая угловая со стороны «дома»"), "правая у\u00a0«дома»");
  assert.equal(shortPocketName("far-left", "дальняя левая угловая"), "дальняя левая");
  for (const id of ["far-left", "far-right", "right-middle", "near-right", "near-left", "left-middle"]) {
    assert.ok(shortPocketName(id, "").length > 0 && shortPocketName(id, "").length <= 16, id);
  }
  assert.equal(shortPocketName("replay", "Повторить разбивку"), "Повторить разбивку");
});

test("the six pockets to choose from come in the drawing's layout; any other set of choices does not", () => {
  const engine = ["far-left", "far-right", "right-middle", "near-right", "near-left", "left-middle"].map((id) => ({ id, label: id }));
  assert.deepEqual(pocketsAsDrawn(engine)?.map((o) => o.id),
    ["near-left", "left-middle", "far-left", "near-right", "right-middle", "far-right"]);
  assert.equal(pocketsAsDrawn(engine.slice(1)), null);
  assert.equal(pocketsAsDrawn([{ id: "replay" }, { id: "continue" }]), null);
});
