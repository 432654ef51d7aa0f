"""Moodle GIFT export (plain UTF-8 text; Moodle: Банк вопросов → Импорт → GIFT).

Every question is ``[html]``: its text and choices are HTML-escaped plain text,
the general feedback (``####``) is the explanation, the engine's verdict for a
scenario question and the cited clauses as links. The special characters
``~ = # { } :`` and the backslash are escaped with a backslash everywhere
(titles, texts, feedback, URLs); line breaks never occur (HTML paragraphs).

Types:

- single → ``{=right ~wrong …}``;
- multiple → ``{~%50%right ~%-100%wrong …}``: each correct choice 100/k %, each
  wrong one −100/m %; with at most 10 choices every weight is one of Moodle's
  grades (50, 33.33333, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10);
- truefalse → ``{TRUE}`` / ``{FALSE}``; number → ``{#88}`` (exact);
- ordering → GIFT has no ordering type: a **matching** question, each item to
  its place «1», «2», … (the text says so). An item's ``->`` cannot split the
  pair: HTML escaping writes it ``-&gt;``.
"""

from __future__ import annotations

from .model import Question, Quiz
from .render import choice_html, feedback_html, question_html

SPECIAL = "\\~=#{}:"
ORDERING_NOTE = "<p>Укажите для каждого пункта его место по порядку (1 — первый).</p>"


def escape(text: str) -> str:
    out = []
    for ch in text:
        if ch in SPECIAL:
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        else:
            out.append(ch)
    return "".join(out)


def weight(percent: float) -> str:
    """A Moodle grade as GIFT/XML write it: 100, 50, 33.33333, -25 …"""
    text = f"{percent:.5f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def category_path(*names: str) -> str:
    # A "/" inside a category name is written "//".
    return "/".join(n.replace("/", "//") for n in names)


CATEGORY_ROOT = "Правила бильярда"


def _answers(q: Question) -> list[str]:
    def fb(c) -> str:
        return f"#{escape(choice_html(c.feedback))}" if c.feedback else ""
    if q.type == "single":
        return [f"{'=' if c.id == q.answer else '~'}{escape(choice_html(c.text))}{fb(c)}" for c in q.choices]
    if q.type == "multiple":
        k = len(q.answer)
        m = len(q.choices) - k
        return [f"~%{weight(100 / k) if c.id in q.answer else weight(-100 / m)}%{escape(choice_html(c.text))}{fb(c)}"
                for c in q.choices]
    if q.type == "ordering":
        return [f"={escape(choice_html(q.choice(cid).text))} -> {n}"
                for n, cid in enumerate(q.answer, start=1)]
    if q.type == "truefalse":
        return ["TRUE" if q.answer else "FALSE"]
    return [f"#{q.answer}"]


def question(quiz: Quiz, q: Question, base: str | None) -> str:
    text = question_html(q) + (ORDERING_NOTE if q.type == "ordering" else "")
    lines = [
        f"// {q.id}: {q.type}{' (сценарий: ответ посчитан движком)' if q.scenario else ''}; "
        f"пункты: {', '.join(q.clauses)}",
        f"::{escape(quiz.id + '/' + q.id)}::[html]{escape(text)}{{",
    ]
    lines += _answers(q)
    lines.append(f"####{escape(feedback_html(q, base))}")
    lines.append("}")
    return "\n".join(lines)


def export(quiz: Quiz, base: str | None) -> str:
    """The whole quiz as one GIFT file."""
    head = [
        f"// Тест «{quiz.title}» ({quiz.id}): {len(quiz.questions)} вопросов, файл {quiz.source}.",
        "// Сделано при сборке сайта; правьте исходный файл, а не этот.",
        "// Вопросы «расположить по порядку» выгружены как вопросы на соответствие:",
        "// каждому пункту — его место (1, 2, 3 …).",
        "",
        f"$CATEGORY: $course$/top/{category_path(CATEGORY_ROOT, quiz.title)}",
        "",
    ]
    return "\n".join(head) + "\n" + "\n\n".join(question(quiz, q, base) for q in quiz.questions) + "\n"
