// @ts-check
// The shot drawn on the table, without any DOM: what the player tapped and
// what that means for the game's shot fields (rules_pkg/drawing.py declares
// which field each kind of tap sets). Every function returns a new Shot.
//
// Taps: a ball — the cue ball touched it (in order; again on the selected
// ball: untouched); a pocket — the selected ball (or the cue ball) dropped
// there, or, with nothing selected, "a ball fell here" where the game counts
// pockets; «за борт» — the selected ball left the table; the miss — nothing
// happened, explicitly (an empty drawing is never a miss). A ball (or the
// cue ball) carried into a pocket in one gesture is its tap and the pocket's
// tap at once: "this ball fell there" (dragToPocket).

import { aloneLines, asSentences, fieldLine, valueText } from "./describe.js";

/** @typedef {import("../lib/types.js").TableDecl} TableDecl */
/** @typedef {import("../lib/types.js").Id} Id */

/**
 * @typedef {{ touched: Id[], dropped: { ball: Id, pocket: string }[], outside: Id[],
 *   cue: "table" | "pocket" | "off", cuePocket: string | null, called: string | null,
 *   pockets: string[], outsideCount: number, miss: boolean, selected: Id | null,
 *   cueSelected: boolean, calling: boolean }} Shot
 * @typedef {{ shot: Shot, hint: string }} Step
 */

/** @returns {Shot} */
export function emptyShot() {
  return {
    touched: [], dropped: [], outside: [], cue: "table", cuePocket: null, called: null,
    pockets: [], outsideCount: 0, miss: false, selected: null, cueSelected: false, calling: false,
  };
}

/** @param {unknown} x @returns {boolean} */
const isId = (x) => typeof x === "string" || (typeof x === "number" && Number.isFinite(x));
/** @param {unknown} x @returns {boolean} */
const isText = (x) => x === null || typeof x === "string";

/**
 * A drawn shot kept over a reload (scorekeeper/input-draft.js) read back: the same shape as
 * emptyShot's, every part of the right kind, or null — a stored text cut or edited is no shot.
 * The balls and pockets are checked against the table when it is drawn (forgetGone).
 * @param {unknown} data @returns {Shot | null}
 */
export function shotFromSaved(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const d = /** @type {Record<string, unknown>} */ (data);
  const ids = (/** @type {unknown} */ x) => Array.isArray(x) && x.length <= 64 && x.every(isId);
  const dropped = Array.isArray(d.dropped) && d.dropped.length <= 64 && d.dropped.every((x) => x && typeof x === "object"
    && isId(/** @type {{ ball: unknown }} */ (x).ball) && typeof /** @type {{ pocket: unknown }} */ (x).pocket === "string");
  const ok = ids(d.touched) && dropped && ids(d.outside) && ["table", "pocket", "off"].includes(/** @type {string} */ (d.cue))
    && isText(d.cuePocket) && isText(d.called) && Array.isArray(d.pockets) && d.pockets.length <= 64
    && d.pockets.every((p) => typeof p === "string") && Number.isInteger(d.outsideCount) && typeof d.miss === "boolean"
    && (d.selected === null || isId(d.selected)) && typeof d.cueSelected === "boolean" && typeof d.calling === "boolean";
  if (!ok) return null;
  const keys = /** @type {(keyof Shot)[]} */ (Object.keys(emptyShot()));
  return copy(/** @type {Shot} */ (Object.fromEntries(keys.map((k) => [k, d[k]])))); // its own parts only
}

/** @param {Shot} shot @returns {Shot} */
const copy = (shot) => ({
  ...shot, touched: [...shot.touched], dropped: shot.dropped.map((d) => ({ ...d })), outside: [...shot.outside],
  pockets: [...shot.pockets],
});

/** @param {TableDecl} table @param {string} source */
const uses = (table, source) => Object.values(table.fields).some((f) => f.from === source);

/** Each tap on a pocket counts a ball (the same pocket tapped again: two balls; «Кладка кием»). @param {TableDecl} table */
export const countsPockets = (table) => uses(table, "pocket_count");

