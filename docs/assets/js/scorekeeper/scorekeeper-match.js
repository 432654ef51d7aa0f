// @ts-check
// The scorekeeper's match screen: its buttons — record a shot (read from the
// form the drawing writes), a decision the rules ask for, undo / redo, clear
// the input, share the match, copy its protocol, show the whole history —
// each sent through the session, and the screen drawn from the session's
// view (match-view.js). After every record the status, the board and the
// verdict (or a decision asked) are brought between the sticky bars, moving
// the page as little as it can (match-reveal.js); the record button is in the
// bar under the thumb.

import { actionType, clearFieldErrors, firstControl, formSnapshot, readAction, resetForm } from "../form/form.js";
import { historyLength } from "./match-log.js";
import { draftKey, draftPoint, dropDraft, putDraft, saveDraft } from "./input-draft.js";
import { TARGET_PX, headsUncut, keepingInRoom, readingDelta, revealDelta } from "../lib/match-reveal.js";
import { copyProtocol, shareMatch } from "./match-share.js";
import { renderMatch } from "./match-view.js";
import { playLabel } from "./scorekeeper-core.js";
import {
  answeredLate, clearDelta, clearHeadsAndControls, drawAnswer, inputMark, leavesControlCut, linesOf, movedSince, roomOf,
  scrollClear, spanOf,
} from "../lib/scroll-room.js";
import { clearErrors, showRefused } from "./scorekeeper-screen.js";
import { messageOf, scoreOf, showError, whileBusy } from "../form/widget.js";

/** @typedef {import("../lib/types.js").Action} Action */
/** @typedef {import("./match-session.js").MatchSession} MatchSession */
/** @typedef {import("./match-session.js").Outcome} Outcome */
/** @typedef {import("./scorekeeper-screen.js").Screens} Screens */
/** @typedef {import("./scorekeeper-ui.js").ScorekeeperUi} ScorekeeperUi */
/** @typedef {import("../lib/match-reveal.js").Span} Span */
/** @typedef {import("../shot-input/shot-input.js").ShotInput} ShotInput */
/** @typedef {ReturnType<typeof import("../form/widget.js").declarationOf>} GameDeclaration the game (widget.js) */

/**
 * What a player taps next (`end`: a decision's choices, else the drawing with
 * its tools, above or below it — «пробка» has them first —, and the line that
 * says what was drawn, else the input's
 * first field in the form view; the last ruling when the match is over), the
 * whole input (`full`: the chips beside the drawing too), the least of it
 * (`core`: the drawing alone) and the tools' row under the drawing (`row`),
 * as spans of the screen.
 * @param {ScorekeeperUi} ui
 */
function nextInput(ui) {
  const only = (/** @type {Element} */ el) => ({ end: spanOf(el), full: spanOf(el), core: spanOf(el), row: null });
  if (!ui.decision.hidden) return only(ui.decision);
  const action = ui.actionGroup.hidden || ui.actionGroup.inert ? null : ui.actionGroup.querySelector(":scope > [data-rb-action]:not([hidden])");
  if (!action) return only(ui.last);
  const svg = action.querySelector(".rb-shot-drawing:not([hidden]) .rb-table-svg");
  const tools = action.querySelector(".rb-shot-drawing:not([hidden]) .rb-shot-tools");
  if (svg && tools && svg.getClientRects().length) {
    const [drawing, row] = [spanOf(svg), spanOf(tools)];
    // The line that says what was drawn comes with them: a drag moves nothing, and
    // it stood under the record bar after one («Кайза» at 360 × 740, newcomer item 8).
    const said = action.querySelector(".rb-shot-drawing:not([hidden]) [data-rb-shot-said]");
    const saidBottom = said && said.getClientRects().length ? spanOf(said).bottom : -Infinity;
    const end = { top: Math.min(drawing.top, row.top), bottom: Math.max(drawing.bottom, row.bottom, saidBottom) };
    return { end, full: spanOf(action), core: drawing, row: row.top >= drawing.bottom ? row : null }; // «пробка»: tools above
  }
  // The first field's control, not the view switch above the fields («На столе / Формой»): taken for the next
  // input, it left «Кто бил» under the record bar after a reload (the walk, «пробка» at 1280×800).
  const field = [...action.querySelectorAll("[data-rb-field]")].find((f) => firstControl(f));
  const first = field ? firstControl(field) : firstControl(action);
  return only((first && first.closest("[data-rb-field]")) || first || ui.last);
}

