"""A match saved by an earlier release loads in this one, in the browser: the
saved record and the share link of every game with a scorekeeper, kept in
tests/fixtures/release-N/ (never regenerated; their README says why), are
opened by the current page with the real engine and show the scores and the
records they were saved with; the reopened record is written on (an undo).
tests/js/match-session.test.mjs opens the same fixtures in node."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools_helpers import (
    ENGINE_TIMEOUT_MS,
    MATCH_DRAWN,
    DESKTOP, OPEN_PREFIX, SAVED_PREFIX, history_count, open_game, reload_match, saved_actions, scores, sk,
    undo, wait_history, wait_import,
)

pytestmark = pytest.mark.browser
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
RELEASES = sorted(p.name for p in FIXTURES.glob("release-*") if (p / "expected.json").is_file())
ID = "release1fixture"  # the id every release-N record is saved under (release-1/make.mjs)
CASES = [(release, game, expected) for release in RELEASES
         for game, expected in json.loads((FIXTURES / release / "expected.json").read_text()).items()]


def fixture_text(release: str, name: str) -> str:
    return (FIXTURES / release / name).read_text(encoding="utf-8").strip()


def shown_scores(expected: dict) -> list[int]:
    """The score cards: none in a game whose text defines no score."""
    return [s for s in expected["scores"] if s is not None]


def wait_match_shown(page, game: str) -> None:
    page.wait_for_function(MATCH_DRAWN, arg=sk(game), timeout=ENGINE_TIMEOUT_MS)


@pytest.mark.parametrize(("release", "game", "expected"), CASES, ids=[f"{r}-{g}" for r, g, _ in CASES])
def test_a_saved_record_of_an_earlier_release_opens_and_goes_on(tool_page, base_url, release, game, expected):
    page = tool_page(DESKTOP)
    page.goto(f"{base_url}sitemap.xml")  # the site's origin, before any page of it runs
    page.evaluate("([key, record, openKey, id]) => { localStorage.setItem(key, record); localStorage.setItem(openKey, id); }",
                  [f"{SAVED_PREFIX}{game}:{ID}", fixture_text(release, f"{game}.record.json"), OPEN_PREFIX + game, ID])
    open_game(page, base_url, game, sk(game))
    reload_match(page, game)  # the same wait as after any reload: the saved match shown by the engine
    wait_history(page, game, expected["records"])
    assert scores(page, game) == shown_scores(expected)
    assert page.locator(f"{sk(game)} [data-rb-match-error]").is_hidden()

    undo(page, game)  # written on by this release: the record keeps its place, one record less
    assert len(saved_actions(page, game)) == expected["records"] - 1
    reload_match(page, game)
    assert history_count(page, game) == expected["records"] - 1


@pytest.mark.parametrize(("release", "game", "expected"), CASES, ids=[f"{r}-{g}" for r, g, _ in CASES])
def test_a_share_link_of_an_earlier_release_opens(tool_page, base_url, release, game, expected):
    page = tool_page(DESKTOP)
    page.goto(f"{base_url}games/{game}/{fixture_text(release, f'{game}.link.txt')}")
    box = wait_import(page, game)
    assert "Сохранить эту партию на этом устройстве?" in box.inner_text()
    box.locator("button", has_text="Сохранить как новую партию").click()
    wait_match_shown(page, game)
    wait_history(page, game, expected["records"])
    assert scores(page, game) == shown_scores(expected)
    assert len(saved_actions(page, game)) == expected["records"]
