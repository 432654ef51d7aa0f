// The phone's tabs decided from numbers (docs/assets/js/page/layout-core.js): the
// tab a page opens on, a tab's click, a kept block's drift, the tool a reload keeps.
import assert from "node:assert/strict";
import { test } from "node:test";

import { driftOf, parseKeptTop, readingLine, storedTab, tabStep, toolTab } from "../../docs/assets/js/page/layout-core.js";

test("a page opens on «Счёт» only where the reader left it there", () => {
  assert.equal(storedTab("tools"), "tools");
  assert.equal(storedTab("rules"), "rules");
  assert.equal(storedTab(null), "rules");
  assert.equal(storedTab("Tools"), "rules");
  assert.equal(storedTab("calculator"), "calculator");
});

test("a link that names a tool opens that tool's tab, whatever was left", () => {
  assert.equal(storedTab("tools", "rb-calculator-kovboy"), "calculator");
  assert.equal(storedTab("rules", "rb-scorekeeper-kaiza"), "tools");
  assert.equal(storedTab("calculator", "kovboy-rule-4"), "calculator"); // a clause: fragment-target.js shows «Правила»
  assert.equal(toolTab("calculator"), "calculator");
  assert.equal(toolTab("scorekeeper"), "tools");
});

test("a tab's click: nothing on the tab shown, the first «Счёт» at its top, else where it was left", () => {
  assert.equal(tabStep("rules", "rules", 0), null);
  assert.equal(tabStep("tools", "tools", 300), null);
  assert.deepEqual(tabStep("rules", "tools", 0), { next: "tools", first: true });
  assert.deepEqual(tabStep("rules", "tools", 300), { next: "tools", first: false });
  assert.deepEqual(tabStep("tools", "rules", 0), { next: "rules", first: false });
  assert.deepEqual(tabStep("tools", "", 0), { next: "rules", first: false }); // a tab without a name is «Правила»
  assert.deepEqual(tabStep("tools", "calculator", 0), { next: "calculator", first: true });
});

test("a kept block is brought back by a pixel or more, not by less", () => {
  assert.equal(driftOf(140, 100), 40);
  assert.equal(driftOf(60, 100), -40);
  assert.equal(driftOf(100.6, 100), 0);
  assert.equal(driftOf(99, 100), -1);
  assert.equal(driftOf(NaN, 100), 0);
});

test("the reading line is halfway between the bars and the screen's bottom", () => {
  assert.equal(readingLine(100, 740), 420);
  assert.equal(readingLine(0, 800), 400);
});

test("the tool kept for a reload: read back as written, a damaged record is none", () => {
  assert.deepEqual(parseKeptTop('{"id":"scorekeeper","top":-20.5,"height":4200}'),
    { id: "scorekeeper", top: -20.5, height: 4200 });
  assert.deepEqual(parseKeptTop('{"id":"calc","top":10}'), { id: "calc", top: 10, height: 0 }); // the height unknown
  assert.equal(parseKeptTop('{"id":"calc","top":10,"height":9e9}')?.height, 1e6);
  assert.equal(parseKeptTop('{"id":"calc","top":10,"height":-5}')?.height, 0);
  assert.equal(parseKeptTop('{"id":"calc","top":10,"height":"7"}')?.height, 0);
  assert.equal(parseKeptTop(null), null);
  assert.equal(parseKeptTop(""), null);
  assert.equal(parseKeptTop("{not json"), null);
  assert.equal(parseKeptTop('{"id":3,"top":10}'), null);
  assert.equal(parseKeptTop('{"id":"calc","top":"10"}'), null);
  assert.equal(parseKeptTop("42"), null);
});