/**
 * What stays in place while a late answer is drawn: the input (a decision asked stands in it),
 * else the last ruling (a finished match).
 * @param {ScorekeeperUi} ui @returns {Element}
 */
function steadyPart(ui) {
  return ui.actionForm.getClientRects().length ? ui.actionForm : ui.last;
}

/**
 * On a new match, when the status line's words, the board and the input do not all fit: the words
 * and the board, kept at the room's top, so long as the input's foot, under the record bar, is still
 * on the screen (four players at 360 px: the drawing went 1 px past its edge — test_tools_steady); else null.
 * @param {Span | null} words @param {Span} board @param {Span} input @param {Span} room @returns {Span | null}
 */
function wordsFirst(words, board, input, room) {
  const height = room.bottom - room.top;
  if (!words || input.bottom - words.top <= height || board.bottom - words.top > height) return null;
  return input.bottom - (words.top - room.top) <= window.innerHeight ? { top: words.top, bottom: board.bottom } : null;
}

/**
 * An undo or a redo moves nothing while the board, the line and the input's least part are already in
 * the room: the chips that were below before it stay below, rather than the page jumping under the thumb
 * (test_undo_moves_nothing_under_the_thumb). Only a control the undo left cut by a bar (a chip half under
 * the record bar: axe target-size) moves it, the least, and never the board, the verdict or the input's
 * least part out of the room (the walk, «пробка» at 390 px: a chip the undo put back across the record
 * bar's edge was cleared by taking the board and the verdict under the tab bar); a row of the status line
 * goes wholly under the bars above or shows whole, the least move that does it (the walk, «пробка» at
 * 360 px: an undo left «Банк — 3 очка; …» across the tab bar's edge). False: not all in the room.
 * @param {ScorekeeperUi} ui
 * @param {{ scroller: HTMLElement | null, room: Span, board: Span, lastSpan: Span, core: Span, statusLines: Span[] }} at
 * @returns {boolean}
 */
function keptAfterUndo(ui, { scroller, room, board, lastSpan, core, statusLines }) {
  const inRoom = (/** @type {Span} */ s) => s.top >= room.top - 1 && s.bottom <= room.bottom + 1;
  if (!inRoom(board) || !inRoom(lastSpan) || !inRoom(core)) return false;
  const span = { top: board.top, bottom: Math.max(core.bottom, lastSpan.bottom) };
  const { most, least } = keepingInRoom(0, span, room);
  const scope = ui.match.closest("details") || ui.match;
  // The status line's rows and the controls cleared together: the rows uncut first, then a control cleared
  // by moving back, left a row across the tab bar's edge (the walk: «Кладка» at 390 px, «пробка» at 360 px).
  const cleared = clearDelta(scroller, 0, scope, room, most, least);
  const moved = clearHeadsAndControls(scroller, cleared, statusLines, scope, room, { min: least, max: most });
  if (moved) (scroller || window).scrollBy({ top: moved, behavior: "auto" });
  return true;
}

/**
 * The part a player reads after a record — the status line, the board, the
 * verdict — and the next input (a decision asked, the drawing and its chips)
 * scrolled between the bars that stay on screen: the header and tab bar above
 * (--rb-sticky-top, layout.js), the record bar below (match-reveal.js
 * readingDelta: what gives way first when they do not all fit).
 * @param {ScorekeeperUi} ui @param {{ keep?: boolean, start?: boolean }} [how] keep: an undo or a redo (see below);
 *   start: the match screen opened on a match with no record yet — when not all fits, the status line's words
 *   («Банк — 3 очка; кто бьёт следующим, … укажите номер игрока») and the board stay, the drawing's foot is
 *   scrolled to (a newcomer, «пробка» with three players at 390 px, never saw them: the first tap on a chip
 *   brings the drawing up anyway); not a decision's choices, the only way on («по часовой»)
 */
