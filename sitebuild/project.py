"""Where the project's build inputs are and what they pin: the paths, the Pyodide version
of package.json, the reproducible ``rules_pkg`` wheel, a file's sha256 (one helper for the build).

Imports no other ``sitebuild`` module, so every build step can import it.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_JSON = ROOT / "package.json"
PYPROJECT = ROOT / "pyproject.toml"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
BUILD = ROOT / "build"
WHEEL_DIR = BUILD / "wheel"
PYODIDE_CLI = ROOT / ".venv-pyodide" / "bin" / "pyodide"

#: Source files that go into the wheel (besides the package directory itself).
PROJECT_FILES = ("pyproject.toml", "README.md", "setup.cfg", "setup.py", "MANIFEST.in", "LICENSE")
IGNORE = ("__pycache__", "*.pyc", "*.pyo", ".*", "*.egg-info", "*~")
#: 1980-01-01, the earliest date a zip file can hold: reproducible wheels.
SOURCE_DATE_EPOCH = "315532800"


class BuildError(RuntimeError):
    pass


def sha256_file(path: Path) -> str:
    """The hex sha256 of a file, read in 1 MiB blocks."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()

def pyodide_version() -> str:
    """The exact Pyodide version pinned in package.json (the single source of truth)."""
    data = json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))
    version = data["dependencies"]["pyodide"]
    if not re.fullmatch(r"\d+(\.\d+)*", version):
        raise BuildError(f"package.json: pyodide must be pinned to an exact version, not {version!r}")
    return version


PYODIDE_VERSION = pyodide_version()


def project_meta() -> tuple[str, str, list[str]]:
    """(distribution name, normalized name, top-level package dirs) from pyproject.toml."""
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    name = data["project"]["name"]
    packages = data.get("tool", {}).get("setuptools", {}).get("packages")
    if not isinstance(packages, list):  # absent or `packages.find`: the engine only
        packages = ["rules_pkg"]
    top = sorted({p.split(".")[0] for p in packages})
    return name, re.sub(r"[-_.]+", "-", name).lower(), top


def _ignored(name: str) -> bool:
    return any(fnmatch.fnmatch(name, pat) for pat in IGNORE)


def source_files() -> list[Path]:
    """Every file that can change the wheel, relative to ROOT, sorted."""
    _, _, top = project_meta()
    files = [Path(f) for f in PROJECT_FILES if (ROOT / f).is_file()]
    for pkg in top:
        for dirpath, dirnames, filenames in os.walk(ROOT / pkg):
            dirnames[:] = sorted(d for d in dirnames if not _ignored(d))
            for f in sorted(filenames):
                if not _ignored(f):
                    files.append((Path(dirpath) / f).relative_to(ROOT))
    return sorted(files)


def run_checked(cmd: list[str], what: str, **kw) -> None:
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if proc.returncode != 0:
        raise BuildError(f"{what} failed ({proc.returncode}):\n{proc.stdout}")


def build_wheel(dest_dir: Path = WHEEL_DIR) -> Path:
    """Build the pure-Python wheel from a clean copy of the sources into dest_dir."""
    _, _, top = project_meta()
    with tempfile.TemporaryDirectory(prefix="rules-wheel-") as tmp:
        src = Path(tmp) / "src"
        dist = Path(tmp) / "dist"
        src.mkdir()
        for rel in source_files():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / rel, src / rel)
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONDONTWRITEBYTECODE="1")
        run_checked(
            [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(src)],
            "python -m build --wheel",
            env=env,
            cwd=tmp,
        )
        wheels = sorted(dist.glob("*.whl"))
        if len(wheels) != 1:
            raise BuildError(f"expected one wheel, got {wheels}")
        _check_wheel(wheels[0], top)
        dest_dir.mkdir(parents=True, exist_ok=True)
        for old in dest_dir.glob("*.whl"):
            old.unlink()
        target = dest_dir / wheels[0].name
        shutil.copyfile(wheels[0], target)
    return target


def _check_wheel(wheel: Path, top: list[str]) -> None:
    """Only the package and its dist-info; every source module present."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    stray = [
        n for n in names
        if n.split("/", 1)[0] not in top and not n.split("/", 1)[0].endswith(".dist-info")
    ]
    if stray:
        raise BuildError(f"{wheel.name} contains files outside {top}: {stray[:10]}")
    missing = [
        str(rel) for rel in source_files()
        if rel.suffix == ".py" and rel.parts[0] in top and rel.as_posix() not in names
    ]
    if missing:
        raise BuildError(
            f"{wheel.name} lacks {missing[:10]}: list every subpackage under "
            "[tool.setuptools] packages in pyproject.toml"
        )
