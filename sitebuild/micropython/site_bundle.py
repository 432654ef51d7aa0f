"""The MicroPython first answer's files for the site (issue 28 § 1): built once per input change.

``prepare()`` writes ``build/micropython/<hash>/`` with

    micropython.mjs, micropython.wasm   the npm runtime @micropython/micropython-webassembly-pyscript
    engine.pack                         the engine's MicroPython copy (transform.build + pack)

where ``<hash>`` is the first 12 hex digits of the sha256 of the three files: the folder's
name changes whenever a byte in it does, so the files are served immutable. It returns
``"<hash>/"``, which goes into the page's ``<meta name="rules-runtime">`` as ``mp``
(postbuild.read_runtime); the worker (docs/assets/engine/worker.mjs) boots it next to
Pyodide and answers through it until Pyodide is ready.

:data:`ENABLED` is the one switch, the environment variable ``RULES_MICROPYTHON`` at build
time: on by default (the ship condition of issue 28 holds: first ruling 4.8 s on the phone
profile, parity on the whole corpus; notes/micropython.md, 5 December, evening); ``off`` leaves
it out, and the worker boots Pyodide alone.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from sitebuild.micropython import transform

ENABLED = os.environ.get("RULES_MICROPYTHON", "on") != "off"

ROOT = Path(__file__).resolve().parents[2]
NPM_RUNTIME = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
PACK = "engine.pack"
OUT = ROOT / "build" / "micropython"
STAMP = OUT / "stamp"
SITE_FOLDER = "micropython"  # site/micropython/<hash>/


class BundleError(RuntimeError):
    pass


def _inputs_fingerprint() -> str:
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for path in sorted([*transform.ENGINE.rglob("*.py"), *here.rglob("*.py")]):
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    for name in RUNTIME_FILES:
        h.update((NPM_RUNTIME / name).read_bytes())
    h.update(str(transform.mpy_cross_version()).encode())
    return h.hexdigest()


def _content_hash(folder: Path) -> str:
    h = hashlib.sha256()
    for name in (*RUNTIME_FILES, PACK):
        h.update(name.encode() + b"\0" + (folder / name).read_bytes())
    return h.hexdigest()[:12]


def prepare() -> str:
    """``build/micropython/<hash>/`` up to date; returns ``"<hash>/"``."""
    for name in RUNTIME_FILES:
        if not (NPM_RUNTIME / name).is_file():
            raise BundleError(f"нет {NPM_RUNTIME / name}: запустите scripts/setup.sh (npm ci)")
    fingerprint = _inputs_fingerprint()
    try:
        known, folder = STAMP.read_text(encoding="utf-8").split()
        if known == fingerprint and all((OUT / folder / n).is_file() for n in (*RUNTIME_FILES, PACK)):
            return folder + "/"
    except (OSError, ValueError):
        pass
    work = OUT / "work"
    built = transform.build(work)
    if not built["mpy"]:
        raise BundleError("нет mpy-cross (requirements-dev.txt): движок для MicroPython не собран")
    staging = OUT / "staging"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(NPM_RUNTIME / name, staging / name)
    transform.pack(Path(built["mpy"]), staging / PACK)
    folder = _content_hash(staging)
    for old in OUT.iterdir():
        if old.is_dir() and old.name not in ("work", "staging"):
            shutil.rmtree(old)
    staging.rename(OUT / folder)
    STAMP.write_text(f"{fingerprint} {folder}\n", encoding="utf-8")
    return folder + "/"


def copy_into(site_root: Path, folder: str) -> Path:
    """``build/micropython/<hash>/`` into ``site/micropython/<hash>/``."""
    target = Path(site_root) / SITE_FOLDER
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(OUT / folder.rstrip("/"), target / folder.rstrip("/"))
    return target


def site_files(folder: str) -> list[str]:
    """Site paths of the files the worker fetches for MicroPython."""
    return [f"{SITE_FOLDER}/{folder}{name}" for name in (*RUNTIME_FILES, PACK)]
