// @ts-check
// Shapes of the quiz pages: the quiz embedded in the page
// (sitebuild/quiz/render.py payload()), a variant (quiz-variant.js), what the
// page remembers (quiz-store.js), and the тренажёр's engine replies
// (rules_pkg/trainer.py). Types only: checked by `tsc --noEmit`, nothing here runs.

/**
 * @typedef {"single" | "multiple" | "truefalse" | "number" | "ordering"} QuestionType
 * @typedef {"practice" | "exam"} Mode
 */

/**
 * A learner's answer, by question type: single "choice-id", multiple and
 * ordering ["id", ...], truefalse true | false, number an integer.
 * @typedef {string | string[] | boolean | number} Answer
 */

/**
 * The right answer with the type it belongs to (a question's "type" and "answer").
 * @typedef {{ type: "single", answer: string } | { type: "multiple", answer: string[] }
 *   | { type: "truefalse", answer: boolean } | { type: "number", answer: number }
 *   | { type: "ordering", answer: string[] }} Keyed
 */

/**
 * @typedef {{ id: string, text: string, feedback?: string | null }} Choice
 * @typedef {{ id: string, kind: string, kind_name: string, title: string, url: string }} QuizRef
 * @typedef {{ id: string, type_name: string, game: string, game_title: string, text: string[],
 *   situation: string[], choices: Choice[], shuffle: boolean, explanation: string[], engine: string | null,
 *   refs: QuizRef[] }} QuestionBody
 * @typedef {QuestionBody & Keyed} Question
 * @typedef {{ format: string, id: string, title: string, description: string, game: string,
 *   games: string[], count: number, questions: Question[] }} Payload
 */

/**
 * One question of a variant: its id and its choice ids in display order.
 * @typedef {{ id: string, choices: string[] }} VariantItem
 */

/**
 * choice id -> the letter it is shown with (А, Б, В…).
 * @typedef {Record<string, string>} Letters
 */

/**
 * One run of one variant, as saved after every change.
 * @typedef {{ format: string, quiz: string, mode: Mode, seed: number, n: number, order: string[],
 *   answers: Record<string, Answer>, checked: string[], current: number, finished: boolean,
 *   startedAt: number, finishedAt: number | null }} Run
 */

/**
 * A finished run in the list of past results; the tally of a run.
 * @typedef {{ mode: Mode, seed: number, n: number, correct: number, total: number, at: number }} Result
 * @typedef {{ correct: number, unanswered: number, total: number }} Tally
 */

/**
 * The тренажёр: a game it offers (sitebuild/pages/quiz_pages.py trainer_games()), a
 * question of the engine and its verdict (rules_pkg/trainer.py question(), check()).
 * @typedef {import("../lib/types.js").Ref} ClauseRef
 * @typedef {{ id: string, title: string, url: string, refs: Record<string, ClauseRef>,
 *   score: import("../lib/types.js").Score | null }} TrainerGame
 * @typedef {{ id: string, label: string }} TrainerChoice
 * @typedef {{ id: string, game: string, seed: number, kind: string, type: "truefalse" | "number" | "single",
 *   text: string, situation: string[], action: string[], choices: TrainerChoice[] }} TrainerQuestion
 * @typedef {{ ok: true, question: TrainerQuestion }} TrainerQuestionReply
 * @typedef {{ ok: true, question: TrainerQuestion, correct: boolean, answer: string | number,
 *   answer_text: string, ruling: import("../lib/types.js").Ruling }} TrainerCheckReply
 * @typedef {{ ok: false, error: { message: string } }} FailedReply
 */

export {};
