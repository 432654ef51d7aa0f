"""What the site and the trainer get from a quiz: the JSON payload the browser
reads, the shared HTML pieces of the exports, and the printable sheet with its
answer key (``sitebuild/templates/quiz_print.html.j2``).

Clause links: :func:`clause_url` puts a cited id on its game's page,
``<base>/games/<game>/#<id>``. ``base`` is ``..`` for files next to the site's
pages (the payload and the sheet are written to ``<site>/quizzes/``) and the
site's public address for the Moodle exports, which live outside the site.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import jinja2

from .model import TYPE_NAMES, Question, Quiz
from .variant import quiz_variant

PAYLOAD_FORMAT = "rules_pkg.quiz/1"
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
LETTERS = "АБВГДЕЖИКЛМ"  # no З, Й, О: they look like 3, И, 0 on paper
KIND_NAMES = {"clause": "Пункт правил", "tolkovanie": "Толкование", "outside": "Внешний источник"}


def clause_url(base: str | None, game: str, ref_id: str) -> str:
    """``<base>/games/<game>/#<id>``; an empty base gives a path from the site root."""
    base = (base or "").rstrip("/")
    return f"{base + '/' if base else ''}games/{game}/#{ref_id}"


def paragraphs(text: str) -> list[str]:
    """Blank lines separate paragraphs; single line breaks are soft wraps."""
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text or "") if p.strip()]


def esc(text: str) -> str:
    return html.escape(text, quote=False)


def text_html(text: str) -> str:
    return "".join(f"<p>{esc(p)}</p>" for p in paragraphs(text))


def question_html(q: Question) -> str:
    """The question text, plus (scenario questions) what the engine computed on."""
    out = text_html(q.text)
    if q.scenario and q.scenario.lines:
        out += "<p>Исходные данные:</p><ul>" + "".join(f"<li>{esc(line)}</li>" for line in q.scenario.lines) + "</ul>"
    return out


def choice_html(text: str) -> str:
    return esc(" ".join(text.split()))


def feedback_html(q: Question, base: str | None) -> str:
    """Explanation, the engine's verdict (scenario questions) and the cited clauses as links."""
    out = text_html(q.explanation)
    if q.scenario and q.scenario.summary:
        out += f"<p>Расчёт движка: {esc(q.scenario.summary)}</p>"
    items = "".join(
        f'<li>{KIND_NAMES[r.kind]}: <a href="{html.escape(clause_url(base, r.game, r.id))}">{esc(r.title)}</a></li>'
        for r in q.refs)
    return out + f"<p>Основание:</p><ul>{items}</ul>"


def answer_text(q: Question, letters: dict[str, str] | None = None) -> str:
    """The answer in words; ``letters`` (choice id -> letter) for a printed variant."""
    def name(cid: str) -> str:
        return letters[cid] if letters else q.choice(cid).text
    if q.type == "single":
        return name(q.answer)
    if q.type == "multiple":
        ids = sorted(q.answer, key=lambda c: letters[c]) if letters else q.answer
        return ", ".join(name(c) for c in ids)
    if q.type == "ordering":
        return (", " if letters else " → ").join(name(c) for c in q.answer)
    if q.type == "truefalse":
        return "Верно" if q.answer else "Неверно"
    return str(q.answer)


# ---------------------------------------------------------------------------
# The browser payload


def payload(quiz: Quiz, base: str | None = "..") -> dict:
    """Everything the browser needs to run the quiz (answers included: it is a
    practice tool, not an exam)."""
    return {
        "format": PAYLOAD_FORMAT,
        "id": quiz.id,
        "title": quiz.title,
        "description": quiz.description,
        "game": quiz.game,
        "games": list(quiz.games),
        "count": len(quiz.questions),
        "questions": [_question_payload(q, base) for q in quiz.questions],
    }


def _question_payload(q: Question, base: str | None) -> dict:
    return {
        "id": q.id,
        "type": q.type,
        "type_name": TYPE_NAMES[q.type],
        "game": q.game,
        "game_title": q.game_title,
        "text": paragraphs(q.text),
        "situation": list(q.scenario.lines) if q.scenario else [],
        "choices": [{"id": c.id, "text": c.text, "feedback": c.feedback} for c in q.choices],
        "shuffle": q.shuffle,
        "answer": list(q.answer) if isinstance(q.answer, tuple) else q.answer,
        "explanation": paragraphs(q.explanation),
        "engine": q.scenario.summary if q.scenario else None,
        "refs": [{"id": r.id, "kind": r.kind, "kind_name": KIND_NAMES[r.kind], "title": r.title,
                  "url": clause_url(base, r.game, r.id)} for r in q.refs],
        "scenario": {"request": q.scenario.request, "ask": q.scenario.ask} if q.scenario else None,
    }


# ---------------------------------------------------------------------------
# The printable sheet and answer key

_env: jinja2.Environment | None = None


def environment() -> jinja2.Environment:
    global _env
    if _env is None:
        _env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(TEMPLATES)),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        _env.filters["paragraphs"] = paragraphs
    return _env


def print_items(quiz: Quiz, seed: int, count: int | None = None, base: str | None = "..") -> list[dict]:
    """The variant as the sheet shows it: numbered questions, lettered choices."""
    items = []
    for n, v in enumerate(quiz_variant(quiz, seed, count), start=1):
        q = quiz.question(v["id"])
        letters = {cid: LETTERS[i] for i, cid in enumerate(v["choices"])}
        items.append({
            "number": n,
            "q": q,
            "type_name": TYPE_NAMES[q.type],
            "choices": [{"letter": letters[cid], "choice": q.choice(cid)} for cid in v["choices"]],
            "answer": answer_text(q, letters if q.choices else None),
            "answer_texts": [q.choice(cid).text for cid in _answer_ids(q, letters)],
            "refs": [{"ref": r, "kind_name": KIND_NAMES[r.kind], "url": clause_url(base, r.game, r.id)}
                     for r in q.refs],
        })
    return items


def _answer_ids(q: Question, letters: dict[str, str]) -> list[str]:
    """The correct choice ids in the order the key lists their letters."""
    if q.type == "single":
        return [q.answer]
    if q.type == "multiple":
        return sorted(q.answer, key=lambda c: letters[c])
    if q.type == "ordering":
        return list(q.answer)
    return []


def render_print(quiz: Quiz, seed: int, count: int | None = None, base: str | None = "..",
                 parts: tuple[str, ...] = ("sheet", "key")) -> str:
    """A standalone HTML page: the question sheet of the variant (seed, count)
    and, on a new page, its answer key (``parts`` selects either)."""
    for part in parts:
        if part not in ("sheet", "key"):
            raise ValueError(f"unknown part {part!r}")
    items = print_items(quiz, seed, count, base)
    return environment().get_template("quiz_print.html.j2").render(
        quiz=quiz, items=items, seed=seed, count=len(items), total=len(quiz.questions),
        parts=parts, mixed=quiz.game == "mixed")
