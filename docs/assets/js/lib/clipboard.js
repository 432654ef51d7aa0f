// @ts-check
// Copy text or share a link, with a visible way out when the browser refuses:
// the text in a selected read-only field the user can copy by hand.

// The share sheet was closed (navigator.share rejects with an AbortError).
/** @param {unknown} err */
export function shareCancelled(err) {
  return typeof err === "object" && err !== null && "name" in err && err.name === "AbortError";
}

/** @param {string} text @returns {Promise<boolean>} */
export async function copyText(text) {
  try {
    if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// Web Share where the browser has it (the phone's share sheet), otherwise
// the clipboard. -> "shared" | "copied" | "cancelled" | "failed"
/**
 * @param {{ title: string, text: string, url: string }} link
 * @returns {Promise<"shared" | "copied" | "cancelled" | "failed">}
 */
export async function shareLink({ title, text, url }) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, text, url });
      return "shared";
    } catch (err) {
      if (shareCancelled(err)) return "cancelled";
      /* share refused (no user gesture, policy): try the clipboard */
    }
  }
  return (await copyText(url)) ? "copied" : "failed";
}

// «Скрыть»: empties and hides ``box``.
/** @param {HTMLElement} box */
export function hideButton(box) {
  const close = document.createElement("button");
  close.type = "button";
  close.className = "rb-button";
  close.textContent = "Скрыть";
  close.addEventListener("click", () => {
    box.replaceChildren();
    box.hidden = true;
  });
  return close;
}

// Shows `text` in `box` (a container) as a selected read-only field with a
// short instruction and a close button; returns the field.
/**
 * @param {HTMLElement} box @param {string} text @param {{ label: string, note: string }} words
 * @returns {HTMLInputElement | HTMLTextAreaElement}
 */
export function showManualCopy(box, text, { label, note }) {
  /** @type {HTMLInputElement | HTMLTextAreaElement} */
  let field;
  if (text.includes("\n")) {
    field = document.createElement("textarea");
    field.rows = Math.min(12, text.split("\n").length + 1);
  } else {
    field = document.createElement("input");
  }
  field.className = "rb-manual-copy-field";
  field.readOnly = true;
  field.value = text;
  field.setAttribute("aria-label", label);
  const message = document.createElement("p");
  message.className = "rb-help";
  message.textContent = note;
  box.replaceChildren(message, field, hideButton(box));
  box.hidden = false;
  field.focus({ preventScroll: true });
  field.select();
  return field;
}