export function revealReading(ui, { keep = false, start = false } = {}) {
  if (ui.match.hidden || !ui.statusLine.getClientRects().length) return;
  const bar = ui.play.closest("[data-rb-bar]");
  const { scroller, room } = roomOf(ui.match, bar && !ui.actionForm.hidden ? bar : null);
  const { end, full, core, row } = nextInput(ui);
  const lastSpan = spanOf(ui.last);
  const last = lastSpan.bottom;
  const board = spanOf(ui.scores);
  const statusLines = linesOf(ui.statusLine);
  if (keep && keptAfterUndo(ui, { scroller, room, board, lastSpan, core, statusLines })) return;
  const summary = ui.match.closest("details")?.querySelector(":scope > summary");
  const least = { top: core.top, bottom: Math.max(core.bottom, last) }; // the input's least part, revealed last
  const words = statusLines.length ? { top: statusLines[0].top, bottom: statusLines[statusLines.length - 1].bottom } : null;
  const parts = {
    status: spanOf(ui.statusLine), words, board,
    end: { top: end.top, bottom: Math.max(end.bottom, last) }, full: { top: full.top, bottom: Math.max(full.bottom, last) },
    core: least, row,
    above: summary && summary.getClientRects().length ? spanOf(summary) : null, decision: !ui.decision.hidden,
  };
  // When nothing needs revealing (a record that keeps all in view), the page moves only
  // if a control or a line read first is left cut by a bar, and then the least
  // (tests/browser/test_tools_steady.py; the walk at 1280×800: the tools column's title
  // and status line cut at its top after such a record). Clearing a cut control never
  // takes the next input back under the record bar nor the board under the bars above
  // (the walk: a new match's drawing left 10 px under the bar at 360×740, for a chip
  // below it that would have stuck out past the screen's bottom).
  const scope = ui.match.closest("details") || ui.match;
  const first = start && ui.decision.hidden ? wordsFirst(words, board, least, room) : null;
  // A new match keeps the status line's words too where all fits: clearing a chip from the record bar's edge took
  // its first rows under the tab bar, and a newcomer read «…пирамиды или биток в любую лузу.» alone («Кладка» at 390 px).
  const wordsFit = start && words !== null && least.bottom - words.top <= room.bottom - room.top;
  const kept = first || { top: wordsFit ? words.top : board.top, bottom: least.bottom };
  const moveFor = (/** @type {boolean} */ statusFirst) => {
    const delta = first ? Math.round(first.top - room.top) : readingDelta({ ...parts, statusFirst }, room);
    const { most, least: atLeast } = keepingInRoom(delta, kept, room);
    return clearDelta(scroller, delta, scope, room, most, atLeast);
  };
  // The status line first (who plays, the score) — unless a control the reveal leaves cut
  // by the record bar (the «noticed» chip in «по часовой») would then cut it; an undo
  // keeps the input where it was rather than bring the status line back.
  let moved = keep ? moveFor(false) : moveFor(true);
  if (!keep && statusLines.some((line) => isCut(line, moved, room))) moved = moveFor(false);
  // The board first may still leave the status line or the title above it cut (the walk:
  // «пробка» at 390 px): then each goes wholly under the bars or shows whole, the nearer move —
  // the status line line by line (its first line under the bars, the second shown whole, is not
  // cut; taken as one block it undid the move that cleared a check box from the record bar's
  // edge: the walk, «Кладка» at 360 px, «Двойной удар» 3 px over it).
  moved = headsUncut(moved, [...statusLines, parts.above], room);
  moved = clearInColumn(scroller, moved, scope, room);
  if (moved) (scroller || window).scrollBy({ top: moved, behavior: "auto" });
}

/**
 * In the desktop's tools column, a control still cut by a bar (the reveal's limits left no clear
 * place: the walk, «Ковбой» at 1280×800, the cushion check box half under the record bar): the
 * nearest clear scroll, the limits aside, when it is a small correction (two targets' height at
 * most) — a sliver of a control is no target (axe target-size). Not on a phone's page (no
 * `scroller`): there it took the drawing under the record bar («пробка», four players at 360 px;
 * tests/browser/test_tools_steady.py test_a_new_match_shows_the_board_and_the_drawing).
 * @param {HTMLElement | null} scroller @param {number} moved @param {Element} scope
 * @param {{ top: number, bottom: number }} room @returns {number}
 */
