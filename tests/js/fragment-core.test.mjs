// A link's #fragment and the sticky bars' reach (docs/assets/js/page/fragment-core.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { fragmentId, stuckBottom } from "../../docs/assets/js/page/fragment-core.js";

test("the id a hash names, percent-escapes decoded", () => {
  assert.equal(fragmentId("#kovboy-rule-8"), "kovboy-rule-8");
  assert.equal(fragmentId("#%D0%B0-1"), "а-1");
  assert.equal(fragmentId(""), "");
  assert.equal(fragmentId("#"), "");
  assert.equal(fragmentId("#%E0%A4%A"), "%E0%A4%A"); // a malformed escape is the id as written
});

test("the stuck bars' bottom: header and the phone's tab bar under it", () => {
  const header = { position: "sticky", top: 0, height: 48, shown: true };
  const tabs = { position: "sticky", top: 48, height: 51.2, shown: true };
  assert.equal(stuckBottom([header, tabs]), 100);
  assert.equal(stuckBottom([header, { ...tabs, shown: false }]), 48); // a desktop: no tab bar
  assert.equal(stuckBottom([{ ...header, position: "static" }]), 0); // 400 % zoom: nothing sticks
  assert.equal(stuckBottom([{ ...header, position: "fixed", top: NaN }]), 48);
  assert.equal(stuckBottom([]), 0);
});
