"""A standard library for Pyodide trimmed to what the engine needs, as byte code.

Pyodide's ``python_stdlib.zip`` (2.5 MB, 614 source files) is fetched by every
visitor. The engine and Pyodide's own start-up need about a quarter of it. This
module packs just those modules into ``build/pyodide/<version>/python_stdlib.trim-<hash>.zip``,
which the page passes to ``loadPyodide({stdLibURL})`` (see runtime.json, key ``stdlib``).

**Which modules.** ``sitebuild/runtime/stdlib_modules.txt`` lists them, one per line with the
reason it is there. It is generated (``--update``) by tracing imports under Pyodide
itself in Node, booted with the full standard library: ``sys.modules`` after start-up,
after unpacking the wheel (``unpackArchive``, as the worker does), after ``import rules_pkg.api``, after every request
of ``tests/api_cases.py`` through ``handle_json``, after hostile inputs and exceptions
that cross into JavaScript, and after importing every module of the package plus every
standard module its source names anywhere (imports inside functions included). A module
goes in when its ``__spec__.origin`` lies in the standard-library zip; modules frozen
into the interpreter (``os``, ``io``, ``codecs``...) are listed as ``frozen`` and not
packed. ``SAFETY`` adds the few modules a trace cannot reach.

**A cheap guard at every build.** The package's import statements are read with
``ast``: a standard module the list does not cover stops the build with the command
that fixes it. So does a list traced for another Pyodide version.

**Byte code.** The files are compiled to ``.pyc`` (unchecked hash-based, no source
kept) by Pyodide's own CPython 3.14 running in Node, so the magic number is right
without a host CPython 3.14. Pyodide then skips compiling ~130 modules at every boot.
The archive is written inside Pyodide too (its zlib, fixed timestamps, sorted entries,
``PYTHONHASHSEED=0``): the same inputs give the same bytes on any machine.

Commands (``.venv/bin/python -m sitebuild.runtime.stdlib_trim ...``)::

    --update               trace again and rewrite sitebuild/runtime/stdlib_modules.txt
    --check                the static check only
    --pack OUT [--source] [--stored]   write a trimmed zip (for measurements)
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import shutil
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

try:
    from .. import project
    from ..project import NODE_PYODIDE, ROOT
    from .pyodide_node import NODE_MODULE, PyodideNodeError, run_in_pyodide, trace_in_node
except ImportError:  # run as a plain script: sitebuild/runtime/ itself is on sys.path
    sys.path.append(str(Path(__file__).resolve().parents[1]))  # sitebuild/, for project.py
    import project  # type: ignore[no-redef]
    from project import NODE_PYODIDE, ROOT  # type: ignore[no-redef]
    from pyodide_node import NODE_MODULE, PyodideNodeError, run_in_pyodide, trace_in_node  # type: ignore[no-redef]

FULL_ZIP = NODE_PYODIDE / "python_stdlib.zip"
MODULES_FILE = Path(__file__).resolve().with_name("stdlib_modules.txt")
PACKAGE = "rules_pkg"
UPDATE_COMMAND = ".venv/bin/python -m sitebuild.runtime.stdlib_trim --update"

#: Ship byte code: Pyodide's start-up then compiles nothing (Node, this machine: boot
#: to first answer ~2.3 s -> ~0.8 s, for ~0.67 MB more than trimmed source; notes/stdlib-trim.md).
COMPILE_PYC = True
#: "deflated" (level 9) or "stored". Deflated: neither sitebuild/publish/serve.py nor GitHub
#: Pages is known to gzip application/zip, and a stored archive would then cross the
#: wire uncompressed (2.4x the bytes). Stored saves ~5 % only where the server gzips it.
COMPRESSION = "deflated"
TRIMMED_PREFIX = "python_stdlib.trim-"

#: Modules no trace reaches but a visitor's browser could, each with the path that
#: needs it (module -> reason). Empty on purpose: ``--update`` prints, for review, every
#: standard module imported lazily (inside a function) by a packed module that nothing
#: reached, and none of them is on a path the worker can take (notes/stdlib-trim.md has
#: the review). Candidates that were checked and left out: difflib (traceback's keyword
#: suggestions for a SyntaxError; its absence is suppressed), hashlib (random's fallback
#: when _sha2 is missing; _sha2 is built in), _pylong (int <-> str beyond the 4300-digit
#: limit, refused before it is needed), importlib.metadata._adapters and email.parser
#: (reading package metadata, which loadPackage does not), tracemalloc (ResourceWarning
#: sources). Add an entry here, never by hand to stdlib_modules.txt.
SAFETY: dict[str, str] = {}

#: Reasons, in the order the trace reaches them (first reason wins).
STAGES = ("startup", "package", "engine", "requests", "hostile", "worker-api", "static")

#: Inputs a visitor could send that the API cases do not: each goes through handle_json.
HOSTILE_INPUTS = (
    "",
    "{",
    "\ufeff{}",
    "[" * 5000 + "]" * 5000,
    '{"op": "games", "x": ' + "9" * 5000 + "}",
    '{"op": "games", "x": ' + "9" * 4000 + "}",
    '{"op": "games", "x": 1e999}',
    '{"op": "games", "x": NaN}',
    '{"op": "\\ud800"}',
    '{"op": "describe", "game": "\\u0000"}',
    '{"op": "match.new", "game": "kovboy", "players": ["' + "Я" * 10000 + '"]}',
)


class TrimError(PyodideNodeError):
    pass


# ------------------------------------------------------------------ the list


@dataclass
class ModuleList:
    pyodide: str | None
    python: str | None
    reasons: dict[str, str]  # module -> reason ("frozen" = in the interpreter, not packed)

    @property
    def packed(self) -> list[str]:
        return sorted(m for m, why in self.reasons.items() if why != "frozen")

    @property
    def frozen(self) -> set[str]:
        return {m for m, why in self.reasons.items() if why == "frozen"}


def read_list(path: Path = MODULES_FILE) -> ModuleList:
    if not path.is_file():
        raise TrimError(f"{_rel(path)} is missing: run {UPDATE_COMMAND}")
    pyodide = python = None
    reasons: dict[str, str] = {}
    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if line.startswith("#"):
            m = re.match(r"#\s*(pyodide|python):\s*(\S+)", line)
            if m:
                if m.group(1) == "pyodide":
                    pyodide = m.group(2)
                else:
                    python = m.group(2)
            continue
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2 or not re.fullmatch(r"[A-Za-z_][\w.\-]*", parts[0]):
            raise TrimError(f"{_rel(path)}:{lineno}: expected '<module> <reason>', got {raw!r}")
        reasons[parts[0]] = parts[1]
    return ModuleList(pyodide, python, reasons)


def write_list(lst: ModuleList, path: Path = MODULES_FILE) -> None:
    order = {s: i for i, s in enumerate((*STAGES, "safety", "frozen"))}
    lines = [
        "# Standard-library modules packed into build/pyodide/<version>/python_stdlib.trim-<hash>.zip",
        f"# Generated by `{UPDATE_COMMAND}` (tracing imports under Pyodide in Node);",
        "# do not edit by hand: add a module a trace cannot reach to SAFETY in sitebuild/runtime/stdlib_trim.py.",
        "# Reasons: startup = Pyodide's own start-up, package = unpackArchive of the wheel,",
        "# engine = import rules_pkg.api, requests = tests/api_cases.py through handle_json,",
        "# hostile = malformed and huge inputs, worker-api = exceptions into JS and other calls",
        "# a worker makes, static = named by an import statement in rules_pkg, safety = SAFETY,",
        "# frozen = compiled into the interpreter: not packed, listed for the build's static check.",
        f"# pyodide: {lst.pyodide}",
        f"# python: {lst.python}",
        f"# packed: {len(lst.packed)}, frozen: {len(lst.frozen)}",
    ]
    for name, why in sorted(lst.reasons.items(), key=lambda kv: (order.get(kv[1], 99), kv[0])):
        lines.append(f"{name} {why}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# ------------------------------------------------------------------ the full zip


def zip_index(zip_path: Path = FULL_ZIP) -> dict[str, str]:
    """Module name -> archive entry for every module file in a standard-library zip."""
    index: dict[str, str] = {}
    with zipfile.ZipFile(zip_path) as zf:
        for name in zf.namelist():
            if name.endswith("/__init__.py"):
                index[name[: -len("/__init__.py")].replace("/", ".")] = name
            elif name.endswith(".py"):
                index[name[:-3].replace("/", ".")] = name
    return index


def entries_for(modules: list[str], index: dict[str, str]) -> list[str]:
    """Archive entries for the modules, with every parent package's __init__.py."""
    entries = set()
    for mod in modules:
        parts = mod.split(".")
        for i in range(1, len(parts) + 1):
            name = ".".join(parts[:i])
            if name in index:
                entries.add(index[name])
            elif i == len(parts):
                raise TrimError(
                    f"{mod} is listed in {_rel(MODULES_FILE)} but {_rel(FULL_ZIP)} has no file for it "
                    f"(another Pyodide version?): run {UPDATE_COMMAND}"
                )
    return sorted(entries)


