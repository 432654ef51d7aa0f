// The drawing as a test drives it: taps through shot-model.js's applyTap
// (refusals included, as the page does), and the action the form would send.

import { applyTap, emptyShot, fieldValues } from "../../docs/assets/js/shot-input/shot-model.js";

const idOf = (raw) => (raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : raw);

/** "ball:1", "pocket:far-left", "cue", "out", "miss", "call", "clear", "drag:5>far-right",
 * "drag:cue>near-left" (a ball or the cue ball carried into a pocket), "drag:object@probka" (a ball
 * dragged onto another) -> the tap object */
export function parseTap(tap) {
  const [kind, raw] = tap.split(":");
  if (kind === "drag" && raw.includes("@")) { // "drag:object@probka": a ball dragged onto another
    const [from, onto] = raw.split("@");
    return { kind, from: "ball", id: idOf(from), onto: idOf(onto) };
  }
  if (kind === "drag") {
    const [from, to] = raw.split(">");
    return from === "cue" ? { kind, from: "cue", to } : { kind, from: "ball", id: idOf(from), to };
  }
  const id = idOf(raw);
  return id === undefined ? { kind } : { kind, id };
}

/** taps: ["ball:1", "pocket:far-left", "cue", "out", "miss", "call"]; returns the shot and the last hint */
export function drawWithHint(table, taps) {
  let shot = emptyShot();
  let hint = "";
  for (const tap of taps) ({ shot, hint } = applyTap(table, shot, parseTap(tap)));
  return { shot, hint };
}

export const draw = (table, taps) => drawWithHint(table, taps).shot;

/** The action a drawn shot gives: each field's default, then the drawing's values (as shot-input.js writes the form).
 * situation: the calculator's situation fields (a field the drawing knows in some situations only follows them). */
export function actionOf(game, shot, chips = {}, situation = null) {
  const fields = game.actions.find((a) => a.type === game.table.action).fields;
  const action = { type: game.table.action };
  for (const f of fields) if (f.default !== undefined && f.default !== null) action[f.name] = f.default;
  Object.assign(action, chips);
  const values = fieldValues(game.table, shot, situation, chips); // the chips are the form's fields the drawing reads
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value && typeof value === "object" && "events" in value) {
      const kept = (action[name] || []).filter((id) => !value.all.includes(id));
      action[name] = [...kept, ...value.events];
    } else if (value === null) delete action[name];
    else action[name] = value;
  }
  // A field shown only "when" another has a value is left out otherwise, as the form does.
  for (const f of fields) {
    if (!f.when) continue;
    const shown = Object.entries(f.when).every(([other, want]) =>
      (Array.isArray(want) ? want : [want]).includes(action[other] ?? null));
    if (!shown) delete action[f.name];
  }
  return action;
}