function clearInColumn(scroller, moved, scope, room) {
  if (!scroller || !leavesControlCut(scroller, moved, scope, room)) return moved;
  const cleared = clearDelta(scroller, moved, scope, room);
  return Math.abs(cleared - moved) <= 2 * TARGET_PX ? cleared : moved;
}

/**
 * Whether `line` scrolled by `delta` is cut by the bars above `room` (part of it over their edge).
 * @param {{ top: number, bottom: number }} line @param {number} delta @param {{ top: number }} room
 */
function isCut(line, delta, room) {
  return line.top - delta < room.top - 1 && line.bottom - delta > room.top + 0.01;
}

/**
 * The panel opened by a tap on its summary (the desktop's tools column, a
 * closed panel): what it opens to is brought between the bars at once — the
 * new-match form from its summary to «Начать партию» (its top first when it
 * is taller), or the match's board, verdict and next input.
 * @param {HTMLDetailsElement} panel @param {ScorekeeperUi} ui @param {AbortSignal} signal
 */
export function revealOnOpen(panel, ui, signal) {
  const summary = panel.querySelector(":scope > summary");
  if (!summary) return;
  let tapped = false;
  summary.addEventListener("click", () => {
    tapped = !panel.open;
  }, { signal });
  panel.addEventListener("toggle", () => {
    if (!tapped || !panel.open) return;
    tapped = false;
    if (!ui.match.hidden) {
      revealReading(ui);
      return;
    }
    if (!ui.setup.hidden) revealSetupFrom(panel, ui, summary);
  }, { signal });
}

/**
 * The new-match form from `from` down to «Начать партию» brought between the bars (its top first when it is taller).
 * @param {HTMLDetailsElement} panel @param {ScorekeeperUi} ui @param {Element} from
 */
function revealSetupFrom(panel, ui, from) {
  const { scroller, room } = roomOf(panel, null);
  const region = { top: from.getBoundingClientRect().top, bottom: ui.setupSubmit.getBoundingClientRect().bottom };
  scrollClear(scroller, revealDelta(region, room), panel, room);
}

/**
 * A player added to the new-match form: the new row and «Начать партию» after it kept between the bars (the
 * walk, «пробка» at 1280×800: the third row pushed the button 15 px under the tools column's edge). Where the
 * button stands in a sticky bar (a phone) nothing moves but the focus's own scroll.
 * @param {HTMLDetailsElement} panel @param {ScorekeeperUi} ui @param {AbortSignal} signal
 */
export function revealStartOnAdd(panel, ui, signal) {
  if (!ui.addPlayer) return;
  ui.addPlayer.addEventListener("click", () => requestAnimationFrame(() => {
    const row = ui.players.querySelector(".rb-player-row:last-child");
    if (row && !ui.setup.hidden && ui.setupSubmit.getClientRects().length) revealSetupFrom(panel, ui, row);
  }), { signal });
}

/**
 * @param {{ root: HTMLDetailsElement, ui: ScorekeeperUi, game: GameDeclaration,
 *   session: MatchSession, screens: Screens, input: ShotInput | null, signal: AbortSignal }} options
 *   game: the declaration (widget.js declarationOf); input: the drawing (shot-input.js), if the game has one
 */
export function bindMatch({ root, ui, game, session, screens, input, signal }) {
  const screen = new MatchScreen({ root, ui, game, session, screens, input });
  const on = { signal };
  ui.tableSummary.addEventListener("click", () => {
    screen.shown.tableTouched = true;
  }, on);
  screen.bindInput(on);
  screen.bindSharing(on);
  return { render: () => screen.render(), openMatchScreen: () => screen.openMatchScreen() };
}

/** Keys that change an input (a Tab or an arrow moving the focus does not). */
const EDITING_KEY = /^(.|Enter|Backspace|Delete| )$/u;

