"""The site variant the benchmark measures, built into bench-results/site.

``mkdocs build`` as the README builds it (no ``site_url``: instant navigation then
works once the service worker serves the sitemap, i.e. from the repeat visit on;
``build="deploy"`` sets ``RULES_SITE_URL=http://127.0.0.1:<port>/`` as a deployment
would, and instant navigation works from the first page), plus a **bare page** (``__bench/bare.html``) that only boots the same Pyodide runtime in a module
worker (same files, same trimmed standard library, no engine, no theme), so our
overhead over Pyodide itself is a ratio. ``site/sw.js`` is regenerated to list it.

Variants (``--variant``):

* ``default``: the site as built (memory snapshot on: a repeat visit restores it);
* ``no-snapshot``: the worker never keeps a snapshot (every visit a normal boot);
* ``preload``: ``<link rel=preload>`` for the runtime files in every page;
* ``wheel-source``: the engine's wheel as source instead of byte code;
* ``classic-worker``: the engine's worker as a classic worker that loads Pyodide with
  ``importScripts`` (``pyodide.js`` and ``pyodide.asm.js``, a classic-script copy of
  ``pyodide.asm.mjs``) instead of a module worker with ``import()``: does V8's code
  cache then serve Pyodide's JavaScript on a repeat visit (issue 19)?
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from sitebuild.project import sha256_file
from sitebuild.publish import offline
from sitebuild.runtime import bundle as runtime

from . import PAGE, ROOT, SITE

VARIANTS = ("default", "no-snapshot", "preload", "wheel-source", "classic-worker")
BUILDS = ("readme", "deploy")

BARE_HTML = """<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>Pyodide без сайта</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body><p id="state">Загрузка Pyodide…</p>
<script type="module">
// Benchmark baseline: boot the site's Pyodide runtime (same files, same options as
// docs/assets/engine/worker.mjs, but no engine package) in a module worker.
const worker = new Worker(new URL("bare-worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = (e) => {
  window.__bench = window.__bench || {};
  if (e.data === "ready") window.__bench.result = performance.now();
  document.getElementById("state").textContent = e.data === "ready" ? "Готово" : String(e.data);
};
</script></body></html>
"""

#: Prepended to both workers in the benchmark's copy: stage times on a BroadcastChannel
#: (absolute ms), which the page's init script turns into marks "w:<stage>"; a page
#: whose script started late (WebKitGTK: after the load event) asks for a "replay" of
#: the marks so far. "fetched": when the worker's last download before the interpreter
#: was up had arrived (Resource Timing; the engine's wheel not counted).
WORKER_MARKS = """const __benchChannel = new BroadcastChannel("rules-bench");
const __benchMarks = [];
const __benchPost = (stage, t) => { __benchMarks.push({ stage, t }); __benchChannel.postMessage({ stage, t }); };
const __benchMark = (stage) => __benchPost(stage, performance.timeOrigin + performance.now());
const __benchFetched = () => {
  const ends = performance.getEntriesByType("resource").filter((e) => !/\\.whl$/.test(e.name)).map((e) => e.responseEnd);
  if (ends.length) __benchPost("fetched", performance.timeOrigin + Math.max(...ends));
};
__benchChannel.onmessage = (e) => { if (e.data === "replay") for (const m of __benchMarks) __benchChannel.postMessage(m); };
__benchMark("start");
"""

BARE_WORKER = WORKER_MARKS + """const indexURL = new URL("../pyodide/%(path)s", self.location.href).href;
try {
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  __benchMark("runtime");
  const pyodide = await loadPyodide({
    indexURL, lockFileURL: indexURL + "pyodide-lock.json", stdLibURL: indexURL + "%(stdlib)s",
    packageBaseUrl: indexURL, stdout: () => {}, stderr: () => {},
  });
  __benchFetched();
  __benchMark("rules");
  pyodide.runPython("1 + 1");
  __benchMark("ready");
  self.postMessage("ready");
} catch (err) {
  self.postMessage("failed: " + err);
}
"""


def build_site(port: int, variant: str, build: str = "readme") -> dict:
    info = runtime.ensure_built(quiet=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("RULES_SITE_URL", None)
    if build == "deploy":
        env["RULES_SITE_URL"] = f"http://127.0.0.1:{port}/"
    print(f"[bench] mkdocs build -> {SITE.relative_to(ROOT)} ({build} build, variant {variant})", flush=True)
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(SITE)],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    if proc.returncode != 0 or not (SITE / PAGE / "index.html").is_file():
        raise SystemExit(f"[bench] mkdocs build failed:\n{proc.stdout}\n{proc.stderr}")
    bare = SITE / "__bench"
    bare.mkdir(exist_ok=True)
    (bare / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (bare / "bare-worker.mjs").write_text(BARE_WORKER % {"path": info["path"], "stdlib": info["stdlib"]},
                                          encoding="utf-8")
    worker = SITE / "assets" / "engine" / "worker.mjs"
    text = worker.read_text(encoding="utf-8")
    hooks = (("function progress(next, force = true) {", "function progress(next, force = true) {\n  if (next && /^(rules|restored)$/.test(next.stage)) __benchFetched();\n  if (next) __benchMark(next.stage);"),
             ('self.postMessage({ type: "ready", data: { boot: bootPath,',
              '__benchMark("ready");\n    __benchMark("boot:" + bootPath);\n    self.postMessage({ type: "ready", data: { boot: bootPath,'))
    if all(text.count(old) == 1 for old, _ in hooks):
        for old, new in hooks:
            text = text.replace(old, new)
        worker.write_text(WORKER_MARKS + text, encoding="utf-8")
    else:
        print("[bench] worker.mjs changed: no stage marks from the engine's worker", flush=True)
    if variant == "no-snapshot":  # measure the worker without its memory snapshot
        snapshot = SITE / "assets" / "engine" / "snapshot.mjs"
        text = snapshot.read_text(encoding="utf-8")
        old = "async function open() {"
        if text.count(old) != 1:
            raise SystemExit("[bench] snapshot.mjs changed: cannot make the no-snapshot variant")
        snapshot.write_text(text.replace(old, old + "\n  return null; // bench variant no-snapshot"), encoding="utf-8")
    if variant == "wheel-source":  # measure the wheel as source instead of byte code
        _ship_source_wheel(SITE / "pyodide" / info["path"], info["wheel"])
    if variant == "preload":  # measure what preload hints for the runtime would bring
        for page in SITE.rglob("*.html"):
            depth = len(page.relative_to(SITE).parts) - 1
            base = "/" if page.name == "404.html" else "../" * depth
            links = "".join(f'<link rel="preload" href="{base}{path}" as="fetch" crossorigin>\n'
                            for path in offline.runtime_files(info))
            text = page.read_text(encoding="utf-8")
            page.write_text(text.replace("</head>", links + "</head>", 1), encoding="utf-8")
    if variant == "classic-worker":
        _classic_worker(SITE, SITE / "pyodide" / info["path"])
    offline.write_service_worker(SITE)
    return info


#: Variant classic-worker: the substitutions that turn the module worker into a classic one.
CLASSIC_WORKER = (
    ('import * as snapshots from "./snapshot.mjs";\n', ""),
    ("({ loadPyodide } = await import(`${indexURL}pyodide.mjs`));",
     "self.__rulesAsmURL = `${indexURL}pyodide.asm.mjs`;\n"
     # Pyodide 314 refuses a classic worker ("Classic web workers are not supported"):
     # it tells one by importScripts("data:text/javascript,") succeeding, so that one fails here.
     "    const realImportScripts = self.importScripts.bind(self);\n"
     "    self.importScripts = (...urls) => { if (String(urls[0]).startsWith('data:')) throw new Error('no'); "
     "return realImportScripts(...urls); };\n"
     "    importScripts(`${indexURL}pyodide.js`, `${indexURL}pyodide.asm.js`);\n"
     "    loadPyodide = /** @type {any} */ (self).loadPyodide;"),
    ("    packageBaseUrl: indexURL,\n", "    packageBaseUrl: indexURL,\n    createPyodideModule: self._createPyodideModule,\n"),
)


def _classic_worker(site: Path, runtime_dir: Path) -> None:
    """Variant classic-worker: assets/engine/worker.js (snapshot.mjs inlined), pyodide.js
    and pyodide.asm.js next to the runtime, and every page's early script starting it."""
    engine = site / "assets" / "engine"
    worker = engine / "worker.mjs"
    text = worker.read_text(encoding="utf-8")
    snapshot = (engine / "snapshot.mjs").read_text(encoding="utf-8")
    snapshot = snapshot.replace("export ", "").replace("import.meta.url", "self.location.href")
    for old, new in CLASSIC_WORKER:
        if text.count(old) != 1:
            raise SystemExit(f"[bench] worker.mjs changed: cannot make the classic-worker variant ({old[:40]!r})")
        text = text.replace(old, new)
    inlined = ("const snapshots = (() => {\n" + snapshot
               + "\nreturn { sha256, keyOf, available, remove, read, write };\n})();\n")
    (engine / "worker.js").write_text(inlined + text, encoding="utf-8")
    asm = (runtime_dir / "pyodide.asm.mjs").read_text(encoding="utf-8")
    if asm.count("export default _createPyodideModule") != 1:
        raise SystemExit("[bench] pyodide.asm.mjs changed: cannot make the classic-worker variant")
    asm = (asm.replace("export default _createPyodideModule", "self._createPyodideModule = _createPyodideModule;")
           .replace("import.meta.url", "self.__rulesAsmURL"))
    (runtime_dir / "pyodide.asm.js").write_text(asm, encoding="utf-8")
    shutil.copyfile(ROOT / "node_modules" / "pyodide" / "pyodide.js", runtime_dir / "pyodide.js")
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if 'worker = new Worker(url.href, { type: "module" });' not in html:
            continue
        html = (html.replace('worker = new Worker(url.href, { type: "module" });', "worker = new Worker(url.href);")
                .replace('assets/engine/worker.mjs"', 'assets/engine/worker.js"'))
        page.write_text(html, encoding="utf-8")


def _ship_source_wheel(folder: Path, wheel: str) -> None:
    """Variant wheel-source: the source wheel of build/wheel/ instead of the byte-code one."""
    path = folder / wheel
    shutil.copyfile(ROOT / "build" / "wheel" / wheel, path)
    lock_path = folder / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    for entry in lock["packages"].values():
        if entry.get("file_name") == wheel:
            entry["sha256"] = sha256_file(path)
    lock_path.write_text(json.dumps(lock, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"[bench] variant wheel-source: {wheel} is {path.stat().st_size} B of source", flush=True)
