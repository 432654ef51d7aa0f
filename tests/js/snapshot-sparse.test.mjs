// The memory snapshot's stored form without zero pages (docs/assets/engine/snapshot.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";

import { withoutZeroPages, withZeroPages } from "../../docs/assets/engine/snapshot.mjs";

const PAGE = 4096;

/** A memory of `pages` pages (the last one `tail` bytes short) with data on the pages `full`. */
function memory(pages, full, tail = 0) {
  const data = new Uint8Array(pages * PAGE - tail);
  for (const page of full) {
    for (let i = page * PAGE; i < Math.min((page + 1) * PAGE, data.length); i += 97) data[i] = (i * 31 + 7) % 255 + 1;
  }
  return data;
}

const roundTrip = (data) => withZeroPages(withoutZeroPages(data).slice().buffer);

test("the zero pages are left out and put back, byte for byte", () => {
  for (const [pages, full, tail] of [[8, [0, 1, 2, 5, 7], 0], [8, [], 0], [3, [0, 1, 2], 0], [5, [4], 1000], [1, [0], 4095], [0, [], 0]]) {
    const data = memory(pages, full, tail);
    const stored = withoutZeroPages(data);
    const nonZeroBytes = full.reduce((n, p) => n + Math.min(PAGE, data.length - p * PAGE), 0);
    assert.ok(stored.length <= 8 + 8 * full.length + nonZeroBytes, `${pages} pages: ${stored.length}`);
    assert.deepEqual(roundTrip(data), data);
  }
});

test("one byte in a page keeps the whole page; neighbouring pages are one run", () => {
  const data = new Uint8Array(4 * PAGE);
  data[PAGE + 4095] = 1;
  data[2 * PAGE] = 2;
  const stored = withoutZeroPages(data);
  const view = new DataView(stored.buffer);
  assert.deepEqual([view.getUint32(0, true), view.getUint32(4, true), view.getUint32(8, true), view.getUint32(12, true)],
    [4 * PAGE, 1, PAGE, 3 * PAGE]);
  assert.equal(stored.length, 16 + 2 * PAGE);
  assert.deepEqual(roundTrip(data), data);
});

test("bytes that are not a sparse snapshot are refused, never restored", () => {
  const good = withoutZeroPages(memory(6, [1, 3, 4])).slice();
  const cases = {
    empty: new Uint8Array(0),
    "cut short": good.slice(0, good.length - 1),
    "one byte too many": new Uint8Array([...good, 0]),
    "a run beyond the memory": (() => { const b = good.slice(); new DataView(b.buffer).setUint32(0, PAGE, true); return b; })(),
    "runs out of order": (() => { const b = good.slice(); const v = new DataView(b.buffer); v.setUint32(16, 0, true); return b; })(),
    "more runs than bytes": (() => { const b = good.slice(); new DataView(b.buffer).setUint32(4, 1e6, true); return b; })(),
  };
  for (const [name, bytes] of Object.entries(cases)) {
    assert.throws(() => withZeroPages(bytes.buffer), /not a sparse snapshot/, name);
  }
});
