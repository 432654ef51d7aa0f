import assert from "node:assert/strict";
import { test } from "node:test";

import { revealDelta } from "../../docs/assets/js/match-reveal.js";

const room = { top: 99, bottom: 785 }; // under a 99 px header and tab bar, over a 59 px record bar on 844 px

test("a region already between the bars does not move the page", () => {
  assert.equal(revealDelta({ top: 112, bottom: 321 }, room), 0);
  assert.equal(revealDelta({ top: 99, bottom: 785 }, room), 0);
});

test("a region under the bars above comes down just below them", () => {
  // «Кладка»: the board 12 px above the screen after the first stroke's swipe
  assert.equal(revealDelta({ top: -12, bottom: 200 }, room), -111);
});

test("a region under the record bar comes up just above it", () => {
  assert.equal(revealDelta({ top: 600, bottom: 900 }, room), 115);
});

test("a region taller than the room keeps its top at the room's top", () => {
  assert.equal(revealDelta({ top: 300, bottom: 1200 }, room), 201);
  assert.equal(revealDelta({ top: 50, bottom: 1200 }, room), -49);
});

test("an empty room or a region without height moves nothing", () => {
  assert.equal(revealDelta({ top: 10, bottom: 20 }, { top: 100, bottom: 100 }), 0);
  assert.equal(revealDelta({ top: Number.NaN, bottom: 20 }, room), 0);
});

test("the status, board, verdict and next input that fit together are revealed together", async () => {
  const { readingDelta } = await import("../../docs/assets/js/match-reveal.js");
  // «Ковбой» at 1280 × 800: the drawing's bottom 19 px under the record bar (walker seed 10)
  assert.equal(readingDelta({ status: { top: 140, bottom: 160 }, board: { top: 185, bottom: 335 }, end: { top: 500, bottom: 761 } },
    { top: 48, bottom: 742 }), 19);
  // already between the bars: nothing moves
  assert.equal(readingDelta({ status: { top: 111, bottom: 160 }, board: { top: 162, bottom: 217 }, end: { top: 454, bottom: 700 } }, room), 0);
});

test("without room for the status line the board leads; without room for both, a decision's choices do", async () => {
  const { readingDelta } = await import("../../docs/assets/js/match-reveal.js");
  // 686 px of room: status 60 px + board…input 660 px does not fit, board…input does
  assert.equal(readingDelta({ status: { top: 140, bottom: 200 }, board: { top: 200, bottom: 260 }, end: { top: 600, bottom: 860 } }, room), 75);
  // «По часовой стрелке» at 360 × 740 after «Начать партию»: board…choices 688 px in 582; the choices end on the bar
  const small = { top: 99, bottom: 681 };
  assert.equal(readingDelta({ status: { top: 123, bottom: 160 }, board: { top: 162, bottom: 250 }, end: { top: 450, bottom: 850 },
    decision: true }, small), 169);
  // a drawing that does not fit with the board: the board and the verdict at the room's top
  assert.equal(readingDelta({ status: { top: 123, bottom: 160 }, board: { top: 162, bottom: 250 }, end: { top: 450, bottom: 850 } }, small), 63);
});

test("the chips beside the drawing come with it when they fit; the input's first part when they do not", async () => {
  const { readingDelta } = await import("../../docs/assets/js/match-reveal.js");
  const status = { top: 111, bottom: 160 }, board = { top: 162, bottom: 217 };
  // «По часовой стрелке»: the «noticed» chips 31 px under the record bar
  assert.equal(readingDelta({ status, board, end: { top: 454, bottom: 700 }, full: { top: 454, bottom: 816 } }, room), 31);
  // «Кладка»: the chips end 200 px too low even from the board: only the drawing's tools are sure to be seen
  assert.equal(readingDelta({ status, board, end: { top: 454, bottom: 700 }, full: { top: 454, bottom: 1100 } }, room), 0);
});

test("the summary above the status line shows 24 px of itself, never a sliver under the tab bar", async () => {
  const { readingDelta, TARGET_PX } = await import("../../docs/assets/js/match-reveal.js");
  // after «Начать партию»: the status at 111, the summary (50 px) 12 px below the tab bar
  const delta = readingDelta({ status: { top: 111, bottom: 160 }, board: { top: 162, bottom: 217 },
    end: { top: 454, bottom: 700 }, above: { top: 61, bottom: 111 } }, room);
  assert.equal(111 - delta - room.top, TARGET_PX);
  // a small summary is shown whole
  assert.equal(readingDelta({ status: { top: 140, bottom: 160 }, board: { top: 162, bottom: 217 },
    end: { top: 454, bottom: 700 }, above: { top: 120, bottom: 140 } }, room), 0);
});

