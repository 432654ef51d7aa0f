// Small helpers shared by the tools: the embedded declaration, the error
// line next to a form, and a busy state that blocks double taps.

export function declarationOf(root) {
  if (!root.dataset.rbDeclaration) throw new Error("в инструменте нет описания игры");
  return JSON.parse(root.dataset.rbDeclaration);
}

export function showError(box, message) {
  if (!box) return;
  box.textContent = message || "";
  box.hidden = !message;
}

// The message of an API error response, or of a thrown Error.
export function messageOf(errorOrResponse) {
  if (errorOrResponse && errorOrResponse.error && errorOrResponse.error.message) {
    return errorOrResponse.error.message;
  }
  if (errorOrResponse instanceof Error && errorOrResponse.message) return errorOrResponse.message;
  return "Что-то пошло не так. Попробуйте ещё раз.";
}

// Runs task() while the tool is marked busy: a second tap meanwhile is
// ignored (no shot recorded twice), and CSS dims the buttons. The buttons'
// own disabled state is left to the renderer.
export async function whileBusy(root, task) {
  if (root.dataset.rbBusy) return undefined;
  root.dataset.rbBusy = "1";
  root.setAttribute("aria-busy", "true");
  try {
    return await task();
  } finally {
    delete root.dataset.rbBusy;
    root.removeAttribute("aria-busy");
  }
}

export function reveal(el) {
  if (!el) return;
  const rect = el.getBoundingClientRect();
  if (rect.top < 0 || rect.top > window.innerHeight * 0.6) {
    el.scrollIntoView({ block: "start", behavior: "smooth" });
  }
  el.focus({ preventScroll: true });
}
