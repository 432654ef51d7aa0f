// The shot input's DOM-free decisions (docs/assets/js/shot-input/shot-input-core.js)
// against the real table declarations: the chips beside the drawing, the
// fields it owns, what a tap, a press, a drag and a drop mean for the shot,
// the line and hint it shows, what a form change redoes and the miss check.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  afterFormChange, callingHint, nextRevealDelta, oneTapDraws, tapDrawsShot, DRAG_PX, drawingOwnedChips, drawnFieldNames, DROP_MISSED_HINT, dropTap, hasMoved,
  missConfirmProblem, modeNamed, needsMissConfirm, partTap, pressOn, situationKey, tableView, takesDrop, tapAbilities,
  tapsPart, toolButtons, toolsPressed, toolTap, touchesGone, valueToWrite, withRack, wordsLine,
} from "../../docs/assets/js/shot-input/shot-input-core.js";
import { applyTap, emptyShot, howTo, toggleCalling, toggleMiss } from "../../docs/assets/js/shot-input/shot-model.js";
import { actionOf, draw, parseTap } from "./drawn-shot.mjs";
import { describe as declaration } from "./engine.mjs";

const kovboy = declaration("kovboy");
const probka = declaration("probka");

test("the tool chips follow the game: miss, call, out where they mean something, clear always last", () => {
  assert.deepEqual(toolButtons(kovboy.table), [["miss", "Промах"], ["call", "Заказ лузы"], ["out", "За борт"], ["clear", "✕"]]);
  assert.deepEqual(toolButtons(declaration("pyat-sharov").table), [["miss", "Шар не сыгран"], ["call", "Заказ лузы"], ["clear", "✕"]]);
  assert.deepEqual(toolButtons(declaration("po-chasovoy").table), [["clear", "✕"]]);
  assert.deepEqual(toolsPressed(toggleMiss(emptyShot())), { miss: "true", call: "false" });
  assert.deepEqual(toolsPressed(toggleCalling(emptyShot())), { miss: "false", call: "true" });
});

test("the drawing owns the non-chip fields and the chip members an events field maps to", () => {
  assert.deepEqual(drawnFieldNames(kovboy.table), ["called_pocket", "contacts", "cue_ball", "cue_pocket", "jumped", "pocketed"]);
  assert.deepEqual(drawnFieldNames(probka.table), ["probka"], "«fouls» is a chip: shown beside the drawing");
  assert.deepEqual(drawingOwnedChips(probka.table), [["fouls", new Set(['"e"', '"g"', '"a"'])]]);
  assert.deepEqual(drawingOwnedChips(kovboy.table), []);
});

test("what the drawing can tap follows the table", () => {
  assert.deepEqual(tapAbilities(kovboy.table),
    { ballsTappable: true, ballCarried: false, cueTappable: true, cueNote: false, pocketsTappable: true });
  assert.deepEqual(tapAbilities(declaration("kladka-kiem").table),
    { ballsTappable: false, ballCarried: false, cueTappable: false, cueNote: false, pocketsTappable: true });
  // «Пять шаров» draws the cue ball but records no fate of it: a press on it says what to mark.
  assert.deepEqual(tapAbilities(declaration("pyat-sharov").table),
    { ballsTappable: true, ballCarried: false, cueTappable: false, cueNote: true, pocketsTappable: true });
});

test("a press on «Пять шаров»'s cue ball says what to mark, and draws nothing", () => {
  const table = declaration("pyat-sharov").table;
  const shot = emptyShot();
  const next = applyTap(table, shot, { kind: "cue-note" });
  assert.deepEqual(next.shot, shot);
  assert.match(next.hint, /«Игрок совершил ошибку при кладке шара»/);
  assert.equal(applyTap(kovboy.table, shot, { kind: "cue-note" }).hint, "", "a table with no note says nothing");
});

test("a tap on a drawn part or a tool chip is a shot-model tap; anything else is none", () => {
  assert.deepEqual(partTap("ball", "1"), { kind: "ball", id: 1 });
  assert.deepEqual(partTap("pocket", '"far-left"'), { kind: "pocket", id: "far-left" });
  assert.deepEqual(partTap("cue", null), { kind: "cue", id: null });
  assert.deepEqual(partTap("cue-note", null), { kind: "cue-note", id: null });
  assert.equal(partTap("spot", "1"), null);
  for (const tool of ["miss", "call", "out", "clear"]) assert.deepEqual(toolTap(tool), { kind: tool });
  assert.equal(toolTap("drag"), null);
  assert.equal(toolTap(null), null);
  // Taps through the page's own meaning draw what the test helper's taps draw.
  let shot = emptyShot();
  for (const [kind, id] of [["ball", "1"], ["ball", "3"]]) shot = applyTap(kovboy.table, shot, /** @type {any} */ (partTap(kind, id))).shot;
  assert.deepEqual(shot, draw(kovboy.table, ["ball:1", "ball:3"]));
  assert.ok(tapsPart("Enter") && tapsPart(" "));
  assert.ok(!tapsPart("Tab") && !tapsPart("Spacebar"));
});

