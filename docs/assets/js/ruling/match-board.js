// @ts-check
// The parts of an engine view (ARCHITECTURE.md, "View") shared by the
// scorekeeper, a shared-link preview and the calculator: the players' score
// cards and the view's optional table ({columns, rows}).

import { fouls as foulsWord, num, quantity, unbroken } from "../lib/ru.js";
import { h } from "../lib/dom.js";

/** @typedef {import("../lib/types.js").View} View */
/** @typedef {import("../lib/types.js").Score} Score */

/**
 * Whether the game's players can carry a note in play («1 нарушение»,
 * «выбыл»): then every card keeps a note row, so a note that comes or
 * goes moves nothing; the other games' cards have no such empty row. Kept in
 * the saved summary (saved-matches.js), so the board drawn before the engine
 * loads has the engine's height. A role («по часовой»: «первый удар», «назначает лузу
 * «единицы»») is no note in play: it comes only with the decision that ends it (roleShown).
 * @param {Pick<View, "players">} view
 */
export function notesInPlay(view) {
  return view.players.some((p) => "fouls_in_row" in p || "out" in p);
}

/**
 * A player's role as a note on the card — not while a decision is asked: the status line says who
 * struck first and the decision who chooses, so the card said it twice, and the board, two rows
 * taller until the choice, shrank under the verdict when it came (the walk, «по часовой»).
 * @param {Partial<Pick<View, "decision">>} view @param {{ role?: unknown }} player
 */
function roleShown(view, player) {
  return !view.decision && typeof player.role === "string" && player.role !== "";
}

/**
 * What a card's notes row shows of a player, as plain data: kept with a saved match so that the board is drawn
 * at its height before the engine loads (a reload drew the cards without «1 нарушение подряд» and the board
 * grew 18 px when the engine's came: the walk, «Ковбой» at 390 px).
 * @param {Partial<Pick<View, "decision">>} view
 * @param {{ fouls_in_row?: unknown, out?: unknown, role?: unknown }} player
 * @returns {{ fouls_in_row?: number, out?: boolean, role?: string }}
 */
export function cardMarks(view, player) {
  const n = player.fouls_in_row;
  return {
    ...(typeof n === "number" && Number.isInteger(n) && n > 0 ? { fouls_in_row: n } : {}),
    ...(player.out === true ? { out: true } : {}),
    ...(roleShown(view, player) ? { role: /** @type {string} */ (player.role) } : {}),
  };
}

/**
 * A player's fouls in a row, as the card says them (three in a row lose «Ковбой»,
 * kovboy-rule-8): «1 нарушение» (one is no run: «1 нарушение подряд» read oddly,
 * and took two lines of a 360 px card), «2 нарушения подряд».
 * @param {number} n
 */
export function foulsInRow(n) {
  return n === 1 ? foulsWord(1) : `${foulsWord(n)} подряд`;
}

// score: the declaration's score ({forms, lower_wins}) or null (no score).
/**
 * @param {Pick<View, "players"> & Partial<Pick<View, "current" | "finished" | "winner" | "decision">>} view
 * @param {Readonly<Score> | null | undefined} score
 * @param {boolean} [notes] a note row in every card (default: notesInPlay(view))
 * @returns {HTMLElement}
 */
