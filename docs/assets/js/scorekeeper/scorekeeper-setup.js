// @ts-check
// The scorekeeper's setup screen and the ways to it: the saved matches of
// this device (match-list.js) above the new-match form, the match screen's
// «Все партии» / «Новая партия» / «Вернуться к партии», and the screen of a
// saved match that does not open (start anew, or delete it after a
// confirmation). What happens to the matches is the session's.

import { readScope } from "../form/form.js";
import { renderSavedList } from "./match-list.js";
import { matches as matchesWord } from "../lib/ru.js";
import { h } from "../lib/dom.js";
import { restoreAdvice, savedCountText } from "./scorekeeper-core.js";
import { clearErrors, showRefused } from "./scorekeeper-screen.js";
import { reveal, showError, whileBusy } from "../form/widget.js";

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
  const setup = new SetupScreen({ root, ui, session, screens, players, hooks });
  const on = { signal };
  ui.setup.addEventListener("submit", (event) => setup.start(event), on);
  setup.bindRestore(on);
  setup.bindLeaving(on);
  return {
    refreshSaved: () => setup.refreshSaved(),
    /** @param {string | null} id @param {string} detail why, in Russian */
    restoreFailed: (id, detail) => setup.restoreFailed(id, detail),
    showList: () => setup.showList(),
  };
}

/** @typedef {{ signal: AbortSignal }} Listening */

/** The setup screen of one scorekeeper, the screen of a damaged saved match, and the ways to them. */
class SetupScreen {
  /**
   * @param {{ root: HTMLDetailsElement, ui: ScorekeeperUi, session: MatchSession, screens: Screens,
   *   players: PlayerRows, hooks: { openSaved: (id: string) => void, openMatch: () => void } }} options
   */
  constructor({ root, ui, session, screens, players, hooks }) {
    this.root = root;
    this.ui = ui;
    this.session = session;
    this.screens = screens;
    this.players = players;
    this.hooks = hooks;
  }

  /** A new match from the form. @param {SubmitEvent} event */
  start(event) {
    const ui = this.ui;
    event.preventDefault();
    const names = this.players.names();
    const options = readScope(ui.setup, "options"); // its values by name
    const button = ui.setupSubmit;
    whileBusy(this.root, async () => {
      const label = button.textContent;
      button.textContent = "Начинаем…";
      try {
        clearErrors(ui.setupError, ui.setup);
        const outcome = await this.session.start(names, options);
        if (outcome && outcome.ok) {
          this.hooks.openMatch();
          if (outcome.warning) showError(ui.matchError, outcome.warning); // after the screen's own lines are cleared
        } else if (outcome) {
          showRefused(outcome, ui.setupError, ui.setup);
        }
      } finally {
        button.textContent = label;
      }
    });
  }

  /** @param {{ names?: string[] | null, focus?: HTMLElement | null }} [how] names: offered for the new match */
  showSetup({ names = null, focus = null } = {}) {
    const ui = this.ui;
    this.screens.clearTransient();
    this.session.leave();
    showError(ui.setupError, "");
    if (names) this.players.set(names);
    this.refreshSaved();
    ui.back.hidden = !this.session.canReturn();
    this.screens.show("setup");
    ui.saved.hidden = ui.savedList.children.length === 0;
    reveal(focus && !focus.hidden ? focus : ui.setup);
  }

  refreshSaved() {
    const ui = this.ui;
    const { entries, broken, currentId } = this.session.savedList();
    ui.savedCount.textContent = savedCountText(entries.length);
    ui.savedCount.setAttribute("aria-label", matchesWord(entries.length));
    ui.setupHeading.hidden = entries.length === 0;
    renderSavedList(ui.savedList, entries, {
      broken,
      currentId,
      on: {
        open: (/** @type {string} */ id) => this.hooks.openSaved(id),
        remove: (/** @type {string} */ id) => this.removeSaved(id),
      },
    });
  }

  /** A saved match deleted from the list. @param {string} id */
  removeSaved(id) {
    const ui = this.ui;
    if (this.session.remove(id)) ui.back.hidden = true;
    this.refreshSaved();
    ui.saved.hidden = ui.savedList.children.length === 0;
    (ui.saved.hidden ? ui.setup : ui.saved).focus({ preventScroll: true });
  }

  /** The tool opens on the list: no match in memory. */
  showList() {
    const ui = this.ui;
    this.refreshSaved();
    ui.back.hidden = true;
    this.screens.show("setup");
    ui.saved.hidden = ui.savedList.children.length === 0;
  }

  /** A saved match did not open. @param {string | null} id @param {string} detail why, in Russian */
  restoreFailed(id, detail) {
    const ui = this.ui;
    const others = this.session.markBroken(id, detail);
    ui.restoreMessage.replaceChildren(
      h("strong", { text: "Сохранённую партию не удалось открыть." }), " ", detail, " ", restoreAdvice(others));
    ui.restoreConfirm.hidden = true;
    ui.restoreDelete.hidden = !id;
    this.screens.show("restore");
    this.root.open = true;
  }

  /** The damaged match's buttons: start anew, or delete it after a confirmation. @param {Listening} on */
  bindRestore(on) {
    const { ui, session } = this;
    ui.restoreNew.addEventListener("click", () => {
      session.close();
      this.showSetup({ focus: ui.setup });
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
      this.showSetup({ focus: ui.setup });
    }, on);
  }

  /** Leaving the match: the list, a new match (the same players offered), and back. @param {Listening} on */
  bindLeaving(on) {
    const { ui, session } = this;
    ui.list.addEventListener("click", () => this.showSetup({ focus: ui.saved }), on);
    ui.newMatch.addEventListener("click", () => {
      const state = session.state;
      this.showSetup({ names: state && state.players, focus: ui.setup });
    }, on);
    ui.back.addEventListener("click", () => {
      if (session.state && session.view) this.hooks.openMatch();
    }, on);
  }
}
