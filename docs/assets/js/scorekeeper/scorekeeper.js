// @ts-check
// The match scorekeeper. The engine's match state (a log of actions) is the
// only thing that matters: it is saved on this device after every action
// (saved-matches.js) and validated with match.view when opened again. Scores,
// turns, tables and history are always the engine's view of that log.
//
// mountScorekeeper(root) (index.js, for tools.js) puts the parts together and
// returns the dispose function: match-session.js (the match, its requests and answers,
// no DOM), scorekeeper-ui.js (the elements), scorekeeper-screen.js (screens,
// wake lock), scorekeeper-setup.js (saved matches, new match, a damaged
// record), scorekeeper-match.js (the match screen), scorekeeper-core.js (what
// those screens decide without the DOM); here: opening a saved match, a match
// from a link (match-import.js), a change in another tab.

import { call, subscribe } from "../engine-client/engine-client.js";
import { setupForm } from "../form/form.js";
import { openSharedMatch } from "./match-import.js";
import { clearMatchFromUrl, hasMatch } from "./match-link.js";
import { createMatchSession } from "./match-session.js";
import { playerRows } from "./player-rows.js";
import * as saved from "./saved-matches.js";
import { bindMatch, revealOnOpen, revealReading, revealStartOnAdd } from "./scorekeeper-match.js";
import { scrollerOf } from "../lib/scroll-room.js";
import { createScreens, isScreen } from "./scorekeeper-screen.js";
import { bindSetup } from "./scorekeeper-setup.js";
import { findUi } from "./scorekeeper-ui.js";
import { mountShotInput } from "../shot-input/index.js";
import { declarationOf, reveal, scoreOf, showError, tableOf } from "../form/widget.js";

/** @typedef {import("./match-session-saved.js").Validation} Validation */
/** @typedef {import("../lib/types.js").MatchState} MatchState */
/** @typedef {import("../lib/types.js").Response} Response */
/** @typedef {import("../lib/types.js").View} View */

/** One scorekeeper: its parts put together, the ways a match opens, what it lets go of. */
export class Scorekeeper {
  /** @param {HTMLElement} root */
  constructor(root) {
    const panel = /** @type {HTMLDetailsElement} */ (root);
    this.root = root;
    this.panel = panel;
    this.game = declarationOf(root);
    const ui = this.ui = findUi(root);
    this.listening = new AbortController(); // every listener added here goes with it
    const signal = this.listening.signal;
    this.disposed = false;
    const session = this.session = createMatchSession({ game: this.game, call, alive: () => !this.disposed && root.isConnected });
    setupForm(ui.setup);
    setupForm(ui.actionForm);
    this.input = mountShotInput(ui.actionForm, tableOf(root));
    const screens = this.screens = createScreens(panel, ui, { finished: () => Boolean(session.view && session.view.finished), signal });
    const players = playerRows(ui.players, { template: ui.playerTemplate, addButton: ui.addPlayer });
    const match = this.match = bindMatch({ root: panel, ui, game: this.game, session, screens, input: this.input, signal });
    revealOnOpen(panel, ui, signal);
    revealStartOnAdd(panel, ui, signal);
    this.setup = bindSetup({
      root: panel, ui, session, screens, players, signal,
      hooks: { openSaved: (id) => this.openSaved(id), openMatch: () => match.openMatchScreen() },
    });
    this.reopened = false; // the match on screen before a reload, opened with the page
    /** @type {() => void} */
    this.stopEngineStatus = () => {};
    this.unsubscribe = this.followEngine();
  }

  // ---- opening a saved match: its summary at once, the engine's view when validated ----
  /** @param {string} id */
  openSaved(id) {
    const opening = this.session.open(id);
    if (opening.kind === "missing") {
      this.setup.refreshSaved();
      return;
    }
    if (opening.kind === "broken") {
      this.setup.restoreFailed(id, opening.problem);
      return;
    }
    this.screens.clearTransient();
    this.panel.open = true;
    this.screens.showProvisional(opening.summary, { score: scoreOf(this.game), note: this.game.board_note }, id, opening.options);
    opening.validated.then((validation) => this.showValidation(validation));
  }

