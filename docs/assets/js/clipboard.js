// Copy text or share a link, with a visible way out when the browser refuses:
// the text in a selected read-only field the user can copy by hand.

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
export async function shareLink({ title, text, url }) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, text, url });
      return "shared";
    } catch (err) {
      if (err && err.name === "AbortError") return "cancelled";
      /* share refused (no user gesture, policy): try the clipboard */
    }
  }
  return (await copyText(url)) ? "copied" : "failed";
}

// Shows `text` in `box` (a container) as a selected read-only field with a
// short instruction and a close button; returns the field.
export function showManualCopy(box, text, { label, note }) {
  const field = document.createElement(text.includes("\n") ? "textarea" : "input");
  field.className = "rb-manual-copy-field";
  field.readOnly = true;
  field.value = text;
  field.setAttribute("aria-label", label);
  if (field.tagName === "TEXTAREA") field.rows = Math.min(12, text.split("\n").length + 1);
  const message = document.createElement("p");
  message.className = "rb-help";
  message.textContent = note;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "rb-button";
  close.textContent = "Скрыть";
  close.addEventListener("click", () => {
    box.replaceChildren();
    box.hidden = true;
  });
  box.replaceChildren(message, field, close);
  box.hidden = false;
  field.focus({ preventScroll: true });
  field.select();
  return field;
}
