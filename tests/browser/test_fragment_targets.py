"""Every link with a #fragment opens with its target on screen, below the
sticky bars (issue 26): search results typed into the real search box and
tapped (a phone) or clicked and chosen by keyboard (a desktop), from the home
page, another game, the glossary and the target's own page; a «§»; the
glossary's «Встречается в правилах»; a shared clause link while «Счёт» is the
chosen tab; the back button to one (docs/assets/js/page/fragment-target.js).

"On screen" is measured, not assumed: the target's box is inside the viewport,
below the header and the phone's «Правила / Счёт» bar, and the element at its
top-left corner (document.elementFromPoint) is the target itself, not a bar.
Two page sessions, one per viewport, walk from link to link (each page load
boots the engine: few loads, many links)."""

from __future__ import annotations

import pytest

from test_search import BOX, wait_results

pytestmark = pytest.mark.browser

# "" when the element the address's #fragment names is on screen, else why not.
OFF_SCREEN = """() => {
  const id = decodeURIComponent(location.hash.slice(1));
  const t = id && document.getElementById(id);
  if (!t) return `нет элемента #${id} на ${location.pathname}`;
  const r = t.getBoundingClientRect();
  if (!r.width || !r.height) return `#${id} не показан`;
  const bars = [...document.querySelectorAll('.md-header, .rb-tabs')]
    .filter(b => b.getClientRects().length).map(b => b.getBoundingClientRect().bottom);
  const below = Math.max(0, ...bars);
  // Whole on screen; one taller than the room (a tool) with its top just under the bars.
  if (r.top < below - 0.5 || r.top > innerHeight - 24 || (r.bottom > innerHeight && r.height <= innerHeight - below)) return `#${id}: ${Math.round(r.top)}..${Math.round(r.bottom)} px, панели до ${Math.round(below)}, окно ${innerHeight}`;
  const x = Math.max(r.left, 0) + Math.min(8, r.width / 2), y = r.top + Math.min(8, r.height / 2);  // inside a rounded corner
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === t || t.contains(hit))) return `#${id} закрыт: ${hit ? hit.tagName + '.' + hit.className : 'ничего'}`;
  return '';
}"""


def assert_target_on_screen(page, what: str) -> None:
    """The target is on screen once the page is shown, and still there a moment later."""
    try:
        page.wait_for_function(f"() => !({OFF_SCREEN})()", timeout=15_000)
    except Exception:
        raise AssertionError(f"{what}: {page.evaluate(OFF_SCREEN)} ({page.url})") from None
    page.wait_for_timeout(800)  # the page may still grow as its tools mount: the target stays
    assert page.evaluate(OFF_SCREEN) == "", f"{what}: {page.evaluate(OFF_SCREEN)} ({page.url})"


def type_query(page, query: str, touch: bool) -> None:
    label = page.locator('header label[for="__search"]').first
    if label.is_visible():  # a phone: the magnifier opens the search layer
        label.tap() if touch else label.click()
    else:
        page.locator(BOX).click()
    box = page.locator(BOX)
    box.fill("")
    box.press_sequentially(query, delay=15)
    wait_results(page, query)


def open_result(page, query: str, anchor: str, touch: bool) -> None:
    """Type the query, then tap (or click) its visible result for #anchor."""
    type_query(page, query, touch)
    link = page.locator(f'.md-search-result__list a.md-search-result__link[href$="#{anchor}"]').first
    assert link.is_visible(), f"«{query}»: результат #{anchor} не виден"
    link.tap() if touch else link.click()
    page.wait_for_url(f"**#{anchor}")
    assert_target_on_screen(page, f"«{query}» → #{anchor}")


@pytest.fixture
def phone(make_page):
    page = make_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    page.add_init_script("localStorage.setItem('rules-site:offline-notice-shown', '1')")
    yield page
    assert page.page_errors == []


@pytest.fixture
def desktop(make_page):
    page = make_page(viewport={"width": 1280, "height": 800})
    page.add_init_script("localStorage.setItem('rules-site:offline-notice-shown', '1')")
    yield page
    assert page.page_errors == []


def test_search_results_glossary_links_and_back_open_at_the_target_on_a_phone(phone, base_url):
    phone.goto(base_url)
    open_result(phone, "вылет битка за борт", "probka-foul-e", touch=True)      # from the home page
    open_result(phone, "три нарушения подряд", "kovboy-rule-8", touch=True)     # from another game
    open_result(phone, "перебор", "kovboy-rule-4", touch=True)                  # on the same page
    phone.go_back()
    phone.wait_for_url("**#kovboy-rule-8")
    assert_target_on_screen(phone, "назад к #kovboy-rule-8")
    phone.go_back()
    phone.wait_for_url("**#probka-foul-e")
    assert_target_on_screen(phone, "назад к #probka-foul-e (другая страница)")
    open_result(phone, "фол", "term-fol", touch=True)                           # the glossary
    uses = phone.locator("#term-fol + dd .rb-gloss-uses a").first
    anchor = uses.get_attribute("href").split("#", 1)[1]
    uses.tap()
    phone.wait_for_url(f"**#{anchor}")
    assert_target_on_screen(phone, f"«Встречается в правилах» → #{anchor}")


