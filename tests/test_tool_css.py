"""A tool's stylesheet only on the pages with that tool (sitebuild/publish/postbuild.py,
TOOL_CSS; issue 19): no game page links quiz.css."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild.publish import postbuild

SITE = Path(__file__).resolve().parent.parent / "site"
LINK = '<link rel="stylesheet" href="../../assets/css/quiz.css">'


def test_left_out_of_a_page_without_the_tools():
    page = f"<head>{LINK}\n<link rel=\"stylesheet\" href=\"../../assets/css/base.css\"></head>"
    assert postbuild.drop_tool_css(page) == '<head><link rel="stylesheet" href="../../assets/css/base.css"></head>'


@pytest.mark.parametrize("tool", ["quiz", "quiz-files", "trainer"])
def test_kept_on_a_page_with_one_of_them(tool):
    page = f'<head>{LINK}</head><body><div data-rb-tool="{tool}"></div></body>'
    assert postbuild.drop_tool_css(page) == page


def test_the_built_site_links_it_on_quiz_pages_only():
    if not (SITE / "games" / "kovboy" / "index.html").is_file():
        pytest.skip("site/ is not built (scripts/build.sh)")
    for game in sorted((SITE / "games").glob("*/index.html")):
        assert "assets/css/quiz.css" not in game.read_text(encoding="utf-8"), game
    for page in ("trainer", "quizzes", "quizzes/kovboy"):
        assert "assets/css/quiz.css" in (SITE / page / "index.html").read_text(encoding="utf-8"), page
