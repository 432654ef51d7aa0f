"""The parts of Moodle's GIFT importer (qformat_gift::readquestion, Moodle
4.x, question/format/gift/format.php) that decide what a question becomes,
re-stated in Python with PHP's semantics, for the quirk tests.

Not Moodle's code: a small model of its documented steps, kept close to the
original order so that each quirk the exporter works around shows up here the
same way (the tests prove the model reproduces each quirk on a naive file):

- comment lines (``//``) are removed, and ``[id:…]`` in them is the idnumber;
- escaped ``\\: \\# \\= \\{ \\} \\~ \\n`` become placeholders before parsing;
- the answer block is between the first ``{`` and the first ``}``; the general
  feedback follows the last ``####`` in it;
- a numeric block (``#…``) is split on ``=`` and the first part dropped when
  PHP's ``empty()`` is true for it — which it is for ``"0"``: ``{#0}`` loses
  its only answer (the bug found by importing into a real Moodle);
- a choice starting with ``%NN%`` (after ``~``) gets that weight; a text
  starting with ``[moodle|html|plain|markdown]`` loses that tag as a format.
"""

from __future__ import annotations

import re

FORMATS = ("moodle", "html", "plain", "markdown")
WEIGHT_RE = re.compile(r"^%\-*([0-9]{1,2})\.?([0-9]*)%")
ID_RE = re.compile(r"\[id:((?:\\\]|[^\]\x00-\x1f\x7f])+)\]")
ESCAPES = [("\\:", "&&058;"), ("\\#", "&&035;"), ("\\=", "&&061;"), ("\\{", "&&123;"),
           ("\\}", "&&125;"), ("\\~", "&&126;"), ("\\n", "&&010")]
PLAIN = {":": "&&058;", "#": "&&035;", "=": "&&061;", "{": "&&123;", "}": "&&125;", "~": "&&126;", "\n": "&&010"}


class ImportError_(Exception):
    pass


def php_empty(value: str | None) -> bool:
    return value is None or value in ("", "0")


def escaped_pre(text: str) -> str:
    text = text.replace("\\\\", "&&092;")
    for esc, ph in ESCAPES:
        text = text.replace(esc, ph)
    return text.replace("&&092;", "\\")


def escaped_post(text: str) -> str:
    for ch, ph in PLAIN.items():
        text = text.replace(ph, ch)
    return text


def text_with_format(text: str, default: str = "moodle") -> tuple[str, str]:
    fmt = default
    if text.startswith("["):
        end = text.find("]")
        name = text[1:end] if end >= 0 else text[1:]
        if name in FORMATS:
            fmt, text = name, text[end + 1:]
    return escaped_post(text).strip(), fmt


def weight_of(answer: str) -> tuple[float, str]:
    answer = answer[1:]
    end = answer.find("%")
    return float(answer[:end]) / 100, answer[end + 1:]


def comment_split(answer: str, fmt: str) -> tuple[str, str]:
    bits = answer.split("#", 1)
    text, _ = text_with_format(bits[0].strip(), fmt)
    feedback = text_with_format(bits[1].strip(), fmt)[0] if len(bits) > 1 else ""
    return text, feedback


def read_question(lines: list[str]) -> dict | None:
    comments = "".join(line.strip() + "\n" for line in lines if line.strip().startswith("//"))
    lines = [" " if line.strip().startswith("//") else line for line in lines]
    text = "\n".join(lines).strip()
    if not text:
        return None
    text = escaped_pre(text)
    if text.startswith("$CATEGORY:"):
        return {"qtype": "category", "category": text[10:].strip()}
    q: dict = {"name": None}
    m = ID_RE.search(comments)
    q["idnumber"] = m.group(1).strip().replace("\\]", "]") if m else ""
    if text.startswith("::"):
        text = text[2:]
        end = text.find("::")
        q["name"] = escaped_post(text[:end])
        text = text[end + 2:].strip()
    start, finish = text.find("{"), text.find("}")
    if start < 0 or finish < 0:
        raise ImportError_("braces")
    answertext = text[start + 1:finish].strip()
    questiontext = text[:start] + text[finish + 1:]
    sep = answertext.rfind("####")
    general = ""
    if sep >= 0:
        general, answertext = answertext[sep + 4:], answertext[:sep].strip()
    q["questiontext"], fmt = text_with_format(questiontext.strip())
    q["format"] = fmt
    q["generalfeedback"] = text_with_format(general.strip(), fmt)[0]
    if answertext.startswith("#"):
        return _numerical(q, answertext[1:], fmt)
    if "~" in answertext:
        return _multichoice(q, answertext, fmt)
    if "=" in answertext and "->" in answertext:
        return _match(q, answertext, fmt)
    check = answertext.split("#", 1)[0].strip()
    if check in ("T", "TRUE", "F", "FALSE"):
        q.update(qtype="truefalse", correct=check.startswith("T"))
        return q
    q["qtype"] = "shortanswer"
    return q


def _first_dropped(parts: list[str]) -> list[str]:
    parts[0] = parts[0].strip()
    return parts[1:] if php_empty(parts[0]) else parts


def _numerical(q: dict, answertext: str, fmt: str) -> dict:
    pos = answertext.find("~")
    if pos >= 0:
        answertext = answertext[:pos]
    answers = _first_dropped(answertext.split("="))
    if not answers:
        raise ImportError_("giftnonumericalanswers")
    q.update(qtype="numerical", answers=[])
    for answer in answers:
        answer = answer.strip()
        fraction = 1.0
        if WEIGHT_RE.match(answer):
            fraction, answer = weight_of(answer)
        value, _ = comment_split(answer, fmt)
        if ".." in value[1:]:
            lo, hi = value.split("..", 1)
            number, tolerance = (float(hi) + float(lo)) / 2, (float(hi) - float(lo)) / 2
        elif ":" in value[1:]:
            a, b = value.split(":", 1)
            number, tolerance = float(a.strip()), float(b.strip())
        else:
            number, tolerance = float(value.strip()), 0.0
        q["answers"].append({"number": number, "tolerance": tolerance, "fraction": fraction})
    return q


def _multichoice(q: dict, answertext: str, fmt: str) -> dict:
    q.update(qtype="multichoice", single="=" in answertext, answers=[])
    answers = _first_dropped(answertext.replace("=", "~=").split("~"))
    if len(answers) < 2:
        raise ImportError_("importminerror")
    for answer in answers:
        answer = answer.strip()
        if answer.startswith("="):
            fraction, answer = 1.0, answer[1:]
        elif WEIGHT_RE.match(answer):
            fraction, answer = weight_of(answer)
        else:
            fraction = 0.0
        text, feedback = comment_split(answer, fmt)
        q["answers"].append({"text": text, "feedback": feedback, "fraction": fraction})
    return q


def _match(q: dict, answertext: str, fmt: str) -> dict:
    q.update(qtype="match", pairs=[])
    answers = _first_dropped(answertext.split("="))
    if len(answers) < 2:
        raise ImportError_("importminerror")
    for answer in answers:
        answer = answer.strip()
        if "->" not in answer:
            raise ImportError_("giftmatchingformat")
        left, right = answer.split("->", 1)
        q["pairs"].append((text_with_format(left, fmt)[0], escaped_post(right).strip()))
    return q


def read_file(text: str) -> list[dict]:
    """Every question of a GIFT file (blank lines separate questions), in order."""
    out, block = [], []
    for line in text.replace("\r\n", "\n").split("\n") + [""]:
        if line.strip():
            block.append(line)
        elif block:
            q = read_question(block)
            if q is not None:
                out.append(q)
            block = []
    return out
