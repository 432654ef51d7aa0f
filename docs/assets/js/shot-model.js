// @ts-check
// The shot drawn on the table, without any DOM: what the player tapped and
// what that means for the game's shot fields (rules_pkg/drawing.py declares
// which field each kind of tap sets). Every function returns a new Shot.
//
// Taps: a ball — the cue ball touched it (in order; again on the selected
// ball: untouched); a pocket — the selected ball (or the cue ball) dropped
// there, or, with nothing selected, "a ball fell here" where the game counts
// pockets; «за борт» — the selected ball left the table; the miss — nothing
// happened, explicitly (an empty drawing is never a miss).

/** @typedef {import("./types.js").TableDecl} TableDecl */
/** @typedef {import("./types.js").Id} Id */

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

/** @param {Shot} shot @returns {Shot} */
const copy = (shot) => ({
  ...shot, touched: [...shot.touched], dropped: shot.dropped.map((d) => ({ ...d })), outside: [...shot.outside],
  pockets: [...shot.pockets],
});

/** @param {TableDecl} table @param {string} source */
const uses = (table, source) => Object.values(table.fields).some((f) => f.from === source);

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

/** @param {Shot} shot @returns {Step} */
export function tapCue(shot) {
  const next = copy(shot);
  next.miss = false;
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
  next.miss = false;
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
  next.miss = false;
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
    return { shot: next, hint: "" };
  }
  if (uses(table, "outside_count")) {
    next.outsideCount += 1;
    return { shot: next, hint: "" };
  }
  return { shot, hint: cueTappable(table) ? "Сначала нажмите шар (или биток), который вылетел за борт." : "Сначала нажмите шар, который вылетел за борт." };
}

/** The explicit miss: clears every tap (or undoes the miss). @param {Shot} shot @returns {Shot} */
export function toggleMiss(shot) {
  if (shot.miss) return { ...copy(shot), miss: false };
  return { ...emptyShot(), miss: true };
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

/** @param {Shot} shot */
function playedBall(shot) {
  return shot.dropped.length ? shot.dropped[0].ball : null;
}

/**
 * The value each drawn field takes (undefined: leave the field at its default).
 * For an "events" field the value is {events, all}: the members the drawing
 * puts in (the rest of the set stays as the player's chips left it).
 * @param {TableDecl} table @param {Shot} shot
 * @returns {Record<string, unknown>}
 */
export function fieldValues(table, shot) {
  /** @type {Record<string, unknown>} */
  const out = {};
  const played = playedBall(shot);
  for (const [name, spec] of Object.entries(table.fields)) {
    const among = new Set(spec.balls || []);
    const caromBalls = shot.touched.filter((b) => among.has(b) && b !== played);
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
      case "has": out[name] = spec.ball !== undefined && shot.touched.includes(spec.ball); break;
      case "pocket": out[name] = shot.pockets.length ? shot.pockets[shot.pockets.length - 1] : null; break;
      case "pocket_count": out[name] = shot.pockets.length; break;
      case "outside_count": out[name] = shot.outsideCount; break;
      case "events": {
        const map = spec.map || {};
        const on = { cue_pocket: shot.cue === "pocket", cue_off: shot.cue === "off", miss: shot.miss };
        out[name] = {
          events: Object.entries(map).filter(([event]) => on[/** @type {keyof typeof on} */ (event)]).map(([, id]) => id),
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
  const missWord = table.miss ? `«${table.miss.label}»` : "";
  if (table.miss && table.miss.field && !shot.miss) {
    const value = fieldValues(table, shot)[table.miss.field];
    if ((Array.isArray(value) && value.length === 0) || value === false) {
      return `Отметьте на столе шары, которых коснулся биток, или нажмите ${missWord}.`;
    }
  }
  if (isBlank(shot) && !chipsChanged) {
    if (uses(table, "pocket")) return "Нажмите на столе лузу, в которую упал шар.";
    return table.miss ? `Отметьте на столе, что произошло, или нажмите ${missWord}.` : "Отметьте на столе, что произошло.";
  }
  return null;
}

/**
 * The shot in words, for the line under the drawing (and screen readers).
 * @param {TableDecl} table @param {Shot} shot
 */
export function describeShot(table, shot) {
  if (shot.miss && table.miss) return `${table.miss.label}.`;
  const name = (/** @type {Id} */ id) => {
    const ball = table.balls.find((b) => b.id === id);
    return ball ? ball.name : String(id);
  };
  const pocket = (/** @type {string | null} */ id) => (table.pockets.find((p) => p.id === id) || { label: String(id) }).label;
  const parts = [];
  if (shot.touched.length) parts.push(`Биток коснулся: ${shot.touched.map(name).join(" → ")}`);
  for (const d of shot.dropped) parts.push(`${name(d.ball)} — в лузе (${pocket(d.pocket)})`);
  for (const b of shot.outside) parts.push(`${name(b)} — за бортом`);
  if (shot.pockets.length) {
    parts.push(uses(table, "pocket_count")
      ? `В лузы упало шаров: ${shot.pockets.length}` : `Луза: ${pocket(shot.pockets[shot.pockets.length - 1])}`);
  }
  if (shot.outsideCount) parts.push(`За борт вылетело шаров: ${shot.outsideCount}`);
  if (shot.cue === "pocket") parts.push(`биток — в лузе (${pocket(shot.cuePocket)})`);
  if (shot.cue === "off") parts.push("биток — за бортом");
  if (shot.called) parts.push(`заказана луза: ${pocket(shot.called)}`);
  if (!parts.length) return "";
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
