"""The input's title («Удар: Александр») and the view switch («На столе» / «Формой») on its row
never overlap: a newcomer's phone showed «УДАР: АЛЕКСАНДР» with its last letter under «На столе»
(the title left a guessed 8.6rem free; the switch is 178 px at 390 px). Every game's scorekeeper,
a phone of 390 and 360 px, the longest names a player types in the tests."""

from __future__ import annotations

import pytest

from tools_helpers import PHONE, PHONE_390, sk, start_on_table

pytestmark = pytest.mark.browser

GAMES = ["kovboy", "pyat-sharov", "probka", "kaiza", "kladka-kiem", "po-chasovoy"]  # every game with a scorekeeper

# The title's text boxes (a line each) that a switch button covers, as [text box, button box] pairs.
COVERED = """sel => {
  const tool = document.querySelector(sel);
  const out = [];
  for (const group of tool.querySelectorAll('[data-rb-action-group]')) {
    const title = group.querySelector(':scope > .rb-group-title');
    const buttons = [...group.querySelectorAll('.rb-shot-mode')].filter((b) => b.getClientRects().length);
    if (!title || !buttons.length) continue;
    const range = document.createRange();
    range.selectNodeContents(title);
    for (const t of range.getClientRects()) {
      for (const b of buttons.map((x) => x.getBoundingClientRect())) {
        const w = Math.min(t.right, b.right) - Math.max(t.left, b.left);
        const h = Math.min(t.bottom, b.bottom) - Math.max(t.top, b.top);
        if (w > 0.5 && h > 0.5) out.push([title.textContent, Math.round(t.left), Math.round(t.right), Math.round(b.left)]);
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize("phone", [PHONE_390, PHONE], ids=["390", "360"])
@pytest.mark.parametrize("game", GAMES)
def test_the_inputs_title_is_not_under_the_view_switch(tool_page, base_url, game, phone):
    page = tool_page(phone)
    start_on_table(page, base_url, game, ["Александр", "Екатерина"])
    assert page.evaluate(COVERED, sk(game)) == []


# The title's lines of text, each as it reads on the screen.
TITLE_LINES = """sel => {
  const title = document.querySelector(sel + ' [data-rb-action-group] > .rb-group-title');
  const text = title.firstChild;
  const lines = new Map();
  for (let i = 0; i < text.data.length; i++) {
    const range = document.createRange();
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const box = [...range.getClientRects()].find((r) => r.width > 0);
    if (box) lines.set(Math.round(box.top), (lines.get(Math.round(box.top)) || '') + text.data[i]);
  }
  return [...lines.values()].map((l) => l.replace(/\\s+/g, ' ').trim());
}"""


@pytest.mark.parametrize("game", GAMES)
def test_a_players_number_stays_with_its_word(tool_page, base_url, game):
    """No names typed, at 360 px: «УДАР: ИГРОК» over a lone «1» (newcomer 2026-12-05-b, item 7). The
    title's word and its number stay on one line, in the title and on the cards (lib/ru.js unbroken)."""
    page = tool_page(PHONE)
    start_on_table(page, base_url, game, ["", ""])
    lines = page.evaluate(TITLE_LINES, sk(game))
    assert lines and not any(line.split(" ")[0].isdigit() for line in lines), f"{game}: заголовок по строкам {lines}"
    assert "Игрок\u00a01" in page.locator(f"{sk(game)} [data-rb-scores] .rb-score-name").first.text_content()
