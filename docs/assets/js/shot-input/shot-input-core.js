// @ts-check
// The shot input's decisions, without DOM (shot-input.js draws them): which
// tool chips stand beside the drawing and which of the form's fields and chip
// members the drawing owns; what a tap, a press, a drag and a drop mean for
// the shot (shot-model.js Tap); what the line under the drawing and the hint
// say; what a change of the form redoes; what the form view's miss box asks.
//
// node --test: tests/js/shot-input-core.test.mjs.

import { ballsTappable, callsPocket, carriedToPocket, countsOutside, countsPockets, cueTappable, describeDrawn, howTo } from "./shot-model.js";

/** @typedef {import("../lib/types.js").TableDecl} TableDecl */
/** @typedef {import("../lib/types.js").Id} Id */
/** @typedef {import("../lib/types.js").Action} Action */
/** @typedef {import("./shot-model.js").Shot} Shot */
/** @typedef {import("./shot-model.js").Tap} Tap */
/** @typedef {"drawing" | "form"} Mode */
/**
 * A press on a ball (or the cue ball) that may become a drag: the pointer, what
 * it holds, where it started, and whether it has moved far enough to carry.
 * @typedef {{ pointer: number, from: "ball" | "cue", id: Id | undefined, x: number, y: number, moved: boolean }} Carry
 */
/** @typedef {{ rack?: number | null, absent?: unknown[] }} TableView the balls on the table before the shot (the engine's view) */

export const DRAG_PX = 10; // a press that moves farther is carrying the ball, not tapping it

/** The hint when a carried ball is let go over neither a pocket nor another ball. */
export const DROP_MISSED_HINT = "Отпустите шар над лузой, в которую он упал.";

/** The mode a saved choice or a mode button names: the form only when it says so. @param {string | null} name @returns {Mode} */
export const modeNamed = (name) => (name === "form" ? "form" : "drawing");

/** What the drawing lets a player tap or carry (table-svg.js renderTableSvg). @param {TableDecl} table */
export function tapAbilities(table) {
  const cue = cueTappable(table);
  return {
    ballsTappable: ballsTappable(table), ballCarried: carriedToPocket(table), cueTappable: cue,
    cueNote: !cue && Boolean(table.cue_note), pocketsTappable: true,
  };
}

/** The tool chips beside the drawing, in their order: [tool id, label]. @param {TableDecl} table */
export function toolButtons(table) {
  /** @type {[string, string][]} */
  const tools = [];
  if (table.miss) tools.push(["miss", table.miss.label]);
  if (callsPocket(table)) tools.push(["call", "Заказ лузы"]);
  if (countsOutside(table)) tools.push(["out", "За борт"]);
  tools.push(["clear", "✕"]);
  return tools;
}

/** Whether the tool chips that toggle are pressed (aria-pressed). @param {Shot} shot */
export const toolsPressed = (shot) => ({ miss: String(shot.miss), call: String(shot.calling) });

/** The fields the drawing sets: every field of the table that is not a chip. @param {TableDecl} table */
export const drawnFieldNames = (table) => Object.keys(table.fields).filter((name) => !table.chips.includes(name));

/**
 * The members of a chip set that the drawing itself puts in or takes out (an
 * "events" field listed as a chip): per field, the JSON of the member values.
 * @param {TableDecl} table @returns {[string, Set<string>][]}
 */
export function drawingOwnedChips(table) {
  /** @type {[string, Set<string>][]} */
  const owned = [];
  for (const [name, spec] of Object.entries(table.fields)) {
    if (spec.from !== "events" || !table.chips.includes(name)) continue;
    owned.push([name, new Set(Object.values(spec.map || {}).map((id) => JSON.stringify(id)))]);
  }
  return owned;
}

/**
 * Whether the form view asks for an explicit miss: the table has one and its
 * field is a list, where an empty list would mean one.
 * @param {TableDecl} table @param {string | undefined} fieldKind the miss field's data-rb-kind
 */
export const needsMissConfirm = (table, fieldKind) => Boolean(table.miss) && ["sequence", "set"].includes(fieldKind || "");

/**
 * Why the form view's touched list and its miss box disagree, or null.
 * @param {TableDecl} table @param {boolean} empty no ball is listed @param {boolean} confirmed the miss box is ticked
 */
