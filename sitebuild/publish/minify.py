"""The site's own JavaScript modules, minified in the built site (issue 28 § 2).

The page code in ``assets/js/`` is written to be read: long names, JSDoc types,
comments that explain why. A first visit downloads all of that, so after the
build every ``assets/js/**/*.js`` file (the folder of each component too) is minified in place with esbuild (pinned
in package.json, run from ``node_modules/.bin``). Each file is transformed on
its own and stays an ES module: its ``import`` lines and their specifiers are
kept as written, nothing is bundled or inlined, and no syntax is lowered, so the
module graph the browser loads is the one in docs/.

Beside each file esbuild writes ``<name>.js.map`` with the original text in
``sourcesContent``, and the file ends with its ``//# sourceMappingURL`` comment:
a developer's browser then shows (and breaks in) the source as written. The
map's ``sources`` is the file's bare name, never a path on the build machine.

``--charset=utf8`` keeps the Russian strings as UTF-8 (esbuild's default would
write each Cyrillic letter as a six-byte ``\\uXXXX`` escape; module scripts are
always decoded as UTF-8). The engine's worker (``assets/engine/``), vendored
libraries (``assets/vendor/``), mkdocs-material's own scripts
(``assets/javascripts/``) and Pyodide (``pyodide/``) are left alone: only
``assets/js/`` and its folders are read.

A file that already ends with a ``sourceMappingURL`` comment was minified
before (a second run over the same site) and is skipped.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
JS_DIR = Path("assets") / "js"

#: esbuild's options: one ES module in, one ES module out, side by side.
ESBUILD_OPTIONS = (
    "--minify",
    "--sourcemap",
    "--format=esm",
    "--charset=utf8",
    "--legal-comments=none",
    "--outdir=.",
    "--outbase=.",
    "--allow-overwrite",
    "--log-level=warning",
)

#: The last line of a file esbuild has already minified (with --sourcemap).
MAPPED_TAIL = re.compile(r"//# sourceMappingURL=\S+\s*\Z")


class MinifyError(RuntimeError):
    pass


def minify_site_js(root: Path) -> dict:
    """Minifies ``root/assets/js/**/*.js`` in place, each with a source map beside it.

    Returns {"files": how many were minified, "before": their bytes before,
    "after": their bytes after} (maps not counted; skipped files not counted).
    """
    js_dir = Path(root) / JS_DIR
    files = [p for p in sorted(js_dir.rglob("*.js")) if p.is_file() and not already_minified(p)]
    if not files:
        return {"files": 0, "before": 0, "after": 0}
    originals = {p: p.read_bytes().decode("utf-8") for p in files}
    before = sum(p.stat().st_size for p in files)
    run_esbuild(js_dir, [p.relative_to(js_dir).as_posix() for p in files])
    for path in files:
        fix_source_map(path, originals[path])
    after = sum(p.stat().st_size for p in files)
    return {"files": len(files), "before": before, "after": after}


def already_minified(path: Path) -> bool:
    """True when the file ends with a sourceMappingURL comment (a minified file)."""
    with path.open("rb") as f:
        f.seek(0, 2)
        f.seek(max(0, f.tell() - 512))
        tail = f.read().decode("utf-8", errors="replace")
    return MAPPED_TAIL.search(tail) is not None


def run_esbuild(js_dir: Path, names: list[str]) -> None:
    """One esbuild run over ``names`` (paths relative to ``js_dir``), writing over them.

    ``--outbase=.`` keeps each output at its input's own path, also when every
    name is in one folder (esbuild's default base is the inputs' common folder).

    On an error esbuild writes no file at all, so the site is left as it was.
    """
    if not ESBUILD.exists():
        raise MinifyError(
            f"не найден esbuild ({ESBUILD}): он нужен, чтобы сжать JavaScript сайта; "
            "запустите bash scripts/setup.sh (он ставит зависимости из package-lock.json)"
        )
    try:
        proc = subprocess.run(
            [str(ESBUILD), *names, *ESBUILD_OPTIONS],
            cwd=js_dir, capture_output=True, text=True, check=False,
        )
    except OSError as err:
        raise MinifyError(f"не удалось запустить esbuild ({ESBUILD}): {err}") from err
    if proc.returncode != 0:
        raise MinifyError(f"esbuild не смог сжать {js_dir}:\n{proc.stderr.strip()}")


def fix_source_map(path: Path, original: str) -> None:
    """Makes ``<name>.js.map`` name just the file and hold its text; checks the comment."""
    map_path = path.with_name(path.name + ".map")
    if not map_path.is_file():
        raise MinifyError(f"esbuild не записал карту исходного кода {map_path.name}")
    source_map = json.loads(map_path.read_text(encoding="utf-8"))
    fixed = dict(source_map, sources=[path.name], sourcesContent=[original])
    fixed.pop("sourceRoot", None)
    if fixed != source_map:
        map_path.write_text(json.dumps(fixed, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    comment = f"//# sourceMappingURL={map_path.name}"
    if not text.rstrip().endswith(comment):
        path.write_text(f"{text.rstrip()}\n{comment}\n", encoding="utf-8")
