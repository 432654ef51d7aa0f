"""Moodle GIFT export (plain UTF-8 text; Moodle: Банк вопросов → Импорт → GIFT).

Every question is ``[html]``: its text and choices are HTML-escaped plain text,
the general feedback (``####``) is the explanation, the engine's verdict for a
scenario question and the cited clauses as links. The special characters
``~ = # { } :`` and the backslash are escaped with a backslash everywhere
(titles, texts, feedback, URLs); line breaks never occur (HTML paragraphs).

What Moodle's importer (``qformat_gift::readquestion``) does that the file
works around (docs/quizzes-format.md, section "moodle-import"):

- a numeric answer written ``{#0}`` is lost: the importer drops an answer for
  which PHP's ``empty()`` is true, and ``empty("0")`` is. Numbers are written
  the way Moodle's own GIFT export writes them, ``{#=%100%0:0#}`` (weight,
  value, tolerance 0, empty feedback), for every number (:func:`number_answer`);
- a choice (or its feedback, or a matching item) whose text begins with
  ``%NN%`` is read as a weight and one beginning with ``[word]`` as a format
  tag: the first character is written as an HTML character reference instead
  (:func:`neutral_start`), which the question shows unchanged;
- the question's id goes on a comment line ``// [id:quiz-id/question-id]``
  (Moodle 3.6+ reads it into the question's idnumber);
- GIFT cannot say «do not shuffle the choices» (the importer takes the site's
  default, which shuffles): a single/multiple question with ``shuffle = false``
  is left out of the GIFT file (:func:`omitted`), the header says which, and
  the quiz page says so too; the Moodle XML file keeps it.

Types:

- single → ``{=right ~wrong …}``;
- multiple → ``{~%50%right ~%-100%wrong …}``: each correct choice 100/k %, each
  wrong one −100/m %; with at most 10 choices every weight is one of Moodle's
  grades (50, 33.33333, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10);
- truefalse → ``{TRUE}`` / ``{FALSE}``; number → ``{#=%100%88:0#}`` (exact);
- ordering → a **matching** question, each item to its place «1», «2», … (the
  text says so): GIFT's ordering syntax needs the ordering plugin, which older
  Moodle lacks. An item's ``->`` cannot split the pair: HTML escaping writes it
  ``-&gt;``.
"""

from __future__ import annotations

from .model import Question, Quiz
from .render import choice_html, feedback_html, question_html

SPECIAL = "\\~=#{}:"
ORDERING_NOTE = "<p>Укажите для каждого пункта его место по порядку (1 — первый).</p>"
# Characters that change the meaning of a choice text they begin (a weight
# %NN%, a format tag [html]), with the HTML character references that show the
# same character without that meaning.
LEADING = {"%": "&#37;", "[": "&#91;"}


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


def neutral_start(fragment: str) -> str:
    """An HTML fragment whose first character Moodle cannot read as a weight or a format tag."""
    stripped = fragment.lstrip()
    if stripped[:1] in LEADING:
        return LEADING[stripped[0]] + stripped[1:]
    return fragment


def weight(percent: float) -> str:
    """A Moodle grade as GIFT/XML write it: 100, 50, 33.33333, -25 …"""
    text = f"{percent:.5f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def number_answer(value: int) -> str:
    """An exact numeric answer as Moodle's own export writes it (0 survives import)."""
    return f"=%100%{value}:0#"


def category_path(*names: str) -> str:
    # A "/" inside a category name is written "//".
    return "/".join(n.replace("/", "//") for n in names)


CATEGORY_ROOT = "Правила бильярда"


def omitted(quiz: Quiz) -> list[Question]:
    """Questions the GIFT file leaves out: a fixed choice order GIFT cannot express."""
    return [q for q in quiz.questions if q.type in ("single", "multiple") and not q.shuffle]


def idnumber(quiz: Quiz, q: Question) -> str:
    """The question's Moodle idnumber (GIFT ``[id:…]``, XML ``<idnumber>``)."""
    return f"{quiz.id}/{q.id}"


def _text(fragment_text: str) -> str:
    return escape(neutral_start(choice_html(fragment_text)))


def _answers(q: Question) -> list[str]:
    def fb(c) -> str:
        return f"#{_text(c.feedback)}" if c.feedback else ""
    if q.type == "single":
        return [f"{'=' if c.id == q.answer else '~'}{_text(c.text)}{fb(c)}" for c in q.choices]
    if q.type == "multiple":
        k = len(q.answer)
        m = len(q.choices) - k
        return [f"~%{weight(100 / k) if c.id in q.answer else weight(-100 / m)}%{_text(c.text)}{fb(c)}"
                for c in q.choices]
    if q.type == "ordering":
        return [f"={_text(q.choice(cid).text)} -> {n}" for n, cid in enumerate(q.answer, start=1)]
    if q.type == "truefalse":
        return ["TRUE" if q.answer else "FALSE"]
    return [number_answer(q.answer)]


def question(quiz: Quiz, q: Question, base: str | None) -> str:
    text = question_html(q) + (ORDERING_NOTE if q.type == "ordering" else "")
    name = idnumber(quiz, q)
    lines = [
        f"// {q.id}: {q.type}{' (сценарий: ответ посчитан движком)' if q.scenario else ''}; "
        f"пункты: {', '.join(q.clauses)}",
        f"// [id:{name}]",
        f"::{escape(name)}::[html]{escape(text)}{{" + ("#" if q.type == "number" else ""),
    ]
    lines += _answers(q)
    lines.append(f"####{escape(feedback_html(q, base))}")
    lines.append("}")
    return "\n".join(lines)


def export(quiz: Quiz, base: str | None) -> str:
    """The whole quiz as one GIFT file (without the questions of :func:`omitted`)."""
    left_out = omitted(quiz)
    kept = [q for q in quiz.questions if q not in left_out]
    head = [
        f"// Тест «{quiz.title}» ({quiz.id}): в файле {len(kept)} из {len(quiz.questions)} вопросов, "
        f"источник {quiz.source}.",
        "// Сделано при сборке сайта; правьте исходный файл, а не этот.",
        "// Вопросы «расположить по порядку» выгружены как вопросы на соответствие:",
        "// каждому пункту — его место (1, 2, 3 …).",
    ]
    if left_out:
        head += [
            "// Не выгружены (порядок вариантов важен, а GIFT не умеет запрещать перемешивание;",
            "// эти вопросы есть в файле Moodle XML): " + ", ".join(q.id for q in left_out) + ".",
        ]
    head += ["", f"$CATEGORY: $course$/top/{category_path(CATEGORY_ROOT, quiz.title)}", ""]
    return "\n".join(head) + "\n" + "\n\n".join(question(quiz, q, base) for q in kept) + "\n"
