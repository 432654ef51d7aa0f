// @ts-check
// The match scorekeeper. The engine's match state (a log of actions) is the
// only thing that matters: it is saved on this device after every action
// (saved-matches.js) and validated with match.view when opened again. Scores,
// turns, tables and history are always the engine's view of that log.
//
// mountScorekeeper(root) (tools.js) puts the parts together and returns the
// dispose function: match-session.js (the match, its requests and answers,
// no DOM), scorekeeper-ui.js (the elements), scorekeeper-screen.js (screens,
// wake lock), scorekeeper-setup.js (saved matches, new match, a damaged
// record), scorekeeper-match.js (the match screen); here: opening a saved
// match, a match from a link (match-import.js), a change in another tab.

import { call, subscribe } from "./engine-client.js";
import { bindEngineStatus } from "./engine-status.js";
import { setupForm } from "./form.js";
import { openSharedMatch } from "./match-import.js";
import { clearMatchFromUrl, hasMatch } from "./match-link.js";
import { createMatchSession } from "./match-session.js";
import { playerRows } from "./player-rows.js";
import * as saved from "./saved-matches.js";
import { bindMatch, revealOnOpen, revealReading } from "./scorekeeper-match.js";
import { scrollerOf } from "./scroll-room.js";
import { createScreens, isScreen } from "./scorekeeper-screen.js";
import { bindSetup } from "./scorekeeper-setup.js";
import { findUi } from "./scorekeeper-ui.js";
import { mountShotInput } from "./shot-input.js";
import { declarationOf, reveal, scoreOf, showError, tableOf } from "./widget.js";

/** @typedef {import("./match-session-saved.js").Validation} Validation */
/** @typedef {import("./types.js").MatchState} MatchState */
/** @typedef {import("./types.js").Response} Response */
/** @typedef {import("./types.js").View} View */

/** @param {HTMLElement} root the tool's panel (a details element) @returns {() => void} dispose */
export function mountScorekeeper(root) {
  const panel = /** @type {HTMLDetailsElement} */ (root);
  const game = declarationOf(root);
  const ui = findUi(root);
  const listening = new AbortController(); // every listener added here goes with it
  const signal = listening.signal;
  let disposed = false;
  const session = createMatchSession({ game, call, alive: () => !disposed && root.isConnected });

  setupForm(ui.setup);
  setupForm(ui.actionForm);
  const input = mountShotInput(ui.actionForm, tableOf(root));
  const screens = createScreens(panel, ui, { finished: () => Boolean(session.view && session.view.finished), signal });
  const players = playerRows(ui.players, { template: ui.playerTemplate, addButton: ui.addPlayer });
  const match = bindMatch({ root: panel, ui, game, session, screens, input, signal });
  revealOnOpen(panel, ui, signal);
  const setup = bindSetup({
    root: panel, ui, session, screens, players, signal,
    hooks: { openSaved: (id) => openSaved(id), openMatch: () => match.openMatchScreen() },
  });

  // ---- opening a saved match: its summary at once, the engine's view when validated ----
  /** @param {string} id */
  function openSaved(id) {
    const opening = session.open(id);
    if (opening.kind === "missing") {
      setup.refreshSaved();
      return;
    }
    if (opening.kind === "broken") {
      setup.restoreFailed(id, opening.problem);
      return;
    }
    screens.clearTransient();
    panel.open = true;
    screens.showProvisional(opening.summary, scoreOf(game), id, opening.options);
    opening.validated.then(showValidation);
  }

  let reopened = false; // the match on screen before a reload, opened with the page
  /** @param {Validation} validation */
  function showValidation(validation) {
    if (validation.kind === "ready") {
      match.render();
      // A desktop's tools column is not scrolled back by the browser: the match is brought into it.
      if (reopened && scrollerOf(ui.match)) revealReading(ui);
      reopened = false;
    }
    if (validation.kind === "broken") setup.restoreFailed(validation.id, validation.problem);
    else if (validation.kind === "failed" || validation.kind === "waiting") ui.statusLine.textContent = validation.message;
  }
  // The engine did not load when a saved match was opened: it opens once it has.
  const unsubscribe = subscribe((/** @type {{ state: string }} */ status) => {
    if (!root.isConnected) queueMicrotask(() => unsubscribe());
    else if (status.state === "ready") {
      const again = session.retryValidation();
      if (again) again.then(showValidation);
    }
  });

  // ---- a match from a link ---------------------------------------------------------
  function importFromLink() {
    openSharedMatch({
      root, game, ui, hash: window.location.hash,
      hooks: {
        show: (/** @type {string} */ screen) => {
          if (!isScreen(screen)) return;
          screens.show(screen);
          // A shared match is on the «Счёт» tab of a phone's tab bar (layout.js), not under «Правила».
          if (screen === "import") root.dispatchEvent(new CustomEvent("rb-tools-shown", { bubbles: true }));
        },
        openSaved: (/** @type {string} */ id) => {
          clearMatchFromUrl();
          openSaved(id);
          reveal(ui.match);
        },
        adopt: (/** @type {MatchState} */ sharedState, /** @type {View} */ sharedView,
          /** @type {string | null} */ replaceId, /** @type {Response | undefined} */ response) => {
          clearMatchFromUrl();
          const warning = session.adopt(sharedState, sharedView, replaceId, response);
          match.openMatchScreen();
          if (warning) showError(ui.matchError, warning);
        },
        leave: () => {
          clearMatchFromUrl();
          openInitial();
        },
      },
    });
  }
  window.addEventListener("hashchange", () => {
    if (root.isConnected && hasMatch(window.location.hash)) importFromLink();
  }, { signal });

  // Another tab changed the match on screen: show its version.
  window.addEventListener("storage", (event) => {
    if (!root.isConnected || screens.current() !== "match" || !session.matchId || !session.view || root.dataset.rbBusy) return;
    session.followOtherTab(event.key).then((changed) => {
      if (!changed) return;
      match.render();
      screens.notice("Партия изменена в другой вкладке: показан её новый вид.");
    });
  }, { signal });

  // ---- opening the tool: the match on screen before a reload, else the list ----------
  function openInitial() {
    const id = session.initial();
    reopened = Boolean(id);
    if (id) openSaved(id);
    else setup.showList();
  }

  saved.migrateV1(game.id);
  if (hasMatch(window.location.hash)) importFromLink();
  else openInitial();
  // Bound once the first screen is chosen: its first words (and whether «Удар
  // можно вводить уже сейчас» is said) are about that screen, not the setup
  // form a reload into a saved match shows for no frame.
  const stopEngineStatus = bindEngineStatus(root);

  return () => {
    disposed = true;
    listening.abort();
    if (input) input.dispose();
    unsubscribe();
    stopEngineStatus();
    screens.dispose();
  };
}
