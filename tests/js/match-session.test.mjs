// The scorekeeper's DOM-free session (docs/assets/js/scorekeeper/match-session.js)
// against the real engine and the real saved-match records (saved-matches.js
// over an in-memory localStorage): the requests each action sends, the state
// after each answer, what is saved, and the refusals — a shot the engine
// refuses, no match open, a damaged record, an engine that has not loaded.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, test } from "node:test";

import { createMatchSession, FULL_HISTORY, STORAGE_WARNING } from "../../docs/assets/js/scorekeeper/match-session.js";
import { decodeMatch } from "../../docs/assets/js/scorekeeper/match-link.js";
import { OTHER_TAB_WRITE } from "../../docs/assets/js/scorekeeper/match-session-saved.js";
import * as saved from "../../docs/assets/js/scorekeeper/saved-matches.js";
import { api, ROOT } from "./engine.mjs";

class MemoryStorage {
  constructor() {
    this.items = new Map();
    this.full = false; // setItem throws, as a full quota does
  }
  get length() { return this.items.size; }
  key(i) { return [...this.items.keys()][i] ?? null; }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) {
    if (this.full) throw new Error("QuotaExceededError");
    this.items.set(key, String(value));
  }
  removeItem(key) { this.items.delete(key); }
}
const storage = new MemoryStorage();
globalThis.window = { localStorage: storage }; // what storage.js reads
beforeEach(() => {
  storage.items.clear();
  storage.full = false;
});

const GAME = { id: "kovboy", title: "Ковбой" };
const PLAYERS = ["Аня", "Борис"];
const shot = (contacts, pocketed = [], more = {}) => ({ type: "shot", contacts, pocketed, ...more });
const copy = (value) => JSON.parse(JSON.stringify(value));

/** The engine as the page calls it, with every request kept. */
function engine({ loaded = () => true, answer = (request) => api(request) } = {}) {
  const requests = [];
  const call = async (request) => {
    requests.push(copy(request));
    if (!loaded()) throw new Error("Правила ещё не загрузились.");
    return answer(copy(request));
  };
  return { requests, call };
}

async function started(options = {}) {
  const e = engine(options);
  const session = createMatchSession({ game: GAME, call: e.call });
  const outcome = await session.start(PLAYERS, {});
  assert.ok(outcome && outcome.ok, JSON.stringify(outcome));
  return { session, ...e };
}

test("a new match: the request, the state kept and the record saved", async () => {
  const { session, requests } = await started();
  assert.deepEqual(requests, [{ op: "match.new", game: "kovboy", players: PLAYERS }]); // no options, no want
  assert.deepEqual(session.state.players, PLAYERS);
  assert.deepEqual(session.state.actions, []);
  assert.equal(session.view.players.length, 2);
  assert.equal(session.last, null);
  const entry = saved.readMatch("kovboy", session.matchId);
  assert.ok(entry.ok);
  assert.deepEqual(entry.record.state, session.state);
  assert.equal(saved.openMatchId("kovboy"), session.matchId, "a reload reopens it");
});

test("play, undo and redo send the state and take the engine's answer", async () => {
  const { session, requests } = await started();
  const before = session.state;
  const played = await session.play(shot([3], [3]));
  assert.ok(played.ok);
  const request = requests.at(-1);
  assert.equal(request.op, "match.play");
  assert.deepEqual(request.state, before);
  assert.deepEqual(request.action, shot([3], [3]));
  assert.deepEqual(request.want, { history: { last: 5 } });
  assert.equal(session.state.actions.length, 1);
  assert.equal(session.last.note, "");
  assert.equal(session.last.undone, false);
  assert.equal(session.last.ruling.summary, played.response.ruling.summary);
  assert.equal(saved.readMatch("kovboy", session.matchId).record.summary.records, 1);

  await session.play(shot([1, 5]));
  const undone = await session.undo();
  assert.ok(undone.ok);
  assert.equal(requests.at(-1).op, "match.undo");
  assert.equal(session.last.note, "Отменена запись № 2:");
  assert.equal(session.last.undone, true);
  assert.deepEqual(session.undone, [undone.response.ruling]);
  assert.equal(session.state.actions.length, 1);
  assert.equal(session.state.undone.length, 1);
  assert.equal(session.view.can_redo, true);

  await session.redo();
  assert.equal(session.last.note, "Возвращена запись № 2:");
  assert.deepEqual(session.undone, []);
  assert.deepEqual(session.state.undone, []);
  assert.equal(session.history().total, 2);
  // The kept state is exactly the engine's.
  assert.deepEqual(session.state, api({ op: "match.view", state: session.state, want: { state: true } }).state);
});

