// The match scorekeeper. The engine's match state (a log of actions) is the
// only thing that matters: it is saved on this device after every action
// (saved-matches.js) and validated with match.view when opened again. Scores,
// turns, tables and history are always the engine's view of that log.
//
// Screens: "setup" (saved matches + new match), "match", "restore" (a saved
// match that does not open), "import" (a match from a shared link).

import { call, subscribe } from "./engine-client.js";
import { bindEngineStatus } from "./engine-status.js";
import { actionType, clearFieldErrors, markFieldError, readAction, readScope, resetForm, setupForm } from "./form.js";
import { historyLength, nextState, RECENT, recentHistory, speaksLog, undoneAfter } from "./match-log.js";
import { renderScores } from "./match-board.js";
import { openSharedMatch } from "./match-import.js";
import { clearMatchFromUrl, hasMatch } from "./match-link.js";
import { renderSavedList } from "./match-list.js";
import { copyProtocol, shareMatch } from "./match-share.js";
import { renderMatch } from "./match-view.js";
import { playerRows } from "./player-rows.js";
import { matches as matchesWord } from "./ru.js";
import { h } from "./ruling.js";
import * as saved from "./saved-matches.js";
import { mountShotInput } from "./shot-input.js";
import { screenAwake } from "./wakelock.js";
import { declarationOf, messageOf, reveal, scoreOf, showError, smoothScroll, tableOf, whileBusy } from "./widget.js";

