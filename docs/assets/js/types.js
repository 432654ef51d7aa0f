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
 *   want?: { state?: boolean, history?: { last: number } | { from: number, to: number } } }} Request
 */

/**
 * @typedef {{ code: string, clause: string | null, text: string }} Foul
 * @typedef {{ text: string, cites: string[] }} WhyLine
 * @typedef {{ id: Id, label: string }} Option
 * @typedef {{ player?: number | null, question?: string, clause?: string | null, options?: Option[] }} Decision
 * @typedef {{ kind: string, player: number | null, summary: string, lines?: string[], points?: number,
 *   foul?: boolean, fouls?: Foul[], scores?: (number | null)[], next_player?: number | null,
 *   turn_continues?: boolean, finished?: boolean, winner?: number | null, clauses?: string[],
 *   tolkovaniya?: string[], outside?: string[], decision?: Decision | null,
 *   verdict?: "win" | "loss" | "decision" | "foul" | "points" | "no_points" | "info",
 *   basis?: string | null, why?: WhyLine[] }} Ruling
 * @typedef {{ name: string, score?: number | null, number?: number, out?: boolean,
 *   fouls_in_row?: number, role?: string }} ViewPlayer
 * @typedef {{ players: ViewPlayer[], current: number | null, finished: boolean, winner: number | null,
 *   decision: Decision | null, history?: Ruling[], history_length?: number, can_undo: boolean,
 *   can_redo: boolean, status?: string, table?: { columns: string[], rows: unknown[][] } | null }} View
 * @typedef {{ from: number, total: number, items: Ruling[] }} HistoryPage
 * @typedef {{ ok: boolean, state?: MatchState, view?: View, ruling?: Ruling,
 *   log?: { actions: number, undone: number }, history?: HistoryPage,
 *   error?: { code: string, message: string, field: string | null } }} Response
 */

/**
 * @typedef {{ id: Id, label: string, name: string, colour: string, at: number[], value?: Id }} Ball
 * @typedef {{ id: Id, label: string, at: number[] }} Spot
 * @typedef {{ from: string, balls?: Id[], ball?: Id, map?: Record<string, Id>, fallback?: string }} FieldSource
 * @typedef {{ label: string, field: string | null, sets: Record<string, unknown> }} Miss
 * @typedef {{ action: string, balls: Ball[], cue: { at: number[] } | null, pockets: Option[],
 *   house: boolean, spots: Spot[], pyramid: number, fields: Record<string, FieldSource>,
 *   chips: string[], miss: Miss | null }} TableDecl
 */

export {};
