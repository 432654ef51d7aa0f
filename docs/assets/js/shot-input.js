// @ts-check
// The shot input shared by the calculator and the scorekeeper: the table
// drawing (table-svg.js + the DOM-free shot-model.js) on top of the form built
// from the same declaration. The drawing writes the fields it sets into the
// form, and every request is read from the form (form.js readAction), so a
// shot drawn and the same shot typed into the form are the same request. The
// form stays the accessible alternative («Формой»); chips beside the drawing
// are the form's own fields the declaration lists.
//
//   const input = mountShotInput(form, table);   // null: the game has no drawing
//   input.check()   -> Russian message why it cannot be recorded yet, or null
//   input.reset()   after a shot (the form is reset by the caller)
//   input.dispose() removes what it added and its listeners

import {
  actionField, actionType, fieldDefault, readAction, readField, readScope, refreshForm, writeField,
} from "./form.js";
import {
  applyTap, ballsTappable, callsPocket, carriedToPocket, countsOutside, cueTappable, describeDrawn, emptyShot, fieldValues, howTo,
  notReady, tableNow,
} from "./shot-model.js";
import { smoothScroll } from "./scroll-room.js";
import { renderTableSvg } from "./table-svg.js";

/** @typedef {import("./types.js").TableDecl} TableDecl */
/** @typedef {import("./shot-model.js").Shot} Shot */
/** @typedef {{ check: () => string | null, reset: () => void, dispose: () => void, mode: () => string,
 *   showRack: (n: number | null | undefined) => void,
 *   showTable: (view: { rack?: number | null, absent?: unknown[] } | null | undefined) => void }} ShotInput */

const MODE_KEY = "rules-site:shot-input";
const DRAG_PX = 10; // a press that moves farther is carrying the ball, not tapping it

