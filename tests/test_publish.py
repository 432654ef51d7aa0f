"""Publishing (docs/publish.md): the GitHub Pages workflow, checked by a linter
from the package registry (check-jsonschema with GitHub's workflow schema),
and the built site's files for static hosts: ``_headers``, the ``.br`` /
``.gz`` copies (same content as the file, never in the service worker's list),
and the local server sending them as a brotli_static host would."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import brotli
import pytest
import yaml

from sitebuild.publish import postbuild
from sitebuild.publish.serve import IMMUTABLE, REVALIDATE, cache_control, serve_in_thread

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
SITE = ROOT / "site"
BUILD_COMMAND = "bash scripts/build.sh"  # README.md
RUNTIME_WASM = re.compile(r"^pyodide/[^/]+/pyodide\.asm\.wasm$")


# ---- the workflow ------------------------------------------------------------------

def lint(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema",
                           "vendor.github-workflows", str(path)],
                          capture_output=True, text=True, timeout=120, check=False)


def test_workflow_passes_the_linter():
    proc = lint(WORKFLOW)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_linter_rejects_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace("runs-on:", "run-on:", 1), encoding="utf-8")
    assert lint(broken).returncode != 0


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def steps() -> list[dict]:
    return [s for job in workflow()["jobs"].values() for s in job["steps"]]


def test_workflow_uses_the_official_pages_actions():
    used = [s["uses"].split("@")[0] for s in steps() if "uses" in s]
    for action in ("actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"):
        assert action in used, action
    upload = next(s for s in steps() if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "site"
    perms = workflow()["permissions"]
    assert perms["pages"] == "write" and perms["id-token"] == "write"


def test_workflow_builds_with_the_readme_command_and_the_pages_address():
    assert BUILD_COMMAND in (ROOT / "README.md").read_text(encoding="utf-8")
    configure = next(s for s in steps() if s.get("uses", "").startswith("actions/configure-pages"))
    build = next(s for s in steps() if s.get("run", "").strip() == BUILD_COMMAND)
    assert build["env"]["RULES_SITE_URL"] == "${{ steps.%s.outputs.base_url }}/" % configure["id"]
    assert steps().index(configure) < steps().index(build)


# ---- the built site ------------------------------------------------------------------

@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "index.html").is_file() or not (SITE / "sw.js").is_file():
        proc = subprocess.run(["bash", "scripts/build.sh"], cwd=ROOT, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return SITE


def site_files(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in site.rglob("*") if p.is_file()}


def test_headers_file_states_the_cache_policy(site):
    text = (site / "_headers").read_text(encoding="utf-8")
    rules: dict[str, list[str]] = {}
    path = None
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("/"):
            path = line.strip()
            assert path not in rules, f"{path} дважды"
            rules[path] = []
        else:
            assert line.startswith("  ") and path, line
            rules[path].append(line.strip())
    assert "/*" not in rules, "правило на все пути смешало бы Cache-Control"
    assert rules["/sw.js"] == [f"Cache-Control: {REVALIDATE}"]
    assert rules["/"] == [f"Cache-Control: {REVALIDATE}"]
    assert rules["/games/kovboy/"] == [f"Cache-Control: {REVALIDATE}"]
    wasm = [p for p in rules if RUNTIME_WASM.match(p[1:])]
    assert wasm and rules[wasm[0]] == [f"Cache-Control: {IMMUTABLE}", "Content-Type: application/wasm"]
    # Every file the local server calls immutable is listed, and nothing else is.
    files = site_files(site)
    immutable = {"/" + rel for rel in files if cache_control("/" + rel) == IMMUTABLE
                 and not rel.endswith(postbuild.PRECOMPRESSED)}
    assert immutable == {p for p, r in rules.items() if f"Cache-Control: {IMMUTABLE}" in r}
    assert not any(p.endswith((".whl", "pyodide-lock.json")) for p in immutable)


def test_precompressed_copies_have_the_same_content(site):
    files = site_files(site)
    wanted = [rel for rel, p in files.items() if postbuild.should_precompress(rel, p.stat().st_size)]
    assert any(RUNTIME_WASM.match(rel) for rel in wanted)
    assert "search/search_index.json" in wanted and "games/kovboy/index.html" in wanted
    for rel in wanted:
        data = files[rel].read_bytes()
        for suffix in postbuild.PRECOMPRESSED:
            copy = rel + suffix
            assert copy in files, f"нет {copy}"
            packed = files[copy].read_bytes()
            assert len(packed) < len(data), copy
            assert postbuild.decompress(packed, suffix) == data, f"{copy} ≠ {rel}"
    # The copies are real brotli and gzip streams, read by the standard decoders.
    wasm = next(rel for rel in wanted if RUNTIME_WASM.match(rel))
    assert brotli.decompress(files[wasm + ".br"].read_bytes()) == files[wasm].read_bytes()
    assert gzip.decompress(files[wasm + ".gz"].read_bytes()) == files[wasm].read_bytes()


def test_no_copy_or_headers_file_in_the_service_worker_list(site):
    text = (site / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(re.search(r"const FILES = (\{.*?\});", text, re.S).group(1))
    bad = [p for p in listed if p.endswith(postbuild.PRECOMPRESSED) or p == postbuild.HEADERS_FILE]
    assert not bad, bad
    assert any(RUNTIME_WASM.match(p) for p in listed)


def fetch(url: str, encoding: str) -> tuple[dict, bytes]:
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": encoding})) as r:
        return dict(r.headers), r.read()


def test_local_server_sends_the_precompressed_copies(site):
    wasm = next(rel for rel in site_files(site) if RUNTIME_WASM.match(rel))
    original = (site / wasm).read_bytes()
    server = serve_in_thread(site, precompressed=True)
    try:
        headers, body = fetch(server.url + wasm, "gzip, deflate, br")
        assert headers["Content-Encoding"] == "br" and headers["Content-Type"] == "application/wasm"
        assert body == (site / (wasm + ".br")).read_bytes() and brotli.decompress(body) == original
        assert headers["Cache-Control"] == IMMUTABLE and headers["Vary"] == "Accept-Encoding"
        headers, body = fetch(server.url + wasm, "gzip")
        assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == original
        headers, body = fetch(server.url + wasm, "identity")
        assert "Content-Encoding" not in headers and body == original
        headers, body = fetch(server.url + "games/kovboy/", "br")
        assert brotli.decompress(body) == (site / "games" / "kovboy" / "index.html").read_bytes()
    finally:
        server.shutdown()
        server.server_close()


def test_postbuild_command_line_refuses_a_folder_that_is_not_a_site(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "sitebuild.publish.postbuild", str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 1
    assert "не собранный сайт" in proc.stderr and "Traceback" not in proc.stderr


def sitemap(folder: Path, loc: str | None) -> Path:
    urls = f"<url><loc>{loc}</loc></url>" if loc else ""
    (folder / "sitemap.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>',
        encoding="utf-8")
    return folder


def test_local_server_says_when_instant_navigation_is_off(tmp_path):
    from sitebuild.publish.serve import instant_navigation_hint

    assert instant_navigation_hint(sitemap(tmp_path, "http://127.0.0.1:8000/"), "http://127.0.0.1:8000/") is None
    assert instant_navigation_hint(sitemap(tmp_path, "http://localhost:8000/"), "http://127.0.0.1:8000/") is None
    other_port = instant_navigation_hint(sitemap(tmp_path, "http://127.0.0.1:8000/"), "http://127.0.0.1:9000/")
    assert "для адреса http://127.0.0.1:8000/" in other_port and "RULES_SITE_URL=http://127.0.0.1:9000/" in other_port
    assert "без адреса" in instant_navigation_hint(sitemap(tmp_path, None), "http://127.0.0.1:8000/")
