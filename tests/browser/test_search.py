"""The site's search, through its real search box in Chromium: everyday Russian
queries (terms, clause phrases, game names, numbers, word forms) find the
right page and anchor among the first three results, whose snippets are rule
text, never a form or JSON; the box searches on paste and input-method text;
phone screenshots of the results (screenshots/search/)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots" / "search"
BOX = 'input[data-md-component="search-query"]'

# query -> the page and anchor it must return among its first three results
QUERIES = [
    ("фол", "glossary/#term-fol"),
    ("карамболь", "glossary/#term-karambol"),
    ("карамболем", "glossary/#term-karambol"),
    ("карамболи", "glossary/#term-karambol"),
    ("дуплет", "glossary/#term-duplet"),
    ("луза", "glossary/#term-luza"),
    ("лузу", "glossary/#term-luza"),
    ("биток", "glossary/#term-bitok"),
    ("фора", "glossary/#term-fora"),
    ("пирамида", "glossary/#term-piramida"),
    ("промах", "glossary/#term-promakh"),
    ("серию", "glossary/#term-seriya"),
    ("с руки", "glossary/#term-s-ruki"),
    ("двойной удар", "glossary/#term-dvoynoy-udar"),
    ("толкование", "glossary/#term-tolkovanie"),
    ("заказанная луза", "games/kovboy/#kovboy-scoring-101"),
    ("по солнцу", "games/po-chasovoy/#po-chasovoy-basis"),
    ("«Начинаю»", "games/kladka-kiem/#kladka-kiem-start"),
    ("58 очков", "games/kaiza/#kaiza-58"),
    ("101 очко", "games/kovboy/#kovboy-goal"),
    ("три нарушения подряд", "games/kovboy/#kovboy-rule-8"),
    ("перебор", "games/kovboy/#kovboy-rule-4"),
    ("выскочившие шары", "games/kovboy/#kovboy-jumped"),
    ("пятёрка", "games/kovboy/#kovboy-balls"),  # the text writes «пятерка»
    ("ковбой", "games/kovboy/"),
    ("кайза", "games/kaiza/"),
    ("игра с пробкой", "games/probka/"),
    ("пять шаров", "games/pyat-sharov/"),  # «пять» is a word here, not a stop word
    ("тест ковбой", "quizzes/kovboy/"),
    ("moodle", "quizzes/#moodle"),  # the quiz list's part on which Moodle file to pick
]

# A snippet is never a form, a loading line or JSON.
NOT_SNIPPET = re.compile(r'[{}]|":|загрузк|загружа|Форму можно|Рассчитать|по скольким', re.IGNORECASE)

RESULTS = """() => {
  const meta = document.querySelector('.md-search-result__meta');
  const links = [...document.querySelectorAll('.md-search-result__list a.md-search-result__link')]
    .filter(a => !a.closest('details:not([open])'))        // what the reader sees
    .map(a => {
      const article = a.querySelector('article');
      const heading = article.querySelector('h1, h2');
      return {href: a.getAttribute('href'), score: parseFloat(article.dataset.mdScore),
              title: heading ? heading.textContent : '',
              snippet: [...article.children].filter(n => !n.matches('h1, h2, .md-search-result__icon'))
                         .map(n => n.textContent).join(' ')};
    })
    .filter(r => r.score > 0);  // a page shown only as the heading of its matches is not a result
  return {meta: meta ? meta.textContent : '', links};
}"""


def target(href: str, base_url: str) -> str:
    """A result's page and anchor, relative to the site, without the highlight query."""
    parts = urlsplit(href)
    path = parts.path[len(urlsplit(base_url).path):] if parts.path.startswith(urlsplit(base_url).path) else parts.path
    return path + (f"#{parts.fragment}" if parts.fragment else "")


def open_search(page) -> None:
    box = page.locator(BOX)
    label = page.locator('header label[for="__search"]').first
    if page.evaluate("document.getElementById('__search').checked"):
        box.focus()  # already open
    elif label.is_visible():  # a phone: the magnifier in the header opens the search
        label.click()
    else:
        box.click()


def wait_index_ready(page) -> None:
    """Until material's search has its index. It searches the box's value once the
    index is ready, so text put in before that is searched whatever the listeners."""
    page.wait_for_function(
        "() => document.querySelector('.md-search-result__meta')?.textContent.trim() === 'Начните печатать для поиска'")


