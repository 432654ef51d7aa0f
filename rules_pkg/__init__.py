"""Rules engine for a Russian billiards rulebook.

Pure Python, standard library only. The one public entry point is
:mod:`rules_pkg.api` (JSON in, JSON out); see ARCHITECTURE.md.
"""

__version__ = "0.1.0"
