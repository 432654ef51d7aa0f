"""A site update in the middle of a match: a new version's service worker
(sitebuild/offline.py writes sw.js, as in test_offline.py's "a new version
replaces the old cache") takes over while a match is open in a tab. The match
goes on in that tab under the new worker, then in the new version after a
reload, and no shot is lost: the ones before the update, while it waited, after
the take-over and after the reload are all there after one more reload."""

from __future__ import annotations

import shutil

import pytest

import test_offline as offline_test
from sitebuild import offline
from tools_helpers import open_game, pot, record, reload_match, saved_records, scores, sk, start_match

pytestmark = pytest.mark.browser
GAME = "kovboy"
SK = sk(GAME)
WITH_WORKER = {"viewport": {"width": 1280, "height": 900}, "reduced_motion": "reduce"}
MARKER = "Новая версия сайта посреди партии"


def pocketed_of_saved(page) -> list[list[int]]:
    records = list(saved_records(page, GAME).values())
    assert len(records) == 1
    return [a["pocketed"] for a in records[0]["state"]["actions"]]


def test_a_new_version_takes_over_mid_match_and_nothing_is_lost(tool_page, site_dir, tmp_path):
    root = tmp_path / "site"
    shutil.copytree(site_dir, root)
    server = offline_test.RecordingServer(root)
    try:
        page = tool_page(WITH_WORKER)
        open_game(page, server.url, GAME, SK)
        offline_test.wait_saved(page)
        (old_cache, _), = offline_test.cache_state(page).items()
        start_match(page, GAME, ["Анна", "Борис"])
        record(page, GAME, pot(3))

        # Publish a new version: the game's page changed, and so the worker.
        index = root / "games" / GAME / "index.html"
        index.write_text(index.read_text(encoding="utf-8").replace(
            "</article>", f"<p id='rb-test-new-version'>{MARKER}</p></article>", 1), encoding="utf-8")
        new_cache = f"rules-site-{offline.write_service_worker(root)['version']}"
        assert new_cache != old_cache
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_function("navigator.serviceWorker.getRegistration().then((r) => Boolean(r.waiting))",
                               timeout=offline_test.SAVE_TIMEOUT_MS)
        record(page, GAME, pot(5))  # the new version waits: the match goes on

        # Another tab takes the update: the new worker takes this tab over without a reload.
        other = page.context.new_page()
        other.goto(server.url)
        banner = other.locator("[data-rb-offline-banner=update]")
        banner.wait_for(timeout=offline_test.SAVE_TIMEOUT_MS)
        banner.locator("button", has_text="Обновить").click()
        page.wait_for_function(
            "cache => caches.keys().then((names) => names.includes(cache) && names.length === 1)",
            arg=new_cache, timeout=offline_test.SAVE_TIMEOUT_MS)
        assert page.locator("#rb-test-new-version").count() == 0, "this tab still runs the old page"
        record(page, GAME, pot(1))
        assert scores(page, GAME) == [9, 0]

        reload_match(page, GAME)  # now the new version, the match reopened
        assert page.locator("#rb-test-new-version").inner_text() == MARKER
        assert scores(page, GAME) == [9, 0]
        open_tool_ready(page)
        record(page, GAME, pot(3))
        reload_match(page, GAME)
        assert scores(page, GAME) == [12, 0]
        assert pocketed_of_saved(page) == [[3], [5], [1], [3]]
    finally:
        server.close()


def open_tool_ready(page) -> None:
    page.wait_for_function("sel => document.querySelector(sel).dataset.rbEngine === 'ready'", arg=SK,
                           timeout=offline_test.ENGINE_TIMEOUT_MS)
