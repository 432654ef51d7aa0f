"""Sending a match elsewhere: the share link (the state in the URL fragment)
reproduces the match in a fresh browser context and is saved only on
request; a later link updates the same match; a broken link says so; the
Web Share API is used where the browser has it; the plain-text protocol is
copied, or shown for copying by hand when the clipboard is refused; the
screen is kept awake during a match."""

from __future__ import annotations

import re

import pytest

from tools_helpers import (
    MATCH_DRAWN,
    DESKTOP, PHONE, decide, open_game, pick_choice, pick_sequence, pick_set, record, saved_records, scores,
    screenshot, sk, start_match, wait_import,
)

pytestmark = pytest.mark.browser
GAME = "kovboy"
SK = sk(GAME)
CLIPBOARD = ["clipboard-read", "clipboard-write"]


def pot(*balls, contacts=None):
    def fill(form):
        pick_sequence(form, "contacts", *(contacts or balls[:1]))
        pick_set(form, "pocketed", *balls)
    return fill


def play_three(page):
    start_match(page, GAME, ["Анна", "Борис"])
    record(page, GAME, pot(3))                 # the break
    record(page, GAME, pot(5, contacts=[5, 1]))  # 5 pocketed + a two-ball carom
    record(page, GAME, miss=True)               # a miss: Борис to play


def copied(page, base_url, button: str, tool: str = SK) -> tuple[str, str]:
    """Press the scorekeeper's copy ``button``: (its notice, the text on the clipboard)."""
    page.context.grant_permissions(CLIPBOARD, origin=base_url.rstrip("/"))
    page.locator(f"{tool} {button}").click()
    notice = page.locator(f"{tool} [data-rb-notice]")
    notice.wait_for()
    return notice.inner_text(), page.evaluate("navigator.clipboard.readText()")


def share_url(page, base_url) -> str:
    notice, url = copied(page, base_url, "[data-rb-share]")
    assert "Ссылка на партию скопирована" in notice
    assert re.fullmatch(re.escape(base_url) + r"games/kovboy/#match=1z[A-Za-z0-9_-]+", url), url
    return url


def test_share_link_reproduces_the_match_in_a_fresh_browser(tool_page, base_url):
    page = tool_page(DESKTOP)
    open_game(page, base_url, GAME, SK)
    play_three(page)
    history = page.locator(f"{SK} [data-rb-history]").inner_text()
    url = share_url(page, base_url)
    assert len(url) < 1200  # a short link even for a few shots

    other = tool_page(PHONE)  # another device: no storage, nothing in common
    other.goto(url)
    box = wait_import(other, GAME)
    # The shared match is what the phone's tab bar shows: «Счёт», not «Правила» (issue 26).
    assert other.locator(".rb-tabs [data-rb-tab=tools]").get_attribute("aria-pressed") == "true"
    text = box.inner_text()
    assert "Анна — Борис" in text and "3 записи" in text
    assert "Сохранить эту партию на этом устройстве?" in text
    screenshot(other, "share-import-360", SK)
    assert saved_records(other, GAME) == {}  # nothing saved before the user says so
    box.locator("button", has_text="Сохранить как новую партию").click()
    other.wait_for_function(MATCH_DRAWN, arg=SK)
    assert scores(other, GAME) == [9, 0]
    assert other.locator(f"{SK} .rb-score--current .rb-score-name").inner_text() == "Борис"
    assert other.locator(f"{SK} [data-rb-history]").inner_text() == history
    assert "#match=" not in other.url  # the link is not reopened on reload
    assert len(saved_records(other, GAME)) == 1

    # The same link again: already saved, nothing duplicated.
    other.goto(url)
    box = wait_import(other, GAME)
    assert "уже сохранена" in box.inner_text()
    box.locator("button", has_text="Открыть сохранённую партию").click()
    other.wait_for_function(MATCH_DRAWN, arg=SK)
    assert len(saved_records(other, GAME)) == 1

    # The match goes on on the first device; its new link updates the copy.
    record(page, GAME, pot(1))
    url2 = share_url(page, base_url)
    other.goto(url2)
    box = wait_import(other, GAME)
    assert "меньше записей: 3 из 4" in box.inner_text()
    box.locator("button", has_text="Обновить сохранённую партию").click()
    other.wait_for_function(MATCH_DRAWN, arg=SK)
    assert other.locator(f"{SK} [data-rb-history] > li").count() == 4
    assert other.locator(f"{SK} [data-rb-history]").inner_text() == page.locator(f"{SK} [data-rb-history]").inner_text()
    records = list(saved_records(other, GAME).values())
    assert len(records) == 1 and len(records[0]["state"]["actions"]) == 4


