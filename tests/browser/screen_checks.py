"""What a player must always have on the scorekeeper's screen, checked in the
page itself (issue 26 §2): after every record the verdict line, the board,
the record button and the table drawing (when it is the input) are inside the viewport and not under a sticky bar or a
notice (a tap at their centre lands on them); no box of the tool cuts its text
(a box that does not show what overflows, holding more than its height); a
board card's note stays inside its card; the turn bar does not touch the name;
the panel's title and the status line are never cut through their words by the
bars above. Shared by the browser tests that play
matches (test_tools_steady.py, test_tools_overlap.py)."""

from __future__ import annotations

from tests.walk.screen_checks import CUT_BY_BAR
from tools_helpers import sk

# Each problem as a Russian sentence; [] when the screen is right.
# seen(el): inside the viewport and the topmost element at the centre of its
# visible part (a sticky bar over it, a notice, another control: covered).
SCREEN = r"""sel => {
  const tool = document.querySelector(sel);
  const problems = [];
  const text = (el) => (el.getAttribute("aria-label") || el.textContent || el.tagName).trim().replace(/\s+/g, " ").slice(0, 50);
  const seen = (what, el) => {
    if (!el || !el.getClientRects().length) { problems.push(`${what}: нет на экране`); return; }
    const r = el.getBoundingClientRect();
    if (r.top < -0.5 || r.bottom > innerHeight + 0.5 || r.left < -0.5 || r.right > innerWidth + 0.5) {
      problems.push(`${what}: вне окна (${Math.round(r.top)}…${Math.round(r.bottom)} px из ${innerHeight})`);
      return;
    }
    for (const y of [r.top + Math.min(8, r.height / 2), r.top + r.height / 2, r.bottom - Math.min(8, r.height / 2)]) {
      const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 40), y);
      if (!hit || !(hit === el || el.contains(hit))) {
        problems.push(`${what}: закрыт «${hit ? text(hit) : "ничем"}» на ${Math.round(y)} px`);
        return;
      }
    }
  };
  const match = tool.querySelector("[data-rb-match]");
  if (match && !match.hidden) {
    seen("строка решения", tool.querySelector("[data-rb-last-body]"));
    seen("табло", tool.querySelector("[data-rb-scores]"));
    const decision = tool.querySelector("[data-rb-decision]");
    if (decision && !decision.hidden) seen("вопрос решения", decision.querySelector("[data-rb-decision-question]"));
    else if (!tool.classList.contains("rb-finished")) {
      seen("кнопка записи", tool.querySelector("[data-rb-play]"));
      const drawing = tool.querySelector("[data-rb-action-form]:not([hidden]) .rb-shot-drawing:not([hidden]) .rb-table-svg");
      if (drawing && drawing.getClientRects().length) seen("рисунок стола", drawing);
    }
  }
  for (const el of tool.querySelectorAll("*")) {
    if (el.closest("[hidden], .rb-visually-hidden") || el instanceof SVGElement) continue;
    const style = getComputedStyle(el);
    const cuts = (v) => v !== "visible";
    if (!cuts(style.overflowX) && !cuts(style.overflowY)) continue;
    if (el.clientHeight <= 2 || el.clientWidth <= 2 || style.visibility === "hidden") continue;  // a screen reader's words
    if (!el.getClientRects().length) continue;
    const over = el.scrollHeight - el.clientHeight;
    if (cuts(style.overflowY) && over > 1) problems.push(`«${text(el)}» обрезан: ${el.scrollHeight} px в ${el.clientHeight} px`);
  }
  // The turn bar (an inset shadow on the card's left) never touches the name beside it.
  for (const card of tool.querySelectorAll("li.rb-score--current")) {
    const name = card.querySelector(".rb-score-name");
    if (!name || !name.getClientRects().length) continue;
    const bar = parseFloat(getComputedStyle(card).boxShadow.replace(/^[^)]*\)\s*/, "").split(" ")[0]) || 0;
    const gap = name.getBoundingClientRect().left - (card.getBoundingClientRect().left + card.clientLeft + bar);
    if (gap < 3) problems.push(`имя «${text(name)}» в ${Math.round(gap)} px от полосы хода`);
  }
  // The panel's title and the status line: whole or wholly under the bars above, never cut through their words.
  const cutByBar = __CUT_BY_BAR__;
  const panel = tool.closest("details") || tool;
  for (const el of [panel.querySelector(":scope > summary"), tool.querySelector("[data-rb-status-line]")]) {
    const cut = el && el.getClientRects().length ? cutByBar(el) : null;
    if (cut) problems.push(`«${text(el)}» разрезан краем полосы вверху: ${cut}`);
  }
  for (const tag of tool.querySelectorAll(".rb-score-notes .rb-tag")) {
    if (!tag.getClientRects().length || tag.closest(".rb-visually-hidden") || tag.matches(".rb-tag--turn")) continue;
    const card = tag.closest("li.rb-score").getBoundingClientRect();
    const r = tag.getBoundingClientRect();
    if (r.top < card.top - 0.5 || r.bottom > card.bottom + 0.5 || r.left < card.left - 0.5 || r.right > card.right + 0.5) {
      problems.push(`«${text(tag)}» выходит из карточки игрока на ${Math.round(Math.max(card.top - r.top, r.bottom - card.bottom, card.left - r.left, r.right - card.right))} px`);
    }
  }
  return problems;
}""".replace("__CUT_BY_BAR__", CUT_BY_BAR)


def screen_problems(page, game: str) -> list[str]:
    """Everything wrong with the scorekeeper's screen as it is now (see SCREEN)."""
    return page.evaluate(SCREEN, sk(game))
