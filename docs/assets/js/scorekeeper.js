// The match scorekeeper. The engine's match state (a log of actions) is the
// only thing stored: localStorage after every action, validated with
// match.view when the page opens again. Scores, turns and history are always
// the engine's view of that log.

import { call, subscribe } from "./engine-client.js";
import { bindEngineStatus } from "./engine-status.js";
import { clearFieldErrors, markFieldError, readAction, readScope, resetForm, setupForm } from "./form.js";
import { fouls as foulsWord, points as pointsWord } from "./ru.js";
import { h, refLink, renderRuling } from "./ruling.js";
import { loadJSON, remove, saveJSON, saveRaw } from "./storage.js";
import { declarationOf, messageOf, reveal, showError, whileBusy } from "./widget.js";

export function mountScorekeeper(root) {
  const game = declarationOf(root);
  const key = `match:${game.id}`;
  const $ = (sel) => root.querySelector(sel);
  const ui = {
    restore: $("[data-rb-restore]"),
    restoreMessage: $("[data-rb-restore-message]"),
    setup: $("[data-rb-setup]"),
    players: $("[data-rb-players]"),
    playerTemplate: $("[data-rb-player-template]"),
    addPlayer: $("[data-rb-add-player]"),
    setupError: $("[data-rb-setup] [data-rb-error]"),
    match: $("[data-rb-match]"),
    statusLine: $("[data-rb-status-line]"),
    scores: $("[data-rb-scores]"),
    decision: $("[data-rb-decision]"),
    decisionQuestion: $("[data-rb-decision-question]"),
    decisionOptions: $("[data-rb-decision-options]"),
    actionForm: $("[data-rb-action-form]"),
    actionTitle: $("[data-rb-action-title]"),
    play: $("[data-rb-play]"),
    matchError: $("[data-rb-match] > [data-rb-error]"),
    last: $("[data-rb-last]"),
    lastTitle: $("[data-rb-last-title]"),
    lastBody: $("[data-rb-last-body]"),
    undo: $("[data-rb-undo]"),
    redo: $("[data-rb-redo]"),
    newMatch: $("[data-rb-new]"),
    confirm: $("[data-rb-confirm]"),
    historyList: $("[data-rb-history]"),
    historyCount: $("[data-rb-history-count]"),
    historyEmpty: $("[data-rb-history-empty]"),
  };
  const min = Number(ui.players.dataset.rbMin) || 1;
  const max = Number(ui.players.dataset.rbMax) || 99;
  let state = null;
  let view = null;
  let last = null; // {title, ruling}
  let storageWarned = false;

  bindEngineStatus(root);
  setupForm(ui.setup);
  setupForm(ui.actionForm);

  // ---- screens ---------------------------------------------------------
  function show(screen) {
    ui.restore.hidden = screen !== "restore";
    ui.setup.hidden = screen !== "setup";
    ui.match.hidden = screen !== "match";
  }

  function persist() {
    if (saveJSON(key, state)) return;
    if (!storageWarned) {
      storageWarned = true;
      showError(ui.matchError, "Не удалось сохранить партию на этом устройстве (память браузера недоступна): после перезагрузки страницы её не будет.");
    }
  }

  // ---- players -----------------------------------------------------------
  function playerRows() {
    return [...ui.players.querySelectorAll(".rb-player-row")];
  }

  function refreshPlayers() {
    const rows = playerRows();
    rows.forEach((row, i) => {
      row.querySelector("input").setAttribute("aria-label", `Имя игрока ${i + 1}`);
      row.querySelector("input").placeholder = `Игрок ${i + 1}`;
      row.querySelector("[data-rb-remove-player]").disabled = rows.length <= min;
    });
    ui.addPlayer.disabled = rows.length >= max;
  }

  function addPlayer(name = "") {
    const row = ui.playerTemplate.content.firstElementChild.cloneNode(true);
    row.querySelector("input").value = name;
    ui.players.append(row);
    refreshPlayers();
    return row;
  }

  function setPlayers(names) {
    ui.players.replaceChildren();
    for (const name of names) addPlayer(name);
  }

  ui.addPlayer.addEventListener("click", () => {
    if (playerRows().length >= max) return;
    addPlayer().querySelector("input").focus();
  });
  ui.players.addEventListener("click", (event) => {
    const button = event.target.closest("[data-rb-remove-player]");
    if (!button || playerRows().length <= min) return;
    button.closest(".rb-player-row").remove();
    refreshPlayers();
  });
  refreshPlayers();

  // ---- engine calls --------------------------------------------------------
  // Runs one API request; on success takes its state and view.
  async function apply(request, errorBox, form) {
    if (form) clearFieldErrors(form);
    showError(errorBox, "");
    let response;
    try {
      response = await call(request);
    } catch (err) {
      showError(errorBox, messageOf(err));
      return null;
    }
    if (!response || response.ok !== true) {
      showError(errorBox, messageOf(response));
      if (form) markFieldError(form, response && response.error && response.error.field);
      return null;
    }
    state = response.state;
    view = response.view;
    persist();
    return response;
  }

  ui.setup.addEventListener("submit", (event) => {
    event.preventDefault();
    const names = playerRows().map((row, i) => row.querySelector("input").value.trim() || `Игрок ${i + 1}`);
    const request = { op: "match.new", game: game.id, players: names };
    const options = readScope(ui.setup, "options");
    if (Object.keys(options).length) request.options = options;
    const button = ui.setup.querySelector('button[type="submit"]');
    whileBusy(root, async () => {
      const label = button.textContent;
      button.textContent = "Начинаем…";
      try {
        if (await apply(request, ui.setupError, ui.setup)) {
          last = null;
          render();
          show("match");
          reveal(ui.match);
        }
      } finally {
        button.textContent = label;
      }
    });
  });

  function act(request, title) {
    return whileBusy(root, async () => {
      const response = await apply(request, ui.matchError, request.op === "match.play" ? ui.actionForm : null);
      if (!response) return;
      last = response.ruling ? { title, ruling: response.ruling } : null;
      if (request.op === "match.play") resetForm(ui.actionForm);
      render();
      reveal(ui.match);
    });
  }

  ui.actionForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!state) return;
    act({ op: "match.play", state, action: readAction(ui.actionForm) }, "Последнее решение");
  });
  ui.actionForm.querySelector("[data-rb-reset]").addEventListener("click", () => {
    resetForm(ui.actionForm);
    clearFieldErrors(ui.actionForm);
  });
  ui.undo.addEventListener("click", () => {
    if (state) act({ op: "match.undo", state }, "Удар отменён");
  });
  ui.redo.addEventListener("click", () => {
    if (state) act({ op: "match.redo", state }, "Удар возвращён");
  });
  ui.decisionOptions.addEventListener("click", (event) => {
    const button = event.target.closest("[data-rb-choice]");
    if (!button || !state) return;
    act({ op: "match.play", state, action: { type: "decision", choice: JSON.parse(button.dataset.rbChoice) } },
      "Последнее решение");
  });

  // ---- new match (only after a confirmation) ---------------------------------
  ui.newMatch.addEventListener("click", () => {
    ui.confirm.hidden = false;
    ui.confirm.querySelector("[data-rb-confirm-no]").focus();
  });
  ui.confirm.querySelector("[data-rb-confirm-no]").addEventListener("click", () => {
    ui.confirm.hidden = true;
    ui.newMatch.focus();
  });
  ui.confirm.querySelector("[data-rb-confirm-yes]").addEventListener("click", () => {
    const names = state && Array.isArray(state.players) ? state.players : null;
    startOver(names);
  });
  ui.restore.querySelector("[data-rb-restore-new]").addEventListener("click", () => startOver(null));

  function startOver(names) {
    remove(key);
    state = null;
    view = null;
    last = null;
    ui.confirm.hidden = true;
    showError(ui.matchError, "");
    showError(ui.setupError, "");
    resetForm(ui.actionForm);
    if (names && names.length >= min && names.length <= max) setPlayers(names);
    show("setup");
    reveal(ui.setup);
  }

  // ---- rendering ---------------------------------------------------------------
  function render() {
    if (!view) return;
    const names = view.players.map((p) => p.name);
    ui.statusLine.textContent = view.status || "";
    root.classList.toggle("rb-finished", Boolean(view.finished));

    ui.scores.replaceChildren(
      ...view.players.map((p, i) => {
        const current = view.current === i && !view.finished;
        const winner = view.finished && view.winner === i;
        const notes = [];
        if (current) notes.push(h("span", { class: "rb-tag rb-tag--turn", text: "бьёт" }));
        if (winner) notes.push(h("span", { class: "rb-tag rb-tag--win", text: "победитель" }));
        if (p.out) notes.push(h("span", { class: "rb-tag rb-tag--out", text: "выбыл" }));
        if (p.fouls_in_row > 0) notes.push(h("span", { class: "rb-tag rb-tag--foul", text: `${foulsWord(p.fouls_in_row)} подряд` }));
        return h("li", {
          class: `rb-score${current ? " rb-score--current" : ""}${winner ? " rb-score--winner" : ""}${p.out ? " rb-score--out" : ""}`,
          "aria-current": current ? "true" : null,
        },
        h("span", { class: "rb-score-name", text: p.name }),
        h("span", { class: "rb-score-points", "aria-label": pointsWord(p.score), text: String(p.score) }),
        notes.length ? h("span", { class: "rb-score-notes" }, notes) : null);
      }),
    );

    const decision = view.decision;
    ui.decision.hidden = !decision || view.finished;
    ui.actionForm.hidden = Boolean(decision) || Boolean(view.finished);
    if (decision && !view.finished) {
      ui.decisionQuestion.replaceChildren(decision.question || "Нужно сделать выбор:",
        decision.clause ? h("span", {}, " ", refLink(game.refs, decision.clause)) : "");
      ui.decisionOptions.replaceChildren(
        ...(decision.options || []).map((o) =>
          h("button", { type: "button", class: "rb-button rb-button--primary", "data-rb-choice": JSON.stringify(o.id), text: o.label })),
      );
    }
    if (!view.finished && view.current !== null && view.current !== undefined && names[view.current]) {
      ui.actionTitle.textContent = `Удар: ${names[view.current]}`;
    }

    const lastShown = last || (view.history && view.history.length
      ? { title: "Последнее решение", ruling: view.history[view.history.length - 1] } : null);
    ui.last.hidden = !lastShown;
    if (lastShown) {
      ui.lastTitle.textContent = lastShown.title;
      ui.lastBody.replaceChildren(renderRuling({ ruling: lastShown.ruling, refs: game.refs, names, foldClauses: true }));
    }

    ui.undo.disabled = !view.can_undo;
    ui.redo.disabled = !view.can_redo;

    const history = view.history || [];
    ui.historyCount.textContent = history.length ? `(${history.length})` : "";
    ui.historyEmpty.hidden = history.length > 0;
    ui.historyList.replaceChildren(
      ...history.map((ruling, i) =>
        h("li", { class: "rb-history-item" },
          renderRuling({ ruling, refs: game.refs, names, compact: true, number: i + 1 }))).reverse(),
    );
  }

  // ---- opening: restore a saved match, or offer a new one ---------------------------
  function restoreFailed(detail, raw) {
    if (raw !== undefined) saveRaw(`${key}:corrupt`, raw);
    remove(key);
    ui.restoreMessage.replaceChildren(
      h("strong", { text: "Сохранённую партию не удалось открыть." }), " ",
      detail, " ",
      "Её нельзя продолжить; можно начать новую партию.");
    show("restore");
    root.open = true;
  }

  const saved = loadJSON(key);
  let retryRestore = false;

  function restoreSaved() {
    call({ op: "match.view", state: saved.value }).then(
      (response) => {
        if (!root.isConnected) return;
        if (response && response.ok === true) {
          state = response.state;
          view = response.view;
          render();
        } else if (response && response.error && ["saved_state", "input"].includes(response.error.code)) {
          restoreFailed(response.error.message, saved.raw);
        } else {
          ui.statusLine.textContent = `${messageOf(response)} Сохранённая партия не удалена: обновите страницу, чтобы попробовать ещё раз.`;
        }
      },
      (err) => {
        // The engine did not load: the saved match is fine, keep it for a retry.
        if (!root.isConnected) return;
        retryRestore = true;
        ui.statusLine.textContent = `${messageOf(err)} Сохранённая партия не удалена и откроется, когда движок загрузится.`;
      },
    );
  }

  if (saved.status === "corrupt") {
    restoreFailed("Запись партии в памяти браузера повреждена и не читается.", saved.raw);
  } else if (saved.status === "ok") {
    root.open = true;
    show("match");
    ui.actionForm.hidden = true;
    ui.undo.disabled = true;
    ui.redo.disabled = true;
    const names = Array.isArray(saved.value && saved.value.players) ? saved.value.players.filter((n) => typeof n === "string") : [];
    ui.statusLine.textContent = names.length
      ? `Сохранённая партия (${names.join(", ")}): счёт появится, когда загрузятся правила.`
      : "Сохранённая партия: счёт появится, когда загрузятся правила.";
    restoreSaved();
    const unsubscribe = subscribe((status) => {
      if (!root.isConnected || view) {
        queueMicrotask(() => unsubscribe());
      } else if (status.state === "ready" && retryRestore) {
        retryRestore = false;
        restoreSaved();
      }
    });
  } else {
    show("setup");
  }
}
