"""Saved matches: several per game, kept after every action and resumed;
deleted only after a confirmation; a damaged or outdated record is reported
with its own message and a clean start, and the other records stay exactly
as they were; the single match of the site's first version is carried over."""

from __future__ import annotations

import json
import re

import pytest

from tools_helpers import (
    ENGINE_TIMEOUT_MS,
    DESKTOP, OPEN_PREFIX, PHONE, SAVED_PREFIX, match_page, open_game, pick_sequence, pick_set, record, reload_match,
    saved_records, scores, screenshot, sk, start_match, use_form_view, wait_history,
)

pytestmark = pytest.mark.browser
GAME = "kovboy"
SK = sk(GAME)


def pot(*balls):
    def fill(form):
        pick_sequence(form, "contacts", balls[0])
        pick_set(form, "pocketed", *balls)
    return fill


def saved_items(page):
    return page.locator(f"{SK} [data-rb-saved-list] > li")


def test_several_matches_are_kept_and_resumed(tool_page, base_url):
    page, tool = match_page(tool_page, base_url, PHONE, GAME, ["Анна", "Борис"])
    record(page, GAME, pot(3))
    assert scores(page, GAME) == [3, 0]

    tool.locator("[data-rb-new]").click()
    assert saved_items(page).count() == 1
    first = saved_items(page).first.inner_text()
    assert "Анна — Борис" in first and "счёт 3 : 0" in first and "1 запись" in first and "идёт" in first
    assert "изменена сегодня в" in first
    start_match(page, GAME, ["Вера", "Глеб", "Дина"])
    record(page, GAME, pot(3))
    record(page, GAME, pot(5))

    # A reload reopens the match that was on screen.
    reload_match(page, GAME)
    assert scores(page, GAME) == [8, 0, 0]
    tool.locator("[data-rb-list]").click()
    items = saved_items(page)
    assert items.count() == 2
    assert "Вера, Глеб, Дина" in items.nth(0).inner_text()      # the newest first
    assert "Вера 8 · Глеб 0 · Дина 0" in items.nth(0).inner_text()
    assert "текущая" in items.nth(0).inner_text()
    assert "2 записи" in items.nth(0).inner_text()
    items.nth(1).locator("[data-rb-open]").click()
    page.wait_for_function(
        "sel => !document.querySelector(sel + ' [data-rb-action-form]').hidden", arg=SK)
    assert scores(page, GAME) == [3, 0]
    reload_match(page, GAME)
    assert scores(page, GAME) == [3, 0]

    # Deleting asks first; «no» keeps the match.
    tool.locator("[data-rb-list]").click()
    target = saved_items(page).filter(has_text="Вера, Глеб, Дина")
    target.locator("[data-rb-delete]").click()
    assert "Удалить партию «Вера, Глеб, Дина»" in target.locator(".rb-confirm").inner_text()
    target.locator("[data-rb-delete-no]").click()
    assert saved_items(page).count() == 2
    target.locator("[data-rb-delete]").click()
    target.locator("[data-rb-delete-yes]").click()
    assert saved_items(page).count() == 1
    records = list(saved_records(page, GAME).values())
    assert len(records) == 1 and records[0]["summary"]["players"] == ["Анна", "Борис"]


def good_state(page):
    return page.evaluate("""async () => {
        const { call } = await import(new URL('../../assets/js/engine-client/engine-client.js', location.href).href);
        const r = await call({op: 'match.new', game: 'kovboy', players: ['Анна', 'Борис']});
        const shot = {type: 'shot', contacts: [3], pocketed: [3]};
        return (await call({op: 'match.play', state: r.state, action: shot, want: {state: true}})).state;
    }""")


def record_json(rid, state, **extra):
    return json.dumps({"format": "rules-site.saved-match/2", "id": rid, "game": GAME,
                       "created": "2026-11-01T10:00:00.000Z", "updated": "2026-11-01T10:05:00.000Z",
                       "summary": {"players": state.get("players", []), "scores": None, "finished": False,
                                   "winner": None, "records": 1, "status": ""},
                       "state": state, **extra})


