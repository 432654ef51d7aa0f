"""docs/assets/js/quiz-files/quiz-export.js (run in Node): the exports the site serves have
links relative to the file; at download time the page resolves them against
the file's own address. Checked on real exports of every quiz, read back by
gift-pegjs (GIFT) and xml.etree (Moodle XML), for a site under a base path."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from quiz_paths import ROOT
from sitebuild.quiz import gift, moodle_xml

JS = ROOT / "docs" / "assets" / "js" / "quiz-files" / "quiz-export.js"
SITE = "https://club.example/pravila/v2/"
RUNNER = """
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
const require = createRequire(process.cwd() + "/package.json");
const gift = require("gift-pegjs");
const [moduleUrl, inputPath] = process.argv.slice(2);
const { absoluteLinks } = await import(moduleUrl);
const input = JSON.parse(readFileSync(inputPath, "utf8"));
const out = input.map(({ format, text, url }) => {
  const rewritten = absoluteLinks(text, format, url);
  return { rewritten, parsed: format === "gift" ? gift.parse(rewritten) : null };
});
process.stdout.write(JSON.stringify(out));
"""


def run(tmp_path, cases):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (bash scripts/setup.sh)")
    script = tmp_path / "run.mjs"
    script.write_text(RUNNER, encoding="utf-8")
    data = tmp_path / "in.json"
    data.write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run([node, str(script), JS.as_uri(), str(data)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=True)
    return json.loads(done.stdout)


def test_downloaded_exports_carry_absolute_links_of_the_site(loaded, tmp_path):
    cases, expect = [], []
    for quiz in loaded.values():
        hrefs = [[f"{SITE}games/{r.game}/#{r.id}" for r in q.refs] for q in quiz.questions]
        left_out = gift.omitted(quiz)
        cases.append({"format": "gift", "text": gift.export(quiz, ".."), "url": f"{SITE}quizzes/{quiz.id}.gift.txt"})
        expect.append([h for q, h in zip(quiz.questions, hrefs) if q not in left_out])
        cases.append({"format": "xml", "text": moodle_xml.export(quiz, ".."),
                      "url": f"{SITE}quizzes/{quiz.id}.moodle.xml"})
        expect.append(hrefs)
    results = run(tmp_path, cases)
    for case, result, hrefs in zip(cases, results, expect):
        assert "../games/" not in result["rewritten"]
        if case["format"] == "gift":
            questions = [p for p in result["parsed"] if p["type"] != "Category"]
            got = [re.findall(r'href="([^"]*)"', p["globalFeedback"]["text"]) for p in questions]
        else:
            root = ET.fromstring(result["rewritten"].encode("utf-8"))
            got = [re.findall(r'href="([^"]*)"', x.findtext("generalfeedback/text"))
                   for x in root.findall("question")[1:]]
        assert got == hrefs


def test_links_resolve_against_any_host_and_base_path(tmp_path):
    text = '<a href="../games/kovboy/#kovboy-goal">x</a> <a href="https://other.example/a">y</a>'
    cases = [{"format": "xml", "text": text, "url": url} for url in
             ("http://127.0.0.1:8000/quizzes/k.moodle.xml", "https://a.example/deep/base/quizzes/k.moodle.xml")]
    got = [r["rewritten"] for r in run(tmp_path, cases)]
    assert got == [
        '<a href="http://127.0.0.1:8000/games/kovboy/#kovboy-goal">x</a> <a href="https://other.example/a">y</a>',
        '<a href="https://a.example/deep/base/games/kovboy/#kovboy-goal">x</a> <a href="https://other.example/a">y</a>',
    ]
