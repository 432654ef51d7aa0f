"""The «§» before every clause, толкование and outside fact is a 44 × 44 px
target for a finger on a 360 px phone (docs/assets/css/reading.css), and the
target does not move the text."""

from __future__ import annotations

import pytest

from rules_pkg import api

pytestmark = pytest.mark.browser

GAMES = [g["id"] for g in api.handle({"op": "games"})["games"]]

# For every «§»: the extent of the area whose taps reach it (elementFromPoint,
# walking out from the glyph's centre), and the vertical distance to the
# nearest other «§» (two clauses one line apart in one source paragraph share
# the space between them: the text is not spread apart for the fingers).
MEASURE = """() => {
  const refs = [...document.querySelectorAll('article a.clause-ref')];
  const out = [];
  for (const a of refs) {
    a.scrollIntoView({block: 'center'});
    const r = a.getBoundingClientRect();
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const hits = (x, y) => { const e = document.elementFromPoint(x, y); return !!e && (e === a || a.contains(e)); };
    let left = cx, right = cx, top = cy, bottom = cy;
    while (left > 0 && hits(left - 1, cy)) left--;
    while (right < innerWidth - 1 && hits(right + 1, cy)) right++;
    while (top > 0 && hits(cx, top - 1)) top--;
    while (bottom < innerHeight - 1 && hits(cx, bottom + 1)) bottom++;
    const corners = [[left + 1, top + 1], [right - 1, top + 1], [left + 1, bottom - 1], [right - 1, bottom - 1]]
      .every(([x, y]) => hits(x, y));
    const near = Math.min(Infinity, ...refs.filter(b => b !== a).map(b => {
      const q = b.getBoundingClientRect();
      return Math.abs(q.left - r.left) < 44 ? Math.abs(q.top - r.top) : Infinity;
    }));
    out.push({id: a.id, width: right - left + 1, height: bottom - top + 1, corners, near,
              glyph: [r.width, r.height]});
  }
  return out;
}"""

LAYOUT = """() => [...document.querySelectorAll('.rb-rules p, .rb-rules li, .rb-tolk p')].map(
  e => { const r = e.getBoundingClientRect(); return [Math.round(r.top + scrollY), Math.round(r.height)]; })"""


@pytest.mark.parametrize("game", GAMES)
def test_every_section_sign_is_a_finger_sized_target(make_page, base_url, game):
    page = make_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page.goto(base_url + f"games/{game}/")
    targets = page.evaluate(MEASURE)
    assert targets, f"{game}: ни одного «§»"
    for t in targets:
        assert t["glyph"][0] < 20, t  # the «§» itself is not made bigger
        assert t["width"] >= 44 and t["corners"], t
        assert t["height"] >= min(44, t["near"] - 1), t


def test_the_target_does_not_move_the_text(make_page, base_url):
    page = make_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page.goto(base_url + "games/kovboy/")
    with_target = page.evaluate(LAYOUT)
    page.add_style_tag(content=".md-typeset a.clause-ref::after { display: none !important; }")
    assert page.evaluate(LAYOUT) == with_target