# ------------------------------------------------------------------ the static check


@dataclass(frozen=True)
class ImportSite:
    path: str  # relative to ROOT
    line: int
    module: str


def static_imports(package_dir: Path | None = None) -> list[ImportSite]:
    """Every absolute import a package's source names, anywhere (functions included),
    plus ``importlib.import_module("x")`` / ``__import__("x")`` with a literal name.
    For ``from a import b`` both ``a`` and ``a.b`` are given (b may be a submodule)."""
    package_dir = package_dir or ROOT / PACKAGE
    sites: list[ImportSite] = []
    for path in sorted(package_dir.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        rel = _rel(path)
        tree = ast.parse(path.read_bytes(), filename=rel)
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names if a.name != "*"]
            elif (
                isinstance(node, ast.Call)
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and (
                    (isinstance(node.func, ast.Name) and node.func.id == "__import__")
                    or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                )
            ):
                names = [node.args[0].value]
            for name in names:
                sites.append(ImportSite(rel, getattr(node, "lineno", 0), name))
    return sites


def check(
    lst: ModuleList | None = None, pyodide_version: str | None = None, package_dir: Path | None = None
) -> ModuleList:
    """Fail when the list is for another Pyodide, or the package imports a standard
    module the trimmed library would lack."""
    lst = lst or read_list()
    if pyodide_version is not None and lst.pyodide != pyodide_version:
        raise TrimError(
            f"{_rel(MODULES_FILE)} was traced under Pyodide {lst.pyodide}, package.json pins "
            f"{pyodide_version}: run {UPDATE_COMMAND}"
        )
    index = zip_index()
    entries_for(lst.packed, index)  # every listed module still exists
    covered = set(lst.reasons)
    missing: dict[str, list[ImportSite]] = {}
    for site in static_imports(package_dir):
        top = site.module.split(".")[0]
        if top == PACKAGE or site.module not in index:
            continue  # the package itself, a C module, or not a module (a name in it)
        if site.module not in covered:
            missing.setdefault(site.module, []).append(site)
    if missing:
        lines = [
            f"  {mod}: {', '.join(f'{s.path}:{s.line}' for s in sites)}"
            for mod, sites in sorted(missing.items())
        ]
        raise TrimError(
            f"{PACKAGE} imports standard-library modules that {_rel(MODULES_FILE)} does not list, "
            "so the trimmed standard library shipped to browsers would lack them:\n"
            + "\n".join(lines)
            + f"\nRun {UPDATE_COMMAND} (it traces the imports again under Pyodide and rewrites the list), "
            "then check the diff and the Pyodide tests."
        )
    return lst


