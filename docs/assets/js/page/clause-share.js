// @ts-check
// When a clause anchor is the page's target (after a tap on its «§»), show
// one small button next to it to share or copy the link to that clause.

import { shareCancelled } from "../lib/clipboard.js";

let wired = false;

/** @param {HTMLElement} anchor */
function shortLabel(anchor) {
  const title = anchor.dataset.clauseTitle || anchor.id;
  const short = title.split(":")[0].trim();
  return short.charAt(0).toLowerCase() + short.slice(1);
}

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
  button.textContent = `Поделиться: ${shortLabel(anchor)}`;
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