test("an impossible shot is refused with the field it names; the match is unchanged", async () => {
  const { session } = await started();
  const state = session.state;
  const outcome = await session.play(shot([3], [3], { jumped: [3] }));
  assert.equal(outcome.ok, false);
  assert.equal(outcome.field, "action.jumped");
  assert.match(outcome.message, /Шар 3/);
  assert.equal(session.state, state);
  assert.equal(saved.readMatch("kovboy", session.matchId).record.summary.records, 0);
});

test("nothing is sent without a match, and nothing is taken once the page is gone", async () => {
  const e = engine();
  let alive = true;
  const session = createMatchSession({ game: GAME, call: e.call, alive: () => alive });
  assert.equal(await session.play(shot([3])), null);
  assert.equal(await session.undo(), null);
  assert.equal(await session.decide("continue"), null);
  assert.equal(e.requests.length, 0);
  await session.start(PLAYERS, {});
  const state = session.state;
  alive = false;
  assert.equal(await session.play(shot([3], [3])), null);
  assert.equal(session.state, state);
});

test("a refused new match keeps the match that was open", async () => {
  const { session, requests } = await started();
  const { matchId, state } = session;
  const outcome = await session.start(["Аня"], { nonsense: 1 });
  assert.equal(outcome.ok, false);
  assert.ok(outcome.message);
  assert.deepEqual(requests.at(-1).options, { nonsense: 1 });
  assert.equal(session.matchId, matchId);
  assert.equal(session.state, state);
});

test("a local copy that disagrees with `log` asks for the engine's state", async () => {
  let tamper = true;
  const answer = (request) => {
    const response = api(request);
    if (tamper && request.op === "match.play") {
      tamper = false;
      return { ...response, log: { actions: 7, undone: 0 } };
    }
    return response;
  };
  const { session, requests } = await started({ answer });
  await session.play(shot([3], [3]));
  assert.equal(requests.length, 3);
  assert.deepEqual(requests[2].want, { history: { last: 5 }, state: true });
  assert.equal(session.state.actions.length, 1);
});

test("a damaged record: refused before the engine, listed as broken, deletable", async () => {
  storage.setItem("rules-site:match/v2:kovboy:abcd1234", "{not json");
  saved.setOpenMatch("kovboy", "abcd1234");
  const e = engine();
  const session = createMatchSession({ game: GAME, call: e.call });
  assert.equal(session.initial(), "abcd1234");
  const opening = session.open("abcd1234");
  assert.deepEqual(opening, { kind: "broken", problem: "Запись повреждена и не читается." });
  assert.equal(e.requests.length, 0);
  assert.equal(session.markBroken("abcd1234", opening.problem), false, "no other match to open");
  assert.equal(saved.openMatchId("kovboy"), null, "not reopened after a reload");
  assert.equal(session.savedList().broken.get("abcd1234"), opening.problem);
  session.deleteBroken();
  assert.equal(saved.readMatch("kovboy", "abcd1234"), null);
  assert.equal(session.savedList().entries.length, 0);
  assert.equal(session.open("abcd1234").kind, "missing");
});

test("a record whose state the engine refuses is broken; a good one opens", async () => {
  const { session: first } = await started();
  await first.play(shot([3], [3]));
  const good = first.matchId;
  const bad = saved.saveMatch("kovboy", null, { ...first.state, actions: [{ type: "shot", contacts: "x" }] }, null).id;

  const e = engine();
  const session = createMatchSession({ game: GAME, call: e.call });
  const opening = session.open(bad);
  assert.equal(opening.kind, "opened");
  assert.deepEqual(opening.summary.players, PLAYERS);
  const validation = await opening.validated;
  assert.equal(validation.kind, "broken");
  assert.equal(validation.id, bad);
  assert.ok(validation.problem);
  assert.equal(session.markBroken(bad, validation.problem), true, "the good match can be opened instead");

  const again = session.open(good);
  assert.equal(session.view, null, "the summary only, until the engine answers");
  assert.deepEqual(await again.validated, { kind: "ready" });
  assert.equal(e.requests.at(-1).op, "match.view");
  assert.equal(session.matchId, good);
  assert.equal(session.state.actions.length, 1);
  assert.equal(session.history().items.length, 1);
  assert.equal(saved.openMatchId("kovboy"), good);
});

