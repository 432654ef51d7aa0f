// @ts-check
// The shot input shared by the calculator and the scorekeeper: the table
// drawing (table-svg.js + the DOM-free shot-model.js) on top of the form built
// from the same declaration. The drawing writes the fields it sets into the
// form, and every request is read from the form (form.js readAction), so a
// shot drawn and the same shot typed into the form are the same request. The
// form stays the accessible alternative («Формой»); chips beside the drawing
// are the form's own fields the declaration lists.
//
//   const input = mountShotInput(form, table);   // index.js; null: the game has no drawing
//   input.check()   -> Russian message why it cannot be recorded yet, or null
//   input.reset()   for the next shot (the form is reset by the caller)
//   input.snapshot() -> what puts the drawn shot back (a refused record)
//   input.explain(refusal) -> the refusal, with what the drawing put in the field it names
//   input.dispose() removes what it added and its listeners
//
// This file is the DOM: what it builds and the controller (ShotInputController)
// that answers taps, drags, keys and form changes; what those mean without DOM
// (the taps, the line, the chips, the checks) is shot-input-core.js.

import {
  actionField, actionType, barOf, fieldDefault, formRoom, readAction, readField, readScope, refreshForm, writeField,
} from "../form/form.js";
import {
  afterFormChange, callingHint, drawingOwnedChips, drawnFieldNames, dropTap, DROP_MISSED_HINT, hasMoved, missConfirmProblem,
  modeNamed, needsMissConfirm, nextRevealDelta, partTap, tapDrawsShot, pressOn, tableView, takesDrop, tapAbilities, tapsPart, toolButtons, toolsPressed,
  toolTap, situationKey, touchesGone, valueToWrite, wordsLine,
} from "./shot-input-core.js";
import {
  applyTap, emptyShot, fieldValues, isBlank, notReady, saidFields, shotFromSaved, tableNow, withDrawnWords,
} from "./shot-model.js";
import { keepMeasured, spannedWidth } from "../lib/measured.js";
import { TARGET_PX, keepingInRoom } from "../lib/match-reveal.js";
import { inputMark, movedSince, scrollFormClear, spanOf, targetsIn } from "../lib/scroll-room.js";
import { renderTableSvg } from "./table-svg.js";

/** @typedef {import("../lib/types.js").TableDecl} TableDecl */
/** @typedef {import("./shot-model.js").Shot} Shot */
/** @typedef {import("./shot-input-core.js").Carry} Carry */
/** @typedef {import("./shot-input-core.js").Mode} Mode */
/** @typedef {import("./shot-input-core.js").TableView} TableView */
/** @typedef {{ check: () => string | null, reset: () => void, snapshot: () => () => void, dispose: () => void, mode: () => string,
 *   drawn: () => { mode: Mode, shot: Shot }, putDrawn: (data: unknown) => void,
 *   explain: <R extends { message: string, field?: string | null }>(refusal: R) => R,
 *   showRack: (n: number | null | undefined) => void,
 *   showTable: (view: { rack?: number | null, absent?: unknown[] } | null | undefined) => void }} ShotInput */
/** @typedef {[EventTarget, string, (event: any) => void, AddEventListenerOptions | undefined]} Listening */

const MODE_KEY = "rules-site:shot-input";
/** The hint line's class when it guides (the next tap), not warns (a refused one): not red. */
const GUIDE = "rb-shot-hint--guide";

/** @returns {Mode} */
function savedMode() {
  try {
    return modeNamed(window.localStorage.getItem(MODE_KEY));
  } catch {
    return "drawing";
  }
}

/** @param {Mode} mode */
function saveMode(mode) {
  try {
    window.localStorage.setItem(MODE_KEY, mode);
  } catch {
    /* the choice lasts for this page only */
  }
}

/** A drawn part's identity across redraws: its kind and id. @param {Element} node */
const tapKey = (node) => `${node.getAttribute("data-rb-tap")}:${node.getAttribute("data-rb-id") || ""}`;

/** @param {string} tag @param {Record<string, string>} attrs @param {string} [text] */
function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

let modeHints = 0; // ids of the «Формой» hints, one per shot input on the page

