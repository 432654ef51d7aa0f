"""The Pyodide runtime bundle (build/pyodide/): the engine's wheel as byte code, the trimmed
standard library, and the runner of Pyodide under Node they are compiled with.
``python -m sitebuild.runtime [--force]`` builds it (bundle.py)."""
