// @ts-check
// A match opened from a shared link (#match=...): decoded, validated by the
// engine (match.view), previewed, and saved only when the user says so —
// as a new match, or as an update of the same match already saved here
// (never overwritten silently). What it decides without the DOM (the link,
// the words, what the preview offers) is match-import-choice.js.

import { call, subscribe } from "../engine-client/engine-client.js";
import { renderScores } from "../ruling/match-board.js";
import { matchTitle } from "./match-list.js";
import { RECENT } from "./match-log.js";
import { importOffer, readSharedLink, refusedMessage, showsMatch, waitingMessage } from "./match-import-choice.js";
import { records } from "../lib/ru.js";
import { h } from "../lib/dom.js";
import { listMatches } from "./saved-matches.js";
import { inputMark, movedSince } from "../lib/scroll-room.js";
import { reveal } from "../form/widget.js";

/** @typedef {import("../lib/types.js").MatchState} MatchState */
/** @typedef {import("../lib/types.js").Response} Response */
/** @typedef {import("../lib/types.js").View} View */
/** @typedef {[label: string, action: () => void, primary?: boolean]} Choice */
/**
 * @typedef {{ root: HTMLElement, game: import("../lib/types.js").GameDecl,
 *   ui: { import: HTMLElement, importMessage: HTMLElement, importPreview: HTMLElement, importButtons: HTMLElement },
 *   hash: string, hooks: { show: (screen: string) => void, openSaved: (id: string) => void,
 *     adopt: (state: MatchState, view: View, replaceId: string | null, response: Response) => void,
 *     leave: () => void } }} ImportArgs
 */

/** The import screen of one shared match: its message, its preview and its buttons. */
class SharedMatchScreen {
  /** @param {ImportArgs} args */
  constructor({ root, game, ui, hooks }) {
    this.root = root;
    this.game = game;
    this.ui = ui;
    this.hooks = hooks;
    /** @type {Choice} */
    this.back = ["К партиям на этом устройстве", () => hooks.leave()];
    /** @type {Choice} */
    this.dontSave = ["Не сохранять", () => hooks.leave()];
    this.mark = 0;
  }

  /** @param {string} text */
  say(text) {
    this.ui.importMessage.textContent = text;
  }

  /** @param {Choice[]} list */
  buttons(...list) {
    this.ui.importButtons.replaceChildren(...list.map(([label, action, primary]) => {
      const b = h("button", { type: "button", class: `rb-button${primary ? " rb-button--primary" : ""}` }, label);
      b.addEventListener("click", action);
      return b;
    }));
  }

  /** The screen is shown, empty but for the words that the link is being opened. */
  begin() {
    this.hooks.show("import");
    if (this.root instanceof HTMLDetailsElement) this.root.open = true;
    this.ui.importPreview.replaceChildren();
    this.ui.importButtons.replaceChildren();
    this.say("Открываем партию из ссылки…");
    reveal(this.ui.import);
    this.mark = inputMark(); // the reader may scroll while the engine loads: the choice then stays where it is
  }

  /** The match cannot be opened: why, and the way back. @param {string} message */
  refuse(message) {
    this.say(message);
    this.buttons(this.back);
  }

  /** The engine (match.view) checks the shared state; the preview then. @param {MatchState} shared */
  async validate(shared) {
    /** @type {Response} */
    let response;
    try {
      response = await call({ op: "match.view", state: shared, want: { history: { last: RECENT } } });
    } catch (err) {
      this.say(waitingMessage(err));
      this.validateWhenReady(shared);
      this.buttons(this.back);
      return;
    }
    if (!this.root.isConnected) return;
    if (!showsMatch(response)) {
      this.refuse(refusedMessage(response));
      return;
    }
    // The engine answers without the state it was sent.
    this.preview(response.state || shared, /** @type {View} */ (response.view), response);
  }

  /** The engine has not loaded: validate once it has (unless the tool left the page). @param {MatchState} shared */
  validateWhenReady(shared) {
    const unsubscribe = subscribe((status) => {
      if (!this.root.isConnected) queueMicrotask(() => unsubscribe());
      else if (status.state === "ready") {
        queueMicrotask(() => unsubscribe());
        this.validate(shared);
      }
    });
  }

  /** @param {MatchState} state @param {View} view @param {Response} response */
  preview(state, view, response) {
    this.ui.importPreview.replaceChildren(
      h("p", { class: "rb-saved-title", text: matchTitle(view.players.map((p) => p.name)) }),
      h("p", { class: "rb-sk-status", text: view.status || "" }),
      renderScores(view, this.game.score),
      h("p", { class: "rb-help", text: `В партии ${records(state.actions.length)}.` }));
    this.offer(state, view, response);
    if (!movedSince(this.mark)) reveal(this.ui.import);
  }

  /** What can be done with the shared match, given the matches saved here. @param {MatchState} state @param {View} view @param {Response} response */
  offer(state, view, response) {
    const { hooks } = this;
    const offer = importOffer(listMatches(this.game.id), state);
    /** @type {Choice} */
    const saveNew = ["Сохранить как новую партию", () => hooks.adopt(state, view, null, response)];
    this.say(offer.message);
    if (offer.kind === "same") {
      this.buttons(["Открыть сохранённую партию", () => hooks.openSaved(offer.id), true], this.back);
    } else if (offer.kind === "behind") {
      this.buttons(["Обновить сохранённую партию", () => hooks.adopt(state, view, offer.id, response), true], saveNew, this.dontSave);
    } else {
      this.buttons([saveNew[0], saveNew[1], true], this.dontSave);
    }
  }
}

// hooks: {show(screen), openSaved(id), adopt(state, view, replaceId | null, response), leave()}
/** @param {ImportArgs} args */
export async function openSharedMatch({ root, game, ui, hash, hooks }) {
  const screen = new SharedMatchScreen({ root, game, ui, hash, hooks });
  screen.begin();
  const link = await readSharedLink(hash, game);
  if (!link.ok) {
    screen.refuse(link.message);
    return;
  }
  await screen.validate(link.state);
}
