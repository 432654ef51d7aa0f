// The players of a new match: one name field per player, added and removed
// within the game's limits (data-rb-min / data-rb-max on the list). An empty
// name becomes «Игрок N».

export function playerRows(list, { template, addButton }) {
  const min = Number(list.dataset.rbMin) || 1;
  const max = Number(list.dataset.rbMax) || 99;
  const rows = () => [...list.querySelectorAll(".rb-player-row")];

  function refresh() {
    const all = rows();
    all.forEach((row, i) => {
      const input = row.querySelector("input");
      input.setAttribute("aria-label", `Имя игрока ${i + 1}`);
      input.placeholder = `Игрок ${i + 1}`;
      const remove = row.querySelector("[data-rb-remove-player]");
      if (remove) {
        remove.disabled = all.length <= min;
        remove.setAttribute("aria-label", `Убрать игрока ${i + 1}`);
      }
    });
    if (addButton) addButton.disabled = all.length >= max;
  }

  function add(name = "") {
    const row = template.content.firstElementChild.cloneNode(true);
    row.querySelector("input").value = name;
    list.append(row);
    refresh();
    return row;
  }

  if (addButton) {
    addButton.addEventListener("click", () => {
      if (rows().length < max) add().querySelector("input").focus();
    });
  }
  list.addEventListener("click", (event) => {
    const button = event.target.closest("[data-rb-remove-player]");
    if (!button || rows().length <= min) return;
    button.closest(".rb-player-row").remove();
    refresh();
  });
  refresh();

  return {
    names: () => rows().map((row, i) => row.querySelector("input").value.trim() || `Игрок ${i + 1}`),
    // Offer these names (a new match with the same players), when they fit the game.
    set(names) {
      if (!Array.isArray(names) || names.length < min || names.length > max) return;
      list.replaceChildren();
      for (const name of names) add(name);
    },
  };
}
