// @ts-check
// The scorekeeper's setup screen and the ways to it: the saved matches of
// this device (match-list.js) above the new-match form, the match screen's
// «Все партии» / «Новая партия» / «Вернуться к партии», and the screen of a
// saved match that does not open (start anew, or delete it after a
// confirmation). What happens to the matches is the session's.

import { readScope } from "./form.js";
import { renderSavedList } from "./match-list.js";
import { matches as matchesWord } from "./ru.js";
import { h } from "./ruling.js";
import { clearErrors, showRefused } from "./scorekeeper-screen.js";
import { reveal, showError, whileBusy } from "./widget.js";

/** @typedef {import("./match-session.js").MatchSession} MatchSession */
/** @typedef {import("./scorekeeper-screen.js").Screens} Screens */
/** @typedef {import("./scorekeeper-ui.js").ScorekeeperUi} ScorekeeperUi */
/** @typedef {{ names: () => string[], set: (names: unknown) => void }} PlayerRows player-rows.js */

/**
 * @param {{ root: HTMLDetailsElement, ui: ScorekeeperUi, session: MatchSession, screens: Screens,
 *   players: PlayerRows, signal: AbortSignal,
 *   hooks: { openSaved: (id: string) => void, openMatch: () => void } }} options
 *   hooks: open a saved match; show the match in memory
 */
export function bindSetup({ root, ui, session, screens, players, signal, hooks }) {
  const on = { signal };

  ui.setup.addEventListener("submit", (event) => {
    event.preventDefault();
    const names = players.names();
    const options = readScope(ui.setup, "options"); // its values by name
    const button = ui.setupSubmit;
    whileBusy(root, async () => {
      const label = button.textContent;
      button.textContent = "Начинаем…";
      try {
        clearErrors(ui.setupError, ui.setup);
        const outcome = await session.start(names, options);
        if (outcome && outcome.ok) {
          hooks.openMatch();
          if (outcome.warning) showError(ui.matchError, outcome.warning); // after the screen's own lines are cleared
        } else if (outcome) {
          showRefused(outcome, ui.setupError, ui.setup);
        }
      } finally {
        button.textContent = label;
      }
    });
  }, on);

  /** @param {{ names?: string[] | null, focus?: HTMLElement | null }} [how] names: offered for the new match */
  function showSetup({ names = null, focus = null } = {}) {
    screens.clearTransient();
    session.leave();
    showError(ui.setupError, "");
    if (names) players.set(names);
    refreshSaved();
    ui.back.hidden = !session.canReturn();
    screens.show("setup");
    ui.saved.hidden = ui.savedList.children.length === 0;
    reveal(focus && !focus.hidden ? focus : ui.setup);
  }

  function refreshSaved() {
    const { entries, broken, currentId } = session.savedList();
    ui.savedCount.textContent = entries.length ? `(${entries.length})` : "";
    ui.savedCount.setAttribute("aria-label", matchesWord(entries.length));
    ui.setupHeading.hidden = entries.length === 0;
    renderSavedList(ui.savedList, entries, {
      broken,
      currentId,
      on: {
        open: (/** @type {string} */ id) => hooks.openSaved(id),
        remove: (/** @type {string} */ id) => {
          if (session.remove(id)) ui.back.hidden = true;
          refreshSaved();
          ui.saved.hidden = ui.savedList.children.length === 0;
          (ui.saved.hidden ? ui.setup : ui.saved).focus({ preventScroll: true });
        },
      },
    });
  }

  /** The tool opens on the list: no match in memory. */
  function showList() {
    refreshSaved();
    ui.back.hidden = true;
    screens.show("setup");
    ui.saved.hidden = ui.savedList.children.length === 0;
  }

  /** A saved match did not open. @param {string | null} id @param {string} detail why, in Russian */
  function restoreFailed(id, detail) {
    const others = session.markBroken(id, detail);
    ui.restoreMessage.replaceChildren(
      h("strong", { text: "Сохранённую партию не удалось открыть." }), " ", detail, " ",
      others ? "Продолжить её нельзя; можно начать новую партию или открыть другую сохранённую."
        : "Продолжить её нельзя; можно начать новую партию.");
    ui.restoreConfirm.hidden = true;
    ui.restoreDelete.hidden = !id;
    screens.show("restore");
    root.open = true;
  }
  ui.restoreNew.addEventListener("click", () => {
    session.close();
    showSetup({ focus: ui.setup });
  }, on);
  ui.restoreDelete.addEventListener("click", () => {
    ui.restoreConfirm.hidden = false;
    ui.restoreDeleteNo.focus();
  }, on);
  ui.restoreDeleteNo.addEventListener("click", () => {
    ui.restoreConfirm.hidden = true;
    ui.restoreDelete.focus();
  }, on);
  ui.restoreDeleteYes.addEventListener("click", () => {
    session.deleteBroken();
    showSetup({ focus: ui.setup });
  }, on);

  // Leaving the match: the list, a new match (the same players offered), and back.
  ui.list.addEventListener("click", () => showSetup({ focus: ui.saved }), on);
  ui.newMatch.addEventListener("click", () => {
    const state = session.state;
    showSetup({ names: state && state.players, focus: ui.setup });
  }, on);
  ui.back.addEventListener("click", () => {
    if (session.state && session.view) hooks.openMatch();
  }, on);

  return { refreshSaved, restoreFailed, showList };
}
