"""The board's foul count (newcomer 2026-12-05, item 11): after «Ковбой»'s
first foul a player's card said «1 нарушение подряд» and the tag stood out of
its card. The count stays (three fouls in a row lose the game, kovboy-rule-8),
worded for one («1 нарушение»; «2 нарушения подряд» from two), and the tag
stays inside its card without making the card taller, at 360 and 390 px, in
the light and the dark scheme. Screenshots: screenshots/tools/board-notes-*.png."""

from __future__ import annotations

import pytest

from test_tools_table import RECORD_REQUESTS, record, tap_ball, tap_pocket
from tools_helpers import PHONE, PHONE_390, pick_player, screenshot, set_bool, start_on_table, use_form_view

pytestmark = pytest.mark.browser

# Each card of the board: its box, and each note tag's box and text.
CARDS = """(root) => [...root.querySelectorAll('[data-rb-scores] li.rb-score, ol.rb-scores > li.rb-score')].map((li) => {
  const box = li.getBoundingClientRect();
  const tags = [...li.querySelectorAll('.rb-score-notes .rb-tag')].filter((t) => {
    const s = getComputedStyle(t);
    return t.getClientRects().length && !(s.position === 'absolute' && s.clipPath === 'inset(50%)');
  }).map((t) => { const r = t.getBoundingClientRect();
    return { text: t.innerText.trim(), left: r.left, right: r.right, top: r.top, bottom: r.bottom }; });
  return { name: li.querySelector('.rb-score-name').innerText, left: box.left, right: box.right, top: box.top,
           bottom: box.bottom, height: box.height, tags };
})"""


def break_shot(page, tool):
    """The break: the тройка first, into a pocket (3 points, the series goes on)."""
    tap_ball(tool, 3)
    tap_pocket(tool, "far-left")
    record(page, tool, "kovboy")


def foul(page, tool):
    """The единица touched, then the cue ball into a pocket: a foul (test_labels.py's shots)."""
    tap_ball(tool, 1)
    tool.locator("[data-rb-action-form] [data-rb-tap=cue]").tap()
    tap_pocket(tool, "near-left")
    record(page, tool, "kovboy")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("phone", ["360", "390"])
def test_a_foul_count_stays_inside_its_card(tool_page, base_url, phone, scheme):
    page = tool_page({**(PHONE if phone == "360" else PHONE_390), "color_scheme": scheme})
    page.add_init_script(RECORD_REQUESTS)
    tool = start_on_table(page, base_url, "kovboy", ["Александра", "Борис"])
    break_shot(page, tool)
    board = tool.locator("[data-rb-scores]").first
    before = page.evaluate(CARDS, board.element_handle())
    foul(page, tool)
    after = page.evaluate(CARDS, board.element_handle())
    screenshot(page, f"board-notes-{phone}-{scheme}")
    counted = [(card, tag) for card in after for tag in card["tags"] if "нарушен" in tag["text"]]
    assert [tag["text"] for _, tag in counted] == ["1 нарушение"], after
    for card, tag in counted:
        assert card["left"] - 0.5 <= tag["left"] and tag["right"] <= card["right"] + 0.5, (card, tag)
        assert card["top"] - 0.5 <= tag["top"] and tag["bottom"] <= card["bottom"] + 0.5, (card, tag)
    assert [round(c["height"], 1) for c in after] == [round(c["height"], 1) for c in before], (before, after)