/** The mode buttons («На столе», «Формой») and the hint said before them. */
function buildModes() {
  const modes = el("div", { class: "rb-shot-modes", role: "group", "aria-label": "Как записать удар" });
  const toDrawing = el("button", { type: "button", class: "rb-shot-mode", "data-rb-shot-mode": "drawing" }, "На столе");
  const toForm = el("button", { type: "button", class: "rb-shot-mode", "data-rb-shot-mode": "form" }, "Формой");
  modes.append(toDrawing, toForm);
  // Said before the drawing: the form is a screen-reader user's way (issue 17).
  const modeHint = el("p", { class: "rb-visually-hidden", id: `rb-shot-hint-${++modeHints}` },
    "С программой чтения с экрана удар удобнее записать кнопкой «Формой»: те же поля, что на рисунке, списками.");
  for (const b of [toDrawing, toForm]) b.setAttribute("aria-describedby", modeHint.id);
  return { modes, toDrawing, toForm, modeHint };
}

/** The tool chips beside the drawing (shot-input-core.js toolButtons), by tool id. @param {TableDecl} table */
function buildTools(table) {
  const tools = el("div", { class: "rb-shot-tools" });
  /** @type {Record<string, HTMLButtonElement>} */
  const buttons = {};
  for (const [id, label] of toolButtons(table)) {
    const b = /** @type {HTMLButtonElement} */ (el("button", { type: "button", class: "rb-chip rb-shot-tool", "data-rb-shot-tool": id }, label));
    buttons[id] = b;
    tools.append(b);
  }
  buttons.clear.setAttribute("aria-label", "Очистить рисунок");
  buttons.clear.setAttribute("title", "Очистить рисунок");
  return { tools, buttons };
}

/** The shot's line and the last tap's hint, and their one place. */
function buildSaid() {
  const words = el("p", { class: "rb-shot-words", "aria-live": "polite", "data-rb-shot-words": "" });
  const hint = el("p", { class: "rb-shot-hint", role: "status", "data-rb-shot-hint": "" });
  // One place for the shot's line and the last tap's hint (shot-input.css).
  // It scrolls when the line is longer than the place: then a Tab stop, to be read
  // by the arrows (2.1.1; showSaid), and no stop when there is nothing to scroll.
  const saidPlace = el("div", { class: "rb-shot-said", "data-rb-shot-said": "", role: "group",
    "aria-label": "Что записывается" });
  saidPlace.append(words, hint);
  return { words, hint, saidPlace };
}

/** Marks the form's fields the drawing sets or orders. @param {HTMLElement} box @param {TableDecl} table */
function markFormFields(box, table) {
  // Fields the drawing sets are hidden beside it (shown in the form view).
  const drawn = drawnFieldNames(table).map((name) => actionField(box, name)).filter((f) => f !== null);
  for (const f of drawn) f.setAttribute("data-rb-drawn", "");
  // Beside the drawing the chips stand in the declaration's order (shot-input.css):
  // rules_pkg/drawing.py puts a field asked only at the first shot last, so that
  // it moves nothing when it goes; a field asked at some shots only («when»:
  // «Заказ» once a ball is played) keeps its place while it does not apply.
  table.chips.forEach((name, i) => {
    const f = actionField(box, name);
    if (!f) return;
    f.setAttribute("data-rb-chip-field", "");
    f.style.setProperty("--rb-chip-order", String(1 + i));
  });
  box.toggleAttribute("data-rb-chips-first", Boolean(table.chips_first)); // shot-input.css
  // The members of a chip set that the drawing itself puts in or takes out (an
  // "events" field: «а» when the cue ball first touched the пробка) are the
  // drawing's: their chips are hidden beside it (shown in the form view), so a
  // ticked chip can never be undone by the next tap on the table.
  for (const [name, owned] of drawingOwnedChips(table)) {
    for (const input of actionField(box, name)?.querySelectorAll(".rb-chip > input") || []) {
      if (owned.has(/** @type {HTMLInputElement} */ (input).value)) input.closest(".rb-chip")?.setAttribute("data-rb-drawn", "");
    }
  }
}

/** Takes back what markFormFields set. @param {HTMLElement} box */
function unmarkFormFields(box) {
  box.removeAttribute("data-rb-chips-first");
  for (const f of box.querySelectorAll("[data-rb-drawn], [data-rb-chip-field]")) {
    f.removeAttribute("data-rb-drawn");
    f.removeAttribute("data-rb-chip-field");
    /** @type {HTMLElement} */ (f).style.removeProperty("--rb-chip-order");
  }
}

/**
 * The form's own explicit miss, where an empty list would mean one: its box
 * after the miss field, or none.
 * @param {HTMLElement} box @param {TableDecl} table
 */
