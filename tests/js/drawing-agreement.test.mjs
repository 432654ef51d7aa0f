// Property test, for every game with a table drawing: random tap sequences
// (through applyTap, refusals included, as on the page) -> the line under the
// drawing, the request and the real engine's reading of it agree.
//   * every tap that is drawn changes the request; a refused tap changes
//     nothing and says why (in Russian): the sequence without its refused
//     taps draws the same shot and sends the same request;
//   * a ball (or the cue ball) carried into a pocket, one gesture, is drawn
//     as that ball touched and in that pocket, or refused whole; a ball
//     dragged onto another is a knock where the game has one, else refused;
//   * the line is the engine's own wording of the request
//     (rules_pkg/describe.py describe_fields over the same declarations);
//   * what the taps mean on the table is what the engine rules on: the cue
//     ball in a pocket or off the table is a foul; in «пробка» the пробка hit
//     first is foul «а», knocked by the object ball it is the prize; every
//     ball and pocket drawn is in the line.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import {
  applyTap, ballsTappable, callsPocket, countsOutside, cueTappable, describeDrawn, emptyShot, fieldValues, notReady,
} from "../../docs/assets/js/shot-input/shot-model.js";
import { actionOf } from "./drawn-shot.mjs";
import { describe as declaration, ROOT } from "./engine.mjs";

const GAMES = ["kovboy", "pyat-sharov", "kaiza", "probka", "po-chasovoy", "kladka-kiem"];
const SITUATIONS = { "kladka-kiem": { strokes: 3 }, "po-chasovoy": { pocket: "far-left" } };
const SEQUENCES = 60;
// Games where some gesture means nothing (a ball in a pocket in «пробка», a
// pocket with no ball in hand in «Ковбой»): the random taps must meet refusals.
const REFUSING = ["kovboy", "probka", "kaiza", "pyat-sharov"];
const PYTHON = existsSync(join(ROOT, ".venv", "bin", "python")) ? join(ROOT, ".venv", "bin", "python") : "python3";

/** The engine's words for each action and its ruling of each request, in one Python run. */
function engineReadings(items) {
  const script = `
import json, sys
from rules_pkg import api, describe
out = []
for item in json.load(sys.stdin):
    drawn = {w["name"] for w in item["words"]}
    values = {k: v for k, v in item["request"]["action"].items() if k in drawn}
    out.append({"lines": describe.describe_fields(item["words"], values),
                "response": api.handle(item["request"])})
print(json.dumps(out, ensure_ascii=False))
`;
  const text = execFileSync(PYTHON, ["-c", script], { cwd: ROOT, input: JSON.stringify(items), maxBuffer: 1 << 28 });
  return JSON.parse(text.toString());
}

/** A small seeded generator (mulberry32): the same sequences on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tapsOf(table) {
  const taps = table.pockets.map((p) => ({ kind: "pocket", id: p.id }));
  if (ballsTappable(table)) for (const b of table.balls) taps.push({ kind: "ball", id: b.id }, { kind: "ball", id: b.id });
  if (cueTappable(table)) taps.push({ kind: "cue" });
  if (countsOutside(table)) taps.push({ kind: "out" });
  if (callsPocket(table)) taps.push({ kind: "call" });
  if (table.miss) taps.push({ kind: "miss" });
  // Carried into a pocket (one gesture): each ball and the cue ball, to two pockets.
  const [first, , , fourth] = table.pockets.map((p) => p.id);
  if (ballsTappable(table)) for (const b of table.balls) taps.push(...[first, fourth].map((to) => ({ kind: "drag", from: "ball", id: b.id, to })));
  if (cueTappable(table)) taps.push(...[first, fourth].map((to) => ({ kind: "drag", from: "cue", to })));
  // Dragged onto another ball: the first two balls both ways (a knock where the game has one, else refused).
  if (ballsTappable(table)) {
    const [a, b] = table.balls.map((x) => x.id);
    taps.push({ kind: "drag", from: "ball", id: a, onto: b }, { kind: "drag", from: "ball", id: b, onto: a });
  }
  return taps;
}

/** How many marks a drawing shows (the miss is an explicit «nothing», not a mark). */
const marks = (shot) => shot.touched.length + shot.dropped.length + shot.outside.length + shot.pockets.length
  + shot.outsideCount + (shot.cue === "table" ? 0 : 1) + (shot.called ? 1 : 0);

