"""Paths shared by the quiz tests (a uniquely named module: ``conftest`` is
not importable by name when several test folders have one)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

HERE = Path(__file__).resolve().parent
QUIZ_DIR = ROOT / "quizzes"
BROKEN = HERE / "broken"
FIXTURES = HERE / "fixtures"
QUIZ_FILES = sorted(QUIZ_DIR.glob("*.toml"))
ALL_VALID_FILES = QUIZ_FILES + sorted(FIXTURES.glob("*.toml"))
