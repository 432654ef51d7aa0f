import assert from "node:assert/strict";
import { test } from "node:test";

import { controlCut, headsAndControlsClear, keepingInRoom, revealDelta, uncutDelta } from "../../docs/assets/js/lib/match-reveal.js";

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
  const { readingDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  // «Ковбой» at 1280 × 800: the drawing's bottom 19 px under the record bar (walker seed 10)
  assert.equal(readingDelta({ status: { top: 140, bottom: 160 }, board: { top: 185, bottom: 335 }, end: { top: 500, bottom: 761 } },
    { top: 48, bottom: 742 }), 19);
  // already between the bars: nothing moves
  assert.equal(readingDelta({ status: { top: 111, bottom: 160 }, board: { top: 162, bottom: 217 }, end: { top: 454, bottom: 700 } }, room), 0);
});

test("the status line's words come on screen when its held box does not fit, its blank under the bars", async () => {
  const { readingDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  // «пробка», three players at 390 × 844 (room 99…785): the box 167…215 with its words at 199…215, the
  // drawing's foot at 882. From the box's top 715 px, from the words' top 683: the drawing's foot on the record bar,
  // the words 3 px below the tab bar.
  const parts = { status: { top: 167, bottom: 215 }, board: { top: 217, bottom: 267 }, end: { top: 652, bottom: 882 } };
  const room390 = { top: 99, bottom: 785 };
  assert.equal(readingDelta({ ...parts, words: { top: 199, bottom: 215 } }, room390), 97);
  // without the words, the board leads and the status line goes wholly under the bars
  assert.ok(readingDelta(parts, room390) >= 116);
});

test("the status line's words stay on screen when the board, the verdict and the drawing fill the room", async () => {
  const { readingDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  // «пробка», three players at 390 × 844 after a foul «д» (a newcomer): the words 183…199, the board 201…251,
  // a foul's taller verdict, the drawing's foot at 889: from the words' top 706 px in a room of 686. The board
  // first put «Банк — 6 очков.» under the tab bar; now the words stand at the room's top and the drawing's
  // foot goes under the record bar (it can be scrolled to; the bank cannot be read anywhere else).
  const parts = { status: { top: 151, bottom: 199 }, words: { top: 183, bottom: 199 }, board: { top: 201, bottom: 251 },
    end: { top: 560, bottom: 889 } };
  const delta = readingDelta(parts, room);
  assert.ok(183 - delta >= room.top && 199 - delta <= room.bottom, `the words at ${183 - delta}…${199 - delta}`);
  assert.equal(delta, 84);
});

test("without room for the status line the board leads; without room for both, a decision's choices do", async () => {
  const { readingDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  // 686 px of room: status 60 px + board…input 660 px does not fit, board…input does; the least move (75)
  // would leave the status line cut by the tab bar (65…125 px over its edge at 99): it goes wholly under it
  assert.equal(readingDelta({ status: { top: 140, bottom: 200 }, board: { top: 200, bottom: 260 }, end: { top: 600, bottom: 860 } }, room), 101);
  // «По часовой стрелке» at 360 × 740 after «Начать партию»: board…choices 688 px in 582; the choices end on the bar
  const small = { top: 99, bottom: 681 };
  assert.equal(readingDelta({ status: { top: 123, bottom: 160 }, board: { top: 162, bottom: 250 }, end: { top: 450, bottom: 850 },
    decision: true }, small), 169);
  // a drawing that does not fit with the board: the status line, the board and the verdict at the room's top
  // (the status line says who plays and the score; the drawing is scrolled to)
  assert.equal(readingDelta({ status: { top: 123, bottom: 160 }, board: { top: 162, bottom: 250 }, end: { top: 450, bottom: 850 } }, small), 24);
  // a status line that does not fit with the board gives way to it
  assert.equal(readingDelta({ status: { top: 123, bottom: 160 }, board: { top: 162, bottom: 710 }, end: { top: 720, bottom: 850 } }, small), 63);
});

test("the chips beside the drawing come with it when they fit; the input's first part when they do not", async () => {
  const { readingDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  const status = { top: 111, bottom: 160 }, board = { top: 162, bottom: 217 };
  // chips 31 px under the record bar; 31 px would cut the status line (80…129 px over the bar's edge at 99):
  // the status line stays and the chips below the drawing's tools are scrolled to (newcomer, 4 December, item 6)
  assert.equal(readingDelta({ status, board, end: { top: 454, bottom: 700 }, full: { top: 454, bottom: 816 } }, room), 0);
  // «Кладка»: the chips end 200 px too low even from the board: only the drawing's tools are sure to be seen
  assert.equal(readingDelta({ status, board, end: { top: 454, bottom: 700 }, full: { top: 454, bottom: 1100 } }, room), 0);
});

test("the drawing's tools' row comes with the drawing before the panel's title is shown (the walk, «Кладка» 1280×800)", async () => {
  const { readingDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  // after «Начать партию» in the desktop's tools column (seed 902): the status line, the board and the drawing
  // fit with the title above them shown whole (-26), but «Ни один шар не упал» (the row, 708…748) then stood
  // under the record bar (733); the title hidden whole (+70) shows the row too
  const parts = { status: { top: 134, bottom: 182 }, board: { top: 185, bottom: 239 }, end: { top: 444, bottom: 810 },
    full: { top: 444, bottom: 989 }, core: { top: 444, bottom: 703 }, row: { top: 708, bottom: 748 },
    above: { top: 38, bottom: 134 } };
  const room = { top: 64, bottom: 733 };
  const delta = readingDelta(parts, room);
  assert.equal(delta, 70);
  assert.ok(parts.row.bottom - delta <= room.bottom && parts.status.top - delta >= room.top);
});

test("the panel's title above the status line is shown whole or hidden whole, whichever moves less", async () => {
  const { readingDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  const board = { top: 162, bottom: 217 }, end = { top: 454, bottom: 700 };
  // after «Начать партию»: the status at 111, the title (50 px) 38 px under the bars: hidden (12 px) beats whole (38)
  const hide = readingDelta({ status: { top: 111, bottom: 160 }, board, end, above: { top: 61, bottom: 111 } }, room);
  assert.equal(hide, 12);
  assert.equal(111 - hide, room.top, "the title's bottom on the bars' edge: nothing of it shows");
  // 10 px of it under the bars: shown whole (the page moves 10 px down) rather than 40 px up
  const show = readingDelta({ status: { top: 139, bottom: 180 }, board: { top: 182, bottom: 237 }, end,
    above: { top: 89, bottom: 139 } }, room);
  assert.equal(show, -10);
  // a title that fits is left alone
  assert.equal(readingDelta({ status: { top: 140, bottom: 160 }, board, end, above: { top: 120, bottom: 140 } }, room), 0);
  // when the whole title does not fit with the input, it is hidden, never cut (the input's bottom at 785)
  const tight = readingDelta({ status: { top: 111, bottom: 160 }, board, end: { top: 454, bottom: 780 },
    above: { top: 61, bottom: 111 } }, room);
  assert.equal(tight, 12);
});

test("without room for the drawing's tools the board and the drawing stay whole", async () => {
  const { readingDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  // «Ковбой», four players at 360 × 740: board…tools 600 px in 582, board…drawing 556 px
  const small = { top: 99, bottom: 681 };
  const parts = { status: { top: 60, bottom: 98 }, board: { top: 99, bottom: 172 }, end: { top: 470, bottom: 699 },
    core: { top: 470, bottom: 655 } };
  assert.equal(readingDelta(parts, small), 0);
});

test("a row of buttons the record bar would cut goes wholly under it", async () => {
  const { readingDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  const small = { top: 99, bottom: 681 };
  // the drawing ends at 655, its tools 660…700 would stand across the bar's top (681): they go under it
  const delta = readingDelta({ status: { top: 60, bottom: 98 }, board: { top: 99, bottom: 172 },
    end: { top: 470, bottom: 700 }, core: { top: 470, bottom: 655 }, row: { top: 660, bottom: 700 } }, small);
  assert.equal(delta, -21);
  assert.ok(655 - delta <= small.bottom && 99 - delta >= small.top);
});

test("no target is left cut by a bar: the page moves the least way that clears them all", async () => {
  const { uncutDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
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
  const { uncutDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
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

test("a whole line (a title, the status line) cut by a bar is shown whole or hidden, a control keeps 24 px", async () => {
  const { uncutDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  const screen = { top: 0, bottom: 844 };
  // the status line 89…134 px, the bar's edge at 99: a control would be left (35 px show), a whole line is not
  assert.equal(uncutDelta(0, [{ top: 89, bottom: 134 }], room, screen), 0);
  const d = uncutDelta(0, [{ top: 89, bottom: 134, whole: true }], room, screen);
  assert.equal(d, -10, "the nearer way: 10 px down shows it whole (35 px up would hide it)");
  // the page cannot move down: it goes wholly under the bar instead
  assert.equal(uncutDelta(0, [{ top: 89, bottom: 134, whole: true }], room, screen, { min: 0, max: 500 }), 35);
});

test("a whole line left a tenth of a pixel over the bar's edge goes wholly under it", async () => {
  const { uncutDelta, readingDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  // the walk, «Ковбой» at 360 × 740: the summary 48.58…99.09 px, the status line under it, the edge at 99
  assert.equal(uncutDelta(0, [{ top: 48.58, bottom: 99.09, whole: true }], room, { top: 0, bottom: 740 }), 1);
  const delta = readingDelta({ status: { top: 302.09, bottom: 350 }, board: { top: 352, bottom: 420 },
    end: { top: 500, bottom: 980 }, above: { top: 251.58, bottom: 302.09 } }, room);
  assert.ok(251.58 - delta < room.top && 302.09 - delta <= room.top, `the summary ends at ${302.09 - delta}`);
});

test("a whole line may lose a pixel of its top to the bar's edge: the page is not moved for it", async () => {
  const { uncutDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  // «Кайза» at 390 × 844 after «Начать партию»: the title hidden to 98.3, the status line from 98.3 (the edge at 99)
  const targets = [{ top: 47.8, bottom: 98.3, whole: true }, { top: 98.3, bottom: 146.7, whole: true }];
  assert.equal(uncutDelta(0, targets, room, { top: 0, bottom: 844 }), 0);
});

test("a control cut by the record bar is cleared even if the status line must then be cut", async () => {
  const { uncutDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  // after ↶ in «По часовой» (test_a11y): the «noticed» box 12 px over the record bar's edge (785), the status
  // line 48 px tall just under the tab bar: no scroll keeps both; the box wins (axe target-size)
  const targets = [{ top: 101, bottom: 149, whole: true, text: true }, { top: 773, bottom: 797 }];
  const d = uncutDelta(0, targets, room, { top: 0, bottom: 844 }, { min: -5, max: 30 });
  const box = { top: 773 - d, bottom: 797 - d };
  assert.ok(box.bottom <= room.bottom + 0.5 || box.top >= room.bottom - 0.5, `the box at ${box.top}…${box.bottom}`);
});

test("the status line is kept rather than the input's lower part (newcomer, 4 December, item 6)", async () => {
  const { readingDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  // «пробка», four players at 390 × 844 after a record: status 48…97, board 99…204, the verdict to 332, the
  // drawing 633…833 (its tools above it): nothing fits from the board either; «Банк — 4 очка» was under the bars
  const delta = readingDelta({ status: { top: 48, bottom: 97 }, board: { top: 99, bottom: 332 }, end: { top: 588, bottom: 833 },
    full: { top: 364, bottom: 894 }, core: { top: 633, bottom: 833 } }, room);
  assert.equal(delta, 48 - room.top);
  // the panel's title just above the status line goes wholly under the bars, not a sliver of it
  // (the walk, «пробка» 360 × 740: axe target-size on the summary): 24.4 px rounds to 24, leaving 0.4 px
  const small = { top: 99, bottom: 681 };
  const under = readingDelta({ status: { top: 123.4, bottom: 172 }, board: { top: 174, bottom: 400 }, end: { top: 600, bottom: 900 },
    core: { top: 600, bottom: 880 }, above: { top: 73.4, bottom: 123.4 } }, small);
  assert.ok(123.4 - under <= small.top + 0.01 && 123.4 - under >= small.top - 1, `the title ends at ${123.4 - under}`);
  // the drawing and its tools fit with the status line, the chips below them only from the board (which hid
  // the status line: 91 px): the status line stays, the chips are scrolled to
  assert.equal(readingDelta({ status: { top: 140, bottom: 190 }, board: { top: 192, bottom: 300 }, end: { top: 400, bottom: 760 },
    full: { top: 400, bottom: 860 }, core: { top: 400, bottom: 720 } }, room), 0);
  // an undo (statusFirst false) keeps the old order: the whole input from the board first, the status line hidden
  assert.equal(readingDelta({ status: { top: 140, bottom: 190 }, board: { top: 192, bottom: 300 }, end: { top: 400, bottom: 760 },
    full: { top: 400, bottom: 860 }, core: { top: 400, bottom: 720 }, statusFirst: false }, room), 91);
});

test("headsUncut: a status line left across the bars' edge is shown whole or hidden, the title above it too", async () => {
  const { headsUncut } = await import("../../docs/assets/js/lib/match-reveal.js");
  const room = { top: 99, bottom: 700 };
  // «пробка» at 390 px (the walk): the reveal moved −281, which left the status line at 77.5…124.8 against 99.
  const status = { top: -203.5, bottom: -156.2 };
  const above = { top: -250, bottom: -206 };
  const moved = headsUncut(-281, [status, above], room);
  const cut = (s) => s.top - moved < room.top - 1 && s.bottom - moved > room.top + 0.01;
  assert.ok(!cut(status) && !cut(above), `moved ${moved}`);
  assert.ok(moved > -281 && moved <= -281 + 30, `the page moved on, a little: ${moved}`);
  assert.equal(headsUncut(-458, [status, above], room), -458, "nothing cut: nothing changes");
});

test("uncutDelta: a check box 0.2 px over the record bar's edge is cut (axe target-size), and goes wholly under it", () => {
  const room = { top: 99, bottom: 680.6 };
  const screen = { top: 0, bottom: 740 };
  const box = { top: 680.4, bottom: 704.4 };
  assert.ok(controlCut(0, [box], room, screen));
  const d = uncutDelta(0, [box], room, screen);
  assert.ok(!controlCut(d, [box], room, screen));
  assert.ok(Math.abs(d) <= 24);
});

test("keepingInRoom: the limits that keep a span between the bars, never excluding the asked move", () => {
  const room = { top: 99, bottom: 681 };
  // a field at 400…440: up to 301 px up (its top at the room's top), down to 241 px (its bottom at the bar)
  assert.deepEqual(keepingInRoom(50, { top: 400.5, bottom: 440.2 }, room), { most: 301, least: -240 });
  // a span already past the bar: the page must move up at least this far; the asked move stays inside
  assert.deepEqual(keepingInRoom(80, { top: 700, bottom: 724 }, room), { most: 601, least: 43 });
  assert.deepEqual(keepingInRoom(10, { top: 700, bottom: 724 }, room), { most: 601, least: 10 });
});

test("headsAndControlsClear: the status line hidden line by line while the tools' row keeps a target's size", () => {
  // «по часовой» at 360 × 740 (the walk, seed 200): «На столе» brings the drawing up 10 px; the status
  // line's three lines stand at the tab bar's edge, the drawing's tools' row just under the record bar.
  const [room, screen] = [{ top: 99, bottom: 681 }, { top: 0, bottom: 740 }];
  const heads = [{ top: 99, bottom: 115 }, { top: 115, bottom: 131 }, { top: 131, bottom: 147 }];
  const tools = [{ top: 684, bottom: 724 }];
  const controls = (d, limits) => uncutDelta(d, tools, room, screen, limits);
  const cut = (d) => controlCut(d, tools, room, screen);
  // No less than the bring-up: two lines go under the bars, the row shows 29 px (10 px cut the first line,
  // hiding it alone left the row 13 px over the bar's edge)
  assert.equal(headsAndControlsClear(10, heads, room, { min: 10, max: 287 }, controls, cut), 32);
  // Free to move less: the nearer clear scroll, nothing moved at all
  assert.equal(headsAndControlsClear(10, heads, room, { min: -Infinity, max: 287 }, controls, cut), 0);
  // Already clear: itself
  assert.equal(headsAndControlsClear(32, heads, room, { min: 10, max: 287 }, controls, cut), 32);
});

test("after an answer: the answer given and the verdict together, else the verdict's first line at the top", async () => {
  const { answeredDelta } = await import("../../docs/assets/js/lib/match-reveal.js");
  const room = { top: 60, bottom: 680 };
  // The whole verdict fits with the answer: the least move that shows both.
  assert.equal(answeredDelta({ top: 300, bottom: 344 }, { top: 500, bottom: 530 }, { top: 500, bottom: 760 }, room), 80);
  // Only its first line fits with the answer: that line comes just over the bar, the answer stays.
  assert.equal(answeredDelta({ top: 300, bottom: 344 }, { top: 700, bottom: 730 }, { top: 700, bottom: 1900 }, room), 50);
  // Nothing fits with the answer (it is far above): the verdict's line at the room's top, as before.
  assert.equal(answeredDelta({ top: -900, bottom: -856 }, { top: 700, bottom: 730 }, { top: 700, bottom: 1900 }, room), 640);
  // No answer control found: the verdict alone.
  assert.equal(answeredDelta(null, { top: 700, bottom: 730 }, { top: 700, bottom: 900 }, room), 220);
});
