// @ts-check
// A tap on a check box or a radio button — or on its label: every chip — never
// scrolls the page. The browser focuses the control a label names when the
// label is clicked, and scrolls to it if it is not in the scroll port; a
// chip's control is a 1 px box at its middle (forms.css), so a chip whose
// middle stood in the scroll padding above the record bar (shown, tappable)
// took the desktop's tools column 327 px up at a tap (the walk: «Кайза» at
// 1280×800, the board's names cut at the column's top). The control is
// focused at the press without a scroll, and the press's own focus change
// (to nothing: a label is not focusable) is held back, so the click's focus is
// on the control already. Keys and screen readers are untouched.

/** The check box or radio button a press lands on or names, if any. @param {EventTarget | null} target */
export function pressedControl(target) {
  if (!(target instanceof Element)) return null;
  const own = target instanceof HTMLInputElement ? target : target.closest("label")?.control;
  return own instanceof HTMLInputElement && (own.type === "checkbox" || own.type === "radio") && !own.disabled ? own : null;
}

let kept = false;

/** Installs the listeners once per page (instant navigation keeps the document). */
export function keepTapsStill() {
  if (kept) return;
  kept = true;
  // Bubbling, not capturing: a form's own press listener (form.js keepFocusClear: a
  // control focused by a tap is not moved clear of the bars by a keyboard's margin) runs first.
  document.addEventListener("pointerdown", (event) => {
    const control = pressedControl(event.target);
    if (control && document.activeElement !== control) control.focus({ preventScroll: true });
  });
  document.addEventListener("mousedown", (event) => {
    if (pressedControl(event.target)) event.preventDefault();
  }, true);
}