function savedMode() {
  try {
    return window.localStorage.getItem(MODE_KEY) === "form" ? "form" : "drawing";
  } catch {
    return "drawing";
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

/**
 * @param {HTMLFormElement} form @param {TableDecl | null | undefined} declared
 * @returns {ShotInput | null}
 */
export function mountShotInput(form, declared) {
  if (!declared) return null;
  /** @type {TableDecl} */
  const table = declared;
  const found = /** @type {HTMLElement | null} */ (form.querySelector(`[data-rb-action="${table.action}"]`));
  if (!found) return null;
  const box = found; // narrowed once, for the functions below
  /** @type {Shot} */
  let shot = emptyShot();
  let mode = savedMode();
  const can = {
    ballsTappable: ballsTappable(table), ballCarried: carriedToPocket(table), cueTappable: cueTappable(table),
    pocketsTappable: true,
  };

  const root = el("div", { class: "rb-shot", "data-rb-shot": "" });
  const modes = el("div", { class: "rb-shot-modes", role: "group", "aria-label": "Как записать удар" });
  const toDrawing = el("button", { type: "button", class: "rb-shot-mode", "data-rb-shot-mode": "drawing" }, "На столе");
  const toForm = el("button", { type: "button", class: "rb-shot-mode", "data-rb-shot-mode": "form" }, "Формой");
  modes.append(toDrawing, toForm);
  // Said before the drawing: the form is a screen-reader user's way (issue 17).
  const modeHint = el("p", { class: "rb-visually-hidden", id: `rb-shot-hint-${++modeHints}` },
    "С программой чтения с экрана удар удобнее записать кнопкой «Формой»: те же поля, что на рисунке, списками.");
  for (const b of [toDrawing, toForm]) b.setAttribute("aria-describedby", modeHint.id);
  const drawing = el("div", { class: "rb-shot-drawing", "data-rb-shot-drawing": "" });
  const svgBox = el("div", { class: "rb-shot-svg" });
  const tools = el("div", { class: "rb-shot-tools" });
  /** @type {Record<string, HTMLButtonElement>} */
  const buttons = {};
  const tool = (/** @type {string} */ id, /** @type {string} */ label) => {
    const b = /** @type {HTMLButtonElement} */ (el("button", { type: "button", class: "rb-chip rb-shot-tool", "data-rb-shot-tool": id }, label));
    buttons[id] = b;
    tools.append(b);
  };
  if (table.miss) tool("miss", table.miss.label);
  if (callsPocket(table)) tool("call", "Заказ лузы");
  if (countsOutside(table)) tool("out", "За борт");
  tool("clear", "✕");
  buttons.clear.setAttribute("aria-label", "Очистить рисунок");
  buttons.clear.setAttribute("title", "Очистить рисунок");
  const words = el("p", { class: "rb-shot-words", "aria-live": "polite", "data-rb-shot-words": "" });
  const hint = el("p", { class: "rb-shot-hint", role: "status", "data-rb-shot-hint": "" });
  // One place for the shot's line and the last tap's hint (shot-input.css).
  // It scrolls when the line is longer than the place: then a Tab stop, to be read
  // by the arrows (2.1.1; showSaid), and no stop when there is nothing to scroll.
  const saidPlace = el("div", { class: "rb-shot-said", "data-rb-shot-said": "", role: "group",
    "aria-label": "Что записывается" });
  saidPlace.append(words, hint);
  drawing.append(svgBox, tools, saidPlace);
  // A line longer than its place says so at its bottom («▾ ещё», shot-input.css)
  // until it is scrolled to its end.
  const markMore = () => saidPlace.classList.toggle("rb-shot-said--more",
    saidPlace.scrollTop + saidPlace.clientHeight < saidPlace.scrollHeight - 1);
  saidPlace.addEventListener("scroll", markMore, { passive: true });
  // «▾ ещё» is read as a button (a newcomer tapped it): a tap on the place shows the
  // line's next rows, in the place (its height, and so the page, stays).
  saidPlace.addEventListener("click", () => {
    if (!saidPlace.classList.contains("rb-shot-said--more")) return;
    const row = parseFloat(getComputedStyle(words).lineHeight) || 16;
    saidPlace.scrollBy({ top: Math.max(row, saidPlace.clientHeight - row), behavior: smoothScroll() });
  });
  // The newest words in view inside the place: a hint below a long line.
  const showSaid = () => {
    saidPlace.scrollTop = hint.textContent ? saidPlace.scrollHeight : 0;
    markMore();
    const scrolls = saidPlace.scrollHeight > saidPlace.clientHeight;
    // The focus is never dropped on <body>: a focused place keeps its stop.
    if (scrolls || document.activeElement === saidPlace) saidPlace.setAttribute("tabindex", "0");
    else saidPlace.removeAttribute("tabindex");
  };
  root.append(modeHint, modes, drawing);
  box.prepend(root);

  // Fields the drawing sets are hidden beside it (shown in the form view).
  const drawn = Object.keys(table.fields).filter((name) => !table.chips.includes(name))
    .map((name) => actionField(box, name)).filter((f) => f !== null);
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
  for (const [name, spec] of Object.entries(table.fields)) {
    if (spec.from !== "events" || !table.chips.includes(name)) continue;
    const owned = new Set(Object.values(spec.map || {}).map((id) => JSON.stringify(id)));
    for (const input of actionField(box, name)?.querySelectorAll(".rb-chip > input") || []) {
      if (owned.has(/** @type {HTMLInputElement} */ (input).value)) input.closest(".rb-chip")?.setAttribute("data-rb-drawn", "");
    }
  }

  // The form's own explicit miss, where an empty list would mean one.
  let missConfirm = /** @type {HTMLInputElement | null} */ (null);
  const missField = table.miss && table.miss.field ? actionField(box, table.miss.field) : null;
  if (table.miss && missField && ["sequence", "set"].includes(missField.dataset.rbKind || "")) {
    const label = el("label", { class: "rb-check rb-miss-confirm" });
    missConfirm = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", "data-rb-miss-confirm": "" }));
    label.append(missConfirm, el("span", {}, `${table.miss.label}: биток не коснулся ни одного шара`));
    missField.after(label);
  }

  function chipsChanged() {
    return table.chips.some((name) => {
      const f = actionField(box, name);
      return f && !f.closest("[hidden]") && JSON.stringify(readField(f)) !== JSON.stringify(fieldDefault(f));
    });
  }

  // The calculator's situation («Это первый удар партии»): a field the drawing
  // knows in some situations only (shot-model.js droppedHas) follows it.
  const situationNow = () => {
    const fields = readScope(form, "situation");
    return Object.keys(fields).length ? JSON.stringify(fields) : "null"; // null: the scorekeeper's form has none
  };
  let situation = situationNow();

  function writeForm() {
    for (const [name, value] of Object.entries(fieldValues(table, shot, JSON.parse(situation)))) {
      const f = actionField(box, name);
      if (!f) continue;
      if (value && typeof value === "object" && "events" in value) {
        const { events, all } = /** @type {{ events: unknown[], all: unknown[] }} */ (value);
        const current = /** @type {unknown[]} */ (readField(f) || []);
        writeField(f, [...current.filter((id) => !all.includes(id)), ...events]);
      } else {
        writeField(f, value);
      }
    }
    refreshForm(form);
  }

  // What stands on the table before this shot (the engine's view: shot-model.js tableNow).
  /** @type {{ rack?: number | null, absent?: unknown[] } | null} */
  let now = null;
  const drawnTable = () => tableNow(table, now, JSON.parse(situation));
  // A ball no longer on the table cannot have been touched: the drawing starts again.
  const forgetGone = () => {
    const on = new Set(drawnTable().balls.map((b) => JSON.stringify(b.id)));
    if (shot.touched.some((id) => !on.has(JSON.stringify(id)))) shot = emptyShot();
  };

  function render() {
    // The view stays the drawing's while another action type is chosen («Туш вне
    // удара»): the form keeps its compact look, and the drawing its place in its
    // action, which is hidden as a whole (nothing moves).
    form.classList.toggle("rb-form--drawing", mode === "drawing");
    drawing.hidden = mode !== "drawing";
    toDrawing.setAttribute("aria-pressed", String(mode === "drawing"));
    toForm.setAttribute("aria-pressed", String(mode === "form"));
    // Redrawn on every tap: a keyboard user keeps the focus on the same part
    // (found again by its kind and id, which a tap never changes).
    const focused = document.activeElement && svgBox.contains(document.activeElement)
      ? document.activeElement.closest("[data-rb-tap]") : null;
    const key = focused ? tapKey(focused) : null;
    svgBox.replaceChildren(renderTableSvg(drawnTable(), shot, can));
    if (key !== null) {
      const again = [...svgBox.querySelectorAll("[data-rb-tap]")].find((n) => tapKey(n) === key);
      if (again instanceof SVGElement) again.focus({ preventScroll: true });
      else svgBox.querySelector("svg")?.focus({ preventScroll: true });
    }
    if (buttons.miss) buttons.miss.setAttribute("aria-pressed", String(shot.miss));
    if (buttons.call) buttons.call.setAttribute("aria-pressed", String(shot.calling));
    const action = readAction(form);
    const said = action && action.type === table.action ? describeDrawn(table, action, shot) : "";
    // Nothing drawn yet: the line says how to draw (it is not part of the request).
    words.textContent = said || howTo(table);
    words.classList.toggle("rb-shot-words--howto", !said);
    if (shot.calling) hint.textContent = "Нажмите заказанную лузу.";
    showSaid();
  }

  /** @param {{ shot: Shot, hint: string }} next */
  function step(next) {
    const tapped = document.activeElement && svgBox.contains(document.activeElement) ? null : lastTapKey;
    shot = next.shot;
    hint.textContent = next.hint;
    writeForm();
    render();
    form.dispatchEvent(new Event("change", { bubbles: true }));
    holdFocus(tapped);
    requestAnimationFrame(() => holdFocus(tapped)); // a field hidden by the change loses it at the next style update
  }

  /**
   * A tap does not take the focus (the page stays put), but the focus is never
   * left on <body> (WCAG 2.4.3): none yet (a reload) or on a control the tap
   * hid, it goes to the part tapped, else to the drawing, without scrolling.
   * @param {string | null} key the tapped part's tapKey
   */
  function holdFocus(key) {
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected && now.getClientRects().length) return;
    if (drawing.hidden) return;
    const part = key === null ? null : [...svgBox.querySelectorAll("[data-rb-tap]")].find((n) => tapKey(n) === key);
    const target = part instanceof SVGElement ? part : svgBox.querySelector("svg");
    target?.focus({ preventScroll: true });
  }

  // A ball (or the cue ball) carried into a pocket: one gesture for «this
  // ball fell there» (shot-model.js dragToPocket); a press that does not move
  // is a tap (the click below).
  /** @type {{ pointer: number, from: "ball" | "cue", id: import("./types.js").Id | undefined, x: number, y: number, moved: boolean } | null} */
  let carrying = null;
  let swallowClick = false; // the click a browser may send after a drag is not a tap
  /** @type {string | null} */
  let lastTapKey = null; // the part last tapped (tapKey), to take the focus if nothing holds it

  /** Where a carried ball is let go: a pocket, or another ball. @param {number} x @param {number} y */
  function targetAt(x, y) {
    const under = document.elementFromPoint(x, y);
    const part = under ? under.closest("[data-rb-tap=pocket], [data-rb-tap=ball]") : null;
    if (!part || !svgBox.contains(part)) return null;
    const source = carrying && carrying.from === "ball" ? JSON.stringify(carrying.id) : null;
    return part.getAttribute("data-rb-tap") === "ball" && part.getAttribute("data-rb-id") === source ? null : part;
  }

  function markTarget(/** @type {Element | null} */ part) {
    for (const p of svgBox.querySelectorAll(".rb-t-target")) if (p !== part) p.classList.remove("rb-t-target");
    part?.classList.add("rb-t-target");
  }

  const onPointerDown = (/** @type {PointerEvent} */ event) => {
    swallowClick = false;
    const part = event.target instanceof Element ? event.target.closest("[data-rb-tap=ball], [data-rb-tap=carry], [data-rb-tap=cue]") : null;
    if (!part || !svgBox.contains(part)) return;
    const from = part.getAttribute("data-rb-tap") === "cue" ? "cue" : "ball";
    const id = from === "ball" ? JSON.parse(part.getAttribute("data-rb-id") || "null") : undefined;
    carrying = { pointer: event.pointerId, from, id, x: event.clientX, y: event.clientY, moved: false };
  };
  const onPointerMove = (/** @type {PointerEvent} */ event) => {
    if (!carrying || event.pointerId !== carrying.pointer) return;
    if (!carrying.moved && Math.hypot(event.clientX - carrying.x, event.clientY - carrying.y) > DRAG_PX) carrying.moved = true;
    if (carrying.moved) markTarget(targetAt(event.clientX, event.clientY));
  };
  const onPointerUp = (/** @type {PointerEvent} */ event) => {
    if (!carrying || event.pointerId !== carrying.pointer) return;
    const target = carrying.moved ? targetAt(event.clientX, event.clientY) : null;
    const held = carrying;
    carrying = null;
    markTarget(null);
    if (!held.moved) return;
    swallowClick = true;
    if (!target) {
      hint.textContent = "Отпустите шар над лузой, в которую он упал.";
      showSaid();
      return;
    }
    const id = JSON.parse(target.getAttribute("data-rb-id") || "null");
    lastTapKey = tapKey(target);
    const tap = target.getAttribute("data-rb-tap") === "pocket" ? { to: id } : { onto: id };
    step(applyTap(table, shot, { kind: "drag", from: held.from, id: held.id, ...tap }));
  };
  // A finger carrying a ball does not scroll the page (nor lose the ball to a
  // pan: Chromium ignores touch-action on SVG parts); a tap still clicks.
  const onTouchMove = (/** @type {TouchEvent} */ event) => {
    if (carrying && event.cancelable) event.preventDefault();
  };
  const onPointerCancel = () => {
    carrying = null;
    markTarget(null);
  };

  /** @param {Element} target */
  function tap(target) {
    const part = target.closest("[data-rb-tap]");
    lastTapKey = part ? tapKey(part) : null;
    if (part) {
      const kind = part.getAttribute("data-rb-tap");
      const id = JSON.parse(part.getAttribute("data-rb-id") || "null");
      if (kind === "ball" || kind === "carry" || kind === "cue" || kind === "pocket") step(applyTap(table, shot, { kind, id }));
      return;
    }
    const button = target.closest("[data-rb-shot-tool]");
    if (button) {
      const id = button.getAttribute("data-rb-shot-tool");
      if (id === "miss" || id === "call" || id === "out" || id === "clear") step(applyTap(table, shot, { kind: id }));
      return;
    }
    const modeButton = target.closest("[data-rb-shot-mode]");
    if (modeButton) {
      mode = modeButton.getAttribute("data-rb-shot-mode") === "form" ? "form" : "drawing";
      try {
        window.localStorage.setItem(MODE_KEY, mode);
      } catch {
        /* the choice lasts for this page only */
      }
      if (mode === "drawing") writeForm(); // the drawing shows its own shot again
      hint.textContent = "";
      render();
    }
  }

  const onClick = (/** @type {Event} */ event) => {
    if (swallowClick) {
      swallowClick = false;
      return;
    }
    tap(/** @type {Element} */ (event.target));
  };
  const onKey = (/** @type {KeyboardEvent} */ event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target instanceof Element && event.target.closest("[data-rb-tap]")) {
      event.preventDefault();
      tap(event.target);
    }
  };
  let drawnAction = actionType(form) === table.action;
  const onChange = () => {
    const shown = actionType(form) === table.action;
    const current = situationNow();
    const moved = current !== situation;
    situation = current;
    if (moved) forgetGone();
    if (moved && mode === "drawing") writeForm();
    if (shown !== drawnAction || moved) render();
    drawnAction = shown;
  };
  // A tap does not move the focus (nor scroll to it): the page stays put.
  const onDown = (/** @type {Event} */ event) => {
    if (event.target instanceof Element && event.target.closest("[data-rb-tap]")) event.preventDefault();
  };
  root.addEventListener("mousedown", onDown);
  root.addEventListener("pointerdown", onPointerDown);
  root.addEventListener("pointermove", onPointerMove);
  root.addEventListener("pointerup", onPointerUp);
  root.addEventListener("pointercancel", onPointerCancel);
  root.addEventListener("touchmove", onTouchMove, { passive: false });
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  form.addEventListener("change", onChange);
  if (mode === "drawing") writeForm(); // the form view keeps the declaration's defaults
  render();

  return {
    mode: () => mode,
    check() {
      if (actionType(form) !== table.action) return null;
      if (mode === "drawing") {
        return notReady(table, shot, chipsChanged()); // the caller shows it next to the record button
      }
      if (missConfirm && missField) {
        const empty = /** @type {unknown[]} */ (readField(missField) || []).length === 0;
        if (empty && !missConfirm.checked) {
          return `Укажите шары, которых коснулся биток, или отметьте «${table.miss ? table.miss.label : "Промах"}».`;
        }
        if (!empty && missConfirm.checked) return "Отмечен промах, но указаны шары, которых коснулся биток: оставьте что-то одно.";
      }
      return null;
    },
    // The rack drawn: the balls the shooter has left (the view's rack), else the table's full one.
    showRack(n) {
      this.showTable({ ...(now || {}), rack: typeof n === "number" ? n : null });
    },
    // The balls on the table before the next shot (the engine's view: rack, absent).
    showTable(view) {
      const next = view ? { rack: typeof view.rack === "number" ? view.rack : null,
        absent: Array.isArray(view.absent) ? view.absent : [] } : null;
      if (JSON.stringify(next) === JSON.stringify(now)) return;
      now = next;
      forgetGone();
      if (mode === "drawing") writeForm();
      render();
    },
    reset() {
      shot = emptyShot();
      hint.textContent = "";
      if (missConfirm) missConfirm.checked = false;
      if (mode === "drawing") writeForm();
      render();
    },
    dispose() {
      root.removeEventListener("mousedown", onDown);
      root.removeEventListener("pointerdown", onPointerDown);
      root.removeEventListener("pointermove", onPointerMove);
      root.removeEventListener("pointerup", onPointerUp);
      root.removeEventListener("pointercancel", onPointerCancel);
      root.removeEventListener("touchmove", onTouchMove);
      root.removeEventListener("click", onClick);
      root.removeEventListener("keydown", onKey);
      form.removeEventListener("change", onChange);
      root.remove();
      missConfirm?.closest("label")?.remove();
      form.classList.remove("rb-form--drawing");
      box.removeAttribute("data-rb-chips-first");
      for (const f of box.querySelectorAll("[data-rb-drawn], [data-rb-chip-field]")) {
        f.removeAttribute("data-rb-drawn");
        f.removeAttribute("data-rb-chip-field");
        /** @type {HTMLElement} */ (f).style.removeProperty("--rb-chip-order");
      }
    },
  };
}