/** The cue ball's fate is recorded (a field or an event reads it). @param {TableDecl} table */
export function cueTappable(table) {
  return Boolean(table.cue) && (uses(table, "cue") || uses(table, "cue_pocket")
    || Object.values(table.fields).some((f) => f.from === "events" && f.map
      && Object.keys(f.map).some((k) => k.startsWith("cue_"))));
}

/** A ball the player can tap (some field reads the touched balls). @param {TableDecl} table */
export function ballsTappable(table) {
  return table.balls.length > 0 && ["touched", "dropped", "played", "contact", "has", "carom_count", "carom_has"]
    .some((s) => uses(table, s));
}

/** @param {TableDecl} table */
export const callsPocket = (table) => uses(table, "called");
/** @param {TableDecl} table */
export const countsOutside = (table) => uses(table, "outside") || uses(table, "outside_count") || cueTappable(table);

/** A ball's pocket is recorded (a field reads the dropped balls). @param {TableDecl} table */
export const dropsBalls = (table) => ["dropped", "played", "played_pocket", "dropped_others"].some((s) => uses(table, s));

/**
 * The one ball drawn is carried into a pocket, though not tapped: only the
 * pocket is recorded («По часовой стрелке»: the next ball), so carrying it
 * there is the pocket's tap (a newcomer dragged it, and nothing happened).
 * @param {TableDecl} table
 */
export const carriedToPocket = (table) => !ballsTappable(table) && table.balls.length === 1 && uses(table, "pocket");

/**
 * The line under an empty drawing: how to draw a shot in this game (the
 * gestures it gives a meaning to; a ball carried into a pocket is one).
 * @param {TableDecl} table
 */
export function howTo(table) {
  const balls = ballsTappable(table);
  // «упавший» is a ball or the cue ball alike; named where only one of them can be carried.
  const carried = dropsBalls(table) && balls ? (cueTappable(table) ? "упавший" : "упавший шар")
    : cueTappable(table) ? "упавший биток" : "";
  const knock = Object.values(table.fields).find((f) => f.from === "has" && f.knock);
  if (knock) return `${knock.knock}${carried ? `; ${carried} — в лузу` : ""}.`;
  if (balls) return `Нажмите шары по порядку касания${carried ? `; ${carried} перетащите в лузу` : ""}.`;
  if (uses(table, "pocket_count")) return "Нажмите лузу за каждый упавший шар.";
  if (uses(table, "pocket")) {
    return `Нажмите лузу, в которую упал шар${carriedToPocket(table) ? ", или перетащите шар в неё" : ""}.`;
  }
  return carried ? `${carried[0].toUpperCase()}${carried.slice(1)} перетащите в лузу.` : "";
}

/** Nothing tapped yet: the record button must not guess. @param {Shot} shot */
export function isBlank(shot) {
  return !shot.miss && !shot.touched.length && !shot.dropped.length && !shot.outside.length
    && shot.cue === "table" && !shot.called && !shot.pockets.length && !shot.outsideCount;
}

/** @param {Shot} shot @returns {Id | null} the last touched ball still on the table */
function lastFree(shot) {
  for (let i = shot.touched.length - 1; i >= 0; i--) {
    const id = shot.touched[i];
    if (!shot.dropped.some((d) => d.ball === id) && !shot.outside.includes(id)) return id;
  }
  return null;
}

/** @param {Shot} shot @param {Id} id @returns {Step} */
export function tapBall(shot, id) {
  const next = copy(shot);
  next.miss = false;
  next.calling = false;
  next.cueSelected = false;
  const dropped = next.dropped.findIndex((d) => d.ball === id);
  if (dropped >= 0) {
    next.dropped.splice(dropped, 1);
    next.selected = id;
    return { shot: next, hint: "" };
  }
  if (next.outside.includes(id)) {
    next.outside = next.outside.filter((b) => b !== id);
    next.selected = id;
    return { shot: next, hint: "" };
  }
  if (next.touched.includes(id)) {
    if (shot.selected === id) {
      next.touched = next.touched.filter((b) => b !== id);
      next.selected = lastFree(next);
    } else {
      next.selected = id;
    }
    return { shot: next, hint: "" };
  }
  next.touched.push(id);
  next.selected = id;
  return { shot: next, hint: "" };
}

/**
 * The ball in hand for a pocket: touched and selected, whatever it was (a
 * ball already in a pocket or off the table comes back to be put anew).
 * @param {Shot} shot @param {Id} id @returns {Shot}
 */