/** A drag that was drawn: the ball (or the cue ball) is touched and in that pocket. */
function checkDrag(table, tap, shot, where) {
  if (tap.onto !== undefined) { // a knock: the dragged ball, then the one it knocked, last
    assert.deepEqual(shot.touched.slice(-1), [tap.onto], where);
    assert.ok(shot.touched.indexOf(tap.id) >= 0 && shot.touched.indexOf(tap.id) < shot.touched.indexOf(tap.onto), where);
    return;
  }
  if (tap.from === "cue") {
    assert.equal(shot.cue, "pocket", where);
    assert.equal(shot.cuePocket, tap.to, where);
    return;
  }
  assert.ok(shot.touched.includes(tap.id), `${where}: the ball carried is not touched`);
  assert.deepEqual(shot.dropped.filter((d) => d.ball === tap.id), [{ ball: tap.id, pocket: tap.to }], where);
}

/** The drawn shots of one game, each checked tap by tap. */
function drawnShots(game, seed) {
  const table = game.table;
  const taps = tapsOf(table);
  const next = random(seed);
  const shots = [];
  let refusals = 0;
  let carried = 0;
  for (let n = 0; n < SEQUENCES; n++) {
    let shot = emptyShot();
    const sequence = [];
    const kept = []; // the taps that were not refused
    const length = 1 + Math.floor(next() * 6);
    for (let i = 0; i < length; i++) {
      const tap = taps[Math.floor(next() * taps.length)];
      sequence.push(tap);
      const step = applyTap(table, shot, tap);
      const where = `${game.id} ${JSON.stringify(sequence)}`;
      const refused = /не записывается/.test(step.hint);
      if (step.shot === shot) {
        refusals += 1;
        assert.ok(step.hint, `${where}: a tap that changes nothing must say why`);
        assert.match(step.hint, /[а-яё]/i, where);
      } else {
        assert.ok(!refused, `${where}: a tap refused on the spot changed the drawing`);
        kept.push(tap);
        if (marks(step.shot) > marks(shot) && !step.hint) {
          assert.notDeepEqual(fieldValues(table, step.shot), fieldValues(table, shot),
            `${where}: a mark was drawn that the request does not carry`);
        }
        if (tap.kind === "drag") {
          checkDrag(table, tap, step.shot, where);
          carried += 1;
        }
      }
      shot = step.shot;
    }
    // Nothing recorded of a refused tap: without them, the same shot and request.
    let replay = emptyShot();
    for (const tap of kept) replay = applyTap(table, replay, tap).shot;
    const where = `${game.id} ${JSON.stringify(sequence)}`;
    assert.deepEqual(replay, shot, `${where}: a refused tap left a trace on the drawing`);
    assert.deepEqual(actionOf(game, replay), actionOf(game, shot), where);
    if (notReady(table, shot, false) === null) shots.push({ shot, sequence });
  }
  return { shots, refusals, carried };
}

const ballName = (table, id) => table.balls.find((b) => b.id === id).name;