def test_a_shared_clause_link_shows_the_rules_tab_at_the_clause(phone, base_url):
    # The reader last had «Счёт» on this page: the clause is on «Правила».
    phone.add_init_script("sessionStorage.setItem('rules-site:tab:' + '/games/kaiza/', 'tools')")
    phone.goto(base_url + "games/kaiza/#kaiza-first-shot")
    assert_target_on_screen(phone, "ссылка на #kaiza-first-shot при вкладке «Счёт»")
    assert phone.get_attribute('.rb-tab[data-rb-tab="rules"]', "aria-pressed") == "true"


def test_the_home_pages_tool_links_open_the_tools_tab_at_the_tool(phone, base_url):
    # The reader last had «Правила» on these pages (the newcomer's session: «Счёт партии»
    # from the home page showed the scorekeeper with «Правила» chosen and the text under it).
    for game in ("pyat-sharov", "kaiza"):
        phone.add_init_script(f"sessionStorage.setItem('rules-site:tab:/games/{game}/', 'rules')")
    for game, tool in (("pyat-sharov", "scorekeeper"), ("kaiza", "calculator")):
        phone.goto(base_url)
        link = phone.locator(f'a[href$="games/{game}/#rb-{tool}-{game}"]').first
        link.scroll_into_view_if_needed()
        link.tap()
        phone.wait_for_url(f"**#rb-{tool}-{game}")
        assert_target_on_screen(phone, f"главная → #rb-{tool}-{game}")
        tab = "calculator" if tool == "calculator" else "tools"  # «Калькулятор», «Счёт»
        assert phone.get_attribute(f'.rb-tab[data-rb-tab="{tab}"]', "aria-pressed") == "true", game
        assert phone.locator(".rb-has-split > h2").first.is_hidden(), game  # the rule text is not under it


def test_search_results_section_signs_and_keyboard_open_at_the_target_on_a_desktop(desktop, base_url):
    desktop.goto(base_url + "glossary/")
    open_result(desktop, "58 очков", "kaiza-58", touch=False)                   # from the glossary
    # A «§» elsewhere on the same page.
    sign = desktop.locator("a.clause-ref#kaiza-first-shot")
    sign.scroll_into_view_if_needed()
    sign.click()
    desktop.wait_for_url("**#kaiza-first-shot")
    assert_target_on_screen(desktop, "«§» #kaiza-first-shot")
    # By keyboard: a clause result chosen with the arrow keys and Enter.
    type_query(desktop, "три нарушения подряд", touch=False)
    desktop.locator(BOX).press("ArrowDown")
    while desktop.evaluate("document.activeElement.matches('a.md-search-result__link') && !document.activeElement.getAttribute('href').includes('#')"):
        desktop.keyboard.press("ArrowDown")
    anchor = desktop.evaluate("document.activeElement.getAttribute('href').split('#')[1]")
    desktop.keyboard.press("Enter")
    desktop.wait_for_url(f"**#{anchor}")
    assert_target_on_screen(desktop, f"клавиатура → #{anchor}")
    desktop.go_back()
    desktop.wait_for_url("**#kaiza-first-shot")
    assert_target_on_screen(desktop, "назад к #kaiza-first-shot")


# The skip link followed, and a key pressed before the page's queued tasks run
# (a busy phone; CI's 320×256 keyboard run hit it: the Tab's focus, the
# calculator's summary, was scrolled off screen by the link's late reveal). At 320 px
# the page is on «Правила», which shows no tool: the focus goes to the rules' first § link.
FOLLOW_THEN_TAB = """() => {
  document.querySelector('a.md-skip').click();          // the fragment is followed now; its reveal is queued
  window.dispatchEvent(new KeyboardEvent('keydown', {key: 'Tab', bubbles: true}));
  document.querySelector('.rb-rules a').focus();
}"""


def test_a_key_pressed_before_a_links_reveal_runs_keeps_the_page_where_the_key_took_it(make_page, base_url):
    page = make_page(viewport={"width": 320, "height": 256})
    page.add_init_script("localStorage.setItem('rules-site:offline-notice-shown', '1')")
    page.goto(base_url + "games/kladka-kiem/")
    page.wait_for_selector(".rb-rules a")
    page.evaluate(FOLLOW_THEN_TAB)
    page.wait_for_timeout(600)  # the hashchange and the link's timer have run
    top = page.evaluate("() => document.activeElement.getBoundingClientRect().top")
    assert 0 <= top < 256, f"фокус на «{page.evaluate('document.activeElement.textContent').strip()[:30]}» вне экрана: {top:.0f} px"
    assert page.page_errors == []


def test_a_search_result_tapped_opens_at_its_target_every_time(make_page, base_url):
    """A newcomer's session: a search result tapped on a phone opened at the page's
    top about one time in three (its scroll came while the page swapped in under
    the closing search layer could not scroll yet, and nothing asked again). Eight
    fresh visits, the words typed key by key, the result tapped: each opens at its
    target (on the old build one of them stays at the top with a chance of ~94 %)."""
    misses = []
    for i in range(8):
        page = make_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
        page.add_init_script("localStorage.setItem('rules-site:offline-notice-shown', '1')")
        page.goto(base_url)
        page.locator('header label[for="__search"]').first.tap()
        page.locator(BOX).press_sequentially("вылет битка за борт", delay=15)
        wait_results(page, "вылет битка за борт")
        page.locator('.md-search-result__list a.md-search-result__link[href$="#probka-foul-e"]').first.tap()
        page.wait_for_url("**#probka-foul-e")
        try:
            assert_target_on_screen(page, f"визит {i + 1}")
        except AssertionError as exc:
            misses.append(str(exc))
        page.context.close()
    assert misses == [], "\n".join(misses)