/** @typedef {{ signal: AbortSignal }} Listening */
/**
 * @typedef {{ root: HTMLDetailsElement, ui: ScorekeeperUi, game: GameDeclaration,
 *   session: MatchSession, screens: Screens, input: ShotInput | null }} MatchParts what the match screen is drawn with
 */

/** The match screen of one scorekeeper: drawn from the session's view, its buttons sent through the session. */
class MatchScreen {
  /** @param {MatchParts} parts */
  constructor(parts) {
    this.score = scoreOf(parts.game);
    /** @type {{ tableTouched: boolean, playerNames: string[] | null }} */
    this.shown = { tableTouched: false, playerNames: null }; // what the view renderer keeps between renders
    this.root = parts.root;
    this.ui = parts.ui;
    this.game = parts.game;
    this.session = parts.session;
    this.screens = parts.screens;
    this.input = parts.input;
    /** the message on the input shown in the record bar, until the input changes */
    this.inputProblem = "";
    /** @type {string | null} the match whose input kept over a reload was looked for (input-draft.js) */
    this.draftLooked = null;
    /** the pending save of the input (keepDraft), 0 when none */
    this.draftSaving = 0;
  }

  render() {
    const { root, ui, session, screens, input } = this;
    const { state, view } = session;
    if (!state || !view) return;
    root.classList.toggle("rb-finished", Boolean(view.finished));
    ui.match.removeAttribute("data-rb-pending"); // the saved summary gives way to the engine's view
    screens.updateAwake();
    const recent = session.history();
    const undone = session.undone;
    const { game, score, shown } = this;
    screens.holdStatus(session.matchId); // as shown until now (the first screen was drawn before it showed)
    renderMatch(ui, { game, score, state, view, last: session.last, shown, recent, undone, historyTotal: historyLength(view) });
    screens.holdLast(session.matchId, true);
    screens.holdStatus(session.matchId);
    if (input) input.showTable(view);
    this.putDraftOnce();
    this.updatePlayLabel();
  }

  /** Where the input of the match on screen is kept over a reload, and the point the match stands at. */
  draftPlace() {
    const { session } = this;
    if (!session.matchId || !session.view) return null;
    return { key: draftKey(this.game.id, session.matchId), at: draftPoint(historyLength(session.view), session.undone.length) };
  }

  /** The input kept over a reload put back, the first time this match is drawn on this page. */
  putDraftOnce() {
    const place = this.draftPlace();
    if (!place || this.draftLooked === this.session.matchId) return;
    this.draftLooked = this.session.matchId;
    putDraft(place.key, place.at, this.ui.actionForm, this.input);
  }

  /**
   * The input as it stands kept over a reload (after the tap's own handlers have changed it): once for
   * the events of one tap (its pointerup, click and change), not once each.
   */
  keepDraft() {
    if (this.draftSaving) return;
    this.draftSaving = setTimeout(() => {
      this.draftSaving = 0;
      const place = this.draftPlace();
      if (place && !this.ui.match.hidden && !this.ui.match.hasAttribute("data-rb-pending")) {
        saveDraft(place.key, place.at, this.ui.actionForm, this.input);
      }
    }, 0);
  }

  updatePlayLabel() {
    this.ui.play.textContent = playLabel(actionType(this.ui.actionForm));
  }

  /** The match in memory on screen: its top, then the board, the verdict and the next input between the bars. */
  openMatchScreen() {
    const ui = this.ui;
    this.session.resume();
    this.screens.clearTransient();
    this.render();
    this.screens.show("match");
    ui.match.scrollIntoView({ block: "start" });
    // the next input too, above the record bar (the status line gives way first, but on a new match)
    revealReading(ui, { start: ui.historyList.dataset.rbTotal === "0" });
    ui.match.focus({ preventScroll: true });
  }

