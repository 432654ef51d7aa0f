// @ts-check
// A match opened from a shared link (#match=...): decoded, validated by the
// engine (match.view), previewed, and saved only when the user says so —
// as a new match, or as an update of the same match already saved here
// (never overwritten silently).

import { call, subscribe } from "./engine-client.js";
import { renderScores } from "./match-board.js";
import { decodeMatch, LinkError } from "./match-link.js";
import { matchTitle } from "./match-list.js";
import { RECENT } from "./match-log.js";
import { records } from "./ru.js";
import { h } from "./ruling.js";
import { listMatches, relation } from "./saved-matches.js";
import { inputMark, movedSince } from "./scroll-room.js";
import { messageOf, reveal } from "./widget.js";

/** @typedef {import("./types.js").MatchState} MatchState */
/** @typedef {import("./types.js").Response} Response */
/** @typedef {import("./types.js").View} View */
/** @typedef {[label: string, action: () => void, primary?: boolean]} Choice */

// hooks: {show(screen), openSaved(id), adopt(state, view, replaceId | null, response), leave()}
/**
 * @param {{ root: HTMLElement, game: import("./types.js").GameDecl,
 *   ui: { import: HTMLElement, importMessage: HTMLElement, importPreview: HTMLElement, importButtons: HTMLElement },
 *   hash: string, hooks: { show: (screen: string) => void, openSaved: (id: string) => void,
 *     adopt: (state: MatchState, view: View, replaceId: string | null, response: Response) => void,
 *     leave: () => void } }} args
 */
export async function openSharedMatch({ root, game, ui, hash, hooks }) {
  const say = (/** @type {string} */ text) => {
    ui.importMessage.textContent = text;
  };
  const buttons = (/** @type {Choice[]} */ ...list) => {
    ui.importButtons.replaceChildren(...list.map(([label, action, primary]) => {
      const b = h("button", { type: "button", class: `rb-button${primary ? " rb-button--primary" : ""}` }, label);
      b.addEventListener("click", action);
      return b;
    }));
  };
  /** @type {Choice} */
  const back = ["К партиям на этом устройстве", () => hooks.leave()];

  hooks.show("import");
  if (root instanceof HTMLDetailsElement) root.open = true;
  ui.importPreview.replaceChildren();
  ui.importButtons.replaceChildren();
  say("Открываем партию из ссылки…");
  reveal(ui.import);
  const mark = inputMark(); // the reader may scroll while the engine loads: the choice then stays where it is

  /** @type {MatchState} */
  let shared; // only JSON until the engine (match.view) accepts it
  try {
    shared = /** @type {MatchState} */ (await decodeMatch(hash));
  } catch (err) {
    say(`Партию из ссылки открыть не удалось: ${err instanceof LinkError ? err.message : "ссылка повреждена"}. `
      + "Попросите прислать ссылку ещё раз.");
    buttons(back);
    return;
  }
  if (shared.game !== game.id) {
    say(`Эта ссылка — на партию другой игры, а на этой странице — «${game.title}». `
      + "Откройте ссылку целиком, как её прислали.");
    buttons(back);
    return;
  }

  const validate = async () => {
    /** @type {Response} */
    let response;
    try {
      response = await call({ op: "match.view", state: shared, want: { history: { last: RECENT } } });
    } catch (err) {
      say(`${messageOf(err)} Партия из ссылки откроется, когда загрузятся правила.`);
      const unsubscribe = subscribe((status) => {
        if (!root.isConnected) queueMicrotask(() => unsubscribe());
        else if (status.state === "ready") {
          queueMicrotask(() => unsubscribe());
          validate();
        }
      });
      buttons(back);
      return;
    }
    if (!root.isConnected) return;
    if (!response || response.ok !== true || !response.view) {
      say(`Партия в ссылке не открывается. ${messageOf(response)} Попросите прислать ссылку ещё раз.`);
      buttons(back);
      return;
    }
    // The engine answers without the state it was sent.
    preview(response.state || shared, response.view, response);
  };

  /** @param {MatchState} state @param {View} view @param {Response} response */
  function preview(state, view, response) {
    ui.importPreview.replaceChildren(
      h("p", { class: "rb-saved-title", text: matchTitle(view.players.map((p) => p.name)) }),
      h("p", { class: "rb-sk-status", text: view.status || "" }),
      renderScores(view, game.score),
      h("p", { class: "rb-help", text: `В партии ${records(state.actions.length)}.` }));
    const known = listMatches(game.id).filter((e) => e.ok)
      .map((e) => ({ id: e.id, how: relation(e.record.state, state), summary: e.record.summary }))
      .filter((e) => e.how);
    const same = known.find((e) => e.how === "same");
    const behind = known.find((e) => e.how === "ahead");
    /** @type {Choice} */
    const saveNew = ["Сохранить как новую партию", () => hooks.adopt(state, view, null, response)];
    if (same) {
      say("Эта партия уже сохранена на этом устройстве, в ней те же записи.");
      buttons(["Открыть сохранённую партию", () => hooks.openSaved(same.id), true], back);
    } else if (behind) {
      say(`Эта партия уже есть на этом устройстве, но в ней меньше записей: ${behind.summary.records} `
        + `из ${state.actions.length}. Обновить её по ссылке?`);
      buttons(["Обновить сохранённую партию", () => hooks.adopt(state, view, behind.id, response), true], saveNew,
        ["Не сохранять", () => hooks.leave()]);
    } else {
      say("Сохранить эту партию на этом устройстве? Партии, которые уже здесь сохранены, не изменятся.");
      buttons([saveNew[0], saveNew[1], true], ["Не сохранять", () => hooks.leave()]);
    }
    if (!movedSince(mark)) reveal(ui.import);
  }

  await validate();
}
