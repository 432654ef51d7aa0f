"""Bundle the self-hosted Pyodide runtime with the ``rules_pkg`` wheel.

Run as ``.venv/bin/python -m sitebuild.runtime [--force]`` (``scripts/build-runtime.sh``).

Produces::

    build/wheel/rules_pkg-<v>-py3-none-any.whl
    build/pyodide/runtime.json              {version, package, wheel, wheel_sha256, ...}
    build/pyodide/<PYODIDE_VERSION>/
        pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm   (from node_modules/pyodide)
        pyodide-lock.json   the upstream lock's ``info`` + the wheel's entry only
                            (``pyodide lockfile add-wheels``, then trimmed: the page loads
                            no other package; 0.4 KB instead of 119 KB)
        rules_pkg-<v>-py3-none-any.whl   the wheel of build/wheel/ with its modules as
                            3.14 byte code (``sitebuild/runtime/wheel_bytecode.py``)
        python_stdlib.trim-<hash>.zip   the standard library trimmed to what the engine
                            and Pyodide's start-up import, as 3.14 byte code
                            (``sitebuild/runtime/stdlib_trim.py``; runtime.json key ``stdlib``)

so that a page can ``loadPyodide({indexURL: ".../pyodide/<version>/"})`` and then
``pyodide.loadPackage("rules-pkg")``; Pyodide checks the wheel's sha256 against the lock.
The worker passes ``stdLibURL: indexURL + info["stdlib"]`` to ``loadPyodide``, so it
fetches the trimmed standard library instead of the full ``python_stdlib.zip``, which is
not shipped (callers that boot from this folder must pass ``stdLibURL`` too).

The Pyodide version lives in one place: ``package.json`` (``dependencies.pyodide``,
an exact version, installed by ``npm ci`` from ``package-lock.json``).

The wheel is built from a clean copy of the sources (so setuptools' own ``build/``
scratch directory can never leak stale modules into it) with ``SOURCE_DATE_EPOCH``
fixed, so the same sources always give the same bytes and the same sha256.
A stamp keyed by the hash of every input makes a second run a no-op.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import time
from pathlib import Path

try:
    from . import stdlib_trim, wheel_bytecode
    from ..project import (BUILD, NODE_PYODIDE, PYODIDE_CLI, PYODIDE_VERSION, ROOT, WHEEL_DIR, BuildError,
                          build_wheel, project_meta, run_checked, sha256_file, source_files)
    from .pyodide_node import PyodideNodeError
    from ..project import __file__ as project_file
    from .pyodide_node import __file__ as node_runner_file
except ImportError:  # run as a plain script: sitebuild/runtime/ itself is on sys.path
    sys.path.append(str(Path(__file__).resolve().parents[1]))  # sitebuild/, for project.py
    import stdlib_trim  # type: ignore[no-redef]
    import wheel_bytecode  # type: ignore[no-redef]
    from project import (BUILD, NODE_PYODIDE, PYODIDE_CLI, PYODIDE_VERSION, ROOT,  # type: ignore[no-redef]
                         WHEEL_DIR, BuildError, build_wheel, project_meta, run_checked, sha256_file, source_files)
    from pyodide_node import PyodideNodeError  # type: ignore[no-redef]
    from project import __file__ as project_file  # type: ignore[no-redef]
    from pyodide_node import __file__ as node_runner_file  # type: ignore[no-redef]

OUT = BUILD / "pyodide"
RUNTIME_JSON = OUT / "runtime.json"
STAMP = BUILD / ".runtime-stamp"

#: What ``loadPyodide`` fetches at run time (checked by booting it in Node and in
#: Chromium): the loader, the Emscripten module and the WebAssembly binary. The
#: standard library is the trimmed one (``stdlib_trim``), the lock file is generated,
#: the wheel added. Not copied: ``python_stdlib.zip`` (the worker passes ``stdLibURL``),
#: ``pyodide.js`` (classic-script loader; the worker is a module), ``*.map``,
#: ``*.d.ts``, ``console*.html``, ``package.json``, ``README.md``.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
LOCK_NAME = "pyodide-lock.json"
OUT_VERSION = OUT / PYODIDE_VERSION


def _log(msg: str) -> None:
    print(f"[runtime] {msg}", flush=True)


def _fingerprint() -> str:
    h = hashlib.sha256()
    h.update(Path(__file__).read_bytes())
    for module in (wheel_bytecode.__file__, project_file, node_runner_file):
        h.update(Path(module).read_bytes())
    h.update(stdlib_trim.inputs_fingerprint())
    h.update(PYODIDE_VERSION.encode())
    for rel in source_files():
        h.update(str(rel).encode() + b"\0" + (ROOT / rel).read_bytes() + b"\0")
    for name in (*RUNTIME_FILES, LOCK_NAME):
        p = NODE_PYODIDE / name
        h.update(name.encode() + b"\0" + (sha256_file(p).encode() if p.is_file() else b"missing"))
    if PYODIDE_CLI.exists():
        h.update(os.path.realpath(PYODIDE_CLI).encode())
    return h.hexdigest()


def _check_node_pyodide() -> None:
    pkg = NODE_PYODIDE / "package.json"
    if not pkg.is_file():
        raise BuildError(f"{NODE_PYODIDE} is missing: run scripts/setup.sh (npm ci)")
    installed = json.loads(pkg.read_text(encoding="utf-8"))["version"]
    if installed != PYODIDE_VERSION:
        raise BuildError(
            f"node_modules has pyodide {installed}, package.json pins {PYODIDE_VERSION}: "
            "run scripts/setup.sh"
        )
    for name in (*RUNTIME_FILES, LOCK_NAME):
        if not (NODE_PYODIDE / name).is_file():
            raise BuildError(f"{NODE_PYODIDE / name} is missing")
    if not PYODIDE_CLI.exists():
        raise BuildError(f"{PYODIDE_CLI} is missing: run scripts/setup.sh (.venv-pyodide)")


def _lock_entry(lock: dict, wheel_name: str) -> tuple[str, dict]:
    for key, entry in lock["packages"].items():
        if entry.get("file_name") == wheel_name:
            return key, entry
    raise BuildError(f"{LOCK_NAME}: no package with file_name {wheel_name}")


def assemble(wheel: Path) -> dict:
    """Write build/pyodide/ (via a staging directory, swapped in at the end)."""
    dist_name, _, _ = project_meta()
    staging = BUILD / f".pyodide-staging-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    vdir = staging / PYODIDE_VERSION
    vdir.mkdir(parents=True)
    try:
        for name in RUNTIME_FILES:
            shutil.copyfile(NODE_PYODIDE / name, vdir / name)
        shutil.copyfile(wheel, vdir / wheel.name)  # the lock's "imports" are read from its source
        lock, key, wheel_sha = _write_lock_and_bytecode_wheel(wheel, staging, vdir)
        stdlib_name, stdlib_meta = _trimmed_stdlib(vdir)
        info = _runtime_info(vdir, wheel, dist_name, lock, key, wheel_sha, stdlib_name, stdlib_meta)
        (staging / "runtime.json").write_text(
            json.dumps(info, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
        _swap_in(staging)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return info


def _write_lock_and_bytecode_wheel(wheel: Path, staging: Path, vdir: Path) -> tuple[dict, str, str]:
    """Write the lock file (the wheel's entry only) and the byte-code wheel into ``vdir``.

    Returns (upstream lock, the wheel's package key, sha256 of the byte-code wheel).
    """
    run_checked(
        [
            str(PYODIDE_CLI), "lockfile", "add-wheels",
            "--input", str(NODE_PYODIDE / LOCK_NAME),
            "--output", str(vdir / LOCK_NAME),
            "--base-path", str(vdir),
            str(vdir / wheel.name),
        ],
        "pyodide lockfile add-wheels",
        cwd=staging,
    )
    lock = json.loads((vdir / LOCK_NAME).read_text(encoding="utf-8"))
    key, entry = _lock_entry(lock, wheel.name)
    # The browser's copy holds byte code instead of source (sitebuild/runtime/wheel_bytecode.py).
    try:
        wheel_bytecode.compile_wheel(wheel, vdir / wheel.name)
    except PyodideNodeError as exc:
        raise BuildError(f"byte-code wheel: {exc}") from None
    entry["sha256"] = sha256_file(vdir / wheel.name)
    # The page loads one package: keep only its entry (119 KB -> 0.4 KB).
    (vdir / LOCK_NAME).write_text(
        json.dumps({"info": lock["info"], "packages": {key: entry}}, separators=(",", ":")) + "\n",
        encoding="utf-8")
    wheel_sha = sha256_file(vdir / wheel.name)
    if entry.get("sha256") != wheel_sha:
        raise BuildError(f"{LOCK_NAME}: sha256 of {key} does not match {wheel.name}")
    return lock, key, wheel_sha


def _runtime_info(vdir: Path, wheel: Path, dist_name: str, lock: dict, key: str, wheel_sha: str,
                  stdlib_name: str, stdlib_meta: dict) -> dict:
    """The content of runtime.json for the files staged in ``vdir``."""
    files: dict[str, int] = {}
    for name in (*RUNTIME_FILES, LOCK_NAME, wheel.name, stdlib_name):
        files[name] = (vdir / name).stat().st_size
    return {
        "version": PYODIDE_VERSION,
        "python": lock.get("info", {}).get("python"),
        "path": f"{PYODIDE_VERSION}/",
        "package": key,
        "distribution": dist_name,
        "wheel": wheel.name,
        "wheel_sha256": wheel_sha,
        "lock_sha256": sha256_file(vdir / LOCK_NAME),
        # loadPyodide({stdLibURL: indexURL + stdlib}): the trimmed standard library
        "stdlib": stdlib_name,
        "stdlib_sha256": stdlib_meta["sha256"],
        "stdlib_modules": stdlib_meta["modules"],
        "stdlib_pyc": stdlib_meta["pyc"],
        "files": files,
    }


def _swap_in(staging: Path) -> None:
    """Replace build/pyodide/ by the staging directory."""
    old = BUILD / f".pyodide-old-{os.getpid()}"
    if OUT.exists():
        OUT.rename(old)
    staging.rename(OUT)
    shutil.rmtree(old, ignore_errors=True)


def _trimmed_stdlib(vdir: Path) -> tuple[str, dict]:
    try:
        return stdlib_trim.build(vdir, PYODIDE_VERSION)
    except PyodideNodeError as exc:
        raise BuildError(f"trimmed standard library: {exc}") from None


def load_info() -> dict:
    """runtime.json of the last build (for the site hook and tests)."""
    return json.loads(RUNTIME_JSON.read_text(encoding="utf-8"))


def _up_to_date(fingerprint: str) -> bool:
    try:
        if STAMP.read_text(encoding="utf-8").strip() != fingerprint:
            return False
        info = load_info()
    except (OSError, ValueError):
        return False
    vdir = OUT / info.get("version", "?")
    return info.get("version") == PYODIDE_VERSION and all(
        (vdir / name).is_file() and (vdir / name).stat().st_size == size
        for name, size in info.get("files", {}).items()
    ) and (WHEEL_DIR / info["wheel"]).is_file()


def ensure_built(force: bool = False, quiet: bool = False) -> dict:
    """Build wheel + runtime bundle unless the stamp says nothing changed."""
    say = (lambda m: None) if quiet else _log
    _check_node_pyodide()
    fingerprint = _fingerprint()
    if not force and _up_to_date(fingerprint):
        info = load_info()
        say(f"build/pyodide/{PYODIDE_VERSION}: up to date ({info['wheel']})")
        return info
    t0 = time.monotonic()
    STAMP.unlink(missing_ok=True)
    try:  # cheap, before the slow steps: rules_pkg imports nothing the trimmed stdlib lacks
        stdlib_trim.check(pyodide_version=PYODIDE_VERSION)
    except PyodideNodeError as exc:
        raise BuildError(f"trimmed standard library: {exc}") from None
    wheel = build_wheel()
    say(f"wheel: {wheel.relative_to(ROOT)} ({wheel.stat().st_size} B)")
    info = assemble(wheel)
    STAMP.write_text(fingerprint + "\n", encoding="utf-8")
    total = sum(info["files"].values())
    say(
        f"build/pyodide/{PYODIDE_VERSION}: {len(info['files'])} files, {total / 1e6:.1f} MB, "
        f"package {info['package']!r} in {LOCK_NAME} ({time.monotonic() - t0:.1f} s)"
    )
    say(
        f"stdlib: {info['stdlib']} ({info['files'][info['stdlib']]} B, {info['stdlib_modules']} modules"
        f"{', byte code' if info['stdlib_pyc'] else ''}; full python_stdlib.zip "
        f"{stdlib_trim.FULL_ZIP.stat().st_size} B, not shipped)"
    )
    return info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    parser.add_argument("--print-version", action="store_true", help="print the Pyodide version and exit")
    args = parser.parse_args(argv)
    if args.print_version:
        print(PYODIDE_VERSION)
        return 0
    try:
        ensure_built(force=args.force)
    except BuildError as exc:
        print(f"[runtime] ERROR: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