export function missConfirmProblem(table, empty, confirmed) {
  if (empty && !confirmed) {
    return `Укажите шары, которых коснулся биток, или отметьте «${table.miss ? table.miss.label : "Промах"}».`;
  }
  if (!empty && confirmed) return "Отмечен промах, но указаны шары, которых коснулся биток: оставьте что-то одно.";
  return null;
}

/**
 * The value the drawing writes into a field (shot-model.js fieldValues): the
 * value itself, or for an events value the field's current list without the
 * members the drawing owns, then the events drawn.
 * @param {unknown} value @param {() => unknown} readCurrent the field's current value
 */
export function valueToWrite(value, readCurrent) {
  if (value && typeof value === "object" && "events" in value) {
    const { events, all } = /** @type {{ events: unknown[], all: unknown[] }} */ (value);
    const current = /** @type {unknown[]} */ (readCurrent() || []);
    return [...current.filter((id) => !all.includes(id)), ...events];
  }
  return value;
}

/** The situation's fields as one comparable string ("null": the form has none). @param {Record<string, unknown>} fields */
export const situationKey = (fields) => (Object.keys(fields).length ? JSON.stringify(fields) : "null");

/**
 * What a change of the form redoes: a new situation forgets a shot with a ball
 * gone and writes the drawing's fields again; a new action type or situation redraws;
 * a new value of a field the drawing reads (`said`: «Кайза»'s call) writes its fields again.
 * @typedef {{ situation: string, drawnAction: boolean, said?: string }} FormSeen
 * @param {FormSeen} was @param {FormSeen} now @param {Mode} mode
 */
export function afterFormChange(was, now, mode) {
  const moved = now.situation !== was.situation;
  const write = (moved || now.said !== was.said) && mode === "drawing";
  return { forget: moved, write, redraw: now.drawnAction !== was.drawnAction || moved };
}

/** The engine's view of the table, kept to what the drawing uses. @param {TableView | null | undefined} view @returns {TableView | null} */
export function tableView(view) {
  return view ? { rack: typeof view.rack === "number" ? view.rack : null,
    absent: Array.isArray(view.absent) ? view.absent : [] } : null;
}

/** The view with the rack the shooter has left (null: the table's full one). @param {TableView | null} view @param {unknown} n */
export const withRack = (view, n) => ({ ...(view || {}), rack: typeof n === "number" ? n : null });

/** Whether the shot touched a ball no longer on the table. @param {Shot} shot @param {{ id: Id }[]} balls on the table */
export function touchesGone(shot, balls) {
  const on = new Set(balls.map((b) => JSON.stringify(b.id)));
  return shot.touched.some((id) => !on.has(JSON.stringify(id)));
}

/** What a tap on a drawn part means, or null. @param {string | null} kind its data-rb-tap @param {string | null} idText its data-rb-id */
export function partTap(kind, idText) {
  const id = JSON.parse(idText || "null");
  if (kind === "ball" || kind === "carry" || kind === "cue" || kind === "pocket" || kind === "cue-note") return /** @type {Tap} */ ({ kind, id });
  return null;
}

/** What a tap on a tool chip means, or null. @param {string | null} tool its data-rb-shot-tool @returns {Tap | null} */
export const toolTap = (tool) => (tool === "miss" || tool === "call" || tool === "out" || tool === "clear" ? { kind: tool } : null);

/** Whether a key pressed on a drawn part taps it. @param {string} key */
export const tapsPart = (key) => key === "Enter" || key === " ";

/**
 * A press on a drawn ball, its carry handle or the cue ball: what a drag from it would carry.
 * @param {string | null} kind its data-rb-tap @param {string | null} idText its data-rb-id
 * @param {number} pointer @param {number} x @param {number} y
 * @returns {Carry}
 */
export function pressOn(kind, idText, pointer, x, y) {
  const from = kind === "cue" ? "cue" : "ball";
  const id = from === "ball" ? JSON.parse(idText || "null") : undefined;
  return { pointer, from, id, x, y, moved: false };
}

/** Whether a press has become a drag: it moved farther than DRAG_PX (and stays one). @param {Carry} carry @param {number} x @param {number} y */
export const hasMoved = (carry, x, y) => carry.moved || Math.hypot(x - carry.x, y - carry.y) > DRAG_PX;

