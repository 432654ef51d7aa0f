"""Fixtures of the quiz tests (build-time package sitebuild.quiz)."""

from __future__ import annotations

import pytest

from quiz_paths import ALL_VALID_FILES


@pytest.fixture(scope="session")
def engine():
    from sitebuild.quiz import Engine
    return Engine()


@pytest.fixture(scope="session")
def loaded(engine):
    """Every valid quiz file (the bank and the fixtures), loaded once."""
    from sitebuild.quiz import load_file
    return {path: load_file(path, engine) for path in ALL_VALID_FILES}