export function mountScorekeeper(root) {
  const game = declarationOf(root);
  const score = scoreOf(game);
  const $ = (sel) => root.querySelector(sel);
  const ui = {
    restore: $("[data-rb-restore]"),
    restoreMessage: $("[data-rb-restore-message]"),
    restoreConfirm: $("[data-rb-restore-confirm]"),
    import: $("[data-rb-import]"),
    importMessage: $("[data-rb-import-message]"),
    importPreview: $("[data-rb-import-preview]"),
    importButtons: $("[data-rb-import-buttons]"),
    saved: $("[data-rb-saved]"),
    savedList: $("[data-rb-saved-list]"),
    savedCount: $("[data-rb-saved-count]"),
    setup: $("[data-rb-setup]"),
    setupHeading: $("[data-rb-setup-heading]"),
    back: $("[data-rb-back]"),
    players: $("[data-rb-players]"),
    playerTemplate: $("[data-rb-player-template]"),
    addPlayer: $("[data-rb-add-player]"),
    setupError: $("[data-rb-setup] [data-rb-error]"),
    match: $("[data-rb-match]"),
    statusLine: $("[data-rb-status-line]"),
    optionsLine: $("[data-rb-options-line]"),
    scores: $("[data-rb-scores]"),
    table: $("[data-rb-table]"),
    tableSummary: $("[data-rb-table-summary]"),
    tableBody: $("[data-rb-table-body]"),
    decision: $("[data-rb-decision]"),
    decisionQuestion: $("[data-rb-decision-question]"),
    decisionOptions: $("[data-rb-decision-options]"),
    actionForm: $("[data-rb-action-form]"),
    actionTitle: $("[data-rb-action-title]"),
    actionGroup: $("[data-rb-action-group]"),
    historyMore: $("[data-rb-history-more]"),
    historyUndone: $("[data-rb-history-undone]"),
    play: $("[data-rb-play]"),
    matchError: $("[data-rb-match-error]"),
    last: $("[data-rb-last]"),
    lastTitle: $("[data-rb-last-title]"),
    lastBody: $("[data-rb-last-body]"),
    undo: $("[data-rb-undo]"),
    redo: $("[data-rb-redo]"),
    share: $("[data-rb-share]"),
    protocol: $("[data-rb-protocol]"),
    notice: $("[data-rb-notice]"),
    manualCopy: $("[data-rb-manual-copy]"),
    list: $("[data-rb-list]"),
    newMatch: $("[data-rb-new]"),
    awake: $("[data-rb-awake]"),
    historyList: $("[data-rb-history]"),
    historyCount: $("[data-rb-history-count]"),
    historyEmpty: $("[data-rb-history-empty]"),
  };

  let matchId = null; // the saved record of the match in memory
  let state = null;
  let view = null;
  let last = null; // {note, ruling, undone}: the ruling just made, undone or redone
  let recent = null; // {from, total, items}: the last entries of the history (match-log.js)
  let undoneRulings = []; // rulings undone in this session, last first (struck through)
  let speaks = true; // the engine answers with `log` and reads `want` (contract.md)
  let historyWanted = RECENT;
  let screen = null;
  let storageWarned = false;
  const broken = new Map(); // record id -> why the engine refused it

  bindEngineStatus(root);
  setupForm(ui.setup);
  setupForm(ui.actionForm);
  const input = mountShotInput(ui.actionForm, tableOf(root));
  const cleanups = [];
  const awake = screenAwake(root, (held) => {
    ui.awake.hidden = !held;
  });
  if (window.document$ && typeof window.document$.subscribe === "function") {
    const sub = window.document$.subscribe(() => {
      if (root.isConnected) return;
      awake.check();
      queueMicrotask(() => sub.unsubscribe());
    });
  }

  // ---- screens -----------------------------------------------------------
  function show(next) {
    screen = next;
    ui.restore.hidden = next !== "restore";
    ui.import.hidden = next !== "import";
    if (next !== "import") {
      ui.importPreview.replaceChildren();
      ui.importButtons.replaceChildren();
    }
    ui.setup.hidden = next !== "setup";
    ui.saved.hidden = next !== "setup" || ui.savedList.children.length === 0;
    ui.match.hidden = next !== "match";
    updateAwake();
  }
  // The screen stays on while a match that is still going is on screen.
  function updateAwake() {
    awake.want(screen === "match" && root.open && !(view && view.finished));
  }
  root.addEventListener("toggle", updateAwake);

  function notice(text, tone = "ok") {
    ui.notice.textContent = text;
    ui.notice.hidden = !text;
    ui.notice.classList.toggle("rb-sk-notice--error", tone === "error");
  }

  function clearTransient() {
    notice("");
    ui.manualCopy.hidden = true;
    ui.manualCopy.replaceChildren();
    showError(ui.matchError, "");
  }

  // ---- saving ------------------------------------------------------------
  function persist() {
    const result = saved.saveMatch(game.id, matchId, state, view);
    matchId = result.id;
    if (result.ok) {
      broken.delete(matchId);
      saved.setOpenMatch(game.id, matchId);
      return;
    }
    if (!storageWarned) {
      storageWarned = true;
      showError(ui.matchError, "Не удалось сохранить партию на этом устройстве (память браузера недоступна или заполнена): "
        + "после перезагрузки страницы её не будет. Чтобы не потерять партию, скопируйте протокол или ссылку.");
    }
  }

  // ---- players -----------------------------------------------------------
  const players = playerRows(ui.players, { template: ui.playerTemplate, addButton: ui.addPlayer });

  // ---- engine calls --------------------------------------------------------
  // Runs one API request; on success takes its state and view and saves them.
  async function apply(request, errorBox, form) {
    if (form) clearFieldErrors(form);
    showError(errorBox, "");
    if (speaks && request.op !== "match.new") request.want = { history: { last: historyWanted } };
    let response;
    try {
      response = await call(request);
      if (response && response.ok === true && !nextState(state, request, response)) {
        // The local copy disagrees with the engine's log: take its state.
        response = await call({ ...request, want: { ...(request.want || {}), state: true } });
      }
    } catch (err) {
      showError(errorBox, messageOf(err));
      return null;
    }
    if (!root.isConnected) return null;
    if (!response || response.ok !== true) {
      showError(errorBox, messageOf(response));
      if (form) {
        const field = markFieldError(form, response && response.error && response.error.field, messageOf(response));
        if (field && !field.closest("[data-rb-drawn]")) field.scrollIntoView({ block: "nearest", behavior: smoothScroll() });
      }
      return null;
    }
    speaks = speaks || speaksLog(response);
    state = nextState(state, request, response);
    view = response.view;
    recent = recentHistory(response, historyWanted);
    persist();
    return response;
  }

  ui.setup.addEventListener("submit", (event) => {
    event.preventDefault();
    const request = { op: "match.new", game: game.id, players: players.names() };
    const options = readScope(ui.setup, "options");
    if (Object.keys(options).length) request.options = options;
    const button = ui.setup.querySelector('button[type="submit"]');
    whileBusy(root, async () => {
      const label = button.textContent;
      button.textContent = "Начинаем…";
      const previous = { matchId, state, view };
      matchId = null; // a new record
      try {
        if (await apply(request, ui.setupError, ui.setup)) {
          last = null;
          undoneRulings = [];
          openMatchScreen();
        } else {
          ({ matchId, state, view } = previous);
        }
      } finally {
        button.textContent = label;
      }
    });
  });

  function act(request, title) {
    return whileBusy(root, async () => {
      clearTransient();
      const isPlay = request.op === "match.play";
      const response = await apply(request, ui.matchError, isPlay ? ui.actionForm : null);
      if (!response) return;
      const note = typeof title === "function" ? title(response.view) : title;
      const isUndo = request.op === "match.undo";
      last = response.ruling ? { note, ruling: response.ruling, undone: isUndo } : null;
      undoneRulings = undoneAfter(undoneRulings, request.op, response.ruling);
      if (isPlay) {
        // State-dependent inputs start afresh for the next shot (the action type too).
        resetForm(ui.actionForm);
        if (input) input.reset();
      }
      render();
      // Nothing scrolls: the next input stays where the thumb is. A decision
      // the rules ask for replaces the input in place; make sure it is seen.
      if (!ui.decision.hidden) ui.decision.scrollIntoView({ block: "nearest", behavior: smoothScroll() });
    });
  }

  ui.actionForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!state) return;
    clearFieldErrors(ui.actionForm);
    const problem = input ? input.check() : null;
    if (problem) {
      showError(ui.matchError, problem); // an empty input is never recorded (a miss is chosen explicitly)
      return;
    }
    act({ op: "match.play", state, action: readAction(ui.actionForm) }, "");
  });
  ui.actionForm.addEventListener("change", () => updatePlayLabel());
  ui.actionForm.querySelector("[data-rb-reset]").addEventListener("click", () => {
    resetForm(ui.actionForm);
    if (input) input.reset();
    clearFieldErrors(ui.actionForm);
    updatePlayLabel();
  });
  ui.undo.addEventListener("click", () => {
    if (state) act({ op: "match.undo", state }, (v) => `Отменена запись № ${historyLength(v) + 1}:`);
  });
  ui.redo.addEventListener("click", () => {
    if (state) act({ op: "match.redo", state }, (v) => `Возвращена запись № ${historyLength(v)}:`);
  });
  ui.decisionOptions.addEventListener("click", (event) => {
    const button = event.target.closest("[data-rb-choice]");
    if (!button || !state) return;
    act({ op: "match.play", state, action: { type: "decision", choice: JSON.parse(button.dataset.rbChoice) } }, "");
  });

  function updatePlayLabel() {
    ui.play.textContent = actionType(ui.actionForm) === "shot" ? "Записать удар" : "Записать";
  }

  // ---- share, protocol ------------------------------------------------------
  ui.share.addEventListener("click", () => {
    if (!state) return;
    clearTransient();
    shareMatch({ state, game, view, notice, manualBox: ui.manualCopy }).catch((err) => notice(messageOf(err), "error"));
  });
  ui.protocol.addEventListener("click", () => {
    if (!state) return;
    clearTransient();
    whileBusy(root, () => copyProtocol({ state, notice, manualBox: ui.manualCopy }));
  });

  // ---- leaving the match: the list, a new match ------------------------------
  ui.list.addEventListener("click", () => showSetup({ focus: ui.saved }));
  ui.newMatch.addEventListener("click", () => showSetup({ names: state && state.players, focus: ui.setup }));
  ui.back.addEventListener("click", () => {
    if (state && view) openMatchScreen();
  });

  function showSetup({ names = null, focus = null } = {}) {
    clearTransient();
    saved.setOpenMatch(game.id, null);
    showError(ui.setupError, "");
    if (names) players.set(names);
    refreshSaved();
    ui.back.hidden = !(state && view && matchId && saved.readMatch(game.id, matchId));
    show("setup");
    ui.saved.hidden = ui.savedList.children.length === 0;
    reveal(focus && !focus.hidden ? focus : ui.setup);
  }

  function refreshSaved() {
    const entries = saved.listMatches(game.id);
    ui.savedCount.textContent = entries.length ? `(${entries.length})` : "";
    ui.savedCount.setAttribute("aria-label", matchesWord(entries.length));
    ui.setupHeading.hidden = entries.length === 0;
    renderSavedList(ui.savedList, entries, {
      broken,
      currentId: state ? matchId : null,
      on: {
        open: (id) => openSaved(id),
        remove: (id) => {
          saved.deleteMatch(game.id, id);
          broken.delete(id);
          if (id === matchId) {
            matchId = null;
            state = null;
            view = null;
            ui.back.hidden = true;
          }
          refreshSaved();
          ui.saved.hidden = ui.savedList.children.length === 0;
          (ui.saved.hidden ? ui.setup : ui.saved).focus({ preventScroll: true });
        },
      },
    });
  }

  // ---- a damaged saved match -------------------------------------------------
  let restoreId = null;
  function restoreFailed(id, detail) {
    restoreId = id;
    if (id) broken.set(id, detail);
    saved.setOpenMatch(game.id, null);
    const others = saved.listMatches(game.id).some((e) => e.ok && e.id !== id && !broken.has(e.id));
    ui.restoreMessage.replaceChildren(
      h("strong", { text: "Сохранённую партию не удалось открыть." }), " ", detail, " ",
      others ? "Продолжить её нельзя; можно начать новую партию или открыть другую сохранённую."
        : "Продолжить её нельзя; можно начать новую партию.");
    ui.restoreConfirm.hidden = true;
    $("[data-rb-restore-delete]").hidden = !id;
    show("restore");
    root.open = true;
  }
  $("[data-rb-restore-new]").addEventListener("click", () => {
    state = null;
    view = null;
    matchId = null;
    showSetup({ focus: ui.setup });
  });
  $("[data-rb-restore-delete]").addEventListener("click", () => {
    ui.restoreConfirm.hidden = false;
    $("[data-rb-restore-delete-no]").focus();
  });
  $("[data-rb-restore-delete-no]").addEventListener("click", () => {
    ui.restoreConfirm.hidden = true;
    $("[data-rb-restore-delete]").focus();
  });
  $("[data-rb-restore-delete-yes]").addEventListener("click", () => {
    if (restoreId) saved.deleteMatch(game.id, restoreId);
    broken.delete(restoreId);
    restoreId = null;
    state = null;
    view = null;
    matchId = null;
    showSetup({ focus: ui.setup });
  });

  // ---- opening a saved match ---------------------------------------------------
  function openSaved(id) {
    const entry = saved.readMatch(game.id, id);
    if (!entry) {
      refreshSaved();
      return;
    }
    if (!entry.ok) {
      restoreFailed(id, entry.problem);
      return;
    }
    clearTransient();
    matchId = id;
    state = entry.record.state;
    view = null;
    last = null;
    saved.setOpenMatch(game.id, id);
    root.open = true;
    showProvisional(entry.record.summary);
    validateSaved(id, entry.record.state);
  }

  // The saved summary while the engine loads: the score is there at once.
  function showProvisional(summary) {
    show("match");
    const names = summary.players || [];
    ui.statusLine.textContent = names.length
      ? `Сохранённая партия (${names.join(", ")}): всё остальное появится, когда загрузятся правила.`
      : "Сохранённая партия: всё остальное появится, когда загрузятся правила.";
    ui.optionsLine.hidden = true;
    ui.scores.replaceChildren(renderScores({
      players: names.map((name, i) => ({ name, score: Array.isArray(summary.scores) ? summary.scores[i] : null })),
      current: null,
      finished: false,
    }, score));
    for (const el of [ui.table, ui.last, ui.decision, ui.actionForm]) el.hidden = true;
    for (const b of [ui.undo, ui.redo, ui.share, ui.protocol]) b.disabled = true;
    ui.historyList.replaceChildren();
    ui.historyCount.textContent = "";
    ui.historyEmpty.hidden = true;
  }

  let retryValidate = null;
  function validateSaved(id, savedState) {
    call({ op: "match.view", state: savedState, ...(speaks ? { want: { history: { last: historyWanted } } } : {}) }).then(
      (response) => {
        if (!root.isConnected || matchId !== id || view) return;
        if (response && response.ok === true) {
          speaks = speaks || speaksLog(response);
          state = response.state || savedState;
          view = response.view;
          recent = recentHistory(response, historyWanted);
          undoneRulings = [];
          render();
        } else if (response && response.error && ["saved_state", "input"].includes(response.error.code)) {
          restoreFailed(id, response.error.message);
        } else {
          ui.statusLine.textContent = `${messageOf(response)} Сохранённая партия не удалена: обновите страницу, чтобы попробовать ещё раз.`;
        }
      },
      (err) => {
        // The engine did not load: the saved match is fine, keep it for a retry.
        if (!root.isConnected || matchId !== id) return;
        retryValidate = () => validateSaved(id, savedState);
        ui.statusLine.textContent = `${messageOf(err)} Сохранённая партия не удалена и откроется, когда загрузятся правила.`;
      },
    );
  }
  const unsubscribe = subscribe((status) => {
    if (!root.isConnected) queueMicrotask(() => unsubscribe());
    else if (status.state === "ready" && retryValidate) {
      const again = retryValidate;
      retryValidate = null;
      again();
    }
  });

  function openMatchScreen() {
    saved.setOpenMatch(game.id, matchId);
    clearTransient();
    render();
    show("match");
    // The match at the top of the screen (under the header and the tab bar):
    // the board, the input and the record button then fit together.
    ui.match.scrollIntoView({ block: "start" });
    ui.match.focus({ preventScroll: true });
  }

  // ---- a match from a link -------------------------------------------------------
  function importFromLink() {
    openSharedMatch({
      root, game, ui, hash: window.location.hash,
      hooks: {
        show,
        openSaved: (id) => {
          clearMatchFromUrl();
          openSaved(id);
          reveal(ui.match);
        },
        adopt: (sharedState, sharedView, replaceId, response) => {
          clearMatchFromUrl();
          matchId = replaceId;
          state = sharedState;
          view = sharedView;
          last = null;
          undoneRulings = [];
          recent = recentHistory(response || { ok: true, view: sharedView }, historyWanted);
          persist();
          openMatchScreen();
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
  });

  // Another tab changed the match on screen: show its version.
  window.addEventListener("storage", (event) => {
    if (!root.isConnected || screen !== "match" || !matchId || !view || root.dataset.rbBusy) return;
    if (!event.key || !event.key.endsWith(`:${game.id}:${matchId}`)) return;
    const entry = saved.readMatch(game.id, matchId);
    if (!entry || !entry.ok || JSON.stringify(entry.record.state) === JSON.stringify(state)) return;
    const other = entry.record.state;
    call({ op: "match.view", state: other, ...(speaks ? { want: { history: { last: historyWanted } } } : {}) }).then((response) => {
      if (!response || response.ok !== true || !root.isConnected) return;
      state = response.state || other;
      view = response.view;
      recent = recentHistory(response, historyWanted);
      undoneRulings = [];
      last = null;
      render();
      notice("Партия изменена в другой вкладке: показан её новый вид.");
    }, () => {});
  });

  // ---- rendering ---------------------------------------------------------------
  const shown = { tableTouched: false, playerNames: null }; // what the view renderer keeps between renders
  ui.tableSummary.addEventListener("click", () => {
    shown.tableTouched = true;
  });

  function render() {
    if (!view) return;
    root.classList.toggle("rb-finished", Boolean(view.finished));
    updateAwake();
    if (!recent || recent.total !== historyLength(view)) recent = recentHistory({ ok: true, view }, historyWanted);
    renderMatch(ui, { game, score, state, view, last, shown, recent, undone: undoneRulings, historyTotal: historyLength(view) });
    updatePlayLabel();
  }

  // ---- opening the tool ------------------------------------------------------------
  function openInitial() {
    state = null;
    view = null;
    matchId = null;
    const id = saved.openMatchId(game.id);
    const entry = id ? saved.readMatch(game.id, id) : null;
    if (entry) {
      openSaved(id);
      return;
    }
    if (id) saved.setOpenMatch(game.id, null);
    refreshSaved();
    ui.back.hidden = true;
    show("setup");
    ui.saved.hidden = ui.savedList.children.length === 0;
  }

  // The whole history, on request (collapsed to the last few otherwise).
  ui.historyMore.addEventListener("click", () => {
    if (!state || !view) return;
    historyWanted = 200;
    whileBusy(root, async () => {
      const total = historyLength(view);
      if (speaks) {
        const response = await call({ op: "match.view", state, want: { history: { from: Math.max(0, total - 200), to: total } } });
        if (response && response.ok && response.history) recent = response.history;
      } else {
        recent = recentHistory({ ok: true, view }, 200);
      }
      render();
    });
  });

  saved.migrateV1(game.id);
  if (hasMatch(window.location.hash)) importFromLink();
  else openInitial();

  return () => {
    for (const undo of cleanups) undo();
    if (input) input.dispose();
    unsubscribe();
  };
}