# ------------------------------------------------------------------ Node + Pyodide

#: Runs inside Pyodide (ARGS = JSON text): pick the entries out of /tmp/in.zip,
#: compile them when asked, write /tmp/out.zip deterministically.
_PACK_PY = r"""
import json, sys, zipfile, importlib.util
import importlib._bootstrap_external as _bootstrap_external

def _pack(args):
    prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
    method = {"stored": zipfile.ZIP_STORED, "deflated": zipfile.ZIP_DEFLATED}[args["compression"]]
    items = []
    with zipfile.ZipFile("/tmp/in.zip") as zin:
        for name in args["entries"]:
            data = zin.read(name)
            if args["pyc"] and name.endswith(".py"):
                source = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
                code = compile(source, prefix + name, "exec", dont_inherit=True, optimize=0)
                data = _bootstrap_external._code_to_hash_pyc(
                    code, importlib.util.source_hash(data), checked=False)
                name += "c"
            items.append((name, data))
    items.sort()
    with zipfile.ZipFile("/tmp/out.zip", "w") as zout:
        for name, data in items:
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            info.compress_type = method
            zout.writestr(info, data, compresslevel=9 if method == zipfile.ZIP_DEFLATED else None)
    return len(items)

_pack(json.loads(ARGS))
"""