test("a press becomes a drag only beyond DRAG_PX, and stays one", () => {
  const press = pressOn("ball", "5", 7, 100, 100);
  assert.deepEqual(press, { pointer: 7, from: "ball", id: 5, x: 100, y: 100, moved: false });
  assert.deepEqual(pressOn("cue", "5", 1, 0, 0), { pointer: 1, from: "cue", id: undefined, x: 0, y: 0, moved: false });
  assert.equal(pressOn("carry", "5", 1, 0, 0).from, "ball");
  assert.equal(hasMoved(press, 100 + DRAG_PX, 100), false);
  assert.equal(hasMoved(press, 106, 108.1), true);
  assert.equal(hasMoved({ ...press, moved: true }, 100, 100), true);
});

test("a carried ball drops on a pocket or another ball, never on itself", () => {
  const ball = pressOn("ball", "1", 1, 0, 0);
  assert.equal(takesDrop(ball, "ball", "1"), false);
  assert.equal(takesDrop(ball, "ball", "3"), true);
  assert.equal(takesDrop(ball, "pocket", '"far-left"'), true);
  assert.equal(takesDrop(pressOn("cue", null, 1, 0, 0), "ball", "1"), true);
  assert.match(DROP_MISSED_HINT, /лузой/);
});

test("a drop is the same drag the model draws: into a pocket, or onto another ball", () => {
  const T = probka.table;
  const intoPocket = dropTap(pressOn("cue", null, 1, 0, 0), "pocket", '"near-left"');
  assert.deepEqual(applyTap(T, emptyShot(), intoPocket), applyTap(T, emptyShot(), parseTap("drag:cue>near-left")));
  const knock = dropTap(pressOn("ball", '"object"', 1, 0, 0), "ball", '"probka"');
  assert.deepEqual(knock, parseTap("drag:object@probka"));
  const knocked = applyTap(T, emptyShot(), knock);
  assert.deepEqual(knocked.shot.touched, ["object", "probka"]);
  const k = kovboy.table;
  assert.deepEqual(applyTap(k, emptyShot(), dropTap(pressOn("ball", "5", 1, 0, 0), "pocket", '"far-right"')),
    applyTap(k, emptyShot(), parseTap("drag:5>far-right")));
});

test("the line says the shot drawn, else how to draw", () => {
  const T = kovboy.table;
  const blank = wordsLine(T, actionOf(kovboy, emptyShot()), emptyShot());
  assert.deepEqual(blank, { text: howTo(T), howTo: true });
  const miss = toggleMiss(emptyShot());
  assert.deepEqual(wordsLine(T, actionOf(kovboy, miss), miss),
    { text: "Каких прицельных шаров коснулся биток (по порядку): нет.", howTo: false });
  assert.deepEqual(wordsLine(T, { type: "foul" }, miss), { text: howTo(T), howTo: true }, "another action type: nothing said");
  assert.deepEqual(wordsLine(T, null, miss), { text: howTo(T), howTo: true });
  assert.equal(callingHint(toggleCalling(emptyShot())), "Нажмите заказанную лузу.");
  assert.equal(callingHint(emptyShot()), null);
});

test("a form change redoes only what it moved", () => {
  const was = { situation: "null", drawnAction: true };
  assert.deepEqual(afterFormChange(was, { situation: "null", drawnAction: true }, "drawing"), { forget: false, write: false, redraw: false });
  assert.deepEqual(afterFormChange(was, { situation: "null", drawnAction: false }, "drawing"), { forget: false, write: false, redraw: true });
  const moved = { situation: '{"strokes":3}', drawnAction: true };
  assert.deepEqual(afterFormChange(was, moved, "drawing"), { forget: true, write: true, redraw: true });
  assert.deepEqual(afterFormChange(was, moved, "form"), { forget: true, write: false, redraw: true });
  // A field the drawing reads («Кайза»'s call) writes the drawing's fields again, and forgets nothing.
  const said = { ...was, said: '{"call":"yes"}' };
  const missed = { ...said, said: '{"call":"missed"}' };
  assert.deepEqual(afterFormChange(said, missed, "drawing"), { forget: false, write: true, redraw: false });
  assert.deepEqual(afterFormChange(said, missed, "form"), { forget: false, write: false, redraw: false });
  assert.equal(situationKey({}), "null");
  assert.equal(situationKey({ strokes: 3 }), '{"strokes":3}');
});

test("the table view keeps the rack and the absent balls; a shot touching a gone ball is forgotten", () => {
  assert.equal(tableView(null), null);
  assert.equal(tableView(undefined), null);
  assert.deepEqual(tableView({ rack: 3, absent: [1] }), { rack: 3, absent: [1] });
  assert.deepEqual(tableView({ rack: /** @type {any} */ ("3") }), { rack: null, absent: [] });
  assert.deepEqual(withRack(null, 4), { rack: 4 });
  assert.deepEqual(withRack({ rack: 3, absent: [5] }, undefined), { rack: null, absent: [5] });
  const shot = draw(kovboy.table, ["ball:1", "ball:3"]);
  assert.equal(touchesGone(shot, kovboy.table.balls), false);
  assert.equal(touchesGone(shot, kovboy.table.balls.filter((b) => b.id !== 3)), true);
  assert.equal(touchesGone(emptyShot(), []), false);
});

