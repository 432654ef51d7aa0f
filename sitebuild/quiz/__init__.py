"""Quizzes at build time (never shipped to the browser).

``quizzes/*.toml`` (format: docs/quizzes-format.md) → checked
:class:`~sitebuild.quiz.model.Quiz` objects (:mod:`.loader`; scenario answers
computed by the rules engine, :mod:`.scenario`; every fact that decides them
stated, :mod:`.decisive`) → files for the site and for trainers
(:func:`build_all`: :mod:`.gift`, :mod:`.moodle_xml`, :mod:`.render`). Deterministic variants (seed + N) that the
browser reproduces: :mod:`.variant`.

Command line (from the repository root)::

    python -m sitebuild.quiz check [quizzes]
    python -m sitebuild.quiz build [quizzes] OUT_DIR [--site-url URL]
    python -m sitebuild.quiz print quizzes/kovboy.toml --seed 7 [--count 10] [--part sheet|key] [-o FILE]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

from . import gift, moodle_xml, render
from .errors import QuizError, QuizErrors
from .loader import load_dir, load_file
from .model import Choice, Question, Quiz
from .scenario import Engine, describe_request

__all__ = [
    "PRINT_SEED",
    "Built",
    "Choice",
    "Engine",
    "Question",
    "Quiz",
    "QuizError",
    "QuizErrors",
    "build_all",
    "describe_request",
    "files_for",
    "load_dir",
    "load_file",
    "write_all",
]

PRINT_SEED = 1  # the variant of the sheet written at build time (all questions)
INDEX_FORMAT = "rules_pkg.quiz-index/1"


class Built(NamedTuple):
    quizzes: list[Quiz]
    files: list[Path]


def files_for(quiz_id: str) -> dict[str, str]:
    """The file names written for one quiz, by kind."""
    return {
        "payload": f"{quiz_id}.json",
        "gift": f"{quiz_id}.gift.txt",
        "moodle_xml": f"{quiz_id}.moodle.xml",
        "moodle_xml_matching": f"{quiz_id}.moodle-matching.xml",
        "print": f"{quiz_id}.print.html",
    }


def build_all(quiz_dir: str | Path, out_dir: str | Path, site_url: str | None = None,
              *, page_base: str = "..", engine: Engine | None = None) -> Built:
    """Check every quiz of ``quiz_dir`` and write its files (:func:`write_all`).

    Raises :class:`QuizError` / :class:`QuizErrors` when a file is wrong; then
    nothing is written.
    """
    return write_all(load_dir(quiz_dir, engine), out_dir, site_url, page_base=page_base)


def write_all(quizzes: list[Quiz], out_dir: str | Path, site_url: str | None = None,
              *, page_base: str = "..") -> Built:
    """Write, into ``out_dir``, per quiz (already loaded and checked): the
    browser payload (``<id>.json``), GIFT (``<id>.gift.txt``), Moodle XML
    with native ordering questions (``<id>.moodle.xml``, Moodle ≥ 4.4) and
    with ordering as matching (``<id>.moodle-matching.xml``, older Moodle),
    the printable sheet with its key for variant :data:`PRINT_SEED` with all
    questions (``<id>.print.html``); plus ``index.json`` listing the quizzes.

    Clause links: ``page_base`` (default ``..``: ``out_dir`` is a folder at the
    site's root), relative to the files. ``site_url`` (a public address, for
    the command line) makes the GIFT and XML links absolute; the site itself
    builds without it, and its quiz pages make the links absolute from their
    own address when a trainer downloads a file
    (``docs/assets/js/quiz-files/quiz-export.js``).
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    export_base = site_url or page_base
    written: list[Path] = []

    def write(name: str, text: str) -> None:
        path = out / name
        path.write_text(text, encoding="utf-8")
        written.append(path)

    index = []
    for quiz in quizzes:
        names = files_for(quiz.id)
        write(names["payload"], json.dumps(render.payload(quiz, page_base), ensure_ascii=False, indent=1) + "\n")
        write(names["gift"], gift.export(quiz, export_base))
        write(names["moodle_xml"], moodle_xml.export(quiz, export_base, "native"))
        write(names["moodle_xml_matching"], moodle_xml.export(quiz, export_base, "matching"))
        write(names["print"], render.render_print(quiz, PRINT_SEED, None, page_base))
        index.append({"id": quiz.id, "title": quiz.title, "description": quiz.description, "game": quiz.game,
                      "games": list(quiz.games), "count": len(quiz.questions), "files": names,
                      "gift_omitted": [q.id for q in gift.omitted(quiz)]})
    write("index.json", json.dumps({"format": INDEX_FORMAT, "quizzes": index}, ensure_ascii=False, indent=1) + "\n")
    return Built(list(quizzes), written)
