"""A site update in the middle of a match (two games: tools_helpers.MECHANISM_GAMES):
a new version's service worker (sitebuild/publish/offline.py writes sw.js, as in
test_offline.py's "a new version replaces the old cache") takes over while a
match is open in a tab. The match goes on in that tab under the new worker,
then in the new version after a reload, and no shot is lost: the ones before
the update, while it waited, after the take-over and after the reload are all
there after one more reload. (A match saved by the previous release loading in
this one: test_saved_by_release.py.)"""

from __future__ import annotations

import shutil

import pytest

import test_offline as offline_test
from sitebuild.publish import offline
from tools_helpers import (
    MECHANISM_GAMES, SAVE_TIMEOUT_MS, open_game, play_step, reload_match, saved_actions, scores, sk, start_short_match,
    wait_engine_ready, wait_history,
)

pytestmark = [pytest.mark.browser, pytest.mark.full_engine]  # Pyodide as on a player's device (conftest.py SAVE_DATA)
WITH_WORKER = {"viewport": {"width": 1280, "height": 900}, "reduced_motion": "reduce"}
MARKER = "Новая версия сайта посреди партии"


@pytest.mark.parametrize("game", MECHANISM_GAMES)
def test_a_new_version_takes_over_mid_match_and_nothing_is_lost(tool_page, site_dir, tmp_path, game):
    root = tmp_path / "site"
    shutil.copytree(site_dir, root)
    server = offline_test.RecordingServer(root)
    try:
        page = tool_page(WITH_WORKER)
        open_game(page, server.url, game, sk(game))
        offline_test.wait_saved(page)
        (old_cache, _), = offline_test.cache_state(page).items()
        start_short_match(page, game)
        play_step(page, game, 0)

        # Publish a new version: the game's page changed, and so the worker.
        index = root / "games" / game / "index.html"
        index.write_text(index.read_text(encoding="utf-8").replace(
            "</article>", f"<p id='rb-test-new-version'>{MARKER}</p></article>", 1), encoding="utf-8")
        new_cache = f"rules-site-{offline.write_service_worker(root)['version']}"
        assert new_cache != old_cache
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_function("navigator.serviceWorker.getRegistration().then((r) => Boolean(r.waiting))",
                               timeout=SAVE_TIMEOUT_MS)
        play_step(page, game, 1)  # the new version waits: the match goes on

        # Another tab takes the update: the new worker takes this tab over without a reload.
        other = page.context.new_page()
        other.goto(server.url)
        banner = other.locator("[data-rb-offline-banner=update]")
        banner.wait_for(timeout=SAVE_TIMEOUT_MS)
        banner.locator("button", has_text="Обновить").click()
        page.wait_for_function(
            "cache => caches.keys().then((names) => names.includes(cache) && names.length === 1)",
            arg=new_cache, timeout=SAVE_TIMEOUT_MS)
        assert page.locator("#rb-test-new-version").count() == 0, "this tab still runs the old page"
        play_step(page, game, 2)
        before_reload = saved_actions(page, game)
        shown = scores(page, game)

        reload_match(page, game)  # now the new version, the match reopened
        assert page.locator("#rb-test-new-version").inner_text() == MARKER
        wait_history(page, game, 3)
        assert scores(page, game) == shown
        wait_engine_ready(page, sk(game))
        play_step(page, game, 3)
        after = saved_actions(page, game)
        shown = scores(page, game)
        reload_match(page, game)
        wait_history(page, game, 4)
        assert scores(page, game) == shown
        assert saved_actions(page, game) == after and after[:3] == before_reload and len(after) == 4
    finally:
        server.close()