function holdBall(shot, id) {
  const free = shot.touched.includes(id) && !shot.dropped.some((d) => d.ball === id) && !shot.outside.includes(id);
  if (free && shot.selected === id) return { ...copy(shot), miss: false, calling: false, cueSelected: false };
  return tapBall(shot, id).shot;
}

/** The cue ball in hand for a pocket. @param {Shot} shot @returns {Shot} */
function holdCue(shot) {
  return { ...copy(shot), miss: false, calling: false, cue: "table", cuePocket: null, cueSelected: true };
}

/**
 * A ball (or the cue ball) carried into a pocket in one gesture: the same
 * shot as its tap then the pocket's, in one (the held step and the result).
 * @param {TableDecl} table @param {Shot} shot @param {{ from: "ball" | "cue", id?: Id }} held @param {string} pocket
 * @returns {{ held: Shot, step: Step }}
 */
export function dragToPocket(table, shot, held, pocket) {
  const inHand = held.from === "cue" ? holdCue(shot) : holdBall(shot, /** @type {Id} */ (held.id));
  return { held: inHand, step: tapPocket(table, inHand, pocket) };
}

/**
 * The cue ball tapped: its fate is put anew. A miss stays: the cue ball may leave the table
 * or fall having touched no ball (a newcomer could not draw «Ковбой»'s cue ball off after a miss).
 * @param {Shot} shot @returns {Step}
 */
export function tapCue(shot) {
  const next = copy(shot);
  next.calling = false;
  if (next.cue !== "table") {
    next.cue = "table";
    next.cuePocket = null;
    next.cueSelected = false;
    return { shot: next, hint: "" };
  }
  next.cueSelected = !shot.cueSelected;
  return { shot: next, hint: next.cueSelected ? "Биток: нажмите лузу, куда он упал, или «За борт»." : "" };
}

/** @param {TableDecl} table @param {Shot} shot @param {string} pocket @returns {Step} */
export function tapPocket(table, shot, pocket) {
  const next = copy(shot);
  if (!shot.calling && !shot.cueSelected) next.miss = false; // a called pocket or the cue ball's: the miss stays
  if (shot.calling) {
    next.called = shot.called === pocket ? null : pocket;
    next.calling = false;
    return { shot: next, hint: "" };
  }
  if (shot.cueSelected) {
    next.cue = "pocket";
    next.cuePocket = pocket;
    next.cueSelected = false;
    return { shot: next, hint: "" };
  }
  const ball = shot.selected !== null && shot.touched.includes(shot.selected)
    && !shot.dropped.some((d) => d.ball === shot.selected) ? shot.selected : null;
  if (ball !== null) {
    next.dropped.push({ ball, pocket });
    next.outside = next.outside.filter((b) => b !== ball);
    next.selected = null;
    return { shot: next, hint: "" };
  }
  if (uses(table, "pocket_count")) {
    next.pockets.push(pocket);
    return { shot: next, hint: "" };
  }
  if (uses(table, "pocket")) {
    next.pockets = shot.pockets.length === 1 && shot.pockets[0] === pocket ? [] : [pocket];
    return { shot: next, hint: "" };
  }
  return { shot, hint: "Сначала нажмите шар, который упал в эту лузу." };
}

/** «За борт»: the selected ball (or the cue ball) left the table. @param {TableDecl} table @param {Shot} shot @returns {Step} */
export function tapOutside(table, shot) {
  const next = copy(shot);
  if (!shot.cueSelected) next.miss = false; // the cue ball off after a miss: the miss stays
  next.calling = false;
  if (shot.cueSelected) {
    next.cue = "off";
    next.cuePocket = null;
    next.cueSelected = false;
    return { shot: next, hint: "" };
  }
  const ball = shot.selected;
  if (ball !== null && uses(table, "outside") && shot.touched.includes(ball)) {
    next.dropped = next.dropped.filter((d) => d.ball !== ball);
    if (!next.outside.includes(ball)) next.outside.push(ball);
    next.selected = null;
    // «За борт» goes to the ball last tapped; one meant for the cue ball marked the ball (a newcomer, «Ковбой»).
    return { shot: next, hint: cueTappable(table) ? `${subject(table, ball)} — за бортом. Если вылетел биток, нажмите биток, затем «За борт».` : "" };
  }
  if (uses(table, "outside_count")) {
    next.outsideCount += 1;
    return { shot: next, hint: "" };
  }
  return { shot, hint: cueTappable(table) ? "Сначала нажмите шар (или биток), который вылетел за борт." : "Сначала нажмите шар, который вылетел за борт." };
}