  /**
   * One action through the session; a play (a shot or a decision) starts the input afresh.
   * @param {() => Promise<Outcome>} run @param {boolean} isPlay
   */
  act(run, isPlay) {
    return whileBusy(this.root, async () => {
      this.screens.clearTransient();
      const form = isPlay ? this.ui.actionForm : null;
      clearErrors(this.ui.matchError, form);
      const mark = inputMark();
      const askedAt = performance.now();
      const pending = run(); // the action is read: the input is the next shot's from the player's next touch
      const sent = isPlay ? this.holdSent() : null;
      /** @type {Outcome} */
      let outcome = null;
      try {
        outcome = await pending;
      } catch (err) {
        if (sent) sent(false);
        throw err;
      }
      const settleInput = () => sent && sent(Boolean(outcome && outcome.ok));
      if (!outcome) settleInput();
      else await this.answered(outcome, { isPlay, mark, settleInput, late: answeredLate(askedAt) });
    });
  }

  /**
   * The input of a record sent, while the engine answers: it stays as it was sent (nothing moves
   * under the thumb) until the player touches it — then it starts afresh for the next shot (the
   * action type too: state-dependent inputs start anew), and those taps are kept; a newcomer at
   * 360 px lost a shot drawn so to the reset that came with the answer. Answered: an input not
   * touched starts afresh with the new view (one frame); a refused record is put back as sent.
   * @returns {(ok: boolean) => void} what settles it when the answer comes
   */
  holdSent() {
    const form = this.ui.actionForm;
    const putForm = formSnapshot(form);
    const putDrawing = this.input ? this.input.snapshot() : null;
    let touched = false;
    const listening = new AbortController();
    const touch = (/** @type {Event} */ event) => {
      if (touched || (event instanceof KeyboardEvent && !EDITING_KEY.test(event.key))) return;
      // A press starts a carry on the drawing only; elsewhere it may be a swipe, and the click follows a tap.
      if (event.type === "pointerdown" && !(event.target instanceof Element && event.target.closest("[data-rb-tap]"))) return;
      touched = true;
      this.resetInput(); // before the tap's own handlers: the tap goes into the fresh input
    };
    for (const type of ["pointerdown", "click", "keydown"]) form.addEventListener(type, touch, { capture: true, signal: listening.signal });
    return (ok) => {
      listening.abort();
      if (ok && !touched) this.resetInput();
      if (!ok && touched) {
        putForm();
        if (putDrawing) putDrawing();
      }
    };
  }

  /**
   * The session's answer to an action on screen; resolved once the screen is settled (a late answer's
   * reveal comes a frame later, and the tool stays busy until then).
   * @param {NonNullable<Outcome>} outcome
   * @param {{ isPlay: boolean, mark: ReturnType<typeof inputMark>, settleInput: () => void, late: boolean }} how
   *   settleInput: the held input let go (holdSent); late: scroll-room.js answeredLate
   * @returns {Promise<void>}
   */
  answered(outcome, { isPlay, mark, settleInput, late }) {
    const ui = this.ui;
    if (!outcome.ok) {
      settleInput();
      if (outcome.changed) this.render(); // another tab's match, taken instead of a stale write
      showRefused(isPlay && this.input ? this.input.explain(outcome) : outcome, ui.matchError, isPlay ? ui.actionForm : null);
      if (isPlay) this.inputProblem = ui.matchError.textContent || "";
      return Promise.resolve();
    }
    if (outcome.warning) showError(ui.matchError, outcome.warning);
    // A late answer keeps the input in place — its top when the verdict above it grew, else its foot,
    // over the record bar under the thumb, when a field inside it went (the first shot's «Разбивка»),
    // and its height for that frame — and the reveal follows (scroll-room.js drawAnswer; the walk with --late).
    return drawAnswer({
      late, anchor: steadyPart(ui), edge: "foot", hold: true,
      change: () => {
        settleInput();
        this.render();
        this.keepFocusOnScreen();
      },
      // The verdict, the board and a decision the rules ask for (in the input's place) are
      // seen — unless the player has gone on while the engine answered (a Tab, a scroll).
      after: () => {
        if (!movedSince(mark)) revealReading(ui, { keep: !isPlay });
      },
    });
  }

