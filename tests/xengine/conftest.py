"""Fixtures of the cross-engine suite: the built site on a local server that can be
switched off (503 for everything: only what the service worker saved answers), and one
browser of each engine for the whole run (``engines.py``)."""

from __future__ import annotations

import time

import pytest

from tests.xengine import engines

LIB = (engines.HERE / "page_lib.js").read_text(encoding="utf-8")
TIMEOUT_S = 150.0  # a first visit boots Pyodide; room for a loaded 2-core machine


class Site:
    """The site on sitebuild.publish.serve; ``server.down = True`` switches it off (503)."""

    def __init__(self, root):
        from sitebuild.publish.serve import serve_in_thread

        self.server = serve_in_thread(root, "127.0.0.1", 0)
        self.url = self.server.url


class Tab:
    """An engine's one tab, with the scenario steps of page_lib.js."""

    def __init__(self, engine, site: Site):
        self.engine, self.site = engine, site

    def open(self, path: str) -> None:
        self.engine.open(self.site.url + path)

    def xe(self, step: str, *args):
        return self.engine.js(f"(...a) => {{ {LIB}\n return window.__xe[{step!r}](...a); }}", *args)

    def wait(self, step: str, *args, timeout: float = TIMEOUT_S, what: str | None = None):
        end = time.monotonic() + timeout
        while True:
            value = self.xe(step, *args)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.engine.name}: {what or step} не дождались за {timeout:.0f} с")
            time.sleep(0.2)

    def errors(self) -> list[str]:
        return self.engine.console_errors() + self.xe("errors")


@pytest.fixture(scope="session")
def xsite():
    import os
    from pathlib import Path

    # The same site as tests/browser: RULES_TEST_SITE, else the tree's own site/.
    SITE = Path(os.environ.get("RULES_TEST_SITE") or engines.ROOT / "site").resolve()
    if not (SITE / "index.html").exists():
        pytest.fail(f"нет собранного сайта {SITE}: сначала bash scripts/build.sh")
    return Site(SITE)


@pytest.fixture(scope="session", params=engines.NAMES)
def tab(request, xsite):
    """One engine for all its tests; an engine that cannot start fails them (no skip)."""
    try:
        engine = engines.start(request.param)
    except Exception as exc:  # noqa: BLE001 - reported as the failure it is
        pytest.fail(f"{request.param}: браузер не запустился: {exc}")
    print(f"\n[xengine] {request.param}: {engine.version}", flush=True)
    yield Tab(engine, xsite)
    xsite.server.down = False
    engine.close()