function addMissConfirm(box, table) {
  let missConfirm = /** @type {HTMLInputElement | null} */ (null);
  const missField = table.miss && table.miss.field ? actionField(box, table.miss.field) : null;
  if (table.miss && missField && needsMissConfirm(table, missField.dataset.rbKind)) {
    const label = el("label", { class: "rb-check rb-miss-confirm" });
    missConfirm = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", "data-rb-miss-confirm": "" }));
    label.append(missConfirm, el("span", {}, `${table.miss.label}: биток не коснулся ни одного шара`));
    missField.after(label);
  }
  return { missConfirm, missField };
}

/** The drawing of one action of a form: what it shows, and what a tap, a drag, a key and a form change do. */
export class ShotInputController {
  // A ball (or the cue ball) carried into a pocket: one gesture for «this
  // ball fell there» (shot-model.js dragToPocket); a press that does not move
  // is a tap (the click below).
  /** @type {Carry | null} */
  carrying = null;
  swallowClick = false; // the click a browser may send after a drag is not a tap
  /** @type {number | null} the pointer pressing a cue ball whose fate is no field (the table's cue_note) */
  noteHeld = null;
  /** @type {string | null} */
  lastTapKey = null; // the part last tapped (tapKey), to take the focus if nothing holds it

  /** @param {HTMLFormElement} form @param {TableDecl} table @param {HTMLElement} box the action's fields */
  constructor(form, table, box) {
    this.form = form;
    this.table = table;
    this.box = box;
    /** @type {Shot} */
    this.shot = emptyShot();
    this.mode = savedMode();
    this.can = tapAbilities(table);
    this.root = el("div", { class: "rb-shot", "data-rb-shot": "" });
    this.drawing = el("div", { class: "rb-shot-drawing", "data-rb-shot-drawing": "" });
    this.svgBox = el("div", { class: "rb-shot-svg" });
    const { modes, toDrawing, toForm, modeHint } = buildModes();
    this.toDrawing = toDrawing;
    this.toForm = toForm;
    const { tools, buttons } = buildTools(table);
    this.buttons = buttons;
    const { words, hint, saidPlace } = buildSaid();
    this.words = words;
    this.hint = hint;
    this.saidPlace = saidPlace;
    this.drawing.append(this.svgBox, tools, saidPlace);
    saidPlace.addEventListener("scroll", this.markMore, { passive: true });
    saidPlace.addEventListener("click", this.toggleSaid);
    saidPlace.addEventListener("keydown", this.toggleSaid);
    this.root.append(modeHint, modes, this.drawing);
    box.prepend(this.root);
    markFormFields(box, table);
    const { missConfirm, missField } = addMissConfirm(box, table);
    this.missConfirm = missConfirm;
    this.missField = missField;
    this.situation = this.situationNow();
    this.said = JSON.stringify(this.saidNow());
    /** @type {TableView | null} What stands on the table before this shot (the engine's view: shot-model.js tableNow). */
    this.now = null;
    this.drawnAction = actionType(form) === table.action;
    /** @type {(() => void) | null} stops keeping the view switch's width (start) */
    this.stopMeasuring = null;
  }

  /** The listeners on the drawing and the form, in the order they are added. @returns {Listening[]} */
  listening() {
    return [
      [this.root, "mousedown", this.onDown, undefined],
      [this.root, "pointerdown", this.onPointerDown, undefined],
      [this.root, "pointermove", this.onPointerMove, undefined],
      [this.root, "pointerup", this.onPointerUp, undefined],
      [this.root, "pointercancel", this.onPointerCancel, undefined],
      [this.root, "touchmove", this.onTouchMove, { passive: false }],
      [this.root, "click", this.onClick, undefined],
      [this.root, "keydown", this.onKey, undefined],
      [this.form, "change", this.onChange, undefined],
    ];
  }

  /** Listens, then writes the drawing's fields and draws. */
  start() {
    for (const [target, type, handler, options] of this.listening()) target.addEventListener(type, handler, options);
    // The input's title (the calculator's legend too: «Удар: Игрок 1») leaves the view switch's measured
    // width free (shot-input.css).
    const group = this.box.closest("[data-rb-action-group], fieldset.rb-group");
    this.stopMeasuring = group instanceof HTMLElement
      ? keepMeasured(group, "--rb-shot-modes-width", [this.toDrawing, this.toForm], spannedWidth) : null;
    this.refresh(); // the form view keeps the declaration's defaults
  }