@pytest.mark.parametrize("phone", ["360", "390"])
def test_the_winners_tag_keeps_its_word_whole(tool_page, base_url, phone):
    """A newcomer, «пробка» with three players at 390 px: «победитель» broke inside the word in its
    narrow card («победител / ь»). The winner's tag keeps its word on one line inside its card."""
    page = tool_page(PHONE if phone == "360" else PHONE_390)
    page.add_init_script(RECORD_REQUESTS)
    use_form_view(page)
    tool = start_on_table(page, base_url, "probka", ["Аня", "Борис", "Вера"])
    form = tool.locator("[data-rb-action-form]")
    for _ in range(6):  # 1 + 3 + 6 + 12 + 24 + 48 + 96: the bank doubles, and 190 wins
        pick_player(form, "shooter", "Аня")
        set_bool(form, "probka", True)
        record(page, tool, "probka")
    board = tool.locator("[data-rb-scores]").first
    cards = page.evaluate(CARDS, board.element_handle())
    screenshot(page, f"board-winner-{phone}")
    won = [(card, tag) for card in cards for tag in card["tags"] if tag["text"] == "победитель"]
    assert len(won) == 1, cards
    card, tag = won[0]
    assert card["left"] - 0.5 <= tag["left"] and tag["right"] <= card["right"] + 0.5, (card, tag)
    lines = board.locator(".rb-tag--win").evaluate("""t => { const r = document.createRange(); r.selectNodeContents(t);
      return new Set([...r.getClientRects()].filter((b) => b.width > 1).map((b) => Math.round(b.top))).size; }""")
    assert lines == 1, f"«победитель» в {lines} строки: {card}"


# The lines a card's text stands on: the name's, the points' and each note's tops.
CARD_LINES = """(root) => [...root.querySelectorAll('ol.rb-scores > li.rb-score')].map((li) => {
  const tops = (el) => { if (!el) return []; const r = document.createRange(); r.selectNodeContents(el);
    return [...new Set([...r.getClientRects()].filter((b) => b.width > 1).map((b) => Math.round(b.top)))]; };
  const note = li.querySelector('.rb-tag--foul');
  return { name: li.querySelector('.rb-score-name').innerText, nameTop: tops(li.querySelector('.rb-score-name'))[0],
           nameLines: tops(li.querySelector('.rb-score-name')).length,
           pointsTop: li.querySelector('.rb-score-points').getBoundingClientRect().top,
           nameBottom: li.querySelector('.rb-score-name').getBoundingClientRect().bottom,
           noteLines: tops(note).length, top: Math.round(li.getBoundingClientRect().top) };
})"""


@pytest.mark.parametrize("phone", ["360", "390"])
def test_four_players_stand_two_by_two_with_each_note_on_one_line(tool_page, base_url, phone):
    """A newcomer, «Ковбой» with four players at 390 px: three cards and one, «1 нарушение» wrapped
    in a third of the screen, and a score stood a line below its name. Four cards stand two by
    two; each note is one line; each score is on its name's line."""
    page = tool_page(PHONE if phone == "360" else PHONE_390)
    page.add_init_script(RECORD_REQUESTS)
    tool = start_on_table(page, base_url, "kovboy", ["Анна", "Борис", "Вера", "Глеб"])
    break_shot(page, tool)
    for _ in range(3):  # Анна's foul ends her series; Борис, Вера: a foul each
        foul(page, tool)
    board = tool.locator("[data-rb-scores]").first
    cards = page.evaluate(CARD_LINES, board.element_handle())
    screenshot(page, f"board-four-{phone}")
    assert sorted({c["top"] for c in cards}) == sorted({cards[0]["top"], cards[2]["top"]}), cards
    assert cards[0]["top"] == cards[1]["top"] < cards[2]["top"] == cards[3]["top"], cards
    assert sum(c["noteLines"] > 0 for c in cards) == 3 and all(c["noteLines"] <= 1 for c in cards), cards
    for card in cards:
        assert card["pointsTop"] < card["nameBottom"], f"the score of {card['name']} stands below its name: {card}"


@pytest.mark.parametrize("phone", ["360", "390"])
def test_four_players_with_a_long_name_never_break_it_inside_its_word(tool_page, base_url, phone):
    """A newcomer, «Ковбой» with four players at 360 px: «Константинови / ч». The cards are as wide as the
    longest word of a name (two columns, or one when it needs more than half)."""
    page = tool_page(PHONE if phone == "360" else PHONE_390)
    tool = start_on_table(page, base_url, "kovboy", ["Анна", "Константинович", "Вера", "Глеб"])
    cards = page.evaluate(CARD_LINES, tool.locator("[data-rb-scores]").first.element_handle())
    assert cards[1]["nameLines"] == 1, f"«Константинович» broken: {cards[1]}"