/** What a person reading the drawing expects the engine to see. */
function checkMeaning(game, shot, action, line, ruling, where) {
  const table = game.table;
  const codes = (ruling.fouls || []).map((f) => f.code);
  if (shot.cue !== "table") assert.ok(ruling.foul, `${where}: the cue ball left the table's surface, no foul: ${ruling.summary}`);
  const playedPocket = Object.entries(table.fields).find(([, f]) => f.from === "played_pocket");
  if (playedPocket && shot.dropped.length && playedPocket[0] in action) {
    const pocket = table.pockets.find((p) => p.id === shot.dropped[0].pocket).label;
    assert.ok(line.includes(pocket), `${where}: the played ball's pocket is not in the line «${line}»`);
  }
  for (const id of [...shot.touched, ...shot.dropped.map((d) => d.ball), ...shot.outside]) {
    const ball = table.balls.find((b) => b.id === id);
    const named = game.table.words.some((w) => (w.options || []).some((o) => o.id === (ball.value ?? id) && line.includes(o.label)));
    const counted = /карамболь|коснулся хотя бы|пробка сбита|нарушения/i.test(line);
    // The first ball touched, none fallen, where the request says only that the cue ball touched one («Кайза»'s
    // contact: no carom on it): the line says no «Промах», and that is all the request can say.
    const contact = table.miss && table.miss.field && table.fields[table.miss.field]?.from === "contact";
    const onlyTouched = contact && id === shot.touched[0] && !shot.dropped.length && action[table.miss.field] === true;
    assert.ok(named || counted || onlyTouched, `${where}: ${ballName(table, id)} is drawn but the line «${line}» does not say it`);
  }
  if (game.id === "probka") {
    const first = shot.touched[0];
    assert.equal(codes.includes("a"), first === "probka", `${where}: «а» iff the cue ball hit the пробка first (${codes})`);
    assert.equal(codes.includes("g"), shot.cue === "pocket", where);
    assert.equal(codes.includes("e"), shot.cue === "off", where);
    const knocked = shot.touched.indexOf("probka") > shot.touched.indexOf("object") && shot.touched.includes("object");
    if (knocked && !codes.length) assert.ok(ruling.points > 0, `${where}: the пробка knocked by the object ball pays the prize`);
    if (!knocked && !codes.length) assert.equal(ruling.points, 0, `${where}: no prize without the пробка knocked down`);
    assert.equal(action.probka, knocked, where);
  }
}

for (const id of GAMES) {
  test(`«${id}»: random drawings — the line, the request and the engine's ruling agree`, () => {
    const game = declaration(id);
    const { shots, refusals, carried } = drawnShots(game, 16 + GAMES.indexOf(id));
    if (ballsTappable(game.table) || cueTappable(game.table)) assert.ok(carried > 0, `${id}: no drag was drawn`);
    if (REFUSING.includes(id)) assert.ok(refusals > 0, `${id}: no gesture was refused: the refusals went untested`);
    assert.ok(shots.length >= 10, `${id}: only ${shots.length} recordable drawings`);
    const items = shots.map(({ shot }) => {
      const action = actionOf(game, shot, {}, SITUATIONS[id] || {});
      if (id === "probka") action.shooter = 1;
      return { words: game.table.words, request: { op: "ruling", game: id, situation: SITUATIONS[id] || {}, action } };
    });
    const readings = engineReadings(items);
    let ruled = 0;
    shots.forEach(({ shot, sequence }, i) => {
      const where = `${id} ${JSON.stringify(sequence)}`;
      const { action } = items[i].request;
      const line = describeDrawn(game.table, action, shot);
      const { lines, response } = readings[i];
      const engineLine = lines.length ? lines.map((l) => `${l}.`).join(" ") : `${game.table.miss.label}.`;
      assert.equal(line, engineLine, `${where}: the line is not the engine's wording of the request`);
      if (!response.ok) {
        assert.match(response.error.message, /[а-яё]/i, where);
        assert.doesNotMatch(response.error.message, /Traceback/, where);
        return;
      }
      ruled += 1;
      checkMeaning(game, shot, action, line, response.ruling, where);
    });
    assert.ok(ruled >= 5, `${id}: the engine ruled on only ${ruled} of ${shots.length} drawings`);
  });
}