/**
 * The explicit miss: clears every ball's tap (or undoes the miss); the cue ball's fate and
 * the called pocket stay (off the table or in a pocket having touched nothing is a shot).
 * @param {Shot} shot @returns {Shot}
 */
export function toggleMiss(shot) {
  if (shot.miss) return { ...copy(shot), miss: false };
  return { ...emptyShot(), miss: true, cue: shot.cue, cuePocket: shot.cuePocket, called: shot.called };
}

/** «Заказ лузы»: the next pocket tap is the called pocket. @param {Shot} shot @returns {Shot} */
export function toggleCalling(shot) {
  return { ...copy(shot), calling: !shot.calling, cueSelected: false };
}

/** @param {TableDecl} table @param {Id} id */
const valueOfBall = (table, id) => {
  const ball = table.balls.find((b) => b.id === id);
  return ball && ball.value !== undefined ? ball.value : id;
};

/**
 * A "has" field: the ball was touched (and, with `after`, only once the cue
 * ball had reached that other ball first: the object ball knocked it down).
 * @param {Shot} shot @param {import("../lib/types.js").FieldSource} spec
 */
function hasBall(shot, spec) {
  if (spec.ball === undefined) return false;
  const at = shot.touched.indexOf(spec.ball);
  if (at < 0) return false;
  return spec.after === undefined || shot.touched.slice(0, at).includes(spec.after);
}

/** An "events" key: cue_pocket, cue_off, miss, first:<ball id>. @param {Shot} shot @param {string} event */
function happened(shot, event) {
  if (event === "cue_pocket") return shot.cue === "pocket";
  if (event === "cue_off") return shot.cue === "off";
  if (event === "miss") return shot.miss;
  if (event.startsWith("first:")) return shot.touched.length > 0 && String(shot.touched[0]) === event.slice(6);
  return false;
}

/** @param {Shot} shot */
function playedBall(shot) {
  return shot.dropped.length ? shot.dropped[0].ball : null;
}

/**
 * A "dropped_has" field: did this very ball fall into a pocket? true when it
 * did; false when only a ball alike fell (the other red: the drawing tells
 * them apart by where they stand); undefined (the field's default, «не
 * указано») when no ball alike fell. With `situation`, the drawing knows this
 * only in that situation (the balls stand where they are drawn at the first
 * shot of a match): where the form says otherwise, the field is left alone.
 * @param {TableDecl} table @param {Shot} shot @param {import("../lib/types.js").FieldSource} spec
 * @param {Record<string, unknown> | null} situation the form's situation fields (the calculator's), or null
 *   where the form has none (the scorekeeper: a field that does not apply is hidden, so not sent)
 * @param {Record<string, unknown>} [said] the form's fields the drawing reads (saidFields): with `played_stays`,
 *   the played ball (the first carried into a pocket) did not fall where they say so — its pocket is the call only
 * @returns {boolean | undefined}
 */
export function droppedHas(table, shot, spec, situation, said = {}) {
  const only = spec.situation || {};
  if (situation && Object.entries(only).some(([name, want]) => situation[name] !== want)) return undefined;
  if (spec.ball === undefined) return undefined;
  const ball = spec.ball;
  const stays = Object.entries(spec.played_stays || {}).some(([name, values]) => values.includes(said[name]));
  const fell = stays ? shot.dropped.slice(1) : shot.dropped;
  if (fell.some((d) => d.ball === ball)) return true;
  const alike = valueOfBall(table, ball);
  return fell.some((d) => valueOfBall(table, d.ball) === alike) ? false : undefined;
}

/**
 * The form's fields the drawing's values depend on (a `played_stays` field: «Кайза»'s call).
 * @param {TableDecl} table @returns {string[]}
 */
export const saidFields = (table) => [...new Set(Object.values(table.fields).flatMap((spec) => Object.keys(spec.played_stays || {})))];

