"""Measure the Pyodide runtime: bytes of each file and boot-to-first-answer time in Node.

    .venv/bin/python scripts/measure_runtime.py [--runs 5] [--json OUT.json]

Brings build/pyodide/ up to date, then prints Markdown tables:

1. every file of build/pyodide/<version>/: raw bytes, gzip -9, and what
   sitebuild/publish/serve.py puts on the wire (gzip -6 for compressible types, .zip and
   .whl as they are);
2. standard-library variants: the full python_stdlib.zip and the trimmed module set
   as source or byte code, deflated or stored (built in a temporary directory);
3. Node boot-to-first-answer, median of --runs fresh processes per variant (run
   round-robin so drift hits every variant alike), by ``sitebuild/runtime/pyodide_node.mjs
   boot`` (the browser worker's steps): loadPyodide with stdLibURL, unpackArchive of
   the wheel, import rules_pkg.api, handle_json({"op": "games"}); and the same
   restored from a memory snapshot (``pyodide_node.mjs snapshot``), as a repeat visit.
   The first answer is the «Ковбой» declaration (one game module imported); the
   "every game" rows answer ``{"op": "games"}`` instead, which imports all of them:
   their difference is what the lazy registry saves (rules_pkg/games/__init__.py).
   Wall-clock times depend on what else the machine runs (the load average is
   printed); "cpu" is the Node process's user+system time over the same span
   (wasm compilation runs on background threads, so it can exceed the wall time).

Figures and conclusions: notes/stdlib-trim.md.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitebuild.runtime import bundle as runtime, pyodide_node, stdlib_trim  # noqa: E402
from sitebuild.publish.serve import COMPRESSIBLE, MIN_GZIP  # noqa: E402

#: One boot in a fresh Node process (``boot`` prints a JSON line of milliseconds).
NODE_MODULE = ROOT / "sitebuild" / "runtime" / "pyodide_node.mjs"

#: Runs in Pyodide: the wheel plus __pycache__/*.cpython-XY.pyc (unchecked hash) for
#: every module, so the import skips compiling. Measurement only (RECORD not updated).
WHEEL_PYC_PY = r"""
import json, sys, zipfile, posixpath, importlib.util
import importlib._bootstrap_external as _be

def _wheel_pyc():
    site = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile("/tmp/in.zip") as zin, zipfile.ZipFile("/tmp/out.zip", "w") as zout:
        for info in sorted(zin.infolist(), key=lambda i: i.filename):
            data = zin.read(info)
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            if info.filename.endswith(".py"):
                code = compile(data, site + info.filename, "exec", dont_inherit=True)
                folder, base = posixpath.split(info.filename)
                name = posixpath.join(folder, "__pycache__", f"{base[:-3]}.{tag}.pyc")
                zi = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
                zi.compress_type = zipfile.ZIP_DEFLATED
                zout.writestr(zi, _be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False),
                              compresslevel=9)
    return 0

