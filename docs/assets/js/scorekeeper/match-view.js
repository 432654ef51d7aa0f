// @ts-check
// Renders the engine's view of a match into the scorekeeper's match screen
// (sitebuild/templates/scorekeeper.html.j2): status, match options, the score
// board, the last ruling in one line, the decision a player must make, the
// input (hidden while a decision is pending), undo / redo and the history —
// the last few entries, the rulings undone struck through on top. Nothing
// here changes the match.

import { fitFieldsToView, optionsSentence, setPlayerChoices } from "../form/form.js";
import { renderBoard, renderTable } from "../ruling/match-board.js";
import { chooserNotAsked, lastShownOf, redoLabel, shooterName, shownTable } from "./match-view-parts.js";
import { rows as rowsWord, unbroken } from "../lib/ru.js";
import { pocketsAsDrawn, shortPocketName } from "../shot-input/table-svg-model.js";
import { renderRulingLine } from "../ruling/ruling-line.js";
import { h, keepTogether } from "../lib/dom.js";
import { refLink } from "../ruling/ruling.js";

const TABLE_OPEN_ROWS = 16; // a longer table starts folded (the history has it all too)

/** @typedef {import("../lib/types.js").GameDecl} GameDecl */
/** @typedef {import("../lib/types.js").HistoryPage} HistoryPage */
/** @typedef {import("../lib/types.js").MatchState} MatchState */
/** @typedef {import("../lib/types.js").Ruling} Ruling */
/** @typedef {import("../lib/types.js").Score} Score */
/** @typedef {import("../lib/types.js").View} View */
/**
 * The match screen's elements this module writes (sitebuild/templates/scorekeeper.html.j2).
 * @typedef {{ statusLine: HTMLElement, optionsLine: HTMLElement, setup: HTMLElement, scores: HTMLElement,
 *   table: HTMLDetailsElement, tableSummary: HTMLElement, tableBody: HTMLElement, actionForm: HTMLElement,
 *   decision: HTMLElement, decisionQuestion: HTMLElement, decisionOptions: HTMLElement, last: HTMLElement,
 *   lastBody: HTMLElement, lastEmpty: HTMLElement, actionGroup: HTMLElement, actionTitle: HTMLElement, play: HTMLButtonElement,
 *   undo: HTMLButtonElement, redo: HTMLButtonElement, share: HTMLButtonElement, protocol: HTMLButtonElement,
 *   historyCount: HTMLElement, historyEmpty: HTMLElement, historyUndone: HTMLElement, historyList: HTMLElement,
 *   historyMore: HTMLButtonElement }} MatchUi
 * @typedef {{ note: string, ruling: Ruling, undone: boolean }} LastAction
 * @typedef {{ tableTouched: boolean, playerNames: string[] | null }} Shown
 */

// shown: {tableTouched, playerNames} kept by the caller between renders.
// recent: {from, total, items} (match-log.js); undone: rulings undone, last first;
// last: {note, ruling, undone} of the action just made, or null.
/**
 * @param {MatchUi} ui
 * @param {{ game: GameDecl, score: Readonly<Score> | null, state: MatchState, view: View,
 *   last: LastAction | null, shown: Shown, recent: HistoryPage | null, undone?: Ruling[],
 *   historyTotal: number }} match
 */
export function renderMatch(ui, { game, score, state, view, last, shown, recent, undone = [], historyTotal }) {
  const names = view.players.map((p) => p.name);
  // One span: the line lays its words out as one text at the foot of its held box (scorekeeper.css).
  const words = h("span", { text: view.status || "" });
  ui.statusLine.replaceChildren(words);
  keepTogether(words);

  const options = optionsSentence(ui.setup, state.options);
  ui.optionsLine.hidden = !options;
  ui.optionsLine.textContent = options;

  ui.scores.replaceChildren(...renderBoard(view, score, { note: game.board_note }));
  renderMatchTable(ui, view, shown);

  if (JSON.stringify(names) !== JSON.stringify(shown.playerNames)) {
    shown.playerNames = names;
    setPlayerChoices(ui.actionForm, names);
  }
  renderInput(ui, view, names, game);

  const items = recent ? recent.items : [];
  const lastShown = lastShownOf(last, items);
  ui.lastBody.replaceChildren(lastShown
    ? renderRulingLine({ ruling: lastShown.ruling, refs: game.refs, score, names, note: lastShown.note, undone: lastShown.undone,
      shown: lastShown.undone ? "" : view.status || "" })
    : ui.lastEmpty.cloneNode(true));
  keepTogether(ui.lastBody); // «78» / «очков» never on two lines, the line and «почему» alike

  ui.undo.disabled = !view.can_undo;
  ui.redo.disabled = !view.can_redo;
  keepFocus([ui.undo, ui.redo, ui.play]);
  // The count stands on the button's corner: the button keeps its width, and the bar its one row («↷ 2»
  // made «Записать удар» wrap to a second row at 360 px, over the drawing: the walk, «по часовой» seed 1621).
  const [arrow, count] = redoLabel(view, state).split(" ");
  ui.redo.replaceChildren(arrow, ...(count ? [h("span", { class: "rb-redo-count", text: ` ${count}` })] : []));
  ui.share.disabled = false;
  ui.protocol.disabled = false;

  renderHistory(ui, { game, score, names, recent, undone, total: historyTotal });
}

/** The table of the match, folded when long unless the player has opened or closed it.
 * @param {MatchUi} ui @param {View} view @param {Shown} shown */
