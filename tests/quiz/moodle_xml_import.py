"""A model of how Moodle's XML importer reads «show the number of correct
responses» (``shownumcorrect``), followed line by line from Moodle's code.

- ``qformat_xml::import_combined_feedback($qo, $xml, true)`` (multichoice,
  matching): ``array_key_exists('shownumcorrect', $xml['#'])`` — the element's
  presence, whatever it holds.
- ``qtype_ordering::import_from_xml`` (Moodle 4.4+): ``getpath($data, ['#',
  'shownumcorrect', 0, '#'], null)``, then 1 only when that is not set. xmlize
  gives an empty element the text ``''``, which is set (``isset``), so it is
  stored, and ``''`` is false in PHP.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET


def php_truthy(value) -> bool:
    """PHP's boolean value of a string or int (``''`` and ``'0'`` are false)."""
    if isinstance(value, str):
        return value not in ("", "0")
    return bool(value)


def xmlize_text(element: ET.Element) -> str:
    """The ``'#'`` that xmlize gives an element without children: its trimmed text."""
    return (element.text or "").strip()


def getpath_child_text(question: ET.Element, name: str, default):
    """``getpath($data, ['#', name, 0, '#'], default)``."""
    child = question.find(name)
    return default if child is None else xmlize_text(child)


def imported_shownumcorrect(question: ET.Element) -> bool:
    """What Moodle stores as ``shownumcorrect`` for one ``<question>``."""
    qtype = question.get("type")
    if qtype == "ordering":
        value = getpath_child_text(question, "shownumcorrect", None)
        return True if value is None else php_truthy(value)
    if qtype in ("multichoice", "matching"):
        return question.find("shownumcorrect") is not None
    raise ValueError(f"{qtype} has no shownumcorrect")