_wheel_pyc()
"""


def gz(data: bytes, level: int) -> int:
    return len(gzip.compress(data, compresslevel=level, mtime=0))


def served(name: str, data: bytes) -> int:
    ext = Path(name).suffix.lower()
    return gz(data, 6) if ext in COMPRESSIBLE and len(data) >= MIN_GZIP else len(data)


def table(headers: list[str], rows: list[list]) -> str:
    def cell(v):
        return f"{v:,}" if isinstance(v, int) else str(v)

    lines = ["| " + " | ".join(headers) + " |",
             "|" + "|".join("---" if i == 0 else "---:" for i in range(len(headers))) + "|"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = _parse_args(argv)
    node = shutil.which("node")
    if node is None:
        print("node is not installed", file=sys.stderr)
        return 1

    info = runtime.ensure_built(quiet=True)
    vdir = ROOT / "build" / "pyodide" / info["version"]
    report: dict = {"version": info["version"], "python": info["python"], "files": {}, "stdlib": {}, "timing": {}}

    # 1. the bundle's files
    rows = _size_rows(((name, vdir / name) for name in sorted(info["files"], key=lambda n: -info["files"][n])),
                      report["files"])
    print(f"## build/pyodide/{info['version']}/ (Pyodide {info['version']}, Python {info['python']})\n")
    print(table(["file", "raw B", "gzip -9 B", "served by serve.py B"], rows))

    with tempfile.TemporaryDirectory(prefix="measure-runtime-") as tmp:
        tmp = Path(tmp)
        # 2. standard-library variants
        variants = _stdlib_variants(tmp, report)
        # 3. timing
        if not _measure_boots(node, info, vdir, tmp, variants, args.runs, report):
            return 1

    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


def _parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh Node processes per variant (default 5)")
    parser.add_argument("--json", metavar="OUT", help="also write every figure to OUT as JSON")
    return parser.parse_args(argv)


def _size_rows(files, into: dict) -> list[list]:
    """Table rows (label, raw, gzip -9, served) of (label, path) pairs; the figures also go ``into``."""
    rows = []
    for label, path in files:
        data = path.read_bytes()
        figures = {"raw": len(data), "gzip9": gz(data, 9), "served": served(path.name, data)}
        into[label] = figures
        rows.append([label, figures["raw"], figures["gzip9"], figures["served"]])
    return rows


def _stdlib_variants(tmp: Path, report: dict) -> dict[str, Path]:
    """The full standard library and the trimmed ones packed in ``tmp``; prints their sizes."""
    lst = stdlib_trim.check()
    entries = stdlib_trim.entries_for(lst.packed, stdlib_trim.zip_index())
    variants: dict[str, Path] = {"full (python_stdlib.zip, source)": stdlib_trim.FULL_ZIP}
    for pyc in (False, True):
        for compression in ("deflated", "stored"):
            label = f"trimmed, {'.pyc' if pyc else 'source'}, {compression}"
            variants[label] = stdlib_trim.pack(
                entries, tmp / f"{'pyc' if pyc else 'src'}-{compression}.zip", pyc=pyc, compression=compression
            )

    rows = _size_rows(variants.items(), report["stdlib"])
    print(f"\n## standard library: full vs trimmed ({len(lst.packed)} modules, {len(entries)} files)\n")
    print(table(["variant", "raw B", "gzip -9 B", "served by serve.py B"], rows))
    return variants


def _measure_boots(node: str, info: dict, vdir: Path, tmp: Path, variants: dict[str, Path], runs: int,
                   report: dict) -> bool:
    """Node boot-to-first-answer of every variant, printed; False if Node failed."""
    wheel = vdir / info["wheel"]
    wheel_pyc = tmp / info["wheel"]
    pyodide_node.run_in_pyodide(WHEEL_PYC_PY, wheel, wheel_pyc)
    wheel_pyc_bytes = wheel_pyc.read_bytes()
    report["wheel"] = {
        "source": {"raw": info["files"][info["wheel"]], "gzip9": gz(wheel.read_bytes(), 9)},
        "pyc": {"raw": len(wheel_pyc_bytes), "gzip9": gz(wheel_pyc_bytes, 9)},
    }
    snapshot = tmp / "engine.snapshot"
    made = subprocess.run([node, str(NODE_MODULE), "snapshot", str(snapshot)], capture_output=True, text=True,
                          timeout=300)
    if made.returncode != 0:
        print(f"snapshot: node failed:\n{made.stderr[-2000:]}", file=sys.stderr)
        return False
    report["snapshot"] = json.loads(made.stdout.strip().splitlines()[-1])
    boots = _boot_variants(variants, wheel, wheel_pyc)
    load_before = os.getloadavg()
    samples = _boot_samples(node, vdir, boots, snapshot, runs)
    if samples is None:
        return False
    _print_timing(node, samples, load_before, runs, report)
    return True


#: The boot variants restored from the memory snapshot.
SNAPSHOT_BOOTS = ("restored from a snapshot", "restored from a snapshot, every game")
# The first answer: the «Ковбой» declaration imports one game module (lazy
# registry); {"op": "games"} imports all seven, as every boot did before.
EVERY_GAME_BOOTS = ("trimmed, .pyc, every game imported", "restored from a snapshot, every game")


def _boot_variants(variants: dict[str, Path], wheel: Path, wheel_pyc: Path) -> dict[str, tuple[Path, Path]]:
    """label -> (standard library, wheel) of every boot measured."""
    boots = {
        "full stdlib (source)": (stdlib_trim.FULL_ZIP, wheel),
        "trimmed, source, deflated": (variants["trimmed, source, deflated"], wheel),
        "trimmed, .pyc, deflated": (variants["trimmed, .pyc, deflated"], wheel),
        "trimmed, .pyc, stored": (variants["trimmed, .pyc, stored"], wheel),
        "trimmed .pyc + wheel .pyc": (variants["trimmed, .pyc, deflated"], wheel_pyc),
        "trimmed, .pyc, every game imported": (variants["trimmed, .pyc, deflated"], wheel),
        "restored from a snapshot": (variants["trimmed, .pyc, deflated"], wheel),
        "restored from a snapshot, every game": (variants["trimmed, .pyc, deflated"], wheel),
    }
    return boots


def _boot_samples(node: str, vdir: Path, boots: dict[str, tuple[Path, Path]], snapshot: Path,
                  runs: int) -> dict[str, list[dict]] | None:
    """``runs`` rounds of one fresh Node boot per variant; None if one failed."""
    samples: dict[str, list[dict]] = {k: [] for k in boots}
    for run in range(runs):
        for label, (stdlib, whl) in boots.items():
            argv = [node, str(NODE_MODULE), "boot", "--index", str(vdir), "--stdlib", str(stdlib),
                    "--wheel", str(whl)]
            if label in SNAPSHOT_BOOTS:
                argv += ["--snapshot", str(snapshot)]
            if label in EVERY_GAME_BOOTS:
                argv += ["--request", '{"op": "games"}']
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=300)
            if proc.returncode != 0:
                print(f"{label}: node failed:\n{proc.stderr[-2000:]}", file=sys.stderr)
                return None
            samples[label].append(json.loads(proc.stdout.strip().splitlines()[-1]))
        print(f"[measure] run {run + 1}/{runs} done", file=sys.stderr)
    return samples


def _print_timing(node: str, samples: dict[str, list[dict]], load_before: tuple, runs: int,
                  report: dict) -> None:
    """The medians into ``report``; the timing table, the wheel's and the snapshot's sizes printed."""
    rows = []
    keys = ("load", "wheel", "import", "answer", "total", "cpu")
    report["loadavg"] = {"before": load_before, "after": os.getloadavg()}
    for label, label_runs in samples.items():
        med = {k: statistics.median(r[k] for r in label_runs) for k in keys}
        report["timing"][label] = {"median_ms": med, "runs": label_runs}
        rows.append([label] + [f"{med[k]:.0f}" for k in keys]
                    + [f"{min(r['total'] for r in label_runs):.0f}–{max(r['total'] for r in label_runs):.0f}"])
    print(f"\n## Node {subprocess.run([node, '--version'], capture_output=True, text=True).stdout.strip()}: "
          f"boot to first answer, median of {runs} fresh processes (ms; "
          f"load average {load_before[0]:.1f} before, {os.getloadavg()[0]:.1f} after, {os.cpu_count()} CPUs)\n")
    print(table(["variant", "loadPyodide", "unpackArchive", "import rules_pkg.api", "first answer",
                 "total", "cpu", "total min–max"], rows))
    w = report["wheel"]
    print(f"\nwheel: source {w['source']['raw']:,} B (gzip -9 {w['source']['gzip9']:,}), "
          f"with .pyc {w['pyc']['raw']:,} B (gzip -9 {w['pyc']['gzip9']:,})")
    s = report["snapshot"]
    print(f"snapshot: {s['bytes']:,} B, made in {s['make_ms']:.0f} ms after a {s['boot_ms']:.0f} ms boot")


if __name__ == "__main__":
    sys.exit(main())