/**
 * The value each drawn field takes (undefined: leave the field at its default).
 * For an "events" field the value is {events, all}: the members the drawing
 * puts in (the rest of the set stays as the player's chips left it).
 * @param {TableDecl} table @param {Shot} shot
 * @param {Record<string, unknown> | null} [situation] the form's situation fields, where it has them (the calculator)
 * @param {Record<string, unknown>} [said] the form's fields the drawing reads (saidFields)
 * @returns {Record<string, unknown>}
 */
export function fieldValues(table, shot, situation = null, said = {}) {
  /** @type {Record<string, unknown>} */
  const out = {};
  const played = playedBall(shot);
  // The ball played (the first dropped, or, where none fell, the first the cue ball touched): a carom is on
  // the other balls only — a single red touched in «Кайза» is a contact, not «карамболь по 1 красному».
  const named = played !== null ? played : shot.touched.length ? shot.touched[0] : null;
  for (const [name, spec] of Object.entries(table.fields)) {
    const among = new Set(spec.balls || []);
    const caromBalls = shot.touched.filter((b) => among.has(b) && b !== named);
    switch (spec.from) {
      case "touched": out[name] = shot.touched.map((b) => valueOfBall(table, b)); break;
      case "dropped": out[name] = shot.dropped.map((d) => valueOfBall(table, d.ball)); break;
      case "outside": out[name] = shot.outside.map((b) => valueOfBall(table, b)); break;
      case "cue": out[name] = shot.cue; break;
      case "cue_pocket": out[name] = shot.cue === "pocket" ? shot.cuePocket : null; break;
      case "called": out[name] = shot.called; break;
      case "played": {
        const id = played !== null ? played : spec.fallback === "touched" && shot.touched.length ? shot.touched[0] : null;
        out[name] = id === null ? undefined : valueOfBall(table, id);
        break;
      }
      case "played_pocket": out[name] = shot.dropped.length ? shot.dropped[0].pocket : null; break;
      case "dropped_others": {
        // Two alike balls (two reds): the played one is named by the shared
        // value, so the other is the second of them, whichever was tapped.
        const playedValue = played === null ? null : valueOfBall(table, played);
        out[name] = shot.dropped.slice(1).map((d) => (played !== null && d.ball === playedValue && played !== playedValue ? played : d.ball));
        break;
      }
      case "carom_count": out[name] = caromBalls.length; break;
      case "carom_has": out[name] = caromBalls.length > 0; break;
      case "contact": out[name] = shot.touched.length > 0; break;
      case "has": out[name] = hasBall(shot, spec); break;
      case "dropped_has": out[name] = droppedHas(table, shot, spec, situation, said); break;
      case "pocket": out[name] = shot.pockets.length ? shot.pockets[shot.pockets.length - 1] : null; break;
      case "pocket_count": out[name] = shot.pockets.length; break;
      case "outside_count": out[name] = shot.outsideCount; break;
      case "events": {
        const map = spec.map || {};
        out[name] = {
          events: Object.entries(map).filter(([event]) => happened(shot, event)).map(([, id]) => id),
          all: Object.values(map),
        };
        break;
      }
      default: throw new Error(`неизвестный источник поля рисунка: ${spec.from}`);
    }
  }
  if (shot.miss && table.miss) Object.assign(out, table.miss.sets);
  return out;
}

/**
 * Why the drawing cannot be recorded yet (null: it can).
 * @param {TableDecl} table @param {Shot} shot @param {boolean} chipsChanged
 */
export function notReady(table, shot, chipsChanged) {
  const waiting = pending(table, shot);
  if (waiting) return waiting;
  const missWord = table.miss ? `«${table.miss.label}»` : "";
  if (missUnmarked(table, shot, fieldValues(table, shot))) {
    return `Отметьте на столе шары, которых коснулся биток, или нажмите ${missWord}.`;
  }
  if (isBlank(shot) && !chipsChanged) {
    if (uses(table, "pocket")) return "Нажмите на столе лузу, в которую упал шар.";
    return table.miss ? `Отметьте на столе, что произошло, или нажмите ${missWord}.` : "Отметьте на столе, что произошло.";
  }
  return null;
}