test("a saved match waits for the engine, and opens once it has loaded", async () => {
  const { session: first } = await started();
  const id = first.matchId;
  let loaded = false;
  const e = engine({ loaded: () => loaded });
  const session = createMatchSession({ game: GAME, call: e.call });
  const validation = await session.open(id).validated;
  assert.equal(validation.kind, "waiting");
  assert.match(validation.message, /^Правила ещё не загрузились\. Сохранённая партия не удалена/);
  assert.ok(saved.readMatch("kovboy", id).ok, "kept");
  loaded = true;
  assert.deepEqual(await session.retryValidation(), { kind: "ready" });
  assert.equal(session.retryValidation(), null, "retried once");
  assert.equal(session.view.players.length, 2);
});

test("a match from a link is adopted over the saved one; a full storage warns once", async () => {
  const { session } = await started();
  const id = session.matchId;
  const shared = api({ op: "match.play", state: session.state, action: shot([3], [3]), want: { state: true } });
  assert.equal(session.adopt(shared.state, shared.view, id, shared), "");
  assert.equal(session.matchId, id);
  assert.equal(saved.readMatch("kovboy", id).record.summary.records, 1);

  storage.full = true;
  assert.equal(await session.play(shot([1, 5])).then((o) => o.warning), STORAGE_WARNING);
  assert.equal(await session.play(shot([1])).then((o) => o.warning), "", "said once");
  assert.equal(session.state.actions.length, 3, "the match goes on in memory");
});

test("another tab's change of this match is taken, other keys are not", async () => {
  const { session } = await started();
  await session.play(shot([3], [3]));
  const key = `rules-site:match/v2:kovboy:${session.matchId}`;
  assert.equal(await session.followOtherTab(key), false, "the same state");
  const other = api({ op: "match.play", state: session.state, action: shot([1, 5]), want: { state: true } });
  saved.saveMatch("kovboy", session.matchId, other.state, other.view);
  assert.equal(await session.followOtherTab("rules-site:match/v2:kovboy:someoneelse"), false);
  assert.equal(session.state.actions.length, 1);
  assert.ok(session.last);
  assert.equal(await session.followOtherTab(key), true);
  assert.deepEqual(session.state, other.state);
  assert.equal(session.view.history_length, 2);
  assert.equal(session.last, null, "the last ruling was this tab's");
});

test("an engine error other than a bad state leaves the saved match alone", async () => {
  const { session: first } = await started();
  const id = first.matchId;
  for (const [code, kind] of [["internal", "failed"], ["state", "failed"], ["input", "broken"], ["saved_state", "broken"]]) {
    const answer = () => ({ ok: false, error: { code, message: "Сбой.", field: null } });
    const session = createMatchSession({ game: GAME, call: engine({ answer }).call });
    const validation = await session.open(id).validated;
    assert.equal(validation.kind, kind, code);
    if (kind === "failed") {
      assert.equal(validation.message, "Сбой. Сохранённая партия не удалена: обновите страницу, чтобы попробовать ещё раз.");
    }
  }
  assert.ok(saved.readMatch("kovboy", id).ok);
});

test("the whole history on request, then with every action", async () => {
  const { session, requests } = await started();
  assert.ok((await session.play(shot([3], [3]))).ok); // a good break, then misses
  for (let i = 0; i < 6; i++) assert.ok((await session.play(shot([]))).ok);
  assert.equal(session.history().items.length, 5);
  assert.equal(session.history().from, 2);
  await session.showAllHistory();
  assert.deepEqual(requests.at(-1).want, { history: { from: 0, to: 7 } });
  assert.equal(session.history().items.length, 7);
  await session.play(shot([]));
  assert.deepEqual(requests.at(-1).want, { history: { last: FULL_HISTORY } });
  assert.equal(session.history().items.length, 8);
});

test("leaving, removing and reopening", async () => {
  const { session } = await started();
  const id = session.matchId;
  assert.equal(session.canReturn(), true);
  session.leave();
  assert.equal(saved.openMatchId("kovboy"), null);
  assert.equal(session.savedList().currentId, id);
  session.resume();
  assert.equal(saved.openMatchId("kovboy"), id);
  assert.equal(createMatchSession({ game: GAME, call: engine().call }).initial(), id);
  assert.equal(session.remove("zzzz9999"), false);
  assert.equal(session.remove(id), true);
  assert.equal(session.state, null);
  assert.equal(session.canReturn(), false);
  saved.setOpenMatch("kovboy", id); // a marker left pointing at nothing
  assert.equal(session.initial(), null);
  assert.equal(saved.openMatchId("kovboy"), null);
});

