"""The share chip a clause's «§» shows when it is the page's target stands in one
place on every page: on the clause's first line, right after the «§», inside
the text's column. It stood there when its label fitted and on a line of its
own when not (a long title, a table's cell), the «§» then alone at the end of
the line above: notes/newcomer-2026-12-04-night.md, item 18."""

from __future__ import annotations

import re

import pytest
from tools_helpers import DESKTOP, PHONE

pytestmark = pytest.mark.browser

# Where the chip stands against its «§» and the block the clause is in.
PLACE = """id => {
  const a = document.getElementById(id);
  const chip = a.nextElementSibling;
  if (!chip || !chip.classList.contains('rb-share')) return 'нет кнопки';
  const s = a.getBoundingClientRect(), c = chip.getBoundingClientRect();
  const box = a.parentElement.getBoundingClientRect();
  if (!(c.top < s.bottom && c.bottom > s.top && c.left >= s.right - 1)) return 'не в строке «§»';
  if (c.right > box.right + 1 || c.right > document.documentElement.clientWidth) return 'шире строки';
  // Every line of its label inside its rounded border: a pill's round ends cut a wrapped
  // label's first and last letters (newcomer 2026-12-05-b, item 6: «П» and «у»).
  const R = Math.min(parseFloat(getComputedStyle(chip).borderTopLeftRadius), c.width / 2, c.height / 2);
  const range = document.createRange();
  range.selectNodeContents(chip);
  for (const line of range.getClientRects()) {
    for (const [x, y] of [[line.left, line.top], [line.right, line.top], [line.left, line.bottom], [line.right, line.bottom]]) {
      const dx = Math.max(c.left + R - x, x - (c.right - R), 0), dy = Math.max(c.top + R - y, y - (c.bottom - R), 0);
      if (dx > 0 && dy > 0 && Math.hypot(dx, dy) > R + 1) return `края кнопки режут текст (радиус ${Math.round(R)} px)`;
    }
  }
  return '';
}"""


def clause_pages(site_dir) -> list[str]:
    """Every page of the built site with clause anchors, as a path from the site's root."""
    pages = []
    for html in sorted(site_dir.rglob("index.html")):
        if 'class="clause-ref"' in html.read_text(encoding="utf-8"):
            pages.append(html.parent.relative_to(site_dir).as_posix() + "/")
    return pages


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_share_chip_stands_right_after_the_clause_sign_everywhere(make_page, base_url, site_dir, device):
    page = make_page(**device)
    pages = clause_pages(site_dir)
    assert any(re.match(r"games/[^/]+/$", p) for p in pages), pages
    wrong = []
    for path in pages:
        page.goto(base_url + path)
        for clause in page.eval_on_selector_all("a.clause-ref[id]", "els => els.map(e => e.id)"):
            page.evaluate("id => { location.hash = id; }", clause)
            page.wait_for_selector(f'[id="{clause}"] + .rb-share', state="attached")
            problem = page.evaluate(PLACE, clause)
            if problem:
                wrong.append(f"{path}#{clause}: {problem}")
    assert not wrong, f"{len(wrong)} кнопок «Поделиться» не на месте: {wrong[:8]}"