/**
 * The line under the drawing: the drawn fields of the request the drawing
 * sends, in the game's own words (describe.js), never the taps retold.
 * @param {TableDecl} table @param {Record<string, unknown>} action the request's action
 * @param {Shot} shot
 */
export function describeDrawn(table, action, shot) {
  if (isBlank(shot)) return ""; // nothing drawn yet: nothing is sent (notReady says why)
  // The balls the cue ball touched, neither drawn nor the miss tapped, are not yet said: «…: нет»
  // read as recorded while the record was refused (a newcomer, «Кайза»: the cue ball off alone).
  const unmarked = missUnmarked(table, shot, action) ? table.miss?.field : null;
  const lines = table.words.flatMap((f) => (f.name === unmarked ? [`${f.label}: не отмечено`] : fieldLine(f, action)));
  if (!lines.length && shot.miss && table.miss) return `${table.miss.label}.`;
  return asSentences(lines.length ? lines : aloneLines(table.words, action));
}

/**
 * A refusal that names a field the drawing sets, with what the drawing put in it («По рисунку: «Пробка сбита:
 * нет».») and how to draw it, where one gesture does: in the drawing's view that field is not shown, and «в ударе указано, что она не сбита» named
 * something the player never typed (a newcomer, «пробка»: «б» ticked, the ball not drawn onto the пробка).
 * @template {{ message: string, field?: string | null }} R
 * @param {TableDecl} table @param {Record<string, unknown>} action the request's action @param {R} refusal
 * @returns {R}
 */
export function withDrawnWords(table, action, refusal) {
  const name = /^action\.([A-Za-z_]\w*)$/.exec(refusal.field || "")?.[1];
  const words = name && name in table.fields ? table.words.find((w) => w.name === name) : undefined;
  if (!name || !words || !(name in action)) return refusal;
  const knock = table.fields[name].knock; // how the drawing sets it, where one gesture does («перетащите его на неё»)
  return { ...refusal, message: `${refusal.message} По рисунку: «${words.label}: ${valueText(words, action[name])}».`
    + (knock ? ` ${knock}.` : "") };
}

/**
 * The field a miss stands for is empty (no ball touched drawn) and the miss not tapped: the drawing cannot
 * tell «no ball touched» from «not drawn yet» (notReady asks for one of them).
 * @param {TableDecl} table @param {Shot} shot @param {Record<string, unknown>} values
 */
function missUnmarked(table, shot, values) {
  if (!table.miss || !table.miss.field || shot.miss) return false;
  const value = values[table.miss.field];
  return (Array.isArray(value) && value.length === 0) || value === false;
}

/** What a drawing records: every mark but the selection. @param {Shot} shot */
const marks = (shot) => shot.touched.length + shot.dropped.length + shot.outside.length + shot.pockets.length
  + shot.outsideCount + (shot.cue === "table" ? 0 : 1) + (shot.called ? 1 : 0);

/** @param {TableDecl} table @param {Id} id */
const ballName = (table, id) => (table.balls.find((b) => b.id === id) || { name: String(id) }).name;

/** A touched ball that means something only with a later one (the object ball before the пробка). @param {TableDecl} table @param {Id} id */
const leadsTo = (table, id) => Object.values(table.fields).find((f) => f.from === "has" && f.after === id);

/** A step that adds a mark the request does not carry. @param {TableDecl} table @param {Shot} before @param {Shot} after */
const meaningless = (table, before, after) => marks(after) > marks(before)
  && same(fieldValues(table, after), fieldValues(table, before));

/**
 * A ball (or the cue ball) dragged into a pocket: refused as a whole when the
 * pocket means nothing for it in this game (nothing of it is drawn).
 * @param {TableDecl} table @param {Shot} shot @param {Tap} tap @returns {Step}
 */
function applyDrag(table, shot, tap) {
  if (tap.onto !== undefined) return applyKnock(table, shot, tap);
  const from = tap.from === "cue" ? "cue" : "ball";
  if (from === "ball" && carriedToPocket(table)) return pocketByCarry(table, shot, String(tap.to));
  const { held, step } = dragToPocket(table, shot, { from, id: tap.id }, String(tap.to));
  if (step.shot === held || meaningless(table, held, step.shot)) {
    return { shot, hint: step.shot === held && step.hint ? step.hint
      : refusal(from === "cue" ? "Биток" : subject(table, /** @type {Id} */ (tap.id)), "pocket") };
  }
  return from === "ball" && caromByCarry(table, shot, /** @type {Id} */ (tap.id)) ? { ...step, hint: CAROM_BY_CARRY } : step;
}

