// Opening a shared match link without a DOM (docs/assets/js/scorekeeper/match-import-choice.js):
// the link read or refused, the words while the engine loads or refuses, and
// what the preview offers against the matches saved on this device.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  importOffer, readSharedLink, refusedMessage, showsMatch, waitingMessage,
} from "../../docs/assets/js/scorekeeper/match-import-choice.js";
import { encodeMatch } from "../../docs/assets/js/scorekeeper/match-link.js";

const GAME = { id: "kovboy", title: "Ковбой" };
const shot = (n) => ({ type: "shot", contacts: [n] });
const STATE = { format: "rules_pkg.match/1", game: "kovboy", players: ["Аня", "Борис"], options: {},
  actions: [shot(3), shot(4), shot(5)], undone: [] };

/** A readable saved entry as listMatches() returns it. */
const entry = (id, state) => ({ id, ok: true, record: { id, game: state.game, state, summary: { records: state.actions.length } } });

test("a link of this game gives its state", async () => {
  const link = await readSharedLink(`#${await encodeMatch(STATE)}`, GAME);
  assert.deepEqual(link, { ok: true, state: STATE });
});

test("a damaged link and another game's link are refused with their reason", async () => {
  const damaged = await readSharedLink("#match=9zAAAA", GAME);
  assert.equal(damaged.ok, false);
  assert.equal(damaged.message, "Партию из ссылки открыть не удалось: ссылка сделана другой версией сайта. Попросите прислать ссылку ещё раз.");
  const empty = await readSharedLink("#other=1", GAME);
  assert.match(empty.message, /^Партию из ссылки открыть не удалось: в ссылке нет партии\. /);
  const other = await readSharedLink(`#${await encodeMatch({ ...STATE, game: "piramida" })}`, GAME);
  assert.deepEqual(other, { ok: false,
    message: "Эта ссылка — на партию другой игры, а на этой странице — «Ковбой». Откройте ссылку целиком, как её прислали." });
});

test("the engine's answer: shown, refused, or not loaded yet", () => {
  assert.equal(showsMatch({ ok: true, view: { players: [] } }), true);
  assert.equal(showsMatch({ ok: true }), false);
  assert.equal(showsMatch({ ok: false, error: { code: "input", message: "Нет такого шара." } }), false);
  assert.equal(showsMatch(null), false);
  assert.equal(refusedMessage({ ok: false, error: { code: "input", message: "Нет такого шара." } }),
    "Партия в ссылке не открывается. Нет такого шара. Попросите прислать ссылку ещё раз.");
  assert.equal(waitingMessage(new Error("Правила ещё не загрузились.")),
    "Правила ещё не загрузились. Партия из ссылки откроется, когда загрузятся правила.");
});

test("a match saved here with the same records is opened, not saved again", () => {
  const offer = importOffer([entry("b", { ...STATE, players: ["Вера", "Глеб"] }), entry("a", STATE)], STATE);
  assert.deepEqual(offer, { kind: "same", id: "a", message: "Эта партия уже сохранена на этом устройстве, в ней те же записи." });
});

test("a match saved here with fewer records can be updated", () => {
  const behind = { ...STATE, actions: STATE.actions.slice(0, 1) };
  const offer = importOffer([{ id: "x", ok: false, problem: "Запись повреждена.", raw: null }, entry("c", behind)], STATE);
  assert.equal(offer.kind, "behind");
  assert.equal(offer.id, "c");
  assert.equal(offer.message, "Эта партия уже есть на этом устройстве, но в ней меньше записей: 1 из 3. Обновить её по ссылке?");
  // The same records win over fewer ones, wherever they are in the list.
  assert.equal(importOffer([entry("c", behind), entry("a", STATE)], STATE).kind, "same");
});

test("a match not saved here (or saved with more records) is offered as new", () => {
  const newer = { ...STATE, actions: [...STATE.actions, shot(6)] };
  for (const entries of [[], [entry("d", newer)], [entry("e", { ...STATE, options: { fouls: 1 } })]]) {
    assert.deepEqual(importOffer(entries, STATE), { kind: "new",
      message: "Сохранить эту партию на этом устройстве? Партии, которые уже здесь сохранены, не изменятся." });
  }
});