test("without room for the drawing's tools the board and the drawing stay whole", async () => {
  const { readingDelta } = await import("../../docs/assets/js/match-reveal.js");
  // «Ковбой», four players at 360 × 740: board…tools 600 px in 582, board…drawing 556 px
  const small = { top: 99, bottom: 681 };
  const parts = { status: { top: 60, bottom: 98 }, board: { top: 99, bottom: 172 }, end: { top: 470, bottom: 699 },
    core: { top: 470, bottom: 655 } };
  assert.equal(readingDelta(parts, small), 0);
});

test("a row of buttons the record bar would cut goes wholly under it", async () => {
  const { readingDelta } = await import("../../docs/assets/js/match-reveal.js");
  const small = { top: 99, bottom: 681 };
  // the drawing ends at 655, its tools 660…700 would stand across the bar's top (681): they go under it
  const delta = readingDelta({ status: { top: 60, bottom: 98 }, board: { top: 99, bottom: 172 },
    end: { top: 470, bottom: 700 }, core: { top: 470, bottom: 655 }, row: { top: 660, bottom: 700 } }, small);
  assert.equal(delta, -21);
  assert.ok(655 - delta <= small.bottom && 99 - delta >= small.top);
});

test("no target is left cut by a bar: the page moves the least way that clears them all", async () => {
  const { uncutDelta } = await import("../../docs/assets/js/match-reveal.js");
  const screen = { top: 0, bottom: 844 };
  // A check box 10 px over the record bar's edge (the a11y run's «карамболь»): 10 px
  // less and it is under the bar, 14 px more and all of it shows; the smaller move wins.
  const box = { top: 775, bottom: 799 };
  assert.equal(uncutDelta(0, [box], room, screen), -10);
  // 30 px of a 48 px select show: enough, nothing moves.
  assert.equal(uncutDelta(0, [{ top: 755, bottom: 803 }], room, screen), 0);
  // Two cut at once: hiding both takes 23 px, showing both 17 px (the second move
  // brings the third one up after the second one).
  const chips = [{ top: 734, bottom: 758 }, { top: 762, bottom: 786 }, { top: 778, bottom: 802 }];
  const d = uncutDelta(0, chips, room, screen);
  assert.equal(d, 17);
  for (const t of chips) {
    const shown = Math.min(t.bottom - d, room.bottom) - Math.max(t.top - d, room.top);
    assert.ok(shown <= 0 || shown >= 24, `${shown} px of a chip show`);
  }
  // At the top edge: 5 px of a button under the header; it goes under it (5 px) rather
  // than coming into view (19 px).
  assert.equal(uncutDelta(0, [{ top: 80, bottom: 104 }], room, screen), 5);
  // Where the page cannot scroll (at its end), the other way is taken, or nothing moves.
  assert.equal(uncutDelta(0, [box], room, screen, { min: 0, max: 0 }), 0);
  assert.equal(uncutDelta(0, [box], room, screen, { min: 0, max: 100 }), 14);
  // A target taller than its least size shows 24 px at least when cut.
  assert.equal(uncutDelta(0, [{ top: 770, bottom: 900 }], room, screen), 9);
});

test("a target under a bar is wholly under it, not half off the screen", async () => {
  const { uncutDelta } = await import("../../docs/assets/js/match-reveal.js");
  const screen = { top: 0, bottom: 844 };
  // «Кладка» after an undo: a 44 px select under the 59 px record bar, 7 px of it past
  // the screen's bottom (axe: 14 px bare under the bar's buttons). 7 px up and the bar covers it.
  const select = { top: 807, bottom: 851 };
  assert.equal(uncutDelta(0, [select], room, screen), 7);
  // Wholly under the bar, or wholly past the screen: nothing to do.
  assert.equal(uncutDelta(0, [{ top: 790, bottom: 834 }, { top: 850, bottom: 894 }], room, screen), 0);
  // Under the header, half off the screen's top: it goes off it, or down under the header.
  assert.equal(uncutDelta(0, [{ top: -10, bottom: 34 }], room, screen), -10);
});