test("an answer for a match no longer open is dropped", async () => {
  const { session: first } = await started();
  const a = first.matchId;
  await first.start(["Вера", "Глеб"], {});
  const b = first.matchId;
  const session = createMatchSession({ game: GAME, call: engine().call });
  const late = session.open(a).validated;
  const now = session.open(b).validated;
  assert.deepEqual(await late, { kind: "stale" });
  assert.deepEqual(await now, { kind: "ready" });
  assert.equal(session.matchId, b);
  assert.deepEqual(session.view.players.map((p) => p.name), ["Вера", "Глеб"]);
});

test("two tabs on one match: the stale write is refused, the other tab's shot taken, nothing lost", async () => {
  const { session: first } = await started();
  const id = first.matchId;
  const second = createMatchSession({ game: GAME, call: engine().call });
  assert.equal((await second.open(id).validated).kind, "ready");
  const before = saved.readMatch("kovboy", id).record.revision;

  assert.ok((await first.play(shot([3], [3]))).ok);
  assert.equal(saved.readMatch("kovboy", id).record.revision, before + 1, "each write stamps a new revision");
  const refusal = await second.play(shot([1, 5])); // its storage event never came
  assert.equal(refusal.ok, false);
  assert.equal(refusal.message, OTHER_TAB_WRITE);
  assert.equal(refusal.changed, true);
  assert.deepEqual(second.state, first.state, "the other tab's shot is shown");
  assert.deepEqual(saved.readMatch("kovboy", id).record.state, first.state, "and stays saved");

  assert.ok((await second.play(shot([1, 5]))).ok, "the shot again, now over the fresh record");
  assert.deepEqual(saved.readMatch("kovboy", id).record.state.actions, [shot([3], [3]), shot([1, 5])]);
  assert.equal((await first.undo()).changed, true, "the first tab's undo is refused as well");
  assert.equal(first.state.actions.length, 2);
});

test("a write while another tab's change is being followed is refused, not based on the old state", async () => {
  const { session: first } = await started();
  const id = first.matchId;
  const second = createMatchSession({ game: GAME, call: engine().call });
  await second.open(id).validated;
  await first.play(shot([3], [3]));
  const key = `rules-site:match/v2:kovboy:${id}`;
  const [followed, outcome] = await Promise.all([second.followOtherTab(key), second.play(shot([1]))]);
  assert.equal(followed, true);
  assert.equal(outcome.ok, false, "the shot was computed from the state before the other tab's");
  assert.deepEqual(saved.readMatch("kovboy", id).record.state.actions, [shot([3], [3])]);
});

test("a record saved without a revision (the first release of the format) opens and is written on", async () => {
  const { session: first } = await started();
  await first.play(shot([3], [3]));
  const key = `rules-site:match/v2:kovboy:${first.matchId}`;
  const record = JSON.parse(storage.getItem(key));
  delete record.revision;
  storage.setItem(key, JSON.stringify(record));
  const later = createMatchSession({ game: GAME, call: engine().call });
  assert.equal((await later.open(first.matchId).validated).kind, "ready");
  assert.ok((await later.play(shot([1]))).ok);
  assert.equal(saved.readMatch("kovboy", first.matchId).record.revision, 1);
  assert.equal(saved.readMatch("kovboy", first.matchId).record.state.actions.length, 2);
});

const RELEASE_1 = join(ROOT, "tests", "fixtures", "release-1");
const release1 = JSON.parse(readFileSync(join(RELEASE_1, "expected.json"), "utf8"));
const scoresOf = (view) => view.players.map((p) => p.score ?? null);

for (const [gameId, expected] of Object.entries(release1)) {
  test(`a match saved by release 1 loads: ${gameId}, its record and its link`, async () => {
    const id = "release1fixture";
    storage.setItem(`rules-site:match/v2:${gameId}:${id}`, readFileSync(join(RELEASE_1, `${gameId}.record.json`), "utf8").trim());
    const session = createMatchSession({ game: { id: gameId }, call: engine().call });
    const opening = session.open(id);
    assert.equal(opening.kind, "opened");
    assert.deepEqual(opening.summary.scores, expected.scores.every((s) => s !== null) ? expected.scores : null);
    assert.equal((await opening.validated).kind, "ready");
    assert.deepEqual(scoresOf(session.view), expected.scores);
    assert.equal(session.state.actions.length, expected.records);
    assert.equal(session.state.undone.length, expected.undone);

    const shared = await decodeMatch(readFileSync(join(RELEASE_1, `${gameId}.link.txt`), "utf8").trim());
    const view = api({ op: "match.view", state: shared });
    assert.ok(view.ok, JSON.stringify(view));
    assert.deepEqual(scoresOf(view.view), expected.scores);
    assert.equal(shared.actions.length, expected.records);
    assert.equal(saved.relation(session.state, shared), "same", "the link and the record are the same match");
  });
}