test("the form view's miss box: asked where the miss field is a list, and it must agree with the list", () => {
  const T = kovboy.table;
  assert.equal(needsMissConfirm(T, "sequence"), true);
  assert.equal(needsMissConfirm(T, "set"), true);
  assert.equal(needsMissConfirm(T, "number"), false);
  assert.equal(needsMissConfirm(T, undefined), false);
  assert.equal(needsMissConfirm(declaration("po-chasovoy").table, "sequence"), false, "no miss at all");
  assert.equal(missConfirmProblem(T, true, false), "Укажите шары, которых коснулся биток, или отметьте «Промах».");
  assert.match(/** @type {string} */ (missConfirmProblem(T, false, true)), /оставьте что-то одно/);
  assert.equal(missConfirmProblem(T, true, true), null);
  assert.equal(missConfirmProblem(T, false, false), null);
  assert.match(/** @type {string} */ (missConfirmProblem(probka.table, true, false)), /«Без результата»/);
});

test("a field is written as drawn; an events field keeps the members the drawing does not own", () => {
  let reads = 0;
  assert.deepEqual(valueToWrite([1, 3], () => reads++), [1, 3]);
  assert.equal(valueToWrite(null, () => reads++), null);
  assert.equal(reads, 0, "a plain value does not read the field");
  const events = { events: ["a"], all: ["e", "g", "a"] };
  assert.deepEqual(valueToWrite(events, () => ["b", "e", "x"]), ["b", "x", "a"]);
  assert.deepEqual(valueToWrite(events, () => null), ["a"]);
});

test("the mode is the form only when named so", () => {
  assert.equal(modeNamed("form"), "form");
  assert.equal(modeNamed("drawing"), "drawing");
  assert.equal(modeNamed(null), "drawing");
  assert.equal(modeNamed("Form"), "drawing");
});

test("nextRevealDelta: the chips below a drawn shot come out from under the record bar, the table kept whole", () => {
  const room = { top: 99, bottom: 681 };
  // «по часовой» at 360×740: «ошибку заметили сразу» 697…736 under the bar at 681.
  assert.equal(nextRevealDelta({ top: 455, bottom: 620 }, [{ top: 697, bottom: 736 }], room), 55);
  // «Кайза»: the chips reach 1181; the table may rise only to the room's top (374 − 99).
  assert.equal(nextRevealDelta({ top: 374, bottom: 600 }, [{ top: 673, bottom: 731 }, { top: 736, bottom: 1181 }], room), 275);
  // nothing covered, or the chips above the table («пробка»): no move
  assert.equal(nextRevealDelta({ top: 300, bottom: 500 }, [{ top: 510, bottom: 560 }], room), 0);
  assert.equal(nextRevealDelta({ top: 500, bottom: 680 }, [{ top: 300, bottom: 700 }], room), 0);
  // the table already at the room's top: no room to give
  assert.equal(nextRevealDelta({ top: 99, bottom: 500 }, [{ top: 600, bottom: 760 }], room), 0);
});

test("oneTapDraws: the page moves after a tap only where one tap draws the shot (one ball)", () => {
  assert.equal(oneTapDraws({ balls: [{ id: "next" }], fields: { pocket: { from: "pocket" } } }), true); // «по часовой»
  assert.equal(oneTapDraws({ balls: [{ id: 1 }, { id: 3 }, { id: 5 }], fields: {} }), false); // «Ковбой»: more taps follow
  // «Кладка кием»: no ball drawn, a tap on a pocket counts one; the same pocket is tapped again for the next
  assert.equal(oneTapDraws({ balls: [], fields: { potted: { from: "pocket_count" } } }), false);
});

test("tapDrawsShot: the drawing's «nothing happened» draws the whole shot in every game; a pocket counted does not", () => {
  const kladka = { balls: [], fields: { potted: { from: "pocket_count" } } };
  const kovboy = { balls: [{ id: 1 }, { id: 3 }], fields: {} };
  assert.equal(tapDrawsShot(kladka, { kind: "miss" }), true); // «Ни один шар не упал»: the chips come next
  assert.equal(tapDrawsShot(kovboy, { kind: "miss" }), true); // «Промах»
  assert.equal(tapDrawsShot(kladka, null), false); // a pocket tapped: the same pocket may be tapped again
  assert.equal(tapDrawsShot(kovboy, { kind: "out" }), false); // «За борт»: a ball is tapped next
  assert.equal(tapDrawsShot({ balls: [{ id: "next" }], fields: { pocket: { from: "pocket" } } }, null), true);
});
