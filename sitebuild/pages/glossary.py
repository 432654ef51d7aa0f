"""The glossary: terms of the rule texts, marked where they appear (build time).

The terms live in ``sitebuild/pages/glossary.toml`` (headword, every word form to
mark, an editorial definition, and quotes where a rule text explains the term
itself). This module

- loads and checks that file (:func:`load`): a bad entry stops the build;
- finds the forms in a text (:class:`Matcher`): whole words, case-insensitive,
  ``е``/``ё`` alike, never inside a protected phrase (a game's name);
- marks them in the rule text of a page (:class:`GlossaryTreeprocessor`): only
  inside ``div.rb-rules``, never in headings, links, editorial notes or marks.
  A term becomes ``<span class="rb-term" tabindex data-term
  aria-describedby>`` around the very same characters, so the visible text does
  not change (tests/test_text_fidelity.py reads it back). The definitions of
  the terms used on a page follow the page once, hidden, in
  ``div.rb-term-defs``: the ``aria-describedby`` target for screen readers and
  the text of the popup (``docs/assets/js/page/glossary.js``);
- renders the glossary page (:func:`render_terms`, marker ``::: glossary``).

A term is marked (underlined) only at its first occurrence in a section —
the rule text up to the next heading —, so the text is not covered with
underlines; later occurrences in the same section stay plain text. Only the
first marked occurrence of a term on a page is in the tab order (tabindex 0);
the others take focus on tap or click (tabindex -1), so a keyboard user does
not have to step through every «лузу».
"""

from __future__ import annotations

import re
import tomllib
import xml.etree.ElementTree as etree
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from markdown import Extension
from markdown.treeprocessors import Treeprocessor

from sitebuild.pages.markdown_ext import ID_RE, SiteBuildError

GLOSSARY_FILE = Path(__file__).resolve().parent / "glossary.toml"
DEF_ID = "rb-term-def-{}"
ANCHOR = "term-{}"

# Where terms are never marked.
SKIP_TAGS = {"a", "abbr", "button", "code", "del", "h1", "h2", "h3", "h4", "h5", "h6", "ins", "th", "thead",
             "kbd", "pre", "script", "style", "sub", "summary", "sup", "svg", "textarea"}
SKIP_CLASSES = {"admonition", "clause-ref", "rb-ed-note", "rb-term", "rb-tool", "rb-term-defs"}
# A heading starts a new section: its terms are marked again, once.
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


@dataclass(frozen=True)
class Quote:
    clause: str
    text: str


@dataclass(frozen=True)
class Term:
    id: str
    title: str
    definition: str
    forms: tuple[str, ...] = ()
    quotes: tuple[Quote, ...] = ()
    site: bool = False  # a word of this site, not of the rule texts: never marked


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    protect: tuple[str, ...] = ()

    def rule_terms(self) -> list[Term]:
        return [t for t in self.terms if not t.site]

    def site_terms(self) -> list[Term]:
        return [t for t in self.terms if t.site]

    def by_id(self) -> dict[str, Term]:
        return {t.id: t for t in self.terms}


def fold(text: str) -> str:
    """The key a form is looked up by: lower case, ё as е, single spaces."""
    return re.sub(r"\s+", " ", text.lower().replace("ё", "е")).strip()


def load(path: Path = GLOSSARY_FILE) -> Glossary:
    where = f"{path.name}: "
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SiteBuildError(f"{where}не читается: {exc}") from None
    unknown = set(data) - {"protect", "term", "site"}
    if unknown:
        raise SiteBuildError(f"{where}неизвестные разделы: {', '.join(sorted(unknown))}")
    terms: list[Term] = []
    seen_forms: dict[str, str] = {}
    for kind in ("term", "site"):
        for n, raw in enumerate(data.get(kind, []), 1):
            at = f"{where}[[{kind}]] №{n}: "
            term = _term(raw, at, site=kind == "site")
            if term.id in {t.id for t in terms}:
                raise SiteBuildError(f"{at}id «{term.id}» уже есть")
            for form in term.forms:
                key = fold(form)
                if key in seen_forms:
                    raise SiteBuildError(f"{at}форма «{form}» уже есть у термина «{seen_forms[key]}»")
                seen_forms[key] = term.id
            terms.append(term)
    protect = data.get("protect", [])
    if not isinstance(protect, list) or not all(isinstance(p, str) and p.strip() for p in protect):
        raise SiteBuildError(f"{where}protect — список непустых строк")
    return Glossary(tuple(terms), tuple(protect))


