"""Moodle XML export (Moodle: Банк вопросов → Импорт → Формат Moodle XML).

One ``<quiz>`` per quiz file: a category question, then one question per
quiz question. HTML goes in CDATA (a ``]]>`` inside is split across two CDATA
sections); names are XML-escaped. ``<idnumber>`` carries ``quiz-id/question-id``
so a trainer can find a question by its stable id. Moodle does **not** match
on it at import: a second import of the same file adds a second copy of every
question (and drops the idnumber of the copy, which must be unique in its
category); to update a bank, delete the old questions or import into a new
category. The general feedback is the explanation, the engine's verdict
(scenario questions) and the clause links.

Types: single → ``multichoice`` with ``<single>true</single>`` (correct 100,
others 0); multiple → ``multichoice`` with ``<single>false</single>``, each
correct choice 100/k, each wrong one −100/m (Moodle's exact grades for k, m ≤
10; see :func:`sitebuild.quiz.gift.weight`); truefalse → ``truefalse``; number →
``numerical`` with tolerance 0; ordering → two flavours, one file each
(:data:`ORDERINGS`):

- ``native`` (``<id>.moodle.xml``): Moodle's own ``ordering`` type, standard
  from Moodle 4.4 (``qtype_ordering``): the items in the correct order
  (``fraction`` 1, 2, …), all shown (``selecttype`` ALL), graded all or
  nothing like the site;
- ``matching`` (``<id>.moodle-matching.xml``, for Moodle before 4.4): each
  item is a subquestion whose answer is its place «1», «2», …
"""

from __future__ import annotations

from xml.sax.saxutils import escape as _xml_escape

from .gift import CATEGORY_ROOT, ORDERING_NOTE, category_path, idnumber, weight
from .model import Question, Quiz
from .render import choice_html, esc, feedback_html, question_html


def xml(text: str) -> str:
    return _xml_escape(text, {'"': "&quot;"})


def comment(text: str) -> str:
    return "<!-- " + xml(text).replace("--", "- -") + " -->"


def cdata(text: str) -> str:
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def _html(tag: str, content: str, indent: str = "    ") -> str:
    return f'{indent}<{tag} format="html"><text>{cdata(content)}</text></{tag}>'


def _feedbacks(indent: str = "    ") -> list[str]:
    """The combined feedback, with «show the number of correct responses» on.

    ``shownumcorrect`` is written with the value 1: qformat_xml's combined
    feedback (multichoice, matching) reads the element's presence, but
    qtype_ordering reads its value, and an empty element is false there."""
    return [
        _html("correctfeedback", "<p>Верно.</p>", indent),
        _html("partiallycorrectfeedback", "<p>Отчасти верно.</p>", indent),
        _html("incorrectfeedback", "<p>Неверно.</p>", indent),
        f"{indent}<shownumcorrect>1</shownumcorrect>",
    ]


def _answer(fraction: str, content: str, feedback: str = "", html: bool = True, extra: str = "") -> str:
    fmt = ' format="html"' if html else ' format="moodle_auto_format"'
    body = cdata(content) if html else xml(content)
    return (f'    <answer fraction="{fraction}"{fmt}><text>{body}</text>'
            f'<feedback format="html"><text>{cdata(feedback)}</text></feedback>{extra}</answer>')


ORDERINGS = ("native", "matching")
ORDERING_NOTE_NATIVE = "<p>Расположите пункты по порядку (первый — сверху).</p>"


def qtype_of(q: Question, ordering: str = "native") -> str:
    """The Moodle question type a question is exported as."""
    if q.type == "ordering":
        return "ordering" if ordering == "native" else "matching"
    return {"single": "multichoice", "multiple": "multichoice", "truefalse": "truefalse",
            "number": "numerical"}[q.type]


def question_text(q: Question, ordering: str = "native") -> str:
    if q.type != "ordering":
        return question_html(q)
    return question_html(q) + (ORDERING_NOTE_NATIVE if ordering == "native" else ORDERING_NOTE)


