"""Quizzes on the built site (sitebuild/pages/quiz_pages.py): one page per quiz file,
the files for trainers in site/quizzes/, every game page linking its quiz,
the тренажёр page, links that lead somewhere, and a build that stops on a
broken quiz file with the loader's message."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules_pkg import api
from sitebuild.quiz import Engine, files_for, load_dir, render

# RULES_TEST_SITE: a private build (mkdocs build -d DIR), as in tests/browser/conftest.py
SITE = Path(os.environ.get("RULES_TEST_SITE") or ROOT / "site").resolve()
QUIZ_FILES = sorted((ROOT / "quizzes").glob("*.toml"))


class Tags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.items: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.items.append((tag, {k: (v or "") for k, v in attrs}))


def tags(path: Path) -> list[tuple[str, dict]]:
    parser = Tags()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.items


def ids_in(path: Path) -> set[str]:
    return {a["id"] for _, a in tags(path) if a.get("id")}


@pytest.fixture(scope="module")
def quizzes():
    return {q.id: q for q in load_dir(ROOT / "quizzes", Engine())}


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "quizzes" / "index.json").is_file():
        proc = subprocess.run(["bash", "scripts/build.sh"], cwd=ROOT, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            pytest.fail("сайт не собран:\n" + (proc.stdout + proc.stderr)[-3000:])
    return SITE


def page_file(url_path: str) -> Path:
    path = SITE / unquote(url_path).lstrip("/")
    return path / "index.html" if url_path.endswith("/") or path.is_dir() else path


# ---- sources ------------------------------------------------------------------

@pytest.mark.parametrize("toml", QUIZ_FILES, ids=lambda p: p.stem)
def test_every_quiz_file_has_its_page(toml):
    import tomllib
    quiz_id = tomllib.loads(toml.read_text(encoding="utf-8"))["id"]
    page = ROOT / "docs" / "quizzes" / f"{quiz_id}.md"
    assert page.is_file(), f"нет страницы docs/quizzes/{quiz_id}.md для {toml.name}"
    assert re.search(rf"^::: quiz {re.escape(quiz_id)}\s*$", page.read_text(encoding="utf-8"), re.MULTILINE)


def test_every_quiz_page_has_its_file(quizzes):
    for page in (ROOT / "docs" / "quizzes").glob("*.md"):
        if page.name == "index.md":
            continue
        assert page.stem in quizzes, f"{page.name}: нет quizzes/*.toml с id «{page.stem}»"


# ---- the built site -------------------------------------------------------------

def test_trainer_files_are_written(site, quizzes):
    from sitebuild.quiz import gift as gift_module
    index = json.loads((site / "quizzes" / "index.json").read_text(encoding="utf-8"))
    assert sorted(q["id"] for q in index["quizzes"]) == sorted(quizzes)
    for quiz_id, quiz in quizzes.items():
        for name in files_for(quiz_id).values():
            assert (site / "quizzes" / name).is_file(), name
        gift = (site / "quizzes" / f"{quiz_id}.gift.txt").read_text(encoding="utf-8")
        left_out = gift_module.omitted(quiz)
        assert gift.count("// [id:") == len(quiz.questions) - len(left_out)
        assert all(f"// [id:{quiz_id}/{q.id}]" not in gift for q in left_out)
        # Links relative to the file: the quiz page makes them absolute when a trainer downloads it.
        assert "../games/" in gift and "https://" not in gift
        orderings = sum(1 for q in quiz.questions if q.type == "ordering")
        for name, ordering in (("moodle.xml", "ordering"), ("moodle-matching.xml", "matching")):
            xml = (site / "quizzes" / f"{quiz_id}.{name}").read_text(encoding="utf-8")
            assert xml.count("<question type=") == len(quiz.questions) + 1  # + the category
            assert xml.count(f'<question type="{ordering}">') >= orderings


def test_quiz_page_embeds_the_quiz(site, quizzes):
    for quiz_id, quiz in quizzes.items():
        page = site / "quizzes" / quiz_id / "index.html"
        widgets = [a for t, a in tags(page) if a.get("data-rb-tool") == "quiz"]
        assert len(widgets) == 1
        payload = json.loads(widgets[0]["data-rb-quiz-payload"])
        assert payload == json.loads(json.dumps(render.payload(quiz, "../..")))
        assert payload["count"] == len(quiz.questions)


def test_every_game_with_a_quiz_links_it(site, quizzes):
    games = api.handle({"op": "games"})["games"]
    with_quiz = {q.game for q in quizzes.values()}
    for game in games:
        page = site / "games" / game["id"] / "index.html"
        if not page.is_file():
            continue
        text = page.read_text(encoding="utf-8")
        box = re.search(r'<aside class="rb-quiz-link".*?</aside>', text, re.DOTALL)
        if game["id"] not in with_quiz:
            assert box is None, game["id"]
            continue
        parser = Tags()
        parser.feed(box.group(0))
        links = [a["href"] for t, a in parser.items if t == "a"]
        targets = {urlsplit(urljoin(f"/games/{game['id']}/", h)).path for h in links}
        quiz_ids = [q.id for q in quizzes.values() if q.game == game["id"]]
        assert {f"/quizzes/{q}/" for q in quiz_ids} <= targets, game["id"]
        if "calculator" in game["tools"]:
            assert "/trainer/" in targets, game["id"]
    # the box comes right after the tools, before the rules text
    text = (site / "games" / "kovboy" / "index.html").read_text(encoding="utf-8")
    assert text.index('id="rb-scorekeeper-kovboy"') < text.index("rb-quiz-link") < text.index('id="kovboy-intro"')


def test_quiz_list_shows_counts_and_links(site, quizzes):
    page = site / "quizzes" / "index.html"
    text = page.read_text(encoding="utf-8")
    for quiz_id in quizzes:
        assert f'data-rb-quiz-card="{quiz_id}"' in text
    assert "26 вопросов" in text and "17 вопросов" in text
    hrefs = [a["href"] for t, a in tags(page) if t == "a" and a.get("href")]
    for quiz_id in quizzes:
        assert f"{quiz_id}/?mode=exam" in hrefs
        assert f"{quiz_id}.gift.txt" in hrefs and f"{quiz_id}.moodle.xml" in hrefs


def test_trainer_page_lists_the_games_with_a_calculator(site):
    page = site / "trainer" / "index.html"
    widget = next(a for t, a in tags(page) if a.get("data-rb-tool") == "trainer")
    games = json.loads(widget["data-rb-trainer-games"])
    expected = [g["id"] for g in api.handle({"op": "games"})["games"] if "calculator" in g["tools"]]
    assert [g["id"] for g in games] == expected
    options = [a["value"] for t, a in tags(page) if t == "option"]
    assert options == expected
    for g in games:
        assert g["url"] == f"../games/{g['id']}/"
        assert "kind" in next(iter(g["refs"].values()))


@pytest.mark.parametrize("path", ["quizzes/index.html", "quizzes/kovboy/index.html", "quizzes/mixed/index.html",
                                  "trainer/index.html", "games/kovboy/index.html"])
def test_links_of_quiz_pages_lead_somewhere(site, path):
    """Every relative link (and every clause link in the embedded quiz) points
    to a file of the site, and a #fragment to an id on that page."""
    page = site / path
    base = "/" + path.rsplit("/", 1)[0] + "/"
    hrefs = [a["href"] for t, a in tags(page) if t == "a" and a.get("href")]
    for t, a in tags(page):
        if a.get("data-rb-quiz-payload"):
            hrefs += [r["url"] for q in json.loads(a["data-rb-quiz-payload"])["questions"] for r in q["refs"]]
        if a.get("data-rb-trainer-games"):
            hrefs += [g["url"] for g in json.loads(a["data-rb-trainer-games"])]
    checked = 0
    for href in hrefs:
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or href.startswith("#") or not parts.path:
            continue
        target = urlsplit(urljoin(base, href))
        file = page_file(target.path)
        assert file.is_file(), f"{path}: {href} → {file}"
        if target.fragment:
            assert unquote(target.fragment) in ids_in(file), f"{path}: {href}: нет якоря"
        checked += 1
    assert checked > 3