def _term(raw: dict, at: str, *, site: bool) -> Term:
    allowed = {"id", "title", "definition"} | (set() if site else {"forms", "quote"})
    extra = set(raw) - allowed
    if extra:
        raise SiteBuildError(f"{at}лишние поля {', '.join(sorted(extra))}; есть: {', '.join(sorted(allowed))}")
    for key in ("id", "title", "definition"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise SiteBuildError(f"{at}нет поля «{key}» (непустая строка)")
    if not ID_RE.match(raw["id"]):
        raise SiteBuildError(f"{at}id «{raw['id']}»: нужны строчные латинские буквы, цифры и дефисы")
    forms = raw.get("forms", [])
    if not site and (not isinstance(forms, list) or not forms
                     or not all(isinstance(f, str) and f.strip() for f in forms)):
        raise SiteBuildError(f"{at}forms — непустой список форм слова")
    quotes = []
    for q in raw.get("quote", []):
        if set(q) != {"clause", "text"} or not all(isinstance(v, str) and v.strip() for v in q.values()):
            raise SiteBuildError(f"{at}у цитаты должны быть clause и text")
        quotes.append(Quote(q["clause"], q["text"]))
    return Term(raw["id"], raw["title"], raw["definition"], tuple(forms), tuple(quotes), site)


# --------------------------------------------------------------------------
# Finding the forms


def _pattern(phrase: str) -> str:
    words = [re.escape(w).replace("е", "[её]").replace("Е", "[ЕЁ]") for w in phrase.split()]
    return r"\s+".join(words)


class Matcher:
    def __init__(self, glossary: Glossary):
        self.form_term = {fold(f): t.id for t in glossary.rule_terms() for f in t.forms}
        forms = sorted(self.form_term, key=len, reverse=True)  # longest first: phrases win
        self.regex = re.compile(
            r"(?<![\w-])(?:" + "|".join(_pattern(f) for f in forms) + r")(?![\w-])", re.IGNORECASE)
        self.protect = (re.compile("|".join(_pattern(p) for p in glossary.protect), re.IGNORECASE)
                        if glossary.protect else None)

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, term id) of every marked form in text."""
        shielded = [m.span() for m in self.protect.finditer(text)] if self.protect else []
        found = []
        for m in self.regex.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in shielded):
                continue
            found.append((m.start(), m.end(), self.form_term[fold(m.group(0))]))
        return found


# --------------------------------------------------------------------------
# Marking the rule text


@dataclass
class PageTerms:
    """What the marking of one page found: term id -> the first clause it is in."""
    first_clause: dict[str, str | None] = field(default_factory=dict)


class GlossaryTreeprocessor(Treeprocessor):
    def __init__(self, md, glossary: Glossary, matcher: Matcher,
                 defs_href: Callable[[], str | None], report: Callable[[PageTerms], None]):
        super().__init__(md)
        self.glossary = glossary
        self.matcher = matcher
        self.defs_href = defs_href
        self.report = report

    def run(self, root: etree.Element) -> None:
        self.found = PageTerms()
        self.clause: str | None = None
        for el in [d for d in root.iter("div") if "rb-rules" in (d.get("class") or "").split()]:
            self.in_section: set[str] = set()
            self._walk(el)
        if self.found.first_clause:
            root.append(self._definitions())
        self.report(self.found)

    @staticmethod
    def _skipped(el: etree.Element) -> bool:
        if not isinstance(el.tag, str) or el.tag in SKIP_TAGS:
            return True
        return bool(SKIP_CLASSES & set((el.get("class") or "").split()))

    def _walk(self, el: etree.Element) -> None:
        if el.text:
            el.text, spans = self._mark(el.text)
            for i, span in enumerate(spans):
                el.insert(i, span)
        for child in list(el):
            if child.tag == "a" and "clause-ref" in (child.get("class") or "").split():
                self.clause = child.get("id")
            if child.tag in HEADINGS:
                self.in_section = set()
            if not self._skipped(child):
                self._walk(child)
            if child.tail:
                child.tail, spans = self._mark(child.tail)
                at = list(el).index(child) + 1
                for i, span in enumerate(spans):
                    el.insert(at + i, span)

    def _mark(self, text: str) -> tuple[str, list[etree.Element]]:
        """The text before the first term, and the term spans (each carrying
        the text up to the next one as its tail)."""
        hits = []
        for hit in self.matcher.find(text):
            if hit[2] not in self.in_section:  # first in its section: marked
                self.in_section.add(hit[2])
                hits.append(hit)
        if not hits:
            return text, []
        spans = []
        lead = text[:hits[0][0]]
        for n, (start, end, term) in enumerate(hits):
            first = term not in self.found.first_clause
            if first:
                self.found.first_clause[term] = self.clause
            span = etree.Element("span", {
                "class": "rb-term",
                "tabindex": "0" if first else "-1",
                "data-term": term,
                "aria-describedby": DEF_ID.format(term),
            })
            span.text = text[start:end]
            span.tail = text[end:hits[n + 1][0]] if n + 1 < len(hits) else text[end:]
            spans.append(span)
        return lead, spans

    def _definitions(self) -> etree.Element:
        terms = self.glossary.by_id()
        box = etree.Element("div", {"class": "rb-term-defs", "hidden": "hidden", "data-search-exclude": ""})
        href = self.defs_href()
        for term_id in self.found.first_clause:
            term = terms[term_id]
            attrs = {"id": DEF_ID.format(term_id), "data-title": term.title}
            if href is not None:
                attrs["data-href"] = f"{href}#{ANCHOR.format(term_id)}"
            p = etree.SubElement(box, "p", attrs)
            p.text = term.definition
        return box


class GlossaryExtension(Extension):
    def __init__(self, glossary: Glossary, defs_href: Callable[[], str | None],
                 report: Callable[[PageTerms], None], **kwargs):
        self.glossary = glossary
        self.matcher = Matcher(glossary)
        self.defs_href = defs_href
        self.report = report
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        # After attr_list (8), so «{: .rb-cont }» is already gone; before toc (5).
        md.treeprocessors.register(
            GlossaryTreeprocessor(md, self.glossary, self.matcher, self.defs_href, self.report),
            "rulebook_glossary", 7)