def wait_results(page, query: str, timeout: float = 15.0) -> list[dict]:
    """The results once the list shows this query's answer and is stable."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        state = page.evaluate(RESULTS)
        if state == last and state["links"]:
            return state["links"]
        last = state
        page.wait_for_timeout(250)
    raise AssertionError(f"«{query}»: результатов нет ({last})")


def search(page, query: str, how: str = "type") -> list[dict]:
    box = page.locator(BOX)
    open_search(page)
    box.fill("")
    if how == "type":
        box.press_sequentially(query, delay=15)
    elif how == "fill":  # one «input» event, no key-up: a paste, a dropped text
        wait_index_ready(page)  # so that only the «input» event can start the search
        box.fill(query)
    return wait_results(page, query)


@pytest.fixture(scope="module")
def one_page(browser, base_url):
    """One page for all the queries (as a reader asks one after another)."""
    context = browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base_url)
    page.wait_for_selector(BOX, state="attached")
    yield page
    context.close()
    assert errors == [], f"необработанные ошибки на странице: {errors}"


@pytest.fixture
def search_page(page, base_url):
    page.goto(base_url)
    page.wait_for_selector(BOX, state="attached")
    return page


@pytest.mark.parametrize("query, expected", QUERIES, ids=[q for q, _ in QUERIES])
def test_a_query_finds_its_clause_or_term_in_the_top_three(one_page, base_url, query, expected):
    top = search(one_page, query)[:3]
    found = [target(r["href"], base_url) for r in top]
    assert expected in found, f"«{query}»: {found}"
    for r in top:
        assert r["snippet"].strip() or "#" not in r["href"], r  # a clause or term shows its text
        assert not NOT_SNIPPET.search(r["snippet"]), f"«{query}»: фрагмент формы или JSON: {r['snippet'][:200]}"


# Every section result in the list, folded or not, in the list's order (page headings left out).
SECTIONS = """() => [...document.querySelectorAll('.md-search-result__list a.md-search-result__link')]
  .filter(a => !a.querySelector('.md-search-result__icon'))
  .map(a => ({href: a.getAttribute('href'), score: parseFloat(a.querySelector('article').dataset.mdScore),
              folded: !!a.closest('details.md-search-result__more')}))"""

# A query of several words, and clauses that have all its words.
FULL_MATCHES = [
    ("пробка штраф", ["games/probka/#probka-fouls", "games/probka/#probka-penalty", "glossary/#term-bank"]),
    ("три нарушения подряд", ["games/kovboy/#kovboy-rule-8", "games/kovboy/#kovboy-t-fouls-in-row"]),
    # «фол» is «нарушение» (the glossary): Правило 8 says «три нарушения подряд» (a newcomer, 6 Dec)
    ("три фола подряд", ["games/kovboy/#kovboy-rule-8", "games/kovboy/#kovboy-t-fouls-in-row"]),
]


@pytest.mark.parametrize("query, full", FULL_MATCHES, ids=[q for q, _ in FULL_MATCHES])
def test_every_result_with_all_the_words_is_shown_before_the_others(one_page, base_url, query, full):
    """Issue 26 §1: a clause that has every word of a query is never folded
    behind «Ещё N на этой странице», and the results with all the words stand
    before those with fewer (a result with fewer words scores below every one
    with all of them: sitebuild/pages/search_rank.js)."""
    search(one_page, query)
    sections = one_page.evaluate(SECTIONS)
    where = {target(r["href"], base_url): r for r in sections}
    missing = [loc for loc in full if loc not in where]
    assert missing == [], f"«{query}»: нет в результатах: {missing}"
    hidden = [loc for loc in full if where[loc]["folded"]]
    assert hidden == [], f"«{query}»: свёрнуты за «Ещё N на этой странице»: {hidden}"
    low = min(where[loc]["score"] for loc in full)
    folded = [target(r["href"], base_url) for r in sections if r["folded"] and r["score"] >= low]
    assert folded == [], f"«{query}»: свёрнуты, хотя не хуже полного совпадения: {folded}"
    shown = [(target(r["href"], base_url), r["score"]) for r in sections if not r["folded"]]
    last_full = max(i for i, (loc, _) in enumerate(shown) if loc in full)
    above = [loc for loc, score in shown[:last_full] if score < low]
    assert above == [], f"«{query}»: неполные совпадения выше полных: {above}"


def test_there_are_enough_russian_queries():
    assert len(QUERIES) >= 20
    assert all(re.search("[а-яё]", q) for q, _ in QUERIES if q != "moodle")


def test_search_loads_nothing_from_another_host(search_page, context, base_url):
    search(search_page, "карамболем")
    assert any("/lunr/min/lunr.rus.min.js" in u for u in context.recorded_urls)  # the worker's, seen here
    assert [u for u in context.recorded_urls if not u.startswith((base_url, "data:", "blob:"))] == []


def test_a_clause_result_opens_at_its_anchor_with_the_words_highlighted(search_page, base_url):
    results = search(search_page, "перебор")
    link = next(r for r in results if target(r["href"], base_url) == "games/kovboy/#kovboy-rule-4")
    assert link["title"] == "Ковбой · Правило 4: ровно 90 очков, перебор — фол"
    assert "При подходе к рубежу 90 очков" in link["snippet"] or "превысит 90 очков" in link["snippet"]
    search_page.locator('.md-search-result__list a[href*="#kovboy-rule-4"]').first.click()
    search_page.wait_for_url("**/games/kovboy/**#kovboy-rule-4")
    # The clause is the page's :target (its highlight) once the page is shown: the
    # address changes before instant navigation has swapped the page in.
    search_page.wait_for_function("document.querySelector(':target')?.id === 'kovboy-rule-4'", timeout=10_000)


def test_a_page_result_opens_with_the_query_words_marked(search_page, base_url):
    """The page's own result above its clauses («Ковбой» for «три нарушения подряд») linked to
    «?h=» with nothing after it, and the page opened from it marked nothing (a newcomer): tapped,
    it carries the words the clause results carry, and the page marks them."""
    search(search_page, "три нарушения подряд")
    page_link = search_page.locator('.md-search-result__list a.md-search-result__link[href$="games/kovboy/?h="]').first
    assert page_link.count(), "material no longer gives the page's result an empty «?h=»: this test has nothing to check"
    page_link.click()
    search_page.wait_for_url("**/games/kovboy/?h=*")
    assert "h=%D1%82%D1%80%D0%B8" in search_page.url or "h=три" in search_page.url, search_page.url
    search_page.wait_for_selector(".md-content mark[data-md-highlight]", state="attached", timeout=10_000)


def test_a_snippet_is_the_sentence_around_the_match(search_page, base_url):
    results = search(search_page, "заказанная луза")
    clause = next(r for r in results if target(r["href"], base_url) == "games/kovboy/#kovboy-scoring-101")
    # The clause's text, the sentence with the match, highlighted; not the whole page.
    assert clause["snippet"].startswith("Победное 101-е очко можно набрать")
    assert len(clause["snippet"]) < 400
    marks = search_page.locator('.md-search-result__list a[href*="#kovboy-scoring-101"] mark').all_inner_texts()
    assert "заказанную" in marks and "лузу" in marks


def test_pasted_text_is_searched_without_a_key_up(search_page, base_url):
    found = [target(r["href"], base_url) for r in search(search_page, "карамболем", how="fill")[:3]]
    assert "glossary/#term-karambol" in found


def test_without_the_input_listener_pasted_text_is_not_searched(make_page, base_url):
    # The control: mkdocs-material alone does not search a pasted query. No
    # service worker: a page it controls would get search-input.js from the
    # worker's cache, past this route.
    page = make_page(viewport={"width": 1280, "height": 900}, service_workers="block")
    page.route("**/assets/js/page/search-input.js", lambda route: route.fulfill(
        body="export {};", content_type="text/javascript"))
    page.goto(base_url)
    open_search(page)
    wait_index_ready(page)
    page.locator(BOX).fill("карамболем")
    page.wait_for_timeout(2500)
    assert page.evaluate(RESULTS)["links"] == []


def test_input_method_composition_is_searched(search_page, context, base_url):
    open_search(search_page)
    cdp = context.new_cdp_session(search_page)
    # An input method composes the word and then commits it: no key events at all.
    cdp.send("Input.imeSetComposition", {"text": "луз", "selectionStart": 3, "selectionEnd": 3})
    cdp.send("Input.imeSetComposition", {"text": "лузу", "selectionStart": 4, "selectionEnd": 4})
    cdp.send("Input.insertText", {"text": "лузу"})
    assert search_page.locator(BOX).input_value() == "лузу"
    found = [target(r["href"], base_url) for r in wait_results(search_page, "лузу")[:3]]
    assert "glossary/#term-luza" in found


SCREEN_QUERIES = ["фол", "карамболем", "заказанная луза", "по солнцу", "58 очков", "«Начинаю»"]


WIDEST = """(limit) => {
  const out = document.querySelector('.md-search__output');
  if (out.scrollWidth <= limit) return null;
  let worst = out;
  for (const el of out.querySelectorAll('*')) {
    if (el.getBoundingClientRect().right > worst.getBoundingClientRect().right) worst = el;
  }
  return `${out.scrollWidth}px: <${worst.tagName.toLowerCase()} class="${worst.className}"> ${worst.textContent.slice(0, 60)}`;
}"""


def assert_fits_the_phone(page, limit: int) -> None:
    try:
        page.wait_for_function(
            "(limit) => document.querySelector('.md-search__output').scrollWidth <= limit", arg=limit, timeout=5000)
    except PlaywrightTimeout:
        raise AssertionError(f"результаты шире экрана: {page.evaluate(WIDEST, limit)}") from None


def test_phone_screenshots_of_results(make_page, base_url):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = make_page(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                     is_mobile=True, has_touch=True)
    # The one-time «saved on this device» notice would cover the lower results.
    page.add_init_script("localStorage.setItem('rules-site:offline-notice-shown', '1')")
    page.goto(base_url)
    for n, query in enumerate(SCREEN_QUERIES, 1):
        results = search(page, query)
        assert results and not any(NOT_SNIPPET.search(r["snippet"]) for r in results[:3])
        # Nothing of the results is wider than the phone, once the search
        # panel has finished sliding in (its width animates on a phone).
        assert_fits_the_phone(page, 360)
        slug = re.sub(r"[^\w]+", "-", query).strip("-")
        page.screenshot(path=str(SHOTS / f"{n:02d}-{slug}.png"))
    assert len(list(SHOTS.glob("*.png"))) >= len(SCREEN_QUERIES)


# Every mark in the part of the page a selector names whose first or last letter
# is not a word's: the letters around it, «[пробк]ой». A block's text around the mark.
CUT_MARKS = r"""(sel) => {
  const word = /[0-9A-Za-z\u0400-\u04ff]/;
  const out = [];
  for (const m of document.querySelectorAll(sel)) {
    const block = m.closest('p, li, td, th, dd, dt, h1, h2, h3, h4, h5, h6, article, div') || m.parentElement;
    const before = document.createRange(), after = document.createRange();
    before.setStart(block, 0); before.setEndBefore(m);
    after.setStartAfter(m); after.setEnd(block, block.childNodes.length);
    const b = before.toString().slice(-1), a = after.toString().slice(0, 1);
    if (word.test(b) || word.test(a)) out.push(`${before.toString().slice(-6)}[${m.textContent}]${after.toString().slice(0, 6)}`);
  }
  return out;
}"""
PAGE_MARKS = ".md-content mark[data-md-highlight]"
RESULT_MARKS = ".md-search-result__list mark"
HIGHLIGHT_QUERIES = ["нарушение", "пробка штраф", "фол", "карамболем", "заказанная луза"]


@pytest.mark.parametrize("query", HIGHLIGHT_QUERIES)
def test_the_highlight_marks_whole_words(make_page, base_url, query):
    """Newcomer 2026-12-05 § 14: the page a result opened showed «[нарушен]ия» —
    material marks the query's stems on it wherever they occur. On a phone, in the
    results and on the opened page, every mark is a whole word (page/search-highlight.js)."""
    page = make_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                     device_scale_factor=2, service_workers="block")
    page.goto(base_url)
    page.wait_for_selector(BOX, state="attached")
    search(page, query)
    assert page.locator(RESULT_MARKS).count() > 0
    assert page.evaluate(CUT_MARKS, RESULT_MARKS) == []
    # The first section among the results (a page heading that matched nothing has no words to mark).
    link = page.locator('.md-search-result__list a.md-search-result__link[href*="#"][href*="h="]').first
    href = link.get_attribute("href")
    link.click()
    page.wait_for_url(f"**{urlsplit(href).path}*")
    page.locator(PAGE_MARKS).first.wait_for(state="attached")
    page.wait_for_timeout(300)  # material marks the page's text nodes one after another, in one go
    assert page.evaluate(CUT_MARKS, PAGE_MARKS) == []
    assert page.locator(PAGE_MARKS).count() > 0
