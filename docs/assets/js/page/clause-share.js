// @ts-check
// When a clause anchor is the page's target (after a tap on its «§»), show
// one small button next to it to share or copy the link to that clause.

import { shareCancelled } from "../lib/clipboard.js";

let wired = false;

/** @param {HTMLElement} anchor @param {HTMLButtonElement} button */
async function shareOrCopy(anchor, button) {
  const url = new URL(`#${anchor.id}`, window.location.href).href;
  const title = anchor.dataset.clauseTitle || document.title;
  const touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  try {
    if (touch && typeof navigator.share === "function") {
      await navigator.share({ title, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    button.textContent = "Ссылка скопирована";
  } catch (err) {
    if (shareCancelled(err)) return;
    const field = document.createElement("input");
    field.className = "rb-share-url";
    field.readOnly = true;
    field.value = url;
    field.setAttribute("aria-label", "Ссылка на пункт");
    button.replaceWith(field);
    field.select();
  }
}

function update() {
  for (const old of document.querySelectorAll(".rb-share, .rb-share-url")) old.remove();
  let id = "";
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return;
  }
  if (!id) return;
  const anchor = document.getElementById(id);
  if (!anchor || !anchor.classList.contains("clause-ref")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rb-share";
  // It stands in the clause's own line: «Поделиться ссылкой» says enough there (a short name such as
  // «цель» read as a riddle, newcomer 2026-12-05-c); a screen reader hears which clause it shares.
  button.textContent = "Поделиться ссылкой";
  button.setAttribute("aria-label", `Поделиться ссылкой: ${anchor.dataset.clauseTitle || anchor.id}`);
  button.addEventListener("click", () => shareOrCopy(anchor, button));
  anchor.after(button);
}

export function mountClauseShare() {
  if (!wired) {
    wired = true;
    window.addEventListener("hashchange", update);
  }
  update();
}