  /** Removes what it added and its listeners. */
  dispose() {
    for (const [target, type, handler] of this.listening()) target.removeEventListener(type, handler);
    this.stopMeasuring?.();
    this.root.remove();
    this.missConfirm?.closest("label")?.remove();
    this.form.classList.remove("rb-form--drawing");
    unmarkFormFields(this.box);
  }

  // A line longer than its place says so at its bottom («▾ ещё», shot-input.css)
  // until it is scrolled to its end, and at its top («▴ ещё») once its start is scrolled
  // away (the hint below a long line: a newcomer read «красный.» with no start above).
  markMore = () => {
    const place = this.saidPlace;
    place.classList.toggle("rb-shot-said--more", place.scrollTop + place.clientHeight < place.scrollHeight - 1);
    place.classList.toggle("rb-shot-said--above", place.scrollTop > 1);
  };

  // «▾ ещё» is read as a button (a newcomer tapped it): a tap (or Enter, Space) opens
  // the place to the line's whole text, «▴ свернуть» at its end closes it again. The
  // next rows scrolled into the three-row place read as a text begun mid-sentence, with
  // no way back to its start (a newcomer, 5 Dec). What is below moves only at the
  // player's own tap; a new line (showSaid) closes it.
  toggleSaid = (/** @type {Event} */ event) => {
    if (event instanceof KeyboardEvent && event.key !== "Enter" && event.key !== " ") return;
    const place = this.saidPlace;
    const open = place.classList.contains("rb-shot-said--open");
    if (!open && !place.classList.contains("rb-shot-said--more") && !place.classList.contains("rb-shot-said--above")) return;
    event.preventDefault();
    place.classList.toggle("rb-shot-said--open", !open);
    place.scrollTop = 0;
    this.markMore();
  };

  // The newest words in view inside the place: a hint below a long line.
  showSaid() {
    const place = this.saidPlace;
    place.classList.remove("rb-shot-said--open");
    place.scrollTop = this.hint.textContent ? place.scrollHeight : 0;
    this.markMore();
    const scrolls = place.scrollHeight > place.clientHeight;
    // The focus is never dropped on <body>: a focused place keeps its stop.
    if (scrolls || document.activeElement === place) place.setAttribute("tabindex", "0");
    else place.removeAttribute("tabindex");
  }

  /**
   * Whether a chip shown beside the drawing that says what happened no longer holds its default
   * (shot-model.js notReady). Who shot says nothing of it: «пробка»'s shooter chosen over an empty
   * drawing recorded «без результата» (a newcomer tapped «За борт» alone, which draws nothing).
   */
  chipsChanged() {
    return this.table.chips.some((name) => {
      const f = actionField(this.box, name);
      return f && !f.closest("[hidden]") && f.dataset.rbKind !== "player"
        && JSON.stringify(readField(f)) !== JSON.stringify(fieldDefault(f));
    });
  }

  // The calculator's situation («Это первый удар партии»): a field the drawing
  // knows in some situations only (shot-model.js droppedHas) follows it.
  situationNow() {
    return situationKey(readScope(this.form, "situation")); // "null": the scorekeeper's form has none
  }

  /** The form's fields the drawing reads (shot-model.js saidFields), by name. @returns {Record<string, unknown>} */
  saidNow() {
    /** @type {Record<string, unknown>} */
    const said = {};
    for (const name of saidFields(this.table)) {
      const f = actionField(this.box, name);
      if (f) said[name] = readField(f);
    }
    return said;
  }

  /** Writes the fields the drawing sets into the form (shot-model.js fieldValues). */
  writeForm() {
    const values = fieldValues(this.table, this.shot, JSON.parse(this.situation), this.saidNow());
    for (const [name, value] of Object.entries(values)) {
      const f = actionField(this.box, name);
      if (!f) continue;
      writeField(f, valueToWrite(value, () => readField(f)));
    }
    refreshForm(this.form);
  }

  /** The drawing's fields written again (in the drawing's view only: the form view keeps its own), then drawn. */
  refresh() {
    if (this.mode === "drawing") this.writeForm();
    this.render();
  }

  drawnTable() {
    return tableNow(this.table, this.now, JSON.parse(this.situation));
  }

  // A ball no longer on the table cannot have been touched: the drawing starts again.
  forgetGone() {
    if (touchesGone(this.shot, this.drawnTable().balls)) this.shot = emptyShot();
  }