function renderMatchTable(ui, view, shown) {
  const table = shownTable(view);
  ui.table.hidden = !table;
  if (table) {
    ui.tableSummary.textContent = `Таблица партии (${rowsWord(table.rows.length)})`;
    ui.tableBody.replaceChildren(renderTable(table, "Таблица партии") || "");
    if (!shown.tableTouched) ui.table.open = table.rows.length <= TABLE_OPEN_ROWS;
  }
}

/**
 * The input and the decision in its place: the question and its options while
 * a decision is pending, the record button and the shooter's name otherwise.
 * @param {MatchUi} ui @param {View} view @param {string[]} names @param {GameDecl} game
 */
function renderInput(ui, view, names, game) {
  const decision = view.finished ? null : view.decision;
  ui.decision.hidden = !decision;
  // The form stays (its sticky bar holds undo / redo); its input and the
  // record button go while a decision is pending or the match is over.
  const inputOff = Boolean(view.decision) || Boolean(view.finished);
  ui.actionForm.hidden = false;
  ui.last.hidden = false;
  // A pending decision keeps the input's place (unseen, out of reach): the
  // bar below it does not move when the decision comes and goes.
  ui.actionGroup.hidden = Boolean(view.finished);
  ui.actionGroup.toggleAttribute("data-rb-waiting", Boolean(decision));
  ui.actionGroup.inert = Boolean(decision);
  ui.play.hidden = inputOff;
  fitFieldsToView(ui.actionForm, { idle: view.idle_fields || [], when: view.field_when || {}, needed: view.needed_fields || [],
    actions: view.idle_actions || [] });
  if (decision) renderDecision(ui, decision, names, game);
  const shooter = shooterName(view, names);
  ui.actionTitle.textContent = shooter ? `Удар: ${unbroken(shooter)}` : "Запись";
}

/**
 * A decision's question with its clause in brackets before the closing colon: after the
 * colon, the link read as the answer («…сыграна «единица»: § После первого удара…»,
 * newcomer 2026-12-05-e, item 5); under the choices it made the decision too tall to
 * stand with the board at 360 px.
 * @param {string} question @param {HTMLElement | null} link @returns {(string | HTMLElement)[]}
 */
function questionWithClause(question, link) {
  if (!link) return [question];
  const [text, colon] = question.endsWith(":") ? [question.slice(0, -1), ":"] : [question, ""];
  return [text, " ", h("span", { class: "rb-sk-question-cite" }, "(", link, ")"), colon];
}

/** @param {MatchUi} ui @param {NonNullable<View["decision"]>} decision @param {string[]} names @param {GameDecl} game */
function renderDecision(ui, decision, names, game) {
  const who = chooserNotAsked(decision, names);
  ui.decisionQuestion.replaceChildren(
    who ? h("strong", { class: "rb-sk-chooser", text: `Выбирает ${who}. ` }) : "",
    ...questionWithClause(decision.question || "Нужно сделать выбор:", decision.clause ? refLink(game.refs, decision.clause, { short: true }) : null));
  // A pocket by the drawing's short name (other choices by their label): six two-to-a-row buttons of
  // three to five lines each («правая угловая со стороны «дома»») stood taller than the input at 360 px,
  // and took the board and the line above them under the bars (the walk). Six pockets stand three to a
  // row as the drawing has them (a newcomer looked for «дальняя левая» top left, where the grid had it).
  const options = decision.options || [];
  const asDrawn = pocketsAsDrawn(options);
  ui.decisionOptions.classList.toggle("rb-sk-pockets", asDrawn !== null);
  ui.decisionOptions.replaceChildren(...(asDrawn || options).map((o) => h("button", {
    type: "button", class: "rb-button rb-button--primary", "data-rb-choice": JSON.stringify(o.id),
    text: shortPocketName(o.id, o.label),
  })));
}

/**
 * The history: the rulings undone struck through on top, then the recent
 * entries, last first, and «Показать всю историю» while some are not shown.
 * @param {MatchUi} ui
 * @param {{ game: GameDecl, score: Readonly<Score> | null, names: string[], recent: HistoryPage | null,
 *   undone: Ruling[], total: number }} history
 */
function renderHistory(ui, { game, score, names, recent, undone, total }) {
  const items = recent ? recent.items : [];
  ui.historyCount.textContent = total ? `(${total})` : "";
  ui.historyEmpty.hidden = total > 0 || undone.length > 0;
  const from = recent ? recent.from : 0;
  ui.historyUndone.replaceChildren(...undone.map((ruling) => h("li", { class: "rb-history-item rb-history-item--undone" },
    renderRulingLine({ ruling, refs: game.refs, score, names, undone: true, note: "отменено" }))));
  ui.historyList.dataset.rbTotal = String(total);
  ui.historyList.replaceChildren(
    ...items.map((ruling, i) => h("li", { class: "rb-history-item" },
      renderRulingLine({ ruling, refs: game.refs, score, names, number: from + i + 1 }))).reverse());
  keepTogether(ui.historyUndone);
  keepTogether(ui.historyList);
  ui.historyMore.hidden = from === 0;
  ui.historyMore.textContent = `Показать всю историю (${total})`;
}

/**
 * A button that went disabled under the keyboard's focus would drop the focus
 * to the page's body: it goes to the first of the others still enabled
 * (undo's last record undone: redo, then the record button).
 * @param {HTMLButtonElement[]} buttons the bar's buttons, in the order the focus falls back
 */
function keepFocus(buttons) {
  const lost = buttons.find((b) => b.disabled && b === document.activeElement);
  if (!lost) return;
  const next = buttons.find((b) => b !== lost && !b.disabled && !b.closest("[hidden]"));
  if (next) next.focus({ preventScroll: true });
}