#: Runs inside Pyodide after the trace: imports written in the traced standard
#: modules (inside functions too) whose targets were never imported. For review only.
_REVIEW_PY = r"""
def _trace_review():
    import ast, json, sys, zipfile
    prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
    zf = zipfile.ZipFile(prefix[:-1])
    index = {}
    for n in zf.namelist():
        if n.endswith("/__init__.py"):
            index[n[:-12].replace("/", ".")] = n
        elif n.endswith(".py"):
            index[n[:-3].replace("/", ".")] = n
    loaded = {}
    for name, mod in list(sys.modules.items()):
        origin = getattr(getattr(mod, "__spec__", None), "origin", None)
        if isinstance(origin, str) and origin.startswith(prefix):
            loaded[name] = origin
    out = {}
    for mod, origin in sorted(loaded.items()):
        pkg = mod if origin.endswith("/__init__.py") else mod.rpartition(".")[0]
        tree = ast.parse(zf.read(origin[len(prefix):]))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                names = [base] + [base + "." + a.name for a in node.names]
            for n in names:
                if n in index and n not in sys.modules:
                    out.setdefault(n, set()).add(mod)
    return json.dumps({k: sorted(v) for k, v in sorted(out.items())})
_trace_review()
"""


def pack(entries: list[str], out: Path, *, pyc: bool = COMPILE_PYC, compression: str = COMPRESSION) -> Path:
    """Write the entries of the full zip (compiled to .pyc when asked) to ``out``."""
    if compression not in ("stored", "deflated"):
        raise TrimError(f"compression must be 'stored' or 'deflated', not {compression!r}")
    packed = run_in_pyodide(
        _PACK_PY, FULL_ZIP, out, entries=list(entries), pyc=bool(pyc), compression=compression
    )
    if packed != len(entries):
        raise TrimError(f"packed {packed} entries, expected {len(entries)}")
    return Path(out)


def build(dest_dir: Path, pyodide_version: str | None = None) -> tuple[str, dict]:
    """Check, then write ``python_stdlib.trim-<hash>.zip`` into dest_dir.

    The hash (of the archive's bytes) is in the name so that a changed module list
    gets a new URL: the server marks /pyodide/<version>/* immutable."""
    lst = check(pyodide_version=pyodide_version)
    entries = entries_for(lst.packed, zip_index())
    with tempfile.TemporaryDirectory(prefix="stdlib-trim-") as tmp:
        tmp_zip = pack(entries, Path(tmp) / "trimmed.zip")
        digest = project.sha256_file(tmp_zip)
        name = f"{TRIMMED_PREFIX}{digest[:12]}.zip"
        shutil.copyfile(tmp_zip, Path(dest_dir) / name)
    meta = {
        "modules": len(lst.packed),
        "entries": len(entries),
        "pyc": COMPILE_PYC,
        "compression": COMPRESSION,
        "sha256": digest,
    }
    return name, meta


def inputs_fingerprint() -> bytes:
    """Everything that changes the trimmed archive (for runtime.py's stamp)."""
    return Path(__file__).read_bytes() + b"\0" + NODE_MODULE.read_bytes() + b"\0" + (
        MODULES_FILE.read_bytes() if MODULES_FILE.is_file() else b"missing"
    )


# ------------------------------------------------------------------ tracing


