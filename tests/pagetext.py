"""The text of a built page, as a reader sees it, for tests that compare it
with the source (tests/test_text_fidelity.py) or look for words in it.

A small DOM built with the standard library's HTMLParser (the site's HTML is
generated and well formed), text extraction that knows block boundaries, and
the normalisation used for word-by-word comparison.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "param", "source", "track", "wbr"}
BLOCK = {"address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt",
         "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
         "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody",
         "td", "tfoot", "th", "thead", "tr", "ul"}
SKIP_TEXT = {"script", "style", "template"}


@dataclass(eq=False)
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)
    parent: Node | None = None

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def iter(self):
        """This node and every element below it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None) -> list[Node]:
        return [n for n in self.iter()
                if (tag is None or n.tag == tag) and (cls is None or cls in n.classes)]

    def find(self, tag: str | None = None, cls: str | None = None) -> Node | None:
        found = self.find_all(tag, cls)
        return found[0] if found else None

    def ancestors(self):
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    def text(self) -> str:
        """The visible text; block elements are separated by whitespace."""
        out: list[str] = []
        self._text(out)
        return re.sub(r"\s+", " ", "".join(out)).strip()

    def _text(self, out: list[str]) -> None:
        if self.tag in SKIP_TEXT:
            return
        block = self.tag in BLOCK
        if block:
            out.append(" ")
        for child in self.children:
            if isinstance(child, str):
                out.append(child)
            else:
                child._text(out)
        if block:
            out.append(" ")


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: (v or "") for k, v in attrs}, parent=self.stack[-1])
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        node = Node(tag, {k: (v or "") for k, v in attrs}, parent=self.stack[-1])
        self.stack[-1].children.append(node)

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(html_text: str) -> Node:
    builder = _Builder()
    builder.feed(html_text)
    builder.close()
    return builder.root


# ---- normalisation and comparison ---------------------------------------------

DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212-"
QUOTES = "«»„“”‟\"″"
TOKEN_RE = re.compile(r"\w+(?:[-.]\w+)*|[^\w\s]")


def normalise(text: str) -> str:
    """Whitespace, dash variants, quotes and ё/е made uniform."""
    text = unicodedata.normalize("NFC", text)
    text = text.replace("ё", "е").replace("Ё", "Е")
    text = re.sub(f"[{re.escape(DASHES)}]", "-", text)
    text = re.sub(f"[{re.escape(QUOTES)}]", '"', text)
    return re.sub(r"\s+", " ", text).strip()


def tokens(text: str) -> list[str]:
    """Words (with inner hyphens and dots: «какой-либо», «т.д», «101-е») and
    punctuation marks, one token each."""
    return TOKEN_RE.findall(normalise(text))


def first_difference(expected: list[str], actual: list[str], context: int = 8) -> str | None:
    """None when equal, else the first differing words with context."""
    if expected == actual:
        return None
    matcher = difflib.SequenceMatcher(a=expected, b=actual, autojunk=False)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        if op == "equal":
            continue
        before = " ".join(expected[max(0, a1 - context):a1])
        src = " ".join(expected[a1:a2]) or "(ничего)"
        page = " ".join(actual[b1:b2]) or "(ничего)"
        after = " ".join(expected[a2:a2 + context])
        kind = {"delete": "на странице нет слов источника",
                "insert": "на странице лишние слова",
                "replace": "слова отличаются"}[op]
        return (f"{kind} (слово №{a1 + 1} источника):\n"
                f"  …{before} [{src}] {after}…\n"
                f"  в источнике: {src}\n"
                f"  на странице: {page}")
    return None  # pragma: no cover - SequenceMatcher found no difference
