// @ts-check
// The list of a game's saved matches (saved-matches.js entries): players,
// score, how many records, when it last changed; open, or delete after a
// confirmation. A damaged record is listed with what is wrong with it and
// can be deleted on its own.

import { num, records, when } from "../lib/ru.js";
import { h } from "../lib/dom.js";

/** @typedef {import("./saved-matches.js").SavedEntry} SavedEntry */
/** @typedef {import("./saved-matches.js").Summary} Summary */

/** @param {string[]} players */
export function matchTitle(players) {
  if (!players.length) return "Партия без игроков";
  return players.length === 2 ? `${players[0]} — ${players[1]}` : players.join(", ");
}

/** @param {Summary} summary */
function scoreLine(summary) {
  const { players, scores } = summary;
  if (!Array.isArray(scores) || scores.length !== players.length) return "";
  if (scores.length === 2) return `счёт ${num(scores[0])} : ${num(scores[1])}`;
  return players.map((p, i) => `${p} ${num(scores[i])}`).join(" · ");
}

/** @param {Summary} summary */
function stateLine(summary) {
  if (!summary.finished) return "идёт";
  const winner = typeof summary.winner === "number" && Number.isInteger(summary.winner)
    ? summary.players[summary.winner] : null;
  return winner ? `окончена, победитель — ${winner}` : "окончена";
}

/**
 * @param {string} question @param {string} yes @param {() => void} onYes @param {() => void} onNo
 * @returns {{ box: HTMLElement, no: HTMLElement }}
 */
function confirmBox(question, yes, onYes, onNo) {
  const yesButton = h("button", { type: "button", class: "rb-button rb-button--danger", "data-rb-delete-yes": "" }, yes);
  const no = h("button", { type: "button", class: "rb-button", "data-rb-delete-no": "" }, "Нет, оставить");
  yesButton.addEventListener("click", onYes);
  no.addEventListener("click", onNo);
  const box = h("div", { class: "rb-confirm", role: "alertdialog" },
    h("p", { text: question }),
    h("div", { class: "rb-buttons" }, yesButton, no));
  return { box, no };
}

// entries: listMatches(); broken: Map id -> the engine's message for records
// that did not open; currentId: the match in memory (marked «открыта»).
// on: {open(id), remove(id)}
/**
 * @param {HTMLElement} list @param {SavedEntry[]} entries
 * @param {{ broken: Map<string, string>, currentId: string | null,
 *   on: { open: (id: string) => void, remove: (id: string) => void } }} how
 */
export function renderSavedList(list, entries, { broken, currentId, on }) {
  list.replaceChildren(...entries.map((e) => {
    const item = h("li", { class: `rb-saved-item${e.ok && !broken.has(e.id) ? "" : " rb-saved-item--damaged"}`, "data-rb-saved-id": e.id });
    const actions = h("div", { class: "rb-buttons" });
    /** @param {HTMLElement} opener @param {string} question @param {string} yes */
    const askDelete = (opener, question, yes) => {
      const { box, no } = confirmBox(question, yes, () => on.remove(e.id), () => {
        box.remove();
        actions.hidden = false;
        opener.focus();
      });
      actions.hidden = true;
      item.append(box);
      no.focus();
    };
    if (e.ok) {
      const s = e.record.summary;
      const title = matchTitle(s.players);
      const meta = [scoreLine(s), records(s.records || 0), stateLine(s)].filter(Boolean).join(" · ");
      item.append(
        h("p", { class: "rb-saved-title" }, title,
          e.id === currentId ? h("span", { class: "rb-tag rb-tag--turn", text: "текущая" }) : null),
        h("p", { class: "rb-saved-meta", text: meta }),
        h("p", { class: "rb-saved-time", text: `изменена ${when(new Date(e.record.updated))}` }));
      if (broken.has(e.id)) {
        item.append(h("p", { class: "rb-error", text: `Не открывается: ${broken.get(e.id)}` }));
      }
      const open = h("button", { type: "button", class: "rb-button rb-button--primary", "data-rb-open": e.id },
        s.finished ? "Открыть" : "Продолжить");
      const remove = h("button", { type: "button", class: "rb-button", "data-rb-delete": e.id }, "Удалить…");
      actions.append(open, remove);
      open.addEventListener("click", () => on.open(e.id));
      remove.addEventListener("click", () => askDelete(remove,
        `Удалить партию «${title}» с этого устройства? Её нельзя будет восстановить.`, "Да, удалить"));
    } else {
      item.append(
        h("p", { class: "rb-saved-title", text: "Повреждённая запись партии" }),
        h("p", { class: "rb-error", text: `${e.problem} Открыть её нельзя; другие партии не затронуты.` }));
      const remove = h("button", { type: "button", class: "rb-button rb-button--danger", "data-rb-delete": e.id },
        "Удалить запись…");
      actions.append(remove);
      remove.addEventListener("click", () => askDelete(remove,
        "Удалить повреждённую запись с этого устройства?", "Да, удалить"));
    }
    item.append(actions);
    return item;
  }));
}
