"""The one JSON boundary of the engine, as the browser worker, the command
line and the tests call it.

:func:`handle` answers a JSON-compatible request (the plain path,
:mod:`rules_pkg.plain`); :func:`handle_json` answers JSON text, recognising
the text of a state the engine already holds first (:mod:`rules_pkg.statetext`)
and otherwise taking the plain path. Neither raises: malformed input gets
``{"ok": false, "error": {...}}`` with a Russian message naming the field.
"""

from __future__ import annotations

from .plain import MAX_DEPTH, MAX_TEXT, OPS, STORED_OPS, handle, to_json_text, too_deep
from .statetext import clear_caches, handle_json

__all__ = ["MAX_DEPTH", "MAX_TEXT", "OPS", "STORED_OPS", "clear_caches", "handle", "handle_json", "to_json_text",
           "too_deep"]