DAMAGED = {
    "not-json": (lambda good: "{not json", "повреждена и не читается"),
    "newer-site": (lambda good: json.dumps({**json.loads(record_json("damaged0001", good)),
                                            "format": "rules-site.saved-match/3"}), "более новой версией сайта"),
    "bad-action": (lambda good: record_json("damaged0001", {**good, "actions": [{"type": "shot", "contacts": [7]}]}),
                   "повреждена. Ошибка в действии №1. Поле"),
    "old-engine-format": (lambda good: record_json("damaged0001", {**good, "format": "rules_pkg.match/0"}),
                          "формат"),
}


@pytest.mark.parametrize("kind", list(DAMAGED))
def test_damaged_record_is_reported_and_the_others_are_untouched(tool_page, base_url, kind):
    page, tool = match_page(tool_page, base_url, PHONE, GAME, ["Анна", "Борис"])
    record(page, GAME, pot(3))
    good_before = page.evaluate(
        "p => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith(p))"
        ".map(k => [k, localStorage.getItem(k)]))", SAVED_PREFIX + GAME + ":")
    assert len(good_before) == 1

    make, message = DAMAGED[kind]
    page.evaluate("([k, v, open]) => { localStorage.setItem(k, v); localStorage.setItem(open, 'damaged0001'); }",
                  [f"{SAVED_PREFIX}{GAME}:damaged0001", make(good_state(page)), OPEN_PREFIX + GAME])
    page.reload()
    restore = tool.locator("[data-rb-restore]")
    restore.wait_for(timeout=ENGINE_TIMEOUT_MS)
    text = restore.inner_text()
    screenshot(page, f"saved-damaged-{kind}-360", SK)
    assert "Сохранённую партию не удалось открыть" in text and message in text
    assert "Другие сохранённые партии не затронуты" in text
    assert "Traceback" not in page.content()
    assert tool.evaluate("el => el.open")

    # A clean start: the new-match form, with the good match and the damaged record listed.
    tool.locator("[data-rb-restore-new]").click()
    assert tool.locator("[data-rb-setup]").is_visible()
    items = saved_items(page)
    assert items.count() == 2
    damaged = items.filter(has=page.locator(".rb-error"))
    assert damaged.count() == 1 and message in damaged.inner_text()
    assert "Анна — Борис" in items.filter(has_not=page.locator(".rb-error")).inner_text()
    for key, raw in good_before.items():
        assert page.evaluate("k => localStorage.getItem(k)", key) == raw  # byte for byte

    # The damaged record goes only when asked, and alone.
    damaged.locator("[data-rb-delete]").click()
    damaged.locator("[data-rb-delete-yes]").click()
    assert saved_items(page).count() == 1
    assert list(saved_records(page, GAME)) == list(good_before)
    saved_items(page).first.locator("[data-rb-open]").click()
    page.wait_for_function("sel => !document.querySelector(sel + ' [data-rb-action-form]').hidden", arg=SK)
    assert scores(page, GAME) == [3, 0]


def test_delete_a_damaged_record_from_its_message(tool_page, base_url):
    page = tool_page(PHONE)
    open_game(page, base_url, GAME, SK)
    tool = page.locator(SK)
    page.evaluate("([k, open]) => { localStorage.setItem(k, '[1, 2'); localStorage.setItem(open, 'damaged0002'); }",
                  [f"{SAVED_PREFIX}{GAME}:damaged0002", OPEN_PREFIX + GAME])
    page.reload()
    tool.locator("[data-rb-restore]").wait_for(timeout=ENGINE_TIMEOUT_MS)
    tool.locator("[data-rb-restore-delete]").click()
    tool.locator("[data-rb-restore-delete-no]").click()
    assert saved_records(page, GAME) != {}
    tool.locator("[data-rb-restore-delete]").click()
    tool.locator("[data-rb-restore-delete-yes]").click()
    assert saved_records(page, GAME) == {}
    assert tool.locator("[data-rb-setup]").is_visible()
    assert saved_items(page).count() == 0