/**
 * A ball not touched yet, carried into a pocket after another ball was touched, is drawn as the cue ball touching
 * it too — a carom where the game counts one; a ball knocked in by another cannot be drawn so, and the line says
 * so (a newcomer, «Ковбой»: 3 tapped, 5 carried in — recorded «3 → 5», a carom the shot did not make).
 * @param {TableDecl} table @param {Shot} shot @param {Id} id
 */
const caromByCarry = (table, shot, id) => ["touched", "carom_count", "carom_has"].some((source) => uses(table, source))
  && shot.touched.length > 0 && !shot.touched.includes(id);

export const CAROM_BY_CARRY = "Биток коснулся и этого шара — карамболь. Если его забил другой шар, запишите удар «Формой».";

/**
 * The one ball carried into a pocket where only the pocket is recorded: that
 * pocket chosen (a tap on the chosen pocket takes it back; a carry does not).
 * @param {TableDecl} table @param {Shot} shot @param {string} pocket @returns {Step}
 */
function pocketByCarry(table, shot, pocket) {
  if (shot.pockets.length === 1 && shot.pockets[0] === pocket) return { shot, hint: "Это уже отмечено." };
  return tapPocket(table, { ...copy(shot), pockets: [] }, pocket);
}

/**
 * A ball dragged onto another: "it knocked that one", where a field gives it
 * that meaning (a "has" field with `after`: the object ball onto the пробка);
 * touched in that order. Refused elsewhere (a drag is not a carom drawn).
 * @param {TableDecl} table @param {Shot} shot @param {Tap} tap @returns {Step}
 */
function applyKnock(table, shot, tap) {
  const id = /** @type {Id} */ (tap.id);
  const onto = /** @type {Id} */ (tap.onto);
  const knock = Object.values(table.fields).some((f) => f.from === "has" && f.after === id && f.ball === onto);
  if (!knock) return { shot, hint: "Шар перетаскивают в лузу, в которую он упал: нажмите шары по порядку касания." };
  const next = copy(shot);
  next.miss = false;
  next.calling = false;
  next.cueSelected = false;
  next.dropped = next.dropped.filter((d) => d.ball !== id && d.ball !== onto);
  next.outside = next.outside.filter((b) => b !== id && b !== onto);
  next.touched = next.touched.filter((b) => b !== onto);
  if (!next.touched.includes(id)) next.touched.push(id);
  next.touched.push(onto);
  next.selected = null;
  if (same(fieldValues(table, next), fieldValues(table, shot))) return { shot, hint: "Это уже отмечено." };
  return { shot: next, hint: "" };
}

/**
 * @typedef {{ kind: "ball" | "cue" | "pocket" | "out" | "miss" | "call" | "clear" | "drag" | "carry" | "cue-note", id?: Id,
 *   from?: "ball" | "cue", to?: string, onto?: Id }} Tap
 * A drag: `from` the ball `id` (or the cue ball) `to` a pocket, or `onto` another ball.
 */

/**
 * One tap, refused when it would add a mark the request does not carry (a
 * gesture the rules give no meaning to is not drawn, and says why).
 * @param {TableDecl} table @param {Shot} shot @param {Tap} tap
 * @returns {Step}
 */
