"""A folded text box shows whole lines. «▾ ещё» under the drawing: the place of the
shot's line is three rows high, and a tap on it shows what comes next. It scrolled by
the place's height less a row, and the place began in the middle of a sentence
(«Кайза», notes/newcomer-2026-12-04-night.md, item 2). Now every step shows whole rows,
the sentence that was cut from its start."""

from __future__ import annotations

import pytest
from drawing_gestures import drawing_part
from test_tools_table import open_scorekeeper, tap_pocket
from tools_helpers import PHONE, PHONE_390

pytestmark = pytest.mark.browser

# The place's rows and sentences as shown now: whether a row is cut by the place's
# edges, and the first sentence the place's bottom cuts (its start, and whether it is taller than the place).
SEEN = r"""e => {
  const box = e.getBoundingClientRect();
  const cutRows = [];
  let cut = null;
  for (const p of e.children) {
    const text = p.firstChild;
    if (!text || !text.textContent) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    for (const r of range.getClientRects()) {
      if (r.bottom > box.top + 0.5 && r.top < box.bottom - 0.5 && (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)) {
        cutRows.push(text.textContent.slice(0, 30));
      }
    }
    const s = text.textContent;
    const starts = [0, ...[...s.matchAll(/[.!?…][»)"]?\s+(?=[А-ЯЁA-Z0-9«"(])/g)].map((m) => m.index + m[0].length)];
    starts.forEach((at, i) => {
      const end = (i + 1 < starts.length ? starts[i + 1] : s.length) - 1;
      const glyph = (k) => { range.setStart(text, k); range.setEnd(text, k + 1); return range.getClientRects()[0]; };
      const first = glyph(at), last = glyph(Math.max(at, end));
      if (!cut && last.bottom > box.bottom + 0.5) {
        cut = { text: s.slice(at, at + 40), start: first.top, tall: last.bottom - first.top > box.height };
      }
    });
  }
  return { cutRows, cut, top: box.top, bottom: box.bottom, more: e.classList.contains('rb-shot-said--more') };
}"""
STARTS_SHOWN = r"""(e, text) => {
  const box = e.getBoundingClientRect();
  for (const p of e.children) {
    const t = p.firstChild;
    const at = t && t.textContent ? t.textContent.indexOf(text) : -1;
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(t, at); range.setEnd(t, at + 1);
    const r = range.getClientRects()[0];
    return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
  }
  return false;
}"""


def long_line(tool, game: str) -> None:
    """A drawn shot whose line is longer than its place."""
    if game == "kovboy":
        for ball in (1, 3, 5):
            drawing_part(tool, "ball", ball).tap()
            tap_pocket(tool, "far-left")
        return
    balls = tool.locator("[data-rb-action-form] [data-rb-tap=ball]")
    for i in range(balls.count()):
        balls.nth(i).tap()
    tap_pocket(tool, "far-left")


@pytest.mark.parametrize("game, device", [("kaiza", PHONE_390), ("kaiza", PHONE), ("kovboy", PHONE)],
                         ids=["kaiza-390", "kaiza-360", "kovboy-360"])
def test_more_shows_whole_rows_from_the_cut_sentences_start(tool_page, base_url, game, device):
    page = tool_page(device)
    tool = open_scorekeeper(page, base_url, game, ["Аня", "Борис"])
    long_line(tool, game)
    said = tool.locator("[data-rb-action-form] [data-rb-shot-said]")
    seen = said.evaluate(SEEN)
    assert seen["more"], "the line fits its place: nothing to unfold"
    steps = 0
    while seen["more"]:
        assert steps < 8, "«▾ ещё» never reaches the line's end"
        cut = seen["cut"]
        before = said.evaluate("e => e.scrollTop")
        said.tap()
        page.wait_for_function("([e, t]) => Math.abs(e.scrollTop - t) > 0.5", arg=[said.element_handle(), before])
        page.wait_for_timeout(50)
        seen = said.evaluate(SEEN)
        steps += 1
        assert not seen["cutRows"], f"step {steps}: rows cut by the place's edge: {seen['cutRows']}"
        if cut and not cut["tall"]:
            assert said.evaluate(STARTS_SHOWN, cut["text"]), f"step {steps}: «{cut['text']}…» not shown from its start"