export function renderScores(view, score, notes = notesInPlay(view)) {
  const finished = Boolean(view.finished);
  // A decision the rules ask for (a bad break): the player who must choose is
  // marked, not the one who would shoot next.
  const player = !finished && view.decision ? view.decision.player : null;
  const chooser = typeof player === "number" && Number.isInteger(player) ? player : null;
  const list = h("ol", {
    class: `rb-scores${score ? "" : " rb-scores--no-score"}`, "aria-label": score ? "Счёт" : "Игроки",
    "data-rb-notes": notes ? "" : null,
    "data-rb-players": String(view.players.length), // four: two by two on a phone (scorekeeper.css)
  },
    view.players.map((p, i) => {
      const current = chooser === null ? view.current === i && !finished : chooser === i;
      const winner = finished && view.winner === i;
      const tags = [];
      if (current) tags.push(h("span", { class: "rb-tag rb-tag--turn", text: chooser === null ? "бьёт" : "выбирает" }));
      if (winner) tags.push(h("span", { class: "rb-tag rb-tag--win", text: "победитель" }));
      if (p.out) tags.push(h("span", { class: "rb-tag rb-tag--out", text: "выбыл" }));
      if (p.fouls_in_row && p.fouls_in_row > 0) tags.push(h("span", { class: "rb-tag rb-tag--foul", text: foulsInRow(p.fouls_in_row) }));
      if (roleShown(view, p)) tags.push(h("span", { class: "rb-tag", text: /** @type {string} */ (p.role) }));
      const points = score && typeof p.score === "number" ? p.score : null;
      return h("li", {
        class: `rb-score${current ? " rb-score--current" : ""}${winner ? " rb-score--winner" : ""}${p.out ? " rb-score--out" : ""}`,
        "aria-current": current ? "true" : null,
      },
      h("span", { class: "rb-score-name", text: unbroken(Number.isInteger(p.number) ? `${p.number}. ${p.name}` : p.name) }),
      // The figure is shown, its words are read («3 очка»): a plain span may not carry a name (aria-prohibited-attr).
      score && points !== null ? h("span", { class: "rb-score-points", "aria-hidden": "true", text: num(points) }) : null,
      score && points !== null ? h("span", { class: "rb-visually-hidden rb-score-said", text: quantity(points, score.forms) }) : null,
      // The games whose players carry notes keep the notes' row in every card, empty too.
      tags.length || notes ? h("span", { class: "rb-score-notes" }, tags) : null);
    }));
  // The cards are at least as wide as the longest word of a name (scorekeeper.css): a name
  // wraps between its words, never inside one («Маш / а» at 390 px). Fixed for the match.
  list.style.setProperty("--rb-name-word", String(longestWord(view.players.map((p) => p.name))));
  return list;
}


/**
 * The board: the score cards and, where the fewer wins, a line saying so, or the game's note on what
 * the cards do not show (GameDecl.board_note) — the same on the saved summary while the engine loads
 * and on the match.
 * @param {Parameters<typeof renderScores>[0]} view @param {Readonly<Score> | null | undefined} score
 * @param {{ notes?: boolean, note?: string | null }} [how] notes: see renderScores; note: the game's board_note
 * @returns {HTMLElement[]}
 */
export function renderBoard(view, score, { notes = notesInPlay(view), note = null } = {}) {
  const cards = renderScores(view, score, notes);
  if (score && score.lower_wins) return [cards, h("p", { class: "rb-help rb-sk-lower-wins", text: `Побеждает тот, у кого меньше ${score.forms[2]}.` })];
  return note ? [cards, h("p", { class: "rb-help rb-sk-board-note", text: note })] : [cards];
}

const cell = (/** @type {"th" | "td"} */ tag, /** @type {unknown} */ value) => h(tag, {
  class: typeof value === "number" ? "rb-num" : null,
  text: typeof value === "number" ? num(value) : unbroken(String(value ?? "")),
});

// A view's table as a real <table>, scrolling sideways inside its own box
// on a narrow screen instead of widening the page.
/**
 * @param {View["table"] | undefined} table @param {string} caption
 * @returns {HTMLElement | null}
 */
export function renderTable(table, caption) {
  if (!table || !Array.isArray(table.columns) || !Array.isArray(table.rows)) return null;
  return h("div", { class: "rb-table-wrap", tabindex: "0", role: "region", "aria-label": caption },
    h("table", { class: "rb-table" },
      h("caption", { class: "rb-visually-hidden", text: caption }),
      h("thead", {}, h("tr", {}, table.columns.map((c) => h("th", { scope: "col", text: unbroken(String(c)) })))),
      h("tbody", {}, table.rows.map((row) => h("tr", {}, row.map((v, i) => cell(i === 0 ? "th" : "td", v)))))));
}

/**
 * The letters of the longest word among the players' names («Игрок 1» is one: unbroken):
 * the board's cards are at least that wide (scorekeeper.css), so a name wraps between its words only.
 * @param {unknown[]} names @returns {number}
 */
export function longestWord(names) {
  return Math.max(0, ...names.map((n) => unbroken(String(n ?? "")).split(/[ \t\n]+/)).flat().map((w) => [...w].length));
}
