"""Moodle XML export (Moodle: Банк вопросов → Импорт → Формат Moodle XML).

One ``<quiz>`` per quiz file: a category question, then one question per
quiz question. HTML goes in CDATA (a ``]]>`` inside is split across two CDATA
sections); names are XML-escaped. ``<idnumber>`` carries ``quiz-id/question-id``
so a re-import can be matched to the stable ids. The general feedback is the
explanation, the engine's verdict (scenario questions) and the clause links.

Types: single → ``multichoice`` with ``<single>true</single>`` (correct 100,
others 0); multiple → ``multichoice`` with ``<single>false</single>``, each
correct choice 100/k, each wrong one −100/m (Moodle's exact grades for k, m ≤
10; see :func:`sitebuild.quiz.gift.weight`); truefalse → ``truefalse``; number →
``numerical`` with tolerance 0; ordering → ``matching`` (Moodle's own
«Ordering» type is not in every installation): each item is a subquestion whose
answer is its place «1», «2», …
"""

from __future__ import annotations

from xml.sax.saxutils import escape as _xml_escape

from .gift import CATEGORY_ROOT, ORDERING_NOTE, category_path, weight
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
    return [
        _html("correctfeedback", "<p>Верно.</p>", indent),
        _html("partiallycorrectfeedback", "<p>Отчасти верно.</p>", indent),
        _html("incorrectfeedback", "<p>Неверно.</p>", indent),
    ]


def _answer(fraction: str, content: str, feedback: str = "", html: bool = True, extra: str = "") -> str:
    fmt = ' format="html"' if html else ' format="moodle_auto_format"'
    body = cdata(content) if html else xml(content)
    return (f'    <answer fraction="{fraction}"{fmt}><text>{body}</text>'
            f'<feedback format="html"><text>{cdata(feedback)}</text></feedback>{extra}</answer>')


def question(quiz: Quiz, q: Question, base: str | None) -> str:
    name = f"{quiz.id}/{q.id}"
    qtype = {"single": "multichoice", "multiple": "multichoice", "truefalse": "truefalse",
             "number": "numerical", "ordering": "matching"}[q.type]
    text = question_html(q) + (ORDERING_NOTE if q.type == "ordering" else "")
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
            "    <shownumcorrect/>",
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
    else:  # ordering → matching
        lines += ["    <shuffleanswers>true</shuffleanswers>", *_feedbacks(), "    <shownumcorrect/>"]
        for n, cid in enumerate(q.answer, start=1):
            lines.append(f'    <subquestion format="html"><text>{cdata(choice_html(q.choice(cid).text))}</text>'
                         f"<answer><text>{n}</text></answer></subquestion>")
    lines.append("  </question>")
    return "\n".join(lines)


def export(quiz: Quiz, base: str | None) -> str:
    """The whole quiz as one Moodle XML document."""
    category = f"$course$/top/{category_path(CATEGORY_ROOT, quiz.title)}"
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        comment(f"Тест «{quiz.title}» ({quiz.id}), файл {quiz.source}: сделано при сборке сайта."),
        "<quiz>",
        '  <question type="category">',
        f"    <category><text>{xml(category)}</text></category>",
        '    <info format="html"><text></text></info>',
        "  </question>",
    ]
    parts += [question(quiz, q, base) for q in quiz.questions]
    parts.append("</quiz>")
    return "\n".join(parts) + "\n"