def question(quiz: Quiz, q: Question, base: str | None, ordering: str = "native") -> str:
    name = idnumber(quiz, q)
    qtype = qtype_of(q, ordering)
    text = question_text(q, ordering)
    lines = [
        "  " + comment(f"{q.id}: {q.type}; пункты: {', '.join(q.clauses)}"),
        f'  <question type="{qtype}">',
        f"    <name><text>{xml(name)}</text></name>",
        _html("questiontext", text),
        _html("generalfeedback", feedback_html(q, base)),
        "    <defaultgrade>1</defaultgrade>",
        f"    <penalty>{'1' if q.type == 'truefalse' else '0.3333333'}</penalty>",
        "    <hidden>0</hidden>",
        f"    <idnumber>{xml(name)}</idnumber>",
    ]
    if q.type in ("single", "multiple"):
        lines += [
            f"    <single>{'true' if q.type == 'single' else 'false'}</single>",
            f"    <shuffleanswers>{'true' if q.shuffle else 'false'}</shuffleanswers>",
            "    <answernumbering>ABCD</answernumbering>",
            *_feedbacks(),
        ]
        k = len(q.answer) if q.type == "multiple" else 1
        m = len(q.choices) - k
        for c in q.choices:
            right = q.is_correct(c.id)
            if q.type == "single":
                fraction = "100" if right else "0"
            else:
                fraction = weight(100 / k) if right else weight(-100 / m)
            lines.append(_answer(fraction, choice_html(c.text), esc(c.feedback)))
    elif q.type == "truefalse":
        lines.append(_answer("100" if q.answer else "0", "true", html=False))
        lines.append(_answer("0" if q.answer else "100", "false", html=False))
    elif q.type == "number":
        lines.append(_answer("100", str(q.answer), html=False, extra="<tolerance>0</tolerance>"))
        lines += ["    <unitgradingtype>0</unitgradingtype>", "    <unitpenalty>0.1000000</unitpenalty>",
                  "    <showunits>3</showunits>", "    <unitsleft>0</unitsleft>"]
    elif qtype == "ordering":
        lines += ["    <layouttype>VERTICAL</layouttype>", "    <selecttype>ALL</selecttype>",
                  f"    <selectcount>{len(q.answer)}</selectcount>", "    <gradingtype>ALL_OR_NOTHING</gradingtype>",
                  "    <showgrading>SHOW</showgrading>", "    <numberingstyle>none</numberingstyle>",
                  *_feedbacks()]
        for n, cid in enumerate(q.answer, start=1):
            lines.append(_answer(str(n), choice_html(q.choice(cid).text)))
    else:  # ordering → matching
        lines += ["    <shuffleanswers>true</shuffleanswers>", *_feedbacks()]
        for n, cid in enumerate(q.answer, start=1):
            lines.append(f'    <subquestion format="html"><text>{cdata(choice_html(q.choice(cid).text))}</text>'
                         f"<answer><text>{n}</text></answer></subquestion>")
    lines.append("  </question>")
    return "\n".join(lines)


def export(quiz: Quiz, base: str | None, ordering: str = "native") -> str:
    """The whole quiz as one Moodle XML document; ``ordering``: one of :data:`ORDERINGS`."""
    if ordering not in ORDERINGS:
        raise ValueError(f"unknown ordering flavour {ordering!r}")
    category = f"$course$/top/{category_path(CATEGORY_ROOT, quiz.title)}"
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        comment(f"Тест «{quiz.title}» ({quiz.id}), файл {quiz.source}: сделано при сборке сайта. "
                + ("Вопросы «по порядку» — тип «Упорядочивание» (Moodle 4.4 и новее)." if ordering == "native"
                   else "Вопросы «по порядку» — вопросы на соответствие (для Moodle до 4.4).")),
        "<quiz>",
        '  <question type="category">',
        f"    <category><text>{xml(category)}</text></category>",
        '    <info format="html"><text></text></info>',
        "  </question>",
    ]
    parts += [question(quiz, q, base, ordering) for q in quiz.questions]
    parts.append("</quiz>")
    return "\n".join(parts) + "\n"