/**
 * Whether a pocket or ball under the pointer may take the carried ball: any but the ball carried itself.
 * @param {Carry | null} carry @param {string | null} kind its data-rb-tap @param {string | null} idText its data-rb-id
 */
export function takesDrop(carry, kind, idText) {
  const source = carry && carry.from === "ball" ? JSON.stringify(carry.id) : null;
  return !(kind === "ball" && idText === source);
}

/**
 * What a drag let go over a pocket or another ball means.
 * @param {Carry} carry @param {string | null} kind the target's data-rb-tap @param {string | null} idText its data-rb-id
 * @returns {Tap}
 */
export function dropTap(carry, kind, idText) {
  const id = JSON.parse(idText || "null");
  const onto = kind === "pocket" ? { to: id } : { onto: id };
  return { kind: "drag", from: carry.from, id: carry.id, ...onto };
}

/**
 * The line under the drawing: the shot said, or how to draw while nothing is
 * (that line is not part of the request).
 * @param {TableDecl} table @param {Action | null} action the form's (form.js readAction) @param {Shot} shot
 * @returns {{ text: string, howTo: boolean }}
 */
export function wordsLine(table, action, shot) {
  const said = action && action.type === table.action ? describeDrawn(table, action, shot) : "";
  return { text: said || howTo(table), howTo: !said };
}

/** The hint while a pocket is being called, else null (the hint stays). @param {Shot} shot */
export const callingHint = (shot) => (shot.calling ? "Нажмите заказанную лузу." : null);

/** @typedef {{ top: number, bottom: number }} Span */

/**
 * Whether one tap on the drawing draws the whole shot (its one ball into a pocket:
 * «по часовой»), so that the page may move after it to what comes next. On a
 * drawing of several balls the player goes on tapping it (a ball touched, then
 * another, a pocket): moving the page after a tap took the next ball from under the
 * finger, and the second tap landed on a chip («Ковбой» at 360 px, 125 px: a
 * newcomer recorded two wrong shots). Where a tap on a pocket counts a ball, the same pocket
 * is tapped again for the next one: the page moving after the first took the pocket from
 * under the finger («Кладка кием» at 390 px, a newcomer: the second tap chose «Ни один шар
 * не упал»).
 * @param {import("./shot-model.js").TableDecl} table @returns {boolean}
 */
export function oneTapDraws(table) {
  return table.balls.length <= 1 && !countsPockets(table);
}

/**
 * Whether the page may move after `tap` to the chips below the drawing: where one tap draws the
 * shot (oneTapDraws), and after the drawing's own «nothing happened» (`miss`: «Ни один шар не упал»,
 * «Промах») in every game — it draws the whole shot, and nothing on the drawing is tapped after it
 * (the walk, «Кладка» at 1280×800: «Первый удар игрока» 59 px under the record bar after it).
 * @param {import("./shot-model.js").TableDecl} table @param {{ kind: string } | null} tap
 * @returns {boolean}
 */
export function tapDrawsShot(table, tap) {
  return oneTapDraws(table) || (tap !== null && tap.kind === "miss");
}

/**
 * How far to scroll (px, positive: the page moves up) after a tap, so that
 * what the player goes on to comes out from under the record bar: as far as
 * the lowest part of `next` needs, but never taking `from`'s top above the
 * room's top (what was just tapped stays on screen); 0 when none of `next` is
 * covered. Once a shot is drawn, `from` is the drawn table and `next` the chip
 * fields below it (a 360 px phone: «ошибку заметили сразу» 56 px under the bar
 * after every pocket in «по часовой»; only where one tap draws the shot: oneTapDraws);
 * where the chips come first («пробка»), `from` is the chip field tapped and
 * `next` the table below it.
 * @param {Span} from @param {Span[]} next @param {Span} room
 * @returns {number}
 */
export function nextRevealDelta(from, next, room) {
  const below = next.filter((c) => c.top >= from.bottom - 1);
  if (!below.some((c) => c.bottom > room.bottom + 0.5)) return 0;
  const wanted = Math.ceil(Math.max(...below.map((c) => c.bottom)) - room.bottom);
  return Math.max(0, Math.min(wanted, Math.floor(from.top - room.top)));
}