def test_share_link_of_a_game_without_score(tool_page, base_url):
    """«По часовой стрелке»: a decision, no score, the ball→pocket table."""
    game, tool = "po-chasovoy", sk("po-chasovoy")
    page = tool_page(DESKTOP)
    open_game(page, base_url, game, tool)
    start_match(page, game, ["Анна", "Борис"])
    decide(page, game, "правая средняя")
    record(page, game, lambda form: pick_choice(form, "pocket", "right-middle"))
    _, url = copied(page, base_url, "[data-rb-share]", tool)
    assert "/games/po-chasovoy/#match=1z" in url

    other = tool_page(PHONE)
    other.goto(url)
    wait_import(other, game).locator("button", has_text="Сохранить как новую партию").click()
    other.wait_for_function(MATCH_DRAWN, arg=tool)
    for selector in ("[data-rb-status-line]", "[data-rb-table] tbody", "[data-rb-history]"):
        assert other.locator(f"{tool} {selector}").text_content() == page.locator(f"{tool} {selector}").text_content()
    assert "Очередной шар — 2" in other.locator(f"{tool} [data-rb-status-line]").inner_text()


def test_broken_and_foreign_links_say_so(tool_page, base_url):
    page = tool_page(PHONE)
    page.goto(base_url + "games/kovboy/#match=1zAAAA")
    box = wait_import(page, GAME)
    assert "Партию из ссылки открыть не удалось" in box.inner_text()
    box.locator("button", has_text="К партиям на этом устройстве").click()
    assert page.locator(f"{SK} [data-rb-setup]").is_visible()
    assert "#match=" not in page.url

    # A readable link whose match the engine refuses, and one for another game.
    bad, foreign = page.evaluate("""async () => {
        const m = await import(new URL('../../assets/js/scorekeeper/match-link.js', location.href).href);
        const base = {format: 'rules_pkg.match/1', game: 'kovboy', players: ['А', 'Б'], options: {}, undone: []};
        return [await m.encodeMatch({...base, actions: [{type: 'shot', contacts: [7]}]}),
                await m.encodeMatch({...base, game: 'kaiza', actions: []})];
    }""")
    page.goto(f"{base_url}games/kovboy/#{bad}")
    page.reload()
    box = wait_import(page, GAME)
    assert "Партия в ссылке не открывается" in box.inner_text() and "Ошибка в действии №1." in box.inner_text()
    page.goto(f"{base_url}games/kovboy/#{foreign}")
    page.reload()
    box = wait_import(page, GAME)
    assert "другой игры" in box.inner_text()
    assert saved_records(page, GAME) == {}


def test_web_share_api_is_used_where_available(tool_page, base_url):
    page = tool_page(PHONE)
    page.add_init_script("""
        window.__shared = [];
        navigator.share = async (data) => { window.__shared.push(data); };
    """)
    open_game(page, base_url, GAME, SK)
    start_match(page, GAME, ["Анна", "Борис"])
    record(page, GAME, pot(3))
    page.locator(f"{SK} [data-rb-share]").click()
    page.locator(f"{SK} [data-rb-notice]").wait_for()
    assert "отправлена" in page.locator(f"{SK} [data-rb-notice]").inner_text()
    shared = page.evaluate("window.__shared")
    assert len(shared) == 1 and "#match=1" in shared[0]["url"] and "Ковбой" in shared[0]["title"]