  /** Shows the mode, the table and what is said, from the state. */
  render() {
    this.renderMode();
    this.redrawTable();
    this.renderSaid();
  }

  renderMode() {
    // The view stays the drawing's while another action type is chosen («Туш вне
    // удара»): the form keeps its compact look, and the drawing its place in its
    // action, which is hidden as a whole (nothing moves).
    this.form.classList.toggle("rb-form--drawing", this.mode === "drawing");
    this.drawing.hidden = this.mode !== "drawing";
    this.toDrawing.setAttribute("aria-pressed", String(this.mode === "drawing"));
    this.toForm.setAttribute("aria-pressed", String(this.mode === "form"));
  }

  redrawTable() {
    // Redrawn on every tap: a keyboard user keeps the focus on the same part
    // (found again by its kind and id, which a tap never changes).
    const focused = document.activeElement && this.svgBox.contains(document.activeElement)
      ? document.activeElement.closest("[data-rb-tap]") : null;
    const key = focused ? tapKey(focused) : null;
    this.svgBox.replaceChildren(renderTableSvg(this.drawnTable(), this.shot, this.can));
    if (key !== null) this.focusPart(key);
  }

  renderSaid() {
    for (const [id, pressed] of Object.entries(toolsPressed(this.shot))) this.buttons[id]?.setAttribute("aria-pressed", pressed);
    // Nothing drawn yet: the line says how to draw (it is not part of the request).
    const line = wordsLine(this.table, readAction(this.form), this.shot);
    this.words.textContent = line.text;
    this.words.classList.toggle("rb-shot-words--howto", line.howTo);
    const calling = callingHint(this.shot);
    if (calling !== null) this.setHint(calling, true);
    this.showSaid();
  }

  /** The drawn part with this tapKey, if it is drawn. @param {string} key */
  partByKey(key) {
    return [...this.svgBox.querySelectorAll("[data-rb-tap]")].find((n) => tapKey(n) === key);
  }

  /** Focuses the part with this tapKey, else the drawing, without scrolling. @param {string | null} key */
  focusPart(key) {
    const part = key === null ? null : this.partByKey(key);
    const target = part instanceof SVGElement ? part : this.svgBox.querySelector("svg");
    target?.focus({ preventScroll: true });
  }

  /** @param {{ shot: Shot, hint: string }} next @param {{ kind: string } | null} [tap] what was tapped (tapDrawsShot) */
  step(next, tap = null) {
    const tapped = document.activeElement && this.svgBox.contains(document.activeElement) ? null : this.lastTapKey;
    // A tap the drawing took and says what comes next («нажмите пробку, если он её сбил») is guidance; one it
    // refused («Сначала нажмите шар…») a warning, in red (a newcomer read the guidance in red as an error).
    this.setHint(next.hint, next.shot !== this.shot);
    this.shot = next.shot;
    this.writeForm();
    this.render();
    this.form.dispatchEvent(new Event("change", { bubbles: true }));
    this.holdFocus(tapped);
    const mark = inputMark();
    requestAnimationFrame(() => {
      this.holdFocus(tapped); // a field hidden by the change loses it at the next style update
      if (movedSince(mark)) return;
      // what to tap next, or why the tap was refused (the tap's own, or «Заказ лузы»'s «Нажмите заказанную лузу»)
      if (this.hint.textContent) this.bringHintUp();
      else if (tapDrawsShot(this.table, tap)) this.bringChipsUp(); // the shot is drawn: its chips come next
    });
  }

  /**
   * The hint a tap gave, brought out from under the record bar, the drawing kept on screen
   * (a newcomer, «пробка» at 390 px: «Отмечен прицельный шар: нажмите пробку…» showed one
   * line above the bar, the rest under it).
   */
  bringHintUp() {
    const room = this.roomNow();
    if (!room) return;
    const said = spanOf(this.saidPlace);
    if (said.bottom > room.bottom) this.bringUp(room, spanOf(this.svgBox), [said]);
  }

  /** The chip fields shown beside the drawing (not those it sets itself). @returns {Element[]} */
  chipFields() {
    return [...this.box.querySelectorAll("[data-rb-chip-field]:not([data-rb-drawn])")].filter((f) => f.getClientRects().length > 0);
  }

  /** The room between the bars above and the form's record bar; null without such a bar or the drawing. */
  roomNow() {
    const bar = barOf(this.form);
    return bar && !this.drawing.hidden ? formRoom(this.form, bar) : null;
  }

