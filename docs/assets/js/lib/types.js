// @ts-check
// Shapes that cross the worker boundary (ARCHITECTURE.md, "The JSON API") and
// the table drawing declaration (rules_pkg/drawing.py). Types only: checked by
// `tsc --noEmit` (tsconfig.json), nothing here runs.

/** @typedef {string | number} Id */

/**
 * @typedef {{ type: string, [field: string]: unknown }} Action
 * @typedef {{ format: string, game: string, players: string[], options: Record<string, unknown>,
 *   actions: Action[], undone: Action[] }} MatchState
 * @typedef {{ op: string, game?: string, state?: MatchState, action?: Action | null,
 *   situation?: Record<string, unknown>, options?: Record<string, unknown>, players?: string[],
 *   want?: { state?: boolean, history?: { last: number } | { from: number, to: number } },
 *   seed?: number, answer?: unknown }} Request
 */

/**
 * @typedef {{ code: string, clause: string | null, tolkovanie?: string | null, text: string }} Foul
 * @typedef {{ text: string, cites: string[], restates?: string[], aspect?: string }} WhyLine
 * @typedef {{ id: Id, label: string }} Option
 * @typedef {{ player?: number | null, question?: string, clause?: string | null, options?: Option[] }} Decision
 * @typedef {{ kind: string, player: number | null, summary: string, lines?: string[], points?: number,
 *   foul?: boolean, fouls?: Foul[], scores?: (number | null)[], next_player?: number | null,
 *   turn_continues?: boolean, finished?: boolean, winner?: number | null, clauses?: string[],
 *   tolkovaniya?: string[], outside?: string[], decision?: Decision | null,
 *   verdict?: "win" | "loss" | "decision" | "foul" | "points" | "no_points" | "info",
 *   basis?: string | null, why?: WhyLine[], extra?: Record<string, unknown> }} Ruling
 * @typedef {{ name: string, score?: number | null, number?: number, out?: boolean,
 *   fouls_in_row?: number, role?: string }} ViewPlayer
 * @typedef {{ players: ViewPlayer[], current: number | null, finished: boolean, winner: number | null,
 *   decision: Decision | null, history?: Ruling[], history_length?: number, can_undo: boolean,
 *   can_redo: boolean, status?: string, idle_fields?: string[], field_when?: Record<string, Record<string, unknown[]>>, needed_fields?: string[], idle_actions?: string[], rack?: number | null, absent?: Id[], table?: { columns: string[], rows: unknown[][] } | null }} View
 * @typedef {{ idle: string[], when: Record<string, unknown>, needed: string[], actions: string[] }} ViewFields  the input's
 *   fields as a view (or a saved summary) says they stand for the next shot: idle_fields, field_when, needed_fields,
 *   and the idle action types (idle_actions)
 * @typedef {{ from: number, total: number, items: Ruling[] }} HistoryPage
 * @typedef {{ id: string, game: string, seed: number, kind: string, type: string, text: string,
 *   situation: string[], action: string[], choices: Option[], request: Request }} TrainerQuestion
 * text: match.protocol; question: trainer.question and trainer.check, with the rest of trainer.check.
 * @typedef {{ ok: boolean, state?: MatchState, view?: View, ruling?: Ruling,
 *   log?: { actions: number, undone: number }, history?: HistoryPage, text?: string,
 *   question?: TrainerQuestion, correct?: boolean, answer?: Id, answer_text?: string,
 *   error?: { code: string, message: string, field: string | null } }} Response
 */

/**
 * The part of a game's declaration a tool reads from its data-rb-declaration
 * (sitebuild/pages/markdown_ext.py, client_declaration). score null: the rules
 * define no score; absent: the default points (ru.js POINTS_SCORE).
 * @typedef {{ kind: string, title: string }} Ref
 * @typedef {Record<string, Ref>} Refs
 * @typedef {{ forms: string[], lower_wins: boolean }} Score
 * @typedef {{ id: string, title: string, players: { min: number, max: number, default?: string[] },
 *   score?: Score | null, calculator_shooter?: string | null, refs: Refs, board_note?: string | null }} GameDecl
 */

/**
 * The engine's loading state (engine-client.js subscribe()).
 * @typedef {{ state: "loading" | "ready" | "failed", stage: string, text: string, loaded?: number,
 *   total?: number, boot?: string, alone?: boolean }} EngineStatus
 * What engine-boot.js (inlined in <head>) hands over: the worker with what it
 * said so far, or why none was started.
 * @typedef {{ worker: Worker, messages: MessageEvent[], errors: Event[] }} StartedEngine
 * @typedef {StartedEngine | { failure: "runtime" | "worker" }} EngineBoot
 * @typedef {{ start: () => EngineBoot, adopt: () => EngineBoot, later: boolean }} EngineBootApi
 *   later: a page without a tool that asks the engine: it starts once the page is idle (engine-client.js)
 * The globals the site's own scripts and mkdocs-material put on window.
 * @typedef {Window & { rbEngineBoot?: EngineBootApi, rbPageShown?: () => void,
 *   document$?: { subscribe: (fn: () => void) => unknown } }} SiteWindow
 */

/**
 * @typedef {{ id: Id, label: string, name: string, colour: string, at: number[], value?: Id, note?: string }} Ball
 *   note: written under the ball (its name says it to a screen reader)
 * @typedef {{ id: Id, label: string, at: number[], note: string }} Spot a spot; its note (may be empty) is written under it
 * @typedef {{ from: string, balls?: Id[], ball?: Id, after?: Id, waiting?: string, knock?: string, map?: Record<string, Id>,
 *   fallback?: string, situation?: Record<string, unknown>, played_stays?: Record<string, unknown[]> }} FieldSource
 * @typedef {{ label: string, field: string | null, sets: Record<string, unknown> }} Miss
 * @typedef {{ action: string, balls: Ball[], cue: { at: number[] } | null, pockets: Option[],
 *   house: boolean, spots: Spot[], pyramid: number, fields: Record<string, FieldSource>,
 *   chips: string[], chips_first?: boolean, cue_note?: string, miss: Miss | null,
 *   situation?: { rack?: string, absent?: string }, words: import("../shot-input/describe.js").FieldWords[] }} TableDecl
 */

export {};