def test_protocol_is_copied_as_plain_russian_text(tool_page, base_url):
    page = tool_page(DESKTOP)
    open_game(page, base_url, GAME, SK)
    play_three(page)
    notice, text = copied(page, base_url, "[data-rb-protocol]")
    assert "Протокол партии скопирован (3 записи)" in notice
    assert text.startswith("Партия «Ковбой»\nИгроки: Анна, Борис")
    assert "Счёт: Анна — 9 очков, Борис — 0 очков" in text
    assert "\n3. Анна:" in text and "Пункты:" in text


def test_protocol_shown_for_copying_by_hand_when_the_clipboard_says_no(tool_page, base_url):
    page = tool_page(PHONE)
    page.add_init_script("""
        Object.defineProperty(navigator, 'clipboard', {value: {
            writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError'))}});
    """)
    open_game(page, base_url, GAME, SK)
    start_match(page, GAME, ["Анна", "Борис"])
    record(page, GAME, pot(3))
    page.locator(f"{SK} [data-rb-protocol]").click()
    field = page.locator(f"{SK} [data-rb-manual-copy] textarea")
    field.wait_for()
    assert field.input_value().startswith("Партия «Ковбой»")
    assert "скопируйте его вручную" in page.locator(f"{SK} [data-rb-manual-copy]").inner_text()
    assert page.evaluate("""sel => { const f = document.querySelector(sel);
        return f.selectionStart === 0 && f.selectionEnd === f.value.length; }""",
                         f"{SK} [data-rb-manual-copy] textarea")
    # The share link falls back the same way.
    page.locator(f"{SK} [data-rb-share]").click()
    link = page.locator(f"{SK} [data-rb-manual-copy] input")
    link.wait_for()
    assert "#match=1" in link.input_value()


WAKE_LOCK_STUB = """
    window.__wake = {requests: 0, releases: 0, held: null};
    let hidden = false;
    Object.defineProperty(document, 'visibilityState', {get: () => hidden ? 'hidden' : 'visible'});
    window.__setHidden = (h) => {
        hidden = h;
        if (h && window.__wake.held) {  // the browser drops the lock when the page is hidden
            const s = window.__wake.held; window.__wake.held = null; s.dispatchEvent(new Event('release'));
        }
        document.dispatchEvent(new Event('visibilitychange'));
    };
    Object.defineProperty(navigator, 'wakeLock', {value: {request: async (type) => {
        window.__wake.requests++;
        const s = new EventTarget();
        s.type = type;
        s.release = async () => { window.__wake.releases++; if (window.__wake.held === s) window.__wake.held = null; };
        window.__wake.held = s;
        return s;
    }}});
"""


def test_screen_kept_awake_during_a_match(tool_page, base_url):
    page = tool_page(PHONE)
    page.add_init_script(WAKE_LOCK_STUB)
    open_game(page, base_url, GAME, SK)
    assert page.evaluate("window.__wake.requests") == 0  # no match on screen: no lock
    start_match(page, GAME, ["Анна", "Борис"])
    page.wait_for_function("window.__wake.requests === 1 && window.__wake.held !== null")
    assert page.locator(f"{SK} [data-rb-awake]").is_visible()
    page.evaluate("window.__setHidden(true)")
    assert page.evaluate("window.__wake.held") is None
    page.evaluate("window.__setHidden(false)")
    page.wait_for_function("window.__wake.requests === 2 && window.__wake.held !== null")
    # Leaving the match lets the screen sleep again.
    page.locator(f"{SK} [data-rb-list]").click()
    page.wait_for_function("window.__wake.releases === 1 && window.__wake.held === null")
    assert not page.locator(f"{SK} [data-rb-awake]").is_visible()


def test_no_wake_lock_api_is_fine(tool_page, base_url):
    page = tool_page(PHONE)
    page.add_init_script("Object.defineProperty(navigator, 'wakeLock', {value: undefined});")
    open_game(page, base_url, GAME, SK)
    start_match(page, GAME, ["Анна", "Борис"])
    record(page, GAME, pot(3))
    assert scores(page, GAME) == [3, 0]
    assert not page.locator(f"{SK} [data-rb-awake]").is_visible()
