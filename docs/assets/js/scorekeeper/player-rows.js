// @ts-check
// The players of a new match: one name field per player, added and removed
// within the game's limits (data-rb-min / data-rb-max on the list). An empty
// name becomes «Игрок N».

import { playerName } from "../ruling/ruling-parts.js";

/** The name of an empty row: «Игрок 1» first. @param {number} i */
const defaultName = (i) => playerName(null, i);

// Each row (the template's one element) has the name's <input>.
/** @param {Element} row */
const inputOf = (row) => /** @type {HTMLInputElement} */ (row.querySelector("input"));

/**
 * @param {HTMLElement} list
 * @param {{ template: HTMLTemplateElement, addButton: HTMLButtonElement | null }} parts
 * @returns {{ names: () => string[], set: (names: unknown) => void }}
 */
export function playerRows(list, { template, addButton }) {
  const min = Number(list.dataset.rbMin) || 1;
  const max = Number(list.dataset.rbMax) || 99;
  const rows = () => [...list.querySelectorAll(".rb-player-row")];

  function refresh() {
    const all = rows();
    all.forEach((row, i) => {
      const input = inputOf(row);
      input.setAttribute("aria-label", `Имя игрока ${i + 1}`);
      input.placeholder = defaultName(i);
      const remove = /** @type {HTMLButtonElement | null} */ (row.querySelector("[data-rb-remove-player]"));
      if (remove) {
        remove.disabled = all.length <= min;
        remove.setAttribute("aria-label", `Убрать игрока ${i + 1}`);
      }
    });
    if (addButton) addButton.disabled = all.length >= max;
  }

  function add(name = "") {
    const first = template.content.firstElementChild;
    if (!first) throw new Error("в шаблоне строки игрока нет элемента");
    const row = /** @type {Element} */ (first.cloneNode(true)); // a deep clone of an element is one
    inputOf(row).value = name;
    list.append(row);
    refresh();
    return row;
  }

  if (addButton) {
    addButton.addEventListener("click", () => {
      if (rows().length < max) inputOf(add()).focus();
    });
  }
  list.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-rb-remove-player]") : null;
    const row = button && button.closest(".rb-player-row");
    if (!row || rows().length <= min) return;
    row.remove();
    refresh();
  });
  refresh();

  return {
    names: () => rows().map((row, i) => inputOf(row).value.trim() || defaultName(i)),
    // Offer these names (a new match with the same players), when they fit the game.
    // A name that is its row's default («Игрок 2» second) is offered as the placeholder, not as
    // a value: a tap and a typed name replace it rather than being appended to it.
    set(names) {
      if (!Array.isArray(names) || names.length < min || names.length > max) return;
      list.replaceChildren();
      names.forEach((name, i) => add(name === defaultName(i) ? "" : name));
    },
  };
}