  /**
   * The chip fields below the drawn shot with no control showing a target's height above the record
   * bar, brought up (bringUp), the table kept on screen: once the shot is drawn (tapDrawsShot) nothing
   * more is tapped on it, and any of them may come next (the walk, «Кладка» at 360 px: after «Ни один шар
   * не упал» only «Двойной удар», the first, was brought up, and «Туш» stayed under the record bar). A
   * field that shows a part is tapped there (lib/tap-still.js).
   */
  bringChipsUp() {
    const room = this.roomNow();
    if (!room) return;
    const table = spanOf(this.svgBox);
    // A field whose title shows over the bar's edge and whose chips do not is hidden too (the walk, «по часовой»
    // at 390 px: «Ошибка замечена» 5 px over the record bar's edge, its chips under it, was left there).
    const tappable = (/** @type {Element} */ f) => targetsIn(f).some((t) => !t.text && Math.min(t.bottom, room.bottom) - t.top >= TARGET_PX);
    const hidden = this.chipFields().filter((f) => spanOf(f).top >= table.bottom - 1 && !tappable(f)).map(spanOf);
    if (hidden.length) this.bringUp(room, table, hidden);
  }

  /**
   * What the player goes on to (`next`) brought out from under the record bar,
   * `from` (what was just tapped) kept on screen (shot-input-core.js
   * nextRevealDelta), nothing left cut by a bar (scroll-room.js scrollFormClear).
   * @param {ReturnType<typeof formRoom>} room @param {import("./shot-input-core.js").Span} from
   * @param {import("./shot-input-core.js").Span[]} next
   */
  bringUp(room, from, next) {
    const delta = nextRevealDelta(from, next, room);
    // The page moves on no further than keeps what was tapped on screen (a line cut above may go under the bars),
    // and no less than brings `next` out: a line read first cut above goes under the bars rather than back.
    const most = keepingInRoom(delta, from, room).most;
    if (delta > 0) scrollFormClear(this.form, room, delta, { most, least: delta });
    // `next` already out: only a control left cut by a bar moves the page, `next` kept in the room (the walk,
    // «Кайза» at 1280×800: «На столе» showed the drawing whole and «Позиционный удар» 21 px over the record
    // bar's edge under it).
    else scrollFormClear(this.form, room, 0, { most, least: Math.min(...next.map((n) => keepingInRoom(0, n, room).least)) });
  }