# ---- the build stops on a broken quiz --------------------------------------------

def build(tmp_path: Path, quiz_dir: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "RULES_QUIZ_DIR": str(quiz_dir), "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture
def quiz_copy(tmp_path):
    if not (ROOT / "build" / "pyodide" / "runtime.json").is_file():
        pytest.skip("нет build/pyodide (scripts/build-runtime.sh)")
    folder = tmp_path / "quizzes"
    shutil.copytree(ROOT / "quizzes", folder)
    return folder


def test_a_broken_quiz_file_stops_the_build_with_the_loaders_message(tmp_path, quiz_copy):
    shutil.copy(ROOT / "tests" / "quiz" / "broken" / "answer-not-choice.toml", quiz_copy / "zz-broken.toml")
    proc = build(tmp_path, quiz_copy)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "zz-broken.toml, вопрос «q1», поле answer: ответ \"c\" — не вариант этого вопроса" in out
    assert "Traceback" not in out
    assert not (tmp_path / "site" / "quizzes" / "kovboy.json").exists()


def test_a_quiz_without_a_page_stops_the_build(tmp_path, quiz_copy):
    text = (ROOT / "quizzes" / "kovboy.toml").read_text(encoding="utf-8")
    (quiz_copy / "zz-extra.toml").write_text(re.sub(r'^id = "kovboy"', 'id = "kovboy-extra"', text, flags=re.MULTILINE),
                                              encoding="utf-8")
    proc = build(tmp_path, quiz_copy)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "«kovboy-extra» (создайте docs/quizzes/kovboy-extra.md со строкой «::: quiz kovboy-extra»)" in out
