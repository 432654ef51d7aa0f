// Renders the engine's view of a match into the scorekeeper's match screen
// (sitebuild/templates/scorekeeper.html.j2): status, match options, score
// cards, the view's table, the decision a player must make, the last ruling,
// undo / redo and the history. Nothing here changes the match.

import { describeOptions, setPlayerChoices } from "./form.js";
import { renderScores, renderTable } from "./match-board.js";
import { rows as rowsWord } from "./ru.js";
import { h, refLink, renderRuling } from "./ruling.js";

const TABLE_OPEN_ROWS = 16; // a longer table starts folded (the history has it all too)

// shown: {tableTouched, playerNames} kept by the caller between renders (the
// user's own opening or closing of the table; the names the action form's
// player chips were made for).
export function renderMatch(ui, { game, score, state, view, last, shown }) {
  const names = view.players.map((p) => p.name);
  ui.statusLine.textContent = view.status || "";

  const options = describeOptions(ui.setup, state.options);
  ui.optionsLine.hidden = options.length === 0;
  ui.optionsLine.textContent = options.length
    ? `Условия партии: ${options.map((o) => `${o.label} — ${o.value}`).join("; ")}.` : "";

  ui.scores.replaceChildren(renderScores(view, score),
    score && score.lower_wins
      ? h("p", { class: "rb-help rb-sk-lower-wins", text: `Побеждает тот, у кого меньше ${score.forms[2]}.` }) : "");

  const table = view.table && view.table.rows && view.table.rows.length ? view.table : null;
  ui.table.hidden = !table;
  if (table) {
    ui.tableSummary.textContent = `Таблица партии (${rowsWord(table.rows.length)})`;
    ui.tableBody.replaceChildren(renderTable(table, "Таблица партии"));
    if (!shown.tableTouched) ui.table.open = table.rows.length <= TABLE_OPEN_ROWS;
  }

  if (JSON.stringify(names) !== JSON.stringify(shown.playerNames)) {
    shown.playerNames = names;
    setPlayerChoices(ui.actionForm, names);
  }

  const decision = view.finished ? null : view.decision;
  ui.decision.hidden = !decision;
  ui.actionForm.hidden = Boolean(view.decision) || Boolean(view.finished);
  if (decision) {
    ui.decisionQuestion.replaceChildren(decision.question || "Нужно сделать выбор:",
      decision.clause ? h("span", {}, " ", refLink(game.refs, decision.clause)) : "");
    ui.decisionOptions.replaceChildren(...(decision.options || []).map((o) => h("button", {
      type: "button", class: "rb-button rb-button--primary", "data-rb-choice": JSON.stringify(o.id), text: o.label,
    })));
  }
  const shooter = !view.finished && Number.isInteger(view.current) ? names[view.current] : null;
  ui.actionTitle.textContent = shooter ? `Удар: ${shooter}` : "Запись";

  const history = view.history || [];
  const lastShown = last
    || (history.length ? { title: "Последнее решение", ruling: history[history.length - 1] } : null);
  ui.last.hidden = !lastShown;
  if (lastShown) {
    ui.lastTitle.textContent = lastShown.title;
    ui.lastBody.replaceChildren(
      renderRuling({ ruling: lastShown.ruling, refs: game.refs, score, names, foldClauses: true }));
  }

  const undone = Array.isArray(state.undone) ? state.undone.length : 0;
  ui.undo.disabled = !view.can_undo;
  ui.redo.disabled = !view.can_redo;
  ui.redo.textContent = view.can_redo && undone ? `↷ Вернуть (${undone})` : "↷ Вернуть";
  ui.share.disabled = false;
  ui.protocol.disabled = false;

  ui.historyCount.textContent = history.length ? `(${history.length})` : "";
  ui.historyEmpty.hidden = history.length > 0;
  ui.historyList.replaceChildren(...history.map((ruling, i) => h("li", { class: "rb-history-item" },
    renderRuling({ ruling, refs: game.refs, score, names, compact: true, number: i + 1 }))).reverse());
}