def trace() -> dict:
    """Boot Pyodide with the full standard library in Node and record what is imported."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.api_cases import CASES

    index = zip_index()
    extra = sorted({s.module for s in static_imports() if s.module.split(".")[0] != PACKAGE})
    with tempfile.TemporaryDirectory(prefix="stdlib-trace-") as tmp:
        wheel = project.build_wheel(Path(tmp) / "wheel")
        requests = Path(tmp) / "requests.json"
        requests.write_text(json.dumps(list(CASES), ensure_ascii=False), encoding="utf-8")
        result = trace_in_node({
            "wheel": str(wheel), "requests": str(requests),
            "hostile": list(HOSTILE_INPUTS), "extra_imports": extra, "review_py": _REVIEW_PY,
        })
    prefix = result["zip_prefix"]
    by_file = {entry: name for name, entry in index.items()}
    reasons: dict[str, str] = {}
    for stage in STAGES:
        for row in result["stages"][stage].splitlines():
            name, _, origin = row.partition("\t")
            if origin.startswith(prefix):
                # by file: an alias (a module registered under a second name) is its file's module
                canonical = by_file.get(origin[len(prefix):])
                if canonical is None:
                    raise TrimError(f"trace: {name} was loaded from {origin}, which is no module file")
                reasons.setdefault(canonical, stage)
    for name, why in SAFETY.items():
        if name not in index:
            raise TrimError(f"SAFETY names {name}, which {_rel(FULL_ZIP)} does not have")
        reasons.setdefault(name, "safety")
    for name in json.loads(result["frozen"]):
        if name in index and name not in reasons:
            reasons[name] = "frozen"
    return {
        "list": ModuleList(result["pyodide"], result["python"], reasons),
        "review": json.loads(result["review"]),
        "cases": len(CASES),
    }


def update() -> ModuleList:
    before = read_list() if MODULES_FILE.is_file() else ModuleList(None, None, {})
    traced = trace()
    lst: ModuleList = traced["list"]
    if lst.pyodide != project.PYODIDE_VERSION:
        raise TrimError(f"node_modules has Pyodide {lst.pyodide}, package.json pins {project.PYODIDE_VERSION}")
    write_list(lst)
    added = sorted(set(lst.packed) - set(before.packed))
    removed = sorted(set(before.packed) - set(lst.packed))
    print(f"[stdlib] traced {traced['cases']} API cases under Pyodide {lst.pyodide} (Python {lst.python})")
    counts: dict[str, int] = {}
    for why in lst.reasons.values():
        counts[why] = counts.get(why, 0) + 1
    print("[stdlib] " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    print(f"[stdlib] wrote {_rel(MODULES_FILE)}: {len(lst.packed)} packed modules"
          + (f"; added {added}" if added else "") + (f"; removed {removed}" if removed else ""))
    untraced = {k: v for k, v in traced["review"].items() if k not in lst.reasons}
    if untraced:
        print("[stdlib] for review: imported inside traced modules but never reached (not packed):")
        for mod, by in untraced.items():
            print(f"           {mod:32} <- {', '.join(by)}")
    return lst


def _rel(path: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--update", action="store_true", help="trace under Pyodide and rewrite the module list")
    group.add_argument("--check", action="store_true", help="static check of rules_pkg's imports only")
    group.add_argument("--pack", metavar="OUT", help="write a trimmed zip to OUT")
    parser.add_argument("--source", action="store_true", help="with --pack: keep .py sources (no byte code)")
    parser.add_argument("--stored", action="store_true", help="with --pack: stored entries (no deflate)")
    args = parser.parse_args(argv)
    try:
        if args.update:
            update()
        elif args.check:
            lst = check()
            print(f"[stdlib] {PACKAGE}'s imports are covered by {_rel(MODULES_FILE)} ({len(lst.packed)} packed)")
        else:
            lst = check()
            out = pack(entries_for(lst.packed, zip_index()), Path(args.pack), pyc=not args.source,
                       compression="stored" if args.stored else "deflated")
            print(f"[stdlib] {out}: {out.stat().st_size} B")
    except TrimError as exc:
        print(f"[stdlib] ERROR: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