export function applyTap(table, shot, tap) {
  if (tap.kind === "drag") return applyDrag(table, shot, tap);
  // The line under the empty drawing already says both gestures: the hint adds why the tap did nothing.
  if (tap.kind === "carry") return { shot, hint: "Нажатие на шар ничего не записывает: ведите его, не отпуская, до лузы." };
  // A cue ball whose fate is no field: what to mark instead, as guidance (a copy: not a refused tap).
  if (tap.kind === "cue-note") return { shot: copy(shot), hint: table.cue_note || "" };
  const id = /** @type {Id} */ (tap.id);
  /** @type {Step} */
  const next = tap.kind === "ball" ? tapBall(shot, id)
    : tap.kind === "cue" ? tapCue(shot)
      : tap.kind === "pocket" ? tapPocket(table, shot, String(id))
        : tap.kind === "out" ? tapOutside(table, shot)
          : tap.kind === "miss" ? { shot: toggleMiss(shot), hint: "" }
            : tap.kind === "call" ? { shot: toggleCalling(shot), hint: "" }
              : { shot: emptyShot(), hint: "" };
  if (!meaningless(table, shot, next.shot)) return next;
  if (tap.kind === "ball") {
    const lead = leadsTo(table, id);
    if (lead && lead.waiting && lead.ball !== undefined && !shot.touched.includes(lead.ball)) {
      return { shot: next.shot, hint: lead.waiting };
    }
  }
  return { shot, hint: refusal(shot.selected !== null ? subject(table, shot.selected) : "Шар", tap.kind) };
}

/** A ball named at the start of a sentence: «Пробка». @param {TableDecl} table @param {Id} id */
function subject(table, id) {
  const name = ballName(table, id);
  return `«${name.charAt(0).toUpperCase()}${name.slice(1)}»`;
}

/**
 * Why a tap is not drawn (short: it fits the hint's two lines on a phone).
 * @param {string} what the ball, as a sentence starts @param {string} kind
 */
function refusal(what, kind) {
  if (kind === "pocket") return `${what} в лузе по правилам ничего не меняет: не записывается.`;
  if (kind === "out") return `${what} за бортом по правилам ничего не меняет: не записывается.`;
  return "Это касание по правилам ничего не меняет: не записывается.";
}

/** @param {unknown} a @param {unknown} b */
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A touched ball still waiting for the one that gives it a meaning (the
 * object ball with no пробка after it), or null.
 * @param {TableDecl} table @param {Shot} shot @returns {string | null}
 */
function pending(table, shot) {
  for (const id of shot.touched) {
    const lead = leadsTo(table, id);
    if (!lead || !lead.waiting) continue;
    const without = { ...copy(shot), touched: shot.touched.filter((b) => b !== id) };
    if (same(fieldValues(table, without), fieldValues(table, shot))) return lead.waiting;
  }
  return null;
}

/**
 * The table as it stands before the next shot: the declaration's balls less
 * those not on the table (`absent`: a «Ковбой» ball waiting for its spot, the
 * opponent's white in hand in «Кайза»), and the rack of undistinguished balls
 * (`rack`: «Кладка шаров кием», the balls the shooter has left beside the cue
 * ball). The scorekeeper has them from the engine's view; the calculator from
 * its situation fields, named by the declaration's `situation` ({rack: field
 * of the balls on the table, the cue ball among them; absent: field of the
 * balls off the table}). A ball not on the table is neither drawn nor tapped.
 * @param {TableDecl} table
 * @param {{ rack?: number | null, absent?: unknown[] } | null | undefined} view
 * @param {Record<string, unknown> | null} [situation] the calculator's situation fields
 * @returns {TableDecl}
 */
export function tableNow(table, view, situation = null) {
  const now = view || fromSituation(table, situation);
  if (!now) return table;
  const absent = Array.isArray(now.absent) ? now.absent.map((id) => JSON.stringify(id)) : [];
  const balls = table.balls.filter((b) => !absent.includes(JSON.stringify(b.id)));
  const rack = typeof now.rack === "number" ? Math.max(0, now.rack) : table.pyramid;
  return balls.length === table.balls.length && rack === table.pyramid ? table : { ...table, balls, pyramid: rack };
}

/**
 * The calculator's table: the situation fields the declaration names.
 * @param {TableDecl} table @param {Record<string, unknown> | null} situation
 * @returns {{ rack: number | null, absent: unknown[] } | null}
 */
function fromSituation(table, situation) {
  const names = /** @type {{ situation?: { rack?: string, absent?: string } }} */ (table).situation;
  if (!names || !situation) return null;
  const onTable = names.rack ? situation[names.rack] : undefined;
  const off = names.absent ? situation[names.absent] : undefined;
  return {
    rack: typeof onTable === "number" ? onTable - (table.cue ? 1 : 0) : null,
    absent: Array.isArray(off) ? off : [],
  };
}