  /**
   * A tap does not take the focus (the page stays put), but the focus is never
   * left on <body> (WCAG 2.4.3): none yet (a reload) or on a control the tap
   * hid, it goes to the part tapped, else to the drawing, without scrolling.
   * @param {string | null} key the tapped part's tapKey
   */
  holdFocus(key) {
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected && now.getClientRects().length) return;
    if (this.drawing.hidden) return;
    this.focusPart(key);
  }

  /** Where a carried ball is let go: a pocket, or another ball. @param {number} x @param {number} y */
  targetAt(x, y) {
    const under = document.elementFromPoint(x, y);
    const part = under ? under.closest("[data-rb-tap=pocket], [data-rb-tap=ball]") : null;
    if (!part || !this.svgBox.contains(part)) return null;
    return takesDrop(this.carrying, part.getAttribute("data-rb-tap"), part.getAttribute("data-rb-id")) ? part : null;
  }

  markTarget(/** @type {Element | null} */ part) {
    for (const p of this.svgBox.querySelectorAll(".rb-t-target")) if (p !== part) p.classList.remove("rb-t-target");
    part?.classList.add("rb-t-target");
  }

  onPointerDown = (/** @type {PointerEvent} */ event) => {
    this.swallowClick = false;
    const note = event.target instanceof Element ? event.target.closest("[data-rb-tap=cue-note]") : null;
    // A cue ball whose fate is no field: pressed, tapped or carried, it says what to mark when let go. Held
    // like a ball (no pan): redrawn at the press, it left the finger to the browser's back swipe.
    this.noteHeld = note && this.svgBox.contains(note) ? event.pointerId : null;
    const part = event.target instanceof Element ? event.target.closest("[data-rb-tap=ball], [data-rb-tap=carry], [data-rb-tap=cue]") : null;
    if (!part || !this.svgBox.contains(part)) return;
    this.carrying = pressOn(part.getAttribute("data-rb-tap"), part.getAttribute("data-rb-id"), event.pointerId, event.clientX, event.clientY);
  };

  onPointerMove = (/** @type {PointerEvent} */ event) => {
    const carrying = this.carrying;
    if (!carrying || event.pointerId !== carrying.pointer) return;
    carrying.moved = hasMoved(carrying, event.clientX, event.clientY);
    if (carrying.moved) this.markTarget(this.targetAt(event.clientX, event.clientY));
  };

  onPointerUp = (/** @type {PointerEvent} */ event) => {
    if (this.noteHeld !== null && event.pointerId === this.noteHeld) {
      this.noteHeld = null;
      this.swallowClick = true; // its click would say it twice
      this.step(applyTap(this.table, this.shot, { kind: "cue-note" }));
      return;
    }
    const held = this.carrying;
    if (!held || event.pointerId !== held.pointer) return;
    const target = held.moved ? this.targetAt(event.clientX, event.clientY) : null;
    this.carrying = null;
    this.markTarget(null);
    if (!held.moved) return;
    this.swallowClick = true;
    if (!target) {
      this.setHint(DROP_MISSED_HINT, false);
      this.showSaid();
      return;
    }
    const drop = dropTap(held, target.getAttribute("data-rb-tap"), target.getAttribute("data-rb-id"));
    this.lastTapKey = tapKey(target);
    this.step(applyTap(this.table, this.shot, drop));
  };

  // A finger carrying a ball does not scroll the page (nor lose the ball to a
  // pan: Chromium ignores touch-action on SVG parts); a tap still clicks.
  onTouchMove = (/** @type {TouchEvent} */ event) => {
    if ((this.carrying || this.noteHeld !== null) && event.cancelable) event.preventDefault();
  };

  onPointerCancel = () => {
    this.carrying = null;
    this.noteHeld = null;
    this.markTarget(null);
  };

  /** @param {Element} target */
  tap(target) {
    const part = target.closest("[data-rb-tap]");
    this.lastTapKey = part ? tapKey(part) : null;
    if (part) {
      const tap = partTap(part.getAttribute("data-rb-tap"), part.getAttribute("data-rb-id"));
      if (tap) this.step(applyTap(this.table, this.shot, tap));
      return;
    }
    const button = target.closest("[data-rb-shot-tool]");
    if (button) {
      const tap = toolTap(button.getAttribute("data-rb-shot-tool"));
      if (tap) this.step(applyTap(this.table, this.shot, tap), tap);
      return;
    }
    const modeButton = target.closest("[data-rb-shot-mode]");
    if (modeButton) this.chooseMode(modeNamed(modeButton.getAttribute("data-rb-shot-mode")), modeButton);
  }

  /**
   * The drawing chosen comes out from under the record bar, the button tapped kept on
   * screen: a tap on it does not move the page (oneTapDraws), so a pocket left under the
   * bar stayed there (the walk, «Ковбой» at 1280×800: a ball dragged to the far pocket
   * landed on «Записать удар»).
   * @param {Mode} mode @param {Element} [button] the mode's button tapped
   */
  chooseMode(mode, button) {
    this.mode = mode;
    saveMode(mode);
    this.hint.textContent = "";
    // Nothing drawn: the form view starts from the fields' defaults, not from what the empty drawing wrote (its
    // «no ball touched» left «Биток коснулся хотя бы одного шара» unticked after a «Промах» recorded from the
    // table, and the next shot entered in the form was refused: a newcomer, «Кайза» at 390 px).
    if (mode === "form" && isBlank(this.shot)) this.writeDefaults();
    this.refresh(); // the drawing shows its own shot again
    if (mode === "drawing" && button) this.drawingUpFrom(button);
  }

  /** The fields the drawing writes, back to their defaults. */
  writeDefaults() {
    for (const name of Object.keys(this.table.fields)) {
      const f = actionField(this.box, name);
      if (f) writeField(f, undefined);
    }
    refreshForm(this.form);
  }

  onClick = (/** @type {Event} */ event) => {
    if (this.swallowClick) {
      this.swallowClick = false;
      return;
    }
    this.tap(/** @type {Element} */ (event.target));
  };

  onKey = (/** @type {KeyboardEvent} */ event) => {
    if (tapsPart(event.key) && event.target instanceof Element && event.target.closest("[data-rb-tap]")) {
      event.preventDefault();
      this.tap(event.target);
    }
  };

  onChange = (/** @type {Event} */ event) => {
    this.afterChipTap(event.target);
    const seen = { drawnAction: actionType(this.form) === this.table.action, situation: this.situationNow(),
      said: JSON.stringify(this.saidNow()) };
    const redo = afterFormChange({ situation: this.situation, drawnAction: this.drawnAction, said: this.said }, seen, this.mode);
    this.situation = seen.situation;
    this.said = seen.said;
    if (redo.forget) this.forgetGone();
    if (redo.write) this.writeForm();
    if (redo.redraw) this.render();
    this.drawnAction = seen.drawnAction;
  };

  /**
   * Where the chips come first («пробка»: the shooter's number at every shot), a
   * chip tapped brings the drawing below it up: the player goes on to the table.
   * @param {EventTarget | null} target
   */
  afterChipTap(target) {
    const field = target instanceof Element ? target.closest("[data-rb-chip-field]") : null;
    if (!field || !this.table.chips_first || this.mode !== "drawing") return;
    this.drawingUpFrom(field);
  }

  /**
   * At the next frame, unless the player has gone on meanwhile: the drawing brought out
   * from under the record bar, `from` (what was just tapped) kept on screen (bringUp).
   * @param {Element} from
   */
  drawingUpFrom(from) {
    const mark = inputMark();
    requestAnimationFrame(() => {
      const room = movedSince(mark) ? null : this.roomNow();
      if (room) this.bringUp(room, spanOf(from), [spanOf(this.svgBox)]);
    });
  }

  // A tap does not move the focus (nor scroll to it): the page stays put.
  onDown = (/** @type {Event} */ event) => {
    if (event.target instanceof Element && event.target.closest("[data-rb-tap]")) event.preventDefault();
  };

  check() {
    if (actionType(this.form) !== this.table.action) return null;
    if (this.mode === "drawing") {
      return notReady(this.table, this.shot, this.chipsChanged()); // the caller shows it next to the record button
    }
    if (this.missConfirm && this.missField) {
      const empty = /** @type {unknown[]} */ (readField(this.missField) || []).length === 0;
      return missConfirmProblem(this.table, empty, this.missConfirm.checked);
    }
    return null;
  }

  /** @param {TableView | null | undefined} view */
  showTable(view) {
    const next = tableView(view);
    if (JSON.stringify(next) === JSON.stringify(this.now)) return;
    this.now = next;
    this.forgetGone();
    this.refresh();
  }

  /**
   * The engine's refusal, with what the drawing put in the field it names (shot-model.js withDrawnWords).
   * @template {{ message: string, field?: string | null }} R @param {R} refusal @returns {R}
   */
  explain(refusal) {
    const action = this.mode === "drawing" ? /** @type {Record<string, unknown> | null} */ (readAction(this.form)) : null;
    return action ? withDrawnWords(this.table, action, refusal) : refusal;
  }

  /** The line under the drawing: `text` as guidance (`guide`) or as a warning. @param {string} text @param {boolean} guide */
  setHint(text, guide) {
    this.hint.textContent = text;
    this.hint.classList.toggle(GUIDE, guide);
  }

  /** What is drawn, as data kept over a reload (scorekeeper/input-draft.js). @returns {{ mode: Mode, shot: Shot }} */
  drawn() {
    return { mode: this.mode, shot: this.shot };
  }

  /**
   * A drawing kept over a reload put back, if it was made in the mode shown now and reads as a shot;
   * a ball it names that is no longer on the table starts the drawing afresh (forgetGone).
   * @param {unknown} data
   */
  putDrawn(data) {
    const kept = data && typeof data === "object" ? /** @type {{ mode?: unknown, shot?: unknown }} */ (data) : {};
    const shot = kept.mode === this.mode ? shotFromSaved(kept.shot) : null;
    if (!shot) return;
    this.shot = shot;
    this.forgetGone();
    this.refresh();
  }

  /** The drawn shot as it stands, to be put back (a refused record: form.js formSnapshot). @returns {() => void} */
  snapshot() {
    const [shot, hint, guide] = [this.shot, this.hint.textContent, this.hint.classList.contains(GUIDE)];
    return () => {
      this.shot = shot;
      this.setHint(hint, guide);
      this.refresh();
    };
  }

  reset() {
    this.shot = emptyShot();
    this.hint.textContent = "";
    if (this.missConfirm) this.missConfirm.checked = false;
    this.refresh();
  }
}