def test_a_match_that_cannot_be_saved_says_so(tool_page, base_url):
    """Storage refuses every write (private mode, a full quota): the new match
    says at once that a reload will lose it, once, and goes on in memory."""
    page = tool_page(PHONE)
    use_form_view(page)  # before writes are refused
    page.add_init_script("Storage.prototype.setItem = function () {"
                         " throw new DOMException('full', 'QuotaExceededError'); };")
    open_game(page, base_url, GAME, SK, form_view=False)
    start_match(page, GAME, ["Анна", "Борис"])
    error = page.locator(f"{SK} [data-rb-match-error]")
    assert error.is_visible()
    assert error.inner_text().startswith("Не удалось сохранить партию на этом устройстве")
    record(page, GAME, pot(3))
    assert scores(page, GAME) == [3, 0]
    assert not error.is_visible()  # said once
    assert saved_records(page, GAME) == {}


def test_the_first_versions_match_is_carried_over(tool_page, base_url):
    page = tool_page(PHONE)
    open_game(page, base_url, GAME, SK)
    state = good_state(page)
    page.evaluate("([a, b]) => { localStorage.setItem('rules-site:match:kovboy', a);"
                  " localStorage.setItem('rules-site:match:kovboy:corrupt', b); }",
                  [json.dumps(state), "{broken"])
    reload_match(page, GAME)
    assert scores(page, GAME) == [3, 0]
    assert page.evaluate("[localStorage.getItem('rules-site:match:kovboy'),"
                         " localStorage.getItem('rules-site:match:kovboy:corrupt')]") == [None, None]
    records = saved_records(page, GAME)
    assert len(records) == 2  # the readable match, and the unreadable copy kept as a damaged record
    assert "{broken" in records.values()
    page.locator(f"{SK} [data-rb-list]").click()
    assert saved_items(page).filter(has=page.locator(".rb-error")).count() == 1


def test_saved_score_shows_before_the_engine_is_ready(tool_page, base_url):
    page, tool = match_page(tool_page, base_url, PHONE, GAME, ["Анна", "Борис"])
    record(page, GAME, pot(3))
    record(page, GAME, pot(5))
    held = []
    runtimes = re.compile(r".*/(pyodide|micropython)/.*\.wasm$")  # the first answer's runtime too
    page.context.route(runtimes, lambda route: held.append(route))
    page.reload()
    # The runtime is still downloading, and the score is already there.
    tool.locator("[data-rb-match]").wait_for()
    assert scores(page, GAME) == [8, 0]
    # The status line the engine wrote when the match was saved (its view will
    # not change the line's height), and the engine's own line says it is loading.
    assert tool.locator("[data-rb-status-line]").inner_text() == "Ход: Анна (в серии 8 очков)."
    assert tool.locator("[data-rb-engine-text]").is_visible()
    assert tool.locator("[data-rb-undo]").is_disabled()
    assert not tool.locator("[data-rb-action-group]").is_visible()
    assert not tool.locator("[data-rb-play]").is_visible()  # nothing to record; undo stays in the bar
    for _ in range(300):  # until the worker asks for the held download
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "запрос среды для расчёта (.wasm) не был перехвачен"
    for route in held:
        route.continue_()
    page.context.unroute(runtimes)
    tool.locator("[data-rb-action-form]").wait_for(timeout=ENGINE_TIMEOUT_MS)
    assert scores(page, GAME) == [8, 0]
    assert tool.locator("[data-rb-history] > li").count() == 2


def test_a_second_tab_follows_the_match(tool_page, base_url):
    page = tool_page(DESKTOP)
    open_game(page, base_url, GAME, SK)
    start_match(page, GAME, ["Анна", "Борис"])
    record(page, GAME, pot(3))
    second = page.context.new_page()  # the same browser: the same saved matches
    second.goto(page.url)
    reload_match(second, GAME)
    assert scores(second, GAME) == [3, 0]
    record(page, GAME, pot(5))
    wait_history(second, GAME, 2)
    assert scores(second, GAME) == [8, 0]
    assert "другой вкладке" in second.locator(f"{SK} [data-rb-notice]").inner_text()