  /** @param {Validation} validation */
  showValidation(validation) {
    const ui = this.ui;
    if (validation.kind === "ready") {
      this.match.render();
      // A desktop's tools column is not scrolled back by the browser: the match is brought into it.
      if (this.reopened && scrollerOf(ui.match)) revealReading(ui);
      this.reopened = false;
    }
    if (validation.kind === "broken") this.setup.restoreFailed(validation.id, validation.problem);
    else if (validation.kind === "failed" || validation.kind === "waiting") ui.statusLine.textContent = validation.message;
  }

  /** The engine did not load when a saved match was opened: it opens once it has. */
  followEngine() {
    const unsubscribe = subscribe((/** @type {{ state: string }} */ status) => {
      if (!this.root.isConnected) queueMicrotask(() => unsubscribe());
      else if (status.state === "ready") {
        const again = this.session.retryValidation();
        if (again) again.then((validation) => this.showValidation(validation));
      }
    });
    return unsubscribe;
  }

  // ---- a match from a link ---------------------------------------------------------
  importFromLink() {
    const { root, game, ui } = this;
    openSharedMatch({ root, game, ui, hash: window.location.hash, hooks: this.importHooks() });
  }

  /** What a match from a link does here (match-import.js openSharedMatch's hooks). */
  importHooks() {
    const { root, ui, session } = this;
    return {
      show: (/** @type {string} */ screen) => {
        if (!isScreen(screen)) return;
        this.screens.show(screen);
        // A shared match is on the «Счёт» tab of a phone's tab bar (layout.js), not under «Правила».
        if (screen === "import") root.dispatchEvent(new CustomEvent("rb-tools-shown", { bubbles: true }));
      },
      openSaved: (/** @type {string} */ id) => {
        clearMatchFromUrl();
        this.openSaved(id);
        reveal(ui.match);
      },
      adopt: (/** @type {MatchState} */ sharedState, /** @type {View} */ sharedView,
        /** @type {string | null} */ replaceId, /** @type {Response | undefined} */ response) => {
        clearMatchFromUrl();
        const warning = session.adopt(sharedState, sharedView, replaceId, response);
        this.match.openMatchScreen();
        if (warning) showError(ui.matchError, warning);
      },
      leave: () => {
        clearMatchFromUrl();
        this.openInitial();
      },
    };
  }

  /** A match from a link opened later, and a change to the match on screen in another tab. */
  listen() {
    const { root } = this;
    const signal = this.listening.signal;
    window.addEventListener("hashchange", () => {
      if (root.isConnected && hasMatch(window.location.hash)) this.importFromLink();
    }, { signal });
    window.addEventListener("storage", (event) => this.followOtherTab(event), { signal });
  }

  /** Another tab changed the match on screen: show its version. @param {StorageEvent} event */
  followOtherTab(event) {
    const { root, session } = this;
    if (!root.isConnected || this.screens.current() !== "match" || !session.matchId || !session.view || root.dataset.rbBusy) return;
    session.followOtherTab(event.key).then((changed) => {
      if (!changed) return;
      this.match.render();
      this.screens.notice("Партия изменена в другой вкладке: показан её новый вид.");
    });
  }

  // ---- opening the tool: the match on screen before a reload, else the list ----------
  openInitial() {
    const id = this.session.initial();
    this.reopened = Boolean(id);
    if (id) this.openSaved(id);
    else this.setup.showList();
  }

  /** The first screen: a match from the page's link, else the one opened before a reload, else the list. */
  openFirst() {
    saved.migrateV1(this.game.id);
    if (hasMatch(window.location.hash)) this.importFromLink();
    else this.openInitial();
  }

  dispose() {
    this.disposed = true;
    this.listening.abort();
    if (this.input) this.input.dispose();
    this.unsubscribe();
    this.stopEngineStatus();
    this.screens.dispose();
  }
}
