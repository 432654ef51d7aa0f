// node --test tests/js/match-link.test.mjs — the share link's decoder in Node
// (Node has CompressionStream / DecompressionStream like the browser).
import assert from "node:assert/strict";
import { test } from "node:test";

import { decodeMatch, encodeMatch, LinkError, MAX_DECODED, MAX_FRAGMENT } from "../../docs/assets/js/scorekeeper/match-link.js";

const STATE = { format: "rules_pkg.match/1", game: "kovboy", players: ["Аня", "Борис"], options: {},
  actions: [{ type: "shot", contacts: [3] }], undone: [] };

async function deflateLink(text) {
  const piped = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(piped).arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `#match=1z${btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

test("a link round-trips a state", async () => {
  const fragment = await encodeMatch(STATE);
  assert.ok(fragment.startsWith("match=1z"));
  assert.deepEqual(await decodeMatch(`#${fragment}`), STATE);
});

test("a small link that inflates past MAX_DECODED is refused before it is all unpacked", async () => {
  const bomb = JSON.stringify({ ...STATE, players: ["x".repeat(20 * MAX_DECODED), "Б"] }); // 40 MB of JSON
  const link = await deflateLink(bomb);
  assert.ok(link.length < MAX_FRAGMENT, `the bomb fits in a link: ${link.length} characters`);
  const before = process.memoryUsage().rss;
  await assert.rejects(decodeMatch(link), (error) => error instanceof LinkError && /слишком большая/.test(error.message));
  assert.ok(process.memoryUsage().rss - before < 100 * 2 ** 20, "the inflate stopped early");
});

test("a link just under the cap still opens", async () => {
  const big = { ...STATE, actions: Array.from({ length: 5000 }, () => ({ type: "shot", contacts: [3], cushion: true })) };
  assert.ok(JSON.stringify(big).length < MAX_DECODED);
  assert.deepEqual(await decodeMatch(await deflateLink(JSON.stringify(big))), big);
});

test("a corrupt link gets a Russian reason", async () => {
  await assert.rejects(decodeMatch("#match=1zAAAA"), (error) => error instanceof LinkError && /повреждена/.test(error.message));
  // A junk or empty body is a damaged link; only another version's digit says «другой версией».
  for (const junk of ["#match=", "#match=hello-world", "#match=1x" + "A".repeat(8)]) {
    await assert.rejects(decodeMatch(junk), (error) => error instanceof LinkError && /повреждена или обрезана/.test(error.message), junk);
  }
  await assert.rejects(decodeMatch("#match=2zAAAA"), (error) => error instanceof LinkError && /другой версией/.test(error.message));
});
