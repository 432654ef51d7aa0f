"""Instant navigation keeps the rules engine: from one game page to another the
document stays, and so does its one engine worker (no second Pyodide boot).

The site is built as ``scripts/serve.sh`` builds it (RULES_SITE_URL = the
local address it is served at, its default) and served at that address; once
with MkDocs, once with Zensical followed by ``python -m sitebuild.publish.postbuild``. The
control: the same click on the MkDocs site served at another address than it
was built for (mkdocs-material then follows links by loading a new document)
boots the engine again — so the test sees the difference it claims."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from sitebuild.publish.serve import serve_in_thread
from tools_helpers import ENGINE_TIMEOUT_MS, sk, wait_engine_ready

pytestmark = pytest.mark.full_engine  # Pyodide as on a player's device (conftest.py SAVE_DATA)

ROOT = Path(__file__).resolve().parents[2]
FROM, TO = "kovboy", "kaiza"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build_with_mkdocs(site: Path, env: dict) -> None:
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]


def build_with_zensical(site: Path, env: dict) -> None:
    """docs/publish.md: `zensical build`, then the steps after the pages."""
    pytest.importorskip("zensical")
    project = site.parent / "project"  # Zensical wants docs/ and site/ beside its config
    shutil.copytree(ROOT / "docs", project / "docs")
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    shutil.copytree(ROOT / "sitebuild" / "theme", project / "sitebuild" / "theme")  # theme.custom_dir
    for command in ([sys.executable, "-m", "zensical", "build", "--clean", "-f", str(project / "mkdocs.yml")],
                    [sys.executable, "-m", "sitebuild.publish.postbuild", str(project / "site")]):
        proc = subprocess.run(command, cwd=ROOT, env={**env, "NO_COLOR": "1"}, capture_output=True, text=True,
                              timeout=600, check=False)
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    shutil.move(project / "site", site)


@pytest.fixture(scope="module", params=["mkdocs", "zensical"])
def local_build(request, tmp_path_factory):
    """(site folder, port): built for http://127.0.0.1:PORT/, as serve.sh does."""
    if not (ROOT / "build" / "pyodide" / "runtime.json").is_file():
        pytest.skip("нет build/pyodide (scripts/build-runtime.sh)")
    port = free_port()
    site = tmp_path_factory.mktemp(f"instant-{request.param}") / "site"
    env = {**os.environ, "RULES_SITE_URL": f"http://127.0.0.1:{port}/", "NO_MKDOCS_2_WARNING": "1"}
    {"mkdocs": build_with_mkdocs, "zensical": build_with_zensical}[request.param](site, env)
    return site, port


def serve_script_default() -> str:
    return (ROOT / "scripts" / "serve.sh").read_text(encoding="utf-8")


def navigate(page, base: str) -> dict:
    """Open FROM's page, wait for the engine, follow the navigation link to TO's page."""
    workers = []
    page.on("worker", lambda w: workers.append(w.url))
    page.goto(f"{base}games/{FROM}/")
    wait_engine_ready(page, sk(FROM))
    page.evaluate("window.__rbSameDocument = true")
    page.locator(f'nav a[href$="games/{TO}/"]').first.click()
    page.wait_for_url(f"**/games/{TO}/")
    wait_engine_ready(page, sk(TO))
    # The one engine client (a module: the same instance as the tools') still answers.
    answer = page.evaluate("""async () => {
        const client = await import(new URL('../../assets/js/engine-client/engine-client.js', location.href).href);
        return client.call({op: 'games'});
    }""")
    # MicroPython answered first (docs/assets/engine/first-answer.mjs): Pyodide boots once, behind it.
    page.wait_for_function("sel => ['normal', 'snapshot'].includes(document.querySelector(sel).dataset.rbEngineRuntime)",
                           arg=sk(TO), timeout=ENGINE_TIMEOUT_MS)
    return {
        "same_document": page.evaluate("window.__rbSameDocument === true"),
        "workers": [w for w in workers if "worker.mjs" in w],
        "wasm_requests": [u for u in page.context.recorded_urls if u.endswith("pyodide.asm.wasm")],
        "micropython_requests": [u for u in page.context.recorded_urls if u.endswith("micropython.wasm")],
        "engine_answers": answer.get("ok") is True,
    }


def test_serve_script_builds_for_the_address_it_serves():
    text = serve_script_default()
    assert 'RULES_SITE_URL="${RULES_SITE_URL:-http://127.0.0.1:${PORT:-8000}/}"' in text
    assert text.index("RULES_SITE_URL=") < text.index("scripts/build.sh")


def test_moving_between_game_pages_keeps_the_engine(local_build, page):
    site, port = local_build
    server = serve_in_thread(site, port=port)
    try:
        seen = navigate(page, server.url)
    finally:
        server.shutdown()
        server.server_close()
    assert seen["same_document"], "переход загрузил новый документ: мгновенная навигация не сработала"
    assert len(seen["workers"]) == 1, seen["workers"]
    assert len(seen["wasm_requests"]) == 1, seen["wasm_requests"]
    assert len(seen["micropython_requests"]) == 1, seen["micropython_requests"]
    assert seen["engine_answers"]


def test_served_at_another_address(local_build, page, request):
    """MkDocs (the control): mkdocs-material matches links against the sitemap's own
    port and path, so the click loads a new document and the engine boots again.
    Zensical's theme rebases the sitemap onto the address the site is opened at,
    so any site address in the build is enough there (docs/publish.md)."""
    site, _ = local_build
    server = serve_in_thread(site, port=0)  # not the address in the sitemap
    try:
        seen = navigate(page, server.url)
    finally:
        server.shutdown()
        server.server_close()
    if request.node.callspec.params["local_build"] == "mkdocs":
        assert not seen["same_document"]
        assert len(seen["workers"]) == 2, seen["workers"]
    else:
        assert seen["same_document"] and len(seen["workers"]) == 1, seen
