"""«Сайт сохранён: работает без интернета.» (issues 16, 26): on a phone and on a
desktop it covers no control of the page — the header's menu, search and
theme toggle included — nor the header's title, the search field while one
types, or a tool (over the title it hid them for 8 s)."""

from __future__ import annotations

import pytest

from test_offline import fresh_context, recording_server, wait_saved  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.full_engine]  # the offline copy is saved once Pyodide is up (conftest.py SAVE_DATA)

# Every control of the page a person can see and tap (hit at its centre while
# the notice is hidden) whose box meets the notice's.
COVERED = """() => {
  const notice = document.querySelector("[data-rb-offline-banner=saved]");
  const n = notice.getBoundingClientRect();
  notice.style.visibility = "hidden";
  const tappable = (el, r) => {
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit && (hit === el || el.contains(hit) || (hit.control || null) === el);
  };
  const out = [];
  for (const el of document.querySelectorAll("a[href], button, input, select, textarea, label, summary, [tabindex]")) {
    if (notice.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || !tappable(el, r)) continue;
    const w = Math.min(r.right, n.right) - Math.max(r.left, n.left);
    const h = Math.min(r.bottom, n.bottom) - Math.max(r.top, n.top);
    if (w >= 1 && h >= 1) out.push((el.getAttribute("aria-label") || el.getAttribute("title") || el.textContent || el.tagName).trim().slice(0, 40));
  }
  notice.style.visibility = "";
  return out;
}"""


# What the notice's box meets: the header (its title, the search field), a tool.
MET = """() => {
  const notice = document.querySelector("[data-rb-offline-banner=saved]");
  if (!notice) return ["уведомления нет на странице"];
  const n = notice.getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll(".md-header, .md-header__title, .md-search__form, [data-rb-tool]")) {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const w = Math.min(r.right, n.right) - Math.max(r.left, n.left);
    const h = Math.min(r.bottom, n.bottom) - Math.max(r.top, n.top);
    if (w >= 1 && h >= 1) out.push(`${el.className}: ${Math.round(w)}×${Math.round(h)} px`);
  }
  return out;
}"""


@pytest.mark.parametrize("width,height", [(360, 740), (390, 844), (1280, 800)])
def test_saved_notice_covers_nothing_and_goes_by_itself(fresh_context, recording_server, width, height):  # noqa: F811
    context, page = fresh_context(viewport={"width": width, "height": height})
    page.goto(recording_server().url + "games/kovboy/")
    wait_saved(page)
    notice = page.locator("[data-rb-offline-banner=saved]")
    notice.wait_for(state="visible")
    covered = page.evaluate(COVERED)
    assert covered == [], f"уведомление закрывает: {covered}"
    opener = page.locator("label.md-header__button[for=__search]:visible")
    if opener.count():  # a phone: the search opens over the header
        opener.first.click()
    page.locator("input[data-md-component=search-query]").click()
    page.keyboard.type("пробка")
    met = page.evaluate(MET)
    assert met == [], f"уведомление лежит поверх: {met}"
    assert page.page_errors == []