  // A record or a decision can take away the control that had the focus (a decision
  // the rules ask for takes the input's place; an answered one leaves): the focus goes
  // on to what now stands there — the decision's first choice or the input — never to
  // <body> (WCAG 2.4.3).
  keepFocusOnScreen() {
    const ui = this.ui;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || focused.getClientRects().length === 0
      || (ui.decision.hidden && ui.decision.contains(focused));
    if (!lost) return;
    // A finished match leaves the record bar's undo (the bar follows the form, no part of it).
    const bar = ui.play.closest("[data-rb-bar]");
    const target = (ui.decision.hidden ? firstControl(ui.actionForm) : firstControl(ui.decision)) || (bar && firstControl(bar));
    target?.focus({ preventScroll: true });
  }

  /** @param {SubmitEvent} event */
  record(event) {
    const { ui, input, session } = this;
    event.preventDefault();
    if (!session.state) return;
    clearFieldErrors(ui.actionForm);
    const problem = input ? input.check() : null;
    if (problem) {
      showError(ui.matchError, problem); // an empty input is never recorded (a miss is chosen explicitly)
      this.inputProblem = problem;
      return;
    }
    const action = /** @type {Action | null} */ (readAction(ui.actionForm));
    this.act(() => session.play(action), true);
  }

  /**
   * What was wrong with the input goes once the input changes: it spoke of the input as it
   * was (a newcomer drew the balls the refusal asked for, and it stayed over the chips).
   */
  dropInputProblem() {
    const box = this.ui.matchError;
    if (this.inputProblem && !box.hidden && box.textContent === this.inputProblem) showError(box, "");
    this.inputProblem = "";
  }

  /** The input (the form, the action type, the drawing) at its start for the next shot. */
  resetInput() {
    resetForm(this.ui.actionForm);
    if (this.input) this.input.reset();
    const place = this.draftPlace();
    if (place) dropDraft(place.key);
  }

  clearInput() {
    this.resetInput();
    clearFieldErrors(this.ui.actionForm);
    this.updatePlayLabel();
  }

  /** @param {MouseEvent} event a click among a decision's choices */
  decide(event) {
    const button = event.target instanceof Element ? event.target.closest("[data-rb-choice]") : null;
    if (!(button instanceof HTMLElement) || !this.session.state) return;
    const choice = JSON.parse(button.dataset.rbChoice ?? "");
    this.act(() => this.session.decide(choice), true);
  }

  /** The record, the input's reset, undo / redo and a decision's choices. @param {Listening} on */
  bindInput(on) {
    const { ui, session } = this;
    ui.actionForm.addEventListener("submit", (event) => this.record(event), on);
    ui.actionForm.addEventListener("change", () => {
      this.updatePlayLabel();
      this.dropInputProblem();
    }, on);
    ui.actionForm.addEventListener("input", () => this.dropInputProblem(), on);
    for (const type of ["change", "input", "click", "pointerup", "keyup"]) ui.actionForm.addEventListener(type, () => this.keepDraft(), on);
    ui.actionReset.addEventListener("click", () => this.clearInput(), on);
    ui.undo.addEventListener("click", () => {
      if (session.state) this.act(() => session.undo(), false);
    }, on);
    ui.redo.addEventListener("click", () => {
      if (session.state) this.act(() => session.redo(), false);
    }, on);
    ui.decisionOptions.addEventListener("click", (event) => this.decide(event), on);
  }

  /** Sharing the match, copying its protocol, the whole history. @param {Listening} on */
  bindSharing(on) {
    const { root, ui, game, session, screens } = this;
    ui.share.addEventListener("click", () => {
      const state = session.state;
      if (!state) return;
      screens.clearTransient();
      shareMatch({ state, game, view: session.view, notice: screens.notice, manualBox: ui.manualCopy })
        .catch((err) => screens.notice(messageOf(err), "error"));
    }, on);
    ui.protocol.addEventListener("click", () => {
      const state = session.state;
      if (!state) return;
      screens.clearTransient();
      whileBusy(root, () => copyProtocol({ state, notice: screens.notice, manualBox: ui.manualCopy }));
    }, on);
    // The whole history, on request (collapsed to the last few otherwise).
    ui.historyMore.addEventListener("click", () => {
      if (!session.state || !session.view) return;
      whileBusy(root, async () => {
        await session.showAllHistory();
        this.render();
      });
    }, on);
  }
}
