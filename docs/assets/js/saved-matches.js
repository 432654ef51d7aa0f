// The matches of one game saved on this device: one localStorage key per
// match, so a damaged record never takes the others with it.
//
//   rules-site:match/v2:<game>:<id>   a record (below), written after every action
//   rules-site:match/v2-open:<game>   the id of the match on screen: reopened after a reload
//
// Record: {format: RECORD_FORMAT, id, game, created, updated (ISO dates),
//          summary: {players, scores | null, finished, winner, records, status},
//          state: the engine's match state (ARCHITECTURE.md, "State")}.
// The summary lets the list show a match before the engine has loaded; the
// state is the only thing the engine reads (match.view validates it).
//
// Version 1 of the site kept one match per game under rules-site:match:<game>
// (and an unreadable one under ...:corrupt); migrateV1() turns those into
// records, readable or not, and deletes nothing it could not carry over.

import { keysStartingWith, loadJSON, loadRaw, remove, saveJSON, saveRaw } from "./storage.js";

export const RECORD_FORMAT = "rules-site.saved-match/2";
const FORMAT_RE = /^rules-site\.saved-match\/(\d+)$/;
const ID_RE = /^[a-z0-9]{4,40}$/;

const recordPrefix = (game) => `match/v2:${game}:`;
const recordKey = (game, id) => `${recordPrefix(game)}${id}`;
const openKey = (game) => `match/v2-open:${game}`;

export function newId() {
  const random = new Uint32Array(2);
  crypto.getRandomValues(random);
  return Date.now().toString(36) + random[0].toString(36) + random[1].toString(36);
}

function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// What is wrong with a parsed record, in Russian; "" when it looks right.
function recordProblem(value, game, id) {
  if (!isObject(value)) return "Запись повреждена: в ней нет данных партии.";
  const format = FORMAT_RE.exec(typeof value.format === "string" ? value.format : "");
  if (!format) return "Запись сделана в неизвестном формате.";
  if (Number(format[1]) > 2) {
    return "Запись сделана более новой версией сайта; эта версия не умеет её открыть. Обновите страницу.";
  }
  if (Number(format[1]) < 2) return "Запись сделана устаревшей версией сайта в формате, который больше не читается.";
  if (value.id !== id || value.game !== game) return "Запись повреждена: она не совпадает со своим местом в памяти.";
  if (!isObject(value.state)) return "Запись повреждена: в ней нет состояния партии.";
  if (!isObject(value.summary) || !Array.isArray(value.summary.players)) {
    return "Запись повреждена: нет списка игроков.";
  }
  return "";
}

// -> {id, ok: true, record} | {id, ok: false, problem, raw}
function entry(game, id) {
  const loaded = loadJSON(recordKey(game, id));
  if (loaded.status === "missing" || loaded.status === "unavailable") return null;
  if (loaded.status === "corrupt") {
    return { id, ok: false, problem: "Запись повреждена и не читается.", raw: loaded.raw };
  }
  const problem = recordProblem(loaded.value, game, id);
  if (problem) return { id, ok: false, problem, raw: loaded.raw };
  return { id, ok: true, record: loaded.value };
}

export function readMatch(game, id) {
  if (!ID_RE.test(id || "")) return null;
  return entry(game, id);
}

// Every saved match of the game: readable ones by last change (newest
// first), then the damaged ones.
export function listMatches(game) {
  const ids = keysStartingWith(recordPrefix(game)).map((k) => k.slice(recordPrefix(game).length));
  const entries = ids.map((id) => (ID_RE.test(id) ? entry(game, id) : {
    id, ok: false, problem: "Запись повреждена: неверный ключ.", raw: loadRaw(recordKey(game, id)),
  })).filter(Boolean);
  const time = (e) => Date.parse(e.record.updated) || 0;
  return [
    ...entries.filter((e) => e.ok).sort((a, b) => time(b) - time(a)),
    ...entries.filter((e) => !e.ok),
  ];
}

export function summaryOf(state, view) {
  const players = view && Array.isArray(view.players)
    ? view.players.map((p) => String(p.name))
    : (Array.isArray(state.players) ? state.players.map(String) : []);
  const scores = view && Array.isArray(view.players) && view.players.every((p) => typeof p.score === "number")
    ? view.players.map((p) => p.score) : null;
  return {
    players,
    scores,
    finished: Boolean(view && view.finished),
    winner: view && Number.isInteger(view.winner) ? view.winner : null,
    records: Array.isArray(state.actions) ? state.actions.length : 0,
    status: view && typeof view.status === "string" ? view.status : "",
  };
}

// Writes a match; id null makes a new record. -> {ok, id, record}
export function saveMatch(game, id, state, view) {
  const matchId = id || newId();
  const old = id ? entry(game, id) : null;
  const now = new Date().toISOString();
  const record = {
    format: RECORD_FORMAT,
    id: matchId,
    game,
    created: old && old.ok ? old.record.created : now,
    updated: now,
    summary: summaryOf(state, view),
    state,
  };
  return { ok: saveJSON(recordKey(game, matchId), record), id: matchId, record };
}

export function deleteMatch(game, id) {
  remove(recordKey(game, id));
  if (openMatchId(game) === id) setOpenMatch(game, null);
}

export function openMatchId(game) {
  const id = loadRaw(openKey(game));
  return id && ID_RE.test(id) ? id : null;
}

export function setOpenMatch(game, id) {
  if (id) saveRaw(openKey(game), id);
  else remove(openKey(game));
}

// Moves version 1's single saved match (and its set-aside unreadable copy)
// into records. The match that was on screen stays on screen.
export function migrateV1(game) {
  for (const [suffix, reopen] of [["", true], [":corrupt", false]]) {
    const oldKey = `match:${game}${suffix}`;
    const raw = loadRaw(oldKey);
    if (raw === null) continue;
    const id = newId();
    const now = new Date().toISOString();
    let state = null;
    try {
      state = JSON.parse(raw);
    } catch {
      state = null;
    }
    const saved = isObject(state)
      ? saveJSON(recordKey(game, id), {
        format: RECORD_FORMAT, id, game, created: now, updated: now, summary: summaryOf(state, null), state,
      })
      : saveRaw(recordKey(game, id), raw); // unreadable: kept as it was, listed as damaged
    if (!saved) continue; // no room: leave the old key alone rather than lose it
    remove(oldKey);
    if (reopen) setOpenMatch(game, id);
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// How a shared state relates to a saved one:
//   "same"  — the same players, options and actions;
//   "ahead" — the same match with more actions (the saved one is behind);
//   null    — a different match.
export function relation(saved, shared) {
  if (!isObject(saved) || !isObject(shared)) return null;
  if (saved.game !== shared.game || !same(saved.players, shared.players) || !same(saved.options, shared.options)) {
    return null;
  }
  const a = Array.isArray(saved.actions) ? saved.actions : [];
  const b = Array.isArray(shared.actions) ? shared.actions : [];
  if (a.length > b.length || !a.every((action, i) => same(action, b[i]))) return null;
  return a.length === b.length ? "same" : "ahead";
}
